import assert from "node:assert/strict";
import { matchingSchemas } from "./Schemas.tsx";

Deno.test("matchingSchemas: ok/every term, any case, in written order; the exact name first", () => {
  const names = ["PetList", "Order", "NewPet", "Pet", "pet_tag"];
  assert.deepEqual(matchingSchemas(names, ""), names);
  assert.deepEqual(matchingSchemas(names, "pet"), [
    "PetList",
    "NewPet",
    "Pet",
    "pet_tag",
  ]);
  assert.deepEqual(matchingSchemas(names, "Pet"), [
    "Pet",
    "PetList",
    "NewPet",
    "pet_tag",
  ]);
  assert.deepEqual(matchingSchemas(names, "pet list"), ["PetList"]);
});
