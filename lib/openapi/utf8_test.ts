/** decodeText reads bytes exactly as decodeSpecBytes (TextDecoder) does. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeSpecBytes } from "./decode.ts";
import { decodeText } from "./utf8.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("utf8: ok/ASCII with a few other characters, as TextDecoder reads it", () => {
  for (
    const s of [
      "",
      "a",
      '{"a":"won’t"}',
      "é",
      "x".repeat(1000) + "’" + "y".repeat(7) + "😀" + "z",
      '\ufeff{"bom":1}',
      "a\ufeffb",
    ]
  ) {
    const bytes = enc(s);
    assert.equal(decodeText(bytes), decodeSpecBytes(bytes), JSON.stringify(s));
  }
});

Deno.test("utf8: bad/invalid and cut sequences become U+FFFD as TextDecoder does", () => {
  for (
    const bytes of [
      [0xc3],
      [0x61, 0xc3, 0x61],
      [0xe2, 0x80, 0x61, 0x62],
      [0xff, 0xfe, 0x61, 0x00], // a UTF-16LE byte order mark
      [0xfe, 0xff, 0x00, 0x61],
      [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61], // a BOM, then U+FEFF
      [0xed, 0xa0, 0x80, 0x61], // a surrogate
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
      [0x80, 0x80, 0x80, 0x80, 0x61, 0x62, 0x63, 0x64, 0xc0],
    ]
  ) {
    const u = new Uint8Array(bytes);
    assert.equal(decodeText(u), decodeSpecBytes(u), JSON.stringify(bytes));
  }
});

Deno.test("utf8: ok/any bytes, any offset: the same text as TextDecoder", () => {
  // Mostly ASCII, with runs of high bytes and whole characters mixed in.
  const piece = fc.oneof(
    fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map(enc),
    fc.string({ unit: "grapheme", maxLength: 6 }).map(enc),
    fc.uint8Array({ min: 0x80, max: 0xff, maxLength: 5 }),
    fc.uint8Array({ maxLength: 9 }),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(3), (ps, pad) => {
      const total = ps.reduce((n, p) => n + p.length, 0);
      const buf = new Uint8Array(total + pad);
      let at = pad;
      for (const p of ps) {
        buf.set(p, at);
        at += p.length;
      }
      const view = buf.subarray(pad); // unaligned views too
      assert.equal(decodeText(view), decodeSpecBytes(view));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("utf8: ok/text that is not mostly ASCII is decoded whole past the run limit", () => {
  const s = "a é ".repeat(10_000) + "end";
  const bytes = enc(s);
  assert.equal(decodeText(bytes), s);
});
