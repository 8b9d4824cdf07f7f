/**
 * Integers past 2^53 as the document writes them. A double holds every
 * integer only up to 2^53 (RFC 8259 §6 leaves larger ones to the
 * implementation): an int64 `example: 9223372036854775807` reads as
 * 9223372036854775808 and prints as 9223372036854776000. Parsing keeps
 * its speed (a reviver over a whole document is several times slower);
 * instead the text is read again, once, the first time a value shown
 * holds such an integer, and the number is printed as it is written.
 */
import type { RefResolver } from "./refs.ts";

/**
 * How to print integer `n` as the document writes it, or undefined when
 * it is safe, not written there, or written as two integers that read as
 * the same double (which of them a value is cannot be told then).
 */
export type Spell = (n: number) => string | undefined;

/**
 * Where a number past 2^53 may be written: a run of at least 16 digits
 * (2^53 has 16), or an exponent (`1e20`).
 */
const CANDIDATE = /\d{16,}|\d[eE][-+]?\d/g;
/** A JSON or YAML number token from where it starts (RFC 8259 §6). */
const NUMBER = /[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
/**
 * Digits of the longest integer a double holds (1.8e308 has 309): a
 * longer run reads as Infinity, and its exact value (BigInt reads a run
 * in more than linear time) is never asked for.
 */
const MAX_DIGITS = 309;
/** Integers recorded per document; later ones print as the double does. */
const MAX_INTEGERS = 100_000;

/** Whether the UTF-16 unit `c` continues a word or a number (`a`, `_`, `.`). */
function joins(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) || c === 95 || c === 46;
}

/** Whether the UTF-16 unit `c` is a digit. */
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Each integer of `text` that is no safe integer, by the double it reads
 * as, in its decimal form (a `+` or leading zeros dropped); null for a
 * double two different integers of the text read as, or one written with
 * a fraction or an exponent (`1e20`, `12345678901234567890.0`): a digit
 * run elsewhere reading as the same double may be another integer. Plain
 * integer tokens are spelled, in JSON or YAML alike (`0x…`, `1_000` are
 * not numbers here), found anywhere: one inside a string spells the same
 * integer. Bounded: runs past {@link MAX_DIGITS} are skipped, and
 * {@link MAX_INTEGERS} kept.
 */
export function writtenIntegers(text: string): Map<number, string | null> {
  const out = new Map<number, string | null>();
  const record = (n: number, spelled: string | null) => {
    const seen = out.get(n);
    if (seen === undefined) {
      if (out.size >= MAX_INTEGERS) return false;
      out.set(n, spelled);
    } else if (seen !== spelled) out.set(n, null);
    return true;
  };
  const re = new RegExp(CANDIDATE);
  const number = new RegExp(NUMBER);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // The token around the match: its integer part and fraction before
    // it (each shorter than a run the search would have met first).
    let start = m.index;
    while (isDigit(text.charCodeAt(start - 1))) start--;
    if (
      text.charCodeAt(start - 1) === 46 && isDigit(text.charCodeAt(start - 2))
    ) {
      start--;
      while (isDigit(text.charCodeAt(start - 1))) start--;
    }
    const sign = text.charCodeAt(start - 1);
    if (sign === 45 || sign === 43) start--; // - or +
    number.lastIndex = start;
    const token = number.exec(text)?.[0] ?? "";
    const end = start + token.length;
    if (end <= m.index) continue; // no number (`1.e5`): the search goes on
    re.lastIndex = Math.max(re.lastIndex, end);
    const before = text.charCodeAt(start - 1);
    if (
      joins(text.charCodeAt(end)) || joins(before) || before === 45 ||
      before === 43
    ) {
      continue;
    }
    if (!/^[-+]?\d+$/.test(token)) {
      // A fraction or an exponent: its double, if an integer, is not
      // spelled by any run of digits.
      if (token.length > MAX_DIGITS + 20) continue;
      const n = Number(token);
      if (Number.isInteger(n) && !Number.isSafeInteger(n) && !record(n, null)) {
        break;
      }
      continue;
    }
    if (m[0].length > MAX_DIGITS) continue;
    const exact = BigInt(sign === 43 ? token.slice(1) : token);
    const n = Number(exact);
    if (Number.isSafeInteger(n)) continue;
    if (!record(n, String(exact))) break;
  }
  return out;
}

/**
 * The {@link Spell} of `r`'s document: its text is read (once per
 * document, on the first integer past 2^53 asked about) only when a value
 * shown holds one; safe numbers ask nothing.
 */
export function spelling(r: RefResolver): Spell {
  return (n) => {
    if (!Number.isInteger(n) || Number.isSafeInteger(n) || !r.source) {
      return undefined;
    }
    const map = r.memo.get(
      "written integers",
      r,
      () => writtenIntegers(r.source),
    );
    return map.get(n) ?? undefined;
  };
}
