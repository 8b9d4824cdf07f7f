/**
 * Graceful shutdown for real: `deno serve --parallel main.ts` as a
 * subprocess on a free loopback port, then SIGTERM while an SSE stream
 * (10 s interval) and a 1 s sleep are in flight.
 */
import assert from "node:assert/strict";

/** A free loopback port (bound then released). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Starts `deno serve --parallel main.ts` and waits until it answers. */
export async function serveMain(
  env: Record<string, string> = {},
): Promise<{ child: Deno.ChildProcess; origin: string; port: number }> {
  const port = freePort();
  const main = new URL("../../main.ts", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "serve",
      "--parallel",
      "--allow-net",
      "--allow-read",
      "--allow-env",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      main,
    ],
    env: { RUST_BACKTRACE: "0", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const origin = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`${origin}/api/debug/status/204`);
      await r.body?.cancel();
      if (r.status === 204) break;
    } catch { /* not listening yet */ }
    if (Date.now() > end) {
      child.kill("SIGKILL");
      await child.status;
      throw new Error("server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin, port };
}

const ON_LINUX = Deno.build.os !== "windows";

Deno.test({
  name:
    "shutdown: SIGTERM ends SSE cleanly, lets a sleep finish, refuses new connections, exits 0",
  ignore: !ON_LINUX,
  sanitizeResources: false,
  fn: async () => {
    const { child, origin, port } = await serveMain();
    const stderr = child.stderr.pipeThrough(new TextDecoderStream());
    let log = "";
    const logDone = (async () => {
      for await (const t of stderr) log += t;
    })();
    try {
      const sse = await fetch(`${origin}/api/debug/sse?count=100&interval=10s`);
      const reader = sse.body!.pipeThrough(new TextDecoderStream())
        .getReader();
      assert.match((await reader.read()).value!, /^id: 1\n/);
      const t0 = performance.now();
      const sleeping = fetch(`${origin}/api/debug/status/200?sleep=1s`);
      await new Promise((r) => setTimeout(r, 200)); // the sleep has begun
      child.kill("SIGTERM");
      let rest = "";
      for (;;) {
        const { done, value } = await reader.read(); // throws if cut off
        if (done) break;
        rest += value;
      }
      const sseEnd = performance.now() - t0;
      assert.match(rest, /^: server shutting down/);
      assert.ok(sseEnd < 1000, `SSE ended ${sseEnd} ms after start`);
      await new Promise((r) => setTimeout(r, 100));
      await assert.rejects(
        Deno.connect({ hostname: "127.0.0.1", port }).then((c) => {
          c.close();
        }),
        "new connections are refused while draining",
      );
      const res = await sleeping;
      assert.equal(res.status, 200, "the sleep finished");
      assert.deepEqual(await res.json(), { status: 200, statusText: "OK" });
      assert.ok(performance.now() - t0 >= 950, "after its full second");
      const exit = await Promise.race([
        child.status,
        new Promise<null>((r) => setTimeout(() => r(null), 5000)),
      ]);
      assert.ok(exit, "exited within 5 s of the sleep's end");
      assert.equal(exit.code, 0, log);
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* exited */ }
      await child.status;
      await logDone;
    }
  },
});
