/**
 * Generated bodies: `/bytes/{n}` (one body with Content-Length) and
 * `/stream-bytes/{n}` (the same bytes, chunked, `chunk_size` at a time).
 * The bytes come from the documented seeded generator (`core/random.ts`): the same
 * `n` and `seed` give the same bytes in every isolate and after a restart;
 * without one they come from the instance's seeded stream (option `seed`),
 * else they are random.
 */
import { param, PROBLEM_4XX, seedParam, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import { type DebugLimits, MAX_STREAM_WRITES } from "../core/limits.ts";
import { ParamError } from "../core/params.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, respond, STREAMED_HEADERS } from "../core/http.ts";
import { flushedStream } from "./stream.ts";

const OCTETS = "application/octet-stream";

const SEED = "Makes the bytes reproducible: the same seed, the same bytes.";

/** The `n` path parameter of a generated body: its length in bytes. */
export function lengthParam(l: DebugLimits, what: string) {
  return param({
    name: "n",
    in: "path",
    type: "integer",
    required: true,
    min: 0,
    max: l.maxBytes,
    description: `${what}, 0 to ${l.maxBytes} (limit \`maxBytes\`).`,
    example: "1024",
  });
}

/** `count` bytes: the same for the same `seed`, else the instance's next. */
function seededBytes(ctx: DebugContext) {
  return (count: number, seed: string | undefined) =>
    ctx.random(seed).bytes(count);
}

/** `GET /bytes/{n}`: one body with Content-Length. */
export function bytes(ctx: DebugContext, route: Route): EndpointDef {
  const bytesOf = seededBytes(ctx);
  return defineEndpoint({
    summary: "n pseudo-random bytes",
    description:
      "`n` bytes of `application/octet-stream` with Content-Length. With `seed`, always the same bytes (a documented xoshiro128** stream seeded by FNV-1a and SplitMix32); the same `n` and `seed` give the same bytes as /stream-bytes.",
    params: [
      lengthParam(ctx.limits, "How many bytes"),
      seedParam(SEED),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "200",
      description: "The bytes.",
      contentType: OCTETS,
      schema: { type: "string", format: "binary" },
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({ n: 16 }), description: "16 random bytes" },
      {
        url: route.url({ n: 16 }, "seed=42"),
        description: "Always the same 16",
      },
    ],
    handle: (_req, { params }) =>
      respond(bytesOf(params.n, params.seed) as BodyInit, 200, {
        ...BASE_HEADERS,
        "content-type": OCTETS,
      }),
  });
}

/** `GET /stream-bytes/{n}`: the same bytes, chunked. */
export function streamBytes(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const bytesOf = seededBytes(ctx);
  return defineEndpoint({
    summary: "n pseudo-random bytes, chunked",
    description:
      "The same bytes as /bytes/{n} for the same `seed`, sent with chunked transfer coding in writes of `chunk_size` bytes. A client that leaves stops the generation.",
    params: [lengthParam(l, "How many bytes"), seedParam(SEED), {
      name: "chunk_size",
      in: "query",
      type: "integer",
      required: false,
      default: 10_240,
      min: 1,
      max: l.maxBytes,
      description:
        `Bytes per write, 1 to ${l.maxBytes}, and at most ${MAX_STREAM_WRITES} writes in all (\`n\` / \`chunk_size\`, rounded up).`,
      example: "1024",
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "The bytes, chunked.",
      contentType: OCTETS,
      schema: { type: "string", format: "binary" },
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({ n: 4096 }, "seed=42&chunk_size=1024"),
      description: "Four chunks",
    }],
    validate: ({ n, chunk_size }) => {
      if (Math.ceil(n / chunk_size) > MAX_STREAM_WRITES) {
        throw new ParamError(
          "chunk_size",
          `n / chunk_size (rounded up) must be at most ${MAX_STREAM_WRITES} writes: give chunk_size ${
            Math.ceil(n / MAX_STREAM_WRITES)
          } or more for ${n} bytes.`,
        );
      }
    },
    handle: (_req, { params, head }) => {
      const total = params.n;
      if (head) {
        return respond(null, 200, {
          ...BASE_HEADERS,
          ...STREAMED_HEADERS,
          "content-type": OCTETS,
          "content-length": String(total),
        });
      }
      const size = params.chunk_size;
      const all = bytesOf(total, params.seed);
      let at = 0;
      const body = flushedStream(() => {
        if (at >= total) return null;
        at += size;
        return all.subarray(at - size, at);
      });
      return respond(body, 200, {
        ...BASE_HEADERS,
        ...STREAMED_HEADERS,
        "content-type": OCTETS,
      });
    },
  });
}
