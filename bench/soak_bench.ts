/**
 * Bounded soak of the debug API: `deno task bench soak`.
 *
 * Starts the server as `deno task start` would (`deno serve --parallel
 * main.ts` on a free loopback port), runs a mixed load for SOAK_SECONDS
 * (default 60, split into SOAK_PHASES equal phases, default 2) with SOAK_WORKERS
 * redirects, echo uploads, the three compressions, SSE streams, sleeps,
 * aborted sleeps and streams, over-limit bodies and bad parameters. Every
 * status is checked against the expected one (zero unexpected allowed);
 * RSS (/proc/<pid>/status VmRSS) is sampled before, during and after; after
 * the load, a final round of requests must be as fast as at the start.
 * `runSoak` is also used in-process by tests/http/debug_soak_test.ts.
 */

/** One kind of request and the statuses it may get. */
interface Kind {
  name: string;
  expect: number[];
  /** The status, 0 for an expected abort, or a description of the failure. */
  run(origin: string): Promise<number | string>;
}

const drop = async (r: Response) => {
  await r.body?.cancel();
  return r.status;
};

/** How a request that should have been aborted ended instead. */
function ended(err: unknown): string {
  const e = err as Error;
  return `error ${e?.name}: ${String(e?.message).slice(0, 60)}`;
}

/**
 * A sleep the client leaves after `ms` (while the server still sleeps);
 * the abort is the expected outcome (0). Otherwise: `-status` when it
 * completed, or how it failed.
 */
async function abortedSleep(url: string, ms: number): Promise<number | string> {
  const ac = new AbortController();
  const t = setTimeout(() => ac.abort(), ms);
  try {
    const r = await fetch(url, { signal: ac.signal });
    await r.body?.cancel();
    return -r.status;
  } catch (err) {
    return (err as Error).name === "AbortError" ? 0 : ended(err);
  } finally {
    clearTimeout(t);
  }
}

/**
 * An event stream the client leaves mid-stream: the abort comes right after
 * the first event arrives, so it always lands while the server still has
 * events to send (a timer-based abort could fire before the response, or,
 * on a starved client, after a short stream ended by itself). Expected: 0.
 */
async function abortedStream(url: string): Promise<number | string> {
  const ac = new AbortController();
  try {
    const r = await fetch(url, { signal: ac.signal });
    if (r.status !== 200) {
      await r.body?.cancel();
      return -r.status; // refused (503 cap) or an error: not a stream
    }
    const reader = r.body!.getReader();
    if ((await reader.read()).done) return "ended before the first event";
    ac.abort();
    while (!(await reader.read()).done);
    return -r.status; // the body ended although the client aborted
  } catch (err) {
    return (err as Error).name === "AbortError" ? 0 : ended(err);
  }
}

const D = "/api/debug";
/** The mix; weights by repetition. */
export const KINDS: Kind[] = [
  {
    name: "status200",
    expect: [200],
    run: async (o) => drop(await fetch(`${o}${D}/status/200`)),
  },
  {
    name: "status503",
    expect: [503],
    run: async (o) => drop(await fetch(`${o}${D}/status/503`)),
  },
  {
    name: "status204head",
    expect: [204],
    run: async (o) =>
      drop(await fetch(`${o}${D}/status/204`, { method: "HEAD" })),
  },
  {
    name: "redirect3",
    expect: [200],
    run: async (o) => drop(await fetch(`${o}${D}/redirect/3`)),
  },
  {
    name: "echoPost",
    expect: [200],
    run: async (o) =>
      drop(
        await fetch(`${o}${D}/echo?a=1`, {
          method: "POST",
          body: "x".repeat(4096),
        }),
      ),
  },
  {
    name: "gzip",
    expect: [200],
    run: async (o) => {
      const r = await fetch(`${o}${D}/gzip`);
      await r.arrayBuffer();
      return r.status;
    },
  },
  {
    name: "brotli",
    expect: [200],
    run: async (o) => {
      const r = await fetch(`${o}${D}/brotli`);
      await r.arrayBuffer();
      return r.status;
    },
  },
  {
    name: "sse",
    expect: [200],
    run: async (o) => {
      const r = await fetch(`${o}${D}/sse?count=3&interval=30`);
      await r.text();
      return r.status;
    },
  },
  {
    name: "sleep50",
    expect: [200],
    run: async (o) => drop(await fetch(`${o}${D}/status/200?sleep=50ms`)),
  },
  {
    name: "abortSleep",
    expect: [0],
    run: (o) => abortedSleep(`${o}${D}/echo?sleep=5s`, 30),
  },
  {
    name: "abortSse",
    expect: [0],
    run: (o) => abortedStream(`${o}${D}/sse?count=100&interval=20`),
  },
  {
    name: "tooLarge",
    expect: [413],
    run: async (o) =>
      drop(
        await fetch(`${o}${D}/echo`, {
          method: "PUT",
          body: new Uint8Array(1_100_000),
        }),
      ),
  },
  {
    name: "badParam",
    expect: [400],
    run: async (o) => drop(await fetch(`${o}${D}/status/abc`)),
  },
  {
    name: "notFound",
    expect: [404],
    run: async (o) => drop(await fetch(`${o}${D}/nope`)),
  },
  {
    name: "preflight",
    expect: [204],
    run: async (o) =>
      drop(
        await fetch(`${o}${D}/echo`, {
          method: "OPTIONS",
          headers: { "access-control-request-method": "PUT" },
        }),
      ),
  },
];

/** What a soak run counted. */
export interface SoakResult {
  requests: number;
  unexpected: Record<string, number>;
  byKind: Record<string, number>;
  seconds: number;
}

/** Runs the mix against `origin` for `seconds` with `workers` clients. */
export async function runSoak(
  origin: string,
  seconds: number,
  workers: number,
): Promise<SoakResult> {
  const end = performance.now() + seconds * 1000;
  const res: SoakResult = { requests: 0, unexpected: {}, byKind: {}, seconds };
  let n = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const k = KINDS[n++ % KINDS.length];
      let status: number | string;
      try {
        status = await k.run(origin);
      } catch (err) {
        status = ended(err);
      }
      res.requests++;
      res.byKind[k.name] = (res.byKind[k.name] ?? 0) + 1;
      if (typeof status === "string" || !k.expect.includes(status)) {
        const key = `${k.name}:${status}`;
        res.unexpected[key] = (res.unexpected[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return res;
}

function rssMb(pid: number): number {
  const s = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024;
}

/** Mean /status/200 latency over `n` sequential requests on a fresh connection pool. */
async function latencyMs(origin: string, n = 300): Promise<number> {
  const client = Deno.createHttpClient({});
  // `client` is Deno's fetch extension (its own pool, not the load's).
  const init = { client } as RequestInit;
  try {
    await (await fetch(`${origin}${D}/status/200`, init)).body?.cancel();
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      await (await fetch(`${origin}${D}/status/200`, init)).body
        ?.cancel();
    }
    return (performance.now() - t) / n;
  } finally {
    client.close();
  }
}

const r1 = (n: number) => +n.toFixed(1);
const sleepMs = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** One phase's figures. */
interface Phase {
  seconds: number;
  requests: number;
  perSecond: number;
  unexpected: Record<string, number>;
  rssMb: { first: number; last: number; peak: number; settled: number };
  latencyMs: number;
}

/**
 * Checks the soak's property over its phases (the same load repeated in one
 * server process): no unexpected status; RSS does not keep growing (each
 * later phase peaks, and settles, within 10% + 16 MB of the first phase:
 * growth in the first phase is the heap and the allocator warming up, a
 * leak grows again in every phase); latency after the load near the
 * baseline and no worse after a later phase than after the first.
 */
export function judge(phases: Phase[], before: number): string[] {
  const bad: string[] = [];
  const [p1] = phases;
  phases.forEach((p, i) => {
    if (Object.keys(p.unexpected).length) {
      bad.push(`phase ${i + 1}: unexpected ${JSON.stringify(p.unexpected)}`);
    }
    if (i === 0) return;
    if (p.rssMb.peak > p1.rssMb.peak * 1.1 + 16) {
      bad.push(
        `phase ${
          i + 1
        }: RSS peak ${p.rssMb.peak} MB > ${p1.rssMb.peak} MB (phase 1)`,
      );
    }
    if (p.rssMb.settled > p1.rssMb.settled * 1.1 + 16) {
      bad.push(
        `phase ${
          i + 1
        }: settled RSS ${p.rssMb.settled} MB > ${p1.rssMb.settled} MB (phase 1)`,
      );
    }
    if (p.latencyMs > p1.latencyMs * 1.5 + 0.2) {
      bad.push(
        `phase ${
          i + 1
        }: latency ${p.latencyMs} ms > ${p1.latencyMs} ms (phase 1)`,
      );
    }
  });
  const last = phases[phases.length - 1];
  if (last.latencyMs > before * 3 + 0.5) {
    bad.push(`latency ${before} -> ${last.latencyMs} ms`);
  }
  return bad;
}

async function main() {
  const seconds = Number(Deno.env.get("SOAK_SECONDS") ?? 60);
  const workers = Number(Deno.env.get("SOAK_WORKERS") ?? 32);
  const count = Number(Deno.env.get("SOAK_PHASES") ?? 2);
  const settleMs = 3000; // sleeps and streams end; the server idles
  const { serveMain } = await import("../tests/helpers/processes.ts");
  const { child, origin } = await serveMain();
  try {
    const pid = child.pid;
    await latencyMs(origin, 100); // warm up
    const base = r1(rssMb(pid));
    const before = +(await latencyMs(origin)).toFixed(3);
    const phases: Phase[] = [];
    for (let i = 0; i < count; i++) {
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
      const t0 = performance.now();
      const r = await runSoak(origin, seconds / count, workers);
      const took = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      await sleepMs(settleMs);
      const settled = rssMb(pid);
      phases.push({
        seconds: Math.round(took),
        requests: r.requests,
        perSecond: Math.round(r.requests / took),
        unexpected: r.unexpected,
        rssMb: {
          first: r1(samples[0] ?? settled),
          last: r1(samples.at(-1) ?? settled),
          peak: r1(Math.max(settled, ...samples)),
          settled: r1(settled),
        },
        latencyMs: +(await latencyMs(origin)).toFixed(3),
      });
    }
    const requests = phases.reduce((a, p) => a + p.requests, 0);
    const took = phases.reduce((a, p) => a + p.seconds, 0);
    console.log(JSON.stringify(
      {
        workers,
        requests,
        perSecond: Math.round(requests / took),
        rssMbBase: base,
        status200LatencyMsBefore: before,
        phases,
      },
      null,
      2,
    ));
    const bad = judge(phases, before);
    child.kill("SIGTERM");
    const st = await child.status;
    if (st.code !== 0) bad.push(`exit code ${st.code} after SIGTERM`);
    if (bad.length) {
      console.error("soak FAILED:", bad.join("; "));
      Deno.exit(1);
    }
    console.log(
      "soak ok: zero unexpected statuses, no growth across phases, latency back near baseline, clean exit",
    );
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
  }
}

if (import.meta.main) await main();
