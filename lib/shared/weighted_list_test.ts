/** Weighted lists (RFC 9110 §12.4.2) read within their bounds. */
import assert from "node:assert/strict";
import { type Weighted, weightedList } from "./weighted_list.ts";

const w = (value: string, q = 1): Weighted => ({ value, q });

const CASES: [string, string, Weighted[], boolean][] = [
  ["ok/plain members", "a, b", [w("a"), w("b")], false],
  ["ok/weights, spaced and upper case", "A ; Q = 0.5,b;q=1.000", [
    w("a", 0.5),
    w("b"),
  ], false],
  ["ok/other parameters are not weights", "a;level=1;q=0", [w("a", 0)], false],
  ["ok/empty members are skipped", " ,a,, ,b,", [w("a"), w("b")], false],
  ["bad/a malformed weight is 0", "a;q=2, b;q=.5, c;q=", [
    w("a", 0),
    w("b", 0),
    w("c", 0),
  ], false],
  [
    "bad/past the members' bound, cut",
    "a,b,c,d",
    [w("a"), w("b"), w("c")],
    true,
  ],
  [
    "ok/empty members do not count",
    "a,,,b,,,c",
    [w("a"), w("b"), w("c")],
    false,
  ],
  ["bad/past the characters' bound, cut", "a,b," + "c".repeat(30), [
    w("a"),
    w("b"),
    w("c".repeat(20)),
  ], true],
];
for (const [name, field, items, cut] of CASES) {
  Deno.test(`weightedList: ${name}`, () => {
    // At most 3 members in 24 characters.
    assert.deepEqual(weightedList(field, 24, 3), { items, cut });
  });
}
