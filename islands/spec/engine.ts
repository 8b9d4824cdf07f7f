/**
 * Where a spec is parsed: small inputs on the main thread (a few
 * milliseconds, no round trip), large ones in the Web Worker so typing,
 * scrolling and the progress display stay live. A newer parse cancels an
 * older one still running in the worker by replacing the worker.
 */
import { operationDetail } from "../../lib/spec/detail.ts";
import { type ParsedSpec, tryParseSpec } from "../../lib/spec/mod.ts";
import { SchemaGraph } from "../../lib/spec/schema_tree.ts";
import type {
  OperationDetail,
  SchemaNode,
  SpecWarning,
} from "../../lib/spec/types.ts";
import {
  type FromWorker,
  MAX_NODES_PER_REQUEST,
  type OperationRef,
  type ParseResult,
  type ParseStage,
  type ToWorker,
} from "./protocol.ts";

/** Inputs at least this long (UTF-16 units, ~200 KB) go to the worker. */
export const WORKER_THRESHOLD = 200_000;
/**
 * YAML aliases (`*name` after a space, `[`, `{` or `,`) also go to the
 * worker, whatever the size: a few hundred bytes of aliases can stand for
 * billions of nodes, and the parser's bounds are the page's only guard on
 * the main thread. A false match (Markdown emphasis) costs a round trip.
 */
const ALIAS = /[\s[{,]\*[^\s*]/;
/** A worker that has not answered by then is stopped (a hang detector). */
export const PARSE_TIMEOUT_MS = 30_000;

type Holder =
  | { kind: "local"; parsed: ParsedSpec; graph: SchemaGraph }
  | { kind: "worker"; parseId: number };

/** Parses specs and answers detail requests about the latest one. */
export class SpecEngine {
  #url: string | null;
  #worker: Worker | null = null;
  #busy = false;
  #seq = 0;
  #latest = 0;
  #waiting = new Map<number, (m: FromWorker) => void>();
  #holder: Holder | null = null;
  #timeoutMs: number;

  /**
   * `workerUrl` is the built worker (`buildUrl("spec_worker.js")`), or null;
   * `timeoutMs` bounds each parse and each check phase in the worker.
   */
  constructor(workerUrl: string | null, timeoutMs = PARSE_TIMEOUT_MS) {
    this.#url = workerUrl;
    this.#timeoutMs = timeoutMs;
  }

  /** Starts the worker ahead of need, so the first big file parses sooner. */
  warm(): void {
    this.#spawn();
  }

  #spawn(): Worker | null {
    if (this.#worker || !this.#url || typeof Worker === "undefined") {
      return this.#worker;
    }
    try {
      const w = new Worker(this.#url, { type: "module" });
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        this.#waiting.get(ev.data.id)?.(ev.data);
      };
      w.onerror = (ev) => {
        ev.preventDefault();
        this.#kill();
      };
      this.#worker = w;
    } catch {
      this.#url = null; // blocked (e.g. by policy): parse on the main thread
    }
    return this.#worker;
  }

  #kill(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#busy = false;
    // Whoever waits on the dead worker gets an answer it can act on.
    for (const [id, done] of this.#waiting) {
      done({ type: "detail", id, detail: null });
    }
    this.#waiting.clear();
  }

  /**
   * Parses `text`; resolves to null when a newer parse started meanwhile
   * (its result would be stale).
   */
  async parse(
    text: string,
    onStage: (s: ParseStage) => void,
    onChecked: (warnings: SpecWarning[]) => void,
  ): Promise<ParseResult | null> {
    const id = ++this.#seq;
    this.#latest = id;
    if (text.length >= WORKER_THRESHOLD || ALIAS.test(text)) {
      if (this.#busy) this.#kill();
      const w = this.#spawn();
      if (w) {
        const r = await this.#inWorker(w, id, text, onStage, onChecked);
        if (r) return id === this.#latest ? r : null;
      }
      // No worker: let the progress state paint before the main thread blocks.
      onStage("parsing");
      await new Promise((r) => setTimeout(r, 30));
      if (id !== this.#latest) return null;
    }
    const t = performance.now();
    const r = tryParseSpec(text);
    const ms = performance.now() - t;
    if (id !== this.#latest) return null;
    this.#holder = r.ok
      ? {
        kind: "local",
        parsed: r.parsed,
        graph: new SchemaGraph(r.parsed.resolver),
      }
      : null;
    return r.ok
      ? { ok: true, index: r.parsed.index, ms }
      : { ok: false, error: r.error, ms };
  }

  #inWorker(
    w: Worker,
    id: number,
    text: string,
    onStage: (s: ParseStage) => void,
    onChecked: (warnings: SpecWarning[]) => void,
  ): Promise<ParseResult | null> {
    return new Promise((resolve) => {
      this.#busy = true;
      const t0 = performance.now();
      let alive = false; // the worker answered: it loaded and is reading
      let listed: SpecWarning[] | null = null; // set once the list arrived
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          this.#kill(); // answers below with a synthetic "detail" message
        }, this.#timeoutMs);
      };
      this.#waiting.set(id, (m) => {
        if (m.type === "stage") {
          alive = true;
          return onStage(m.stage);
        }
        if (m.type === "checked") {
          clearTimeout(timer);
          this.#waiting.delete(id);
          this.#busy = false;
          if (id === this.#latest) onChecked(m.warnings);
          return;
        }
        if (m.type === "parsed") {
          alive = true;
          listed = m.index.warnings;
          if (id === this.#latest) {
            this.#holder = { kind: "worker", parseId: id };
          }
          arm(); // the checks get their own time
          // Still busy: the checks follow in a "checked" message.
          resolve({ ok: true, index: m.index, ms: m.ms });
          return;
        }
        clearTimeout(timer);
        this.#waiting.delete(id);
        this.#busy = false;
        if (m.type === "failed") {
          if (id === this.#latest) this.#holder = null;
          resolve({ ok: false, error: m.error, ms: m.ms });
          return;
        }
        // The worker is gone. A worker that never answered could not start
        // (the caller parses here instead); one that died or ran out of time
        // reading this input must not take the page down with it.
        const why = timedOut
          ? `took longer than ${this.#timeoutMs / 1000} s`
          : "stopped (out of memory?)";
        if (listed) {
          if (id === this.#latest) {
            onChecked([...listed, { message: `The checks ${why}` }]);
          }
        } else if (alive || timedOut) {
          resolve({
            ok: false,
            error: {
              kind: "structure",
              path: "$",
              message:
                `Reading this input ${why} and was given up; the page is still yours: load another spec`,
            },
            ms: performance.now() - t0,
          });
        } else resolve(null);
      });
      arm();
      const msg: ToWorker = { type: "parse", id, text };
      w.postMessage(msg);
    });
  }

  /** Details of an operation of the latest parsed spec. */
  detail(op: OperationRef): Promise<OperationDetail | null> {
    const h = this.#holder;
    if (!h) return Promise.resolve(null);
    if (h.kind === "local") {
      try {
        return Promise.resolve(
          operationDetail(
            h.parsed,
            op.container,
            op.path,
            op.method,
            h.graph,
          ),
        );
      } catch {
        return Promise.resolve(null); // a bug: no detail, the page lives on
      }
    }
    const w = this.#worker;
    if (!w) return Promise.resolve(null);
    const id = ++this.#seq;
    return new Promise((resolve) => {
      this.#waiting.set(id, (m) => {
        this.#waiting.delete(id);
        resolve(m.type === "detail" ? m.detail : null);
      });
      const msg: ToWorker = { type: "detail", id, parseId: h.parseId, op };
      w.postMessage(msg);
    });
  }

  /**
   * Schema nodes `ids` of the latest spec and what they link to, `depth`
   * levels down (the tree asks when a branch opens past what it has).
   */
  nodes(ids: number[], depth: number): Promise<SchemaNode[]> {
    const h = this.#holder;
    if (!h || !ids.length) return Promise.resolve([]);
    if (h.kind === "local") {
      try {
        return Promise.resolve(
          h.graph.collect(ids, depth, MAX_NODES_PER_REQUEST),
        );
      } catch {
        return Promise.resolve([]);
      }
    }
    const w = this.#worker;
    if (!w) return Promise.resolve([]);
    const id = ++this.#seq;
    return new Promise((resolve) => {
      this.#waiting.set(id, (m) => {
        this.#waiting.delete(id);
        resolve(m.type === "nodes" ? m.nodes : []);
      });
      const msg: ToWorker = {
        type: "nodes",
        id,
        parseId: h.parseId,
        ids,
        depth,
      };
      w.postMessage(msg);
    });
  }

  /** Forgets the current spec (the Clear button). */
  reset(): void {
    this.#latest = ++this.#seq;
    this.#holder = null;
  }

  /** Stops the worker. */
  dispose(): void {
    this.#kill();
  }
}
