/**
 * Errors of HAR parsing. Every rejection says what is wrong and where: line
 * and column for JSON syntax errors, a JSON path (`$.log.entries[3]`) for
 * structural ones. They are SyntaxError subclasses so callers can tell bad
 * input from bugs.
 */
import type { RejectionInfo } from "../shared/parse_error.ts";

/** Where and why an input was rejected, as plain data (worker-safe). */
export interface HarErrorInfo extends RejectionInfo {
  /** `json` for text that is not JSON, `structure` for JSON that is not a HAR log. */
  kind: "json" | "structure";
}

/** The input is not JSON, or not a HAR log. */
export class HarParseError extends SyntaxError {
  /** `json` (syntax) or `structure` (shape), as {@link HarErrorInfo.kind}. */
  readonly kind: HarErrorInfo["kind"];
  /** 1-based line of a JSON syntax error (byte order mark not counted). */
  readonly line?: number;
  /** 1-based column of a JSON syntax error, in UTF-16 code units. */
  readonly column?: number;
  /** JSON path of the offending value (`$.log.entries[3]`), for structure errors. */
  readonly path?: string;
  /** The lines around a JSON syntax error, with a caret under the column. */
  readonly excerpt?: HarErrorInfo["excerpt"];

  /** An error carrying `info`'s fields; its message is `info.message`. */
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
