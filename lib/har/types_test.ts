import assert from "node:assert/strict";
import { statusClass } from "../shared/status.ts";
import {
  PHASES,
  SELECT_SORTS,
  SORT_KEYS,
  STATUS_CLASSES,
  TYPE_CATEGORIES,
} from "./types.ts";

Deno.test("har types: the lists the viewer offers are distinct and complete", () => {
  for (const list of [PHASES, SORT_KEYS, STATUS_CLASSES, TYPE_CATEGORIES]) {
    assert.equal(new Set(list).size, list.length);
  }
  // Eight keys (a column's each), ascending and descending; the select's
  // six first.
  assert.equal(SORT_KEYS.length, 16);
  assert.deepEqual(SELECT_SORTS, [
    "start",
    "start-desc",
    "duration",
    "duration-desc",
    "size",
    "size-desc",
  ]);
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
