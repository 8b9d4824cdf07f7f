/** The opt-in per-client rate limit: buckets, refill, bounded memory. */
import assert from "node:assert/strict";
import { RateLimiter } from "./rate.ts";
import { ParamError } from "./params.ts";

function refusal(fn: () => unknown): ParamError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ParamError);
    return err;
  }
  throw new Error("expected a refusal");
}

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
