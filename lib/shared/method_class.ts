/**
 * The colour token of an HTTP method badge (`.method-*` of static/styles.css),
 * shared by the islands' badge and the server-rendered debug reference.
 */
import { KNOWN_METHODS } from "./methods.ts";

/** Methods with a badge of their own. */
const KNOWN: ReadonlySet<string> = new Set(KNOWN_METHODS);

/**
 * A badge's classes: a known method's own, any other `method-extra`, so a
 * recorded method (a HAR's, in any case) never adds a class of its choosing.
 */
export function methodClass(method: string): string {
  const m = method.toLowerCase();
  return KNOWN.has(m) ? `method method-${m}` : "method method-extra";
}
