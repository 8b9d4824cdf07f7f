/**
 * The page side of the pattern worker: tests the `/pattern/` terms of the
 * HAR viewer's search one at a time, off the page's thread, through the
 * shared worker client. A test that outlasts its budget is stopped (the
 * worker with it: one `RegExp.test` cannot be interrupted any other way)
 * and the term is answered as too slow; a fresh worker takes the next.
 * The terms asked for replace the ones asked before: a term no longer
 * asked for is dropped from the queue, and one under test is stopped, so
 * a term typed meanwhile never waits behind a slow one, nor gets its
 * answer.
 */
import { PATTERN_BUDGET_MS } from "../../lib/har/url_pattern.ts";
import { WorkerClient } from "../shared/worker_client.ts";
import type { FromPatternWorker, ToPatternWorker } from "./pattern_protocol.ts";

/** What a term's test came to. */
export interface PatternAnswer {
  /** The term, as asked for. */
  term: string;
  /** 1 for each URL it matches; all 0 when it was not tested to the end. */
  mask: Uint8Array;
  /**
   * Why it was not tested to the end: "slow", stopped at the budget;
   * "failed", the worker could not run or crashed; absent when it was.
   */
  stopped?: "slow" | "failed";
}

/** A file's URLs, in the columns' layout. */
export interface PatternUrls {
  urls: string;
  off: Uint32Array;
}

/** See the module comment. */
export class PatternTester {
  #client: WorkerClient<ToPatternWorker, FromPatternWorker>;
  #on: (a: PatternAnswer) => void;
  #file: PatternUrls | null = null;
  /** The running worker holds {@link PatternTester.#file}'s URLs. */
  #sent = false;
  #queue: string[] = [];
  #running: {
    id: number;
    term: string;
    timer?: ReturnType<typeof setTimeout>;
  } | null = null;
  #budgetMs: number;

  /**
   * `url` is the built worker (null: none, every term fails); `on` hears
   * each answer; `budgetMs`, the time a test may take once begun.
   */
  constructor(
    url: string | null,
    on: (a: PatternAnswer) => void,
    budgetMs: number = PATTERN_BUDGET_MS,
  ) {
    // The client's own watchdog (30 s) stands for a worker that never
    // starts; the budget is counted from the test's start, not from the
    // worker's, which on a slow phone takes part of it to load and to
    // receive a file's URLs.
    this.#client = new WorkerClient(url);
    this.#on = on;
    this.#budgetMs = budgetMs;
  }

  /** The term under test, if any. */
  get running(): string | null {
    return this.#running?.term ?? null;
  }

  /**
   * Another file's URLs (the same, given again, change nothing): what is asked or under test for the last one is
   * dropped, its answers never given.
   */
  file(f: PatternUrls | null): void {
    // The same file's URLs, in a new object.
    if (f?.off === this.#file?.off && f?.urls === this.#file?.urls) return;
    this.#abandon();
    this.#queue = [];
    this.#file = f;
    this.#sent = false;
  }

  /**
   * Tests `terms` in turn, each answered once; they replace the terms
   * asked before (an empty list stops all).
   */
  test(terms: readonly string[]): void {
    const run = this.#running;
    if (run && !terms.includes(run.term)) this.#abandon();
    this.#queue = terms.filter((t) => t !== this.#running?.term);
    this.#next();
  }

  /** Stops the worker and forgets every term (the page is leaving). */
  stop(): void {
    this.#queue = [];
    this.#abandon();
    this.#client.stop();
  }

  /** Drops the term under test, stopping the worker busy with it. */
  #abandon(): void {
    const run = this.#running;
    if (!run) return;
    this.#running = null;
    clearTimeout(run.timer);
    this.#client.cancel(run.id);
    this.#client.stop();
    this.#sent = false;
  }

  #next(): void {
    if (this.#running || !this.#file) return;
    const term = this.#queue.shift();
    if (term === undefined) return;
    const file = this.#file;
    const n = file.off.length - 1;
    if (!this.#client.running) this.#sent = false;
    const id = this.#client.nextId();
    const sent = (this.#sent || this.#client.notify({
      type: "urls",
      id,
      urls: file.urls,
      off: file.off,
    })) && this.#client.call({ type: "test", id, term }, (m) => {
      const run = this.#running;
      if (run?.id !== id) return true; // dropped meanwhile
      if (m.type === "testing") {
        run.timer = setTimeout(() => {
          this.#abandon();
          this.#answered({ term, mask: new Uint8Array(n), stopped: "slow" });
        }, this.#budgetMs);
        return false;
      }
      this.#running = null;
      clearTimeout(run.timer);
      if (m.type === "mask") this.#answered({ term, mask: m.mask });
      else {
        this.#sent = false; // a new worker holds no URLs
        const stopped = m.reason === "timeout" ? "slow" : "failed";
        this.#answered({ term, mask: new Uint8Array(n), stopped });
      }
      return true;
    });
    if (!sent) {
      return this.#answered({
        term,
        mask: new Uint8Array(n),
        stopped: "failed",
      });
    }
    this.#sent = true;
    this.#running = { id, term };
  }

  /** Gives answer `a`, then tests the next term. */
  #answered(a: PatternAnswer): void {
    this.#on(a);
    this.#next();
  }
}
