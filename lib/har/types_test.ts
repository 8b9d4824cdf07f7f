import assert from "node:assert/strict";
import { statusClass } from "../shared/status.ts";
import { PHASES, SORT_KEYS, STATUS_CLASSES, TYPE_CATEGORIES } from "./types.ts";

Deno.test("har types: the lists the viewer offers are distinct and complete", () => {
  for (const list of [PHASES, SORT_KEYS, STATUS_CLASSES, TYPE_CATEGORIES]) {
    assert.equal(new Set(list).size, list.length);
  }
  // Three keys, each ascending and descending.
  assert.equal(SORT_KEYS.length, 6);
  for (const k of SORT_KEYS) {
    if (k.endsWith("-desc")) {
      assert.ok(SORT_KEYS.includes(k.slice(0, -5) as never));
    }
  }
  // Every status falls in one of the classes.
  for (const s of [0, 100, 200, 302, 404, 500, 999]) {
    assert.ok(STATUS_CLASSES.includes(statusClass(s)));
  }
});
