/**
 * An Accept-Encoding field read once (RFC 9110 §12.5.3): each coding,
 * lower-cased (`x-gzip` as `gzip`), with its q-value. A malformed q counts
 * as 0 (refused); the field is read up to a bound, so a hostile one costs
 * a fixed amount. The server's choice of coding and the HAR viewer's
 * `--compressed` both read it here.
 */

import { weightedList } from "./weighted_list.ts";

/** Characters of the field read, and codings in it, at most. */
const MAX_CHARS = 1024;
const MAX_CODINGS = 32;

/**
 * The codings of `field` with their q-values (1 when none is given); past
 * the bounds the rest is not read (a coding is a preference, not a
 * parameter: what was read still chooses one).
 */
export function codingWeights(field: string): Map<string, number> {
  const out = new Map<string, number>();
  for (
    const { value, q } of weightedList(field, MAX_CHARS, MAX_CODINGS).items
  ) {
    out.set(value === "x-gzip" ? "gzip" : value, q);
  }
  return out;
}
