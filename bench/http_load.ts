/**
 * Load tools for bench/http_bench.ts: wrk for throughput (installed from
 * Debian when missing) and raw-TCP clients for holding thousands of sleeping
 * requests or SSE streams open at once, which wrk cannot count.
 */

import { runtimeFlags } from "../server/serve_flags.ts";

/** A server child process (bench/http_server.ts) on a loopback port. */
export interface Child {
  proc: Deno.ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** A started server process as a {@link Child}: stopped by SIGTERM. */
export function childOf(proc: Deno.ChildProcess, port: number): Child {
  return {
    proc,
    port,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.status;
    },
  };
}

let nextPort = 18_000 + Math.floor(Math.random() * 2000);

/**
 * Starts `bench/http_server.ts MODE PORT` and waits for its "ready". The
 * app runs with `deno task start`'s flags unless `v8Flags` is given.
 */
export async function startChild(
  mode: "hello" | "headers" | "app",
  v8Flags?: string,
  args: readonly string[] = [],
): Promise<Child> {
  const port = nextPort++;
  const proc = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      // The app runs with `deno task start`'s flags (server/serve_flags.ts)
      // unless a test overrides the V8 flags; the hello-worlds with defaults.
      ...(mode === "app" && v8Flags === undefined
        ? runtimeFlags()
        : ["-A", ...(v8Flags ? [`--v8-flags=${v8Flags}`] : [])]),
      new URL("http_server.ts", import.meta.url).pathname,
      mode,
      String(port),
      ...args,
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
  return childOf(proc, port);
}

/**
 * `module` served as `deno task start` serves main.ts: `deno serve
 * --parallel` (one isolate per core, all in one process) with the app's
 * runtime flags (server/serve_flags.ts), on a loopback port, once that
 * port accepts. `parallel: false` serves it as one isolate.
 */
export async function startServe(
  module: URL,
  { env = {}, parallel = true }: {
    env?: Record<string, string>;
    parallel?: boolean;
  } = {},
): Promise<Child> {
  const port = nextPort++;
  const proc = new Deno.Command(Deno.execPath(), {
    args: [
      "serve",
      ...(parallel ? ["--parallel"] : []),
      ...runtimeFlags(),
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      module.pathname,
    ],
    // Every isolate must sign digest nonces with one key (server/start.ts).
    env: { RUST_BACKTRACE: "0", DEBUG_SECRET: "bench", ...env },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    await waitForPort(port);
  } catch (err) {
    proc.kill("SIGKILL");
    await proc.status;
    throw err;
  }
  return childOf(proc, port);
}

/** Resolves once `port` on 127.0.0.1 accepts a connection (10 s at most). */
export async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after 10 s`);
}

/** Makes sure /usr/bin/wrk exists, installing Debian's package if not. */
export async function ensureWrk(): Promise<string> {
  const path = "/usr/bin/wrk";
  try {
    await Deno.stat(path);
    return path;
  } catch { /* install below */ }
  console.log("installing wrk (apt-get install -y wrk)");
  for (const args of [["update"], ["install", "-y", "wrk"]]) {
    const { code } = await new Deno.Command("apt-get", {
      args,
      stdout: "null",
      stderr: "inherit",
    }).output();
    if (code !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  return path;
}

/**
 * CPU time (user + system, all threads) a process has used so far, in
 * seconds (Linux).
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  // Fields after the parenthesised command name; utime and stime are the
  // 14th and 15th fields, in clock ticks (USER_HZ, 100 on Linux).
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

/**
 * Requests per second wrk measures for `url` (1 thread, `conns`, `secs`),
 * and, given the server's `pid`, the server's CPU microseconds per request:
 * unlike req/s, that barely moves when a neighbour takes a core away.
 * `headers` are sent with every request (`"Range: bytes=0-0"`). `wrkUs`
 * is wrk's own CPU per request: it shares the cores with the server.
 */
export async function wrkRps(
  url: string,
  conns: number,
  secs: number,
  pid?: number,
  headers: readonly string[] = [],
  /** A wrk Lua script (method, body), when the request is not a plain GET. */
  lua?: string,
): Promise<
  {
    rps: number;
    non2xx: number;
    errors: number;
    cpuUs: number;
    wrkUs: number;
  }
> {
  const file = lua ? await Deno.makeTempFile({ suffix: ".lua" }) : undefined;
  if (file) await Deno.writeTextFile(file, lua!);
  const cpu0 = pid ? await cpuSeconds(pid) : 0;
  // Through a shell that prints its own /proc stat after wrk exits: its
  // children's CPU (cutime, cstime) is wrk's.
  const { stdout } = await new Deno.Command("bash", {
    args: [
      "-c",
      '/usr/bin/wrk "$@"; echo "WRKSTAT $(cat /proc/$$/stat)"',
      "wrk",
      "-t1",
      `-c${conns}`,
      `-d${secs}s`,
      "--timeout",
      "5s",
      ...(file ? ["-s", file] : []),
      ...headers.flatMap((h) => ["-H", h]),
      url,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output().finally(() => file && Deno.remove(file));
  const cpu = pid ? await cpuSeconds(pid) - cpu0 : NaN;
  const text = new TextDecoder().decode(stdout);
  const rps = Number(/Requests\/sec:\s+([0-9.]+)/.exec(text)?.[1] ?? NaN);
  const total = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const errors = [
    ...(/Socket errors:(.*)/.exec(text)?.[1] ?? "").matchAll(/\d+/g),
  ].reduce((n, m) => n + Number(m[0]), 0);
  const stat = /WRKSTAT (.*)/.exec(text)?.[1] ?? "";
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const wrkCpu = (Number(f[13]) + Number(f[14])) / 100;
  return {
    rps,
    non2xx,
    errors,
    cpuUs: cpu / total * 1e6,
    wrkUs: wrkCpu / total * 1e6,
  };
}

/** Peak and current resident set size of a process, in MiB (Linux). */
export async function rssMiB(
  pid: number,
): Promise<{ peak: number; now: number }> {
  const s = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1]);
  return { peak: kb("VmHWM") / 1024, now: kb("VmRSS") / 1024 };
}

const enc = new TextEncoder();

/** Reads a socket to its end, returning the text (bounded by `deadline`). */
async function readAll(conn: Deno.Conn, deadline: number): Promise<string> {
  const dec = new TextDecoder();
  const buf = new Uint8Array(8192);
  let out = "";
  const timer = setTimeout(
    () => conn.close(),
    Math.max(0, deadline - Date.now()),
  );
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      out += dec.decode(buf.subarray(0, n), { stream: true });
    }
  } catch {
    /* closed by the deadline */
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* already closed */ }
  }
  return out;
}

/**
 * Opens `n` connections at once, each sending one `GET path` with
 * `Connection: close`, and waits for every reply (or `timeoutMs`).
 * Returns the replies' texts and when the last connection was open.
 */
export async function holdMany(
  port: number,
  path: string,
  n: number,
  timeoutMs: number,
): Promise<{ replies: string[]; openedMs: number; totalMs: number }> {
  const t0 = Date.now();
  const deadline = t0 + timeoutMs;
  const req = enc.encode(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
  );
  const pending: Promise<string>[] = [];
  // Connect in batches so the listen backlog (somaxconn) never overflows.
  for (let i = 0; i < n; i += 500) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(500, n - i) },
        () => Deno.connect({ hostname: "127.0.0.1", port }),
      ),
    );
    for (const c of batch) {
      await c.write(req);
      pending.push(readAll(c, deadline));
    }
  }
  const openedMs = Date.now() - t0;
  const replies = await Promise.all(pending);
  return { replies, openedMs, totalMs: Date.now() - t0 };
}
