/**
 * Redaction inside JSON text that keeps every other byte: a sanitized body
 * must still say what the recorded one said. Parsing and writing the value
 * back would round 20-digit ids, turn `1.50` into `1.5` and `1e400` into
 * null, drop a key written twice and lose the layout (RFC 8259 §6 and §4
 * leave all of these to the reader). Only the replaced values change.
 */
import { jsonStringEnd } from "../shared/parse_error.ts";
import { jsonValueEnd, skipJsonWs } from "../shared/json_scan.ts";

/** What to replace in a JSON text (see {@link redactJsonText}). */
export interface JsonRedaction {
  /** Whether a member of this name holds a secret (its whole value goes). */
  secretKey(name: string): boolean;
  /**
   * A string value's replacement, or null to keep it. Called for strings
   * not under a secret name.
   */
  leaf(value: string): string | null;
  /** Told of each value a secret name held (its text when a string). */
  redacted(raw: string | null): void;
}

/** The JSON string from `i` to `end` (its quotes), decoded. */
function stringAt(text: string, i: number, end: number): string {
  const inner = text.slice(i + 1, end - 1);
  // Only escapes need the parser; most strings have none.
  return inner.includes("\\") ? JSON.parse(text.slice(i, end)) : inner;
}

/**
 * Strings shorter than this are not given to `leaf`: no credential is
 * that short (a JWT or `Bearer …` has 10 characters at least, a URL with a
 * secret parameter more), and most values of a body are.
 */
const MIN_LOOKED_AT = 8;

/** One open object or array. */
interface Frame {
  obj: boolean;
  /** In an object: the next string is a key. */
  key: boolean;
  /** In an object: the member's name. */
  name: string;
  /**
   * In an object: its `name` member named a secret (`{"name": "password",
   * "value": …}`, the shape of HAR's own lists and of many form APIs), so
   * its `value` member is one.
   */
  pair: boolean;
}

/** Whether the member being read is a secret: by its name, or as a pair's value. */
function secretMember(top: Frame | undefined, how: JsonRedaction): boolean {
  return !!top?.obj &&
    ((top.pair && top.name === "value") || how.secretKey(top.name));
}

/**
 * Valid JSON `text` (`JSON.parse` accepted it) with the values `how` picks
 * replaced: a member's whole value when its name is secret (unless null or
 * ""), by the string `marker`; a string value by what `how.leaf` gives.
 * The text itself when nothing is replaced. Iterative, so 100,000 nested
 * arrays cost no stack.
 */
export function redactJsonText(
  text: string,
  how: JsonRedaction,
  marker: string,
): string {
  const out: string[] = [];
  let last = 0;
  const stack: Frame[] = [];
  let i = skipJsonWs(text, 0);
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === "{" || c === "[") {
      // A container under a secret name goes whole (below), so only the
      // others are entered.
      if (top?.obj && !top.key && secretMember(top, how)) {
        const end = jsonValueEnd(text, i);
        out.push(text.slice(last, i), JSON.stringify(marker));
        how.redacted(null);
        last = i = end;
        continue;
      }
      stack.push({ obj: c === "{", key: c === "{", name: "", pair: false });
      i++;
    } else if (c === "}" || c === "]") {
      stack.pop();
      i++;
    } else if (c === ",") {
      if (top?.obj) top.key = true;
      i++;
    } else if (c === ":") {
      i++;
    } else if (c === '"' && top?.obj && top.key) {
      const end = jsonStringEnd(text, i);
      top.name = stringAt(text, i, end);
      top.key = false;
      i = end;
    } else {
      const end = jsonValueEnd(text, i);
      if (top?.obj && top.name === "name" && c === '"') {
        top.pair = how.secretKey(stringAt(text, i, end));
      }
      if (secretMember(top, how)) {
        const token = text.slice(i, end);
        if (
          token !== "null" && token !== '""' &&
          token !== JSON.stringify(marker) // redacted before
        ) {
          out.push(text.slice(last, i), JSON.stringify(marker));
          how.redacted(c === '"' ? JSON.parse(token) : null);
          last = end;
        }
      } else if (
        c === '"' &&
        (end - i - 2 >= MIN_LOOKED_AT || text[i + 1] === "{" ||
          text[i + 1] === "[")
      ) {
        const value = stringAt(text, i, end);
        const next = how.leaf(value);
        if (next !== null && next !== value) {
          out.push(text.slice(last, i), JSON.stringify(next));
          last = end;
        }
      }
      i = end;
    }
    i = skipJsonWs(text, i);
  }
  if (!out.length) return text;
  out.push(text.slice(last));
  return out.join("");
}
