/**
 * Bidirectional controls shown, not obeyed, where a path is displayed; and
 * where right-to-left text is isolated so a path or JSON keeps its order.
 */
import assert from "node:assert/strict";
import {
  bidiControls,
  hasRtl,
  pathPieces,
  quotedPieces,
  splitBidi,
  visibleBidi,
} from "./bidi.ts";

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

Deno.test("pathPieces: ok/only the runs holding right-to-left letters are isolated, separators left between them", () => {
  const p = "/ערים/{עיר}/streets?q=שלום&n=1";
  assert.deepEqual(
    pathPieces(p).map(([a, b, iso]) => [p.slice(a, b), iso]),
    [
      ["/", false],
      ["ערים", true],
      ["/{", false],
      ["עיר", true],
      ["}/streets?q=", false],
      ["שלום", true],
      ["&n=1", false],
    ],
  );
  assert.deepEqual(pathPieces("/pets/{id}"), [[0, 10, false]]);
  const pointer = "/paths/~1ערים~1{עיר}/get";
  assert.deepEqual(
    pathPieces(pointer).map(([a, b, iso]) => [pointer.slice(a, b), iso]),
    [["/paths/~1", false], ["ערים", true], ["~1{", false], ["עיר", true], [
      "}/get",
      false,
    ]],
  );
  assert.deepEqual(hasRtl("/مدن"), true);
  assert.deepEqual(hasRtl("/東京"), false);
});

Deno.test("quotedPieces: ok/each quoted string holding right-to-left letters is isolated, escapes read", () => {
  const j = '{"שם": "רחוב \\"הרצל\\" 10", "n": 5, \'מספר\'}';
  assert.deepEqual(
    quotedPieces(j).map(([a, b, iso]) => [j.slice(a, b), iso]),
    [
      ["{", false],
      ['"שם"', true],
      [": ", false],
      ['"רחוב \\"הרצל\\" 10"', true],
      [', "n": 5, ', false],
      ["'מספר'", true],
      ["}", false],
    ],
  );
});
