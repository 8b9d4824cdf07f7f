/**
 * JSON text of a reflected value, whatever its depth. The request bodies
 * this API reflects are parsed with `JSON.parse`, which builds any depth a
 * 1 MiB body holds (half a million nested arrays), but V8's `JSON.stringify`
 * recurses on the native stack once it leaves its fast path (it does for an
 * object without a prototype, as the reflected maps are, or one in
 * dictionary mode): `[`×10000 `]`×10000 sent to `/echo` threw "Maximum call
 * stack size exceeded", a 500. {@link jsonText} keeps the native
 * serializer, and when it runs out of stack writes the same text with an
 * explicit stack on the heap, so the reflection stays the parsed body at
 * any depth the body limit allows. Inside that
 * writer, a plain object or array (a parsed body's) is handed back to the
 * native serializer, whose fast path takes any depth: written by the heap
 * stack alone, a 1 MiB body of deep arrays cost 70-230 ms against 10-16.
 */

import { isRawJson } from "../../shared/raw_numbers.ts";

/**
 * Native attempts that may fail (run out of stack) in one
 * {@link iterativeJson} before it writes the rest alone: each failure costs
 * a walk of the value, so they are bounded.
 */
const NATIVE_FAILURES = 4;

/** A container being written: its members, and how far along they are. */
interface Frame {
  readonly array: boolean;
  readonly value: Record<string, unknown> | unknown[];
  readonly keys: readonly string[];
  index: number;
  wrote: boolean;
}

/** `JSON.stringify(value)` (no replacer, no indent), at any depth. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    // Stack overflow is a RangeError in V8; a cycle or a BigInt is a
    // TypeError, which the iterative writer would throw again: rethrown.
    if (!(err instanceof RangeError)) throw err;
    return iterativeJson(value);
  }
}

/**
 * The text `JSON.stringify(value)` writes (ECMA-262 §25.5.2: toJSON,
 * undefined, functions and symbols skipped in objects and null in arrays,
 * non-finite numbers as null), built with an explicit stack: its depth is
 * bounded by the heap, not by the native stack. Exported for its tests.
 */
export function iterativeJson(value: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  let failures = 0;
  /**
   * The native text of a plain object or array, or undefined when it is
   * not one or runs out of stack. A cycle back to a container open here
   * still throws its TypeError, as it would from JSON.stringify.
   */
  const native = (v: object): string | undefined => {
    if (failures >= NATIVE_FAILURES) return undefined;
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== Array.prototype) {
      return undefined;
    }
    // Its own toJSON would be called again on the text's root.
    if (typeof (v as { toJSON?: unknown }).toJSON === "function") {
      return undefined;
    }
    try {
      return JSON.stringify(v);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      failures++;
      return undefined;
    }
  };
  /** Writes a primitive, or opens a container; false when it writes nothing. */
  const write = (v: unknown, key: string, inArray: boolean): boolean => {
    // A raw JSON value (an exact integer, see body.ts) is its own text.
    if (isRawJson(v)) {
      out.push(v.rawJSON);
      return true;
    }
    if (v !== null && typeof v === "object" || typeof v === "bigint") {
      const toJSON = (v as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === "function") v = toJSON.call(v, key);
    }
    let text: string | undefined;
    if (v === null) text = "null";
    else if (typeof v === "string") text = JSON.stringify(v);
    else if (typeof v === "number") {
      text = Number.isFinite(v) ? String(v) : "null";
    } else if (typeof v === "boolean") text = v ? "true" : "false";
    if (text !== undefined) {
      out.push(text);
      return true;
    }
    switch (typeof v) {
      case "bigint":
        throw new TypeError("Do not know how to serialize a BigInt");
      case "object": {
        if (v === null) return false; // written above; narrows the type
        if (open.has(v)) {
          throw new TypeError("Converting circular structure to JSON");
        }
        // Boxed primitives are written as their value, as JSON.stringify does.
        if (
          v instanceof String || v instanceof Number || v instanceof Boolean
        ) {
          return write(v.valueOf(), key, inArray);
        }
        const text = native(v);
        if (text !== undefined) {
          out.push(text);
          return true;
        }
        open.add(v);
        const array = Array.isArray(v);
        out.push(array ? "[" : "{");
        stack.push({
          array,
          value: v as Record<string, unknown> | unknown[],
          keys: array ? [] : Object.keys(v),
          index: 0,
          wrote: false,
        });
        return true;
      }
      default: // undefined, function, symbol
        if (inArray) out.push("null");
        return inArray;
    }
  };
  if (!write(value, "", false)) return undefined as unknown as string;
  while (stack.length) {
    const f = stack[stack.length - 1];
    const size = f.array ? (f.value as unknown[]).length : f.keys.length;
    if (f.index >= size) {
      out.push(f.array ? "]" : "}");
      open.delete(f.value);
      stack.pop();
      continue;
    }
    const i = f.index++;
    if (f.array) {
      if (f.wrote) out.push(",");
      f.wrote = true;
      write((f.value as unknown[])[i], String(i), true);
    } else {
      const key = f.keys[i];
      const mark = out.length;
      out.push(f.wrote ? "," : "", JSON.stringify(key), ":");
      if (write((f.value as Record<string, unknown>)[key], key, false)) {
        f.wrote = true;
      } else out.length = mark;
    }
  }
  return out.join("");
}
