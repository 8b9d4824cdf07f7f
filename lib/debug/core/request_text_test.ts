/** One instance's strict UTF-8 decoder and bounded header-name memo. */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  canonicalHeader,
  NAME_MEMO_LENGTH,
  NAME_MEMO_MAX,
  RequestText,
} from "./request_text.ts";
import { createContext } from "./context.ts";

const enc = new TextEncoder();

const NAMES: [string, string, string][] = [
  ["ok/one word", "accept", "Accept"],
  ["ok/two words", "user-agent", "User-Agent"],
  [
    "ok/a digit, like any non-letter, starts a word",
    "x-b3-traceid",
    "X-B3-Traceid",
  ],
  ["ok/short", "dnt", "Dnt"],
  ["ok/already Title-Case", "Content-Type", "Content-Type"],
  ["ok/upper case lowered", "X-API-KEY", "X-Api-Key"],
  ["ok/underscore separates", "x_custom_h", "X_Custom_H"],
  ["ok/dot separates", "a.b", "A.B"],
];
for (const [name, header, want] of NAMES) {
  Deno.test(`canonicalHeader: ${name}`, () => {
    assert.equal(canonicalHeader(header), want);
  });
}

Deno.test("utf8: ok/strict decoding, a byte-order mark kept", () => {
  const t = new RequestText();
  assert.equal(t.utf8(enc.encode("é")), "é");
  assert.equal(t.utf8(new Uint8Array([0xc3])), null);
  assert.equal(t.utf8(new Uint8Array([0xed, 0xa0, 0x80])), null, "surrogate");
  assert.equal(t.utf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), "\ufeffa");
  assert.equal(t.utf8(new Uint8Array([0xef, 0xbb, 0xbf])), "\ufeff", "again");
});

Deno.test("utf8: ok/the shared decoder carries nothing from one call to the next", () => {
  const t = new RequestText();
  // The first half of "€" (e2 82 ac), then the rest: never joined.
  assert.equal(t.utf8(new Uint8Array([0xe2, 0x82])), null);
  assert.equal(t.utf8(new Uint8Array([0xac])), null);
  // After a failure the next valid body decodes as on a fresh decoder.
  assert.equal(t.utf8(enc.encode("€ ok")), "€ ok");
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), fc.string(), (junk, s) => {
      t.utf8(junk);
      assert.equal(
        t.utf8(enc.encode(s)),
        new RequestText().utf8(enc.encode(s)),
      );
    }),
    { numRuns: 300 },
  );
});

Deno.test("headerName: ok/the memo answers exactly canonicalHeader (property)", () => {
  const t = new RequestText();
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), (name) => {
      // Twice: the second answer may come from the memo.
      assert.equal(t.headerName(name), canonicalHeader(name));
      assert.equal(t.headerName(name), canonicalHeader(name));
    }),
    { numRuns: 500 },
  );
});

Deno.test("headerName: ok/bounded: at most NAME_MEMO_MAX names, none longer than NAME_MEMO_LENGTH", () => {
  const t = new RequestText();
  t.headerName("x".repeat(NAME_MEMO_LENGTH + 1));
  assert.equal(t.remembered, 0, "a long name is not kept");
  for (let i = 0; i < 10 * NAME_MEMO_MAX; i++) {
    assert.equal(t.headerName(`x-random-${i}`), `X-Random-${i}`);
  }
  assert.equal(t.remembered, NAME_MEMO_MAX);
  // Once full, new names are still answered, computed each time.
  assert.equal(t.headerName("content-type"), "Content-Type");
  assert.equal(t.remembered, NAME_MEMO_MAX);
});

Deno.test("headerName: ok/one memo per instance, none shared", () => {
  const a = createContext();
  const b = createContext();
  assert.notEqual(a.text, b.text);
  a.text.headerName("accept");
  assert.equal(a.text.remembered, 1);
  assert.equal(b.text.remembered, 0);
});
