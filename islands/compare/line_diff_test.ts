import assert from "node:assert/strict";
import { changedLines } from "./line_diff.ts";

const marks = (a: string, b: string, max?: number) => {
  const r = changedLines(a.split(""), b.split(""), max);
  return [[...r.a].join(""), [...r.b].join("")];
};

Deno.test("changedLines: the lines not common to both, in order", () => {
  const cases: [string, string, string, string[]][] = [
    ["ok/the same", "abc", "abc", ["000", "000"]],
    ["ok/one line changed", "abcde", "abXde", ["00100", "00100"]],
    ["ok/one added", "abd", "abcd", ["000", "0010"]],
    ["ok/one removed", "abcd", "abd", ["0010", "000"]],
    ["ok/moved: one side each", "abc", "bca", ["100", "001"]],
    ["ok/an empty side", "", "ab", ["", "11"]],
    ["ok/all different", "ab", "cd", ["11", "11"]],
    ["ok/several runs", "axbycz", "aXbYcz", ["010100", "010100"]],
  ];
  for (const [name, a, b, want] of cases) {
    assert.deepEqual(marks(a, b), want, name);
  }
});

Deno.test("changedLines: past its bound the changed middle is marked whole", () => {
  // Head `a` and tail `z` stay unmarked; 3 × 3 cells is over a bound of 8.
  assert.deepEqual(marks("abcdz", "axcyz", 8), ["01110", "01110"]);
  assert.deepEqual(marks("abcdz", "axcyz"), ["01010", "01010"]);
});
