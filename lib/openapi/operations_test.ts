/**
 * Which keys of a path item are operations: each `ok/...` item lists the
 * operations found, as `method key` (the key as written), viewer's reading
 * and the compare's exact one (RFC 9110 §9.1: method names are
 * case-sensitive).
 */
import assert from "node:assert/strict";
import { exactMethod, operationsOf } from "./operations.ts";
import { Memo } from "./refs.ts";

const op = { responses: {} };

const CASES: [string, Record<string, unknown>, string[], string[]][] = [
  [
    "ok/fixed fields and an additional method",
    { get: op, additionalOperations: { COPY: op } },
    ["get get", "copy COPY"],
    ["get", "COPY"],
  ],
  [
    "ok/additional methods differing in case: one listed, two compared",
    { additionalOperations: { COPY: op, copy: op } },
    ["copy COPY"],
    ["COPY", "copy"],
  ],
  [
    "bad/an additional key naming a fixed method in capitals is that method",
    { additionalOperations: { POST: op } },
    ["post POST"],
    ["post"],
  ],
  [
    "bad/a fixed method repeated as an additional one is skipped either way",
    { post: op, additionalOperations: { POST: op } },
    ["post post"],
    ["post"],
  ],
];

for (const [name, item, listed, exact] of CASES) {
  Deno.test(`operationsOf: ${name}`, () => {
    const found = operationsOf(item, ["paths", "/a"], 2, [], new Memo());
    assert.deepEqual(found.map((f) => `${f.method} ${f.opKey}`), listed);
    const compared = operationsOf(
      item,
      ["paths", "/a"],
      2,
      [],
      new Memo(),
      true,
    );
    assert.deepEqual(compared.map(exactMethod), exact);
  });
}
