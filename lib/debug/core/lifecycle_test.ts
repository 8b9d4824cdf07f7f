/** Long-lived request slots, waits and drain of one instance. */
import assert from "node:assert/strict";
import { DRAIN_COMMENT, Lifecycle } from "./lifecycle.ts";
import { ParamError } from "./params.ts";
import { TimerWheel } from "./timers.ts";

function refusal(fn: () => unknown): ParamError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ParamError);
    return err;
  }
  throw new Error("expected a refusal");
}

Deno.test("lifecycle: slots are capped, released once, refused while draining", () => {
  const life = new Lifecycle(2, new TimerWheel());
  const a = life.acquire();
  const b = life.acquire();
  const full = refusal(() => life.acquire());
  assert.equal(full.status, 503);
  assert.equal(full.headers?.["retry-after"], "1");
  assert.equal(full.param, null);
  a();
  a(); // idempotent
  assert.equal(life.active, 1);
  const c = life.acquire();
  b();
  c();
  assert.equal(life.active, 0);
  life.drain();
  const drained = refusal(() => life.acquire());
  assert.equal(drained.status, 503);
  assert.equal(drained.headers?.["retry-after"], "5");
  assert.equal(drained.param, null);
  assert.equal(life.refused, 2);
  const unlimited = new Lifecycle(0, new TimerWheel());
  for (let i = 0; i < 20_000; i++) unlimited.acquire();
  assert.equal(unlimited.active, 20_000);
});

Deno.test("lifecycle: drain ends a guarded stream between chunks with a comment", async () => {
  const life = new Lifecycle(5, new TimerWheel());
  const release = life.acquire();
  let cancelled = false;
  const src = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("id: 1\n\n"));
    },
    cancel() {
      cancelled = true;
    },
  });
  const reader = life.guard(
    src,
    release,
    new TextEncoder().encode(DRAIN_COMMENT),
  ).getReader();
  const first = await reader.read();
  assert.equal(new TextDecoder().decode(first.value), "id: 1\n\n");
  assert.equal(life.streams, 1);
  const pending = reader.read(); // waits for an event that never comes
  life.drain();
  const text = new TextDecoder().decode((await pending).value);
  assert.equal(text, ": server shutting down\n\n");
  assert.equal((await reader.read()).done, true);
  assert.ok(cancelled, "the source was cancelled (its timer freed)");
  assert.equal(life.active, 0);
  assert.equal(life.streams, 0);
});

Deno.test("lifecycle: each drained stream gets its own copy of the last chunk", async () => {
  const life = new Lifecycle(5, new TimerWheel());
  const last = new TextEncoder().encode(DRAIN_COMMENT);
  const open = () =>
    life.guard(new ReadableStream<Uint8Array>(), life.acquire(), last)
      .getReader();
  const [a, b] = [open(), open()];
  life.drain();
  const fromA = (await a.read()).value!;
  // A client may reuse what it read; the other stream must not see that.
  fromA.fill(0);
  const fromB = (await b.read()).value!;
  assert.equal(new TextDecoder().decode(fromB), DRAIN_COMMENT);
  assert.equal(new TextDecoder().decode(last), DRAIN_COMMENT);
});

Deno.test("lifecycle: a wait ends done, left (abort) or drained, and frees its timer each time", async () => {
  const timers = new TimerWheel();
  const life = new Lifecycle(0, timers);
  assert.equal(await life.wait(1, new AbortController().signal), "done");
  const ac = new AbortController();
  const left = life.wait(60_000, ac.signal);
  assert.equal(timers.active, 1);
  ac.abort();
  assert.equal(await left, "left");
  assert.equal(timers.active, 0);
  const drained = life.wait(60_000, new AbortController().signal);
  life.drain();
  assert.equal(await drained, "drained");
  assert.equal(timers.active, 0);
  // After the drain a new wait ends at once.
  assert.equal(
    await life.wait(60_000, new AbortController().signal),
    "drained",
  );
});

Deno.test("lifecycle: onDrain holders are counted until they run, once on drain, or at once when already draining", () => {
  const life = new Lifecycle(0, new TimerWheel());
  const calls: string[] = [];
  life.onDrain(() => calls.push("a"));
  const off = life.onDrain(() => calls.push("b"));
  assert.equal(life.holding, 2);
  off();
  assert.equal(life.holding, 1);
  life.drain();
  assert.equal(life.holding, 0);
  life.drain();
  life.onDrain(() => calls.push("late"));
  assert.deepEqual(calls, ["a", "late"]);
});

Deno.test("lifecycle: an abandoned body read counts until it settles, resolved or rejected", async () => {
  const life = new Lifecycle(0, new TimerWheel());
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  life.abandon(new Promise((r) => resolve = r));
  life.abandon(new Promise((_, r) => reject = r));
  assert.equal(life.abandoned, 2);
  resolve({ done: true });
  await Promise.resolve();
  assert.equal(life.abandoned, 1);
  reject(new Error("client left"));
  await Promise.resolve();
  assert.equal(life.abandoned, 0);
});
