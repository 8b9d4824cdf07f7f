/**
 * `deno task bench http_httpbin`: the body-handling endpoints test suites
 * hammer, each as a ratio to a bare `Deno.serve` returning the same bytes in
 * the same run (and to go-httpbin's matching endpoint when `GO_HTTPBIN`
 * names its binary):
 * - `GET /get`, `/gzip`, `/deflate`, `/brotli`, `/status/200`;
 * - `POST /anything`, `/post`, `/echo`, `PUT /put`, `PATCH /patch` with a
 *   1 kB JSON body;
 * - `/websocket/echo` messages per second (16 sockets, one message in
 *   flight each) against a bare `Deno.upgradeWebSocket` echo.
 * The bare server's bytes are the app's own answer to wrk's request (read
 * once before measuring) and it reads the request body too, so the ratio is
 * what the app's code costs. Paired runs (bare, app[, go]) per round, the
 * median ratio reported. Prints; asserts nothing. Loopback only.
 * Env: BENCH_SECS (per wrk run, default 2), BENCH_ROUNDS (pairs, default
 * 3), BENCH_CONNS (default 64), GO_HTTPBIN (path of a go-httpbin binary).
 */
import { type Child, ensureWrk, startChild, wrkRps } from "./http_load.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);
const GO = Deno.env.get("GO_HTTPBIN");

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

interface Target {
  path: string;
  method: "GET" | "POST" | "PUT" | "PATCH";
  /** go-httpbin's path for the same behaviour. */
  go: string;
}

const TARGETS: Target[] = [
  { path: "/get", method: "GET", go: "/get" },
  { path: "/anything", method: "POST", go: "/anything" },
  { path: "/post", method: "POST", go: "/post" },
  { path: "/put", method: "PUT", go: "/put" },
  { path: "/patch", method: "PATCH", go: "/patch" },
  { path: "/echo", method: "POST", go: "/anything" },
  { path: "/gzip", method: "GET", go: "/gzip" },
  { path: "/deflate", method: "GET", go: "/deflate" },
  { path: "/brotli", method: "GET", go: "/brotli" },
  { path: "/status/200", method: "GET", go: "/status/200" },
];

/** wrk's Lua script for `t`: its method, body and Content-Type. */
function script(t: Target): string | undefined {
  if (t.method === "GET") return undefined;
  return `wrk.method = "${t.method}"
wrk.body = ${JSON.stringify(JSON_BODY)}
wrk.headers["Content-Type"] = "application/json"
`;
}

/** What the app answers to exactly the request wrk sends. */
async function appAnswer(port: number, t: Target) {
  // wrk sends only Host (and, for a body, Content-Length and the script's
  // headers); fetch adds more, so the request is written by hand.
  const body = t.method === "GET" ? "" : JSON_BODY;
  const head =
    `${t.method} /api/debug${t.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    (body
      ? `Content-Length: ${body.length}\r\nContent-Type: application/json\r\n`
      : "") +
    "Connection: close\r\n\r\n";
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(head + body));
  const all = new Uint8Array(await new Response(conn.readable).arrayBuffer());
  const text = new TextDecoder("latin1").decode(all);
  const split = text.indexOf("\r\n\r\n");
  const header = (n: string) =>
    new RegExp(`\r\n${n}: ([^\r]+)`, "i").exec(text.slice(0, split))?.[1];
  if (
    !text.startsWith("HTTP/1.1 200") || /chunked/i.test(text.slice(0, split))
  ) {
    throw new Error(`${t.path}: ${text.slice(0, 200)}`);
  }
  return {
    body: all.slice(split + 4),
    type: header("content-type") ?? "",
    encoding: header("content-encoding") ?? "",
  };
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const ratio = (xs: number[]) => `${median(xs).toFixed(2)}x`;

/** go-httpbin on a free port, or null when GO_HTTPBIN is not set. */
async function startGo(): Promise<Child | null> {
  if (!GO) return null;
  const port = 21_000 + Math.floor(Math.random() * 2000);
  const proc = new Deno.Command(GO, {
    args: ["-host", "127.0.0.1", "-port", String(port)],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 50; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    proc,
    port,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.status;
    },
  };
}

async function throughput(app: Child, go: Child | null): Promise<void> {
  const dir = await Deno.makeTempDir();
  console.log(
    `| endpoint | response | bare req/s | app req/s | app/bare (median) | pair ratios |${
      go ? " go-httpbin req/s | app/go |" : ""
    }`,
  );
  console.log(`|---|---:|---:|---:|---:|---|${go ? "---:|---:|" : ""}`);
  try {
    for (const t of TARGETS) {
      const { body, type, encoding } = await appAnswer(app.port, t);
      const file = `${dir}/body`;
      await Deno.writeFile(file, body);
      const bare = await startChild("replay", undefined, [
        file,
        type,
        ...(encoding ? [encoding] : []),
      ]);
      try {
        const lua = script(t);
        const appUrl = `http://127.0.0.1:${app.port}/api/debug${t.path}`;
        const bareUrl = `http://127.0.0.1:${bare.port}${t.path}`;
        const goUrl = go && `http://127.0.0.1:${go.port}${t.go}`;
        for (const u of [bareUrl, appUrl, goUrl]) {
          if (u) await wrkRps(u, CONNS, 1, undefined, [], lua); // warm up
        }
        const bareRps: number[] = [];
        const appRps: number[] = [];
        const goRps: number[] = [];
        const pairs: number[] = [];
        const goPairs: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const b = await wrkRps(bareUrl, CONNS, SECS, undefined, [], lua);
          const a = await wrkRps(appUrl, CONNS, SECS, undefined, [], lua);
          if (a.non2xx) throw new Error(`${t.path}: ${a.non2xx} non-2xx`);
          bareRps.push(b.rps);
          appRps.push(a.rps);
          pairs.push(a.rps / b.rps);
          if (goUrl) {
            const g = await wrkRps(goUrl, CONNS, SECS, undefined, [], lua);
            goRps.push(g.rps);
            goPairs.push(a.rps / g.rps);
          }
        }
        console.log(
          `| \`${t.method} ${t.path}\`${
            t.method === "GET" ? "" : " (1 kB JSON)"
          } | ${body.length} B${encoding ? ` ${encoding}` : ""} | ${
            fmt(median(bareRps))
          } | ${fmt(median(appRps))} | ${ratio(pairs)} | ${
            pairs.map((x) => x.toFixed(2)).join(" ")
          } |${go ? ` ${fmt(median(goRps))} | ${ratio(goPairs)} |` : ""}`,
        );
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
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

async function websocket(app: Child, go: Child | null): Promise<void> {
  const bare = await startChild("ws");
  try {
    const urls = [
      `ws://127.0.0.1:${bare.port}/`,
      `ws://127.0.0.1:${app.port}/api/debug/websocket/echo`,
      ...(go ? [`ws://127.0.0.1:${go.port}/websocket/echo`] : []),
    ];
    const rates: number[][] = urls.map(() => []);
    for (const u of urls) await wsRate(u, 16, 0.5); // warm up
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, u] of urls.entries()) {
        rates[i].push(await wsRate(u, 16, SECS));
      }
    }
    const [b, a, g] = rates.map(median);
    console.log(
      `\n| WebSocket echo, 16 sockets, 64-byte messages | messages/s |\n|---|---:|\n| bare Deno.upgradeWebSocket | ${
        fmt(b)
      } |\n| \`/websocket/echo\` | ${fmt(a)} (${(a / b).toFixed(2)}x bare) |${
        g === undefined
          ? ""
          : `\n| go-httpbin \`/websocket/echo\` | ${fmt(g)} (app ${
            (a / g).toFixed(2)
          }x) |`
      }`,
    );
  } finally {
    await bare.stop();
  }
}

console.log(
  `# httpbin endpoints vs a bare Deno.serve${
    GO ? " and go-httpbin" : ""
  }\n\n${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; client and server share the machine (loopback); wrk -t1 -c${CONNS} -d${SECS}s, ${ROUNDS} rounds per target.${
    GO ? "" : " Set GO_HTTPBIN to a go-httpbin binary to compare with it."
  }\n`,
);
await ensureWrk();
const app = await startChild("app");
const go = await startGo();
try {
  await throughput(app, go);
  await websocket(app, go);
} finally {
  await app.stop();
  await go?.stop();
}
