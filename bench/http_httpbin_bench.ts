/**
 * `deno task bench http_httpbin`: the httpbin-compatible request shapes'
 * throughput as a ratio to a bare `Deno.serve` returning the same bytes,
 * measured in the same run on 127.0.0.1 with wrk:
 * - `GET /api/debug/get`;
 * - `POST /api/debug/anything` with a 1 kB JSON body.
 * The bare server's bytes are the app's own answer to wrk's request (read
 * once before measuring), and it reads the request body too. Paired runs,
 * the median ratio of the pairs reported. Prints; asserts nothing.
 * Env: BENCH_SECS (per wrk run, default 2), BENCH_ROUNDS (pairs per target,
 * default 3), BENCH_CONNS (default 64).
 */
import { ensureWrk } from "./http_load.ts";
import { runtimeFlags } from "../server/serve_flags.ts";

const SECS = Number(Deno.env.get("BENCH_SECS") ?? 2);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const CONNS = Number(Deno.env.get("BENCH_CONNS") ?? 64);
const child = new URL("http_httpbin_server.ts", import.meta.url).pathname;
let nextPort = 20_000 + Math.floor(Math.random() * 2000);

interface Server {
  port: number;
  stop(): Promise<void>;
}

async function start(args: string[], flags: string[]): Promise<Server> {
  const port = nextPort++;
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, child, args[0], String(port), ...args.slice(1)],
    env: { RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const { value } = await reader.read();
  if (!value?.includes("ready")) throw new Error(`${args[0]} did not start`);
  reader.releaseLock();
  proc.stdout.cancel().catch(() => {});
  return {
    port,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.status;
    },
  };
}

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
  name: string;
  path: string;
  method: "GET" | "POST";
}

const TARGETS: Target[] = [
  { name: "GET /api/debug/get", path: "/api/debug/get", method: "GET" },
  {
    name: "POST /api/debug/anything (1 kB JSON)",
    path: "/api/debug/anything",
    method: "POST",
  },
];

/** wrk's Lua script for `t`: its method, body and headers. */
function script(t: Target): string {
  if (t.method === "GET") return "";
  return `wrk.method = "POST"
wrk.body = ${JSON.stringify(JSON_BODY)}
wrk.headers["Content-Type"] = "application/json"
`;
}

/** What the app answers to exactly the request wrk sends. */
async function appAnswer(
  port: number,
  t: Target,
): Promise<{ body: Uint8Array; type: string }> {
  // wrk sends only Host (and, for a body, Content-Length and the script's
  // headers); fetch adds more, so the request is written by hand.
  const body = t.method === "POST" ? JSON_BODY : "";
  const head = `${t.method} ${t.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    (body
      ? `Content-Length: ${
        new TextEncoder().encode(body).length
      }\r\nContent-Type: application/json\r\n`
      : "") +
    "Connection: close\r\n\r\n";
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(head + body));
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(65536);
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    chunks.push(buf.slice(0, n));
  }
  conn.close();
  const all = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let at = 0;
  for (const c of chunks) all.set(c, at), at += c.length;
  const text = new TextDecoder("latin1").decode(all);
  const split = text.indexOf("\r\n\r\n");
  const type = /\r\ncontent-type: ([^\r]+)/i.exec(text.slice(0, split))?.[1];
  if (!text.startsWith("HTTP/1.1 200") || !type) {
    throw new Error(`${t.name}: ${text.slice(0, 200)}`);
  }
  return { body: all.slice(split + 4), type };
}

async function wrk(url: string, lua: string): Promise<number> {
  const args = ["-t1", `-c${CONNS}`, `-d${SECS}s`, "--timeout", "5s", url];
  let file: string | undefined;
  if (lua) {
    file = await Deno.makeTempFile({ suffix: ".lua" });
    await Deno.writeTextFile(file, lua);
    args.unshift("-s", file);
  }
  try {
    const { stdout } = await new Deno.Command("/usr/bin/wrk", {
      args,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    const text = new TextDecoder().decode(stdout);
    const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
    if (bad) throw new Error(`${url}: ${bad} non-2xx responses`);
    return Number(/Requests\/sec:\s+([0-9.]+)/.exec(text)?.[1] ?? NaN);
  } finally {
    if (file) await Deno.remove(file);
  }
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `# httpbin request shapes vs a bare Deno.serve\n\n${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; client and server share the machine (loopback); wrk -t1 -c${CONNS} -d${SECS}s, ${ROUNDS} pairs per target.\n`,
);
await ensureWrk();
const app = await start(["app"], runtimeFlags());
const dir = await Deno.makeTempDir();
const rows: string[] = [];
try {
  for (const t of TARGETS) {
    const { body, type } = await appAnswer(app.port, t);
    const file = `${dir}/${t.method}.body`;
    await Deno.writeFile(file, body);
    const bare = await start(["bare", file, type], ["-A"]);
    try {
      const lua = script(t);
      const appUrl = `http://127.0.0.1:${app.port}${t.path}`;
      const bareUrl = `http://127.0.0.1:${bare.port}${t.path}`;
      await wrk(bareUrl, lua); // warm up both
      await wrk(appUrl, lua);
      const ratios: number[] = [];
      const appRps: number[] = [];
      const bareRps: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const b = await wrk(bareUrl, lua);
        const a = await wrk(appUrl, lua);
        bareRps.push(b);
        appRps.push(a);
        ratios.push(a / b);
      }
      rows.push(
        `| ${t.name} | ${body.length} B | ${
          Math.round(median(bareRps)).toLocaleString("en")
        } | ${Math.round(median(appRps)).toLocaleString("en")} | ${
          median(ratios).toFixed(2)
        }x | ${ratios.map((x) => x.toFixed(2)).join(" ")} |`,
      );
    } finally {
      await bare.stop();
    }
  }
} finally {
  await app.stop();
  await Deno.remove(dir, { recursive: true });
}
console.log(
  "| endpoint | response | bare Deno.serve req/s | app req/s | ratio (median) | pair ratios |",
);
console.log("|---|---:|---:|---:|---:|---|");
for (const r of rows) console.log(r);
