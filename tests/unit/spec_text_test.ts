/**
 * Source-text helpers: JSON error location (V8 leaves some out), numbers as
 * written in JSON and YAML, and the YAML locations js-yaml reports late.
 */
import assert from "node:assert/strict";
import { jsonScalarSource, locateJsonError } from "../../lib/spec/json_text.ts";
import {
  secondDocumentOffset,
  unclosedFlow,
  yamlScalarSource,
} from "../../lib/spec/yaml_text.ts";
import { excerpt, jsonPath } from "../../lib/spec/errors.ts";
import { lineColumn } from "../../lib/shared/json_error.ts";

const JSON_FAULTS: [string, string, number | null, RegExp | null][] = [
  ["ok/valid", '{"a": [1, 2.5e3, true, null, "x\\u00e9"]}', null, null],
  ["ok/deep nesting", "[".repeat(5000) + "]".repeat(5000), null, null],
  ["bad/bad literal", '{"a": tru}', 6, /expected a value/],
  ["bad/single quotes", "{'a': 1}", 1, /double-quoted property name/],
  ["bad/trailing comma", "[1, 2,]", 6, /Trailing comma/],
  ["bad/missing comma", '{"a": 1 "b": 2}', 8, /Expected ','/],
  ["bad/raw newline in string", '{"a": "x\ny"}', 8, /control character/],
  ["bad/unclosed string", '{"a": "xy', 6, /never closed/],
  ["bad/truncated", '{"a": [1', 8, /unclosed bracket/],
  ["bad/text after the end", "{} x", 3, /after the end/],
  ["bad/bad escape", '["\\x"]', 2, /escape/],
];

for (const [name, text, offset, re] of JSON_FAULTS) {
  Deno.test(`spec json locate ${name}`, () => {
    const f = locateJsonError(text);
    if (offset === null) {
      assert.equal(f, null);
      JSON.parse(text); // the scanner agrees with JSON.parse
    } else {
      assert.ok(f, "a fault");
      assert.equal(f.offset, offset, f.message);
      assert.match(f.message, re!);
      assert.throws(() => JSON.parse(text));
    }
  });
}

Deno.test("spec source: JSON scalars as written, last duplicate wins", () => {
  const t =
    '{"info": {"x": {"version": 9}, "version": 1.0, "t": "a,}"}, "version": 2}';
  assert.equal(jsonScalarSource(t, ["info", "version"]), "1.0");
  assert.equal(jsonScalarSource(t, ["version"]), "2");
  assert.equal(jsonScalarSource(t, ["info"]), null);
  assert.equal(jsonScalarSource(t, ["nope"]), null);
  assert.equal(jsonScalarSource('{"v": 1, "v": 1.50}', ["v"]), "1.50");
});

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

Deno.test("spec errors: line/column, excerpt with caret, JSON paths", () => {
  assert.deepEqual(lineColumn("ab\ncd\nef", 4), { line: 2, column: 2 });
  assert.deepEqual(lineColumn("ab", 99), { line: 1, column: 3 });
  assert.equal(
    excerpt("one\ntwo\nthree", 2, 2),
    "1 | one\n2 | two\n  |  ^\n3 | three",
  );
  assert.equal(
    jsonPath(["paths", "/a/{b}", "get", "parameters", 0]),
    '$.paths["/a/{b}"].get.parameters[0]',
  );
  assert.equal(jsonPath([]), "$");
});
