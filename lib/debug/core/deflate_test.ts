/**
 * The DEFLATE writer: every output decodes (node:zlib and the web's
 * DecompressionStream) to exactly its input, the framing is RFC 1950/1952's,
 * and no call's output depends on an earlier call.
 */
import assert from "node:assert/strict";
import { crc32 as nodeCrc32, gunzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { adler32, crc32, DeflateWriter } from "./deflate.ts";
import { WINDOW } from "./lz77.ts";
import {
  inputs,
  noise,
  repeatEvery,
  viaStream,
} from "../../../tests/helpers/compress_inputs.ts";

const enc = new TextEncoder();

function roundTrip(w: DeflateWriter, data: Uint8Array): void {
  assert.deepEqual(new Uint8Array(gunzipSync(w.gzip(data))), data, "gzip");
  assert.deepEqual(new Uint8Array(inflateSync(w.zlib(data))), data, "zlib");
}

const EDGES: [string, Uint8Array][] = [
  ["empty", new Uint8Array(0)],
  ["one byte", enc.encode("a")],
  ["two bytes", enc.encode("ab")],
  ["three bytes", enc.encode("abc")],
  ["a short repeat", enc.encode("abcabcabcabc")],
  ["a run of 258 (the longest match)", new Uint8Array(258).fill(7)],
  ["a run of 259", new Uint8Array(259).fill(7)],
  ["5 kB of zeros", new Uint8Array(5000)],
  ["a period of exactly the window", repeatEvery(WINDOW, 4096)],
  ["a period one past the window", repeatEvery(WINDOW + 1, 4096)],
  ["9-bit literals only", noise(4000, 112, 144)],
  ["every byte value", Uint8Array.from({ length: 256 }, (_, i) => i)],
  [
    "/gzip's body with long headers",
    enc.encode(JSON.stringify({
      gzipped: true,
      method: "GET",
      headers: { a: "x".repeat(900), cookie: "k=v; ".repeat(300) },
    })),
  ],
];

for (const [name, data] of EDGES) {
  Deno.test(`deflate: ok/${name} round-trips through zlib`, () => {
    roundTrip(new DeflateWriter(), data);
  });
}

const INPUTS = inputs("gzipped");

Deno.test("deflate: ok/any input round-trips (property)", () => {
  const w = new DeflateWriter();
  fc.assert(fc.property(INPUTS, (data) => roundTrip(w, data)), {
    numRuns: 300,
  });
});

Deno.test("deflate: ok/the output depends on the input alone, never on an earlier call (property)", () => {
  const w = new DeflateWriter();
  fc.assert(
    fc.property(INPUTS, INPUTS, (earlier, data) => {
      w.gzip(earlier);
      const fresh = new DeflateWriter();
      assert.deepEqual(w.gzip(data), fresh.gzip(data));
      w.zlib(earlier);
      assert.deepEqual(w.zlib(data), fresh.zlib(data));
    }),
    { numRuns: 200 },
  );
});

Deno.test("deflate: ok/the same body twice is the same bytes (no match into the last request)", () => {
  const w = new DeflateWriter();
  const text = enc.encode('{"gzipped":true,"method":"GET"}');
  const first = w.gzip(text);
  const second = w.gzip(text);
  assert.deepEqual(second, first);
  assert.deepEqual(new Uint8Array(gunzipSync(second)), text);
});

Deno.test("deflate: ok/crossing the stamp limit clears the tables, output unchanged", () => {
  const body = enc.encode(
    JSON.stringify({ deflated: true, n: "ab".repeat(40) }),
  );
  // Starts 1,000 stamps below the limit: the tenth call or so crosses it.
  const w = new DeflateWriter(0x7fffffff - 1000);
  const fresh = new DeflateWriter();
  const want = fresh.zlib(body);
  for (let i = 0; i < 30; i++) {
    assert.deepEqual(w.zlib(body), want, `call ${i}`);
  }
});

Deno.test("deflate: ok/framing: gzip and zlib headers, one final fixed-Huffman block", () => {
  const data = enc.encode("hello hello hello");
  const gz = new DeflateWriter().gzip(data);
  // RFC 1952 §2.3.1: ID1 ID2 CM FLG MTIME(4) XFL OS.
  assert.deepEqual([...gz.subarray(0, 10)], [31, 139, 8, 0, 0, 0, 0, 0, 4, 3]);
  assert.equal(gz[10] & 0b111, 0b011, "BFINAL 1, BTYPE 01 (RFC 1951 §3.2.3)");
  const z = new DeflateWriter().zlib(data);
  // RFC 1950 §2.2: CM 8, CINFO 7 (32 KiB window), FCHECK: `78 01`, the
  // bytes axios looks for (any other first byte it reads as raw deflate).
  assert.deepEqual([z[0], z[1]], [0x78, 0x01]);
  assert.equal((z[0] * 256 + z[1]) % 31, 0);
  assert.equal(z[2] & 0b111, 0b011);
  // axios 1.x: a first byte other than 0x78 gets `78 9c` put before it.
  const axiosView = z[0] === 0x78 ? z : Uint8Array.of(0x78, 0x9c, ...z);
  assert.deepEqual(new Uint8Array(inflateSync(axiosView)), data);
});

Deno.test("deflate: ok/browsers' DecompressionStream decodes both formats", async () => {
  const w = new DeflateWriter();
  for (const [, data] of EDGES) {
    assert.deepEqual(await viaStream(w.gzip(data), "gzip"), data);
    assert.deepEqual(await viaStream(w.zlib(data), "deflate"), data);
  }
});

Deno.test("deflate: ok/checksums match zlib's", () => {
  for (const s of ["", "a", "hello world", "x".repeat(6000)]) {
    const b = enc.encode(s);
    assert.equal(crc32(b), nodeCrc32(b) >>> 0);
  }
  // RFC 1950's checksum of "Wikipedia", a common reference value.
  assert.equal(adler32(enc.encode("Wikipedia")), 0x11e60398);
  assert.equal(adler32(new Uint8Array(0)), 1);
  const big = new Uint8Array(20_000).fill(255);
  const z = inflateSync(new DeflateWriter().zlib(big)); // checks Adler-32
  assert.equal(z.length, big.length);
});

Deno.test("deflate: ok/repetitive JSON shrinks as with zlib level 1 (matches are used)", () => {
  const data = enc.encode(JSON.stringify({
    headers: { accept: "*/*", "accept-encoding": "gzip, deflate, br" },
    list: Array.from({ length: 20 }, (_, i) => ({ id: i, name: "item" })),
  }));
  assert.ok(new DeflateWriter().gzip(data).length < data.length * 0.6);
});
