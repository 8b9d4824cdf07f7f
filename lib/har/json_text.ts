/**
 * JSON.stringify for parsed JSON that cannot overflow the stack. V8's
 * JSON.parse is iterative and reads 100,000 nested objects, but
 * JSON.stringify recurses and throws "Maximum call stack size exceeded" on
 * them, and one string cannot exceed ~512 M characters: a hostile or huge
 * HAR must still export. The native call runs first (it is many times
 * faster); this walker, with an explicit stack, is the fallback.
 */

/** A JSON value as JSON.parse returns it. */
type Json = unknown;

interface Frame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  /** Next member to write. */
  at: number;
  /** Members written so far (objects skip `undefined` values). */
  written: number;
}

/** Options of {@link stringifyJsonParts}. */
export interface StringifyOptions {
  /** Spaces per level, as JSON.stringify's third argument (0 = compact). */
  indent?: number;
  /** Stop once about this many characters are out, ending with "…". */
  maxChars?: number;
  /** Levels that are indented further (deeper ones stay at this one). */
  indentLevels?: number;
}

const CHUNK = 1 << 20;
const MAX_INDENT = 16;

function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  return undefined; // undefined, functions, symbols: left out, as natively
}

/**
 * JSON text of `value` as parts of about 1 MB each (join them, or hand them
 * to a Blob), with JSON.stringify's output for plain JSON data: same key
 * order, same indentation (up to `indentLevels`, 16 by default),
 * `undefined` members left out (`null` in arrays).
 */
export function stringifyJsonParts(
  value: Json,
  opts: StringifyOptions = {},
): string[] {
  const indent = opts.indent ?? 0;
  const max = opts.maxChars ?? Infinity;
  const parts: string[] = [];
  let buf = "", total = 0;
  const out = (s: string) => {
    buf += s;
    if (buf.length >= CHUNK) {
      parts.push(buf);
      total += buf.length;
      buf = "";
    }
  };
  // Indentation stops growing past `levels`: 100,000 levels at full
  // indentation would be 10^10 spaces (the native call has no cap).
  const levels = opts.indentLevels ?? MAX_INDENT;
  const pads = Array.from(
    { length: levels + 1 },
    (_, d) => indent ? "\n" + " ".repeat(indent * d) : "",
  );
  const nl = (depth: number) => pads[Math.min(depth, levels)];
  const open = (v: unknown): Frame | null => {
    if (v === null || typeof v !== "object") {
      out(scalar(v) ?? "null");
      return null;
    }
    const arr = Array.isArray(v);
    out(arr ? "[" : "{");
    return {
      value: v as Frame["value"],
      keys: arr ? null : Object.keys(v),
      at: 0,
      written: 0,
    };
  };
  const stack: Frame[] = [];
  const first = open(value);
  if (first) stack.push(first);
  while (stack.length) {
    if (total + buf.length > max) {
      out("…");
      break;
    }
    const f = stack[stack.length - 1];
    const depth = stack.length;
    const len = f.keys ? f.keys.length : (f.value as unknown[]).length;
    if (f.at >= len) {
      stack.pop();
      out((f.written ? nl(depth - 1) : "") + (f.keys ? "}" : "]"));
      continue;
    }
    const key = f.keys ? f.keys[f.at] : f.at;
    f.at++;
    const v = (f.value as Record<string | number, unknown>)[key];
    if (f.keys && (v === undefined || typeof v === "function")) continue;
    out((f.written++ ? "," : "") + nl(depth));
    if (f.keys) out(JSON.stringify(key) + (indent ? ": " : ":"));
    const child = open(v);
    if (child) stack.push(child);
  }
  if (buf) parts.push(buf);
  return parts;
}

/**
 * True when `value` nests containers more than `limit` deep. Iterative,
 * skips strings and stops at the first such path: about a tenth of the
 * cost of stringifying.
 */
export function deeperThan(value: Json, limit: number): boolean {
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  while (stack.length) {
    const v = stack.pop() as Record<string, unknown> | unknown[];
    const d = depths.pop()!;
    if (d > limit) return true;
    const items = Array.isArray(v) ? v : Object.values(v);
    for (const x of items) {
      if (x !== null && typeof x === "object") {
        stack.push(x);
        depths.push(d + 1);
      }
    }
  }
  return false;
}

/**
 * `JSON.stringify(value, null, indent)` that never throws for parsed JSON
 * and never blows up: native indentation grows with depth, so 100 entries
 * 5,000 levels deep (3 MB) would be pretty-printed into 5 G characters
 * (tens of seconds until the string length limit). Values nested deeper
 * than the indentation cap, and anything the native call cannot do, go
 * through the walker. Returns parts (see {@link stringifyJsonParts}).
 */
export function safeStringifyParts(value: Json, indent = 0): string[] {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? [] : [text];
  }
  if (indent && deeperThan(value, MAX_INDENT)) {
    return stringifyJsonParts(value, { indent });
  }
  try {
    return [JSON.stringify(value, null, indent || undefined)];
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return stringifyJsonParts(value, { indent });
  }
}

/** {@link safeStringifyParts} as one string. */
export function safeStringify(value: Json, indent = 0): string {
  return safeStringifyParts(value, indent).join("");
}

/**
 * A short, single-line JSON rendering of any parsed value for display (a
 * header value written as an object, say): at most `max` characters, never
 * throwing, whatever the nesting.
 */
export function previewJson(value: Json, max = 200): string {
  const text = stringifyJsonParts(value, { maxChars: max }).join("");
  return text.length > max + 1 ? text.slice(0, max) + "…" : text;
}
