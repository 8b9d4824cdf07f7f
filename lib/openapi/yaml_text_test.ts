/** Numbers as written in YAML, and the locations js-yaml reports late. */
import assert from "node:assert/strict";
import {
  secondDocumentOffset,
  unclosedFlow,
  yamlScalarSource,
} from "./yaml_text.ts";

Deno.test("spec source: YAML scalars as written", () => {
  const t = "info:\n  title: x\n  version: 1.0\nother: {version: 2.10}\n";
  assert.equal(yamlScalarSource(t, ["info", "version"]), "1.0");
  assert.equal(yamlScalarSource(t, ["other", "version"]), "2.10");
  assert.equal(yamlScalarSource(t, ["info"]), null);
  assert.equal(yamlScalarSource("swagger: 2.0\n", ["swagger"]), "2.0");
  assert.equal(yamlScalarSource("a: [", ["a"]), null);
});

Deno.test("spec source: the second YAML document and unclosed flow collections", () => {
  assert.equal(secondDocumentOffset("---\na: 1\n---\nb: 2\n"), 9);
  assert.equal(secondDocumentOffset("# c\n---\na: 1\n"), null);
  const t = "a: [1, 2\nb: 3\n";
  assert.deepEqual(unclosedFlow(t, t.length), { offset: 3, char: "[" });
  // Brackets inside plain scalars, quotes, comments and block scalars are text.
  const fine =
    "a: see [x\nb: 'it [s'\nc: |\n  {not yaml\n# [ comment\nd: {e: [1]}\n";
  assert.equal(unclosedFlow(fine, fine.length), null);
  const multi = 'a: ["x\n  y", [2\nb: 1\n';
  // The innermost open collection is named (after a multi-line string).
  assert.deepEqual(unclosedFlow(multi, multi.length), {
    offset: 13,
    char: "[",
  });
});
