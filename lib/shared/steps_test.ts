import assert from "node:assert/strict";
import { drain } from "./steps.ts";

Deno.test("steps: ok/drain runs every step and gives the result", () => {
  const seen: number[] = [];
  function* steps() {
    for (let i = 0; i < 3; i++) {
      seen.push(i);
      yield;
    }
    return "done";
  }
  assert.equal(drain(steps()), "done");
  assert.deepEqual(seen, [0, 1, 2]);
});
