/**
 * Stopping a `Deno.serve` server without waiting on streams that never
 * end. `shutdown()` waits for every stream to close, and over HTTP/2 a
 * request whose body the server stopped reading (answered 408, 413 or 503
 * before the upload ended, see body.ts) keeps its stream open for as long
 * as the client likes: Deno cannot cancel the body read in flight, so it
 * never sends the RST_STREAM (NO_ERROR) that RFC 9113 §8.1 provides for a
 * response complete before its request. (Over HTTP/1.1 Deno closes such a
 * connection after the answer; over HTTP/2 other streams share it.)
 *
 * So while such a read waits, a server is stopped by its `signal`, which
 * closes every connection, once the responses in flight have been handed
 * over; otherwise by `shutdown()`, which lets them finish and says goodbye
 * (GOAWAY, RFC 9113 §6.8).
 */

/**
 * How long a stop lets responses in flight finish (a client reading a large
 * body slowly) before it closes their connections: well inside the 5 s a
 * platform such as Deno Deploy gives a process to exit.
 */
export const STOP_GRACE_MS = 2000;

/**
 * How long the runtime gets to write out the answers handed to it before
 * their connections are closed: Deno settles `completed` for a body it was
 * given whole when it takes it, not once it is sent.
 */
const FLUSH_MS = 100;

/** A handler as `Deno.serve` calls it. */
export type ServeHandler = (
  req: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

/** Counts a server's responses in flight and stops it; see the module doc. */
export class ServeStop {
  readonly #abort = new AbortController();
  #inflight = 0;
  #idle: (() => void) | undefined;

  /** Give to `Deno.serve` as its `signal`. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** `handler`, counting each response until Deno has taken it. */
  wrap(handler: ServeHandler): ServeHandler {
    const done = () => {
      if (--this.#inflight === 0) this.#idle?.();
    };
    return (req, info) => {
      this.#inflight++;
      // Rejects when the client left before the end: it is no longer in
      // flight either way.
      info.completed.then(done, done);
      return handler(req, info);
    };
  }

  /**
   * Stops `server`: by `shutdown()` unless `stranded()` says a body read is
   * left waiting; else by closing every connection once no response is in
   * flight (`graceMs` at most). Resolves once the server has finished.
   */
  async stop(
    server: Deno.HttpServer,
    stranded: () => boolean,
    graceMs: number = STOP_GRACE_MS,
  ): Promise<void> {
    if (!stranded()) return await server.shutdown();
    if (this.#inflight > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
      this.#idle = undefined;
    }
    await new Promise((r) => setTimeout(r, FLUSH_MS));
    this.#abort.abort();
    await server.finished;
  }
}
