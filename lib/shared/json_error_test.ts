import assert from "node:assert/strict";
import { lineColumn, lineColumns, splitLines } from "./json_error.ts";

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
  Deno.test(`json_error: ${name}`, () => {
    assert.deepEqual(lineColumn(text, offset), { line, column });
  });
}

Deno.test("json_error: lineColumns answers in the order asked", () => {
  const text = "a\r\nbb\rccc\nd";
  const offsets = [10, 0, 5, 3, 10];
  assert.deepEqual(
    lineColumns(text, offsets),
    offsets.map((o) => lineColumn(text, o)),
  );
  assert.deepEqual(lineColumns(text, []), []);
});

Deno.test("json_error: splitLines agrees with the line numbers", () => {
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
