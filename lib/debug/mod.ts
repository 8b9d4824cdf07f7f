/**
 * The embeddable debug API: httpbin-style endpoints with predictable
 * protocol behaviour, for HTTP client tests.
 *
 * ```ts
 * import { startDebugServer } from "@wirebench/wirebench/debug";
 *
 * Deno.test("my client follows redirects", async () => {
 *   await using server = await startDebugServer({ limits: { maxSleepMs: 2000 } });
 *   const res = await fetch(`${server.url}/redirect/3`);
 *   console.log(await res.json()); // { done: true }
 * });
 * ```
 *
 * Or as a fetch handler of your own server (Deno.serve, `deno serve`, or
 * anything that speaks Request and Response):
 *
 * ```ts
 * import { createDebugHandler } from "@wirebench/wirebench/debug";
 *
 * const debug = createDebugHandler({ base: "/" });
 * const server = Deno.serve(debug);
 * // Before stopping: open event streams and pending sleeps end at once
 * // (without it, `shutdown()` waits for them).
 * debug.drain();
 * await server.shutdown();
 * ```
 *
 * Over HTTPS, with HTTP/2 and HTTP/1.1 chosen by ALPN, on a certificate
 * made in memory for `localhost`, `127.0.0.1` and `::1` (or a PEM pair of
 * your own as `tls: { cert, key }`):
 *
 * ```ts
 * import { startDebugServer } from "@wirebench/wirebench/debug";
 *
 * await using server = await startDebugServer({ tls: true });
 * const client = Deno.createHttpClient({ caCerts: [server.certificate!] });
 * const res = await fetch(`${server.url}/get`, { client });
 * ```
 *
 * The module reads no environment variable and keeps no module-level
 * state: every handler carries its own options, timers, rate counters and
 * shutdown state, so several can run side by side in one process.
 */
import { Hono } from "./core/hono.ts";
import { createDebugApi } from "./api.ts";
import { listenUrl } from "./core/listen_url.ts";
import {
  checkOptionShape,
  DEBUG_OPTION_NAMES,
  type DebugContext,
  type DebugOptions,
  SERVER_OPTION_NAMES,
} from "./core/context.ts";
import type { DebugLimits } from "./core/limits.ts";
import type { EndpointSpec } from "./core/catalog.ts";
import { ServeStop } from "./core/serve_stop.ts";
import {
  checkTlsPair,
  listenerNames,
  selfSignedCertificate,
  type TlsPair,
} from "./core/tls.ts";

export type { DebugContext, DebugOptions } from "./core/context.ts";
export type {
  EndpointSpec,
  ExampleSpec,
  HeaderSpec,
  JsonSchema,
  ParamIn,
  ParamSpec,
  ParamType,
  ParamValue,
  ResponseSpec,
} from "./core/catalog.ts";
export type { TimerCounter, TimerWheel } from "./core/timers.ts";
export type { Lifecycle, WaitEnd } from "./core/lifecycle.ts";
export type { RateLimiter } from "./core/rate.ts";
export type { RequestText } from "./core/request_text.ts";
export type { Random } from "./core/random.ts";
export {
  type DebugLimits,
  DEFAULT_LIMITS,
  type LimitInfo,
  LIMITS,
  limitsFromEnv,
} from "./core/limits.ts";
export {
  certificateFingerprint,
  listenerNames,
  LOCAL_NAMES,
  type SelfSigned,
  selfSignedCertificate,
  type SelfSignedOptions,
  type TlsPair,
} from "./core/tls.ts";

/** A debug API as a fetch handler, with its instance's controls. */
export interface DebugHandler {
  (req: Request, info?: Deno.ServeHandlerInfo): Promise<Response>;
  /** The base path, e.g. `/api/debug` (`/` for the root). */
  readonly base: string;
  /** The limits in force. */
  readonly limits: DebugLimits;
  /** Every endpoint's description, in display order. */
  readonly catalog: readonly EndpointSpec[];
  /**
   * Starts a graceful shutdown: open event streams end after a
   * `: server shutting down` comment, waits still pending are answered 503
   * with Retry-After, other streamed bodies (`/drip`, `/stream-bytes`)
   * end where they are (their clients see a truncated response),
   * WebSockets close with 1001, and new long-lived requests get 503.
   * Short requests are still answered.
   */
  drain(): void;
  /** The instance's state (counters of waits, slots, streams), for tests. */
  readonly context: DebugContext;
}

/** Options of {@link startDebugServer}: the API's and the listener's. */
export interface DebugServerOptions extends DebugOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  hostname?: string;
  /**
   * Serve HTTPS, HTTP/2 and HTTP/1.1 chosen by ALPN (RFC 7301). `true`
   * makes a self-signed certificate in memory at start, valid for a day,
   * for `localhost`, `127.0.0.1`, `::1` and `hostname` (unless it is a
   * wildcard address); `{ cert, key }` (PEM) serves the given pair. The
   * certificate is {@link DebugServer.certificate}. Nothing is written to
   * disk.
   */
  tls?: boolean | TlsPair;
}

/** A running debug server. */
export interface DebugServer {
  /** Origin plus base path, without a trailing slash: `http://127.0.0.1:41234/api/debug`. */
  readonly url: string;
  /** The TCP port it listens on (the free one picked for `port: 0`). */
  readonly port: number;
  /**
   * The certificate served over HTTPS (PEM), to trust in a client:
   * `Deno.createHttpClient({ caCerts: [server.certificate] })`, curl's
   * `--cacert`, Node's `NODE_EXTRA_CA_CERTS`. Undefined over plain HTTP.
   */
  readonly certificate: string | undefined;
  /** The handler it serves (to drain it or read its counters). */
  readonly handler: DebugHandler;
  /** Settles when the server has stopped, as `Deno.HttpServer.finished`. */
  readonly finished: Promise<void>;
  /**
   * Drains the API (see {@link DebugHandler.drain}), then stops the server
   * once in-flight responses end; a connection whose client went quiet
   * mid-body (an HTTP/2 stream too) is closed, not waited for.
   */
  close(): Promise<void>;
  /** {@link close}, for `await using server = await startDebugServer()`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A fetch handler serving the debug API under `options.base` (default
 * `/api/debug`). Requests outside the base get 404 problem+json. Throws a
 * RangeError on invalid options (an unknown option or limit name, a value
 * of the wrong type, a negative limit, a malformed base, redirect host or
 * CORS origin, a clock that returns no Date).
 */
export function createDebugHandler(options: DebugOptions = {}): DebugHandler {
  const api = createDebugApi(options);
  const app = new Hono();
  api.register(app);
  // Outside the base there is nothing either: the same problem+json 404.
  app.notFound((c) =>
    api.notFound(c.req.raw, c.req.path, c.env as Deno.ServeHandlerInfo)
  );
  app.onError((err) => api.onError(err));
  const handler = (req: Request, info?: Deno.ServeHandlerInfo) =>
    Promise.resolve(app.fetch(req, info));
  return Object.assign(handler, {
    base: api.ctx.base || "/",
    limits: api.ctx.limits,
    catalog: api.catalog,
    drain: () => api.drain(),
    context: api.ctx,
  });
}

/**
 * Serves a new debug handler on `hostname:port` (default 127.0.0.1, a free
 * port), over HTTPS when `tls` is given. Use with `await using` so the
 * server stops at the end of the scope. Throws a RangeError on invalid
 * options (see {@link createDebugHandler}; a `tls` pair that is not PEM).
 */
export async function startDebugServer(
  options: DebugServerOptions = {},
): Promise<DebugServer> {
  checkOptionShape(options, [...DEBUG_OPTION_NAMES, ...SERVER_OPTION_NAMES]);
  const { port = 0, hostname = "127.0.0.1", tls, ...api } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(
      `port must be an integer from 0 to 65535, got ${port}`,
    );
  }
  if (typeof hostname !== "string" || hostname === "") {
    throw new RangeError("hostname must be a non-empty string");
  }
  const handler = createDebugHandler(api);
  let pair: TlsPair | undefined;
  if (tls === true) {
    const names = listenerNames(hostname);
    const made = await selfSignedCertificate({ names });
    pair = { cert: made.cert, key: made.key };
  } else if (typeof tls === "object" && tls !== null) {
    pair = checkTlsPair(tls);
  } else if (tls !== undefined && tls !== false) {
    throw new RangeError("tls must be true, false or { cert, key }");
  }
  const scheme = pair ? "https" : "http";
  const stopper = new ServeStop();
  return new Promise((resolve, reject) => {
    let server: Deno.HttpServer<Deno.NetAddr>;
    try {
      server = Deno.serve({
        port,
        hostname,
        // With a certificate Deno.serve offers h2 and http/1.1 by ALPN.
        ...(pair ?? {}),
        signal: stopper.signal,
        onListen: (addr) => {
          const url = listenUrl(
            scheme,
            addr.hostname,
            addr.port,
            handler.context.base,
          );
          let closing: Promise<void> | undefined;
          const close = () =>
            closing ??= (async () => {
              handler.drain();
              // The requests drain ended (an upload cut with 503, a sleep)
              // answer in microtasks: let them, then stop. Stopped before
              // their answer, Deno waits for the rest of an upload from a
              // client that went quiet, for as long as it stays; and over
              // HTTP/2 it waits so even after the answer (serve_stop.ts).
              await new Promise((r) => setTimeout(r, 0));
              await stopper.stop(
                server,
                () => handler.context.life.abandoned > 0,
              );
            })();
          resolve({
            url,
            port: addr.port,
            certificate: pair?.cert,
            handler,
            get finished() {
              return server.finished;
            },
            close,
            [Symbol.asyncDispose]: close,
          });
        },
      }, stopper.wrap(handler));
    } catch (err) {
      // A hostname that is no host (`bad host`) is a bad option, as the
      // other checks report one; a name that does not resolve or a port
      // taken stay the runtime's errors.
      reject(
        err instanceof URIError
          ? new RangeError(
            `hostname ${
              JSON.stringify(hostname)
            } is not a host: ${err.message}`,
          )
          : err,
      );
    }
  });
}
