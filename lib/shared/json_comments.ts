/**
 * JSON with comments (JSONC, what editors' settings files hold and people
 * paste from them): `//` and `/* *\/` comments outside strings, blanked
 * with spaces so every other character keeps its line and column. JSON
 * (RFC 8259 §2) allows none; a reader that says so and reads on is kinder
 * than one that rejects the file or, reading it as YAML, makes a comment
 * part of the next key.
 */

/** The text with its comments blanked, and where the first one starts. */
export interface Uncommented {
  text: string;
  /** Offset of the first comment. */
  at: number;
}

/**
 * `text` with every comment outside a string replaced by spaces (line
 * breaks kept), or null when it has none or one never ends (`/*` alone).
 * One pass, linear in the text.
 */
export function stripJsonComments(text: string): Uncommented | null {
  const parts: string[] = [];
  let from = 0; // start of the text not yet copied
  let first = -1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, past escapes.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === 0x22 || d === 0x0a) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c !== 0x2f || i + 1 >= n) {
      i++;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    let end: number;
    // `://` is a URL's, unquoted (YAML flow style, `{url: http://x}`),
    // never a comment: JSON has no `:` right before a value's `/`.
    if (next === 0x2f && i > 0 && text.charCodeAt(i - 1) === 0x3a) {
      i += 2;
      continue;
    }
    if (next === 0x2f) {
      end = text.indexOf("\n", i);
      if (end < 0) end = n;
    } else if (next === 0x2a) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return null;
      end = close + 2;
    } else {
      i++;
      continue;
    }
    if (first < 0) first = i;
    parts.push(text.slice(from, i), blank(text.slice(i, end)));
    from = i = end;
  }
  if (first < 0) return null;
  parts.push(text.slice(from));
  return { text: parts.join(""), at: first };
}

/** Spaces where `s` has characters, its line breaks kept. */
function blank(s: string): string {
  return s.replace(/[^\r\n]/g, " ");
}
