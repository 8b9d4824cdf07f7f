/**
 * A small, fast DEFLATE writer (RFC 1951) for the compressed endpoints'
 * bodies (`/gzip`, `/deflate`: a few hundred bytes of JSON), wrapped as gzip
 * (RFC 1952) or zlib (RFC 1950).
 *
 * - One final block with the fixed Huffman code (BTYPE 01, RFC 1951
 *   §3.2.6): the block type zlib itself writes at level 1 for bodies this
 *   small, and one every decoder must read.
 * - Literals and length/distance pairs from lz77.ts's greedy matcher (a
 *   1 KiB window, zlib level 1's effort).
 *
 * Why not node:zlib's `gzipSync`: each call builds a Node Transform stream
 * and a native z_stream (deflateInit), which was two thirds of `/gzip`'s
 * server CPU per response; this writer keeps its hash tables between calls
 * and allocates only the output (`deno task bench http_compress`). No
 * call's output depends on an earlier one (lz77.ts; deflate_test.ts checks
 * it).
 */
import { Lz77, MAX_MATCH, WINDOW } from "./lz77.ts";
import { reverseBits as reverse } from "./prefix_code.ts";

/**
 * The fixed code's tables (RFC 1951 §3.2.5, §3.2.6), built once and only
 * read afterwards. Huffman codes are stored bit-reversed: they are packed
 * most significant bit first into a stream filled from the least
 * significant bit (RFC 1951 §3.1.1).
 */
function fixedTables() {
  const litCode = new Uint16Array(288);
  const litBits = new Uint8Array(288);
  for (let s = 0; s < 288; s++) {
    const [code, bits] = s < 144
      ? [0x30 + s, 8]
      : s < 256
      ? [0x190 + s - 144, 9]
      : s < 280
      ? [s - 256, 7]
      : [0xc0 + s - 280, 8];
    litCode[s] = reverse(code, bits);
    litBits[s] = bits;
  }
  // Length codes 257..285: 8 without extra bits, then 4 per extra bit
  // count up to 5; 285 is exactly 258 (§3.2.5).
  const lenBase = new Uint16Array(29);
  const lenExtra = new Uint8Array(29);
  for (let i = 0, base = 3; i < 28; i++) {
    lenExtra[i] = i < 8 ? 0 : (i >> 2) - 1;
    lenBase[i] = base;
    base += 1 << lenExtra[i];
  }
  lenBase[28] = MAX_MATCH;
  const lenIndex = new Uint8Array(MAX_MATCH + 1);
  for (let i = 0; i < 28; i++) {
    for (let l = lenBase[i]; l < lenBase[i] + (1 << lenExtra[i]); l++) {
      if (l < MAX_MATCH) lenIndex[l] = i;
    }
  }
  lenIndex[MAX_MATCH] = 28;
  // Distance codes 0..29: 4 without extra bits, then 2 per extra bit count;
  // the window needs codes 0..19 (up to 1024).
  const distBase = new Uint16Array(30);
  const distExtra = new Uint8Array(30);
  const distCode = new Uint8Array(30);
  for (let i = 0, base = 1; i < 30; i++) {
    distExtra[i] = i < 4 ? 0 : (i >> 1) - 1;
    distBase[i] = base;
    distCode[i] = reverse(i, 5);
    base += 1 << distExtra[i];
  }
  const distIndex = new Uint8Array(WINDOW + 1);
  for (let i = 0; i < 30 && distBase[i] <= WINDOW; i++) {
    const end = Math.min(distBase[i] + (1 << distExtra[i]), WINDOW + 1);
    for (let d = distBase[i]; d < end; d++) distIndex[d] = i;
  }
  const crc = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc[n] = c >>> 0;
  }
  return {
    litCode,
    litBits,
    lenBase,
    lenExtra,
    lenIndex,
    distBase,
    distExtra,
    distCode,
    distIndex,
    crc,
  } as const;
}

const T = fixedTables();

/** CRC-32 of `data` (ISO 3309, the gzip trailer's, RFC 1952 §8). */
export function crc32(data: Uint8Array): number {
  const table = T.crc;
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** Adler-32 of `data` (the zlib trailer's, RFC 1950 §8.2). */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    // 5552 bytes keep b below 2^53 long before the modulo (zlib's NMAX
    // keeps it below 2^32).
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Bytes a fixed-Huffman block of `n` input bytes can take, at most. */
function maxDeflated(n: number): number {
  // A literal is at most 9 bits and a match never costs more than 9 bits
  // per byte it covers; plus 3 header bits, 7 for end of block, padding.
  return Math.ceil(n * 9 / 8) + 8;
}

/**
 * gzip and zlib bodies from one set of hash tables. One writer per
 * endpoint instance: it is synchronous, so calls never interleave, and
 * (see the module comment) no call's output depends on an earlier one.
 */
export class DeflateWriter {
  readonly #lz: Lz77;

  /** `firstStamp` is for tests only (see {@link Lz77}). */
  constructor(firstStamp = 1) {
    this.#lz = new Lz77(firstStamp);
  }

  /** `data` as a gzip member (RFC 1952), header as zlib's level 1 writes. */
  gzip(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(10 + maxDeflated(data.length) + 8);
    // ID1 ID2, CM 8 (deflate), no FLG bits, MTIME 0 (none), XFL 4 (the
    // fastest algorithm), OS 3 (Unix): RFC 1952 §2.3.1.
    out[0] = 0x1f;
    out[1] = 0x8b;
    out[2] = 8;
    out[8] = 4;
    out[9] = 3;
    let at = this.#deflate(data, out, 10);
    // CRC32 then ISIZE (the length modulo 2^32), little-endian (§2.3.1).
    const crc = crc32(data);
    const size = data.length >>> 0;
    out[at++] = crc & 0xff;
    out[at++] = (crc >>> 8) & 0xff;
    out[at++] = (crc >>> 16) & 0xff;
    out[at++] = crc >>> 24;
    out[at++] = size & 0xff;
    out[at++] = (size >>> 8) & 0xff;
    out[at++] = (size >>> 16) & 0xff;
    out[at++] = size >>> 24;
    return out.subarray(0, at);
  }

  /** `data` in the zlib format (RFC 1950), which HTTP's `deflate` means. */
  zlib(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(2 + maxDeflated(data.length) + 4);
    // CMF: CM 8, CINFO 7 (a 32 KiB window: an upper bound, so a stream
    // that reaches back 1 KiB at most is within it); FLG: FLEVEL 0
    // (fastest), no dictionary, FCHECK making CMF*256+FLG a multiple of 31
    // (§2.2). `78 01`, as every common encoder starts: axios reads a first
    // byte other than 0x78 as raw deflate and fails on the stream.
    out[0] = 0x78;
    out[1] = 0x01;
    let at = this.#deflate(data, out, 2);
    // ADLER32, most significant byte first (§2.2).
    const sum = adler32(data);
    out[at++] = sum >>> 24;
    out[at++] = (sum >>> 16) & 0xff;
    out[at++] = (sum >>> 8) & 0xff;
    out[at++] = sum & 0xff;
    return out.subarray(0, at);
  }

  /**
   * `data` as one final fixed-Huffman block written into `out` from `at`
   * (room for {@link maxDeflated} bytes); returns the offset after it.
   */
  #deflate(data: Uint8Array, out: Uint8Array, at: number): number {
    const n = data.length;
    const count = this.#lz.parse(data);
    const found = this.#lz.matches;
    const { litCode, litBits, lenBase, lenExtra, lenIndex } = T;
    const { distBase, distExtra, distCode, distIndex } = T;
    // Bits are packed from the least significant end (RFC 1951 §3.1.1).
    let acc = 0b011; // BFINAL 1, then BTYPE 01 (fixed Huffman), §3.2.3
    let nacc = 3;
    let i = 0;
    for (let m = 0; m <= count; m++) {
      // The literals before match m (after the last one: up to the end).
      const to = m < count ? found[3 * m] : n;
      while (i < to) {
        const c = data[i++];
        acc |= litCode[c] << nacc;
        nacc += litBits[c];
        while (nacc >= 8) {
          out[at++] = acc & 0xff;
          acc >>>= 8;
          nacc -= 8;
        }
      }
      if (m === count) break;
      const len = found[3 * m + 1];
      const dist = found[3 * m + 2];
      const li = lenIndex[len];
      const di = distIndex[dist];
      // Length symbol, its extra bits, distance code, its extra bits:
      // at most 8 + 5 + 5 + 8 bits, on top of at most 7 pending.
      acc |= litCode[257 + li] << nacc;
      nacc += litBits[257 + li];
      acc |= (len - lenBase[li]) << nacc;
      nacc += lenExtra[li];
      while (nacc >= 8) {
        out[at++] = acc & 0xff;
        acc >>>= 8;
        nacc -= 8;
      }
      acc |= distCode[di] << nacc;
      nacc += 5;
      acc |= (dist - distBase[di]) << nacc;
      nacc += distExtra[di];
      while (nacc >= 8) {
        out[at++] = acc & 0xff;
        acc >>>= 8;
        nacc -= 8;
      }
      i += len;
    }
    acc |= litCode[256] << nacc; // end of block (§3.2.5)
    nacc += litBits[256];
    while (nacc > 0) {
      out[at++] = acc & 0xff;
      acc >>>= 8;
      nacc -= 8;
    }
    return at;
  }
}
