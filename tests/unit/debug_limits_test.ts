/** Unit tests of the instance limits: env parsing, rate buckets, slots. */
import assert from "node:assert/strict";
import {
  DEFAULT_SERVICE_LIMITS,
  parseServiceLimits,
} from "../../lib/debug/limits.ts";
import { RateLimiter } from "../../lib/debug/rate.ts";
import { Lifecycle } from "../../lib/debug/lifecycle.ts";
import { ParamError } from "../../lib/debug/params.ts";

function refusal(fn: () => unknown): ParamError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ParamError);
    return err;
  }
  throw new Error("expected a refusal");
}

Deno.test("service limits: defaults, env overrides, garbage stops the start", () => {
  assert.deepEqual(parseServiceLimits(() => undefined), DEFAULT_SERVICE_LIMITS);
  assert.equal(DEFAULT_SERVICE_LIMITS.maxLongRequests, 10_000);
  assert.equal(DEFAULT_SERVICE_LIMITS.rateLimitPerMinute, 0);
  const env: Record<string, string> = {
    DEBUG_MAX_LONG_REQUESTS: "3",
    DEBUG_RATE_LIMIT: "120",
  };
  assert.deepEqual(parseServiceLimits((n) => env[n]), {
    maxLongRequests: 3,
    rateLimitPerMinute: 120,
  });
  for (const bad of ["-1", "1e3", " 5", "ten", "0x10", "1.5"]) {
    for (const name of ["DEBUG_MAX_LONG_REQUESTS", "DEBUG_RATE_LIMIT"]) {
      assert.throws(
        () => parseServiceLimits((n) => n === name ? bad : undefined),
        (e: Error) => e instanceof RangeError && e.message.includes(name),
      );
    }
  }
});

Deno.test("rate: a bucket of N per minute, refilled continuously, 429 with Retry-After", () => {
  let t = 0;
  const r = new RateLimiter(3, () => t);
  for (let i = 0; i < 3; i++) r.take("a");
  const e = refusal(() => r.take("a"));
  assert.equal(e.status, 429);
  // One token per 20 s at 3/min.
  assert.equal(e.headers?.["retry-after"], "20");
  r.take("b"); // another client is not affected
  t += 10_000;
  assert.equal(refusal(() => r.take("a")).headers?.["retry-after"], "10");
  t += 10_001;
  r.take("a");
  assert.equal(r.refused, 2);
});

Deno.test("rate: memory stays bounded; idle clients are dropped", () => {
  let t = 0;
  const r = new RateLimiter(60, () => t, 100);
  for (let i = 0; i < 10_000; i++) r.take(`10.0.${i >> 8}.${i & 255}`);
  assert.ok(r.clients <= 100, `${r.clients} buckets`);
  t += 120_000; // every bucket has refilled
  for (let i = 0; i < 50; i++) r.take(`fresh-${i}`);
  assert.ok(r.clients <= 100);
  // A lone busy client is still limited (never evicts itself).
  const one = new RateLimiter(2, () => t);
  one.take("x");
  one.take("x");
  assert.equal(refusal(() => one.take("x")).status, 429);
});

Deno.test("lifecycle: slots are capped, released once, refused while draining", () => {
  const life = new Lifecycle(2);
  const a = life.acquire();
  const b = life.acquire();
  const full = refusal(() => life.acquire());
  assert.equal(full.status, 503);
  assert.equal(full.headers?.["retry-after"], "1");
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
  assert.equal(life.refused, 2);
  const unlimited = new Lifecycle(0);
  for (let i = 0; i < 20_000; i++) unlimited.acquire();
  assert.equal(unlimited.active, 20_000);
});

Deno.test("lifecycle: drain ends a guarded stream between chunks with a comment", async () => {
  const life = new Lifecycle(5);
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
  const reader = life.guard(src, release).getReader();
  const first = await reader.read();
  assert.equal(new TextDecoder().decode(first.value), "id: 1\n\n");
  assert.equal(life.streams, 1);
  const pending = reader.read(); // waits for an event that never comes
  life.drain();
  const text = new TextDecoder().decode((await pending).value);
  assert.match(text, /^: server shutting down/);
  assert.equal((await reader.read()).done, true);
  assert.ok(cancelled, "the source was cancelled (its timer freed)");
  assert.equal(life.active, 0);
  assert.equal(life.streams, 0);
});
