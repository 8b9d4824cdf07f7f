import assert from "node:assert/strict";
import { statusClass } from "./status.ts";

const CASES: [number | string, string][] = [
  [200, "2xx"],
  [299, "2xx"],
  [301, "3xx"],
  [404, "4xx"],
  [599, "5xx"],
  [0, "other"],
  [101, "other"],
  [600, "other"],
  [-1, "other"],
  [250.5, "2xx"],
  ["201", "2xx"],
  ["2XX", "2xx"],
  ["5XX", "5xx"],
  ["default", "other"],
  ["1XX", "other"],
  ["", "other"],
];

for (const [status, want] of CASES) {
  Deno.test(`status class: ${JSON.stringify(status)} is ${want}`, () => {
    assert.equal(statusClass(status), want);
  });
}
