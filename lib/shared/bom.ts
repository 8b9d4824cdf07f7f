/**
 * The encoding a file's byte order mark names, as WHATWG Encoding's
 * "decode" picks it (§6: EF BB BF is UTF-8, FF FE UTF-16LE, FE FF
 * UTF-16BE), and UTF-8 without one. A `TextDecoder` for it drops the mark.
 * Both viewers read picked files this way, so a UTF-16 export (Windows
 * PowerShell's `>`) opens alike in each.
 */

/** What {@link bomEncoding} names. */
export type BomEncoding = "utf-8" | "utf-16le" | "utf-16be";

/**
 * Bytes of a UTF-8 byte order mark at the start of `bytes` (3 or 0): a
 * decoder drops it, so offsets into the bytes skip it too.
 */
export function utf8BomLength(bytes: ArrayLike<number>): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** The encoding `bytes` (a file's first two bytes suffice) start with. */
export function bomEncoding(bytes: ArrayLike<number>): BomEncoding {
  const a = bytes[0], b = bytes[1];
  return a === 0xff && b === 0xfe
    ? "utf-16le"
    : a === 0xfe && b === 0xff
    ? "utf-16be"
    : "utf-8";
}
