import assert from "node:assert/strict";
import { textChunks } from "./text_chunks.ts";

/** [name, text, size, pieces] */
const CASES: [string, string, number, string[]][] = [
  ["empty", "", 4, []],
  ["shorter than a piece", "ab\ncd", 10, ["ab\ncd"]],
  ["cut after the line feed at or past the size", "ab\ncd\nef\n", 4, [
    "ab\ncd\n",
    "ef\n",
  ]],
  ["a line feed just at the size", "abc\nde\nf", 4, ["abc\n", "de\nf"]],
  ["a line longer than a piece is one piece", "abcdefgh\nij", 3, [
    "abcdefgh\n",
    "ij",
  ]],
  ["no line feed at all", "abcdefgh", 3, ["abcdefgh"]],
  ["empty lines", "\n\n\n\n", 2, ["\n\n", "\n\n"]],
];
for (const [name, text, size, want] of CASES) {
  Deno.test(`textChunks: ${name}`, () => {
    const got = textChunks(text, size);
    assert.deepEqual(got, want);
    assert.equal(got.join(""), text);
  });
}
