/**
 * `/gzip`, `/deflate` and `/brotli`: a JSON body compressed
 * whatever the request's Accept-Encoding says (a client test needs to see
 * its decoder work), with `Vary: Accept-Encoding` (RFC 9110 §12.5.5).
 *
 * gzip and deflate come from core/deflate.ts's small writer (one
 * fixed-Huffman block, RFC 1951 §3.2.6), without node:zlib's per-call
 * stream and z_stream set-up; brotli from core/brotli.ts's, without
 * node:zlib's native encoder per call, which only a garbage collection
 * frees. None uses CompressionStream: for these sub-kilobyte bodies the
 * stream machinery costs more than the compression itself (`deno task
 * bench http_compress`). `deflate` is the zlib format, as the HTTP coding means
 * (RFC 9110 §8.4.1.2).
 */
import {
  type JsonSchema,
  PROBLEM_4XX,
  sleepParam,
  STRING_MAP,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, JSON_TYPE, respond } from "../core/http.ts";
import { canonicalHeaders, clientOrigin } from "./request_shape.ts";
import { BrotliWriter } from "../core/brotli.ts";
import { DeflateWriter } from "../core/deflate.ts";

/** One coding: its Content-Encoding name, JSON flag and encoder. */
interface Coding {
  readonly name: string;
  readonly flag: string;
  readonly encode: (data: Uint8Array) => Uint8Array;
}

function schema(flag: string): JsonSchema {
  return {
    type: "object",
    required: [flag, "headers", "method", "origin"],
    properties: {
      [flag]: { const: true },
      headers: {
        ...STRING_MAP,
        description:
          "The request headers by canonical Title-Case name (httpbin's shape; a repeated header joined with `, `).",
      },
      method: { type: "string" },
      origin: { type: "string", description: "The client's address." },
    },
  };
}

/** The endpoint of one coding. */
function compressed(
  ctx: DebugContext,
  route: Route,
  { name: coding, flag, encode }: Coding,
): EndpointDef {
  const encoder = new TextEncoder();
  const headers = {
    // No CSP/Referrer-Policy: nosniff already keeps this JSON from ever
    // rendering, and each extra header costs throughput on this path.
    ...BASE_HEADERS,
    "content-type": JSON_TYPE,
    "content-encoding": coding,
    vary: "Accept-Encoding",
  };
  return defineEndpoint({
    summary: `A ${coding}-compressed JSON body`,
    description:
      `200 with \`Content-Encoding: ${coding}\` whatever the request's Accept-Encoding says, and \`Vary: Accept-Encoding\`. The body decompresses to httpbin's JSON: \`"${flag}": true\`, the request headers (Title-Case names), method and origin.`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: `JSON, compressed with ${coding}.`,
      contentType: "application/json",
      schema: schema(flag),
      headers: [
        { name: "Content-Encoding", description: coding },
        { name: "Vary", description: "Accept-Encoding" },
      ],
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: `${coding} body` }],
    handle: (req, { head, info }) => {
      const json = JSON.stringify({
        [flag]: true,
        headers: canonicalHeaders(req, ctx.text),
        // HEAD gets GET's headers, Content-Length included (RFC 9110 §9.3.2).
        method: head ? "GET" : req.method,
        origin: clientOrigin(req, info, ctx.limits.trustedProxies),
      });
      return respond(encode(encoder.encode(json)) as BodyInit, 200, headers);
    },
  });
}

/** `GET /gzip` (RFC 1952). */
export function gzip(ctx: DebugContext, route: Route): EndpointDef {
  // One writer per endpoint instance: its tables are reused, never its
  // input (no body can refer to another request's bytes).
  const writer = new DeflateWriter();
  return compressed(ctx, route, {
    name: "gzip",
    flag: "gzipped",
    encode: (d) => writer.gzip(d),
  });
}

/** `GET /deflate`: the zlib format (RFC 1950), as the HTTP coding means. */
export function deflate(ctx: DebugContext, route: Route): EndpointDef {
  const writer = new DeflateWriter();
  return compressed(ctx, route, {
    name: "deflate",
    flag: "deflated",
    encode: (d) => writer.zlib(d),
  });
}

/** `GET /brotli`: the coding is named `br` (RFC 7932). */
export function brotli(ctx: DebugContext, route: Route): EndpointDef {
  const writer = new BrotliWriter();
  return compressed(ctx, route, {
    name: "br",
    flag: "brotli",
    encode: (d) => writer.compress(d),
  });
}
