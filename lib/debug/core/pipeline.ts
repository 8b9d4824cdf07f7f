/**
 * The steps every debug endpoint shares, so that bad input is refused
 * before anything else happens. {@link endpointRunner} reads as the chain:
 * 0. a CORS preflight is answered (Fetch §3.2.5); the opt-in rate limit
 *    takes a token (429);
 * 1. method (405 with Allow; a plain OPTIONS gets 204 with Allow);
 * 2. path and query parameters, then the endpoint's own checks (400);
 * 3. body: size (413), pace (408), coding (415);
 * 4. a long-request slot (503) and `sleep`;
 * 5. the family handler;
 * 6. HEAD: same status and headers, `Content-Length` of the GET body
 *    (RFC 9110 §9.3.2, §8.6), no body; a stream keeps its slot until it ends.
 * A GET with no sleep and no stream skips 3, 4 and 6 and stays synchronous:
 * it is the hot path.
 */
import type { EndpointSpec } from "./catalog.ts";
import type { DebugContext } from "./context.ts";
import type { DebugInput, Endpoint } from "./endpoint.ts";
import { checkJsonDepth, readBody } from "./body.ts";
import { ParamError, paramParser, type ParsedParams } from "./params.ts";
import { errorProblem } from "./problem.ts";
import {
  BASE_HEADERS,
  clientAddress,
  isPreflight,
  preflight,
  respond,
  type ServeInfo,
  withOrigin,
} from "./http.ts";
import { DRAIN_COMMENT } from "./lifecycle.ts";

/** An endpoint with the shared steps: what a route calls. */
export type EndpointRunner = (
  req: Request,
  path: Readonly<Record<string, string>>,
  info?: ServeInfo,
) => Response | Promise<Response>;

/** Wraps `ep`'s handler with the shared steps of `ctx`'s instance. */
export function endpointRunner(
  ep: Endpoint,
  ctx: DebugContext,
): EndpointRunner {
  const checkMethod = methodCheck(ep.spec);
  const parse = paramParser(ep.spec);
  const slow = slowSteps(ep, ctx);
  const run: EndpointRunner = (req, path, info) => {
    try {
      if (isPreflight(req)) return preflight(req); // 0. CORS preflight
      // Preflights are exempt from the rate limit: a browser reports a
      // refused one as a CORS failure, hiding the 429 from the script.
      // Behind trusted proxies, the client they vouch for: else one bucket
      // for everyone the proxy forwards.
      ctx.rate?.take(
        clientAddress(req, info, ctx.limits.trustedProxies) || "unknown",
      ); // 0. rate: 429
      const early = checkMethod(req.method); // 1. method: 405, OPTIONS 204
      if (early) return early;
      const query = queryOf(req.url);
      const params = parse(path, query); // 2. parameters: 400
      const checked = ep.validate?.(params, req); // 2. its own checks: 400
      const input = { params, checked, query, body: EMPTY, head: false, info };
      if (req.method !== "GET" || params.sleep || ep.spec.streaming) {
        return slow(req, input); // 3. body, 4. slot and sleep, 5, 6. HEAD
      }
      const res = ep.handle(req, input); // 5. the handler, synchronously
      return res instanceof Promise ? res.catch(errorProblem) : res;
    } catch (err) {
      return errorProblem(err);
    }
  };
  return (req, path, info) => {
    if (!ctx.corsOrigins.size) return run(req, path, info);
    const origin = req.headers.get("origin");
    return withOrigin(ctx.corsOrigins, origin, run(req, path, info));
  };
}

const EMPTY = new Uint8Array(0);
const DRAIN_EVENT = new TextEncoder().encode(DRAIN_COMMENT);

/** The raw query string of a request URL, without `?`. */
function queryOf(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? "" : url.slice(q + 1);
}

/**
 * Step 1: null when `spec` answers the method; a 204 with Allow for a plain
 * OPTIONS; else throws the 405 with Allow.
 */
function methodCheck(spec: EndpointSpec): (method: string) => Response | null {
  const allow = [...spec.methods, "OPTIONS"]
    .filter((m, i, a) => a.indexOf(m) === i).join(", ");
  const methods = new Set(spec.methods);
  return (method) => {
    if (spec.anyMethod || methods.has(method)) return null;
    if (method === "OPTIONS") {
      // A plain OPTIONS asks what the resource supports (RFC 9110 §9.3.7).
      return respond(null, 204, { ...BASE_HEADERS, allow });
    }
    throw new ParamError(
      "method",
      `The method ${
        method.slice(0, 40)
      } is not allowed on ${spec.path}; use ${allow}.`,
      405,
      { allow },
    );
  };
}

/** The validated `sleep` in ms (every endpoint declares it; 0 by default). */
function sleepOf(params: ParsedParams): number {
  return typeof params.sleep === "number" ? params.sleep : 0;
}

/** Steps 3 to 6, for a request with a body, a sleep, a stream or HEAD. */
function slowSteps(
  { spec, handle, reflectsJson }: Endpoint,
  ctx: DebugContext,
): (req: Request, input: DebugInput) => Promise<Response> {
  return async (req, input) => {
    try {
      const head = req.method === "HEAD";
      // GET and HEAD carry no body Deno would hand over.
      const body = req.method === "GET" || head
        ? EMPTY
        : await readBody(req, ctx, spec.acceptsBody); // 3. 413, 408, 415
      if (reflectsJson) checkJsonDepth(body); // 3. 400 past the nesting bound
      const ms = sleepOf(input.params);
      // A sleep or a stream holds a slot: when none is free, 503 before
      // the sleep starts (lifecycle.ts, RFC 9110 §15.6.4).
      let release = ms > 0 || (spec.streaming && !head)
        ? ctx.life.acquire() // 4. slot: 503
        : null;
      try {
        if (ms > 0) {
          const left = await ctx.life.pause(ms, req.signal); // 4. sleep
          if (left) return left;
        }
        const res = await handle(req, { ...input, body, head }); // 5. handler
        if (release && spec.streaming && !head && res.body) {
          const held = holdSlot(ctx, res, res.body, release); // 6. stream
          release = null;
          return held;
        }
        return head ? await headOf(res) : res; // 6. HEAD
      } finally {
        release?.();
      }
    } catch (err) {
      return errorProblem(err);
    }
  };
}

/**
 * A streaming response that owns the slot now: freed when the stream ends
 * or is cancelled. An event stream's client reads why it ended when the
 * instance drains (HTML §9.2.6).
 */
function holdSlot(
  ctx: DebugContext,
  res: Response,
  body: ReadableStream<Uint8Array>,
  release: () => void,
): Response {
  const last = res.headers.get("content-type") === "text/event-stream"
    ? DRAIN_EVENT
    : undefined;
  const guarded = ctx.life.guard(body, release, last);
  return new Response(guarded, { status: res.status, headers: res.headers });
}

/** The HEAD answer for a GET response: its status and headers, no body. */
async function headOf(res: Response): Promise<Response> {
  if (!res.body || res.headers.has("content-length")) {
    await res.body?.cancel();
    return new Response(null, { status: res.status, headers: res.headers });
  }
  const len = (await res.arrayBuffer()).byteLength;
  res.headers.set("content-length", String(len));
  return new Response(null, { status: res.status, headers: res.headers });
}
