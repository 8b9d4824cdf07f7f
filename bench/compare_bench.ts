/**
 * `deno task bench compare`: spec compare on the corpus' real version pair,
 * Stripe `stripe-spec3.json` (API 2020-03-02) → `stripe-spec3-2020-08-27.json`,
 * through our CLI and through npm `api-smart-diff` in the same run, so the
 * ratio holds on a shared, noisy machine where absolute times drift.
 *
 * 1. `deno task diff BASE REVISION --format json`, as a user runs it: the
 *    wall time of the whole process (start-up, reading, parsing both
 *    sides, comparing, printing). One untimed warm-up fills Deno's
 *    compile cache, then `COMPARE_BENCH_RUNS` (default 5) timed runs.
 *    Target: < 2 s.
 * 2. api-smart-diff's `apiCompare` over the same two documents, once, in
 *    its own process (bench/compare_peer.ts): the process's wall time and
 *    the comparison's own time, stopped after 15 minutes.
 *    `COMPARE_BENCH_PEER=skip` leaves it out.
 *
 * Reported: times, the ratio, and both tools' change counts. Measures,
 * never asserts.
 */
import { corpusDir } from "../tests/helpers/corpus.ts";
import { CHILD_ENV, diffTaskArgs } from "../tests/helpers/diff_cli.ts";

const TARGET_MS = 2000;
const PEER_TIMEOUT_MS = 15 * 60_000;
const RUNS = Math.max(1, Number(Deno.env.get("COMPARE_BENCH_RUNS")) || 5);

const corpus = corpusDir("specs");
const BASE = `${corpus}stripe-spec3.json`;
const REVISION = `${corpus}stripe-spec3-2020-08-27.json`;

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

interface Counts {
  breaking: number;
  warning: number;
  info: number;
  doc: number;
}

interface OurRun {
  ms: number;
  /** The process's CPU time (user + system), where it can be read. */
  cpuMs: number | null;
  code: number;
  changes: number;
  counts: Counts;
}

/**
 * CPU time (user + system) of this process's waited-for children, in ms,
 * from /proc (Linux: `cutime` and `cstime`, fields 16 and 17 of
 * /proc/self/stat, in clock ticks of 1/100 s), or null elsewhere. On a
 * shared machine the wall time includes waiting for a core; this does not.
 */
function childCpuMs(): number | null {
  try {
    const stat = Deno.readTextFileSync("/proc/self/stat");
    // The command name (field 2) may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

async function runOurs(): Promise<OurRun> {
  const cpu0 = childCpuMs();
  const t0 = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...diffTaskArgs(), BASE, REVISION, "--format", "json"],
    env: { ...CHILD_ENV, INIT_CWD: Deno.cwd() },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t0;
  const cpu1 = childCpuMs();
  if (out.code !== 0) {
    throw new Error(
      `deno task diff exited ${out.code}: ${
        new TextDecoder().decode(out.stderr)
      }`,
    );
  }
  const result = JSON.parse(new TextDecoder().decode(out.stdout));
  return {
    ms,
    cpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
    code: out.code,
    changes: result.changes.length,
    counts: result.counts,
  };
}

interface PeerRun {
  wallMs: number;
  ms: number;
  diffs: number;
  byType: Record<string, number>;
  rssBytes: number;
}

async function runPeer(): Promise<PeerRun | string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-lock",
      "-A",
      // 2.66 million differences, each with its path: ~3.3 GB.
      "--v8-flags=--max-old-space-size=12288",
      new URL("compare_peer.ts", import.meta.url).pathname,
      BASE,
      REVISION,
    ],
    env: CHILD_ENV,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, PEER_TIMEOUT_MS);
  const t0 = performance.now();
  const out = await child.output();
  const wallMs = performance.now() - t0;
  clearTimeout(timer);
  if (timedOut) {
    return `did not finish within ${PEER_TIMEOUT_MS / 60_000} minutes`;
  }
  if (out.code !== 0) {
    const err = new TextDecoder().decode(out.stderr).trim().split("\n");
    return `exited ${out.code}: ${err.slice(-3).join(" / ")}`;
  }
  const line = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!;
  return { wallMs, ...JSON.parse(line) };
}

const fmtMs = (ms: number) =>
  ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
const fmtN = (n: number) => n.toLocaleString("en-US");

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

if (!corpus || !exists(BASE) || !exists(REVISION)) {
  console.log(
    `skipped: the Stripe pair is not in the corpus (${BASE}, ${REVISION})`,
  );
  Deno.exit(0);
}

console.log(
  "Stripe stripe-spec3.json (2020-03-02) → stripe-spec3-2020-08-27.json",
);
console.log(
  `load average: ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
);

await runOurs(); // warm-up: Deno's compile cache, the file cache
const ours: OurRun[] = [];
for (let i = 0; i < RUNS; i++) ours.push(await runOurs());
const ourMs = median(ours.map((r) => r.ms));
const last = ours.at(-1)!;
console.log(
  `\ndeno task diff --format json (wall time of the process, ${RUNS} runs): ` +
    ours.map((r) => fmtMs(r.ms)).join(", "),
);
console.log(
  `  median ${fmtMs(ourMs)}, best ${
    fmtMs(Math.min(...ours.map((r) => r.ms)))
  } (target < ${fmtMs(TARGET_MS)}: ${ourMs < TARGET_MS ? "met" : "missed"})`,
);
const cpu = ours.map((r) => r.cpuMs);
if (cpu.every((c) => c !== null)) {
  console.log(
    `  CPU time (user + system) ${
      cpu.map((c) => fmtMs(c!)).join(", ")
    } (wall time above it is waiting: for a core on a loaded machine, or I/O)`,
  );
}
console.log(
  `  ${fmtN(last.changes)} changes listed: ${last.counts.breaking} breaking, ` +
    `${last.counts.warning} warning, ${last.counts.info} info ` +
    `(${last.counts.doc} doc, counted, listed with --all)`,
);

if (Deno.env.get("COMPARE_BENCH_PEER") === "skip") {
  console.log("\napi-smart-diff: skipped (COMPARE_BENCH_PEER=skip)");
} else {
  console.log("\napi-smart-diff 1.0.6 apiCompare (one run, its own process)…");
  const peer = await runPeer();
  if (typeof peer === "string") {
    console.log(`  ${peer}`);
  } else {
    const types = Object.entries(peer.byType)
      .sort((a, b) => b[1] - a[1])
      .map(([t, n]) => `${fmtN(n)} ${t}`).join(", ");
    console.log(
      `  wall ${fmtMs(peer.wallMs)} (apiCompare alone ${fmtMs(peer.ms)}), ` +
        `RSS after it ${(peer.rssBytes / 2 ** 30).toFixed(1)} GiB`,
    );
    console.log(`  ${fmtN(peer.diffs)} differences: ${types}`);
    console.log(
      `\nratio: api-smart-diff takes ${
        (peer.wallMs / ourMs).toFixed(1)
      }x our CLI's wall time (${(peer.ms / ourMs).toFixed(1)}x counting ` +
        `only its apiCompare call) and reports ${
          (peer.diffs / Math.max(1, last.changes)).toFixed(0)
        }x as many entries ` +
        `(${fmtN(peer.byType.breaking ?? 0)} breaking against our ` +
        `${last.counts.breaking})`,
    );
  }
}
