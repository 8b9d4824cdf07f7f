/**
 * The detail's two halves: the value a JSON pointer (RFC 6901) names in a
 * parsed document, pretty-printed within a bound. A component can be
 * thousands of lines (Stripe's `account` schema) and YAML aliases can even
 * make a document refer to itself, so the writer counts what it writes,
 * stops at the bound and never follows a value back into itself.
 */

/** What {@link resolvePointer} found. */
export type Resolved = { found: true; value: unknown } | { found: false };

/**
 * The value at `pointer` in `doc` (RFC 6901 §4: `~1` is `/`, `~0` is `~`,
 * unescaped in that order; an array index is a decimal without leading
 * zeros).
 */
export function resolvePointer(doc: unknown, pointer: string): Resolved {
  if (pointer === "") return { found: true, value: doc };
  if (!pointer.startsWith("/")) return { found: false };
  let cur: unknown = doc;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key) || Number(key) >= cur.length) {
        return { found: false };
      }
      cur = cur[Number(key)];
    } else if (
      cur !== null && typeof cur === "object" && Object.hasOwn(cur, key)
    ) {
      cur = (cur as Record<string, unknown>)[key];
    } else return { found: false };
  }
  return { found: true, value: cur };
}

/** A pretty-printed value, possibly cut short. */
export interface Bounded {
  text: string;
  truncated: boolean;
}

/** Default bounds of {@link boundedJson}: what a reader scrolls through. */
export const MAX_CHARS = 20_000;
/** Default line bound of {@link boundedJson}. */
export const MAX_LINES = 400;

/**
 * `value` as `JSON.stringify(value, null, 2)` writes it, for plain JSON,
 * but cut after `maxLines` lines or `maxChars` characters (then `truncated`
 * and a last line saying so). A value met again inside itself is written
 * as the string `"[circular]"`; dates (YAML timestamps) as ISO strings.
 */
export function boundedJson(
  value: unknown,
  maxChars = MAX_CHARS,
  maxLines = MAX_LINES,
): Bounded {
  const lines: string[] = [];
  let chars = 0;
  let line = "";
  let full = false;
  const stack = new Set<object>();

  const emit = (s: string) => {
    line += s;
  };
  const newline = (indent: number) => {
    if (full) return;
    lines.push(line);
    chars += line.length + 1;
    line = " ".repeat(indent);
    if (lines.length >= maxLines || chars >= maxChars) full = true;
  };
  const scalar = (v: unknown): string => {
    if (v instanceof Date) {
      return JSON.stringify(isNaN(v.getTime()) ? null : v.toISOString());
    }
    if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
    if (typeof v === "bigint") return String(v);
    if (typeof v === "string" || typeof v === "boolean") {
      return JSON.stringify(v);
    }
    return "null";
  };
  const write = (v: unknown, indent: number): void => {
    if (full) return;
    if (v === null || typeof v !== "object" || v instanceof Date) {
      emit(scalar(v));
      return;
    }
    if (stack.has(v)) {
      emit('"[circular]"');
      return;
    }
    const isArray = Array.isArray(v);
    const keys = isArray ? null : Object.keys(v).filter((k) => {
      const x = (v as Record<string, unknown>)[k];
      return x !== undefined && typeof x !== "function";
    });
    const n = isArray ? (v as unknown[]).length : keys!.length;
    const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
    if (n === 0) {
      emit(open + close);
      return;
    }
    stack.add(v);
    emit(open);
    for (let k = 0; k < n && !full; k++) {
      newline(indent + 2);
      if (full) break;
      if (isArray) write((v as unknown[])[k], indent + 2);
      else {
        const key = keys![k];
        emit(JSON.stringify(key) + ": ");
        write((v as Record<string, unknown>)[key], indent + 2);
      }
      if (k < n - 1) emit(",");
    }
    stack.delete(v);
    newline(indent);
    emit(close);
  };

  write(value, 0);
  if (full) {
    lines.push("… (cut short: the rest is in the document)");
    return { text: lines.join("\n"), truncated: true };
  }
  lines.push(line);
  return { text: lines.join("\n"), truncated: false };
}
