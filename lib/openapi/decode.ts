/**
 * A picked or dropped file's bytes to text, as a browser would read a text
 * file (WHATWG Encoding, "decode": a byte order mark picks UTF-8, UTF-16LE or
 * UTF-16BE and is removed; without one, UTF-8). Bytes that are not valid in
 * the encoding become U+FFFD instead of failing the whole file, so the
 * parser still answers, and `loadText` warns with the line and column of the
 * first replacement. `File.text()` would always use UTF-8, turning a UTF-16
 * spec (as Windows PowerShell's `>` writes) into NUL-riddled noise.
 */

/** Decodes `bytes` by their byte order mark, UTF-8 by default; never throws. */
export function decodeSpecBytes(bytes: Uint8Array): string {
  const [a, b] = bytes;
  const label = a === 0xff && b === 0xfe
    ? "utf-16le"
    : a === 0xfe && b === 0xff
    ? "utf-16be"
    : "utf-8";
  // Not `fatal`: one bad byte must not cost the user the whole document.
  return new TextDecoder(label).decode(bytes);
}
