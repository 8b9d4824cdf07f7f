/**
 * Errors of the spec parser. Every rejection says what is wrong and where,
 * so it can be fixed without guessing: line and column for text that cannot
 * be read, a JSON path for a document of the wrong shape.
 */
import { located, type RejectionInfo } from "../shared/parse_error.ts";

/** Where a rejected input went wrong. */
export interface SpecErrorInfo extends RejectionInfo {
  /** `syntax` (cannot be read), `format` (not OpenAPI/Swagger) or `structure`. */
  kind: "syntax" | "format" | "structure";
}

/**
 * Raised when the input is rejected. A `SyntaxError` subclass, so callers
 * tell bad input from a bug by its type, carrying plain data in `info` so
 * the worker can post it to the page.
 */
export class SpecError extends SyntaxError {
  /** Plain, cloneable description of the error. */
  readonly info: SpecErrorInfo;
  /** An error about `info`, its message worded by {@link SpecError.describe}. */
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
