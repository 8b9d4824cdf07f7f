/** Numbers as written in JSON source, and keys written twice. */
import assert from "node:assert/strict";
import { jsonDuplicateKeys, jsonScalarSource } from "./json_text.ts";

Deno.test("spec source: JSON scalars as written, last duplicate wins", () => {
  const t =
    '{"info": {"x": {"version": 9}, "version": 1.0, "t": "a,}"}, "version": 2}';
  assert.equal(jsonScalarSource(t, ["info", "version"]), "1.0");
  assert.equal(jsonScalarSource(t, ["version"]), "2");
  assert.equal(jsonScalarSource(t, ["info"]), null);
  assert.equal(jsonScalarSource(t, ["nope"]), null);
  assert.equal(jsonScalarSource('{"v": 1, "v": 1.50}', ["v"]), "1.50");
});

Deno.test("spec source: keys written twice in one object, found where the second is", () => {
  const cases: [string, string, string[]][] = [
    ["ok/none", '{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', []],
    ["ok/nested object", '{"a": {"b": 1, "b": 2}}', ['"b"']],
    ["ok/escaped spelling of one name", '{"a": 1, "\\u0061": 2}', [
      '"\\u0061"',
    ]],
    [
      "ok/braces and quotes inside strings are no structure",
      '{"s": "{\\"a\\": [", "a": 1, "t": "}", "a": 2}',
      ['"a"'],
    ],
    [
      "ok/a string value equal to a key is no key",
      '{"a": "a", "b": ["a", "a"]}',
      [],
    ],
    [
      "ok/after an array closes, its object's keys go on",
      '{"a": [1, {"x": 1}], "x": 1, "a": 2}',
      ['"a"'],
    ],
    ["ok/whitespace before the colon", '{"k" : 1,\n "k"\t: 2}', ['"k"']],
  ];
  for (const [name, text, want] of cases) {
    JSON.parse(text); // every case is valid JSON
    const at = jsonDuplicateKeys(text, 10);
    assert.deepEqual(
      at.map((i) =>
        text.slice(
          i,
          text.indexOf('"', i + 1 + (text[i + 1] === "\\" ? 6 : 0)) + 1,
        )
      ),
      want,
      name,
    );
  }
  // The first `max` only.
  const many = `{${Array.from({ length: 50 }, () => '"k": 1').join(", ")}}`;
  assert.equal(jsonDuplicateKeys(many, 20).length, 20);
});
