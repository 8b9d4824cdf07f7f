/**
 * `deno task bench http`: debug API throughput as a ratio to a bare
 * `Deno.serve` hello-world measured in the same run (targets: status >= 0.8x,
 * gzip >= 0.4x), 10,000 concurrent `sleep=5000` requests held under 300 MB
 * peak RSS, and 1,000 concurrent SSE streams. Loopback only, bounded in
 * time (about two minutes). Env: BENCH_SECS (per wrk run, default 2),
 * BENCH_ROUNDS (pairs per target, default 5), BENCH_CONNS (default 64).
 * Besides req/s, each server's CPU time per request is read from /proc: on
 * a shared machine it stays steady while req/s swings with the neighbours.
 * The app runs with server/serve_flags.ts, as `deno task start` does.
 */
import {
  ensureWrk,
  holdMany,
  rssMiB,
  startChild as start,
  wrkRps,
} from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function cpuInfo(): Promise<string> {
  const txt = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  const model = /model name\s*:\s*(.+)/.exec(txt)?.[1] ?? "unknown CPU";
  return `${model}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`;
}

async function throughput(): Promise<void> {
  const hello = await start("hello");
  const headers = await start("headers");
  const app = await start("app");
  const base = `http://127.0.0.1:${app.port}/api/debug`;
  const targets: [string, string, number][] = [
    [
      "hello (bare Deno.serve)",
      `http://127.0.0.1:${hello.port}/`,
      hello.proc.pid,
    ],
    [
      "hello + the 5 required headers",
      `http://127.0.0.1:${headers.port}/`,
      headers.proc.pid,
    ],
    ["/api/debug/status/200", `${base}/status/200`, app.proc.pid],
    ["/api/debug/echo", `${base}/echo`, app.proc.pid],
    ["/api/debug/gzip", `${base}/gzip`, app.proc.pid],
  ];
  // Paired runs: each target right after its own hello run, and the ratio
  // taken within the pair, so load from a noisy neighbour that comes and
  // goes between pairs cancels out; the median of the pairs is reported.
  const rps = new Map<string, number[]>(targets.map(([n]) => [n, []]));
  const ratios = new Map<string, number[]>(targets.map(([n]) => [n, []]));
  const cpu = new Map<string, number[]>(targets.map(([n]) => [n, []]));
  const cpuRatios = new Map<string, number[]>(targets.map(([n]) => [n, []]));
  try {
    for (const [, url] of targets) await wrkRps(url, CONNS, 1); // warm up
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, url, pid] of targets.slice(1)) {
        const base = await wrkRps(targets[0][1], CONNS, SECS, targets[0][2]);
        const got = await wrkRps(url, CONNS, SECS, pid);
        if (got.non2xx) {
          throw new Error(`${name}: ${got.non2xx} non-2xx responses`);
        }
        rps.get(targets[0][0])!.push(base.rps);
        rps.get(name)!.push(got.rps);
        ratios.get(name)!.push(got.rps / base.rps);
        cpu.get(targets[0][0])!.push(base.cpuUs);
        cpu.get(name)!.push(got.cpuUs);
        // Hello's server CPU per request over this one's: the throughput
        // ratio a CPU-bound server would reach with a core to itself.
        cpuRatios.get(name)!.push(base.cpuUs / got.cpuUs);
      }
    }
  } finally {
    await hello.stop();
    await headers.stop();
    await app.stop();
  }
  console.log(
    `\n| endpoint | req/s (median) | ratio to hello (median of ${ROUNDS} pairs) | pair ratios | server CPU µs/req | CPU ratio | target |`,
  );
  console.log("|---|---:|---:|---|---:|---:|---:|");
  const goal: Record<string, string> = {
    "/api/debug/status/200": ">= 0.8x",
    "/api/debug/gzip": ">= 0.4x",
  };
  for (const [name] of targets) {
    const list = ratios.get(name)!;
    const ratio = list.length ? `${median(list).toFixed(2)}x` : "1.00x";
    const all = list.map((x) => x.toFixed(2)).join(" ");
    console.log(
      `| ${name} | ${
        Math.round(median(rps.get(name)!)).toLocaleString("en")
      } | ${ratio} | ${all} | ${median(cpu.get(name)!).toFixed(1)} | ${
        cpuRatios.get(name)!.length
          ? median(cpuRatios.get(name)!).toFixed(2) + "x"
          : "1.00x"
      } | ${goal[name] ?? ""} |`,
    );
  }
}

async function held(
  label: string,
  path: string,
  n: number,
  timeoutMs: number,
  check: (reply: string) => boolean,
  v8Flags?: string,
): Promise<void> {
  const app = await start("app", v8Flags);
  try {
    const before = await rssMiB(app.proc.pid);
    const { replies, openedMs, totalMs } = await holdMany(
      app.port,
      path,
      n,
      timeoutMs,
    );
    const rss = await rssMiB(app.proc.pid);
    const ok = replies.filter(check).length;
    console.log(
      `| ${label} | ${ok}/${n} complete | opened in ${openedMs} ms, all done in ${totalMs} ms | RSS ${
        before.now.toFixed(0)
      } MB idle, peak ${rss.peak.toFixed(0)} MB |`,
    );
  } finally {
    await app.stop();
  }
}

console.log(
  `# HTTP debug API benchmark\n\nMachine: ${await cpuInfo()}; client and server share it (loopback).`,
);
await ensureWrk();
await throughput();
console.log("\n| concurrency test | result | timing | server memory |");
console.log("|---|---|---|---|");
await held(
  "10,000 x `status/200?sleep=5000`",
  "/api/debug/status/200?sleep=5000",
  10_000,
  30_000,
  (r) => r.startsWith("HTTP/1.1 200"),
);
await held(
  "same, V8 defaults (no serve_flags)",
  "/api/debug/status/200?sleep=5000",
  10_000,
  30_000,
  (r) => r.startsWith("HTTP/1.1 200"),
  "",
);
await held(
  "1,000 SSE streams x 5 events, 1 s apart",
  "/api/debug/sse?count=5&interval=1000",
  1_000,
  30_000,
  (r) => r.startsWith("HTTP/1.1 200") && r.split("\nid: ").length - 1 === 5,
);
