/**
 * `deno task bench http_bodies`: the generated bodies. Requests per second
 * of `/bytes/1024?seed=1` and of `/range/1048576` asked for one byte, each
 * as a ratio to a bare `Deno.serve` answering the same bytes (paired runs
 * in the same process run, as in http_bench.ts); `/stream-bytes/1048576`
 * throughput in MB/s (default 10,240-byte chunks, and 64 KiB ones); and
 * 10,000 concurrent `/drip?duration=5&numbytes=5` held at once, with the
 * server's peak RSS (target under 300 MB). Prints figures, asserts
 * nothing. Loopback only; about a minute and a half. Env: BENCH_SECS (per
 * wrk run, default 2), BENCH_ROUNDS (pairs per target, default 3),
 * BENCH_CONNS (default 64).
 */
import {
  ensureWrk,
  holdMany,
  rssMiB,
  startChild,
  wrkRps,
} from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);
const MIB = 1_048_576;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");

async function requestRates(): Promise<void> {
  const bare = await startChild("bytes");
  const app = await startChild("app");
  const base = `http://127.0.0.1:${app.port}/api/debug`;
  const bareBase = `http://127.0.0.1:${bare.port}`;
  // [label, app URL, bare URL, headers]
  const targets: [string, string, string, string[]][] = [
    [
      "`/bytes/1024?seed=1`",
      `${base}/bytes/1024?seed=1`,
      `${bareBase}/bytes`,
      [],
    ],
    [
      "`/range/1048576`, `Range: bytes=0-0`",
      `${base}/range/1048576`,
      `${bareBase}/range/`,
      ["Range: bytes=0-0"],
    ],
  ];
  console.log(
    `\n| endpoint | app req/s (median) | bare Deno.serve, same bytes | ratio (median of ${ROUNDS} pairs) | pair ratios |`,
  );
  console.log("|---|---:|---:|---:|---|");
  try {
    for (const [label, url, bareUrl, headers] of targets) {
      await wrkRps(url, CONNS, 1, undefined, headers); // warm up
      await wrkRps(bareUrl, CONNS, 1, undefined, headers);
      const appRps: number[] = [];
      const bareRps: number[] = [];
      const ratios: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const b = await wrkRps(bareUrl, CONNS, SECS, bare.proc.pid, headers);
        const a = await wrkRps(url, CONNS, SECS, app.proc.pid, headers);
        if (a.non2xx) throw new Error(`${label}: ${a.non2xx} non-2xx`);
        appRps.push(a.rps);
        bareRps.push(b.rps);
        ratios.push(a.rps / b.rps);
      }
      console.log(
        `| ${label} | ${fmt(median(appRps))} | ${fmt(median(bareRps))} | ${
          median(ratios).toFixed(2)
        }x | ${ratios.map((x) => x.toFixed(2)).join(" ")} |`,
      );
    }
  } finally {
    await bare.stop();
    await app.stop();
  }
}

async function streamThroughput(): Promise<void> {
  const app = await startChild("app");
  const base = `http://127.0.0.1:${app.port}/api/debug`;
  console.log(
    "\n| body | MB/s (median) | runs | server CPU µs per MiB |",
  );
  console.log("|---|---:|---|---:|");
  try {
    const cases: [string, string][] = [
      ["`/stream-bytes/1048576` (10,240-byte chunks)", "?seed=1"],
      ["`/stream-bytes/1048576?chunk_size=65536`", "?seed=1&chunk_size=65536"],
      ["`/bytes/1048576` (one body, for comparison)", "?seed=1"],
    ];
    for (const [label, query] of cases) {
      const path = label.includes("/bytes/1048576` (one")
        ? "bytes"
        : "stream-bytes";
      const url = `${base}/${path}/${MIB}${query}`;
      await wrkRps(url, 4, 1);
      const runs: number[] = [];
      const cpu: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const got = await wrkRps(url, 4, SECS, app.proc.pid);
        runs.push(got.rps * MIB / 1e6);
        cpu.push(got.cpuUs);
      }
      console.log(
        `| ${label} | ${median(runs).toFixed(0)} | ${
          runs.map((x) => x.toFixed(0)).join(" ")
        } | ${fmt(median(cpu))} |`,
      );
    }
  } finally {
    await app.stop();
  }
}

async function heldDrips(n: number): Promise<void> {
  const app = await startChild("app");
  try {
    const before = await rssMiB(app.proc.pid);
    const { replies, openedMs, totalMs } = await holdMany(
      app.port,
      "/api/debug/drip?duration=5&numbytes=5",
      n,
      60_000,
    );
    const rss = await rssMiB(app.proc.pid);
    const ok = replies.filter((r) =>
      r.startsWith("HTTP/1.1 200") && /\r\n\r\n\*{5}$/.test(r)
    ).length;
    console.log("\n| concurrency test | result | timing | server memory |");
    console.log("|---|---|---|---|");
    console.log(
      `| ${
        fmt(n)
      } x \`/drip?duration=5&numbytes=5\` | ${ok}/${n} complete | opened in ${openedMs} ms, all done in ${totalMs} ms | RSS ${
        before.now.toFixed(0)
      } MB idle, peak ${rss.peak.toFixed(0)} MB (target < 300 MB) |`,
    );
  } finally {
    await app.stop();
  }
}

const cpuModel = /model name\s*:\s*(.+)/.exec(
  await Deno.readTextFile("/proc/cpuinfo").catch(() => ""),
)?.[1] ?? "unknown CPU";
console.log(
  `# Generated bodies benchmark\n\nMachine: ${cpuModel}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; client and server share it (loopback).`,
);
await ensureWrk();
await requestRates();
await streamThroughput();
await heldDrips(10_000);
