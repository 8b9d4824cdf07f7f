/**
 * Reading JSON source text beyond what `JSON.parse` reports: where a syntax
 * error is (V8 omits the position for some errors, e.g. a bad literal), and
 * how a number was written (`1.0` parses to `1`, but the contract shows
 * `info.version` as written). Both run only in those rare cases, never on the
 * fast path.
 */

const WS = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES = '"\\/bfnrtu';
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** A JSON syntax error found by {@link locateJsonError}. */
export interface JsonFault {
  offset: number;
  message: string;
}

function skipWs(s: string, i: number): number {
  WS.lastIndex = i;
  WS.test(s);
  return WS.lastIndex;
}

/** Scans a string starting at the quote `i`; returns the end or a fault. */
function scanString(s: string, i: number): number | JsonFault {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      const e = s[j + 1] ?? "";
      if (!ESCAPES.includes(e) || e === "") {
        return { offset: j, message: "Bad escape sequence in string" };
      }
      if (e === "u" && !HEX4.test(s.slice(j + 2, j + 6))) {
        return { offset: j, message: "Bad \\u escape in string" };
      }
      j++;
    } else if (c < 32) {
      return {
        offset: j,
        message: "Bad control character in string (a raw line break?)",
      };
    }
  }
  return { offset: i, message: "String is never closed" };
}

/**
 * The offset after the closing quote of the JSON string whose opening quote
 * is at `i`, or -1 when it is not a well-formed string.
 */
export function jsonStringEnd(s: string, i: number): number {
  const end = scanString(s, i);
  return typeof end === "number" ? end : -1;
}

/** Scans one scalar value at `i`; returns its end or a fault. */
function scanScalar(s: string, i: number): number | JsonFault {
  const c = s[i];
  if (c === '"') return scanString(s, i);
  for (const lit of ["true", "false", "null"]) {
    if (s.startsWith(lit, i)) return i + lit.length;
  }
  NUMBER.lastIndex = i;
  if (NUMBER.test(s)) return NUMBER.lastIndex;
  if (i >= s.length) return { offset: i, message: "Unexpected end of input" };
  const shown = c === "'" ? "' (JSON strings need double quotes)" : `'${c}'`;
  return { offset: i, message: `Unexpected ${shown}, expected a value` };
}

/**
 * Finds the first syntax error of `s` (RFC 8259 grammar) with an iterative
 * scanner (no recursion, so deep nesting cannot overflow the stack).
 * Returns null when `s` is valid JSON.
 */
export function locateJsonError(s: string): JsonFault | null {
  const stack: string[] = [];
  let i = skipWs(s, 0);
  // "value": a value must come next; "after": a value just ended.
  let state: "value" | "after" = "value";
  for (;;) {
    if (state === "value") {
      const c = s[i];
      if (c === "{" || c === "[") {
        stack.push(c);
        i = skipWs(s, i + 1);
        if (s[i] === (c === "{" ? "}" : "]")) {
          stack.pop();
          i++;
          state = "after";
          continue;
        }
        if (c === "{") {
          const f = key(s, i);
          if (typeof f !== "number") return f;
          i = f;
        }
        continue;
      }
      const end = scanScalar(s, i);
      if (typeof end !== "number") return end;
      i = end;
      state = "after";
      continue;
    }
    i = skipWs(s, i);
    const top = stack[stack.length - 1];
    if (top === undefined) {
      return i >= s.length ? null : {
        offset: i,
        message: "Unexpected text after the end of the JSON document",
      };
    }
    const close = top === "{" ? "}" : "]";
    if (s[i] === close) {
      stack.pop();
      i++;
      continue;
    }
    if (s[i] !== ",") {
      return {
        offset: i,
        message: i >= s.length
          ? `Unexpected end of input: ${stack.length} unclosed bracket(s)`
          : `Expected ',' or '${close}' after ${
            top === "{" ? "a property value" : "an array element"
          }`,
      };
    }
    i = skipWs(s, i + 1);
    if (s[i] === close) {
      return { offset: i, message: `Trailing comma before '${close}'` };
    }
    if (top === "{") {
      const f = key(s, i);
      if (typeof f !== "number") return f;
      i = f;
    }
    state = "value";
  }
}

/** Scans `"key" :` at `i`; returns the offset of the value or a fault. */
function key(s: string, i: number): number | JsonFault {
  if (s[i] !== '"') {
    return { offset: i, message: "Expected a double-quoted property name" };
  }
  const end = scanString(s, i);
  if (typeof end !== "number") return end;
  const j = skipWs(s, end);
  if (s[j] !== ":") {
    return { offset: j, message: "Expected ':' after a property name" };
  }
  return skipWs(s, j + 1);
}

/** Skips any value at `i` of valid JSON; returns the offset after it. */
function skipValue(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return scanString(s, i) as number;
  if (c !== "{" && c !== "[") return scanScalar(s, i) as number;
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const d = s[j];
    if (d === '"') j = (scanString(s, j) as number) - 1;
    else if (d === "{" || d === "[") depth++;
    else if (d === "}" || d === "]") {
      if (--depth === 0) return j + 1;
    }
  }
  return s.length;
}

/**
 * The source text of the scalar at `keys` (object keys only) in valid JSON
 * `s`, e.g. `1.0` for `{"info": {"version": 1.0}}`; null when absent or not
 * a scalar. Duplicate keys resolve to the last one, as in `JSON.parse`.
 */
export function jsonScalarSource(
  s: string,
  keys: readonly string[],
): string | null {
  let start = skipWs(s, 0);
  for (const want of keys) {
    if (s[start] !== "{") return null;
    let i = skipWs(s, start + 1);
    let found = -1;
    while (s[i] === '"') {
      const end = scanString(s, i) as number;
      const name = JSON.parse(s.slice(i, end)) as string;
      i = skipWs(s, skipWs(s, end) + 1);
      if (name === want) found = i;
      i = skipWs(s, skipValue(s, i));
      if (s[i] === ",") i = skipWs(s, i + 1);
    }
    if (found < 0) return null;
    start = found;
  }
  const c = s[start];
  if (c === "{" || c === "[") return null;
  return s.slice(start, skipValue(s, start));
}
