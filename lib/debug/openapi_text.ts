/**
 * The prose of the debug API's OpenAPI description: the general rules of
 * CONTRACT section 3 and the choices made where the contract is silent.
 */
import {
  type DebugLimits,
  DEFAULT_SERVICE_LIMITS,
  type ServiceLimits,
} from "./limits.ts";

/** Markdown description of behaviours, limits and env variables. */
export function apiDescription(
  l: DebugLimits,
  s: ServiceLimits = DEFAULT_SERVICE_LIMITS,
): string {
  return `Predictable HTTP endpoints for testing HTTP clients. Stateless: the same request always gets the same behaviour.

## Rules for every endpoint
- **sleep**: every endpoint takes \`sleep\`, a delay before the response starts: \`250\` (ms), \`250ms\` or \`1.5s\`, at most ${l.maxSleepMs} ms (env \`DEBUG_MAX_SLEEP_MS\`). A client that disconnects during the sleep frees the server's timer.
- **Bad input** is refused before anything else happens (before the sleep) with \`application/problem+json\` (RFC 9457): \`{"type","title","status","detail","param"}\`, \`param\` naming the offending parameter (\`method\` for 405, \`body\` for 413, \`Last-Event-ID\` for a bad resume id). Numbers are strict decimals: no \`+\`, spaces, hex, exponents or leading zeros; out-of-range values are refused, never clamped; a known parameter given twice is refused. Unknown query parameters are ignored.
- **Limits** (env variables, read once at start; a malformed value stops the server): \`DEBUG_MAX_SLEEP_MS\`=${l.maxSleepMs}, \`DEBUG_MAX_REDIRECTS\`=${l.maxRedirects}, \`DEBUG_MAX_BODY_BYTES\`=${l.maxBodyBytes}, \`DEBUG_MAX_SSE_COUNT\`=${l.maxSseCount}, \`DEBUG_MAX_SSE_INTERVAL_MS\`=${l.maxSseIntervalMs}, \`DEBUG_MAX_LONG_REQUESTS\`=${s.maxLongRequests}, \`DEBUG_RATE_LIMIT\`=${s.rateLimitPerMinute} (see below).
- **Bodies** over ${l.maxBodyBytes} bytes get 413, counted as the bytes arrive (chunked uploads included), not from Content-Length. With \`Expect: 100-continue\` and a declared length over the limit, the 413 comes before the body is sent.
- **CORS**: every response (errors too) has \`Access-Control-Allow-Origin: *\` and exposes Location, Retry-After, Content-Encoding, Content-Length and the other headers clients read. A preflight (OPTIONS with Access-Control-Request-Method) on any debug path gets 204 allowing every method and exactly the requested headers. Credentials are not supported on purpose: \`/echo\` must never let another site read this origin's cookies.
- **HEAD** works wherever GET does: same status and headers (Content-Length included), no body.
- **OPTIONS** without Access-Control-Request-Method is echoed by /echo, answered by /status and /redirect like any method, and gets 204 with Allow on GET-only endpoints.
- **Methods**: /status and /redirect answer any method; /echo answers GET, HEAD, POST, PUT, PATCH, DELETE, QUERY and OPTIONS (QUERY, the safe method with a body, is not expressible in OpenAPI 3.1); other endpoints answer GET and HEAD, and 405 with Allow otherwise.
- **Caching**: \`Cache-Control: no-store\` everywhere; responses are never cached or transformed.
- **Unknown paths** under /api/debug/ get 404 problem+json.

## Limits of a public instance
- **Long-lived requests**: a request in its \`sleep\` or an open SSE stream holds a slot; at most ${
    s.maxLongRequests || "unlimited"
  } per server isolate (env \`DEBUG_MAX_LONG_REQUESTS\`, default 10000, 0 = no cap; \`deno serve --parallel\` runs one isolate per core). When all are taken, the next one gets **503** problem+json with \`Retry-After: 1\` before its sleep starts. A slot is freed when the response completes, when the client disconnects and when it cancels the stream. Short requests are never refused.
- **Rate limit** (opt-in): env \`DEBUG_RATE_LIMIT\`=N allows N requests per minute per client address (a token bucket refilled continuously, per isolate; currently ${
    s.rateLimitPerMinute ? `${s.rateLimitPerMinute}/min` : "off"
  }). Over it: **429** problem+json with \`Retry-After\` in seconds. CORS preflights are not counted. The address is the TCP peer: behind a proxy every client shares the proxy's address.
- **Shutdown** (SIGTERM): the server stops accepting connections; requests in flight finish (sleeps included, so at most DEBUG_MAX_SLEEP_MS); every open SSE stream gets a final comment line \`: server shutting down\` and ends cleanly between two events (an EventSource reconnects elsewhere with Last-Event-ID and resumes); a new sleep or stream on a kept-alive connection gets **503** with \`Retry-After: 5\`.
- 429 and 503 carry the same CORS headers as every response, and Retry-After is exposed to scripts.

## Endpoint notes
- /status/{code}: 200-599; 1xx is refused with 400 because an informational status cannot be a final response (RFC 9110 §15.2). 204, 205, 304 and HEAD have no body. 401 carries WWW-Authenticate (Basic), 407 Proxy-Authenticate, 405 Allow, 429 and 503 Retry-After: 1, and 301/302/303/307/308 Location: /api/debug/redirect/0. Unregistered codes have statusText "Unassigned".
- /redirect/{count}: Location is always built from the count, so it can only point inside /api/debug (no open redirect); the query string is kept unchanged, \`absolute=true\` uses this request's origin.
- /echo: always JSON with X-Content-Type-Options: nosniff. \`json\` is the body parsed as JSON whatever the Content-Type (null if it is not JSON); \`form\` reads urlencoded and multipart bodies, files as {filename, type, size}.
- /gzip, /deflate, /brotli: compressed whatever Accept-Encoding says (deflate is the zlib format; brotli's coding is \`br\`), with Vary: Accept-Encoding.
- /sse: never compressed; \`retry:\` first when asked; each event has id, event and one-line JSON data; events are flushed one by one. Last-Event-ID K resumes at K+1, and 204 when nothing is left stops an EventSource.`;
}
