/** Bidirectional controls shown, not obeyed, where a path is displayed. */
import assert from "node:assert/strict";
import { bidiControls, splitBidi, visibleBidi } from "./bidi.ts";

const CASES: [string, string, string[], string][] = [
  ["ok/none", "/files/a.png", [], "/files/a.png"],
  [
    "bad/override",
    "/files/\u202Egnp.exe",
    ["U+202E"],
    "/files/[U+202E]gnp.exe",
  ],
  [
    "bad/isolates and embeddings",
    "\u2067a\u2069\u202Ab\u202C",
    ["U+2067", "U+2069", "U+202A", "U+202C"],
    "[U+2067]a[U+2069][U+202A]b[U+202C]",
  ],
  ["ok/marks stay (RLM in Hebrew text)", "שלום\u200F!", [], "שלום\u200F!"],
];
for (const [name, text, controls, visible] of CASES) {
  Deno.test(`bidi: ${name}`, () => {
    assert.deepEqual(bidiControls(text), controls);
    assert.equal(visibleBidi(text), visible);
  });
}

Deno.test("bidi: split keeps the text around each control", () => {
  assert.deepEqual(splitBidi("/a\u202Eb"), ["/a", { control: "U+202E" }, "b"]);
  assert.deepEqual(splitBidi("plain"), ["plain"]);
});
