/**
 * Headers every debug API response carries, and CORS preflight.
 *
 * CORS (Fetch standard §3.2): `Access-Control-Allow-Origin: *` on every
 * response, errors included, so browser clients can read statuses and
 * problem bodies. Not credentialed unless an embedder names origins (see
 * {@link withOrigin}): `*` makes browsers refuse to send cookies, so
 * `/echo` and `/cookies` can never be used by another page to read the
 * cookies its browser holds for this host.
 */
import { isToken } from "../../shared/http_token.ts";
import {
  MAX_ACCEPT_CHARS,
  MAX_ACCEPT_RANGES,
  MAX_ORIGIN_CHARS,
} from "./limits.ts";
import { weightedList } from "../../shared/weighted_list.ts";
import { ParamError } from "./params.ts";
import { entryFromRight, forwardedElement } from "./forwarded.ts";
import { ANY_METHODS } from "./catalog.ts";

/** Response headers a browser script may read (Fetch §3.2.7). */
export const EXPOSE_HEADERS = [
  "Location",
  "Retry-After",
  "Content-Encoding",
  "Content-Length",
  "Content-Type",
  "Allow",
  "WWW-Authenticate",
  "Proxy-Authenticate",
  "Vary",
  "Date",
  "ETag",
  "Last-Modified",
  "Cache-Control",
  "Accept-Ranges",
  "Content-Range",
  "Accept-Encoding",
].join(", ");

/** Headers on every debug response; handlers spread their own after. */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSE_HEADERS,
  // Debug responses must reach the client as sent, every time: no cache
  // may store them and no proxy or platform may re-encode them, since the
  // endpoints are about exact bytes (RFC 9111 §5.2.2.5, §5.2.2.6).
  "cache-control": "no-store, no-transform",
  // Responses are data: never let a browser sniff one into HTML.
  "x-content-type-options": "nosniff",
});

/**
 * Headers of a body written over time (`/sse`, `/drip`, `/stream`,
 * `/stream-bytes`): nginx buffers a proxied response whole unless told
 * `X-Accel-Buffering: no`, and a drip meant to take ten seconds would
 * reach the client all at once at the end.
 */
export const STREAMED_HEADERS: Readonly<Record<string, string>> = Object
  .freeze({ "x-accel-buffering": "no" });

/** API responses are data, never documents: nothing in them may load. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The API document policy ({@link API_CSP}), added where a response
 * reflects client input verbatim (echo, problems). Fixed-content responses
 * skip it: with nosniff they cannot render, and every response header
 * costs throughput on the hottest endpoints (bench/http_bench.ts).
 */
export const REFLECT_HEADERS: Readonly<Record<string, string>> = Object
  .freeze({
    "content-security-policy": API_CSP,
    "referrer-policy": "no-referrer",
  });

/** `application/json` without charset: JSON is UTF-8 by definition (RFC 8259 §8.1). */
export const JSON_TYPE = "application/json";

/**
 * A response with `headers` (distinct lower-case names), set one by one on
 * the new response's own list instead of through the constructor's
 * `headers` init: Deno converts an init record through WebIDL, which costs
 * more than the appends, and the body endpoints would pay it on every
 * request (bench/http_bench.ts). `content-type` replaces the default a
 * string body gets.
 */
export function respond(
  body: BodyInit | null,
  status: number,
  headers: Readonly<Record<string, string>> | Headers,
): Response {
  // A Headers list (repeated Set-Cookie) is passed on as it is.
  if (headers instanceof Headers) {
    return new Response(body, { status, headers });
  }
  const res = new Response(body, { status });
  const list = res.headers;
  for (const name in headers) {
    if (name === "content-type") list.set(name, headers[name]);
    else list.append(name, headers[name]);
  }
  return res;
}

/**
 * The host an HTTP/2 request names in `:authority` instead of a Host
 * header, when `headers` lacks Host; null otherwise. A reflection shows it
 * as Host, so an answer over HTTP/2 reads as over HTTP/1.1: RFC 9113
 * §8.3.1 has an intermediary that forwards such a request make Host from
 * `:authority`, and Deno puts `:authority` in the request URL.
 */
export function authorityHost(headers: Headers, url: string): string | null {
  if (headers.has("host")) return null;
  const start = url.indexOf("//") + 2;
  const end = url.indexOf("/", start);
  return url.slice(start, end < 0 ? url.length : end) || null;
}

/**
 * Whether `req` came over HTTP/2: it has no Host header, which every
 * HTTP/1.1 request carries (RFC 9112 §3.2) and HTTP/2 replaces with
 * `:authority` (RFC 9113 §8.3.1). Deno.serve tells the version no other
 * way.
 */
export function overHttp2(req: Request): boolean {
  return !req.headers.has("host");
}

/**
 * Adds a header to `pairs`, joining a repeat of the last name with `, `:
 * Headers joins every repeated name but Set-Cookie (Fetch §2.2.2 hands
 * those out one by one), which a reflection shows as any other repeat.
 */
export function pushHeader(
  pairs: [string, string][],
  name: string,
  value: string,
): void {
  const last = pairs[pairs.length - 1];
  if (last && last[0] === name) last[1] += `, ${value}`;
  else pairs.push([name, value]);
}

/**
 * Puts the Host made from `:authority` into `pairs` where Headers would
 * have listed it (they come sorted by lower-case name), so an answer over
 * HTTP/2 lists its headers in the order one over HTTP/1.1 does.
 */
export function placeHost(
  pairs: [string, string][],
  name: string,
  host: string,
): void {
  let at = 0;
  while (at < pairs.length && pairs[at][0].toLowerCase() < "host") at++;
  pairs.splice(at, 0, [name, host]);
}

/**
 * Request headers as lower-case name → value (repeats joined by `, `),
 * with `host` from the URL when an HTTP/2 request has none (see
 * {@link authorityHost}). forEach, not for-of or
 * `Object.fromEntries(headers)`: Deno's Headers iterator costs about seven
 * times as much.
 */
export function headerRecord(req: Request): Record<string, string> {
  const out: [string, string][] = [];
  req.headers.forEach((value, name) => {
    pushHeader(out, name, value);
  });
  const host = authorityHost(req.headers, req.url);
  if (host) placeHost(out, "host", host);
  // fromEntries: a header named `__proto__` stays an ordinary key.
  return Object.fromEntries(out);
}

const JSON_HEADERS = Object.freeze({
  ...BASE_HEADERS,
  "content-type": JSON_TYPE,
});

/** The JSON response with the base headers plus `extra`. */
export function jsonResponse(
  status: number,
  body: string,
  extra?: Record<string, string>,
): Response {
  return respond(
    body,
    status,
    extra
      ? { ...BASE_HEADERS, "content-type": JSON_TYPE, ...extra }
      : JSON_HEADERS,
  );
}

/**
 * `res` readable with credentials by `origin` when the instance allows it
 * (option `corsOrigins`; Fetch §3.2.3: a credentialed response must name
 * the origin, not `*`); every other origin keeps `*`, which browsers never
 * pair with credentials. While any origin is allowed, every response
 * varies by Origin (Fetch §3.2.5), so no shared cache hands the `*` answer
 * to an allowed origin's request. `origin` is read before the handler
 * runs: a WebSocket upgrade closes the request.
 */
export function withOrigin(
  allowed: ReadonlySet<string>,
  origin: string | null,
  res: Response | Promise<Response>,
): Response | Promise<Response> {
  if (!allowed.size) return res;
  const credentials = origin !== null && allowed.has(origin.toLowerCase());
  const mark = (r: Response) => marked(r, credentials ? origin : null);
  return res instanceof Promise ? res.then(mark) : mark(res);
}

function marked(res: Response, origin: string | null): Response {
  // A WebSocket handshake's headers belong to the runtime; CORS does not
  // apply to WebSocket (RFC 6455 §10.2 has the server check Origin).
  if (res.status === 101) return res;
  try {
    if (origin !== null) {
      res.headers.set("access-control-allow-origin", origin);
      res.headers.set("access-control-allow-credentials", "true");
    }
    const vary = (res.headers.get("vary") ?? "").split(",")
      .map((v) => v.trim().toLowerCase());
    if (!vary.includes("origin") && !vary.includes("*")) {
      res.headers.append("vary", "Origin");
    }
  } catch {
    // An immutable response (none is built so today) keeps `*`.
  }
  return res;
}

/** A CORS preflight: OPTIONS carrying Access-Control-Request-Method. */
export function isPreflight(req: Request): boolean {
  return req.method === "OPTIONS" &&
    req.headers.has("access-control-request-method");
}

const ALLOW_METHODS = ANY_METHODS.join(", ");

/**
 * 204 allowing every method (the requested one named explicitly, since `*`
 * does not cover every browser's custom methods) and exactly the requested
 * headers (`*` would not cover `Authorization`, Fetch §3.2.5).
 */
export function preflight(req: Request): Response {
  const method = req.headers.get("access-control-request-method") ?? "";
  const asked = req.headers.get("access-control-request-headers");
  const methods = isToken(method) &&
      !ANY_METHODS.includes(method.toUpperCase())
    ? `${ALLOW_METHODS}, ${method}`
    : ALLOW_METHODS;
  const h: Record<string, string> = {
    ...BASE_HEADERS,
    "access-control-allow-methods": methods,
    "access-control-max-age": "86400",
    "vary":
      "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
  };
  if (asked) h["access-control-allow-headers"] = asked;
  return new Response(null, { status: 204, headers: h });
}

/**
 * What Deno.serve passes as a handler's second argument (the part used):
 * `remoteAddr` is a `Deno.NetAddr` on TCP, a `Deno.UnixAddr` on a socket.
 */
export interface ServeInfo {
  readonly remoteAddr?: object;
}

/** The client's address as the TCP peer, or `""` when unknown. */
export function peerAddress(info: ServeInfo | undefined): string {
  const host = (info?.remoteAddr as { hostname?: unknown } | undefined)
    ?.hostname;
  return typeof host === "string" ? host : "";
}

/**
 * The client's address with `hops` trusted proxies in front: the
 * X-Forwarded-For entry `hops` from the right (each proxy appends the
 * address it was sent the request from; entries to the left of it are the
 * client's to write), else, when no proxy wrote that header, the `for` of
 * the RFC 7239 Forwarded element `hops` from the right (see
 * core/forwarded.ts); the TCP peer when none are trusted or neither says.
 * At most {@link MAX_ORIGIN_CHARS} characters.
 */
export function clientAddress(
  req: Request,
  info: ServeInfo | undefined,
  hops: number,
): string {
  if (hops <= 0) return peerAddress(info);
  const listed = req.headers.get("x-forwarded-for");
  let entry = listed === null ? "" : entryFromRight(listed, hops);
  if (listed === null) {
    const header = req.headers.get("forwarded");
    entry = (header !== null && forwardedElement(header, hops)?.for) || "";
  }
  return (entry || peerAddress(info)).slice(0, MAX_ORIGIN_CHARS);
}

/** The path of an absolute request URL, without parsing the whole URL. */
export function urlPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/**
 * The offer a client prefers by its Accept header (RFC 9110 §12.5.1): the
 * highest q-value, the most specific matching range deciding each offer's
 * q; at the same q an offer named outright beats one a wildcard matches (a
 * browser's `image/webp,...,image/*` means webp), then the order of
 * `offers` breaks ties. No Accept means anything; null when nothing offered
 * is acceptable. An Accept past its bounds throws 431 naming it.
 */
export function negotiate(
  accept: string | null,
  offers: readonly string[],
): string | null {
  if (accept === null || accept.trim() === "") return offers[0] ?? null;
  const list = weightedList(accept, MAX_ACCEPT_CHARS, MAX_ACCEPT_RANGES);
  if (list.cut) {
    // Read in part, the answer could contradict the part unread: refused,
    // as a field too large to process (RFC 6585 §5).
    throw new ParamError(
      "Accept",
      `Accept may hold at most ${MAX_ACCEPT_RANGES} media ranges in ${MAX_ACCEPT_CHARS} characters.`,
      431,
      { vary: "Accept" },
    );
  }
  const ranges = list.items.map(({ value, q }) => {
    const [type, sub] = value.split("/");
    return { type: type.trim(), sub: sub?.trim() ?? "", q };
  });
  let best: string | null = null;
  let bestQ = 0;
  let bestSpecificity = -1;
  for (const offer of offers) {
    const [type, sub] = offer.toLowerCase().split("/");
    let q = -1;
    let specificity = -1;
    for (const r of ranges) {
      const s = r.type === type && r.sub === sub
        ? 2
        : r.type === type && r.sub === "*"
        ? 1
        : r.type === "*" && r.sub === "*"
        ? 0
        : -1;
      if (s > specificity) {
        specificity = s;
        q = r.q;
      }
    }
    if (q > bestQ || (q > 0 && q === bestQ && specificity > bestSpecificity)) {
      best = offer;
      bestQ = q;
      bestSpecificity = specificity;
    }
  }
  return best;
}

/** An HTTP date (IMF-fixdate, RFC 9110 §5.6.7). */
export function httpDate(date: Date): string {
  return date.toUTCString();
}
