/**
 * Where in a text an error is, as people count: 1-based lines and columns
 * (UTF-16 code units, as editors and `String` offsets count them). Line
 * breaks are LF, CR and CRLF, CRLF counting once: JSON allows all three as
 * whitespace (RFC 8259 §2) and YAML takes them as line breaks (YAML 1.2
 * §5.4), so a file saved with classic Mac or Windows line ends is counted
 * the way its editor shows it.
 */

/** A 1-based line and column. */
export interface LineColumn {
  line: number;
  column: number;
}

/**
 * Line and column of `offset` in `text`. Offsets outside the text are
 * clamped to it (the end of the text is a place an error can be).
 */
export function lineColumn(text: string, offset: number): LineColumn {
  return lineColumns(text, [offset])[0];
}

/**
 * Line and column of each offset, in one pass over `text` whatever the
 * number of offsets (a document with thousands of bad `$ref`s).
 */
export function lineColumns(
  text: string,
  offsets: readonly number[],
): LineColumn[] {
  const order = offsets
    .map((o, k) => [Math.max(0, Math.min(o, text.length)), k])
    .sort((a, b) => a[0] - b[0]);
  const out = new Array<LineColumn>(offsets.length);
  let line = 1, lineStart = 0, i = 0;
  for (const [at, k] of order) {
    for (; i < at; i++) {
      const c = text.charCodeAt(i);
      // A CR followed by LF is the first half of one CRLF break.
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
        line++;
        lineStart = i + 1;
      }
    }
    out[k] = { line, column: at - lineStart + 1 };
  }
  return out;
}

/**
 * The lines of `text` without their breaks (LF, CR or CRLF), at most
 * `limit` of them: line n of {@link lineColumn} is `splitLines(text)[n - 1]`.
 */
export function splitLines(text: string, limit?: number): string[] {
  return text.split(/\r\n|\r|\n/, limit);
}
