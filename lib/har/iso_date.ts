/**
 * ISO 8601 date-time parsing for `startedDateTime` (HAR 1.2 4.2.2/4.2.4 use
 * ISO 8601, e.g. `2009-07-24T19:20:30.45+01:00`). `Date.parse` is not enough:
 * engines disagree on more than three fractional digits (Fiddler writes
 * seven) and on offsets without a colon, and its result is rounded to whole
 * milliseconds.
 */

/** A point in time split so sub-millisecond precision survives. */
export interface Instant {
  /** Whole milliseconds since the Unix epoch (UTC). */
  ms: number;
  /** Sub-millisecond remainder, 0 <= frac < 1. */
  frac: number;
}

// date [T or space] time [.fraction] [Z | +hh:mm | +hhmm | +hh]
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses an ISO 8601 date-time with any number of fractional digits and any
 * UTC offset. A missing offset is read as UTC (deterministic, unlike the
 * ECMAScript rule of local time). Returns null when the text is not a date.
 */
export function parseInstant(text: unknown): Instant | null {
  if (typeof text !== "string") return null;
  return parseFast(text) ?? parseGeneral(text);
}

/**
 * {@link parseInstant} into `out[0]` (whole ms) and `out[1]` (sub-ms rest),
 * allocating nothing on the common path: it runs once per entry right
 * after a 100 MB JSON.parse, when every allocation risks a costly
 * scavenge of the freshly parsed objects. Returns false when not a date.
 */
export function parseInstantInto(text: unknown, out: Float64Array): boolean {
  if (typeof text !== "string") return false;
  if (parseFastInto(text, out)) return true;
  const slow = parseGeneral(text);
  if (!slow) return false;
  out[0] = slow.ms;
  out[1] = slow.frac;
  return true;
}

function digits(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * The shape every browser writes, `2024-05-01T08:00:00.123+02:00` or `...Z`,
 * read with char codes (a regex match allocates an array of captures; this
 * runs 50,000 times per large file). Returns undefined for anything else,
 * which then goes through the general parser.
 */
export function parseFast(s: string): Instant | undefined {
  const out = new Float64Array(2);
  return parseFastInto(s, out) ? { ms: out[0], frac: out[1] } : undefined;
}

/** {@link parseFast} into `out`; false for anything else. */
function parseFastInto(s: string, out: Float64Array): boolean {
  const n = s.length;
  if (
    n < 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  ) return false;
  const y = digits(s, 0, 4), mo = digits(s, 5, 7), d = digits(s, 8, 10);
  const h = digits(s, 11, 13), mi = digits(s, 14, 16), sec = digits(s, 17, 19);
  if (
    y < 1000 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 24 ||
    mi < 0 || mi > 59 || sec < 0 || sec > 60 ||
    (d > 28 && d > daysIn(y, mo)) || (h === 24 && (mi || sec))
  ) return false;
  let i = 19, ms = 0, frac = 0;
  if (s.charCodeAt(i) === 46) { // .
    const from = ++i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    const len = i - from;
    if (len === 0 || len > 18) return false;
    const whole = Math.min(len, 3);
    ms = digits(s, from, from + whole) *
      (whole === 1 ? 100 : whole === 2 ? 10 : 1);
    // Division of exact integers is correctly rounded: the same double as
    // reading "0.<digits>" (up to 15 digits; longer ones go the slow way).
    if (len > 3) {
      if (len > 15) return false;
      frac = digits(s, from + 3, i) / 10 ** (len - 3);
    }
  }
  let off = 0;
  const c = s.charCodeAt(i);
  if ((c === 90 || c === 122) && i + 1 === n) { /* Z */ }
  else if (c === 43 || c === 45) {
    const colon = s.charCodeAt(i + 3) === 58;
    if (n !== i + (colon ? 6 : 5)) return false;
    const oh = digits(s, i + 1, i + 3);
    const om = digits(s, i + (colon ? 4 : 3), n);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    off = (c === 45 ? -1 : 1) * (oh * 60 + om) * 60000;
  } else return false;
  if (h === 24 && ms + frac > 0) return false;
  out[0] = Date.UTC(y, mo - 1, d, h, mi, sec) + ms - off;
  out[1] = frac;
  return true;
}

/** Every other ISO 8601 form (see {@link parseInstant}). */
export function parseGeneral(text: string): Instant | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fr = "", off = "Z"] = m;
  const year = +y, month = +mo, day = +d, hour = +h, min = +mi, sec = +s;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return null; // no 2024-02-30: engines roll it over to March
  }
  // 24:00 is ISO's end of day; 60 seconds is a leap second. Accept both.
  if (hour > 24 || min > 59 || sec > 60) return null;
  if (hour === 24 && (min || sec || /[1-9]/.test(fr))) return null;
  // Date.UTC reads years 0-99 as 1900-1999: set the year apart.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  let ms = at.getTime() + ((hour * 60 + min) * 60 + sec) * 1000;
  if (Number.isNaN(ms)) return null;
  // The first three fraction digits are whole ms; the rest is kept apart.
  ms += Number(fr.slice(0, 3).padEnd(3, "0"));
  const frac = fr.length > 3 ? Number("0." + fr.slice(3)) : 0;
  if (off !== "Z" && off !== "z") {
    const sign = off[0] === "-" ? -1 : 1;
    const digits = off.slice(1).replace(":", "");
    const oh = +digits.slice(0, 2),
      om = digits.length > 2 ? +digits.slice(2) : 0;
    if (oh > 23 || om > 59) return null;
    ms -= sign * (oh * 60 + om) * 60000;
  }
  return { ms, frac };
}

/** Days in `month` (1-12) of `year`, proleptic Gregorian. */
function daysIn(year: number, month: number): number {
  if (month !== 2) {
    return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  }
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** Milliseconds from `b` to `a`, exact to the sub-millisecond digits. */
export function diffMs(a: Instant, b: Instant): number {
  return (a.ms - b.ms) + (a.frac - b.frac);
}
