import assert from "node:assert/strict";
import { visibleText } from "./visible_text.ts";

const CASES: [string, string, string][] = [
  ["ok/plain text is kept", "GET /pets/{id} é 😀", "GET /pets/{id} é 😀"],
  ["ok/a backslash is kept", "a\\nb", "a\\nb"],
  [
    "bad/ESC and BEL",
    "/p\u001b[31mRED\u001b]0;t\u0007",
    "/p\\u001b[31mRED\\u001b]0;t\\u0007",
  ],
  [
    "bad/CR, LF, backspace, tab",
    "a\r\n\b\tb",
    "a\\u000d\\u000a\\u0008\\u0009b",
  ],
  ["bad/DEL and C1 (CSI)", "a\u007f\u009bb", "a\\u007f\\u009bb"],
  ["bad/line separators", "a\u2028\u2029b", "a\\u2028\\u2029b"],
  [
    "bad/bidirectional overrides",
    "ab\u202ecd\u2066\u200f",
    "ab\\u202ecd\\u2066\\u200f",
  ],
];
for (const [name, input, want] of CASES) {
  Deno.test(`visibleText: ${name}`, () => {
    assert.equal(visibleText(input), want);
  });
}
