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
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fr = "", off = "Z"] = m;
  const month = +mo, day = +d, hour = +h, min = +mi, sec = +s;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  // 24:00 is ISO's end of day; 60 seconds is a leap second. Accept both.
  if (hour > 24 || min > 59 || sec > 60) return null;
  let ms = Date.UTC(+y, month - 1, day, hour, min, sec);
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

/** Milliseconds from `b` to `a`, exact to the sub-millisecond digits. */
export function diffMs(a: Instant, b: Instant): number {
  return (a.ms - b.ms) + (a.frac - b.frac);
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareInstant(a: Instant, b: Instant): number {
  return a.ms - b.ms || a.frac - b.frac;
}
