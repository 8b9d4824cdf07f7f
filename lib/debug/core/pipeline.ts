/**
 * The steps every debug endpoint shares, in order, so that bad input is
 * refused before anything else happens:
 * 0. a CORS preflight is answered (Fetch §3.2.5); the opt-in rate limit
 *    takes a token (429);
 * 1. method (405 with Allow; a plain OPTIONS gets 204 with Allow),
 * 2. path and query parameters (400),
 * 3. body: size (413), pace (408), coding (415),
 * 4. a long-request slot (503) and `sleep`,
 * 5. the family handler,
 * 6. HEAD: same status and headers, `Content-Length` of the GET body
 *    (RFC 9110 §9.3.2, §8.6), no body.
 * The no-body, no-sleep case stays synchronous: it is the hot path.
 */
import type { EndpointSpec } from "./catalog.ts";
import type { DebugContext } from "./context.ts";
import { readBody } from "./body.ts";
import { ParamError, paramParser, type ParsedParams } from "./params.ts";
import { errorProblem } from "./problem.ts";
import {
  BASE_HEADERS,
  isPreflight,
  peerAddress,
  preflight,
  respond,
  type ServeInfo,
} from "./http.ts";
import { DRAIN_COMMENT, drainingError } from "./lifecycle.ts";

/** What a family handler gets, already validated. */
export interface DebugInput {
  readonly params: ParsedParams;
  /** Raw query string without `?` (empty when none). */
  readonly query: string;
  /** The decoded body when the endpoint reads one, else empty. */
  readonly body: Uint8Array;
  /** A HEAD request: answer with the GET headers and a null body. */
  readonly head: boolean;
  /** The connection info Deno.serve passed (the peer address), if any. */
  readonly info: ServeInfo | undefined;
}

/**
 * A family handler: request in, response out. A handler whose GET body is
 * a stream must answer HEAD itself, with a null body and the
 * `Content-Length` the GET would have; the pipeline measures static bodies.
 */
export type FamilyHandler = (
  req: Request,
  input: DebugInput,
) => Response | Promise<Response>;

/** One endpoint: its description and its handler. */
export interface Endpoint {
  readonly spec: EndpointSpec;
  readonly handle: FamilyHandler;
  /**
   * Extra path templates answered by the same handler (httpbin's optional
   * segments, e.g. `/digest-auth/{qop}/{user}/{passwd}/{algorithm}`).
   * Parameters missing from a shorter template take their defaults.
   */
  readonly aliases?: readonly string[];
  /**
   * Checks that involve several parameters (throws ParamError), run with
   * the other input checks, before any body is read or wait begins.
   */
  readonly validate?: (params: ParsedParams, req: Request) => void;
}

/** An endpoint with the shared steps: what a route calls. */
export type EndpointRunner = (
  req: Request,
  path: Readonly<Record<string, string>>,
  info?: ServeInfo,
) => Response | Promise<Response>;

const EMPTY = new Uint8Array(0);
const DRAIN_EVENT = new TextEncoder().encode(DRAIN_COMMENT);

function allowOf(spec: EndpointSpec): string {
  return [...spec.methods, "OPTIONS"].filter((m, i, a) => a.indexOf(m) === i)
    .join(", ");
}

async function headOf(res: Response): Promise<Response> {
  if (!res.body || res.headers.has("content-length")) {
    await res.body?.cancel();
    return new Response(null, { status: res.status, headers: res.headers });
  }
  const len = (await res.arrayBuffer()).byteLength;
  res.headers.set("content-length", String(len));
  return new Response(null, { status: res.status, headers: res.headers });
}

/** Wraps `ep`'s handler with the shared steps of `ctx`'s instance. */
export function endpointRunner(
  ep: Endpoint,
  ctx: DebugContext,
): EndpointRunner {
  const { spec, handle } = ep;
  const parse = paramParser(spec);
  const allow = allowOf(spec);
  const methods = new Set(spec.methods);
  const alwaysSlow = spec.streaming;

  const checkMethod = (method: string): Response | null => {
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

  const slow = async (
    req: Request,
    params: ParsedParams,
    query: string,
    info: ServeInfo | undefined,
  ): Promise<Response> => {
    try {
      const m = req.method;
      const head = m === "HEAD";
      // GET and HEAD carry no body Deno would hand over.
      const body = m === "GET" || head
        ? EMPTY
        : await readBody(req, ctx, spec.acceptsBody);
      const ms = params.sleep as number;
      // A sleep or a stream holds a slot: when none is free, 503 before
      // the sleep starts (lifecycle.ts, RFC 9110 §15.6.4).
      let release = ms > 0 || (spec.streaming && !head)
        ? ctx.life.acquire()
        : null;
      try {
        if (ms > 0) {
          const end = await ctx.life.wait(ms, req.signal);
          // The client left: nobody will read an answer.
          if (end === "left") return new Response(null, { status: 499 });
          if (end === "drained") throw drainingError();
        }
        const res = await handle(req, { params, query, body, head, info });
        if (release && spec.streaming && !head && res.body) {
          // The stream owns the slot now: freed when it ends or is cancelled.
          // An event stream's client reads why it ended (HTML §9.2.6).
          const last = res.headers.get("content-type") === "text/event-stream"
            ? DRAIN_EVENT
            : undefined;
          const guarded = ctx.life.guard(res.body, release, last);
          release = null;
          return new Response(guarded, {
            status: res.status,
            headers: res.headers,
          });
        }
        return head ? await headOf(res) : res;
      } finally {
        release?.();
      }
    } catch (err) {
      return errorProblem(err);
    }
  };

  return (req, path, info) => {
    try {
      if (req.method === "OPTIONS" && isPreflight(req)) return preflight(req);
      // Preflights are exempt from the rate limit: a browser reports a
      // refused one as a CORS failure, hiding the 429 from the script.
      ctx.rate?.take(peerAddress(info) || "unknown");
      const early = checkMethod(req.method);
      if (early) return early;
      const url = req.url;
      const q = url.indexOf("?");
      const query = q < 0 ? "" : url.slice(q + 1);
      const params = parse(path, query);
      ep.validate?.(params, req);
      if (req.method !== "GET" || params.sleep || alwaysSlow) {
        return slow(req, params, query, info);
      }
      const res = handle(req, {
        params,
        query,
        body: EMPTY,
        head: false,
        info,
      });
      return res instanceof Promise ? res.catch(errorProblem) : res;
    } catch (err) {
      return errorProblem(err);
    }
  };
}
