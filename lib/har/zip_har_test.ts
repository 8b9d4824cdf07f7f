/**
 * A HAR saved as Playwright's recordHar saves one to a `.zip` path (the
 * fixture written by Python's zipfile in that shape): the log read out,
 * each body put back from the file its entry names.
 */
import assert from "node:assert/strict";
import { readHarZip } from "./zip_har.ts";
import { ZipError } from "../shared/zip.ts";
import { buildZip, storedText } from "../../tests/helpers/zip_build.ts";

const FIXTURE = Deno.readFileSync(
  new URL("../../tests/fixtures/har/exporter-playwright.zip", import.meta.url),
);
const blob = (b: Uint8Array) => new Blob([b as BlobPart]);

Deno.test("zip har: ok/bodies put back: text as text, bytes as base64, a request's too; a missing file said", async () => {
  const z = await readHarZip(blob(FIXTURE), 1e6);
  const entries = JSON.parse(z.text).log.entries;
  assert.deepEqual(entries[0].response.content, {
    size: 38,
    mimeType: "text/html; charset=utf-8",
    _file: "5f1e9c4a.html",
    text: "<!doctype html><title>Héllo</title>\n",
  });
  assert.equal(entries[1].request.postData.text, '{"name": "widget"}');
  assert.deepEqual(
    [entries[1].response.content.text, entries[1].response.content.encoding],
    ["iVBORw0KGgo=", "base64"],
  );
  assert.equal(entries[2].response.content.text, undefined);
  assert.equal(
    z.note,
    "Read har.har from a ZIP archive (Playwright's recordHar): 3 bodies put back from its files; 1 named a file it does not hold.",
  );
});

Deno.test("zip har: bad/bodies past the size bound are left out and counted", async () => {
  // The log (3,047 bytes), the page (37) and the image (8) fit; the
  // request's body (18), read after its response's, does not.
  const z = await readHarZip(blob(FIXTURE), 3_047 + 37 + 18);
  assert.match(
    z.note,
    /2 bodies put back .*; 1 left out past the size limit\.$/,
  );
  assert.equal(
    JSON.parse(z.text).log.entries[1].request.postData.text,
    undefined,
  );
});

Deno.test("zip har: bad/an archive without a .har file", async () => {
  const other = FIXTURE.slice();
  // Rename har.har in the directory (its first record): no .har is left.
  const dv = new DataView(other.buffer);
  const dir = dv.getUint32(other.length - 22 + 16, true);
  other.set(new TextEncoder().encode("har.txt"), dir + 46);
  await assert.rejects(
    () => readHarZip(blob(other), 1e6),
    (e: Error) => e instanceof ZipError && /no \.har file/.test(e.message),
  );
});

Deno.test("zip har: bad/a body it cannot read is counted, the rest of the log still read", async () => {
  // The image's directory record says method 12 (bzip2), which is not read.
  const b = FIXTURE.slice();
  const dv = new DataView(b.buffer);
  let at = dv.getUint32(b.length - 22 + 16, true);
  for (;;) {
    const nameLength = dv.getUint16(at + 28, true);
    const name = new TextDecoder().decode(
      b.subarray(at + 46, at + 46 + nameLength),
    );
    if (name === "d4e5f6.png") break;
    at += 46 + nameLength + dv.getUint16(at + 30, true) +
      dv.getUint16(at + 32, true);
  }
  dv.setUint16(at + 10, 12, true);
  const z = await readHarZip(blob(b), 1e6);
  assert.equal(
    z.note,
    "Read har.har from a ZIP archive (Playwright's recordHar): 2 bodies put back from its files; 1 named a file it does not hold; 1 could not be read from it.",
  );
  const entries = JSON.parse(z.text).log.entries;
  assert.equal(entries[1].response.content.text, undefined);
  assert.equal(entries[1].request.postData.text, '{"name": "widget"}');
});

Deno.test("zip har: ok/the same archive in ZIP64 form (as archivers write one past 65,535 files or 4 GiB) reads the same", async () => {
  const zip64 = Deno.readFileSync(
    new URL(
      "../../tests/fixtures/har/exporter-playwright-zip64.zip",
      import.meta.url,
    ),
  );
  assert.deepEqual(
    await readHarZip(blob(zip64), 1e6),
    await readHarZip(blob(FIXTURE), 1e6),
  );
});

Deno.test("zip har: ok/a file many entries name is unpacked once", async () => {
  const entries = Array.from({ length: 1000 }, () => ({
    response: { content: { mimeType: "image/png", _file: "b.png" } },
  }));
  const zip = buildZip([
    storedText("har.har", JSON.stringify({ log: { entries } })),
    storedText("b.png", "\x01\x02"),
  ]);
  /** The archive, counting the reads of its bytes. */
  class Counted extends Blob {
    reads = 0;
    override slice(start?: number, end?: number, type?: string): Blob {
      this.reads++;
      return super.slice(start, end, type);
    }
  }
  const file = new Counted([zip as BlobPart]);
  const z = await readHarZip(file, 1e6);
  assert.match(z.note, /1000 bodies put back from its files\.$/);
  assert.equal(
    JSON.parse(z.text).log.entries[999].response.content.text,
    "AQI=",
  );
  // The end record, the directory, the log's header and bytes, the file's
  // header and bytes: a crafted log naming one file 100,000 times had
  // unpacked it 100,000 times.
  assert.ok(file.reads <= 8, `${file.reads} reads`);
});
