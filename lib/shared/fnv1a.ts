/**
 * 32-bit FNV-1a (Fowler, Noll and Vo): a fixed, fast, non-cryptographic
 * hash, for values that must come out the same in every isolate and on
 * every machine (a seeded stream, an ETag, an entry named in a link).
 * Not for secrets.
 */

/** FNV-1a's 32-bit offset basis. */
const BASIS = 0x811c9dc5;
/** FNV-1a's 32-bit prime. */
const PRIME = 0x01000193;

/**
 * 32-bit FNV-1a of the UTF-8 bytes of `text` (a lone surrogate as
 * U+FFFD's, as `TextEncoder` writes it). The bytes are made as the loop
 * goes, not encoded first: a 50 MB `data:` URL a HAR entry's key names
 * cost a copy of itself and an iterator step per byte (0.8 s in Chromium).
 */
export function fnv1a(text: string): number {
  let h = BASIS;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      h = Math.imul(h ^ c, PRIME);
      continue;
    }
    if (c < 0x800) {
      h = Math.imul(h ^ (0xc0 | (c >> 6)), PRIME);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = c <= 0xdbff ? text.charCodeAt(i + 1) : 0;
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          h = Math.imul(h ^ (0xf0 | (c >> 18)), PRIME);
          h = Math.imul(h ^ (0x80 | ((c >> 12) & 0x3f)), PRIME);
        } else c = 0xfffd;
      }
      if (c < 0x10000) h = Math.imul(h ^ (0xe0 | (c >> 12)), PRIME);
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), PRIME);
    }
    h = Math.imul(h ^ (0x80 | (c & 0x3f)), PRIME);
  }
  return h >>> 0;
}
