/**
 * 32-bit FNV-1a (Fowler, Noll and Vo): a fixed, fast, non-cryptographic
 * hash, for values that must come out the same in every isolate and on
 * every machine (a seeded stream, an ETag, an entry named in a link).
 * Not for secrets.
 */

/** 32-bit FNV-1a of the UTF-8 bytes of `text`. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
