/**
 * The token of RFC 9110 §5.6.2: one or more tchar. Methods, field names,
 * auth-scheme and auth-param names (RFC 9110 §11.2) and cookie names
 * (RFC 6265 §4.1.1) are tokens. Pure and browser-safe.
 */

/** One tchar, as a regular expression's class, to build grammars with. */
export const TCHAR = "[!#$%&'*+.^_`|~0-9A-Za-z-]";

// No `g` or `y` flag: a test keeps no state between calls.
const TOKEN = new RegExp(`^${TCHAR}+$`);
const LEADING = new RegExp(`^${TCHAR}+`);

/** Whether `s` is a token of at most `max` characters (unbounded if omitted). */
export function isToken(s: string, max: number = Infinity): boolean {
  return s.length <= max && TOKEN.test(s);
}

/** The token `s` starts with, `""` when it starts with none. */
export function leadingToken(s: string): string {
  return LEADING.exec(s)?.[0] ?? "";
}
