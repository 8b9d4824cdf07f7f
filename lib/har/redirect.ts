/**
 * The request a redirect led to: the entry whose URL is the response's
 * `redirectURL` (HAR 1.2 §4.2.5; resolved against the request's URL, as a
 * client resolves a relative Location, RFC 9110 §10.2.2), started no
 * sooner than the redirect, the first such. DevTools links the two as the
 * next request's "Redirect" initiator.
 */
import type { HarColumns } from "./columns.ts";
import { urlOf } from "./entries.ts";

/** Entries compared at most: past this, no link rather than a slow click. */
const MAX_SCANNED = 200_000;

/** `url` as a URL parser writes it (`http://x` is `http://x/`), or "". */
function normal(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return "";
  }
}

/**
 * The index of the entry entry `i`'s redirect (`location`) led to, or -1
 * when the file holds none.
 */
export function redirectedTo(
  c: HarColumns,
  i: number,
  location: string,
): number {
  if (!location || i < 0 || i >= c.n) return -1;
  let target: string;
  try {
    target = new URL(location, urlOf(c, i)).href;
  } catch {
    return -1;
  }
  const origin = new URL(target).origin;
  let best = -1;
  for (let j = 0; j < Math.min(c.n, MAX_SCANNED); j++) {
    if (j === i || c.start[j] < c.start[i]) continue;
    const u = urlOf(c, j);
    // Parsed only when it could be the same: the origin starts it.
    if (u !== target && !(u.startsWith(origin) && normal(u) === target)) {
      continue;
    }
    if (best < 0 || c.start[j] < c.start[best]) best = j;
  }
  return best;
}
