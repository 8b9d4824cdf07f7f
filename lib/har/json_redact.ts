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
  /**
   * How many values the caller has counted so far, and a way to take back
   * `n` of them: a value replaced inside a pair's value, which is then
   * replaced whole once its `name` is read, was counted for nothing.
   */
  tally?(): number;
  /** Takes back `n` counted values (see `tally`). */
  refund?(n: number): void;
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
  /**
   * In an object: its `value` members not replaced yet (JSON objects are
   * unordered, RFC 8259 §4, and a key may be written twice): each is
   * replaced if a `name` member read later names a secret.
   */
  values: { start: number; end: number }[];
  /** In an object: a `value` member was read (it is a pair). */
  hasValue: boolean;
  /**
   * In an object: a `key` member's string, which a secret word names
   * (`=key`): an API key alone, or a pair's name (`{"key": "password",
   * "value": …}`, Postman's and AWS's shape). Which one is known once the
   * object ends: it is replaced then when no `value` member came.
   */
  keys: { start: number; end: number }[];
}

/**
 * A pair's keys, as serializers write them: `name` and `value`, or
 * `Name` and `Value` (.NET's).
 */
function isNameKey(k: string): boolean {
  return k === "name" || k === "Name" || isKeyKey(k);
}
/** A pair's name written as `key` (Postman's, AWS's `Key`). */
function isKeyKey(k: string): boolean {
  return k === "key" || k === "Key";
}
function isValueKey(k: string): boolean {
  return k === "value" || k === "Value";
}

/** Whether the member being read is a secret: by its name, or as a pair's value. */
function secretMember(top: Frame | undefined, how: JsonRedaction): boolean {
  return !!top?.obj &&
    ((top.pair && isValueKey(top.name)) || how.secretKey(top.name));
}

/**
 * A replacement: the text from `start` to `end` becomes `text`; `spent`
 * is how many values the caller counted for it.
 */
type Edit = [start: number, end: number, text: string, spent: number];

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
  const tally = () => how.tally?.() ?? 0;
  const frame = (obj: boolean, start: number): Frame => ({
    obj,
    start,
    key: obj,
    name: "",
    pair: false,
    values: [],
    hasValue: false,
    keys: [],
  });
  /** A `value` member not replaced, kept for a `name` read later. */
  const keepValue = (top: Frame | undefined, start: number, end: number) => {
    if (top?.obj && isValueKey(top.name)) top.values.push({ start, end });
  };
  /** The kept values of `top`, whose `name` names a secret, replaced. */
  const replaceKept = (top: Frame) => {
    const ranges = top.values.filter((v) =>
      redactable(text.slice(v.start, v.end), marker)
    );
    top.values = [];
    if (!ranges.length) return;
    // The edits made inside `top` are the last ones (in text order but
    // for those made late): what was replaced inside a value goes with it
    // (its count taken back), what was replaced elsewhere stays.
    let from = edits.length;
    // Values kept before the last secret `name` were replaced then: the
    // edits from the first kept now are the ones to look at, so an object
    // of many pairs costs one pass.
    while (from > 0 && edits[from - 1][0] >= ranges[0].start) from--;
    const inside = edits.splice(from).sort((a, b) => a[0] - b[0]);
    let refund = 0, r = 0;
    for (const e of inside) {
      while (r < ranges.length && ranges[r].end <= e[0]) r++;
      if (r < ranges.length && e[0] >= ranges[r].start) refund += e[3];
      else edits.push(e);
    }
    if (refund) how.refund?.(refund);
    for (const v of ranges) {
      const t0 = tally();
      how.redacted(
        text[v.start] === '"' ? stringAt(text, v.start, v.end) : null,
      );
      edits.push([v.start, v.end, JSON.stringify(marker), tally() - t0]);
    }
    late = true;
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
        const t0 = tally();
        how.redacted(null);
        edits.push([i, end, JSON.stringify(marker), tally() - t0]);
        i = end;
      } else {
        stack.push(frame(c === "{", i));
        i++;
      }
    } else if (c === "}" || c === "]") {
      const done = stack.pop()!;
      i++;
      // A `key` with no `value` beside it: an API key, which goes.
      if (!done.hasValue) {
        for (const k of done.keys) {
          const t0 = tally();
          how.redacted(stringAt(text, k.start, k.end));
          edits.push([k.start, k.end, JSON.stringify(marker), tally() - t0]);
          late = true;
        }
      }
      keepValue(stack[stack.length - 1], done.start, i);
    } else if (c === ",") {
      if (top?.obj) top.key = true;
      i++;
    } else if (c === ":") {
      i++;
    } else if (c === '"' && top?.obj && top.key) {
      const end = jsonStringEnd(text, i);
      top.name = stringAt(text, i, end);
      top.key = false;
      if (isValueKey(top.name)) top.hasValue = true;
      i = end;
    } else {
      const end = jsonValueEnd(text, i);
      if (top?.obj && isNameKey(top.name) && c === '"') {
        // The last `name` is the one a parse keeps.
        top.pair = how.secretKey(stringAt(text, i, end));
        if (top.pair) replaceKept(top);
      }
      if (
        top?.obj && isKeyKey(top.name) && c === '"' &&
        how.secretKey(top.name)
      ) {
        // Decided when the object ends (see `keys`).
        if (redactable(text.slice(i, end), marker)) {
          top.keys.push({ start: i, end });
        }
      } else if (secretMember(top, how)) {
        const token = text.slice(i, end);
        if (redactable(token, marker)) {
          const t0 = tally();
          how.redacted(c === '"' ? JSON.parse(token) : null);
          edits.push([i, end, JSON.stringify(marker), tally() - t0]);
        }
      } else {
        keepValue(top, i, end);
        if (
          c === '"' &&
          (end - i - 2 >= MIN_LOOKED_AT || text[i + 1] === "{" ||
            text[i + 1] === "[")
        ) {
          const value = stringAt(text, i, end);
          const t0 = tally();
          const next = how.leaf(value);
          if (next !== null && next !== value) {
            edits.push([i, end, JSON.stringify(next), tally() - t0]);
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
