/**
 * Summary metrics of a whole file, computed once at parse time (CONTRACT 5:
 * `content-bytes` sums `response.content.size` values >= 0; `span-ms` is the
 * latest offset + duration, the earliest start being 0).
 */
import {
  type HarEntry,
  type HarSummary,
  STATUS_CLASSES,
  TYPE_CATEGORIES,
  type TypeTotal,
} from "./types.ts";

const TOP = 5;

/** Indices of the `TOP` entries with the largest `key`, ties by index. */
function topBy(entries: HarEntry[], key: (e: HarEntry) => number): number[] {
  const best: HarEntry[] = [];
  for (const e of entries) {
    const k = key(e);
    if (best.length === TOP && k <= key(best[TOP - 1])) continue;
    let at = best.length;
    while (at > 0 && key(best[at - 1]) < k) at--;
    best.splice(at, 0, e);
    if (best.length > TOP) best.pop();
  }
  return best.map((e) => e.index);
}

/** Computes the summary of normalised entries (any order). */
export function computeSummary(entries: HarEntry[]): HarSummary {
  const status = Object.fromEntries(
    STATUS_CLASSES.map((c) => [c, 0]),
  ) as HarSummary["status"];
  const byType = Object.fromEntries(
    TYPE_CATEGORIES.map((t) => [t, { count: 0, bytes: 0 } as TypeTotal]),
  ) as HarSummary["byType"];
  const hosts = new Set<string>();
  let transferBytes = 0, contentBytes = 0, spanMs = 0;
  let first: HarEntry | null = null;
  for (const e of entries) {
    status[e.statusClass]++;
    byType[e.type].count++;
    byType[e.type].bytes += e.transferSize;
    transferBytes += e.transferSize;
    if (e.contentSize >= 0) contentBytes += e.contentSize;
    spanMs = Math.max(spanMs, e.startMs + e.durationMs);
    if (e.host) hosts.add(e.host);
    if (
      e.validStart &&
      (!first || e.startMs < first.startMs ||
        (e.startMs === first.startMs && e.index < first.index))
    ) first = e;
  }
  return {
    requests: entries.length,
    transferBytes,
    contentBytes,
    spanMs,
    status,
    byType,
    slowest: topBy(entries, (e) => e.durationMs),
    largest: topBy(entries, (e) => e.transferSize),
    domains: hosts.size,
    firstStart: first?.startedDateTime ?? "",
  };
}
