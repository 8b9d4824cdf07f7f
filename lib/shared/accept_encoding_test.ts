/** Accept-Encoding read as RFC 9110 §12.5.3 writes it. */
import assert from "node:assert/strict";
import { codingWeights } from "./accept_encoding.ts";

const CASES: [string, string, [string, number][]][] = [
  ["ok/a browser's list", "gzip, deflate, br", [["gzip", 1], ["deflate", 1], [
    "br",
    1,
  ]]],
  ["ok/q-values, spaced and upper case", "BR ; Q=0.5, gzip;q=1.000", [[
    "br",
    0.5,
  ], ["gzip", 1]]],
  ["ok/x-gzip is gzip", "x-gzip", [["gzip", 1]]],
  ["ok/identity and the wildcard", "identity, *;q=0", [["identity", 1], [
    "*",
    0,
  ]]],
  ["bad/a malformed q refuses", "br;q=2, gzip;q=abc, zstd;q=", [["br", 0], [
    "gzip",
    0,
  ], ["zstd", 0]]],
  ["bad/empty", "", []],
];

for (const [name, field, want] of CASES) {
  Deno.test(`accept-encoding: ${name}`, () => {
    assert.deepEqual([...codingWeights(field)], want);
  });
}

Deno.test("accept-encoding: bad/a hostile field is read up to its bound", () => {
  const field = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(", ");
  assert.equal(codingWeights(field).size, 32);
});
