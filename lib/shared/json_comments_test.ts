import assert from "node:assert/strict";
import { stripJsonComments } from "./json_comments.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const CASES: [string, string, string | null, number][] = [
  ["ok/a line comment", '{"a": 1, // x\n"b": 2}', '{"a": 1,     \n"b": 2}', 9],
  [
    "ok/a block comment over lines",
    '/* a\nb */{"a": 1}',
    '    \n    {"a": 1}',
    0,
  ],
  [
    "ok/slashes inside strings stay",
    '{"u": "http://x/*y*/"} // z',
    '{"u": "http://x/*y*/"}     ',
    23,
  ],
  [
    "ok/an escaped quote does not end the string",
    '{"a": "\\" //"} //c',
    '{"a": "\\" //"}    ',
    15,
  ],
  ["bad/no comment", '{"a": "//"}', null, -1],
  ["bad/a block comment that never ends", '{"a": 1} /* x', null, -1],
  ["ok/a lone slash stays", '{"a": 1 / 2} // c', '{"a": 1 / 2}     ', 13],
];

for (const [name, input, want, at] of CASES) {
  Deno.test(`json comments: ${name}`, () => {
    const got = stripJsonComments(input);
    if (want === null) return assert.equal(got, null);
    assert.ok(got);
    assert.equal(got.text, want);
    assert.equal(got.at, at);
    assert.equal(got.text.length, input.length);
  });
}

Deno.test("json comments: bad/a megabyte of slashes and quotes is read in linear time", () => {
  const ms = cpuMs(() => {
    stripJsonComments('{"a": "' + '/\\"'.repeat(300_000) + '"} // x');
    stripJsonComments("/".repeat(1_000_000));
  });
  assert.ok(ms < 2_000, `${ms} ms`);
});

Deno.test("json comments: ok/a URL's // in unquoted YAML flow text is no comment", () => {
  assert.equal(
    stripJsonComments("{servers: [{url: http://api.example.com}]}"),
    null,
  );
  assert.equal(stripJsonComments("{url: 'http://x'}"), null);
});

Deno.test("json comments: ok/CRLF kept in a block comment; an unterminated string ends at its line; the first comment is the one located", () => {
  const crlf = stripJsonComments('{"a": 1 /* x\r\ny */}');
  assert.equal(crlf?.text, '{"a": 1     \r\n    }');
  const open = stripJsonComments('{"a": "x\n// c\n}');
  assert.equal(open?.text, '{"a": "x\n    \n}');
  assert.equal(stripJsonComments('{"a": 1} // one\n// two')?.at, 9);
});
