/**
 * An RFC 8187 extended parameter value (`UTF-8''%E2%82%AC.txt`), as a
 * header's `name*` parameter carries a value that is not ASCII.
 */

/**
 * The text `value` encodes, or null when it is absent or no UTF-8
 * extended value (RFC 8187 §3.2.1: UTF-8 is the charset a recipient
 * must read, and the one clients send).
 */
export function extValue(value: string | undefined): string | null {
  if (value === undefined) return null;
  const m = /^utf-8'[A-Za-z0-9-]*'(.*)$/i.exec(value);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
