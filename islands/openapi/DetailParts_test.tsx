import assert from "node:assert/strict";
import { linkTargetHref } from "./DetailParts.tsx";

/** [name, link target as written, fragment it opens, or null]. */
const CASES: [string, string, string | null][] = [
  ["ok/an operationId", "getRepository", "#op=getRepository"],
  [
    "ok/a local operationRef, as the detail names it",
    "GET /2.0/repositories/{username}",
    "#op=get+%2F2.0%2Frepositories%2F%7Busername%7D",
  ],
  ["ok/its method any case", "Post /pets", "#op=post+%2Fpets"],
  ["bad/an operationRef left as written", "#/paths/~1pets/get", null],
  [
    "bad/a reference into another document",
    "https://x.test/api.yaml#/paths/~1a/get",
    null,
  ],
  ["bad/a relative file", "other.yaml#/paths/~1a/get", null],
  ["bad/a pointer to no operation", "#/components/schemas/Pet", null],
  ["bad/nothing", "", null],
];

for (const [name, target, want] of CASES) {
  Deno.test(`linkTargetHref: ${name}`, () => {
    assert.equal(linkTargetHref(target), want);
  });
}
