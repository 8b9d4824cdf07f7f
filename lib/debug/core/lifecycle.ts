/**
 * Long-lived requests (a wait in progress, an open stream or WebSocket) and
 * graceful shutdown ("drain") of one debug API instance.
 *
 * - A cap on long-lived requests held at once: one more is answered 503
 *   with Retry-After before its wait starts (RFC 9110 §15.6.4, §10.2.3).
 * - Drain: the server stops accepting connections (the runtime's part);
 *   this instance then ends what would not end by itself soon: every open
 *   stream gets a last chunk and is closed between two writes (an SSE
 *   client reads `: server shutting down` and resumes elsewhere with
 *   Last-Event-ID), every wait still pending is answered 503 with
 *   Retry-After, and other holders (body reads, WebSockets) are told to
 *   finish. New long-lived requests get 503.
 *
 * Counters are plain fields so tests and the soak can prove that every
 * slot is released on completion, disconnect and stream cancel.
 */
import { ParamError } from "./params.ts";
import type { TimerWheel } from "./timers.ts";

/**
 * The comment an SSE client reads last when the server drains (lines
 * starting with `:` are ignored, HTML §9.2.6): exactly this line, which
 * clients' tests match whole.
 */
export const DRAIN_COMMENT = ": server shutting down\n\n";

/** Seconds a client should wait before retrying a refused long request. */
export const LONG_RETRY_AFTER = 1;
/** Seconds to wait before retrying at an instance that is shutting down. */
export const DRAIN_RETRY_AFTER = 5;

/** How a wait ended: its time passed, the client left, or the server drains. */
export type WaitEnd = "done" | "left" | "drained";

/** The 503 of an instance that is shutting down (RFC 9110 §15.6.4). */
export function drainingError(): ParamError {
  // Not about a parameter: the problem's `param` is null.
  return new ParamError(
    null,
    "The server is shutting down; retry on another instance.",
    503,
    { "retry-after": String(DRAIN_RETRY_AFTER) },
  );
}

/** Counts and controls the long-lived requests of one instance. */
export class Lifecycle {
  /** Long-lived requests holding a slot now. */
  active = 0;
  /** Slots ever granted. */
  granted = 0;
  /** Requests refused with 503 (cap full or draining). */
  refused = 0;
  /** True once {@link drain} ran: no new long-lived requests. */
  draining = false;
  readonly #max: number;
  readonly #timers: TimerWheel;
  /** What to end on drain: streams, waits, body reads, sockets. */
  readonly #holders = new Set<() => void>();
  #streams = 0;
  #abandoned = 0;

  /** `max` slots (0: no cap); waits are scheduled on `timers`. */
  constructor(max: number, timers: TimerWheel) {
    this.#max = max;
    this.#timers = timers;
  }

  /**
   * Holders a drain would end now: guarded streams, waits, body reads and
   * sockets in progress. A test reads it to know a request has reached
   * its wait before it drains, where a fixed sleep races a loaded machine.
   */
  get holding(): number {
    return this.#holders.size;
  }

  /** Open guarded streams. */
  get streams(): number {
    return this.#streams;
  }

  /**
   * Request body reads still waiting though their request was answered
   * (408, 413 or 503 before the upload's end, see body.ts). Deno cannot
   * cancel such a read, and over HTTP/2 it keeps its stream open until the
   * client ends or resets it, which a graceful shutdown waits for (see
   * serve_stop.ts).
   */
  get abandoned(): number {
    return this.#abandoned;
  }

  /** Counts `read`, a body read left waiting, until it settles. */
  abandon(read: Promise<unknown>): void {
    this.#abandoned++;
    const settled = () => {
      this.#abandoned--;
    };
    read.then(settled, settled);
  }

  /**
   * Takes a slot or throws a 503 ParamError (answered as problem+json with
   * Retry-After). The returned release is idempotent.
   */
  acquire(): () => void {
    if (this.draining) {
      this.refused++;
      throw drainingError();
    }
    if (this.#max > 0 && this.active >= this.#max) {
      this.refused++;
      // Not about a parameter: the problem's `param` is null.
      throw new ParamError(
        null,
        `The server is holding ${this.#max} long-lived requests (waits, streams and WebSockets), its limit (maxLongRequests).`,
        503,
        { "retry-after": String(LONG_RETRY_AFTER) },
      );
    }
    this.active++;
    this.granted++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.active--;
    };
  }

  /**
   * Calls `end` when the instance drains (at once when it already is).
   * Returns the function that unregisters it.
   */
  onDrain(end: () => void): () => void {
    if (this.draining) {
      end();
      return () => {};
    }
    this.#holders.add(end);
    return () => this.#holders.delete(end);
  }

  /**
   * Waits `ms` on the shared timer. Ends early with "left" when `signal`
   * aborts (the client disconnected: the timer is freed at once) and with
   * "drained" when the instance drains.
   */
  wait(ms: number, signal: AbortSignal): Promise<WaitEnd> {
    if (signal.aborted) return Promise.resolve("left");
    if (this.draining) return Promise.resolve("drained");
    return new Promise((resolve) => {
      const finish = (how: WaitEnd) => {
        cancel();
        off();
        signal.removeEventListener("abort", onAbort);
        resolve(how);
      };
      const onAbort = () => finish("left");
      const cancel = this.#timers.schedule(ms, () => finish("done"));
      const off = this.onDrain(() => finish("drained"));
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /**
   * A request's wait of `ms` (see {@link wait}): null once the time has
   * passed; a bare 499 when the client left, since nobody will read an
   * answer; throws the draining 503 when the instance shuts down.
   */
  async pause(ms: number, signal: AbortSignal): Promise<Response | null> {
    const end = await this.wait(ms, signal);
    if (end === "left") return new Response(null, { status: 499 });
    if (end === "drained") throw drainingError();
    return null;
  }

  /**
   * Wraps a streaming body so `release` runs when it ends, errors or is
   * cancelled by the client, and so {@link drain} can end it between two
   * chunks, after `last` (each SSE event is one chunk, see ../endpoints/sse.ts).
   */
  guard(
    body: ReadableStream<Uint8Array>,
    release: () => void,
    last?: Uint8Array,
  ): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    let open = true;
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    let off = () => {};
    const finish = () => {
      if (!open) return false;
      open = false;
      this.#streams--;
      off();
      release();
      return true;
    };
    const out = new ReadableStream<Uint8Array>({
      start: (c) => {
        ctrl = c;
      },
      pull: async (c) => {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (err) {
          if (finish()) c.error(err);
          return;
        }
        if (!open) return; // drained while waiting: already closed
        if (step.done) {
          finish();
          c.close();
        } else c.enqueue(step.value);
      },
      cancel: (reason) => {
        finish();
        return reader.cancel(reason);
      },
    }, { highWaterMark: 0 });
    this.#streams++;
    off = this.onDrain(() => {
      if (!finish()) return;
      try {
        // A copy per stream: the reader owns the chunks it reads, and one
        // `last` is shared by every stream of every instance.
        if (last) ctrl.enqueue(last.slice());
        ctrl.close();
      } catch { /* already closed by the client */ }
      reader.cancel("draining").catch(() => {});
    });
    return out;
  }

  /** Starts draining: refuse new long requests, end every holder. */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    const all = [...this.#holders];
    this.#holders.clear();
    for (const end of all) {
      try {
        end();
      } catch (err) {
        console.error(err);
      }
    }
  }
}
