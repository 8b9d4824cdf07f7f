/**
 * `/stream/{n}`: `n` lines of newline-delimited JSON, each the
 * request as httpbin shows it (R) plus its 0-based `id`, each line its own
 * write, so a client reading lines sees them as they are flushed.
 */
import { setImmediate } from "node:timers";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
  STREAMED_HEADERS,
} from "../core/http.ts";
import { requestSchema, requestShape } from "./request_shape.ts";

/**
 * A body of the chunks `next` returns (null ends it), each its own chunk
 * on the wire (RFC 9112 §7.1): Deno joins the chunks queued within one
 * task into one, so each after the first waits a turn of the event loop
 * (an immediate, not a timer: timers are clamped to a millisecond or
 * more). Pulled, so a client that stops reading or leaves stops `next`.
 */
export function flushedStream(
  next: () => Uint8Array | null,
): ReadableStream<Uint8Array> {
  let first = true;
  let open = true;
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      const chunk = next();
      if (chunk === null) return c.close();
      if (!first) await new Promise((r) => setImmediate(r));
      first = false;
      if (open) c.enqueue(chunk);
    },
    cancel() {
      open = false;
    },
  }, { highWaterMark: 0 });
}

/** `GET /stream/{n}`: `n` JSON lines, each its own write. */
export function stream(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const encoder = new TextEncoder();
  return defineEndpoint({
    summary: "n JSON lines, each flushed",
    description:
      `\`n\` lines of JSON (newline-delimited, Content-Type \`application/json\` as httpbin sends it), each the request (args, headers, origin, url) with its 0-based \`id\`, each written on its own. At most ${l.maxStreamLines} lines (limit \`maxStreamLines\`).`,
    params: [{
      name: "n",
      in: "path",
      type: "integer",
      required: true,
      min: 0,
      max: l.maxStreamLines,
      description: `Lines, 0 to ${l.maxStreamLines}.`,
      example: "3",
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "One JSON object of this schema per line.",
      contentType: JSON_TYPE,
      schema: requestSchema({ id: { type: "integer" } }),
    }, PROBLEM_4XX],
    examples: [{ url: route.url({ n: 3 }), description: "Three lines" }],
    handle: (req, { params, query, info }) => {
      const n = params.n;
      const shape = requestShape(
        req,
        query,
        info,
        ctx.text,
        ctx.limits.trustedProxies,
      );
      let id = 0;
      const body = flushedStream(() =>
        id < n
          ? encoder.encode(JSON.stringify({ ...shape, id: id++ }) + "\n")
          : null
      );
      return respond(body, 200, {
        ...BASE_HEADERS,
        ...REFLECT_HEADERS,
        ...STREAMED_HEADERS,
        "content-type": JSON_TYPE,
      });
    },
  });
}
