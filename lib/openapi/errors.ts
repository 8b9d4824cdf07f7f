/**
 * Errors of the spec parser. Every rejection says what is wrong and where,
 * so it can be fixed without guessing: line and column for text that cannot
 * be read, a JSON path for a document of the wrong shape.
 */
import { splitLines } from "../shared/json_error.ts";

/** Where a rejected input went wrong. */
export interface SpecErrorInfo {
  /** `syntax` (cannot be read), `format` (not OpenAPI/Swagger) or `structure`. */
  kind: "syntax" | "format" | "structure";
  message: string;
  line?: number;
  column?: number;
  /** JSON path for structural errors. */
  path?: string;
  /** A few source lines around the error with a caret, for syntax errors. */
  excerpt?: string;
}

/**
 * Raised when the input is rejected. A `SyntaxError` subclass, so callers
 * tell bad input from a bug by its type, carrying plain data in `info` so
 * the worker can post it to the page.
 */
export class SpecError extends SyntaxError {
  /** Plain, cloneable description of the error. */
  readonly info: SpecErrorInfo;
  constructor(info: SpecErrorInfo) {
    super(SpecError.describe(info));
    this.name = "SpecError";
    this.info = info;
  }

  /** The message with its location, as one line. */
  static describe(info: SpecErrorInfo): string {
    if (info.line !== undefined) {
      return `${info.message} (line ${info.line}, column ${info.column ?? 1})`;
    }
    if (info.path) return `${info.message} (at ${info.path})`;
    return info.message;
  }
}

/**
 * Up to two lines before and one after `line`, numbered, with a caret under
 * `column`, so the user sees the mistake without opening an editor. Long lines
 * are cut around the column.
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

/** Kind of a JSON value, in words users know, for "found …" messages. */
export function kindOf(v: unknown): string {
  if (v === null) return "null";
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

/** Cuts `s` to `n` characters with an ellipsis. */
export function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
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
