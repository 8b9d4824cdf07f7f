/**
 * The ZIP reader and the HAR read out of an archive, on the committed
 * archives with a few bytes changed at random: each answer is the archive
 * read or a ZipError, never another error (the platform's own, a
 * RangeError of a DataView), and each comes within a bound. Seeded: a
 * failure names its seed.
 */
import assert from "node:assert/strict";
import { zipEntries, zipEntryBytes, ZipError } from "./zip.ts";
import { readHarZip } from "../har/zip_har.ts";

const FIXTURES = ["exporter-playwright.zip", "exporter-playwright-zip64.zip"];
/** Archives tried for each fixture. */
const CASES = 400;
/** A case past this is a loop, not a slow machine (each takes about 1 ms). */
const MAX_MS = 2000;

/** mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Calls `read`; rethrows anything but a ZipError. */
async function onlyZipErrors(read: () => Promise<unknown>): Promise<void> {
  try {
    await read();
  } catch (err) {
    if (!(err instanceof ZipError)) throw err;
  }
}

for (const name of FIXTURES) {
  Deno.test(`zip fuzz: ${name} with bytes changed at random`, async () => {
    const source = Deno.readFileSync(
      new URL(`../../tests/fixtures/har/${name}`, import.meta.url),
    );
    for (let seed = 1; seed <= CASES; seed++) {
      const next = generator(seed);
      const b = source.slice();
      // One to four bytes, most often in the directory and end records
      // (the last quarter), where the offsets and sizes are.
      for (let k = 1 + Math.floor(next() * 4); k > 0; k--) {
        const tail = next() < 0.5;
        const at = Math.floor(
          tail ? b.length * (0.75 + next() * 0.25) : next() * b.length,
        );
        b[at] = Math.floor(next() * 256);
      }
      const file = new Blob([b as BlobPart]);
      const t0 = performance.now();
      try {
        await onlyZipErrors(async () => {
          for (const e of await zipEntries(file)) {
            await onlyZipErrors(() => zipEntryBytes(file, e, 1e6));
          }
        });
        await onlyZipErrors(() => readHarZip(file, 1e6));
      } catch (err) {
        assert.fail(`seed ${seed}: ${(err as Error).stack}`);
      }
      const ms = performance.now() - t0;
      assert.ok(ms < MAX_MS, `seed ${seed}: ${ms} ms`);
    }
  });
}
