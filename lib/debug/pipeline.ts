/**
 * The steps every debug endpoint shares, in the contract's order: bad input
 * is refused "before anything else happens" (CONTRACT section 3), so
 * 1. method (405 with Allow), 2. path and query parameters (400),
 * 3. body size (413, counting real bytes), 4. a long-request slot (503,
 * lifecycle.ts) and `sleep`, 5. the handler,
 * 6. HEAD: same status and headers, no body.
 * The no-body, no-sleep case stays synchronous: it is the hot path.
 */
import type { EndpointSpec } from "./catalog_types.ts";
import { type DebugContext, sleep } from "./context.ts";
import { readBody } from "./body.ts";
import { ParamError, type ParsedParams, parseParams } from "./params.ts";
import { errorProblem } from "./problem.ts";
import { BASE_HEADERS } from "./http.ts";

/** What a family handler gets, already validated. */
export interface DebugInput {
  readonly params: ParsedParams;
  /** Raw query string without `?` (empty when none). */
  readonly query: string;
  /** The body's bytes when the endpoint keeps them, else empty. */
  readonly body: Uint8Array;
  /** A HEAD request: answer with the GET headers and a null body. */
  readonly head: boolean;
}

/** A family handler: request in, response out. */
export type FamilyHandler = (
  req: Request,
  input: DebugInput,
  ctx: DebugContext,
) => Response | Promise<Response>;

/** Options of {@link endpointHandler}. */
export interface HandlerOptions {
  /** Any method is accepted (the contract's `ANY`), not only `ep.methods`. */
  anyMethod?: boolean;
}

const EMPTY = new Uint8Array(0);

function allow(ep: EndpointSpec): string {
  return [...ep.methods, "OPTIONS"].filter((m, i, a) => a.indexOf(m) === i)
    .join(", ");
}

function checkMethod(
  ep: EndpointSpec,
  method: string,
  opts: HandlerOptions,
): Response | null {
  if (opts.anyMethod || ep.methods.includes(method)) return null;
  if (method === "OPTIONS") {
    // A plain OPTIONS asks what the resource supports (RFC 9110 §9.3.7).
    return new Response(null, {
      status: 204,
      headers: { ...BASE_HEADERS, allow: allow(ep) },
    });
  }
  throw new ParamError(
    "method",
    `The method ${method} is not allowed on ${ep.path}; use ${allow(ep)}.`,
    405,
    { allow: allow(ep) },
  );
}

async function headOf(res: Response): Promise<Response> {
  if (!res.body) return res;
  if (res.headers.get("content-type") === "text/event-stream") {
    // Cancel the stream; answer with an empty one so Deno does not invent
    // a Content-Length: 0 the GET response lacks.
    await res.body.cancel();
    const empty = new ReadableStream({ start: (c) => c.close() });
    return new Response(empty, { status: res.status, headers: res.headers });
  } else {
    const len = (await res.arrayBuffer()).byteLength;
    res.headers.set("content-length", String(len));
  }
  return new Response(null, { status: res.status, headers: res.headers });
}

async function slow(
  req: Request,
  ep: EndpointSpec,
  fn: FamilyHandler,
  ctx: DebugContext,
  params: ParsedParams,
  query: string,
): Promise<Response> {
  try {
    const m = req.method;
    const body = m === "GET" || m === "HEAD"
      ? EMPTY
      : await readBody(req, ctx.limits.maxBodyBytes, ep.acceptsBody);
    const ms = params.sleep as number;
    const head = req.method === "HEAD";
    // A sleep or an event stream holds a slot: when none is free, 503
    // before the sleep starts (lifecycle.ts, RFC 9110 §15.6.4).
    let release = ms > 0 || (ep.streaming && !head) ? ctx.life.acquire() : null;
    try {
      if (ms > 0 && !await sleep(ctx.timers, ms, req.signal)) {
        // The client left; nobody will read this.
        return new Response(null, { status: 499 });
      }
      const res = await fn(req, { params, query, body, head }, ctx);
      if (release && ep.streaming && !head && res.body) {
        // The stream owns the slot now: freed when it ends or is cancelled.
        const body = ctx.life.guard(res.body, release);
        release = null;
        return new Response(body, { status: res.status, headers: res.headers });
      }
      return head ? await headOf(res) : res;
    } finally {
      release?.();
    }
  } catch (err) {
    return errorProblem(err);
  }
}

/**
 * Wraps a family handler with the shared steps. `path` gives the decoded
 * path parameters (from the router). Errors never escape: a ParamError is
 * its 4xx problem, anything else a logged 500 problem with CORS headers.
 */
export function endpointHandler(
  ep: EndpointSpec,
  fn: FamilyHandler,
  ctx: DebugContext,
  opts: HandlerOptions = {},
): (
  req: Request,
  path: Record<string, string>,
) => Response | Promise<Response> {
  return (req, path) => {
    try {
      const early = checkMethod(ep, req.method, opts);
      if (early) return early;
      const url = req.url;
      const q = url.indexOf("?");
      const query = q < 0 ? "" : url.slice(q + 1);
      const params = parseParams(ep, path, query);
      // GET is known bodiless (Deno drops GET and HEAD bodies); any other
      // method goes through readBody, which counts the bytes that arrive.
      if (req.method !== "GET" || params.sleep || ep.streaming) {
        return slow(req, ep, fn, ctx, params, query);
      }
      const res = fn(req, { params, query, body: EMPTY, head: false }, ctx);
      return res instanceof Promise ? res.catch(errorProblem) : res;
    } catch (err) {
      return errorProblem(err);
    }
  };
}
