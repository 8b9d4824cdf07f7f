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
  // As DevTools: one decimal below 100 of a unit.
  assert.equal(formatBytes(11_180), "11.2 kB");
  assert.equal(formatBytes(99_949), "99.9 kB");
  assert.equal(formatBytes(250_000), "250 kB");
  assert.equal(formatBytes(3_000_000), "3.0 MB");
  // Long spans: hours and days, not thousands of minutes.
  assert.equal(formatTick(7_200_000), "2 h");
  assert.equal(formatTick(10_020_000_000), "116 d");
  assert.equal(formatMs(5_400_000), "1.5 h");
  assert.equal(formatMs(10_155_600_000), "117.5 d");
  assert.equal(tickStep(12687, 4), 5000);
  assert.equal(tickStep(0), 1);
});
