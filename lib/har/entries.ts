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
