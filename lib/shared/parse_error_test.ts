import assert from "node:assert/strict";
import fc from "fast-check";
import {
  describeValue,
  excerpt,
  findJsonError,
  jsonStringEnd,
  jsonSyntaxFault,
  lineColumn,
  lineColumns,
  located,
  splitLines,
} from "./parse_error.ts";

/** [name, text, offset, line, column] */
const CASES: [string, string, number, number, number][] = [
  ["ok/start", "abc", 0, 1, 1],
  ["ok/same line", "abc", 2, 1, 3],
  ["ok/end of text", "abc", 3, 1, 4],
  ["ok/LF", "ab\ncd", 4, 2, 2],
  ["ok/CR alone (RFC 8259 whitespace)", "a\rb", 2, 2, 1],
  ["ok/CRLF counts once", "ab\r\ncd\r\nef", 9, 3, 2],
  ["ok/on the LF of a CRLF", "ab\r\ncd", 3, 1, 4],
  ["ok/mixed LF, CR, CRLF", "a\nb\rc\r\nd", 7, 4, 1],
  ["ok/blank lines", "\n\n\n", 3, 4, 1],
  ["ok/CR CR is two breaks", "\r\rx", 2, 3, 1],
  ["ok/LF CR is two breaks", "\n\rx", 2, 3, 1],
  ["ok/UTF-16 units", "😀x\ny", 2, 1, 3],
  ["bad/negative offset is the start", "ab\ncd", -5, 1, 1],
  ["bad/offset past the end is the end", "ab", 99, 1, 3],
  ["bad/empty text", "", 3, 1, 1],
];

for (const [name, text, offset, line, column] of CASES) {
  Deno.test(`parse error: ${name}`, () => {
    assert.deepEqual(lineColumn(text, offset), { line, column });
  });
}

Deno.test("parse error: lineColumns answers in the order asked", () => {
  const text = "a\r\nbb\rccc\nd";
  const offsets = [10, 0, 5, 3, 10];
  assert.deepEqual(
    lineColumns(text, offsets),
    offsets.map((o) => lineColumn(text, o)),
  );
  assert.deepEqual(lineColumns(text, []), []);
});

Deno.test("parse error: splitLines agrees with the line numbers", () => {
  const text = "one\r\ntwo\rthree\nfour";
  const lines = splitLines(text);
  assert.deepEqual(lines, ["one", "two", "three", "four"]);
  for (let o = 0; o < text.length; o++) {
    const { line, column } = lineColumn(text, o);
    const c = text[o];
    if (c !== "\r" && c !== "\n") assert.equal(lines[line - 1][column - 1], c);
  }
  assert.deepEqual(splitLines(text, 2), ["one", "two"]);
});

/** [name, text, offset of the fault (null: valid), its message] */
const JSON_CASES: [string, string, number | null, RegExp | null][] = [
  ["ok/valid", '{"a": [1, 2.5e3, true, null, "x\\u00e9"]}', null, null],
  ["ok/deep nesting", "[".repeat(5000) + "]".repeat(5000), null, null],
  ["ok/scalar root", "0", null, null],
  ["ok/empty string root", '""', null, null],
  ["ok/whitespace around", " [] ", null, null],
  ["bad/bad literal", '{"a": tru}', 6, /unexpected 't', expected a value/],
  ["bad/unquoted key", "{a:1}", 1, /property name in double quotes/],
  ["bad/single quotes", "{'a': 1}", 1, /JSON strings need double quotes/],
  ["bad/missing colon", '{"a" 1}', 5, /expected ':'/],
  ["bad/missing comma", '{"a": 1 "b": 2}', 8, /expected ',' or '}'/],
  ["bad/array missing comma", "[1 2]", 3, /expected ',' or '\]'/],
  [
    "bad/trailing comma in an array",
    "[1, 2,]",
    6,
    /trailing comma before '\]'/,
  ],
  [
    "bad/trailing comma in an object",
    '{"a":1,}',
    7,
    /trailing comma before '}'/,
  ],
  ["bad/leading zero", "[01]", 2, /invalid number/],
  ["bad/lone minus", "[-]", 1, /invalid number/],
  ["bad/NaN", "[NaN]", 1, /expected a value or '\]'/],
  ["bad/bad escape", '["\\x"]', 2, /bad escape \\x/],
  ["bad/bad unicode escape", '["\\u12G4"]', 2, /\\u escape/],
  [
    "bad/raw line break in a string",
    '{"a": "x\ny"}',
    8,
    /unescaped control character U\+000A/,
  ],
  ["bad/unterminated string: at its quote", '{"a": "xy', 6, /never closed/],
  ["bad/cut off in an array", '{"a": [1', 8, /an array \('\['\) is not closed/],
  ["bad/cut off in an object", '{"a":[1,2]', 10, /an object .* not closed/],
  ["bad/text after the end", "{} x", 3, /after the end of the JSON value/],
  ["bad/empty", "", 0, /the input is empty/],
];

for (const [name, text, offset, re] of JSON_CASES) {
  Deno.test(`parse error: JSON ${name}`, () => {
    const f = findJsonError(text);
    if (offset === null) {
      assert.equal(f, null);
      JSON.parse(text); // the scanner agrees with JSON.parse
      return;
    }
    assert.throws(() => JSON.parse(text));
    assert.ok(f, "a fault");
    assert.equal(f.offset, offset, f.message);
    assert.match(f.message, re!);
  });
}

Deno.test("parse error: the scanner agrees with JSON.parse on random JSON, broken or not", () => {
  fc.assert(
    fc.property(
      fc.json(),
      fc.nat(),
      fc.constantFrom("", "x", ",", "]", "}", '"', "\\", "\n"),
      (json, at, junk) => {
        const k = at % (json.length + 1);
        const text = json.slice(0, k) + junk + json.slice(k);
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        assert.equal(findJsonError(text) === null, valid, text);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("parse error: a cut-off document is told from a mistyped one", () => {
  assert.equal(findJsonError('{"a": [1')?.truncated, true);
  assert.equal(findJsonError('{"a": "x')?.truncated, true);
  assert.equal(findJsonError("[1,]")?.truncated, false);
});

Deno.test("parse error: one wording, located, with an excerpt", () => {
  const text = '{\r\n  "a": 1,\r\n  x\r\n}';
  let err: unknown;
  try {
    JSON.parse(text);
  } catch (e) {
    err = e;
  }
  const f = jsonSyntaxFault(text, err);
  assert.equal(
    f.message,
    "Not valid JSON: unexpected 'x', expected a property name in double quotes",
  );
  assert.deepEqual([f.line, f.column], [3, 3]);
  assert.equal(f.excerpt, '1 | {\n2 |   "a": 1,\n3 |   x\n  |   ^\n4 | }');
  assert.equal(
    located(f.message, f),
    "Not valid JSON: unexpected 'x', expected a property name in double quotes (line 3, column 3)",
  );
});

Deno.test("parse error: excerpts cut long lines around the column", () => {
  assert.equal(
    excerpt("one\ntwo\nthree", 2, 2),
    "1 | one\n2 | two\n  |  ^\n3 | three",
  );
  const long = "x".repeat(500);
  const lines = excerpt(long, 1, 300).split("\n");
  assert.ok(lines.every((l) => l.length <= 4 + 82), lines.join("\n"));
  assert.equal(lines[1].indexOf("^") - 4, 60);
});

Deno.test("parse error: values in words", () => {
  assert.equal(describeValue(null), "null");
  assert.equal(describeValue(undefined), "nothing");
  assert.equal(describeValue([]), "an array");
  assert.equal(describeValue({}), "an object");
  assert.equal(describeValue(1), "the number 1");
  assert.equal(
    describeValue("x".repeat(50)),
    `the string "${"x".repeat(39)}…"`,
  );
});

Deno.test("parse error: string ends", () => {
  assert.equal(jsonStringEnd('"a\\"b" x', 0), 6);
  assert.equal(jsonStringEnd('"abc', 0), -1);
});
