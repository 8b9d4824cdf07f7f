/**
 * Content codings for the app's own pages and static files (not for the
 * debug API, whose bytes are the point: it sends `no-transform`, and codes
 * only its own description, `/openapi.json`). A page
 * of the debug reference is 640 kB of HTML and 40 kB in brotli; a bundle
 * chunk 300 kB and 100 kB. Brotli at quality 5 compresses those in 4-7 ms
 * (quality 11 took 300 ms), gzip at level 6 in 2-4 ms.
 *
 * node:zlib's one-shot encoders, which the debug API avoids on its hot
 * path (their native buffers wait for a garbage collection, and /gzip
 * runs at tens of thousands of requests a second): here a page is coded
 * once per view, at the rate people open pages, and a static file once per
 * server (assets.ts keeps its coded forms).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { codingWeights } from "../lib/shared/accept_encoding.ts";

/** A coding this server writes. */
export type Coding = "br" | "gzip";

/** Below this size a coding saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The coding a client prefers by its Accept-Encoding (RFC 9110 §12.5.3):
 * the highest q among `br` and `gzip` (`x-gzip` is gzip, `*` any coding
 * not named), brotli first at the same q (smaller); null for none (no
 * header, only `identity`, or q=0 for both).
 */
export function codingFor(accept: string | null): Coding | null {
  if (!accept) return null;
  const q = codingWeights(accept);
  const of = (c: Coding) => q.get(c) ?? q.get("*") ?? 0;
  const br = of("br"), gzip = of("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

/** Whether a body of `type` is worth compressing (text, not images). */
export function compressible(type: string): boolean {
  return /^(?:text\/|application\/(?:javascript|json|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i
    .test(type);
}

/**
 * Whether a body of `type` and `size` bytes is sent coded for some
 * clients: then its answers vary by Accept-Encoding.
 */
export function codable(type: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && compressible(type);
}

/** `body` in `coding`. */
export function encode(
  body: Uint8Array<ArrayBuffer>,
  coding: Coding,
): Uint8Array<ArrayBuffer> {
  const out = coding === "br"
    ? brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    })
    : gzipSync(body, { level: 6 });
  return new Uint8Array(
    out.buffer,
    out.byteOffset,
    out.byteLength,
  ) as Uint8Array<
    ArrayBuffer
  >;
}
