/**
 * Reading untrusted parsed documents (specs, HAR files): a field is only
 * used as what it claims to be after a type check, never by a cast.
 */

/** The string at `v`, or "" when it is anything else. */
export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}
