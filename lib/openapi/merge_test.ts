import assert from "node:assert/strict";
import { mergedProperties } from "./merge.ts";

Deno.test("mergedProperties: a later part narrows a property; past the limit each name counts once", () => {
  const base: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) base[`p${i}`] = { type: "string" };
  const m = {
    parts: [
      {},
      { properties: base },
      { properties: { p0: { type: "integer" }, extra: {}, p4: {} } },
    ],
    pointers: ["", "", ""],
    problems: [],
  };
  const all = mergedProperties(m, 10);
  assert.deepEqual(all.props.get("p0"), { type: "integer" });
  assert.equal(all.total, 6);
  // Three listed: p0 redefined later is still one of them, not a fourth.
  const cut = mergedProperties(m, 3);
  assert.deepEqual([...cut.props.keys()], ["p0", "p1", "p2"]);
  assert.equal(cut.total, 6, "p3, p4 and extra past the limit, p4 once");
});
