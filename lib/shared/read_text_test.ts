import assert from "node:assert/strict";
import { crc32 } from "../debug/core/deflate.ts";
import { concatBytes } from "./bytes.ts";
import {
  encodingWarning,
  firstInvalidUtf8,
  gzipMembers,
  MAX_GZIP_FALSE_ENDS,
  MAX_GZIP_MEMBERS,
  MAX_GZIP_PADDING,
  MAX_UNPACKED_BYTES,
  packingOf,
  readFileText,
  UnpackError,
  UnpackLimitError,
} from "./read_text.ts";

const enc = new TextEncoder();

Deno.test("read: the first invalid UTF-8 byte, -1 when valid", () => {
  assert.equal(firstInvalidUtf8(enc.encode("plain é 😀")), -1);
  assert.equal(firstInvalidUtf8(new Uint8Array([0x61, 0xff, 0x62])), 1);
  assert.equal(firstInvalidUtf8(new Uint8Array([0x61, 0xc3])), 1); // cut short
  assert.equal(firstInvalidUtf8(new Uint8Array([0xc0, 0x80])), 0); // overlong
});

Deno.test("read: a file is read as text, progress reported, BOM dropped", async () => {
  const seen: number[] = [];
  const r = await readFileText(
    new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), enc.encode('{"log":1}')]),
    (done) => seen.push(done),
  );
  assert.equal(r.text.replace(/^\ufeff/, ""), '{"log":1}');
  assert.equal(encodingWarning(r), null);
});

Deno.test("read: bad bytes are named by line and column, in a packed file as in a plain one", async () => {
  const bytes = new Uint8Array([...enc.encode("{\n  "), 0xff, 0x7d]);
  const gz = async (b: Uint8Array) =>
    new Uint8Array(await (await packed(b, "gzip")).arrayBuffer());
  const cases: [string, BlobPart[], RegExp | null][] = [
    ["plain", [bytes], null],
    ["gzip", [await gz(bytes)], /gzip-compressed/],
    ["zlib", [await packed(bytes, "deflate")], /zlib-compressed/],
    [
      "gzip, two members",
      [await gz(bytes.subarray(0, 3)), await gz(bytes.subarray(3))],
      /gzip-compressed/,
    ],
  ];
  for (const [name, parts, packing] of cases) {
    const r = await readFileText(new Blob(parts));
    assert.deepEqual(r.invalid, { line: 2, column: 3, byte: 4 }, name);
    assert.match(encodingWarning(r) ?? "", /line 2, column 3/, name);
    if (packing) assert.match(encodingWarning(r) ?? "", packing, name);
  }
});

async function packed(
  text: string | Uint8Array,
  format: "gzip" | "deflate",
): Promise<Blob> {
  const stream = new Blob([text as BlobPart]).stream().pipeThrough(
    new CompressionStream(format),
  );
  return new Blob([await new Response(stream).arrayBuffer()]);
}

Deno.test("read: a gzip or zlib file (.har.gz, mitmproxy's .zhar) is unpacked and read, and says so", async () => {
  const text = '{"log": {"entries": []}, "é": "ü"}';
  for (const format of ["gzip", "deflate"] as const) {
    const r = await readFileText(await packed(text, format));
    assert.equal(r.text, text, format);
    assert.equal(r.packed, format);
    assert.match(encodingWarning(r) ?? "", /compressed: it was unpacked/);
  }
  // Plain JSON and YAML start with no such header.
  for (const plain of ["{}", "[]", "openapi: 3.1.0", "x"]) {
    assert.equal(packingOf(new TextEncoder().encode(plain)), null, plain);
  }
});

/** `text` in UTF-16 with its byte order mark, as Windows tools write it. */
function utf16(text: string, order: "le" | "be"): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const dv = new DataView(out.buffer);
  dv.setUint16(0, 0xfeff, order === "le");
  for (let i = 0; i < text.length; i++) {
    dv.setUint16(2 + i * 2, text.charCodeAt(i), order === "le");
  }
  return out;
}

Deno.test("read: a packed UTF-16 file is read by the byte order mark it holds once unpacked, as a plain one is", async () => {
  const text = '{"log": {"entries": []}, "é": "😀"}';
  for (const order of ["le", "be"] as const) {
    const bytes = utf16(text, order);
    const plain = await readFileText(new Blob([bytes as BlobPart]));
    assert.equal(plain.text, text, `plain ${order}`);
    for (const format of ["gzip", "deflate"] as const) {
      const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
        new CompressionStream(format),
      );
      const r = await readFileText(
        new Blob([await new Response(stream).arrayBuffer()]),
      );
      assert.equal(r.text, text, `${format} ${order}`);
      assert.equal(r.encoding, plain.encoding);
    }
  }
});

/**
 * One gzip member holding `data` in stored blocks (RFC 1951 §3.2.4), so
 * its bytes are in the file as they are: a member's packed bytes may hold
 * what looks like the next member's header.
 */
function storedMember(data: Uint8Array): Uint8Array {
  const BLOCK = 65_535;
  const blocks = Math.max(1, Math.ceil(data.length / BLOCK));
  const out = new Uint8Array(10 + 5 * blocks + data.length + 8);
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  let at = 10;
  for (let k = 0; k < blocks; k++) {
    const part = data.subarray(k * BLOCK, (k + 1) * BLOCK);
    const n = part.length;
    const last = k === blocks - 1 ? 1 : 0;
    out.set([last, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff], at);
    out.set(part, at + 5);
    at += 5 + n;
  }
  const dv = new DataView(out.buffer);
  dv.setUint32(at, crc32(data), true);
  dv.setUint32(at + 4, data.length, true);
  return out;
}

/** Bytes that fill `n`, then `copies` gzip headers one after another. */
function spacesThenHeaders(n: number, copies: number): Uint8Array {
  const out = new Uint8Array(n + 4 * copies).fill(0x20);
  for (let i = 0; i < copies; i++) out.set([0x1f, 0x8b, 8, 0], n + 4 * i);
  return out;
}

/** Bytes that start as a gzip member does, inside other bytes. */
const FAKE_HEADER = new Uint8Array([0x78, 0x1f, 0x8b, 8, 0, 0x79]);

Deno.test("read: several gzip members one after another (cat a.gz b.gz, RFC 1952 §2.2) are read as one file", async () => {
  const gz = async (t: string) =>
    new Uint8Array(await (await packed(t, "gzip")).arrayBuffer());
  const cases: [string, Uint8Array[], string][] = [
    [
      "two members",
      [await gz('{"log": '), await gz('{"entries": []}}')],
      '{"log": {"entries": []}}',
    ],
    [
      "an empty member between",
      [await gz("a"), await gz(""), await gz("b")],
      "ab",
    ],
    [
      "a member whose bytes hold a gzip header",
      [storedMember(FAKE_HEADER), await gz("z")],
      "x\x1f\ufffd\x08\x00yz",
    ],
    [
      // Every member said as it is read (a page stops a silent worker).
      "fifty members",
      await Promise.all(Array.from({ length: 50 }, (_, i) => gz(`${i},`))),
      Array.from({ length: 50 }, (_, i) => `${i},`).join(""),
    ],
    [
      // A place whose ISIZE is less than a try before it unpacked is no
      // end, and is passed untried (not counted as a false end).
      "a member ending in more gzip headers than false ends allowed",
      [
        storedMember(spacesThenHeaders(600_000, MAX_GZIP_FALSE_ENDS + 4)),
        await gz("z"),
      ],
      " ".repeat(600_000) +
      "\x1f\ufffd\x08\x00".repeat(MAX_GZIP_FALSE_ENDS + 4) + "z",
    ],
  ];
  for (const [name, members, text] of cases) {
    // One part, as a picked file is: the first read may take it whole.
    const file = new Blob([concatBytes(members)] as BlobPart[]);
    // Read twice (as one stream, then member by member), the progress
    // goes on from where it was, never back.
    const said: number[] = [];
    const r = await readFileText(file, (done) => said.push(done));
    assert.equal(r.text, text, name);
    assert.equal(r.packed, "gzip", name);
    assert.deepEqual(said, [...said].sort((a, b) => a - b), name);
    assert.equal(said.at(-1), file.size, name);
    assert.ok(said.length >= members.length, `${name}: ${said.length} said`);
  }
  // Past the bound on places tried as a member's end, the file is refused.
  // (the first is within the fewest bytes a member takes: not tried).
  const many = new Uint8Array(FAKE_HEADER.length * (MAX_GZIP_FALSE_ENDS + 2));
  for (let i = 0; i < MAX_GZIP_FALSE_ENDS + 2; i++) {
    many.set(FAKE_HEADER, i * FAKE_HEADER.length);
  }
  const z = await gz("z");
  await assert.rejects(
    () => readFileText(new Blob([storedMember(many), z] as BlobPart[])),
    UnpackError,
  );
  // A member cut short, after a whole one, is damage said as such.
  const cut = await gz('{"log": {"entries": []}}');
  await assert.rejects(
    () =>
      readFileText(
        new Blob([cut, cut.slice(0, cut.length - 6)] as BlobPart[]),
      ),
    (e: Error) =>
      e instanceof UnpackError && /cut short or damaged/.test(e.message),
  );
});

Deno.test("read: zeros after the last gzip member (tar's padding) are read past, as gzip(1) does; other bytes after it are refused", async () => {
  const gz = async (t: string) =>
    new Uint8Array(await (await packed(t, "gzip")).arrayBuffer());
  const zeros = (n: number) => new Uint8Array(n);
  const json = '{"log": {"entries": []}}';
  // ISIZE 256 and 65,536 (RFC 1952 §2.3.1) end in zero bytes of their own.
  const k256 = "a".repeat(256);
  const k64 = "b".repeat(65_536);
  const cases: [string, Uint8Array[], string | null][] = [
    [
      "ok/one member, tar's 10,240-byte record",
      [await gz(json), zeros(10_240)],
      json,
    ],
    ["ok/one zero", [await gz(json), zeros(1)], json],
    ["ok/two members", [
      await gz('{"log": '),
      await gz('{"entries": []}}'),
      zeros(512),
    ], json],
    [
      "ok/a member ending in two zeros of its own",
      [await gz(k256), zeros(100)],
      k256,
    ],
    ["ok/a member ending in a zero of its own", [await gz(k64), zeros(3)], k64],
    [
      "ok/an empty member last",
      [await gz(json), await gz(""), zeros(700)],
      json,
    ],
    [
      "ok/padding near the bound",
      [await gz(json), zeros(MAX_GZIP_PADDING - 8)],
      json,
    ],
    ["bad/a byte after the zeros", [
      await gz(json),
      zeros(100),
      new Uint8Array([1]),
    ], null],
    ["bad/a byte before the zeros", [
      await gz(json),
      new Uint8Array([7]),
      zeros(100),
    ], null],
    ["bad/text after the member", [await gz(json), enc.encode("\n")], null],
    [
      "bad/zeros past the bound",
      [await gz(json), zeros(MAX_GZIP_PADDING + 1)],
      null,
    ],
    ["bad/a member cut short, then zeros", [
      (await gz(json)).slice(0, -4),
      zeros(10_240),
    ], null],
  ];
  for (const [name, parts, text] of cases) {
    const file = new Blob(parts as BlobPart[]);
    if (text === null) {
      await assert.rejects(() => readFileText(file), UnpackError, name);
      continue;
    }
    const said: number[] = [];
    const r = await readFileText(file, (done) => said.push(done));
    assert.equal(r.text, text, name);
    assert.equal(r.packed, "gzip", name);
    // The padding is read, not unpacked: the progress still ends at 100%.
    assert.equal(said.at(-1), file.size, name);
  }
});

Deno.test("read: bad/a file that unpacks past the limit stops there, saying so", async () => {
  const bomb = await packed("a".repeat(1_000_000), "gzip");
  assert.ok(bomb.size < 5_000);
  await assert.rejects(
    () => readFileText(bomb, undefined, 100_000),
    UnpackLimitError,
  );
});

Deno.test("read: bad/gzip members are read up to the limit on what they unpack to together, not each alone", async () => {
  // Each member alone under the limit: finding the members had unpacked
  // them all (a few hundred, gigabytes) before the read refused the sum.
  const member = new Uint8Array(
    await (await packed("a".repeat(60_000), "gzip")).arrayBuffer(),
  );
  const file = new Blob(Array(5).fill(member) as BlobPart[]);
  assert.deepEqual(
    await gzipMembers(file, 300_000),
    [1, 2, 3, 4, 5].map((k) => k * member.length),
  );
  await assert.rejects(() => gzipMembers(file, 100_000), UnpackLimitError);
  // Many members, each a stream of its own, are no file to read so.
  assert.deepEqual(
    await gzipMembers(file, 300_000, 5),
    [
      1,
      2,
      3,
      4,
      5,
    ].map((k) => k * member.length),
  );
  assert.equal(await gzipMembers(file, 300_000, 4), null);
  assert.ok(MAX_GZIP_MEMBERS * 64 * 1024 >= MAX_UNPACKED_BYTES, "bgzip's");
  await assert.rejects(
    () => readFileText(file, undefined, 100_000),
    UnpackLimitError,
  );
});

Deno.test("read: bad/places tried as a member's end unpack no more than the limit in all, not its prefix once per place", async () => {
  // Each place holds an ISIZE that could be the member's (its true size),
  // so each is tried: a try unpacks the member up to it again.
  const data = new Uint8Array(60_000).fill(0x20);
  for (let k = 1; k <= MAX_GZIP_FALSE_ENDS; k++) {
    new DataView(data.buffer).setUint32(3_000 * k - 4, data.length, true);
    data.set([0x1f, 0x8b, 8, 0], 3_000 * k);
  }
  const z = new Uint8Array(await (await packed("z", "gzip")).arrayBuffer());
  const file = new Blob([storedMember(data), z] as BlobPart[]);
  // 3,000 + 6,000 + ... bytes unpacked in vain pass 100,000 at the 8th.
  await assert.rejects(() => gzipMembers(file, 100_000), UnpackLimitError);
  await assert.rejects(
    () => readFileText(file, undefined, 100_000),
    UnpackLimitError,
  );
});

Deno.test("read: the unpacked limit stops before V8's longest string would (which read as a corrupt file)", () => {
  // V8's String::kMaxLength on 64-bit machines: 2^29 - 24 UTF-16 units.
  assert.ok(MAX_UNPACKED_BYTES < 2 ** 29 - 24);
  assert.throws(() => "a".repeat(2 ** 29 - 23), RangeError);
});

Deno.test("read: bad/a file that looks packed but does not unpack: plain text read as it is, a cut-off gzip said so", async () => {
  // `x^` and `hb` start a zlib stream as well as a word.
  for (const text of ["x^2 + y^2", "hb: 1\n"]) {
    const r = await readFileText(new Blob([text]));
    assert.equal(r.text, text);
    assert.equal(r.packed, null);
  }
  assert.equal(packingOf(new TextEncoder().encode("hello")), null);
  assert.equal(packingOf(new TextEncoder().encode("Hi")), null);
  const whole = new Uint8Array(
    await (await packed('{"log": {"entries": []}}', "gzip")).arrayBuffer(),
  );
  await assert.rejects(
    () => readFileText(new Blob([whole.slice(0, whole.length - 6)])),
    UnpackError,
  );
  // After a member read whole, the one that broke is named where it
  // starts (the first member's reader said "junk after the end").
  const at = whole.length.toLocaleString("en-US");
  await assert.rejects(
    () => readFileText(new Blob([whole, whole.slice(0, -6)])),
    new RegExp(`its gzip member 2, from byte ${at}, is cut short or damaged`),
  );
});
