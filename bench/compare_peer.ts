/**
 * The peer's half of bench/compare_bench.ts, in its own process (it needs
 * gigabytes for Stripe's pair): npm `api-smart-diff`'s `apiCompare` over
 * two JSON documents. Prints one JSON line: the time of the comparison
 * alone, the number of differences and their count per type.
 *
 * The package is imported by a specifier held in a variable, so neither
 * `deno check bench/` nor `deno install` resolve it: only this benchmark
 * needs it, fetched from the npm registry the first time it runs (the
 * parent runs this file with `--no-lock`, leaving deno.lock alone).
 *
 * Usage: deno run --no-lock -A bench/compare_peer.ts BASE.json REVISION.json
 */

/** The peer as measured in issue 21 (1.0.6). */
export const PEER = "npm:api-smart-diff@1.0.6";

interface PeerDiff {
  type: string;
}

interface PeerModule {
  apiCompare(before: unknown, after: unknown): { diffs: PeerDiff[] };
}

if (import.meta.main) {
  const [basePath, revisionPath] = Deno.args;
  const peer = await import(PEER) as PeerModule;
  // The peer takes parsed documents; reading and parsing are not timed,
  // as they are not its work (our CLI's time includes its own).
  const base = JSON.parse(await Deno.readTextFile(basePath));
  const revision = JSON.parse(await Deno.readTextFile(revisionPath));
  const t0 = performance.now();
  const { diffs } = peer.apiCompare(base, revision);
  const ms = performance.now() - t0;
  const byType: Record<string, number> = {};
  for (const d of diffs) byType[d.type] = (byType[d.type] ?? 0) + 1;
  console.log(JSON.stringify({
    ms,
    diffs: diffs.length,
    byType,
    rssBytes: Deno.memoryUsage().rss,
  }));
}
