import assert from "node:assert/strict";
import { mergedProperties, mergeParts } from "./merge.ts";
import type { Deref } from "./refs.ts";

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

Deno.test("merge: a cut of allOf parts is said, never silent", () => {
  const r = { deref: (v: unknown) => ({ value: v }) as Deref };
  let deep: Record<string, unknown> = { properties: { z: {} } };
  for (let i = 0; i < 40; i++) deep = { allOf: [deep] };
  const d = mergeParts(deep, r);
  assert.equal(d.parts.length, 33);
  assert.deepEqual(d.problems, [
    "allOf nested more than 32 levels deep: the deeper parts are left out",
  ]);
  const wide = mergeParts({
    allOf: Array.from({ length: 150 }, (_, i) => ({ title: `p${i}` })),
  }, r);
  assert.equal(wide.parts.length, 100);
  assert.deepEqual(wide.problems, [
    "more than 100 allOf parts: the rest are left out",
  ]);
  // Within the bounds, nothing is said.
  assert.deepEqual(mergeParts({ allOf: [{ title: "a" }] }, r).problems, []);
});
