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

/** An integer literal of at least 16 digits: 2^53 has 16. */
const LONG_DIGITS = /\d{16,}/g;
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

/**
 * Each integer of `text` that is no safe integer, by the double it reads
 * as, in its decimal form (a `+` or leading zeros dropped); null for a
 * double two different integers of the text read as. Plain integer tokens
 * only, in JSON or YAML alike (`1e20`, `0x…`, `1_000`, `12.5` are not),
 * found anywhere: one inside a string spells the same integer. Bounded:
 * runs past {@link MAX_DIGITS} are skipped, and {@link MAX_INTEGERS} kept.
 */
export function writtenIntegers(text: string): Map<number, string | null> {
  const out = new Map<number, string | null>();
  const re = new RegExp(LONG_DIGITS);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (joins(text.charCodeAt(end)) || m[0].length > MAX_DIGITS) continue;
    let start = m.index;
    const sign = text.charCodeAt(start - 1);
    if (sign === 45 || sign === 43) start--; // - or +
    const before = text.charCodeAt(start - 1);
    if (joins(before) || before === 45 || before === 43) continue;
    const exact = BigInt(text.slice(sign === 43 ? m.index : start, end));
    const n = Number(exact);
    if (Number.isSafeInteger(n)) continue;
    const spelled = String(exact);
    const seen = out.get(n);
    if (seen === undefined) {
      if (out.size >= MAX_INTEGERS) break;
      out.set(n, spelled);
    } else if (seen !== spelled) out.set(n, null);
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
