/**
 * Errors of the spec parser. Every rejection says what is wrong and where,
 * so it can be fixed without guessing: line and column for text that cannot
 * be read, a JSON path for a document of the wrong shape.
 */
import { located, truncate } from "../shared/parse_error.ts";

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
      return located(info.message, {
        line: info.line,
        column: info.column ?? 1,
      });
    }
    if (info.path) return `${info.message} (at ${info.path})`;
    return info.message;
  }
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
