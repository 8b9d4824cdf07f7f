/**
 * The seeded generator against known answers computed with an independent
 * implementation of the documented steps (FNV-1a, SplitMix32,
 * xoshiro128**), so the streams stay the same across versions.
 */
import assert from "node:assert/strict";
import { random } from "./random.ts";
import { fnv1a } from "../../shared/fnv1a.ts";

const KNOWN: [string, number, number[]][] = [
  ["", 2166136261, [2040553127, 2671230994, 3535833209]],
  ["42", 2279835011, [3415929203, 220504180, 3558451373]],
  ["wirebench", 152665126, [1286151526, 230254410, 126919726]],
  ["é", 513665217, [796218799, 113975008, 2187656829]],
];

Deno.test("random: ok/known answers for FNV-1a and the first words", () => {
  for (const [seed, hash, words] of KNOWN) {
    assert.equal(fnv1a(seed), hash, `ok/fnv ${JSON.stringify(seed)}`);
    const r = random(seed);
    assert.deepEqual(
      [r.next(), r.next(), r.next()],
      words,
      `ok/words ${JSON.stringify(seed)}`,
    );
  }
});

Deno.test("random: bytes are the words least significant byte first, any length", () => {
  const hex = (b: Uint8Array) =>
    Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  assert.equal(hex(random("42").bytes(7)), "73f19acb74a024");
  assert.equal(random("42").bytes(0).length, 0);
  // Same seed, same bytes; another seed, other bytes.
  assert.deepEqual(random("s").bytes(1000), random("s").bytes(1000));
  assert.notDeepEqual(random("s").bytes(64), random("t").bytes(64));
});

Deno.test("random: floats in [0, 1), unseeded streams differ", () => {
  const r = random("f");
  for (let i = 0; i < 10_000; i++) {
    const x = r.float();
    assert.ok(x >= 0 && x < 1);
  }
  assert.notDeepEqual(random().bytes(32), random().bytes(32));
});
