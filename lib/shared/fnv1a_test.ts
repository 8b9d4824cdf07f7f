import assert from "node:assert/strict";
import { fnv1a } from "./fnv1a.ts";

/** The definition: FNV-1a over the bytes `TextEncoder` writes. */
function byBytes(text: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h = Math.imul(h ^ b, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

Deno.test("fnv1a: the published 32-bit FNV-1a test vectors", () => {
  assert.equal(fnv1a(""), 0x811c9dc5);
  assert.equal(fnv1a("a"), 0xe40c292c);
  assert.equal(fnv1a("foobar"), 0xbf9cf968);
});

const CASES: [string, string][] = [
  ["ok/ascii", "GET https://example.com/a?b=c 1714557600000"],
  ["ok/two-byte", "caf\u00e9 \u07ff \u0080"],
  ["ok/three-byte", "\u0800 \u20ac \uffff \ufffd"],
  ["ok/astral", "\u{1f600} \u{10000} \u{10ffff}"],
  ["ok/lone high surrogate", "a\ud800b"],
  ["ok/lone high surrogate at the end", "a\udbff"],
  ["ok/lone low surrogate", "a\udc00b"],
  ["ok/low then high", "\udc00\ud800"],
  ["ok/high high low", "\ud800\ud800\udc00"],
];

for (const [name, text] of CASES) {
  Deno.test(`fnv1a: ${name} hashes the UTF-8 TextEncoder writes`, () => {
    assert.equal(fnv1a(text), byBytes(text));
  });
}

Deno.test("fnv1a: every code unit, alone and after each kind", () => {
  for (let c = 0; c < 0x10000; c++) {
    const s = String.fromCharCode(c);
    for (const text of [s, "x" + s + "y", "\ud83d" + s, s + "\ude00"]) {
      assert.equal(fnv1a(text), byBytes(text), `U+${c.toString(16)}`);
    }
  }
});
