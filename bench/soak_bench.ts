/**
 * Bounded soak of the debug API: `deno task bench soak`.
 *
 * Starts the server as `deno task start` would (`deno serve --parallel
 * main.ts` on a free loopback port), runs a mixed load for SOAK_SECONDS
 * (default 60) with SOAK_WORKERS concurrent clients (default 32): statuses,
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
  run(origin: string): Promise<number>;
}

const drop = async (r: Response) => {
  await r.body?.cancel();
  return r.status;
};

/** Aborts after `ms`; the abort is the expected outcome (status 0). */
async function aborted(url: string, ms: number, read: boolean) {
  const ac = new AbortController();
  const t = setTimeout(() => ac.abort(), ms);
  try {
    const r = await fetch(url, { signal: ac.signal });
    if (read) {
      const reader = r.body!.getReader();
      while (!(await reader.read()).done);
    } else await r.body?.cancel();
    // Finished before the abort: unexpected; -status says how it ended.
    return -r.status;
  } catch (err) {
    return (err as Error).name === "AbortError" ? 0 : -2;
  } finally {
    clearTimeout(t);
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
    run: (o) => aborted(`${o}${D}/echo?sleep=5s`, 30, false),
  },
  {
    name: "abortSse",
    expect: [0],
    run: (o) => aborted(`${o}${D}/sse?count=100&interval=20`, 60, true),
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
      let status: number;
      try {
        status = await k.run(origin);
      } catch (err) {
        status = -3;
        console.error(k.name, err);
      }
      res.requests++;
      res.byKind[k.name] = (res.byKind[k.name] ?? 0) + 1;
      if (!k.expect.includes(status)) {
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

async function latencyMs(origin: string, n = 200): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    await (await fetch(`${origin}${D}/status/200`)).body?.cancel();
  }
  return (performance.now() - t) / n;
}

async function main() {
  const seconds = Number(Deno.env.get("SOAK_SECONDS") ?? 60);
  const workers = Number(Deno.env.get("SOAK_WORKERS") ?? 32);
  const { serveMain } = await import("../tests/http/debug_shutdown_test.ts");
  const { child, origin } = await serveMain();
  try {
    const pid = child.pid;
    await latencyMs(origin, 100); // warm up
    const base = rssMb(pid);
    const before = await latencyMs(origin);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
    const t0 = performance.now();
    const r = await runSoak(origin, seconds, workers);
    const took = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    await new Promise((res) => setTimeout(res, 3000)); // sleeps and streams end
    const after = rssMb(pid);
    const afterLat = await latencyMs(origin);
    const q = Math.floor(samples.length / 4);
    const early = Math.max(...samples.slice(0, Math.max(1, q)));
    const late = Math.max(...samples.slice(-Math.max(1, q)));
    console.log(JSON.stringify(
      {
        seconds: Math.round(took),
        workers,
        requests: r.requests,
        perSecond: Math.round(r.requests / took),
        unexpected: r.unexpected,
        byKind: r.byKind,
        rssMb: {
          base: +base.toFixed(1),
          early: +early.toFixed(1),
          late: +late.toFixed(1),
          peak: +Math.max(...samples).toFixed(1),
          after: +after.toFixed(1),
        },
        status200LatencyMs: {
          before: +before.toFixed(2),
          after: +afterLat.toFixed(2),
        },
      },
      null,
      2,
    ));
    const bad: string[] = [];
    if (Object.keys(r.unexpected).length) bad.push("unexpected statuses");
    // No growth: the last quarter of the run peaks within 32 MB of the first.
    if (late > early + 32) bad.push(`RSS grew ${early} -> ${late} MB`);
    if (after > Math.max(...samples) + 8) bad.push("RSS grew after the load");
    if (afterLat > before * 3 + 1) bad.push("slower after the load");
    child.kill("SIGTERM");
    const st = await child.status;
    if (st.code !== 0) bad.push(`exit code ${st.code} after SIGTERM`);
    if (bad.length) {
      console.error("soak FAILED:", bad.join("; "));
      Deno.exit(1);
    }
    console.log("soak ok: zero unexpected statuses, no growth, clean exit");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
  }
}

if (import.meta.main) await main();
