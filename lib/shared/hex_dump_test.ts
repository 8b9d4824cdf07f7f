import assert from "node:assert/strict";
import { hexDump } from "./hex_dump.ts";

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

/** [name, bytes, max lines, the dump] */
const CASES: [string, Uint8Array, number | undefined, string][] = [
  ["ok/empty", bytes(), undefined, ""],
  [
    "ok/one short line is padded so the ASCII column lines up",
    text("Hi\n"),
    undefined,
    "00000000: 4869 0a" + " ".repeat(32) + "  Hi.",
  ],
  [
    "ok/a full line",
    text("0123456789abcdef"),
    undefined,
    "00000000: 3031 3233 3435 3637 3839 6162 6364 6566  0123456789abcdef",
  ],
  [
    "ok/non-ASCII and control bytes are dots",
    bytes(0x00, 0x1b, 0x7f, 0x80, 0xff, 0x41),
    undefined,
    "00000000: 001b 7f80 ff41" + " ".repeat(25) + "  .....A",
  ],
  [
    "ok/second line's offset is 0x10",
    text("abcdefghijklmnopq"),
    undefined,
    "00000000: 6162 6364 6566 6768 696a 6b6c 6d6e 6f70  abcdefghijklmnop\n" +
    "00000010: 71" + " ".repeat(37) + "  q",
  ],
  [
    "bad/past the line limit the rest is counted, not shown",
    new Uint8Array(40),
    1,
    "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n" +
    "…24 more bytes",
  ],
  [
    "bad/one byte left is singular",
    new Uint8Array(17),
    1,
    "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n" +
    "…1 more byte",
  ],
];
for (const [name, b, max, want] of CASES) {
  Deno.test(`hexDump: ${name}`, () => assert.equal(hexDump(b, max), want));
}

Deno.test("hexDump: the default bound is 256 lines (4 KiB)", () => {
  const lines = hexDump(new Uint8Array(1 << 20)).split("\n");
  assert.equal(lines.length, 257);
  assert.equal(lines.at(-1), `…${(1 << 20) - 4096} more bytes`);
});
