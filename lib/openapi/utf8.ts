/**
 * A picked file's bytes to text, exactly as decode.ts reads them (WHATWG
 * Encoding "decode": a byte order mark picks the encoding and is removed;
 * UTF-8 without one; U+FFFD for bytes that are not valid), faster on the
 * text real specs are: ASCII but for a few characters (Stripe: 445 bytes of
 * 3 MB in 154 runs, typographic quotes). Chromium's TextDecoder decodes
 * ASCII quickly but slows down for the whole rest of the input once it has
 * met one other character (42-55 ms for Stripe against 6 ms for a pure
 * ASCII spec of 1.8 MB), so the ASCII stretches are decoded apart from the
 * runs of other bytes and joined (35 ms; see bench/spec_bench.ts).
 *
 * Same result by construction: an ASCII byte is never part of a UTF-8
 * sequence and ends any incomplete one (Encoding §9.1.1, UTF-8 decoder:
 * a byte outside the expected range emits U+FFFD and is processed again),
 * so cutting the input before and after every ASCII stretch changes no
 * character.
 */
import { decodeSpecBytes } from "./decode.ts";
import { bomEncoding, utf8BomLength } from "../shared/bom.ts";

/** Runs of non-ASCII bytes decoded apart; past this, the rest goes whole. */
const MAX_RUNS = 4096;

/** Decodes `bytes` as decode.ts's `decodeSpecBytes` does; never throws. */
export function decodeText(bytes: Uint8Array): string {
  // UTF-16 byte order marks, and views a word scan cannot read: as is.
  if (bomEncoding(bytes) !== "utf-8") return decodeSpecBytes(bytes);
  if (bytes.byteOffset % 4 !== 0) return decodeSpecBytes(bytes);
  // A UTF-8 byte order mark is removed; any later U+FEFF is text.
  const from = utf8BomLength(bytes);
  const dec = new TextDecoder("utf-8", { ignoreBOM: true });
  const n = bytes.length;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, n >> 2);
  const parts: string[] = [];
  let start = from; // the first byte not yet decoded
  let i = from;
  let runs = 0;
  while (i < n) {
    if ((i & 3) === 0) {
      // ASCII four bytes at a time: no byte with its high bit set.
      let w = i >> 2;
      while (w < words.length && (words[w] & 0x80808080) === 0) w++;
      i = w << 2;
      if (i >= n) break;
    }
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    if (++runs > MAX_RUNS) break; // text that is not mostly ASCII
    let j = i + 1;
    while (j < n && bytes[j] >= 0x80) j++;
    if (i > start) parts.push(dec.decode(bytes.subarray(start, i)));
    parts.push(dec.decode(bytes.subarray(i, j)));
    start = i = j;
  }
  if (start < n) parts.push(dec.decode(bytes.subarray(start)));
  return parts.join("");
}
