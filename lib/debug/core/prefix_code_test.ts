/**
 * Prefix codes: lengths within the limit and complete (Kraft's sum is 1),
 * shorter for more frequent symbols, and canonical codes that are a prefix
 * code.
 */
import assert from "node:assert/strict";
import { PrefixCoder, reverseBits } from "./prefix_code.ts";

function build(counts: number[], maxBits: number) {
  const size = counts.length;
  const c = Uint32Array.from(counts);
  const symbols = Int32Array.from(
    counts.flatMap((n, s) => n > 0 ? [s] : []),
  );
  const lengths = new Uint8Array(size);
  const codes = new Uint16Array(size);
  const coder = new PrefixCoder(size);
  coder.lengths(c, symbols, symbols.length, maxBits, lengths);
  coder.codes(lengths, symbols, symbols.length, codes);
  return { lengths, codes, symbols };
}

function kraft(lengths: Uint8Array): number {
  let sum = 0;
  for (const l of lengths) if (l) sum += 2 ** -l;
  return sum;
}

const CASES: [string, number[], number][] = [
  ["two symbols", [5, 0, 9], 15],
  ["equal counts", Array(8).fill(3), 15],
  ["JSON-like", [40, 1, 7, 7, 22, 3, 3, 90, 15, 2, 2, 2, 60], 15],
  // Fibonacci counts make an unlimited tree as deep as there are symbols.
  ["Fibonacci, limited to 15", fib(30), 15],
  ["Fibonacci, limited to 5 (a code-length code)", fib(18), 5],
  ["704 symbols, all used", Array.from({ length: 704 }, (_, i) => i + 1), 15],
];

function fib(n: number): number[] {
  const f = [1, 1];
  while (f.length < n) f.push(f.at(-1)! + f.at(-2)!);
  return f;
}

for (const [name, counts, maxBits] of CASES) {
  Deno.test(`prefix code: ok/${name}: complete, within ${maxBits} bits`, () => {
    const { lengths, codes, symbols } = build(counts, maxBits);
    assert.equal(kraft(lengths), 1);
    for (const s of symbols) {
      assert.ok(lengths[s] >= 1 && lengths[s] <= maxBits, `symbol ${s}`);
    }
    // A more frequent symbol never has a longer code.
    for (const a of symbols) {
      for (const b of symbols) {
        if (counts[a] > counts[b]) assert.ok(lengths[a] <= lengths[b]);
      }
    }
    // No code is a prefix of another (codes are stored bit-reversed).
    const words = [...symbols].map((s) =>
      reverseBits(codes[s], lengths[s]).toString(2).padStart(lengths[s], "0")
    );
    for (const a of words) {
      for (const b of words) {
        if (a !== b) assert.ok(!b.startsWith(a), `${a} prefixes ${b}`);
      }
    }
  });
}

Deno.test("prefix code: ok/canonical: same length in symbol order, shorter first", () => {
  // RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give
  // F=00, A=010 ... E=110, G=1110, H=1111.
  const lengths = Uint8Array.from([3, 3, 3, 3, 3, 2, 4, 4]);
  const codes = new Uint16Array(8);
  const symbols = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
  new PrefixCoder(8).codes(lengths, symbols, 8, codes);
  const words = [...symbols].map((s) =>
    reverseBits(codes[s], lengths[s]).toString(2).padStart(lengths[s], "0")
  );
  assert.deepEqual(words, [
    "010",
    "011",
    "100",
    "101",
    "110",
    "00",
    "1110",
    "1111",
  ]);
});
