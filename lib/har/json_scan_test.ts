import assert from "node:assert/strict";
import { findJsonError } from "./json_scan.ts";
import { lineColumn } from "../shared/json_error.ts";
import fc from "fast-check";

const CASES: [string, string, number, RegExp][] = [
  ["bad/unquoted-key", "{a:1}", 1, /property name in double quotes/],
  ["bad/missing-colon", '{"a" 1}', 5, /expected ':'/],
  ["bad/missing-comma", '{"a":1 "b":2}', 7, /expected ',' or '}'/],
  ["bad/array-missing-comma", "[1 2]", 3, /expected ',' or '\]'/],
  ["bad/trailing-comma-array", "[1,]", 3, /trailing comma before '\]'/],
  ["bad/trailing-comma-object", '{"a":1,}', 7, /trailing comma before '}'/],
  ["bad/leading-zero", "[01]", 2, /invalid number/],
  ["bad/lone-minus", "[-]", 1, /invalid number/],
  ["bad/bad-escape", '["\\x"]', 2, /bad escape/],
  ["bad/bad-unicode", '["\\u12G4"]', 2, /\\u escape/],
  ["bad/control-char", '["a\nb"]', 3, /unescaped control character U\+000A/],
  ["bad/unterminated", '["abc', 5, /unterminated string/],
  ["bad/after-value", "{} x", 3, /after the end of the JSON value/],
  ["bad/single-quotes", "{'a':1}", 1, /property name/],
  ["bad/nan", "[NaN]", 1, /expected a value/],
  ["bad/empty", "", 0, /empty/],
  ["bad/unclosed", '{"a":[1,2]', 10, /not closed/],
];

for (const [name, text, offset, re] of CASES) {
  Deno.test(`json error: ${name}`, () => {
    assert.throws(() => JSON.parse(text));
    const issue = findJsonError(text);
    assert.ok(issue, "an error is found");
    assert.equal(issue.offset, offset);
    assert.match(issue.message, re);
  });
}

Deno.test("json error: valid documents have none", () => {
  for (
    const ok of [
      '{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}',
      " [] ",
      "0",
      '""',
    ]
  ) {
    assert.equal(findJsonError(ok), null, ok);
  }
});

Deno.test("json error: agrees with JSON.parse on random JSON, broken or not", () => {
  fc.assert(
    fc.property(
      fc.json(),
      fc.nat(),
      fc.constantFrom("", "x", ",", "]", "}", '"', "\\", "\n"),
      (
        json,
        at,
        junk,
      ) => {
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

Deno.test("json error: line and column count CRLF once", () => {
  const text = '{\r\n  "a": 1,\r\n  x\r\n}';
  const at = text.indexOf("x");
  assert.deepEqual(lineColumn(text, at), { line: 3, column: 3 });
  assert.deepEqual(lineColumn("a\rb", 2), { line: 2, column: 1 });
  assert.deepEqual(lineColumn("abc", 0), { line: 1, column: 1 });
});
