import assert from "node:assert/strict";
import { bomEncoding, utf8BomLength } from "./bom.ts";

const CASES: [string, number[], string][] = [
  ["ok/UTF-16LE mark", [0xff, 0xfe, 0x7b, 0], "utf-16le"],
  ["ok/UTF-16BE mark", [0xfe, 0xff, 0, 0x7b], "utf-16be"],
  ["ok/UTF-8 mark", [0xef, 0xbb, 0xbf, 0x7b], "utf-8"],
  ["ok/no mark", [0x7b, 0x7d], "utf-8"],
  ["ok/empty", [], "utf-8"],
  ["ok/one byte of a mark", [0xff], "utf-8"],
];

for (const [name, bytes, want] of CASES) {
  Deno.test(`bomEncoding: ${name}`, () => {
    assert.equal(bomEncoding(new Uint8Array(bytes)), want);
  });
}

Deno.test("utf8BomLength: the UTF-8 mark only, whole", () => {
  assert.equal(utf8BomLength(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b])), 3);
  assert.equal(utf8BomLength(new Uint8Array([0xef, 0xbb])), 0);
  assert.equal(utf8BomLength(new Uint8Array([0xff, 0xfe, 0x7b, 0])), 0);
  assert.equal(utf8BomLength(new Uint8Array([])), 0);
});
