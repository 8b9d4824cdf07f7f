/**
 * Steps over valid JSON text (RFC 8259) without parsing it: whitespace,
 * and a whole value. For reading or rewriting parts of a document whose
 * text `JSON.parse` has already accepted, where the parse itself would
 * forget what the text says (a number's spelling, a key written twice).
 */
import { jsonStringEnd } from "./parse_error.ts";

const WS = /[ \t\n\r]*/y;
/** A scalar of valid JSON ends at the first of these. */
const SCALAR_END = /[,}\] \t\n\r]/g;

/** The offset of the first non-whitespace character at or after `i`. */
export function skipJsonWs(s: string, i: number): number {
  WS.lastIndex = i;
  WS.test(s);
  return WS.lastIndex;
}

/** The offset after the value starting at `i` of valid JSON `s`. */
export function jsonValueEnd(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return jsonStringEnd(s, i);
  if (c !== "{" && c !== "[") {
    SCALAR_END.lastIndex = i;
    return SCALAR_END.exec(s)?.index ?? s.length;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const d = s[j];
    if (d === '"') j = jsonStringEnd(s, j) - 1;
    else if (d === "{" || d === "[") depth++;
    else if (d === "}" || d === "]") {
      if (--depth === 0) return j + 1;
    }
  }
  return s.length;
}
