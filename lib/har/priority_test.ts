import assert from "node:assert/strict";
import { priorityOf } from "./priority.ts";

Deno.test("priority: each exporter's word as DevTools' Priority column says it", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ _priority: "VeryHigh" }, "Highest"], // Chrome
    [{ _priority: "VeryLow" }, "Lowest"],
    [{ _priority: "Medium" }, "Medium"],
    [{ _priority: "Highest" }, "Highest"], // Firefox
    [{ _priority: "high" }, "High"], // Safari
    [{ _priority: "Low", _initialPriority: "High" }, "Low (initially High)"],
    [{ _priority: "High", _initialPriority: "High" }, "High"],
    [{ _priority: "urgent" }, "urgent"],
    [{ _priority: 3 }, ""],
    [{}, ""],
  ];
  for (const [raw, want] of cases) {
    assert.equal(priorityOf(raw), want, JSON.stringify(raw));
  }
});
