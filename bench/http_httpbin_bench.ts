/**
 * `deno task bench http_httpbin`: the debug API's httpbin endpoints against
 * go-httpbin (when `GO_HTTPBIN` names its binary) and against the ceiling,
 * a bare Deno.serve handler doing the same work (bench/http_ceiling.ts),
 * all in the same run:
 * - wrk req/s for `GET /get`, `/status/200`, `/gzip`, `/deflate`,
 *   `/brotli`, `/bytes/1024?seed=1`, `/range/1048576` with
 *   `Range: bytes=0-0`, and `POST /anything`, `/post`, `/echo`, `PUT /put`,
 *   `PATCH /patch` with a 1 kB JSON body; go-httpbin's counterpart of
 *   `/echo` is its `/anything`, and it has no `/brotli`;
 * - `/stream-bytes/102400?seed=1&chunk_size=10240` in MB/s (go-httpbin
 *   serves at most 100 KiB there, so all three stream the same bytes);
 * - `/websocket/echo` messages per second (16 sockets, one 64-byte message
 *   in flight on each).
 * Each round runs every server once per target, servers alternated and
 * the order rotated from round to round; a ratio is the median of the
 * rounds' paired ratios, the lowest pair beside it. Besides req/s: each
 * server's CPU µs per request (all its threads, from /proc), which a
 * neighbour taking a core barely moves; wrk's own CPU µs per request (it
 * runs on the same cores, and its cost differs with each server's
 * responses); the 1-minute load average during each target.
 * The app and the ceiling run as `deno task start` runs main.ts, `deno
 * serve --parallel` with server/serve_flags.ts's flags (go-httpbin uses
 * every core too); `BENCH_APP=single` serves each as one isolate instead.
 * Prints; asserts nothing. Loopback only; ends by itself (about 9 minutes
 * with the defaults). Env: BENCH_SECS (per wrk run, default 2),
 * BENCH_ROUNDS (default 5), BENCH_CONNS (default 64), GO_HTTPBIN,
 * BENCH_APP, BENCH_REQUEST_ID=1 (a distinct `X-Request-Id` on every
 * request, set by a wrk Lua hook that costs wrk CPU).
 */
import {
  type Child,
  childOf,
  cpuSeconds,
  ensureWrk,
  startChild,
  startServe,
  waitForPort,
  wrkRps,
} from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Math.max(3, Number(Deno.env.get("BENCH_ROUNDS") ?? 5));
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);
const GO = Deno.env.get("GO_HTTPBIN");
const PARALLEL = Deno.env.get("BENCH_APP") !== "single";
const REQUEST_ID = Deno.env.get("BENCH_REQUEST_ID") === "1";

// A JSON document of exactly 1,000 bytes, the body of every POST.
const JSON_BODY = (() => {
  const items = Array.from({ length: 8 }, (_, i) => ({
    id: i,
    name: `item-${i}`,
    tags: ["a", "b"],
    ok: i % 2 === 0,
  }));
  const bare = JSON.stringify({ items, note: "" }).length;
  return JSON.stringify({ items, note: "x".repeat(1000 - bare) });
})();

/** One server under test; `prefix` goes before every path. */
interface Server {
  name: "ours" | "go-httpbin" | "ceiling";
  child: Child;
  prefix: string;
}

interface Target {
  /** Our path (and the ceiling's), query included. */
  path: string;
  method: "GET" | "POST" | "PUT" | "PATCH";
  /** go-httpbin's path for the same behaviour, or null when it has none. */
  go: string | null;
  headers?: string[];
}

const TARGETS: Target[] = [
  { path: "/anything", method: "POST", go: "/anything" },
  { path: "/echo", method: "POST", go: "/anything" },
  { path: "/post", method: "POST", go: "/post" },
  { path: "/put", method: "PUT", go: "/put" },
  { path: "/patch", method: "PATCH", go: "/patch" },
  { path: "/get", method: "GET", go: "/get" },
  { path: "/bytes/1024?seed=1", method: "GET", go: "/bytes/1024?seed=1" },
  {
    path: "/range/1048576",
    method: "GET",
    go: "/range/1048576",
    headers: ["Range: bytes=0-0"],
  },
  { path: "/status/200", method: "GET", go: "/status/200" },
  { path: "/gzip", method: "GET", go: "/gzip" },
  { path: "/deflate", method: "GET", go: "/deflate" },
  { path: "/brotli", method: "GET", go: null },
];

const STREAM = "/stream-bytes/102400?seed=1&chunk_size=10240";
const STREAM_BYTES = 102_400;

/** wrk's Lua script for `t`: method, body, Content-Type, request ids. */
function script(t: Target): string | undefined {
  const lines = [];
  if (t.method !== "GET") {
    lines.push(
      `wrk.method = "${t.method}"`,
      `wrk.body = ${JSON.stringify(JSON_BODY)}`,
      `wrk.headers["Content-Type"] = "application/json"`,
    );
  }
  if (REQUEST_ID) {
    // A distinct X-Request-Id on every request: no two requests are equal.
    lines.push(
      "local n = 0",
      "function request()",
      "  n = n + 1",
      '  wrk.headers["X-Request-Id"] = string.format("%d-%08x", n, math.random(0, 0x7fffffff))',
      "  return wrk.format(nil, nil, nil, nil)",
      "end",
    );
  }
  return lines.length ? lines.join("\n") + "\n" : undefined;
}

const median = (xs: number[]) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n: number) =>
  Number.isNaN(n) ? "–" : Math.round(n).toLocaleString("en");
const x = (n: number) => Number.isNaN(n) ? "–" : `${n.toFixed(2)}x`;
const us = (n: number) => Number.isNaN(n) ? "–" : n.toFixed(1);

async function loadAverage(): Promise<number> {
  const text = await Deno.readTextFile("/proc/loadavg").catch(() => "");
  return Number(text.split(" ")[0]);
}

/** go-httpbin on a free port, or null when GO_HTTPBIN is not set. */
async function startGo(): Promise<Child | null> {
  if (!GO) return null;
  const port = 21_000 + Math.floor(Math.random() * 2000);
  const proc = new Deno.Command(GO, {
    args: ["-host", "127.0.0.1", "-port", String(port)],
    stdout: "null",
    stderr: "null",
  }).spawn();
  await waitForPort(port);
  return childOf(proc, port);
}

function urlOf(s: Server, t: Target): string | null {
  const path = s.name === "go-httpbin" ? t.go : t.path;
  return path === null
    ? null
    : `http://127.0.0.1:${s.child.port}${s.prefix}${path}`;
}

/**
 * Each server's answer to one request like wrk's: 2xx, and for the ceiling
 * the same JSON members (or bytes) as ours, so it does the same work.
 */
async function checkSame(servers: Server[], t: Target): Promise<void> {
  const got: Record<string, Uint8Array> = {};
  for (const s of servers) {
    const url = urlOf(s, t);
    if (!url) continue;
    const res = await fetch(url, {
      method: t.method,
      body: t.method === "GET" ? undefined : JSON_BODY,
      headers: Object.fromEntries(
        [
          ...(t.headers ?? []),
          ...(t.method === "GET" ? [] : ["Content-Type: application/json"]),
        ].map((h) => h.split(": ")),
      ),
    });
    const body = new Uint8Array(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${s.name} ${t.path}: ${res.status}`);
    got[s.name] = body;
  }
  const ours = got.ours;
  const ceil = got.ceiling;
  if (!ours || !ceil) return;
  const shape = (b: Uint8Array) => {
    try {
      return Object.keys(JSON.parse(new TextDecoder().decode(b))).join(",");
    } catch {
      return `${b.length} bytes`;
    }
  };
  const encoded = /gzip|deflate|brotli/.test(t.path);
  if (!encoded && shape(ours) !== shape(ceil)) {
    throw new Error(
      `the ceiling's ${t.path} differs: ${shape(ceil)} vs ${shape(ours)}`,
    );
  }
}

interface Runs {
  rps: number[];
  cpu: number[];
  wrk: number[];
}

/** `secs` of wrk against each server's `t`, every round, alternated. */
async function measure(
  servers: Server[],
  t: Target,
  conns: number,
): Promise<{ runs: Map<string, Runs>; load: number[] }> {
  const lua = script(t);
  const active = servers.filter((s) => urlOf(s, t));
  const runs = new Map<string, Runs>(
    active.map((s) => [s.name, { rps: [], cpu: [], wrk: [] }]),
  );
  const load: number[] = [];
  for (const s of active) {
    await wrkRps(urlOf(s, t)!, conns, 1, undefined, t.headers, lua); // warm up
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < active.length; i++) {
      const s = active[(i + r) % active.length];
      load.push(await loadAverage());
      const got = await wrkRps(
        urlOf(s, t)!,
        conns,
        SECS,
        s.child.proc.pid,
        t.headers,
        lua,
      );
      if (got.non2xx || got.errors) {
        console.error(
          `  ${s.name} ${t.path}: ${got.non2xx} non-2xx, ${got.errors} socket errors`,
        );
      }
      const m = runs.get(s.name)!;
      m.rps.push(got.rps);
      m.cpu.push(got.cpuUs);
      m.wrk.push(got.wrkUs);
    }
  }
  return { runs, load };
}

/** Per-round ratios a/b of req/s, as "median (lowest)". */
function paired(a?: Runs, b?: Runs): { med: number; min: number } {
  if (!a || !b) return { med: NaN, min: NaN };
  const r = a.rps.map((v, i) => v / b.rps[i]);
  return { med: median(r), min: Math.min(...r) };
}

async function throughput(servers: Server[]): Promise<void> {
  const hasGo = servers.some((s) => s.name === "go-httpbin");
  console.log(
    `| endpoint | ours req/s | go-httpbin req/s | ceiling req/s | ours/go (lowest round) | ceiling/go (lowest round) | ours/ceiling | CPU µs/req ours · go · ceiling | go/ours by CPU | wrk µs/req ours · go · ceiling | load |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const t of TARGETS) {
    await checkSame(servers, t);
    const { runs, load } = await measure(servers, t, CONNS);
    const ours = runs.get("ours")!;
    const go = runs.get("go-httpbin");
    const ceil = runs.get("ceiling")!;
    const og = paired(ours, go);
    const cg = paired(ceil, go);
    const oc = paired(ours, ceil);
    const cpu = (m?: Runs) => m ? median(m.cpu) : NaN;
    const wrk = (m?: Runs) => m ? median(m.wrk) : NaN;
    const label = `\`${t.method} ${t.path}\`${
      t.method === "GET" ? "" : " (1 kB JSON)"
    }${t.headers ? `, \`${t.headers.join(", ")}\`` : ""}${
      hasGo && t.go && t.go !== t.path ? ` (go: \`${t.go}\`)` : ""
    }`;
    console.log(
      `| ${label} | ${fmt(median(ours.rps))} | ${
        fmt(go ? median(go.rps) : NaN)
      } | ${fmt(median(ceil.rps))} | ${x(og.med)} (${x(og.min)}) | ${
        x(cg.med)
      } (${x(cg.min)}) | ${x(oc.med)} | ${us(cpu(ours))} · ${us(cpu(go))} · ${
        us(cpu(ceil))
      } | ${x(cpu(go) / cpu(ours))} | ${us(wrk(ours))} · ${us(wrk(go))} · ${
        us(wrk(ceil))
      } | ${median(load).toFixed(1)} |`,
    );
  }
}

/** MB/s of `STREAM` over 4 connections, each server alternated. */
async function streamRate(servers: Server[]): Promise<void> {
  const t: Target = { path: STREAM, method: "GET", go: STREAM };
  await checkSame(servers, t);
  const { runs, load } = await measure(servers, t, 4);
  const mbs = (m: Runs) => median(m.rps) * STREAM_BYTES / 1e6;
  const perMb = (m: Runs) => median(m.cpu) / (STREAM_BYTES / 1e6);
  console.log(
    `\n| \`${STREAM}\`, 4 connections | MB/s | ours/it (lowest round) | server CPU µs per MB | load |\n|---|---:|---:|---:|---:|`,
  );
  const ours = runs.get("ours")!;
  for (const s of servers) {
    const m = runs.get(s.name)!;
    const p = paired(ours, m);
    console.log(
      `| ${s.name} | ${mbs(m).toFixed(0)} | ${
        s.name === "ours" ? "" : `${x(p.med)} (${x(p.min)})`
      } | ${fmt(perMb(m))} | ${median(load).toFixed(1)} |`,
    );
  }
}

/** Messages echoed per second over `sockets` sockets for `secs`. */
async function wsRate(url: string, sockets: number, secs: number) {
  const message = "x".repeat(64);
  let count = 0;
  const end = performance.now() + secs * 1000;
  await Promise.all(Array.from({ length: sockets }, async () => {
    const ws = new WebSocket(url);
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onerror = fail;
    });
    await new Promise<void>((done) => {
      ws.onmessage = () => {
        count++;
        if (performance.now() < end) ws.send(message);
        else done();
      };
      ws.send(message);
    });
    const closed = new Promise((ok) => ws.onclose = ok);
    ws.close();
    await closed;
  }));
  return count / secs;
}

async function websocket(servers: Server[]): Promise<void> {
  const url = (s: Server) =>
    `ws://127.0.0.1:${s.child.port}${s.prefix}/websocket/echo`;
  const rates = new Map<string, number[]>(servers.map((s) => [s.name, []]));
  const cpu = new Map<string, number[]>(servers.map((s) => [s.name, []]));
  const load: number[] = [];
  for (const s of servers) await wsRate(url(s), 16, 0.5); // warm up
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < servers.length; i++) {
      const s = servers[(i + r) % servers.length];
      load.push(await loadAverage());
      const c0 = await cpuSeconds(s.child.proc.pid);
      const rate = await wsRate(url(s), 16, SECS);
      const c1 = await cpuSeconds(s.child.proc.pid);
      rates.get(s.name)!.push(rate);
      cpu.get(s.name)!.push((c1 - c0) / (rate * SECS) * 1e6);
    }
  }
  console.log(
    `\n| \`/websocket/echo\`, 16 sockets, 64-byte messages | messages/s | ours/it (lowest round) | server CPU µs per message | load |\n|---|---:|---:|---:|---:|`,
  );
  const ours = rates.get("ours")!;
  for (const s of servers) {
    const m = rates.get(s.name)!;
    const r = ours.map((v, i) => v / m[i]);
    console.log(
      `| ${s.name} | ${fmt(median(m))} | ${
        s.name === "ours" ? "" : `${x(median(r))} (${x(Math.min(...r))})`
      } | ${us(median(cpu.get(s.name)!))} | ${median(load).toFixed(1)} |`,
    );
  }
}

const cpuModel = /model name\s*:\s*(.+)/.exec(
  await Deno.readTextFile("/proc/cpuinfo").catch(() => ""),
)?.[1] ?? "unknown CPU";
const load0 = await Deno.readTextFile("/proc/loadavg").catch(() => "?");
console.log(
  `# httpbin endpoints: ours, go-httpbin and the bare ceiling\n\n${cpuModel}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; ours and the ceiling ${
    PARALLEL
      ? "as `deno serve --parallel` (like `deno task start`)"
      : "as one isolate each (BENCH_APP=single)"
  }; ${
    GO ? `go-httpbin ${GO}` : "no go-httpbin (set GO_HTTPBIN to its binary)"
  }; client and servers share the machine (loopback); wrk -t1 -c${CONNS} -d${SECS}s, ${ROUNDS} rounds per target${
    REQUEST_ID ? ", a distinct X-Request-Id per request" : ""
  }. Load average at start: ${load0.trim()}.\n`,
);
await ensureWrk();
const app = PARALLEL
  ? await startServe(new URL("../main.ts", import.meta.url))
  : await startChild("app");
const servers: Server[] = [{ name: "ours", child: app, prefix: "/api/debug" }];
try {
  const go = await startGo();
  if (go) servers.push({ name: "go-httpbin", child: go, prefix: "" });
  const ceiling = await startServe(
    new URL("http_ceiling.ts", import.meta.url),
    { parallel: PARALLEL },
  );
  servers.push({ name: "ceiling", child: ceiling, prefix: "/api/debug" });
  await throughput(servers);
  await streamRate(servers);
  await websocket(servers);
} finally {
  for (const s of servers) await s.child.stop();
}
console.log(
  `\nLoad average at the end: ${
    (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).trim()
  }.`,
);
