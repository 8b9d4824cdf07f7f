/**
 * Long-lived requests (a `sleep` in progress, an open SSE stream) and
 * graceful shutdown ("drain") of one debug API instance.
 *
 * - A cap on long-lived requests held at once: one more is answered 503
 *   with Retry-After before its sleep starts (RFC 9110 §15.6.4, §10.2.3).
 * - Drain (SIGTERM, see lib/debug/shutdown.ts): `deno serve` already stops
 *   accepting connections and waits for in-flight responses, so what is
 *   left is to end the responses that would never end by themselves: every
 *   open SSE stream gets a final comment and is closed between two events
 *   (a client sees a clean end and resumes elsewhere with Last-Event-ID).
 *   Sleeps in progress finish (bounded by DEBUG_MAX_SLEEP_MS); new
 *   long-lived requests get 503.
 *
 * Counters are plain fields so tests and the soak can prove that every
 * slot is released on completion, disconnect and stream cancel.
 */
import { ParamError } from "./params.ts";

/** The comment an SSE client reads last when the server drains (HTML §9.2.6: lines starting with `:` are ignored). */
export const DRAIN_COMMENT =
  ": server shutting down; reconnect with Last-Event-ID to resume\n\n";

const DRAIN_BYTES = new TextEncoder().encode(DRAIN_COMMENT);

/** Seconds a client should wait before retrying a refused long request. */
export const LONG_RETRY_AFTER = 1;
/** Seconds to wait before retrying at an instance that is shutting down. */
export const DRAIN_RETRY_AFTER = 5;

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
  readonly #streams = new Set<() => void>();

  /** `max` slots; 0 means no cap. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Open SSE (or other guarded) streams. */
  get streams(): number {
    return this.#streams.size;
  }

  /**
   * Takes a slot or throws a 503 ParamError (answered as problem+json with
   * Retry-After). The returned release is idempotent.
   */
  acquire(): () => void {
    if (this.draining) {
      this.refused++;
      // Not about a parameter: the problem has no `param` member.
      throw new ParamError(
        "",
        "The server is shutting down; retry on another instance.",
        503,
        { "retry-after": String(DRAIN_RETRY_AFTER) },
      );
    }
    if (this.#max > 0 && this.active >= this.#max) {
      this.refused++;
      // Not about a parameter: the problem has no `param` member.
      throw new ParamError(
        "",
        `The server is holding ${this.#max} long-lived requests (sleeps and event streams), its limit; see DEBUG_MAX_LONG_REQUESTS.`,
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
   * Wraps a streaming body so `release` runs when it ends, errors or is
   * cancelled by the client, and so {@link drain} can end it between two
   * chunks (each SSE event is one chunk, see sse.ts).
   */
  guard(
    body: ReadableStream<Uint8Array>,
    release: () => void,
  ): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    let open = true;
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const finish = () => {
      if (!open) return false;
      open = false;
      this.#streams.delete(onDrain);
      release();
      return true;
    };
    const onDrain = () => {
      if (!finish()) return;
      try {
        ctrl.enqueue(DRAIN_BYTES);
        ctrl.close();
      } catch { /* already closed by the client */ }
      reader.cancel("draining").catch(() => {});
    };
    this.#streams.add(onDrain);
    return new ReadableStream<Uint8Array>({
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
  }

  /** Starts draining: refuse new long requests, end every open stream. */
  drain(): void {
    this.draining = true;
    for (const end of [...this.#streams]) end();
  }
}
