/**
 * The ZIP reader on an archive Python's zipfile wrote (an independent
 * writer: deflated and stored entries), and on archives broken byte by
 * byte.
 */
import assert from "node:assert/strict";
import { isZip, zipEntries, zipEntryBytes, ZipError } from "./zip.ts";

const FIXTURE = Deno.readFileSync(
  new URL("../../tests/fixtures/har/exporter-playwright.zip", import.meta.url),
);
const blob = (b: Uint8Array) => new Blob([b as BlobPart]);

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
  ["bad/an encrypted entry", () => patched(8, [1, 0]), 0, /encrypted/],
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
