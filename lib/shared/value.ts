/**
 * Reading untrusted parsed documents (specs, HAR files): a field is only
 * used as what it claims to be after a type check, never by a cast.
 */

/** The string at `v`, or "" when it is anything else. */
export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * `o[key] = v` as an own, enumerable property whatever the key: a document
 * may name a property `__proto__`, and assigning it would set the object's
 * prototype instead, so the property would be missing.
 */
export function setOwn(o: object, key: string, v: unknown): void {
  Object.defineProperty(o, key, {
    value: v,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * `s` without the run of `ch` at its end. A loop, not `/ch+$/`: that
 * pattern retries from every position of a long run followed by another
 * character, quadratic on 100,000 slashes of a hostile server URL.
 */
export function trimEndOf(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return s.slice(0, end);
}
