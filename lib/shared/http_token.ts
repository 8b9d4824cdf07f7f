/**
 * The token of RFC 9110 §5.6.2: one or more tchar. Methods, field names,
 * auth-scheme and auth-param names (RFC 9110 §11.2) and cookie names
 * (RFC 6265 §4.1.1) are tokens. Pure and browser-safe.
 */

// No `g` or `y` flag: a test keeps no state between calls.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LEADING = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/** Whether `s` is a token of at most `max` characters (unbounded if omitted). */
export function isToken(s: string, max: number = Infinity): boolean {
  return s.length <= max && TOKEN.test(s);
}

/** The token `s` starts with, `""` when it starts with none. */
export function leadingToken(s: string): string {
  return LEADING.exec(s)?.[0] ?? "";
}
