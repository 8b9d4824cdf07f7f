/**
 * A short in-process soak: the bench's mixed load (SSE, sleeps, aborts)
 * against one debug instance in repeated phases (SOAK_TEST_SECONDS per
 * phase, default 2). After each phase and a settle: every counter back to
 * zero, and the heap after a full GC. Growth in the first phase is warm-up
 * (compiled code, caches); a leak
 * keeps growing in every phase, so later phases must end within a small
 * margin of the first. The 60 s subprocess soak is `deno task bench soak`.
 */
import assert from "node:assert/strict";
import { runSoak } from "../../bench/soak_bench.ts";
import { startDebug, waitFor } from "../helpers/debug_server.ts";
import { forceGc, heapAfterGc } from "../helpers/heap.ts";

const PHASE_SECONDS = Number(Deno.env.get("SOAK_TEST_SECONDS") ?? 2);

Deno.test("soak: repeated mixed load; zero unexpected, nothing left open, no heap growth", async () => {
  const s = startDebug();
  try {
    forceGc();
    const heaps: number[] = [];
    let cancelledBefore = 0;
    for (let phase = 0; phase < 3; phase++) {
      const r = await runSoak(s.origin, PHASE_SECONDS, 16);
      assert.deepEqual(r.unexpected, {}, `phase ${phase + 1}`);
      assert.ok(r.requests > 50, `${r.requests} requests`);
      assert.ok(r.byKind.sse > 0 && r.byKind.abortSse > 0);
      await waitFor(
        () =>
          s.ctx.timers.active === 0 && s.ctx.life.active === 0 &&
          s.ctx.life.streams === 0,
        "timers, slots and streams back to zero",
        5000,
      );
      // The server saw the aborts: their waits were cancelled, not run out.
      assert.ok(s.ctx.timers.cancelled > cancelledBefore);
      cancelledBefore = s.ctx.timers.cancelled;
      heaps.push(await heapAfterGc());
    }
    const mb = heaps.map((h) => +(h / 2 ** 20).toFixed(2));
    // Phase 1 is warm-up; phases 2 and 3 must not add more than 2 MB + 10%.
    for (const h of heaps.slice(1)) {
      assert.ok(
        h <= heaps[0] * 1.1 + 2 * 2 ** 20,
        `heap after GC per phase (MB): ${mb.join(", ")}`,
      );
    }
    assert.ok(s.ctx.life.granted > 0);
  } finally {
    await s.close();
  }
});
