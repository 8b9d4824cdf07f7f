/**
 * `/abort?after=N`: a fault to test retries with. The status and
 * headers go out, then `N` bytes of a chunked body, then the body errors:
 * the server closes the connection without the last chunk (RFC 9112
 * §7.1), so the client sees a truncated response, never a complete one.
 * Over HTTP/2 the stream is reset instead (RST_STREAM INTERNAL_ERROR, RFC
 * 9113 §6.4) and the connection's other streams go on.
 */
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, respond } from "../core/http.ts";

/** Bytes per write of the part that is sent. */
const CHUNK = 65_536;
const STAR = 0x2a;
/**
 * Wait before the cut. Over HTTP/2, Deno's server drops a response whose
 * body errors in the same turn as its last chunk, headers and all, so the
 * client would see a reset stream and no 200; a short pause lets the
 * headers and the bytes go out first, as they do over HTTP/1.1.
 */
const CUT_DELAY_MS = 10;

/** `GET /abort?after=N`: `N` bytes, then a cut connection. */
export function abort(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const headers = {
    ...BASE_HEADERS,
    "content-type": "application/octet-stream",
  };
  return defineEndpoint({
    summary: "A response cut short on purpose",
    description:
      "200 with a chunked body of `after` asterisks, then the connection closes without the final chunk: the client sees a truncated-response error (curl: exit 18; fetch: a body read error). The server's log shows one line per cut. HEAD gets the headers only, with the Content-Length of the bytes before the cut.",
    params: [{
      name: "after",
      in: "query",
      type: "integer",
      required: false,
      default: 0,
      min: 0,
      max: l.maxBytes,
      description:
        `Bytes sent before the cut, 0 to ${l.maxBytes} (limit \`maxBytes\`).`,
      example: "100",
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "`after` bytes, then a broken connection.",
      contentType: "application/octet-stream",
      schema: { type: "string" },
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({}, "after=100"),
      description: "100 bytes, then cut",
    }],
    handle: (_req, { params: { after }, head }) => {
      // HEAD states the length of what the GET sends before its cut, as
      // the other streamed bodies' HEADs do (RFC 9110 §8.6: the octets the
      // GET would send; with no length at all, Deno would state 0).
      if (head) {
        return respond(null, 200, {
          ...headers,
          "content-length": String(after),
        });
      }
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        // One write per pull: erroring the stream drops what is still
        // queued, so the cut comes only once every byte has been taken.
        pull(c) {
          if (sent < after) {
            const n = Math.min(CHUNK, after - sent);
            c.enqueue(new Uint8Array(n).fill(STAR));
            sent += n;
          } else {
            return new Promise<void>((r) => setTimeout(r, CUT_DELAY_MS))
              .then(() =>
                c.error(`/abort: cut after ${after} bytes, as the client asked`)
              );
          }
        },
      }, { highWaterMark: 0 });
      return respond(body, 200, headers);
    },
  });
}
