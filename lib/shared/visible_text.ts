/**
 * Text from a document made safe to print on one line: control characters
 * written as `\uXXXX`. A name in a spec (a path, a property, a title) may
 * hold ESC sequences that recolour a terminal, set its title or move its
 * cursor (ECMA-48 §5: C0 and C1 controls), a CR or LF that forges a line
 * of its own in "one line per change" output, or bidirectional overrides
 * that make it read as another name (Unicode UAX #9 §2).
 */

/** C0, DEL, C1, line and paragraph separators, bidirectional controls. */
const CONTROL =
  // deno-lint-ignore no-control-regex -- control characters are what it finds
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `s` with every control character written as `\uXXXX`. */
export function visibleText(s: string): string {
  return s.replace(
    CONTROL,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
