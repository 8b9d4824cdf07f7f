import assert from "node:assert/strict";
import { formatBytes, formatMs, formatTick, tickStep } from "./format.ts";

Deno.test("format: bytes, ms and axis ticks", () => {
  assert.equal(formatBytes(999), "999 B");
  assert.equal(formatBytes(1500), "1.5 kB");
  assert.equal(formatBytes(7548020), "7.5 MB");
  assert.equal(formatMs(0.5), "0.50 ms");
  assert.equal(formatMs(1234), "1.23 s");
  assert.equal(formatTick(0), "0");
  assert.equal(formatTick(2500), "2.5 s");
  assert.equal(tickStep(12687, 4), 5000);
  assert.equal(tickStep(0), 1);
});
