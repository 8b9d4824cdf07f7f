/**
 * `deno task bench http_bodies`: the generated bodies beyond
 * http_httpbin_bench.ts (which has `/bytes/1024`, a one-byte `/range` and
 * `/stream-bytes` against go-httpbin and the ceiling):
 * `/stream-bytes/1048576` throughput in MB/s with 10,240-byte and 64 KiB
 * chunks against `/bytes/1048576` in one body; and 10,000 concurrent
 * `/drip?duration=20&numbytes=5` held at once, with the server's peak RSS
 * against a bare Deno.serve streaming the same bytes to as many clients in
 * the same run (target: within 1.1x). The app runs as deployed (`deno
 * serve --parallel`; one isolate with BENCH_APP=single). Prints figures,
 * asserts nothing. Loopback only; about three minutes. Env: BENCH_SECS
 * (per wrk run, default 2), BENCH_ROUNDS (default 3).
 */
import {
  ensureWrk,
  holdMany,
  rssMiB,
  startServe,
  wrkRps,
} from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const MIB = 1_048_576;
const PARALLEL = Deno.env.get("BENCH_APP") !== "single";
/** How long each held /drip lasts (see heldDrips). */
const DRIP_MS = 20_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");

async function streamThroughput(): Promise<void> {
  const app = await startServe(new URL("../main.ts", import.meta.url), {
    parallel: PARALLEL,
  });
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

/**
 * `n` concurrent `/drip?duration=20&numbytes=5` against ours and against
 * the ceiling (bench/http_ceiling.ts: a bare Deno.serve streaming the same
 * five bytes with a `setTimeout` per write), each served as `deno task
 * start` serves (`deno serve --parallel`, the same runtime flags; one
 * isolate with BENCH_APP=single). A fresh process per run, the servers
 * alternated over ROUNDS rounds; the ratio is the median of the rounds'
 * paired ratios of peak RSS.
 */
async function heldDrips(n: number): Promise<void> {
  // 20 s: opening 10,000 connections takes 8 to 25 s on a loaded 2-core
  // machine, and with a 5 s drip the first ones would end before the last
  // open, so fewer than n would be held at once (and the peak would follow
  // the client's pace, not the server's cost per client).
  const path = `/api/debug/drip?duration=${DRIP_MS / 1000}&numbytes=5`;
  const parallel = PARALLEL;
  const modules = {
    ours: new URL("../main.ts", import.meta.url),
    "bare Deno.serve": new URL("http_ceiling.ts", import.meta.url),
  };
  const names = Object.keys(modules) as (keyof typeof modules)[];
  const peaks = new Map(names.map((k) => [k, [] as number[]]));
  const idle = new Map(names.map((k) => [k, [] as number[]]));
  const lines: string[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length];
      const server = await startServe(modules[name], { parallel });
      try {
        // One request first, so both have loaded their code.
        const warm = await fetch(
          `http://127.0.0.1:${server.port}${path.replace("=20&", "=0&")}`,
        );
        await warm.arrayBuffer();
        const before = await rssMiB(server.proc.pid);
        const load = (await Deno.readTextFile("/proc/loadavg")).split(" ")[0];
        const { replies, openedMs, totalMs } = await holdMany(
          server.port,
          path,
          n,
          90_000,
        );
        const rss = await rssMiB(server.proc.pid);
        const ok = replies.filter((r) =>
          r.startsWith("HTTP/1.1 200") && /\r\n\r\n\*{5}$/.test(r)
        ).length;
        peaks.get(name)!.push(rss.peak);
        idle.get(name)!.push(before.now);
        lines.push(
          `| ${r + 1} | ${name} | ${ok}/${n} complete${
            openedMs < DRIP_MS ? ", all open at once" : ", NOT all open at once"
          } | opened in ${openedMs} ms, all done in ${totalMs} ms | ${
            before.now.toFixed(0)
          } MB | ${rss.peak.toFixed(0)} MB | ${load} |`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  console.log(
    `\n| round | ${
      fmt(n)
    } x \`/drip?duration=20&numbytes=5\` | result | timing | RSS idle | RSS peak | load |`,
  );
  console.log("|---|---|---|---|---:|---:|---:|");
  for (const l of lines) console.log(l);
  const ours = peaks.get("ours")!;
  const bare = peaks.get("bare Deno.serve")!;
  const ratios = ours.map((v, i) => v / bare[i]);
  console.log(
    `\nPeak RSS, median of ${ROUNDS} rounds: ours ${
      median(ours).toFixed(0)
    } MB, bare Deno.serve ${median(bare).toFixed(0)} MB; ours/bare ${
      median(ratios).toFixed(2)
    }x (rounds: ${
      ratios.map((x) => x.toFixed(2)).join(" ")
    }; target <= 1.1x). Idle: ours ${
      median(idle.get("ours")!).toFixed(0)
    } MB, bare ${median(idle.get("bare Deno.serve")!).toFixed(0)} MB (${
      parallel ? "deno serve --parallel" : "one isolate each"
    }).`,
  );
}

const cpuModel = /model name\s*:\s*(.+)/.exec(
  await Deno.readTextFile("/proc/cpuinfo").catch(() => ""),
)?.[1] ?? "unknown CPU";
console.log(
  `# Generated bodies benchmark\n\nMachine: ${cpuModel}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; client and server share it (loopback).`,
);
await ensureWrk();
await streamThroughput();
await heldDrips(10_000);
