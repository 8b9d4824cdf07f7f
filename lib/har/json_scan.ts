/**
 * Finds the first JSON syntax error in a text and says what was expected.
 * Used only after `JSON.parse` failed: engines word (and place) their errors
 * differently (V8 often gives no position at all), so the viewer checks the
 * grammar of RFC 8259 itself and reports one engine-independent line/column.
 */

/** Offset of the first error and a message a person can act on. */
export interface JsonSyntaxIssue {
  offset: number;
  message: string;
}

const ARR = 0, OBJ = 1;
const VALUE = 0, KEY = 1, COLON = 2, AFTER = 3;

function describe(text: string, i: number): string {
  if (i >= text.length) return "the end of the input";
  const c = text.charCodeAt(i);
  if (c < 0x20 || c === 0x7f) {
    return `control character U+${
      c.toString(16).toUpperCase().padStart(4, "0")
    }`;
  }
  return `'${String.fromCodePoint(text.codePointAt(i)!)}'`;
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Returns the end of the string starting at `i` (a quote) or an issue. */
function scanString(text: string, i: number): number | JsonSyntaxIssue {
  const n = text.length;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      const e = text[j + 1];
      if (e === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) {
          return {
            offset: j,
            message: "bad \\u escape: expected 4 hex digits",
          };
        }
        j += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j++;
      else return { offset: j, message: `bad escape \\${e ?? ""} in a string` };
    } else if (c < 0x20) {
      return {
        offset: j,
        message: `unescaped ${describe(text, j)} inside a string ` +
          "(a string may be unterminated)",
      };
    }
  }
  return { offset: n, message: "unterminated string" };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanValue(text: string, i: number): number | JsonSyntaxIssue {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  if (c === "-" || (c >= "0" && c <= "9")) {
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      const end = NUMBER.lastIndex;
      // "01" or "1." leave a digit or dot behind: say so at that spot.
      if (!/[\d.eE+-]/.test(text[end] ?? " ")) return end;
      return { offset: end, message: `invalid number` };
    }
    return { offset: i, message: "invalid number" };
  }
  for (const lit of ["true", "false", "null"]) {
    if (text.startsWith(lit, i)) return i + lit.length;
  }
  return {
    offset: i,
    message: `unexpected ${describe(text, i)}, expected a value`,
  };
}

/**
 * Scans `text` as strict JSON. Returns null when it is valid, else the first
 * offending offset and what the grammar expected there.
 */
export function findJsonError(text: string): JsonSyntaxIssue | null {
  const stack: number[] = [];
  const n = text.length;
  let state = VALUE, first = false, i = 0;
  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    const top = stack[stack.length - 1];
    if (i >= n) {
      if (state === AFTER && stack.length === 0) return null;
      const what = stack.length === 0 && state === VALUE
        ? "the input is empty"
        : `unexpected end of input: ${
          top === OBJ ? "an object ('{')" : "an array ('[')"
        } is not closed`;
      return { offset: n, message: what };
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
        if (!first) {
          return { offset: i, message: "trailing comma before ']'" };
        }
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
        return {
          offset: i,
          message: c === "}"
            ? "trailing comma before '}'"
            : `unexpected ${describe(text, i)}, expected a property name ` +
              "in double quotes",
        };
      }
      const r = scanString(text, i);
      if (typeof r !== "number") return r;
      i = r;
      state = COLON;
    } else if (state === COLON) {
      if (c !== ":") {
        return {
          offset: i,
          message: `unexpected ${describe(text, i)}, expected ':' after ` +
            "the property name",
        };
      }
      i++;
      state = VALUE;
      first = false;
    } else {
      if (stack.length === 0) {
        return {
          offset: i,
          message: `unexpected ${
            describe(text, i)
          } after the end of the JSON value`,
        };
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
        return {
          offset: i,
          message:
            `unexpected ${describe(text, i)}, expected ',' or '${close}'` +
            (top === OBJ ? " after a property value" : " after an array item"),
        };
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
