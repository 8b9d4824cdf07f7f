/**
 * Summary metrics of a whole file, computed once at parse time over the
 * columns: `content-bytes` sums the `response.content.size` values >= 0
 * (HAR 1.2 §4.2.8 leaves -1 or nothing for unknown sizes, which must not
 * count); `span-ms` is the latest offset + duration, the earliest start
 * being 0.
 */
import type { HarColumns } from "./columns.ts";
import {
  type HarSummary,
  STATUS_CLASSES,
  TYPE_CATEGORIES,
  type TypeTotal,
} from "./types.ts";

const TOP = 5;

/** Indices of the `TOP` entries with the largest `key`, ties by index. */
function topBy(n: number, key: Float64Array): number[] {
  const best: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = key[i];
    if (best.length === TOP && k <= key[best[TOP - 1]]) continue;
    let at = best.length;
    while (at > 0 && key[best[at - 1]] < k) at--;
    best.splice(at, 0, i);
    if (best.length > TOP) best.pop();
  }
  return best;
}

/**
 * Computes the summary. `firstStart` is the earliest `startedDateTime` as
 * written in the file.
 */
export function computeSummary(
  c: Omit<HarColumns, "orders">,
  firstStart: string,
): HarSummary {
  const status = new Float64Array(STATUS_CLASSES.length);
  const count = new Float64Array(TYPE_CATEGORIES.length);
  const bytes = new Float64Array(TYPE_CATEGORIES.length);
  const hosts = new Uint8Array(c.hosts.length);
  let transferBytes = 0, contentBytes = 0, spanMs = 0, domains = 0;
  for (let i = 0; i < c.n; i++) {
    status[c.statusClass[i]]++;
    count[c.type[i]]++;
    bytes[c.type[i]] += c.size[i];
    transferBytes += c.size[i];
    if (c.content[i] >= 0) contentBytes += c.content[i];
    const end = c.start[i] + c.duration[i];
    if (end > spanMs) spanMs = end;
    const h = c.hostIdx[i];
    if (!hosts[h] && c.hosts[h]) {
      hosts[h] = 1;
      domains++;
    }
  }
  return {
    requests: c.n,
    transferBytes,
    contentBytes,
    spanMs,
    status: Object.fromEntries(
      STATUS_CLASSES.map((s, k) => [s, status[k]]),
    ) as HarSummary["status"],
    byType: Object.fromEntries(
      TYPE_CATEGORIES.map((t, k) => [
        t,
        { count: count[k], bytes: bytes[k] } as TypeTotal,
      ]),
    ) as HarSummary["byType"],
    slowest: topBy(c.n, c.duration),
    largest: topBy(c.n, c.size),
    domains,
    firstStart,
  };
}
