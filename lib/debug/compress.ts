/**
 * `GET /api/debug/gzip`, `/deflate` and `/brotli`: a JSON body compressed
 * whatever the request's Accept-Encoding says (a client test needs to see
 * its decoder work), with `Vary: Accept-Encoding` (RFC 9110 §12.5.5).
 *
 * Compressed with node:zlib's synchronous calls, not CompressionStream:
 * for these sub-kilobyte bodies the stream machinery costs more than the
 * compression (bench/http_compress_bench.ts: 5-20x for gzip). `deflate`
 * is the zlib format, as the HTTP coding means (RFC 9110 §8.4.1.2).
 */
import {
  brotliCompressSync,
  constants,
  deflateSync,
  gzipSync,
} from "node:zlib";
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE } from "./http.ts";
import { ResponseCache } from "./response_cache.ts";

// Fastest level and a small window: on a few hundred bytes of JSON the
// higher levels save a handful of bytes for 2x (gzip) to 100x (brotli 11)
// the time, and the default 32 KiB window makes zlib allocate ~300 KB per
// call. A client's decoder is exercised just the same: any window up to
// 32 KiB is valid (RFC 1950 §2.2, RFC 7932 §9.1); see
// bench/http_compress_bench.ts.
const GZIP = { level: 1, windowBits: 10, memLevel: 2 };
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_LGWIN]: 10,
  },
};

type Coder = (data: Uint8Array) => Uint8Array;

const encoder = new TextEncoder();

function family(flag: string, coding: string, encode: Coder): FamilyHandler {
  const headers = {
    // No CSP/Referrer-Policy: nosniff already keeps this JSON from ever
    // rendering, and each extra header costs throughput on this path.
    ...BASE_HEADERS,
    "content-type": JSON_TYPE,
    "content-encoding": coding,
    vary: "Accept-Encoding",
  };
  // Clients repeat their requests (test suites, load generators), and the
  // body depends only on the method and headers: the same JSON compresses
  // to the same bytes, so those bytes (and the built response) are reused.
  const cache = new ResponseCache();
  const make = (json: string) => () =>
    new Response(encode(encoder.encode(json)) as BodyInit, {
      status: 200,
      headers,
    });
  return (req, { head }) => {
    const json = JSON.stringify({
      [flag]: true,
      // HEAD gets GET's headers, Content-Length included (RFC 9110 §9.3.2).
      method: head ? "GET" : req.method,
      headers: Object.fromEntries(req.headers),
    });
    return cache.respond(json, make(json));
  };
}

/** `/gzip`: `{"gzipped": true, ...}` with Content-Encoding gzip. */
export const gzipHandler: FamilyHandler = family(
  "gzipped",
  "gzip",
  (d) => gzipSync(d, GZIP),
);

/** `/deflate`: `{"deflated": true, ...}` with Content-Encoding deflate. */
export const deflateHandler: FamilyHandler = family(
  "deflated",
  "deflate",
  (d) => deflateSync(d, GZIP),
);

/** `/brotli`: `{"brotli": true, ...}` with Content-Encoding br. */
export const brotliHandler: FamilyHandler = family(
  "brotli",
  "br",
  (d) => brotliCompressSync(d, BROTLI),
);
