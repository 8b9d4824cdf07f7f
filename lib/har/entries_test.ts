import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import {
  entryAt,
  entryKey,
  entryWithKey,
  KEY_URL_CHARS,
  keyOrigin,
  pathOf,
  urlOf,
} from "./entries.ts";
import { fnv1a } from "../shared/fnv1a.ts";

Deno.test("entries: URL, path and one entry back from the columns", () => {
  const h = parsedHar([
    { url: "https://x.example/a" },
    { method: "PUT", url: "https://u:p@y.example:8080/b/c?d=1#e", status: 404 },
  ]);
  assert.equal(urlOf(h.columns, 1), "https://u:p@y.example:8080/b/c?d=1#e");
  assert.equal(pathOf(h.columns, 1), "/b/c?d=1");
  assert.equal(pathOf(h.columns, 0), "/a");
  const e = entryAt(h.columns, h.raw[1], 1);
  assert.equal(e.index, 1);
  assert.equal(e.method, "PUT");
  assert.equal(e.status, 404);
});

Deno.test("entries: a key names one request by method, URL and start, whatever its index", () => {
  const a = parsedHar([
    { url: "https://x.example/a" },
    { method: "POST", url: "https://x.example/a", at: 5 },
    { url: "https://x.example/a", at: 5 },
    { url: "https://x.example/b", at: 5 },
  ]).columns;
  const keys = [0, 1, 2, 3].map((i) => entryKey(a, i));
  assert.equal(new Set(keys).size, 4, "method, start and URL each count");
  for (const k of keys) assert.match(k, /^[0-9a-z]{1,7}$/);
  // The known answer: FNV-1a of "GET https://x.example/a 0" in base 36.
  assert.equal(keys[0], fnv1a("GET https://x.example/a 0").toString(36));
  // The same requests exported in another order keep their keys.
  const b = parsedHar([
    { url: "https://x.example/b", at: 5 },
    { url: "https://x.example/a", at: 5 },
    { method: "POST", url: "https://x.example/a", at: 5 },
    { url: "https://x.example/a" },
  ]).columns;
  assert.deepEqual([3, 2, 1, 0].map((i) => entryKey(b, i)), keys);
  assert.equal(entryWithKey(b, keys[1]), 2);
  assert.equal(entryWithKey(b, "zzzzzzz"), -1);
  // A start within a millisecond is the same start (exporters round).
  const c = parsedHar([{ url: "https://x.example/a", at: 0.4 }]).columns;
  assert.equal(entryKey(c, 0), keys[0]);
});

Deno.test("entries: a URL past KEY_URL_CHARS is keyed by its ends and length, not hashed whole", () => {
  const at = (n: number, mid = "x") =>
    "https://x.example/" + "a".repeat(n / 2) + mid +
    "z".repeat(n - n / 2 - 18 - mid.length);
  const full = at(KEY_URL_CHARS);
  assert.equal(full.length, KEY_URL_CHARS);
  const [a, b, c, d] = [
    full,
    at(KEY_URL_CHARS * 4),
    at(KEY_URL_CHARS * 4, "y"),
    at(KEY_URL_CHARS * 4 + 2),
  ];
  const cols = parsedHar([a, b, c, d].map((url) => ({ url }))).columns;
  // Up to the bound the whole URL is hashed, as before the bound.
  assert.equal(entryKey(cols, 0), fnv1a(`GET ${a} 0`).toString(36));
  // Past it, the middle does not count; the length and the ends do.
  assert.equal(entryKey(cols, 1), entryKey(cols, 2));
  assert.notEqual(entryKey(cols, 1), entryKey(cols, 3));
  assert.notEqual(entryKey(cols, 1), fnv1a(`GET ${b} 0`).toString(36));
  assert.equal(entryWithKey(cols, entryKey(cols, 3)), 3);
});

Deno.test("entries: with the file's earliest start, a key holds in an export that starts earlier", () => {
  const origin = (h: ReturnType<typeof parsedHar>) =>
    keyOrigin(h.meta.summary.firstStart);
  const a = parsedHar([
    { url: "https://x.example/a", at: 100 },
    { url: "https://x.example/b", at: 105 },
  ]);
  // The same session exported with one more request before the others.
  const b = parsedHar([
    { url: "https://x.example/early", at: 0 },
    { url: "https://x.example/a", at: 100 },
    { url: "https://x.example/b", at: 105 },
  ]);
  const key = entryKey(a.columns, 1, origin(a));
  assert.equal(entryWithKey(b.columns, key, origin(b)), 2);
  // Offsets alone differ between the two files.
  assert.notEqual(entryKey(b.columns, 2), entryKey(a.columns, 1));
});

Deno.test("entries: the key's origin keeps the earliest start's sub-millisecond part", () => {
  assert.equal(
    keyOrigin("2024-01-01T00:00:00.0004500Z"),
    Date.UTC(2024, 0, 1) + 0.45,
  );
  assert.equal(keyOrigin(""), 0);
  assert.equal(keyOrigin(undefined), 0);
  // Two exports whose first starts differ by a fraction name one request
  // alike: offsets count from the fraction too.
  const entries = (first: string) => ({
    log: {
      version: "1.2",
      creator: { name: "t", version: "1" },
      entries: [first, "2024-01-01T00:00:01.0006000Z"].map((at) => ({
        startedDateTime: at,
        time: 1,
        request: { method: "GET", url: `https://x.example/${at}`, headers: [] },
        response: { status: 200, headers: [], content: {} },
      })),
    },
  });
  const a = parseHarText(
    JSON.stringify(entries("2024-01-01T00:00:00.0004000Z")),
  );
  const b = parseHarText(
    JSON.stringify(entries("2024-01-01T00:00:00.0001000Z")),
  );
  assert.equal(
    entryKey(a.columns, 1, keyOrigin(a.meta.summary.firstStart)),
    entryKey(b.columns, 1, keyOrigin(b.meta.summary.firstStart)),
  );
});
