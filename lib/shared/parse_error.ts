/**
 * Parse errors as every tool shows them: where a fault is, as people count
 * (1-based lines and columns), the source lines around it with a caret, and
 * one wording per fault, so the spec viewer, the HAR viewer and spec compare
 * say the same thing about the same bad input.
 *
 * Lines and columns count UTF-16 code units, as editors and `String`
 * offsets do. Line breaks are LF, CR and CRLF, CRLF counting once: JSON
 * allows all three as whitespace (RFC 8259 §2) and YAML takes them as line
 * breaks (YAML 1.2 §5.4), so a file saved with classic Mac or Windows line
 * ends is counted the way its editor shows it.
 *
 * Structural faults are placed by a JSON path (`$.log.entries[3]`,
 * `$.paths["/pets"].get`), written by one function for both viewers.
 *
 * JSON syntax errors are found by our own RFC 8259 scanner, run only after
 * `JSON.parse` failed: engines word and place their errors differently (V8
 * gives no position for some), and a person needs one answer in every
 * browser.
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

/** Cuts `s` to `n` characters with an ellipsis. */
export function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/** `message` with its place, as one line: `… (line 2, column 10)`. */
export function located(message: string, at: LineColumn): string {
  return `${message} (line ${at.line}, column ${at.column})`;
}

/**
 * Up to two lines before and one after `line`, numbered, with a caret under
 * `column`, so the user sees the mistake without opening an editor. Long
 * lines are cut to 80 characters around the column.
 */
export function excerpt(text: string, line: number, column: number): string {
  const lines = splitLines(text, line + 1);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const out: string[] = [];
  // Keep a window of 80 characters that contains the column.
  const from = Math.max(0, column - 60);
  for (let n = first; n <= last; n++) {
    const raw = lines[n - 1] ?? "";
    const cut = (from > 0 ? "…" : "") + raw.slice(from, from + 80) +
      (raw.length > from + 80 ? "…" : "");
    out.push(`${String(n).padStart(width)} | ${cut}`);
    if (n === line) {
      const pad = column - 1 - from + (from > 0 ? 1 : 0);
      out.push(`${" ".repeat(width)} | ${" ".repeat(Math.max(0, pad))}^`);
    }
  }
  return out.join("\n");
}

/**
 * A JSON value in words people know, for "is …, expected …" messages:
 * `null`, `an array`, `an object`, `the string "abc"`, `the number 1`,
 * `nothing` (absent).
 */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (Array.isArray(v)) return "an array";
  switch (typeof v) {
    case "string":
      return `the string ${JSON.stringify(truncate(v, 40))}`;
    case "number":
    case "boolean":
      return `the ${typeof v} ${String(v)}`;
    case "object":
      return "an object";
    default:
      return typeof v;
  }
}

/** A JSON syntax error: its offset and what the grammar expected there. */
export interface JsonFault {
  offset: number;
  message: string;
  /** The text ended before the document did (cut off, not mistyped). */
  truncated: boolean;
}

/** A located syntax error, worded for people, as plain (cloneable) data. */
export interface SyntaxFault {
  /** `Not valid JSON: …` (the place is in `line` and `column`). */
  message: string;
  line: number;
  column: number;
  /** The lines around the fault with a caret (see {@link excerpt}). */
  excerpt: string;
  /** The text ended before the document did. */
  truncated: boolean;
}

/**
 * The syntax error of `text`, which `JSON.parse` rejected with `err`: found
 * by {@link findJsonError}, else (should the two ever disagree) placed where
 * the engine's message says.
 */
export function jsonSyntaxFault(text: string, err: unknown): SyntaxFault {
  const fault = findJsonError(text);
  const offset = fault?.offset ?? engineOffset(text, err) ?? text.length;
  const at = lineColumn(text, offset);
  const what = fault?.message ??
    (err instanceof Error ? err.message : String(err));
  return {
    message: `Not valid JSON: ${what}`,
    line: at.line,
    column: at.column,
    excerpt: excerpt(text, at.line, at.column),
    truncated: fault?.truncated ?? offset >= text.length,
  };
}

const ARR = 0, OBJ = 1;
const VALUE = 0, KEY = 1, COLON = 2, AFTER = 3;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

function fault(offset: number, message: string, truncated = false): JsonFault {
  return { offset, message, truncated };
}

/** The character at `i` as a message shows it (control characters by code). */
function shown(text: string, i: number): string {
  if (i >= text.length) return "the end of the input";
  const c = text.charCodeAt(i);
  if (c < 0x20 || c === 0x7f) {
    return `control character U+${
      c.toString(16).toUpperCase().padStart(4, "0")
    }`;
  }
  if (c === 39) return "' (JSON strings need double quotes)";
  return `'${String.fromCodePoint(text.codePointAt(i)!)}'`;
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** The end of the string whose opening quote is at `i`, or a fault. */
function scanString(text: string, i: number): number | JsonFault {
  const n = text.length;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      const e = text[j + 1];
      if (e === "u") {
        if (!HEX4.test(text.slice(j + 2, j + 6))) {
          return fault(j, "bad \\u escape: expected 4 hex digits");
        }
        j += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j++;
      else return fault(j, `bad escape \\${e ?? ""} in a string`);
    } else if (c < 0x20) {
      return fault(
        j,
        `unescaped ${shown(text, j)} inside a string ` +
          "(a string may be unterminated)",
      );
    }
  }
  // The opening quote is where the reader can act (as Python's json says).
  return fault(i, "unterminated string: this '\"' is never closed", true);
}

/**
 * The offset after the closing quote of the JSON string whose opening quote
 * is at `i`, or -1 when it is not a well-formed string.
 */
export function jsonStringEnd(text: string, i: number): number {
  const end = scanString(text, i);
  return typeof end === "number" ? end : -1;
}

function scanValue(text: string, i: number): number | JsonFault {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  if (c === "-" || (c >= "0" && c <= "9")) {
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      const end = NUMBER.lastIndex;
      // "01" or "1." leave a digit or dot behind: say so at that spot.
      if (!/[\d.eE+-]/.test(text[end] ?? " ")) return end;
      return fault(end, "invalid number");
    }
    return fault(i, "invalid number");
  }
  for (const lit of ["true", "false", "null"]) {
    if (text.startsWith(lit, i)) return i + lit.length;
  }
  return fault(i, `unexpected ${shown(text, i)}, expected a value`);
}

/**
 * Scans `text` as strict JSON (RFC 8259 §2-§7) without recursion, so deep
 * nesting cannot overflow the stack. Returns null when it is valid, else the
 * first offending offset and what the grammar expected there.
 */
export function findJsonError(text: string): JsonFault | null {
  const stack: number[] = [];
  const n = text.length;
  let state = VALUE, first = false, i = 0;
  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    const top = stack[stack.length - 1];
    if (i >= n) {
      if (state === AFTER && stack.length === 0) return null;
      return stack.length === 0 && state === VALUE
        ? fault(n, "the input is empty", true)
        : fault(
          n,
          `unexpected end of input: ${
            top === OBJ ? "an object ('{')" : "an array ('[')"
          } is not closed`,
          true,
        );
    }
    const c = text[i];
    if (state === VALUE) {
      if (c === "{" || c === "[") {
        stack.push(c === "{" ? OBJ : ARR);
        state = c === "{" ? KEY : VALUE;
        first = true;
        i++;
        continue;
      }
      if (c === "]" && top === ARR) {
        if (!first) return fault(i, "trailing comma before ']'");
        stack.pop();
        state = AFTER;
        i++;
        continue;
      }
      const r = scanValue(text, i);
      if (typeof r !== "number") {
        // Right after '[' a ']' is as good as a value: say so.
        if (first && top === ARR && r.offset === i) {
          r.message = r.message.replace(
            "expected a value",
            "expected a value or ']'",
          );
        }
        return r;
      }
      i = r;
      state = AFTER;
    } else if (state === KEY) {
      if (c === "}" && first) {
        stack.pop();
        state = AFTER;
        i++;
        continue;
      }
      if (c !== '"') {
        return fault(
          i,
          c === "}"
            ? "trailing comma before '}'"
            : `unexpected ${shown(text, i)}, expected a property name ` +
              "in double quotes",
        );
      }
      const r = scanString(text, i);
      if (typeof r !== "number") return r;
      i = r;
      state = COLON;
    } else if (state === COLON) {
      if (c !== ":") {
        return fault(
          i,
          `unexpected ${shown(text, i)}, expected ':' after the property name`,
        );
      }
      i++;
      state = VALUE;
      first = false;
    } else {
      if (stack.length === 0) {
        return fault(
          i,
          `unexpected ${shown(text, i)} after the end of the JSON value`,
        );
      }
      const close = top === OBJ ? "}" : "]";
      if (c === ",") {
        state = top === OBJ ? KEY : VALUE;
        first = false;
        i++;
      } else if (c === close) {
        stack.pop();
        i++;
      } else {
        return fault(
          i,
          `unexpected ${shown(text, i)}, expected ',' or '${close}'` +
            (top === OBJ ? " after a property value" : " after an array item"),
        );
      }
    }
  }
}

/** The offset V8 or SpiderMonkey put in a `JSON.parse` message, if any. */
export function engineOffset(text: string, err: unknown): number | null {
  const msg = err instanceof Error ? err.message : String(err);
  const pos = /at position (\d+)/.exec(msg);
  if (pos) return Math.min(+pos[1], text.length);
  if (/end of (JSON )?(input|data)/i.test(msg)) return text.length;
  return null;
}

/**
 * Where and why an input was rejected, as plain (cloneable) data: line and
 * column for text that cannot be read, a JSON path for a value of the wrong
 * shape. Each viewer adds its own `kind`.
 */
export interface RejectionInfo {
  /** What is wrong, in words a user can act on. */
  message: string;
  /** 1-based line and column (UTF-16 code units), for syntax errors. */
  line?: number;
  /** 1-based column in UTF-16 code units, beside `line`. */
  column?: number;
  /** JSON path of the offending value (see {@link jsonPath}), for structure. */
  path?: string;
  /** The lines around a syntax error, with a caret (see {@link excerpt}). */
  excerpt?: string;
}

/** Longest key, path or `$ref` quoted in a message (a hostile 50 MB key stays out). */
const MAX_QUOTED = 200;

/** `s` cut for quoting in a message or a JSON path. */
export function clip(s: string): string {
  return truncate(s, MAX_QUOTED);
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats a JSON path (`$.paths["/pets"].get.parameters[0]`): identifiers
 * with dots, other keys as JSON strings in brackets, array indexes as numbers.
 * Keys longer than 200 characters are cut, so a message stays readable.
 */
export function jsonPath(keys: readonly (string | number)[]): string {
  let out = "$";
  for (const k of keys) {
    if (typeof k === "number") out += `[${k}]`;
    else if (k.length <= MAX_QUOTED && IDENT.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(clip(k))}]`;
  }
  return out;
}
