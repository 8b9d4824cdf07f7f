/**
 * One entry as a plain {@link HarEntry} object, read back from the columns
 * (plus the raw entry for the strings the columns do not keep). The worker
 * builds these one at a time for the detail view; library users get them
 * all from `parseHarText`.
 */
import { pathFrom } from "./classify.ts";
import {
  type HarColumns,
  PHASE_STRIDE,
  SSL_APART,
  SSL_TWICE,
} from "./columns.ts";
import { type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";
import { fnv1a } from "../shared/fnv1a.ts";
import { parseInstant } from "./iso_date.ts";
import {
  type HarEntry,
  PHASES,
  STATUS_CLASSES,
  type Timings,
  TYPE_CATEGORIES,
} from "./types.ts";

/** Entry i's URL. */
export function urlOf(c: HarColumns, i: number): string {
  return c.urls.slice(c.urlOff[i], c.urlOff[i + 1]);
}

/**
 * Entry i's failure text (`net::ERR_INTERNET_DISCONNECTED`), cut for the
 * list, or "" when it records none.
 */
export function errorOf(c: HarColumns, i: number): string {
  const at = c.failAt;
  let lo = 0, hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < i) lo = mid + 1;
    else hi = mid;
  }
  return lo < at.length && at[lo] === i ? c.failures[c.failIdx[lo]] : "";
}

/**
 * A short name for entry i that another file is unlikely to share: a hash
 * of its method, URL and start time, in base 36. A shared link names the
 * selected entry by index and by this key, so the index is not applied to
 * a different file picked after the link, and the request is found in an
 * export of the same session in another order or with more or fewer
 * requests. `origin` is the file's earliest start (Unix ms; 0 when there
 * is none): with it the start is the absolute time, which another export
 * shares, where the offset from the earliest start moves.
 */
export function entryKey(c: HarColumns, i: number, origin = 0): string {
  const text = `${c.methods[c.methodIdx[i]]} ${keyedUrl(c, i)} ${
    Math.round(origin + c.start[i])
  }`;
  return fnv1a(text).toString(36);
}

/**
 * URLs longer than this are keyed by their ends and length (see
 * {@link keyedUrl}).
 */
export const KEY_URL_CHARS = 8192;

/**
 * What {@link entryKey} hashes of entry i's URL: the URL, or past
 * {@link KEY_URL_CHARS} its first and last halves of that and its length.
 * A click selects by key, and hashing a 50 MB `data:` URL whole held the
 * click's task for 0.2 s; its ends, length, method and start still tell
 * it from the file's other entries.
 */
function keyedUrl(c: HarColumns, i: number): string {
  const from = c.urlOff[i], to = c.urlOff[i + 1];
  if (to - from <= KEY_URL_CHARS) return c.urls.slice(from, to);
  const half = KEY_URL_CHARS / 2;
  return `${c.urls.slice(from, from + half)}\u2026${to - from}\u2026${
    c.urls.slice(to - half, to)
  }`;
}

/**
 * The `origin` of {@link entryKey}: the file's earliest start (its summary's
 * `firstStart`) in Unix ms with its sub-millisecond part, which the
 * columns' offsets are counted from (Fiddler writes 100 ns digits); 0 when
 * there is none.
 */
export function keyOrigin(firstStart: string | undefined): number {
  const first = parseInstant(firstStart);
  return first ? first.ms + first.frac : 0;
}

/** The first entry whose {@link entryKey} is `key`, or -1. */
export function entryWithKey(c: HarColumns, key: string, origin = 0): number {
  for (let i = 0; i < c.n; i++) if (entryKey(c, i, origin) === key) return i;
  return -1;
}

/**
 * A status as the list shows it: the number, or "failed" when no response
 * came (0, as most exporters write it; Playwright's -1).
 */
export function statusWord(status: number): string {
  return status > 0 ? String(status) : "failed";
}

/** Entry i's path and query (after scheme and host, without fragment). */
export function pathOf(c: HarColumns, i: number): string {
  return pathFrom(urlOf(c, i), c.pathAt[i]);
}

/** Entry i's timing phases. */
function timingsOf(c: HarColumns, i: number): Timings {
  const at = i * PHASE_STRIDE;
  const place = c.phases[at + PHASES.length];
  const t = {
    sslInConnect: place !== SSL_APART,
    sslTwice: place === SSL_TWICE,
  } as Timings;
  PHASES.forEach((p, k) => (t[p] = c.phases[at + k]));
  return t;
}

/** Entry i as an object. `raw` is `log.entries[i]`. */
export function entryAt(c: HarColumns, raw: Obj, i: number): HarEntry {
  const url = urlOf(c, i);
  return {
    index: i,
    method: c.methods[c.methodIdx[i]],
    url,
    host: c.hosts[c.hostIdx[i]],
    path: pathFrom(url, c.pathAt[i]),
    status: c.status[i],
    statusText: str(obj(raw.response).statusText),
    statusClass: STATUS_CLASSES[c.statusClass[i]],
    mimeType: c.mimes[c.mimeIdx[i]],
    type: TYPE_CATEGORIES[c.type[i]],
    startedDateTime: str(raw.startedDateTime),
    validStart: c.validStart[i] === 1,
    startMs: c.start[i],
    durationMs: c.duration[i],
    transferSize: c.size[i],
    contentSize: c.content[i],
    timings: timingsOf(c, i),
    page: c.page[i],
  };
}
