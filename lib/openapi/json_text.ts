/**
 * What `JSON.parse` forgets of the source text: how a number was written
 * (`1.0` parses to `1`, but the viewer shows `info.version` as written), and
 * keys written twice in one object. Neither runs on the fast path. (Where a
 * JSON syntax error is: lib/shared/parse_error.ts.)
 */
import { jsonStringEnd } from "../shared/parse_error.ts";
import { jsonValueEnd, skipJsonWs } from "../shared/json_scan.ts";

/**
 * The source text of the scalar at `keys` (object keys only) in valid JSON
 * `s`, e.g. `1.0` for `{"info": {"version": 1.0}}`; null when absent or not
 * a scalar. Duplicate keys resolve to the last one, as in `JSON.parse`.
 */
export function jsonScalarSource(
  s: string,
  keys: readonly string[],
): string | null {
  const start = jsonValueOffset(s, keys);
  if (start < 0) return null;
  const c = s[start];
  if (c === "{" || c === "[") return null;
  return s.slice(start, jsonValueEnd(s, start));
}

/**
 * Where the value at `keys` (object keys and array indexes) starts in
 * valid JSON `s`, or -1 when absent. Duplicate keys resolve to the last
 * one, as in `JSON.parse`. One walk of the text up to the value.
 */
export function jsonValueOffset(
  s: string,
  keys: readonly (string | number)[],
): number {
  let start = skipJsonWs(s, 0);
  for (const want of keys) {
    if (typeof want === "number") {
      if (s[start] !== "[") return -1;
      let i = skipJsonWs(s, start + 1);
      for (let k = 0; k < want; k++) {
        if (s[i] === "]") return -1;
        i = skipJsonWs(s, jsonValueEnd(s, i));
        if (s[i] !== ",") return -1;
        i = skipJsonWs(s, i + 1);
      }
      if (s[i] === "]") return -1;
      start = i;
      continue;
    }
    if (s[start] !== "{") return -1;
    let i = skipJsonWs(s, start + 1);
    let found = -1;
    while (s[i] === '"') {
      const end = jsonStringEnd(s, i);
      const name = JSON.parse(s.slice(i, end)) as string;
      i = skipJsonWs(s, skipJsonWs(s, end) + 1);
      if (name === want) found = i;
      i = skipJsonWs(s, jsonValueEnd(s, i));
      if (s[i] === ",") i = skipJsonWs(s, i + 1);
    }
    if (found < 0) return -1;
    start = found;
  }
  return start;
}

/**
 * Offsets of keys written again in the same object of valid JSON `s`
 * (RFC 8259 §4: names SHOULD be unique; `JSON.parse` keeps the last value
 * silently), the first `max` of them. One pass over the text: 9 ms for
 * Stripe's 3 MB, so it runs with the checks, after the list is shown.
 */
export function jsonDuplicateKeys(s: string, max: number): number[] {
  // A bracket, or a whole string (no backtracking: one way to match each);
  // made per call, as `lastIndex` is state.
  const TOKEN = /[{}[\]]|"[^"\\]*(?:\\.[^"\\]*)*"/g;
  const COLON = /[ \t\n\r]*:/y;
  const out: number[] = [];
  const stack: (Set<string> | null)[] = [];
  let keys: Set<string> | null = null;
  for (let m = TOKEN.exec(s); m && out.length < max; m = TOKEN.exec(s)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c === 0x7b) { // {
      stack.push(keys);
      keys = new Set();
    } else if (c === 0x5b) { // [
      stack.push(keys);
      keys = null;
    } else if (c === 0x7d || c === 0x5d) keys = stack.pop() ?? null;
    else if (keys) {
      COLON.lastIndex = TOKEN.lastIndex;
      if (!COLON.test(s)) continue;
      // `"\u0061"` and `"a"` name one key.
      const key = t.includes("\\") ? JSON.stringify(JSON.parse(t)) : t;
      if (keys.has(key)) out.push(m.index);
      else keys.add(key);
    }
  }
  return out;
}
