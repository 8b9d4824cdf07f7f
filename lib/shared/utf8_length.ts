/**
 * The bytes a text takes in UTF-8 (RFC 3629), counted without encoding it:
 * a WebSocket frame's length, as DevTools shows it, and the size of pasted
 * text, said in bytes as a file's is (its characters are fewer when it
 * holds any beyond ASCII).
 */

/**
 * The UTF-8 length of `s`, as `TextEncoder` would encode it (a lone
 * surrogate as U+FFFD, 3 bytes), without encoding it.
 */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
