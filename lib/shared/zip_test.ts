/**
 * The ZIP reader on an archive Python's zipfile wrote (an independent
 * writer: deflated and stored entries), and on archives broken byte by
 * byte.
 */
import assert from "node:assert/strict";
import { isZip, zipEntries, zipEntryBytes, ZipError } from "./zip.ts";
import { buildZip, type ZipLocal } from "../../tests/helpers/zip_build.ts";

const FIXTURE = Deno.readFileSync(
  new URL("../../tests/fixtures/har/exporter-playwright.zip", import.meta.url),
);
const blob = (b: Uint8Array) => new Blob([b as BlobPart]);

/**
 * The same files as {@link FIXTURE}, as Python's zipfile writes them in
 * ZIP64 form (ZIP64 extra fields, end record and locator):
 *
 *   zipfile.ZIP64_LIMIT = zipfile.ZIP_FILECOUNT_LIMIT = 0
 *   with zipfile.ZipFile(path, "w") as out:
 *       for info in src.infolist():  # compress_type kept
 *           with out.open(zi, "w", force_zip64=True) as f: f.write(...)
 */
const ZIP64 = Deno.readFileSync(
  new URL(
    "../../tests/fixtures/har/exporter-playwright-zip64.zip",
    import.meta.url,
  ),
);

/** ZIP64 bytes with the plain end record's fields all ones, as yazl writes them. */
function allOnes(b: Uint8Array): Uint8Array {
  const out = b.slice();
  const dv = new DataView(out.buffer);
  const end = out.length - 22;
  dv.setUint16(end + 8, 0xffff, true);
  dv.setUint16(end + 10, 0xffff, true);
  dv.setUint32(end + 12, 0xffffffff, true);
  dv.setUint32(end + 16, 0xffffffff, true);
  return out;
}

const ZIP64_OK: [string, Uint8Array][] = [
  ["ZIP64 extra fields, end record as Python writes it", ZIP64],
  [
    "ZIP64 end record named by all-ones fields (yazl, Playwright's)",
    allOnes(ZIP64),
  ],
];
for (const [name, bytes] of ZIP64_OK) {
  Deno.test(`zip: ok/${name}: the same files and bytes`, async () => {
    const plain = await zipEntries(blob(FIXTURE));
    const list = await zipEntries(blob(bytes));
    assert.deepEqual(
      list.map((e) => [e.name, e.method, e.size, e.compressedSize]),
      plain.map((e) => [e.name, e.method, e.size, e.compressedSize]),
    );
    for (let i = 0; i < list.length; i++) {
      assert.deepEqual(
        await zipEntryBytes(blob(bytes), list[i], 1e6),
        await zipEntryBytes(blob(FIXTURE), plain[i], 1e6),
      );
    }
  });
}

const ZIP64_BAD: [string, (b: Uint8Array) => void, RegExp][] = [
  [
    "the locator missing",
    (b) => b.set([0, 0, 0, 0], b.length - 22 - 20),
    /ZIP64 end record is damaged/,
  ],
  [
    "the locator naming no ZIP64 record",
    (b) => new DataView(b.buffer).setUint32(b.length - 22 - 20 + 8, 7, true),
    /ZIP64 end record is damaged/,
  ],
  [
    "a file count past the entry bound",
    (b) => {
      const dv = new DataView(b.buffer);
      const rec = Number(dv.getBigUint64(b.length - 22 - 20 + 8, true));
      dv.setBigUint64(rec + 32, 1n << 40n, true);
    },
    /more than 100000/,
  ],
  [
    "a size past 2^53",
    (b) => {
      const dv = new DataView(b.buffer);
      const rec = Number(dv.getBigUint64(b.length - 22 - 20 + 8, true));
      dv.setBigUint64(rec + 40, 1n << 60n, true);
    },
    /ZIP64 end record is damaged/,
  ],
  [
    "a record's ZIP64 extra field missing",
    (b) => {
      const dv = new DataView(b.buffer);
      const rec = Number(dv.getBigUint64(b.length - 22 - 20 + 8, true));
      const dir = Number(dv.getBigUint64(rec + 48, true));
      // Its header ID 0x0001 becomes an unknown one.
      const name = dv.getUint16(dir + 28, true);
      dv.setUint16(dir + 46 + name, 0x7777, true);
    },
    /har\.har's ZIP64 sizes are damaged/,
  ],
];
for (const [name, spoil, why] of ZIP64_BAD) {
  Deno.test(`zip: bad/ZIP64 with ${name}`, async () => {
    const b = allOnes(ZIP64);
    spoil(b);
    await assert.rejects(
      () => zipEntries(blob(b)),
      (e: Error) => e instanceof ZipError && why.test(e.message),
    );
  });
}

Deno.test("zip: ok/entries and their bytes, deflated and stored", async () => {
  assert.ok(isZip(FIXTURE));
  assert.ok(!isZip(new TextEncoder().encode('{"log"')));
  const list = await zipEntries(blob(FIXTURE));
  assert.deepEqual(list.map((e) => [e.name, e.method]), [
    ["har.har", 8],
    ["5f1e9c4a.html", 8],
    ["a1b2c3.json", 0],
    ["d4e5f6.png", 8],
  ]);
  const text = async (i: number) =>
    new TextDecoder().decode(
      await zipEntryBytes(blob(FIXTURE), list[i], 1e6),
    );
  assert.equal(await text(1), "<!doctype html><title>Héllo</title>\n");
  assert.equal(await text(2), '{"name": "widget"}');
  assert.deepEqual(
    [...await zipEntryBytes(blob(FIXTURE), list[3], 1e6)],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  );
});

/** The fixture with its first central directory record's field patched. */
async function patched(offset: number, bytes: number[]): Promise<Uint8Array> {
  const list = await zipEntries(blob(FIXTURE));
  const b = FIXTURE.slice();
  const dv = new DataView(b.buffer);
  // The end record's directory offset, then the first record in it.
  const end = b.length - 22;
  const dir = dv.getUint32(end + 16, true);
  b.set(bytes, dir + offset);
  assert.ok(list.length);
  return b;
}

const BAD: [string, () => Promise<Uint8Array>, number, RegExp][] = [
  [
    "bad/a cut file: no end record",
    () => Promise.resolve(FIXTURE.slice(0, FIXTURE.length - 30)),
    -1,
    /end record is missing/,
  ],
  [
    "bad/a method it does not unpack (bzip2)",
    () => patched(10, [12, 0]),
    0,
    /packed with method 12/,
  ],
  [
    "bad/an encrypted entry, said as one",
    () => patched(8, [1, 0]),
    0,
    /har\.har is encrypted \(the archive has a password\)/,
  ],
  [
    "bad/a stored entry past the bound, whatever its size says",
    // The stored request body (18 bytes) claims 1 byte unpacked.
    async () => {
      const b = FIXTURE.slice();
      const dv = new DataView(b.buffer);
      const list = await zipEntries(blob(FIXTURE));
      let at = dv.getUint32(b.length - 22 + 16, true);
      for (const e of list.slice(0, 2)) {
        at += 46 + new TextEncoder().encode(e.name).length;
      }
      dv.setUint32(at + 24, 1, true);
      return b;
    },
    2,
    /a1b2c3\.json unpacks past 10 B/,
  ],
  [
    "bad/a size past the bound",
    () => Promise.resolve(FIXTURE),
    0,
    /unpacks past 100 B/,
  ],
  [
    "bad/a size the directory understates: unpacking stops past it",
    () => patched(24, [1, 0, 0, 0]),
    0,
    /har\.har unpacks past the 1 B its directory says/,
  ],
];
for (const [name, make, entry, why] of BAD) {
  Deno.test(`zip: ${name}`, async () => {
    const file = blob(await make());
    await assert.rejects(
      async () => {
        const list = await zipEntries(file);
        await zipEntryBytes(file, list[entry], entry === 2 ? 10 : 100);
      },
      (e: Error) => e instanceof ZipError && why.test(e.message),
    );
  });
}

Deno.test("zip: bad/damaged deflate bytes are a ZipError naming the entry", async () => {
  const list = await zipEntries(blob(FIXTURE));
  const b = FIXTURE.slice();
  // The first entry's packed bytes, all 0xff: no deflate stream starts so.
  const from = list[0].offset + 30 +
    new TextEncoder().encode(list[0].name).length;
  b.fill(0xff, from, from + list[0].compressedSize);
  await assert.rejects(
    () => zipEntryBytes(blob(b), list[0], 1e6),
    (e: Error) =>
      e instanceof ZipError &&
      /har\.har's packed bytes are damaged/.test(e.message),
  );
});

/** `bytes` deflated (raw), as an archiver packs an entry. */
async function deflated(bytes: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new CompressionStream("deflate-raw"),
  );
  return new Uint8Array(await new Response(s).arrayBuffer());
}

Deno.test("zip: bad/entries sharing their packed bytes (a ZIP bomb's overlap) are refused", async () => {
  const data = new Uint8Array(100_000);
  const kernel: ZipLocal = {
    name: "k",
    packed: await deflated(data),
    method: 8,
    size: data.length,
  };
  // Three names for one packed stream: each read unpacks it all again.
  const bomb = buildZip(
    [kernel],
    ["a", "b", "c"].map((name) => ({ name, local: 0 })),
  );
  await assert.rejects(
    () => zipEntries(blob(bomb)),
    (e: Error) =>
      e instanceof ZipError &&
      e.message === "its files overlap, as a ZIP bomb's do",
  );
  // One entry whose packed bytes claim to run on into the directory (past
  // its one-byte name).
  const b = buildZip([kernel]);
  const dv = new DataView(b.buffer);
  const dir = dv.getUint32(b.length - 22 + 16, true);
  dv.setUint32(dir + 20, kernel.packed.length + 2, true);
  await assert.rejects(
    () => zipEntries(blob(b)),
    (e: Error) =>
      e instanceof ZipError && /overlap its directory/.test(e.message),
  );
  // Apart, the same entries read.
  assert.equal((await zipEntries(blob(buildZip([kernel])))).length, 1);
});

/** A Blob that remembers the longest slice read of it. */
class Watched extends Blob {
  longest = 0;
  override slice(from = 0, to = this.size, type?: string): Blob {
    this.longest = Math.max(this.longest, Math.min(to, this.size) - from);
    return super.slice(from, to, type);
  }
}

/** `pad` zero bytes, then an end record claiming `count` files in `size` bytes at 0. */
function claiming(pad: number, count: number, size: number): Watched {
  const end = new Uint8Array(22);
  const dv = new DataView(end.buffer);
  dv.setUint32(0, 0x06054b50, true);
  dv.setUint16(8, count, true);
  dv.setUint16(10, count, true);
  dv.setUint32(12, size, true);
  dv.setUint32(16, 0, true);
  return new Watched([new Uint8Array(pad), end] as BlobPart[]);
}

const CLAIMS: [string, number, number, number][] = [
  ["one file in a directory of 4 MB", 4_000_000, 1, 4_000_000],
  ["three files in 100 bytes (a record takes 46 at least)", 200, 3, 100],
];
for (const [name, pad, count, size] of CLAIMS) {
  Deno.test(`zip: bad/an end record claiming ${name} is refused before the directory is read`, async () => {
    const file = claiming(pad, count, size);
    await assert.rejects(
      () => zipEntries(file),
      (e: Error) =>
        e instanceof ZipError && /its directory is damaged \(/.test(e.message),
    );
    // The end record's search reads the last 65,557 bytes at most; nothing
    // the size of the claimed directory.
    assert.ok(file.longest <= 22 + 0xffff, `read ${file.longest} bytes`);
  });
}
