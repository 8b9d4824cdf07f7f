/**
 * `deno task bench http`: debug API throughput as a ratio to a bare
 * `Deno.serve` hello-world measured in the same run (targets: status >= 0.8x,
 * gzip >= 0.4x), 10,000 concurrent `sleep=5000` requests held under 300 MB
 * peak RSS, and 1,000 concurrent SSE streams. Loopback only, bounded in
 * time (about a minute). Env: BENCH_SECS (per wrk run, default 4),
 * BENCH_ROUNDS (default 3, medians reported), BENCH_CONNS (default 64).
 */
import { ensureWrk, holdMany, rssMiB, wrkRps } from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 4);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);
const here = new URL("./", import.meta.url);

interface Child {
  proc: Deno.ChildProcess;
  port: number;
  stop(): Promise<void>;
}

let nextPort = 18_000 + Math.floor(Math.random() * 2000);

async function start(mode: "hello" | "app"): Promise<Child> {
  const port = nextPort++;
  const proc = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("http_server.ts", here).pathname,
      mode,
      String(port),
    ],
    env: { RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const { value } = await reader.read();
  if (!value?.includes("ready")) {
    throw new Error(`${mode} server did not start`);
  }
  reader.releaseLock();
  proc.stdout.cancel().catch(() => {});
  return {
    proc,
    port,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.status;
    },
  };
}

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
  const targets: [string, string][] = [
    ["hello (bare Deno.serve)", `http://127.0.0.1:${hello.port}/`],
    ["hello + the 5 required headers", `http://127.0.0.1:${headers.port}/`],
    ["/api/debug/status/200", `${base}/status/200`],
    ["/api/debug/echo", `${base}/echo`],
    ["/api/debug/gzip", `${base}/gzip`],
  ];
  const runs = new Map<string, number[]>(targets.map(([n]) => [n, []]));
  try {
    for (const [, url] of targets) await wrkRps(url, CONNS, 1); // warm up
    for (let r = 0; r < ROUNDS; r++) {
      // Interleaved, so a noisy neighbour hits every target alike.
      for (const [name, url] of targets) {
        const { rps, non2xx } = await wrkRps(url, CONNS, SECS);
        if (non2xx) throw new Error(`${name}: ${non2xx} non-2xx responses`);
        runs.get(name)!.push(rps);
      }
    }
  } finally {
    await hello.stop();
    await headers.stop();
    await app.stop();
  }
  const baseRps = median(runs.get(targets[0][0])!);
  console.log(
    `\n| endpoint | req/s (median of ${ROUNDS}) | ratio to hello | target |`,
  );
  console.log("|---|---:|---:|---:|");
  const goal: Record<string, string> = {
    "/api/debug/status/200": ">= 0.8x",
    "/api/debug/gzip": ">= 0.4x",
  };
  for (const [name] of targets) {
    const m = median(runs.get(name)!);
    console.log(
      `| ${name} | ${Math.round(m).toLocaleString("en")} | ${
        (m / baseRps).toFixed(2)
      }x | ${goal[name] ?? ""} |`,
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
  "same, V8 `--max-semi-space-size=8`",
  "/api/debug/status/200?sleep=5000",
  10_000,
  30_000,
  (r) => r.startsWith("HTTP/1.1 200"),
  "--max-semi-space-size=8",
);
await held(
  "1,000 SSE streams x 5 events, 1 s apart",
  "/api/debug/sse?count=5&interval=1000",
  1_000,
  30_000,
  (r) => r.startsWith("HTTP/1.1 200") && r.split("\nid: ").length - 1 === 5,
);
