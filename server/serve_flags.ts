/**
 * The runtime flags the server is started with, in one place: used by
 * `deno task start` (server/start.ts) and by bench/http_bench.ts, so
 * the benchmark measures the server as it is deployed.
 */

/**
 * V8 flags. `--max-semi-space-size=4` (MB): V8's default grows the young
 * generation to 16+ MB per semi-space under load, which thousands of held
 * requests turn into resident memory without any gain in throughput (the
 * figures are in the README's "Reliability and limits").
 */
export const V8_FLAGS: readonly string[] = ["--max-semi-space-size=4"];

/**
 * Permissions the server needs: network, its files, env settings; and
 * never write (the app writes no file at run time, as on Deno Deploy).
 */
export const PERMISSIONS: readonly string[] = [
  "--allow-net",
  "--allow-read",
  "--allow-env",
  "--deny-write",
];

/** Flags for `deno serve` / `deno run`: permissions and V8 flags. */
export function runtimeFlags(): string[] {
  return [...PERMISSIONS, `--v8-flags=${V8_FLAGS.join(",")}`];
}
