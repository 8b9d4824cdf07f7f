import assert from "node:assert/strict";
import {
  linkedParts,
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
