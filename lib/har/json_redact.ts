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
  /** Where it starts in the text. */
  start: number;
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
  /** In an object: its `name` member was read. */
  named: boolean;
  /**
   * In an object: its `value` member, when read before any `name` member
   * (JSON objects are unordered, RFC 8259 §4): replaced if a `name` member
   * that follows names a secret.
   */
  value?: { start: number; end: number };
}

/** Whether the member being read is a secret: by its name, or as a pair's value. */
function secretMember(top: Frame | undefined, how: JsonRedaction): boolean {
  return !!top?.obj &&
    ((top.pair && top.name === "value") || how.secretKey(top.name));
}

/** A replacement: the text from `start` to `end` becomes `text`. */
type Edit = [start: number, end: number, text: string];

/** Whether a value's text holds something to redact. */
function redactable(token: string, marker: string): boolean {
  // null and "" hold nothing; the marker was redacted before.
  return token !== "null" && token !== '""' &&
    token !== JSON.stringify(marker);
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
  const edits: Edit[] = [];
  /** Edits were added out of order (a pair's value replaced late). */
  let late = false;
  const stack: Frame[] = [];
  const frame = (obj: boolean, start: number): Frame => ({
    obj,
    start,
    key: obj,
    name: "",
    pair: false,
    named: false,
  });
  /** A `value` member read before its `name`, kept for a later `name`. */
  const keepValue = (top: Frame | undefined, v: Frame["value"]) => {
    if (top?.obj && !top.named && top.name === "value") top.value = v;
  };
  let i = skipJsonWs(text, 0);
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === "{" || c === "[") {
      // A container under a secret name goes whole (below), so only the
      // others are entered.
      if (top?.obj && !top.key && secretMember(top, how)) {
        const end = jsonValueEnd(text, i);
        edits.push([i, end, JSON.stringify(marker)]);
        how.redacted(null);
        i = end;
      } else {
        stack.push(frame(c === "{", i));
        i++;
      }
    } else if (c === "}" || c === "]") {
      const done = stack.pop()!;
      i++;
      keepValue(stack[stack.length - 1], { start: done.start, end: i });
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
        top.named = true;
        top.pair = how.secretKey(stringAt(text, i, end));
        const v = top.value;
        if (top.pair && v && redactable(text.slice(v.start, v.end), marker)) {
          // What was replaced inside the value goes with it; what was
          // replaced in the members after it stays.
          const after: Edit[] = [];
          while (edits.length && edits[edits.length - 1][0] >= v.start) {
            const e = edits.pop()!;
            if (e[0] >= v.end) after.unshift(e);
          }
          edits.push(...after, [v.start, v.end, JSON.stringify(marker)]);
          how.redacted(
            text[v.start] === '"' ? stringAt(text, v.start, v.end) : null,
          );
          late = true;
        }
      }
      if (secretMember(top, how)) {
        const token = text.slice(i, end);
        if (redactable(token, marker)) {
          edits.push([i, end, JSON.stringify(marker)]);
          how.redacted(c === '"' ? JSON.parse(token) : null);
        }
      } else {
        keepValue(top, { start: i, end });
        if (
          c === '"' &&
          (end - i - 2 >= MIN_LOOKED_AT || text[i + 1] === "{" ||
            text[i + 1] === "[")
        ) {
          const value = stringAt(text, i, end);
          const next = how.leaf(value);
          if (next !== null && next !== value) {
            edits.push([i, end, JSON.stringify(next)]);
          }
        }
      }
      i = end;
    }
    i = skipJsonWs(text, i);
  }
  if (!edits.length) return text;
  if (late) edits.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let last = 0;
  for (const [start, end, t] of edits) {
    out.push(text.slice(last, start), t);
    last = end;
  }
  out.push(text.slice(last));
  return out.join("");
}
