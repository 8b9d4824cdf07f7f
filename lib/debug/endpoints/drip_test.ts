import assert from "node:assert/strict";
import { dripTicks } from "./drip.ts";

/** [name, numbytes, duration ms, expected writes]. */
const CASES: [string, number, number, number][] = [
  ["ok/no bytes, no writes", 0, 2000, 0],
  ["ok/no bytes, no time", 0, 0, 0],
  ["ok/httpbin's default: 10 bytes over 2 s, one per write", 10, 2000, 10],
  ["ok/one byte", 1, 2000, 1],
  ["ok/no duration: everything in one write", 5, 0, 1],
  ["ok/under 10 ms: two writes, the last at the end", 100, 9, 2],
  ["ok/10 ms: two writes", 100, 10, 2],
  ["ok/5 ms, one byte: one write (at the end)", 1, 5, 1],
  ["ok/capped at one write per 10 ms", 1000, 2000, 200],
  ["ok/capped by the bytes", 50, 30_000, 50],
  ["ok/1 MiB over 30 s", 1_048_576, 30_000, 3000],
  ["ok/fractional ms", 100, 25.5, 2],
];

for (const [name, n, ms, want] of CASES) {
  Deno.test(`dripTicks ${name}`, () => {
    assert.equal(dripTicks(n, ms), want);
  });
}

Deno.test("dripTicks ok/every write of the plan carries a byte and they add up", () => {
  for (const n of [1, 2, 3, 7, 10, 99, 100, 101, 4096, 100_003]) {
    for (const ms of [0, 5, 10, 33, 1000, 2000, 30_000]) {
      const ticks = dripTicks(n, ms);
      assert.ok(ticks >= 1 && ticks <= n, `${n} over ${ms}: ${ticks}`);
      assert.ok(
        ticks <= (ms > 0 ? Math.max(2, ms / 10) : 1),
        `${n} over ${ms}: ${ticks}`,
      );
      let total = 0;
      for (let k = 0; k < ticks; k++) {
        const size = Math.floor((k + 1) * n / ticks) -
          Math.floor(k * n / ticks);
        assert.ok(size >= 1, `write ${k} of ${n} over ${ms} is empty`);
        total += size;
      }
      assert.equal(total, n);
    }
  }
});
