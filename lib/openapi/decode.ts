/**
 * A picked or dropped file's bytes to text, as a browser would read a text
 * file (WHATWG Encoding, "decode": a byte order mark picks UTF-8, UTF-16LE or
 * UTF-16BE and is removed; without one, UTF-8). Bytes that are not valid in
 * the encoding become U+FFFD instead of failing the whole file, so the
 * parser still answers, and `loadText` warns with the line and column of the
 * first replacement. `File.text()` would always use UTF-8, turning a UTF-16
 * spec (as Windows PowerShell's `>` writes) into NUL-riddled noise.
 */

import { bomEncoding } from "../shared/bom.ts";

/** Decodes `bytes` by their byte order mark, UTF-8 by default; never throws. */
export function decodeSpecBytes(bytes: Uint8Array): string {
  // Not `fatal`: one bad byte must not cost the user the whole document.
  return new TextDecoder(bomEncoding(bytes)).decode(bytes);
}
