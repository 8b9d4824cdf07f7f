/**
 * The brotli writer: every output decodes (node:zlib and the web's
 * DecompressionStream; curl's libbrotli in tests/http/debug_compress_test.ts)
 * to exactly its input, in one meta-block or several, and no call's output
 * depends on an earlier call.
 */
import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import fc from "fast-check";
import { BrotliWriter, zeroRun } from "./brotli.ts";
import { WINDOW } from "./lz77.ts";
import {
  inputs,
  noise,
  repeatEvery,
  viaStream,
} from "../../../tests/helpers/compress_inputs.ts";

const enc = new TextEncoder();

function roundTrip(w: BrotliWriter, data: Uint8Array): void {
  const out = w.compress(data);
  assert.deepEqual(new Uint8Array(brotliDecompressSync(out)), data);
}

const EDGES: [string, Uint8Array][] = [
  ["empty", new Uint8Array(0)],
  ["one byte", enc.encode("a")],
  // Two literals of one length: a code-length code of one symbol (§3.5).
  ["two bytes", new Uint8Array([0, 1])],
  // 256 literals of one length 8: a code-length code of one symbol too.
  ["every byte value", Uint8Array.from({ length: 256 }, (_, i) => i)],
  ["a short repeat", enc.encode("abcabcabcabc")],
  ["a match ending the input", enc.encode("hello hello")],
  ["a run of 258 (the longest match)", new Uint8Array(258).fill(7)],
  ["a run of 259", new Uint8Array(259).fill(7)],
  ["5 kB of zeros", new Uint8Array(5000)],
  ["a period of exactly the window", repeatEvery(WINDOW, 4096)],
  ["a period one past the window", repeatEvery(WINDOW + 1, 4096)],
  ["literals of skewed counts (long codes)", skewed()],
  ["noise, no matches", noise(3000)],
  // MLEN - 1 past 16 bits: five nibbles (§9.2).
  ["70 kB of noise", noise(70_000, 64)],
  [
    "/brotli's body with long headers",
    enc.encode(JSON.stringify({
      brotli: true,
      method: "GET",
      headers: { a: "x".repeat(900), cookie: "k=v; ".repeat(300) },
    })),
  ],
];

/**
 * Byte i repeated about 1.6^i times: without a limit the literal code
 * would be over 15 bits deep, which the format forbids (§3.5).
 */
function skewed(): Uint8Array {
  const out: number[] = [];
  for (let i = 0, n = 1; i < 24; i++, n = Math.ceil(n * 1.6)) {
    for (let k = 0; k < n; k++) out.push(i * 10);
  }
  // Shuffled, so runs do not turn into copies.
  const a = Uint8Array.from(out);
  const r = noise(a.length, 1 << 16, 0, 7);
  for (let i = a.length - 1; i > 0; i--) {
    const j = r[i] % (i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

for (const [name, data] of EDGES) {
  Deno.test(`brotli: ok/${name} round-trips through node:zlib`, () => {
    roundTrip(new BrotliWriter(), data);
  });
}

Deno.test("brotli: ok/several meta-blocks (ISLAST 0, ISUNCOMPRESSED 0) round-trip", () => {
  for (const [, data] of EDGES) {
    roundTrip(new BrotliWriter(1, 1000), data);
    roundTrip(new BrotliWriter(1, 1), data);
  }
});

const INPUTS = inputs("brotli");

Deno.test("brotli: ok/any input round-trips (property)", () => {
  const w = new BrotliWriter();
  const blocks = new BrotliWriter(1, 257);
  fc.assert(
    fc.property(INPUTS, (data) => {
      roundTrip(w, data);
      roundTrip(blocks, data);
    }),
    { numRuns: 300 },
  );
});

Deno.test("brotli: ok/the output depends on the input alone, never on an earlier call (property)", () => {
  const w = new BrotliWriter();
  fc.assert(
    fc.property(INPUTS, INPUTS, (earlier, data) => {
      w.compress(earlier);
      assert.deepEqual(w.compress(data), new BrotliWriter().compress(data));
    }),
    { numRuns: 200 },
  );
});

Deno.test("brotli: ok/crossing the stamp limit clears the tables, output unchanged", () => {
  const body = enc.encode(JSON.stringify({ brotli: true, n: "ab".repeat(40) }));
  const w = new BrotliWriter(0x7fffffff - 1000);
  const want = new BrotliWriter().compress(body);
  for (let i = 0; i < 30; i++) {
    assert.deepEqual(w.compress(body), want, `call ${i}`);
  }
});

Deno.test("brotli: ok/framing: WBITS 16, an empty stream, ISLAST on the last block", () => {
  // §9.1: a first bit 0 is WBITS 16; then ISLAST 1, ISLASTEMPTY 1.
  assert.deepEqual([...new BrotliWriter().compress(new Uint8Array(0))], [6]);
  const one = new BrotliWriter().compress(enc.encode("hello hello hello"));
  assert.equal(one[0] & 0b111, 0b010, "WBITS 16, ISLAST 1, ISLASTEMPTY 0");
  // Distances reach the window at most, far inside WBITS 16's 65,520.
  assert.ok(WINDOW <= (1 << 16) - 16);
});

Deno.test("brotli: ok/browsers' DecompressionStream decodes it", async () => {
  const w = new BrotliWriter();
  for (const [, data] of EDGES) {
    assert.deepEqual(await viaStream(w.compress(data), "brotli"), data);
  }
});

Deno.test("brotli: ok/repetitive JSON shrinks (copies and short codes are used)", () => {
  const data = enc.encode(JSON.stringify({
    headers: { accept: "*/*", "accept-encoding": "gzip, deflate, br" },
    list: Array.from({ length: 20 }, (_, i) => ({ id: i, name: "item" })),
  }));
  assert.ok(new BrotliWriter().compress(data).length < data.length * 0.5);
});

/** The zeros a run of code-length symbols stands for, read as §3.5 says. */
function zerosOf(seq: Uint8Array, m: number): number {
  let zeros = 0;
  let repeat = 0;
  for (let i = 0; i < m; i += 2) {
    if (seq[i] === 0) {
      repeat = 0;
      zeros++;
      continue;
    }
    assert.equal(seq[i], 17);
    const old = repeat;
    if (repeat > 0) repeat = (repeat - 2) << 3;
    repeat += seq[i + 1] + 3;
    zeros += repeat - old;
    assert.ok(seq[i + 1] < 8, "three extra bits");
  }
  return zeros;
}

Deno.test("brotli: ok/zero runs of every length 0..5000 are coded exactly", () => {
  const seq = new Uint8Array(64);
  for (let run = 0; run <= 5000; run++) {
    const m = zeroRun(seq, 0, run);
    assert.equal(zerosOf(seq, m), run, `run ${run}`);
  }
});
