/**
 * Text that holds a document inside something else, as people paste it:
 * a Markdown code fence (from a chat or an issue), JavaScript around a
 * JSON value (`const spec = {…};` from a page's source); and text that is
 * no document at all, whose plain error would mislead (an HTML page, XML,
 * UTF-16 read as UTF-8). Swagger UI and Redoc reject all of these with a
 * parser's error; the document inside is read here, said once.
 */
import { lineColumn } from "../shared/parse_error.ts";
import { SpecError } from "./errors.ts";
import type { SpecWarning } from "./types.ts";

/** What {@link unwrap} made of a text. */
export interface Unwrapped {
  /** The text with what is around the document blanked (same lines and columns). */
  text: string;
  warning: SpecWarning;
}

/** Lines looked at for an opening fence. */
const FENCE_LINES = 30;

/** Spaces where `s` has characters, its line breaks kept. */
function blank(s: string): string {
  return s.replace(/[^\r\n]/g, " ");
}

/**
 * A fence (CommonMark §4.5: three or more backticks or tildes) opening in
 * the first lines, and its closing one: the lines outside are blanked.
 */
function fenced(text: string): Unwrapped | null {
  // Only the first lines are looked at: a regular expression over the
  // whole of a large paste would cost time for nothing.
  let cut = -1;
  for (let n = 0; n < FENCE_LINES; n++) {
    cut = text.indexOf("\n", cut + 1);
    if (cut < 0) break;
  }
  const head = cut < 0 ? text : text.slice(0, cut);
  const open = /^ {0,3}(`{3,}|~{3,})([^`\n]*)$/m.exec(head);
  if (!open) return null;
  const mark = open[1];
  const bodyStart = text.indexOf("\n", open.index);
  if (bodyStart < 0) return null;
  const close = new RegExp(
    `^ {0,3}${mark[0] === "`" ? "`" : "~"}{${mark.length},}[ \\t]*\\r?$`,
    "m",
  );
  const tail = text.slice(bodyStart + 1);
  const end = close.exec(tail);
  const bodyEnd = end ? bodyStart + 1 + end.index : text.length;
  const lang = open[2].trim().split(/\s/)[0] ?? "";
  return {
    text: blank(text.slice(0, bodyStart + 1)) +
      text.slice(bodyStart + 1, bodyEnd) + blank(text.slice(bodyEnd)),
    warning: {
      message: `The text is wrapped in a Markdown code fence (${mark}${
        lang.slice(0, 20)
      }): what is inside it is read`,
      ...lineColumn(text, open.index),
    },
  };
}

/**
 * JavaScript assigning or exporting one JSON (or object literal) value:
 * `const spec = `, `window.spec = `, `module.exports = `, `export default `.
 */
const JS_START =
  /^\s*(?:export\s+default\s+|module\.exports\s*=\s*|(?:(?:const|let|var)\s+)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*=\s*)(?=[{[])/;

function scripted(text: string): Unwrapped | null {
  const m = JS_START.exec(text);
  if (!m) return null;
  // A `;` (and white space) after the value goes too: found from the end,
  // a character at a time (a pattern anchored at the end is quadratic).
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  if (text[end - 1] === ";") end--;
  const prefix = m[0].trim();
  return {
    text: blank(m[0]) + text.slice(m[0].length, end) +
      blank(text.slice(end)),
    warning: {
      message: `The text is JavaScript around the document (${
        prefix.length > 40 ? prefix.slice(0, 40) + "…" : prefix
      }): the value is read`,
      ...lineColumn(text, m[0].length - m[0].trimStart().length),
    },
  };
}

/**
 * Why `text` is no document at all, when it plainly is something else:
 * its parser's error would mislead (`null byte is not allowed`, `the top
 * level is the string "<!DOCTYPE html>"`). Null for anything else.
 */
export function notADocument(text: string): SpecError | null {
  const head = text.slice(0, 64);
  const refuse = (kind: "syntax" | "format", message: string) =>
    new SpecError(
      kind === "syntax"
        ? { kind, message, line: 1, column: 1 }
        : { kind, message, path: "$" },
    );
  // UTF-16 read as UTF-8 (no byte order mark to tell): a NUL beside each
  // ASCII character.
  if (/^(?:[^\0]\0){4}|^(?:\0[^\0]){4}/.test(head)) {
    return refuse(
      "syntax",
      "The file looks like UTF-16 text without a byte order mark: save it as UTF-8 (or UTF-16 with a BOM) and open it again",
    );
  }
  const start = head.trimStart();
  if (/^<\?xml/i.test(start)) {
    return refuse(
      "format",
      "This is XML, not an API description: the viewer reads OpenAPI and Swagger documents written in JSON or YAML",
    );
  }
  if (/^<(?:!doctype\s+html|html|head|body|!--)/i.test(start)) {
    return refuse(
      "format",
      "This is an HTML page (an error page, or a documentation page), not an API description: open the raw JSON or YAML file it serves or links to",
    );
  }
  return null;
}

/**
 * The document inside `text` (a Markdown fence's content, a JavaScript
 * value), with everything around it blanked; null when it holds none.
 * Asked only for text that did not read: a YAML description holding a
 * fence is no wrapper.
 */
export function unwrap(text: string): Unwrapped | null {
  return fenced(text) ?? scripted(text);
}
