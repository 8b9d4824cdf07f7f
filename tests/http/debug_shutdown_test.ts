/**
 * Graceful shutdown for real, as deployed: `deno serve --parallel main.ts`
 * with `--deny-write` (the app writes no file at run time) as a subprocess
 * on a free loopback port, then SIGINT or SIGTERM while SSE streams (10 s
 * interval) and a 30 s sleep are in flight.
 */
import assert from "node:assert/strict";
import { serveMain } from "../helpers/processes.ts";

const ON_LINUX = Deno.build.os !== "windows";

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test({
    name:
      `shutdown: ${signal} ends SSE with a comment, answers a 30 s sleep 503, refuses new connections, exits 0 within 5 s`,
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
        const streams = await Promise.all(
          [1, 2, 3].map(async () => {
            const sse = await fetch(
              `${origin}/api/debug/sse?count=100&interval=10s`,
            );
            const reader = sse.body!.pipeThrough(new TextDecoderStream())
              .getReader();
            assert.match((await reader.read()).value!, /^id: 1\n/);
            return reader;
          }),
        );
        const sleeping = fetch(`${origin}/api/debug/status/200?sleep=30s`);
        await new Promise((r) => setTimeout(r, 300)); // the sleep has begun
        const t0 = performance.now();
        child.kill(signal);
        for (const reader of streams) {
          let rest = "";
          for (;;) {
            const { done, value } = await reader.read(); // throws if cut off
            if (done) break;
            rest += value;
          }
          // The line whole, as the contract gives it (§8).
          assert.equal(rest, ": server shutting down\n\n");
        }
        const res = await sleeping;
        assert.equal(res.status, 503, "the waiting sleep is refused");
        assert.equal(res.headers.get("retry-after"), "5");
        const body = await res.json();
        assert.equal(body.status, 503);
        // No parameter is at fault: `param` is null, as for a 404.
        assert.equal(body.param, null);
        const answered = performance.now() - t0;
        assert.ok(answered < 1500, `answered ${answered} ms after ${signal}`);
        await new Promise((r) => setTimeout(r, 100));
        await assert.rejects(
          Deno.connect({ hostname: "127.0.0.1", port }).then((c) => {
            c.close();
          }),
          "new connections are refused while draining",
        );
        const exit = await Promise.race([
          child.status,
          new Promise<null>((r) => setTimeout(() => r(null), 5000)),
        ]);
        assert.ok(exit, `exited within 5 s of ${signal}`);
        console.log(
          `${signal}: exited ${(performance.now() - t0).toFixed(0)} ms after`,
        );
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
}
