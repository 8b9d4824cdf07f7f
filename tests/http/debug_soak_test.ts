/**
 * A short in-process soak (SOAK_TEST_SECONDS, default 5): the bench's mixed
 * load against one debug instance, then every counter back to zero. The
 * 60 s subprocess soak is `deno task bench soak`.
 */
import assert from "node:assert/strict";
import { runSoak } from "../../bench/soak_bench.ts";
import { startDebug, waitFor } from "./debug_server.ts";

Deno.test("soak: mixed load with SSE, sleeps and aborts; zero unexpected, nothing left open", async () => {
  const s = startDebug();
  try {
    const seconds = Number(Deno.env.get("SOAK_TEST_SECONDS") ?? 5);
    const r = await runSoak(s.origin, seconds, 16);
    assert.deepEqual(r.unexpected, {});
    assert.ok(r.requests > 100, `${r.requests} requests`);
    assert.ok(r.byKind.sse > 0 && r.byKind.abortSleep > 0);
    await waitFor(
      () =>
        s.ctx.timers.active === 0 && s.ctx.life.active === 0 &&
        s.ctx.life.streams === 0,
      "timers, slots and streams back to zero",
      5000,
    );
    assert.ok(s.ctx.life.granted > 0);
  } finally {
    await s.close();
  }
});
