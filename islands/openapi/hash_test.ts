import assert from "node:assert/strict";
import {
  apartId,
  linkedParts,
  linkTargetHref,
  peerLink,
  readHash,
  schemaLink,
  writeHash,
} from "./hash.ts";

Deno.test("spec hash: other viewers' deep links name an operation; anything else is not one", () => {
  const cases: [string, string, string | null][] = [
    ["ok/Swagger UI: tag, then operationId", "#/pets/findPets", "findPets"],
    ["ok/Swagger UI: a tag with a space", "#/pet%20store/addPet", "addPet"],
    ["ok/Redoc", "#operation/addPet", "addPet"],
    ["ok/Redoc under a tag", "#tag/pets/operation/findPets", "findPets"],
    ["ok/Scalar", "#tag/pets/GET/pets/%7Bid%7D", "get /pets/{id}"],
    ["bad/ours", "#op=get+%2Fpets", null],
    ["bad/a plain anchor", "#main", null],
    ["bad/a Redoc tag alone", "#tag/pets", null],
    ["bad/not percent-encoding", "#/pets/%E0%A4%A", null],
    ["bad/empty", "", null],
  ];
  for (const [name, hash, want] of cases) {
    assert.equal(peerLink(hash), want, name);
  }
});

Deno.test("spec hash: a method written in capitals reads as ours; a deep link is its op alone", () => {
  assert.equal(readHash("#op=GET+%2Fpets").op, "get /pets");
  assert.equal(readHash("#op=findPets").op, "findPets");
  assert.deepEqual(readHash("#operation/addPet"), {
    filter: "",
    op: "addPet",
    schema: "",
  });
  const s = { filter: "a b", op: "get /pets/{id}", schema: "Pet" };
  assert.deepEqual(readHash(writeHash(s)), s);
});

Deno.test("spec hash: a JSON-pointer-like link names a schema, not an operation", () => {
  assert.equal(schemaLink("#/definitions/Pet"), "Pet");
  assert.equal(schemaLink("#/components/schemas/a~1b"), "a/b");
  assert.equal(schemaLink("#/pets/findPets"), null);
  assert.equal(peerLink("#/definitions/Pet"), null);
  assert.deepEqual(readHash("#/components/schemas/Pet"), {
    filter: "",
    op: "",
    schema: "Pet",
  });
});

Deno.test("spec hash: what a link holds, in words", () => {
  assert.deepEqual(linkedParts(readHash("")), []);
  assert.deepEqual(
    linkedParts(readHash("#filter=pets&op=get+%2Fpets&schema=Pet")),
    ["filter “pets”", "operation get /pets", "schema Pet"],
  );
});

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

Deno.test("apartId: ok/a valid, distinct id per webhook or callback, read as no state nor peer link", () => {
  const ids = [
    apartId({ kind: "webhook", path: "new pet", method: "post" }),
    apartId({ kind: "webhook", path: "new_20_pet", method: "post" }),
    apartId({ kind: "webhook", path: "new pet", method: "put" }),
    apartId({
      kind: "callback",
      parentContainer: "paths",
      parentPath: "/subscribe",
      parentMethod: "post",
      name: "done",
      expression: "{$request.body#/url}",
      method: "post",
    }),
  ];
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) {
    // HTML ids hold no whitespace; `#id` must not read as the viewer's
    // state or another viewer's deep link.
    assert.match(id, /^sv-[A-Za-z0-9_.-]+$/);
    assert.equal(peerLink(`#${id}`), null);
    assert.deepEqual(readHash(`#${id}`), { filter: "", op: "", schema: "" });
  }
});
