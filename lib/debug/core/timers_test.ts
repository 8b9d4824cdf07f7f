import assert from "node:assert/strict";
import { TimerWheel } from "./timers.ts";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("timers: waits fire in deadline order, whatever the order scheduled", async () => {
  // All six scheduled at one instant: on a loaded machine the loop itself
  // can be paused between two calls, which moves a deadline.
  const t0 = performance.now();
  let frozen = true;
  const w = new TimerWheel(() => frozen ? t0 : performance.now());
  const fired: number[] = [];
  for (const ms of [60, 10, 40, 20, 30, 10]) {
    w.schedule(ms, () => fired.push(ms));
  }
  frozen = false;
  assert.equal(w.active, 6);
  // Wait for all six rather than a fixed time: on a loaded machine the 60 ms
  // wait may fire late, but never out of order.
  for (let i = 0; i < 500 && fired.length < 6; i++) await tick(10);
  assert.deepEqual(fired, [10, 10, 20, 30, 40, 60]);
  assert.equal(w.active, 0);
  assert.equal(w.started, 6);
});

Deno.test("timers: never early", async () => {
  const w = new TimerWheel();
  const t0 = performance.now();
  const at = await new Promise<number>((r) =>
    w.schedule(50, () => r(performance.now()))
  );
  assert.ok(at - t0 >= 50, `fired after ${at - t0} ms`);
});

Deno.test("timers: cancelling frees the wait; none left means no timer pending", async () => {
  // The op sanitizer fails this test if a platform timer outlives it.
  const w = new TimerWheel();
  let fired = 0;
  const cancels = [5000, 100, 3000].map((ms) => w.schedule(ms, () => fired++));
  cancels[1]();
  cancels[1](); // twice is harmless
  assert.equal(w.active, 2);
  cancels[0]();
  cancels[2]();
  assert.equal(w.active, 0);
  assert.equal(w.cancelled, 3);
  await tick(150);
  assert.equal(fired, 0);
});

Deno.test("timers: a cancelled earliest wait re-arms for the next one", async () => {
  const w = new TimerWheel();
  const fired: string[] = [];
  const first = w.schedule(10, () => fired.push("a"));
  w.schedule(30, () => fired.push("b"));
  first();
  await tick(60);
  assert.deepEqual(fired, ["b"]);
  const late = w.schedule(0, () => fired.push("c"));
  await tick(20);
  late(); // after firing: a no-op
  assert.deepEqual(fired, ["b", "c"]);
  assert.equal(w.cancelled, 1);
});

Deno.test("timers: thousands due together all fire, in batches", async () => {
  const w = new TimerWheel();
  let n = 0;
  // How many fired in the first task (its microtasks run right after it).
  let firstTask = 0;
  for (let i = 0; i < 3000; i++) {
    w.schedule(5, () => {
      if (n++ === 0) queueMicrotask(() => firstTask = n);
    });
  }
  // Until all have fired: each batch waits for the next turn, which a
  // loaded machine may give late.
  for (let i = 0; i < 500 && n < 3000; i++) await tick(10);
  assert.equal(n, 3000);
  assert.ok(firstTask > 0 && firstTask < 3000, `${firstTask} in one task`);
  assert.equal(w.active, 0);
});

Deno.test("timers: a throwing callback does not stop the others", async () => {
  const w = new TimerWheel();
  const seen: number[] = [];
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (e: unknown) => errors.push(e);
  try {
    w.schedule(5, () => {
      throw new Error("boom");
    });
    w.schedule(5, () => seen.push(1));
    await tick(40);
  } finally {
    console.error = original;
  }
  assert.deepEqual(seen, [1]);
  assert.equal(errors.length, 1);
});

Deno.test("timers: a cancelled wait below the top arms no platform timer once the top fires", async () => {
  const w = new TimerWheel();
  let fired = 0;
  w.schedule(20, () => fired++);
  const cancel = w.schedule(60_000, () => fired++);
  cancel();
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(fired, 1);
  assert.equal(w.active, 0);
  // The op sanitizer fails this test if a 60 s timer is still pending.
});

Deno.test("timers: many cancelled waits are compacted away", () => {
  const w = new TimerWheel();
  const keep = w.schedule(10, () => {});
  const cancels = Array.from(
    { length: 5000 },
    (_, i) => w.schedule(1000 + i, () => {}),
  );
  for (const c of cancels) c();
  assert.equal(w.active, 1);
  assert.equal(w.cancelled, 5000);
  keep();
  assert.equal(w.active, 0);
});

Deno.test("timers: a deadline past what a platform timer holds (2^31 - 1 ms) waits that long, then again; never fires early", () => {
  const delays: number[] = [];
  const realSet = globalThis.setTimeout, realClear = globalThis.clearTimeout;
  let pending: (() => void) | null = null;
  // deno-lint-ignore no-explicit-any
  (globalThis as any).setTimeout = (fn: () => void, ms: number) => {
    delays.push(ms);
    pending = fn;
    return 1;
  };
  // deno-lint-ignore no-explicit-any
  (globalThis as any).clearTimeout = () => (pending = null);
  try {
    let t = 0;
    const w = new TimerWheel(() => t);
    let fired = 0;
    w.schedule(Number.MAX_SAFE_INTEGER, () => fired++);
    assert.deepEqual(delays, [2 ** 31 - 1]);
    // The platform timer fires after its 24.8 days: re-armed, not fired.
    t += 2 ** 31 - 1;
    (pending as (() => void) | null)?.();
    assert.equal(fired, 0);
    assert.deepEqual(delays, [2 ** 31 - 1, 2 ** 31 - 1]);
    // A nearer wait still arms its own deadline.
    w.schedule(5, () => fired++);
    assert.equal(delays.at(-1), 5);
    t += 5;
    (pending as (() => void) | null)?.();
    assert.equal(fired, 1);
    assert.equal(delays.at(-1), 2 ** 31 - 1);
  } finally {
    globalThis.setTimeout = realSet;
    globalThis.clearTimeout = realClear;
  }
});
