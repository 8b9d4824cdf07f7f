/** Numbers as written in JSON source. */
import assert from "node:assert/strict";
import { jsonScalarSource } from "./json_text.ts";

Deno.test("spec source: JSON scalars as written, last duplicate wins", () => {
  const t =
    '{"info": {"x": {"version": 9}, "version": 1.0, "t": "a,}"}, "version": 2}';
  assert.equal(jsonScalarSource(t, ["info", "version"]), "1.0");
  assert.equal(jsonScalarSource(t, ["version"]), "2");
  assert.equal(jsonScalarSource(t, ["info"]), null);
  assert.equal(jsonScalarSource(t, ["nope"]), null);
  assert.equal(jsonScalarSource('{"v": 1, "v": 1.50}', ["v"]), "1.50");
});
