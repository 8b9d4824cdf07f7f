import assert from "node:assert/strict";
import { withTerm } from "./view.ts";

Deno.test("spec chips: a tag or method toggles its terms in the filter", () => {
  assert.equal(withTerm("", "get", true), "get");
  assert.equal(withTerm("pets GET", "get", true), "pets");
  assert.equal(withTerm("get", "Shared Tag", false), "get Shared Tag");
  assert.equal(withTerm("get shared tag", "Shared Tag", false), "get");
});
