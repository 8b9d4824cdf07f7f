/**
 * A `/pattern/` search term: a regular expression tested against each
 * entry's URL, any case, as DevTools reads one. A backtracking engine
 * (V8's) can take seconds to minutes on one URL (`/.*x/` on a 200 KB
 * `data:` URL, `/a*a*a*a*a*a*b/` on 115 characters) and one `test` cannot
 * be interrupted, so the page has patterns tested in a worker it stops
 * after {@link PATTERN_BUDGET_MS}; the mask is built here, for it.
 */

/**
 * Time a pattern may take over a file's URLs before the worker testing it
 * is stopped and the pattern is reported too slow (ms): long enough for a
 * plain pattern over 50,000 URLs on a slow phone, short enough that a
 * person waits for the note rather than for the page.
 */
export const PATTERN_BUDGET_MS = 1500;

/**
 * The regular expression of a `/pattern/` term, as written (its case
 * matters: `\D` is not `\d`) and tested any case, else null: not written
 * as one, or not compiling (the term is then text, {@link patternError}
 * says why). A leading `.*` is left out ({@link LEADING_ANY}).
 */
export function urlPattern(term: string): RegExp | null {
  const re = compiled(term);
  if (!(re instanceof RegExp)) return null;
  const source = term.slice(1, -1);
  const rest = source.replace(LEADING_ANY, "");
  if (rest === source) return re;
  try {
    return new RegExp(rest, "i");
  } catch {
    return re;
  }
}

/**
 * Why a term written `/pattern/` does not compile, in the engine's words
 * (`Unterminated group`), else null: it compiles, or is not written as
 * one. Such a term is searched as text, and the page says so, as DevTools
 * marks its filter invalid, where it would quietly match nothing.
 */
export function patternError(term: string): string | null {
  const e = compiled(term);
  if (!(e instanceof Error)) return null;
  // V8 writes "Invalid regular expression: /(/i: Unterminated group"; the
  // reason follows the last ": " (its reasons hold none); another
  // engine's message is given whole.
  return e.message.slice(e.message.lastIndexOf(": ") + 1).trim() ||
    e.message;
}

/** The term's pattern compiled, the engine's error, or null: not a pattern. */
function compiled(term: string): RegExp | Error | null {
  if (term.length < 3 || !term.startsWith("/") || !term.endsWith("/")) {
    return null;
  }
  try {
    return new RegExp(term.slice(1, -1), "i");
  } catch (e) {
    return e instanceof Error ? e : new SyntaxError(String(e));
  }
}

/**
 * `.*` (or lazy `.*?`), once or more, at the start of a pattern: the
 * DevTools habit (`/.*\.png/`) that a backtracking engine tries from every
 * character of a URL, each try running to the URL's end and back: 13 s on
 * a 60 KB font `data:` URL. It can match nothing, so the pattern matches a
 * URL with it exactly when it does without it, where one can only `test`
 * (no match is read, nor its start): it is left out. (Not `.+`: one
 * character is then needed before the rest.)
 */
const LEADING_ANY = /^(?:\.\*\??)+/;

/**
 * 1 for each entry whose URL (`urls` from `off[i]` to `off[i + 1]`, the
 * columns' layout) `re` matches, else 0. Synchronous and unbounded: run it
 * where it can be stopped (see the module comment).
 */
export function patternMask(
  urls: string,
  off: Uint32Array,
  re: RegExp,
): Uint8Array {
  const n = off.length - 1;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (re.test(urls.slice(off[i], off[i + 1]))) mask[i] = 1;
  }
  return mask;
}
