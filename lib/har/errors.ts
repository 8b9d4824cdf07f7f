/**
 * Errors of HAR parsing. Every rejection says what is wrong and where: line
 * and column for JSON syntax errors, a JSON path (`log.entries[3].request`)
 * for structural ones. They are SyntaxError subclasses so callers can tell
 * bad input from bugs.
 */

/** Where and why an input was rejected, as plain data (worker-safe). */
export interface HarErrorInfo {
  kind: "json" | "structure";
  message: string;
  /** 1-based line and column (UTF-16 code units) for JSON syntax errors. */
  line?: number;
  column?: number;
  /** JSON path of the offending value for structural errors. */
  path?: string;
  /** The offending line (JSON errors) and the caret column within it. */
  excerpt?: { text: string; caret: number };
}

/** The input is not JSON, or not a HAR log. */
export class HarParseError extends SyntaxError {
  readonly kind: HarErrorInfo["kind"];
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
  readonly excerpt?: HarErrorInfo["excerpt"];

  constructor(info: HarErrorInfo) {
    super(info.message);
    this.name = "HarParseError";
    this.kind = info.kind;
    this.line = info.line;
    this.column = info.column;
    this.path = info.path;
    this.excerpt = info.excerpt;
  }

  /** The error as plain data, for postMessage. */
  toJSON(): HarErrorInfo {
    const { kind, message, line, column, path, excerpt } = this;
    return { kind, message, line, column, path, excerpt };
  }
}

/** A JSON type name for messages: `null`, `array`, `string`, ... */
export function typeName(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/**
 * The line around an error, cut to at most 80 characters, and where the caret
 * goes in it, so the message can show the spot instead of describing it.
 */
export function excerptAt(
  text: string,
  offset: number,
): { text: string; caret: number } {
  let start = offset, end = offset;
  while (start > 0 && !isBreak(text.charCodeAt(start - 1))) start--;
  while (end < text.length && !isBreak(text.charCodeAt(end))) end++;
  const from = Math.max(start, offset - 50);
  const to = Math.min(end, from + 80);
  return { text: text.slice(from, to), caret: offset - from };
}

function isBreak(c: number): boolean {
  return c === 10 || c === 13;
}
