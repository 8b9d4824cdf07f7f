/** Accept-Encoding read as RFC 9110 §12.5.3 says, and what is worth coding. */
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { codable, codingFor, compressible, encode } from "./compress.ts";

const CASES: [string, string | null, "br" | "gzip" | null][] = [
  ["ok/none asked", null, null],
  ["ok/empty", "", null],
  ["ok/a browser's list: brotli", "gzip, deflate, br, zstd", "br"],
  ["ok/gzip alone", "gzip", "gzip"],
  ["ok/x-gzip is gzip", "x-gzip", "gzip"],
  ["ok/a higher q wins", "br;q=0.4, gzip;q=0.8", "gzip"],
  ["ok/the same q: brotli", "gzip;q=0.5, br;q=0.5", "br"],
  ["ok/a wildcard takes any", "*", "br"],
  ["ok/a wildcard, brotli refused", "*, br;q=0", "gzip"],
  ["ok/case and spaces", " GZIP ; Q=1 ", "gzip"],
  ["bad/identity only", "identity", null],
  ["bad/both refused", "br;q=0, gzip;q=0.000", null],
  ["bad/a malformed q counts as refused", "br;q=2, gzip;q=abc", null],
  ["bad/unknown codings only", "compress, zstd", null],
];

for (const [name, accept, want] of CASES) {
  Deno.test(`compress codingFor: ${name}`, () => {
    assert.equal(codingFor(accept), want);
  });
}

Deno.test("compress: text types are coded, images and small bodies are not; the coded bytes decode to the body", () => {
  assert.ok(compressible("text/html; charset=utf-8"));
  assert.ok(compressible("text/javascript; charset=utf-8"));
  assert.ok(compressible("application/json"));
  assert.ok(compressible("image/svg+xml"));
  assert.ok(compressible("application/problem+json"));
  assert.ok(compressible("application/vnd.a+b+json"));
  assert.ok(compressible("application/atom+xml"));
  // Worth coding: compressible and at least a kilobyte.
  assert.ok(codable("text/css", 1024));
  assert.ok(!codable("text/css", 1023));
  assert.ok(!codable("image/png", 1 << 20));
  assert.ok(!compressible("image/png"));
  assert.ok(!compressible("application/octet-stream"));
  const body = new TextEncoder().encode("<p>hello</p>".repeat(500));
  assert.deepEqual(
    new Uint8Array(brotliDecompressSync(encode(body, "br"))),
    body,
  );
  assert.deepEqual(new Uint8Array(gunzipSync(encode(body, "gzip"))), body);
});
