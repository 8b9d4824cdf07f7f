/**
 * One entry as a plain {@link HarEntry} object, read back from the columns
 * (plus the raw entry for the strings the columns do not keep). The worker
 * builds these one at a time for the detail view; library users get them
 * all from `parseHarText`.
 */
import { pathFrom } from "./classify.ts";
import { type HarColumns, PHASE_STRIDE } from "./columns.ts";
import { type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";
import { fnv1a } from "../shared/fnv1a.ts";
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
 * A short name for entry i that another file is unlikely to share: a hash
 * of its method, URL and start offset, in base 36. A shared link names the
 * selected entry by index and by this key, so the index is not applied to
 * a different file (or an export in another order) picked after the link.
 */
export function entryKey(c: HarColumns, i: number): string {
  const text = `${c.methods[c.methodIdx[i]]} ${urlOf(c, i)} ${
    Math.round(c.start[i])
  }`;
  return fnv1a(text).toString(36);
}

/** The first entry whose {@link entryKey} is `key`, or -1. */
export function entryWithKey(c: HarColumns, key: string): number {
  for (let i = 0; i < c.n; i++) if (entryKey(c, i) === key) return i;
  return -1;
}

/** Entry i's path and query (after scheme and host, without fragment). */
export function pathOf(c: HarColumns, i: number): string {
  return pathFrom(urlOf(c, i), c.pathAt[i]);
}

/** Entry i's timing phases. */
function timingsOf(c: HarColumns, i: number): Timings {
  const at = i * PHASE_STRIDE;
  const t = { sslInConnect: c.phases[at + PHASES.length] === 1 } as Timings;
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
