import assert from "node:assert/strict";
import {
  deeperThan,
  previewJson,
  safeStringify,
  stringifyJsonParts,
} from "./json_text.ts";

Deno.test("json text: the same text as JSON.stringify, in parts", () => {
  const v = { a: [1, "two", null, true], b: { c: "é\n" } };
  assert.equal(stringifyJsonParts(v).join(""), JSON.stringify(v));
  assert.equal(
    stringifyJsonParts(v, { indent: 2 }).join(""),
    JSON.stringify(v, null, 2),
  );
  assert.equal(safeStringify(v, 2), JSON.stringify(v, null, 2));
});

Deno.test("json text: nesting far deeper than the stack still stringifies", () => {
  let deep: unknown = 0;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.equal(deeperThan(deep, 1000), true);
  assert.equal(deeperThan([[1]], 5), false);
  const text = safeStringify(deep);
  assert.equal(text.length, 200_001);
});

Deno.test("json text: previews are cut with an ellipsis", () => {
  assert.equal(previewJson({ a: 1 }), '{"a":1}');
  const p = previewJson({ a: "x".repeat(500) }, 20);
  assert.equal(p.length, 21);
  assert.ok(p.endsWith("…"));
});
