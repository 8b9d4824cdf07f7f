/**
 * Errors of HAR parsing. Every rejection says what is wrong and where: line
 * and column for JSON syntax errors, a JSON path (`$.log.entries[3]`) for
 * structural ones. They are SyntaxError subclasses so callers can tell bad
 * input from bugs.
 */
import type { RejectionInfo } from "../shared/parse_error.ts";

/** Where and why an input was rejected, as plain data (worker-safe). */
export interface HarErrorInfo extends RejectionInfo {
  kind: "json" | "structure";
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
