/** Where V8 leaves a JSON error unlocated, and numbers as written. */
import assert from "node:assert/strict";
import { jsonScalarSource, locateJsonError } from "./json_text.ts";

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
