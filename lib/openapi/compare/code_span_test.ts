import assert from "node:assert/strict";
import { codeSpan, splitCodeSpans } from "./code_span.ts";

// Each name as a span, and read back whole from a sentence around it.
const NAMES: [string, string, string][] = [
  ["ok/a plain name", "amount", "`amount`"],
  ["ok/one backtick inside", "a`b", "``a`b``"],
  ["ok/a run of two inside", "a``b", "```a``b```"],
  ["ok/a backtick at an end is padded", "`a", "`` `a ``"],
  ["ok/spaces at both ends are padded", " a ", "`  a  `"],
  ["ok/only spaces stay as they are", "  ", "`  `"],
  ["ok/empty is one space", "", "` `"],
  ["bad/a line break is written visibly", "a\n\n# h", "`a\\u000a\\u000a# h`"],
  ["bad/ESC is written visibly", "\u001b[31m", "`\\u001b[31m`"],
];
for (const [name, text, want] of NAMES) {
  Deno.test(`codeSpan: ${name}`, () => {
    const span = codeSpan(text);
    assert.equal(span, want);
    const parts = splitCodeSpans(`property ${span} was removed`);
    assert.equal(parts.length, 3);
    assert.deepEqual(parts[0], { code: false, text: "property " });
    assert.equal(parts[1].code, true);
    // deno-lint-ignore no-control-regex -- control characters are what it finds
    if (text.trim() !== "" && !/[\u0000-\u001f]/.test(text)) {
      assert.equal(parts[1].text, text);
    }
    assert.deepEqual(parts[2], { code: false, text: " was removed" });
  });
}

const SPLITS: [string, string, [boolean, string][]][] = [
  ["ok/two spans", "`a` to `b`", [[true, "a"], [false, " to "], [true, "b"]]],
  ["ok/no span", "plain", [[false, "plain"]]],
  ["ok/an unmatched run is text", "a ` b", [[false, "a ` b"]]],
  ["ok/a run closes only on its own length", "``a`b`` c", [[true, "a`b"], [
    false,
    " c",
  ]]],
  ["ok/a longer run inside a span is its text", "`a``b`", [[true, "a``b"]]],
  ["ok/an unmatched longer run is text, a later pair a span", "``` x `y`", [
    [false, "``` x "],
    [true, "y"],
  ]],
];
for (const [name, text, want] of SPLITS) {
  Deno.test(`splitCodeSpans: ${name}`, () => {
    assert.deepEqual(
      splitCodeSpans(text).map((p) => [p.code, p.text]),
      want,
    );
  });
}
