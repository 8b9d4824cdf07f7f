/**
 * Hundreds of requests aborted at random points during sleeps, SSE streams
 * and streamed echo uploads; afterwards every counter is back to zero:
 * timers, long-request slots and open streams.
 */
import assert from "node:assert/strict";
import { startDebug, waitFor } from "../helpers/debug_server.ts";

Deno.test("hostile: 300 concurrent aborts leave no timer, slot or stream behind", async () => {
  const s = startDebug({ maxBodyBytes: 64 * 1024 });
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const one = async (i: number) => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), Math.floor(rand() * 200));
    try {
      if (i % 3 === 0) {
        const r = await fetch(`${s.base}/status/200?sleep=5s`, {
          signal: ac.signal,
        });
        await r.body?.cancel();
      } else if (i % 3 === 1) {
        const r = await fetch(`${s.base}/sse?count=50&interval=20`, {
          signal: ac.signal,
        });
        const reader = r.body!.getReader();
        while (!(await reader.read()).done);
      } else {
        const body = new ReadableStream<Uint8Array>({
          async pull(c) {
            await new Promise((r) => setTimeout(r, 10));
            c.enqueue(new Uint8Array(1024));
          },
        });
        const r = await fetch(`${s.base}/echo`, {
          method: "POST",
          body,
          signal: ac.signal,
          duplex: "half",
        } as RequestInit);
        await r.body?.cancel();
      }
    } catch (err) {
      // Aborted, or the connection reset mid-upload: both are the client's.
      assert.ok(
        ["AbortError", "TypeError"].includes((err as Error).name),
        String(err),
      );
    }
  };
  // One abort that surely lands while a slot is held, however loaded the
  // machine: the random ones may all fire before their request arrives.
  const held = async () => {
    const ac = new AbortController();
    const r = fetch(`${s.base}/status/200?sleep=5s`, { signal: ac.signal });
    await waitFor(() => s.ctx.life.active >= 1, "a slot held", 10_000);
    ac.abort();
    await assert.rejects(r, { name: "AbortError" });
  };
  try {
    await Promise.all([
      held(),
      ...Array.from({ length: 300 }, (_, i) => one(i)),
    ]);
    await waitFor(
      () =>
        s.ctx.timers.active === 0 && s.ctx.life.active === 0 &&
        s.ctx.life.streams === 0,
      `counters at zero (timers ${s.ctx.timers.active}, slots ${s.ctx.life.active}, streams ${s.ctx.life.streams})`,
      5000,
    );
    assert.ok(s.ctx.life.granted >= 1, `${s.ctx.life.granted} slots granted`);
    // Still healthy.
    const r = await fetch(`${s.base}/status/200`);
    assert.equal(r.status, 200);
    await r.body?.cancel();
  } finally {
    await s.close();
  }
});
