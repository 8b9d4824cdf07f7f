/** Entity tags and conditional requests of the caching family. */
import assert from "node:assert/strict";
import { createDebugHandler } from "../mod.ts";

const now = new Date("2026-03-01T12:00:00Z");
const handler = createDebugHandler({ now: () => now });
const call = async (path: string, headers: Record<string, string> = {}) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, { headers }),
  );
  return { res, text: await res.text() };
};

const CASES: [string, string, Record<string, string>, number][] = [
  ["ok//cache unconditional", "/cache", {}, 200],
  ["ok//cache If-Modified-Since", "/cache", {
    "if-modified-since": "Sun, 01 Mar 2026 11:00:00 GMT",
  }, 304],
  ["ok//cache If-None-Match", "/cache", { "if-none-match": '"x"' }, 304],
  ["ok//etag plain", "/etag/v1", {}, 200],
  [
    "ok//etag If-None-Match matches",
    "/etag/v1",
    { "if-none-match": '"v1"' },
    304,
  ],
  ["ok//etag If-None-Match weak matches", "/etag/v1", {
    "if-none-match": 'W/"v1"',
  }, 304],
  [
    "ok//etag If-None-Match list",
    "/etag/v1",
    { "if-none-match": '"a", "v1"' },
    304,
  ],
  ["ok//etag If-None-Match *", "/etag/v1", { "if-none-match": "*" }, 304],
  // RFC 9110 §5.6.1.2: empty list elements are ignored, not refused.
  [
    "ok//etag If-None-Match list with empty elements",
    "/etag/v1",
    { "if-none-match": ', "x", , "v1"' },
    304,
  ],
  [
    "ok//etag If-Match list with empty elements",
    "/etag/v1",
    { "if-match": '"v1", ,' },
    200,
  ],
  [
    "ok//etag If-Match unquoted weak tag fails the strong comparison",
    "/etag/v1",
    { "if-match": "W/v1" },
    412,
  ],
  [
    "ok//etag If-None-Match other",
    "/etag/v1",
    { "if-none-match": '"v2"' },
    200,
  ],
  ["ok//etag If-Match matches", "/etag/v1", { "if-match": '"v1"' }, 200],
  ["ok//etag If-Match *", "/etag/v1", { "if-match": "*" }, 200],
  ["bad//etag If-Match other", "/etag/v1", { "if-match": '"v2"' }, 412],
  ["bad//etag If-Match weak (strong comparison)", "/etag/v1", {
    "if-match": 'W/"v1"',
  }, 412],
  ["bad//etag If-Match first: 412 though If-None-Match would 304", "/etag/v1", {
    "if-match": '"v2"',
    "if-none-match": '"v1"',
  }, 412],
  // httpbin's own tests: unquoted tags, as httpbin reads them.
  ["ok//etag If-None-Match abc", "/etag/abc", { "if-none-match": "abc" }, 304],
  ["ok//etag If-None-Match 123", "/etag/abc", { "if-none-match": "123" }, 200],
  ["ok//etag If-Match abc", "/etag/abc", { "if-match": "abc" }, 200],
  ["bad//etag If-Match 123", "/etag/abc", { "if-match": "123" }, 412],
  [
    "bad//etag malformed If-None-Match",
    "/etag/v1",
    { "if-none-match": '"v1' },
    400,
  ],
  ["bad//etag malformed If-Match", "/etag/v1", { "if-match": '"a" "b"' }, 400],
  ["bad//etag a quote in the tag", "/etag/a%22b", {}, 400],
  ["bad//cache/{n} over a year", "/cache/31536001", {}, 400],
  ["bad//cache/{n} negative", "/cache/-1", {}, 400],
];
for (const [name, path, headers, status] of CASES) {
  Deno.test(`caching handler: ${name}`, async () => {
    const { res, text } = await call(path, headers);
    assert.equal(res.status, status, text);
    if (status === 304) assert.equal(text, "");
    if (status === 200) {
      const r = JSON.parse(text);
      assert.deepEqual(Object.keys(r), ["args", "headers", "origin", "url"]);
    }
    if (path.startsWith("/etag/v1") && status !== 400) {
      assert.equal(res.headers.get("etag"), '"v1"');
    }
    if (status >= 400) {
      assert.equal(res.headers.get("content-type"), "application/problem+json");
    }
  });
}

Deno.test("caching handler: ok//cache has validators and revalidates", async () => {
  const { res } = await call("/cache?x=1");
  assert.equal(
    res.headers.get("last-modified"),
    "Sun, 01 Mar 2026 12:00:00 GMT",
  );
  assert.match(res.headers.get("etag")!, /^"[0-9a-f]{8}"$/);
  assert.equal(res.headers.get("cache-control"), "no-cache, no-transform");
  const again = await call("/cache?x=1");
  assert.equal(again.res.headers.get("etag"), res.headers.get("etag"));
  const other = await call("/cache?x=2");
  assert.notEqual(other.res.headers.get("etag"), res.headers.get("etag"));
});

Deno.test("caching handler: ok//cache/{n} is public with max-age", async () => {
  for (const n of [0, 60, 31536000]) {
    const { res } = await call(`/cache/${n}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), `public, max-age=${n}`);
  }
});

/**
 * What a 304 carries (RFC 9110 §15.4.5): the fields a 200 would have sent
 * for the cache to update (ETag, Cache-Control; Last-Modified for /cache),
 * CORS so a browser script can read it, and no content: no Content-Type,
 * no Content-Length, no body, no document policy for a body that is not
 * there.
 */
const NOT_MODIFIED: [string, string, string, Record<string, string>][] = [
  ["ok//cache If-None-Match", "GET", "/cache?x=1", { "if-none-match": '"x"' }],
  ["ok//cache If-Modified-Since", "GET", "/cache?x=1", {
    "if-modified-since": "Sun, 01 Mar 2026 11:00:00 GMT",
  }],
  ["ok//cache HEAD", "HEAD", "/cache?x=1", { "if-none-match": "*" }],
  ["ok//etag", "GET", "/etag/v1", { "if-none-match": '"v1"' }],
  ["ok//etag HEAD", "HEAD", "/etag/v1", { "if-none-match": 'W/"v1"' }],
  // A sleep takes the other path through the pipeline: same headers.
  ["ok//etag after a sleep", "GET", "/etag/v1?sleep=1", {
    "if-none-match": '"v1"',
  }],
];
for (const [name, method, path, headers] of NOT_MODIFIED) {
  Deno.test(`caching handler: 304 headers: ${name}`, async () => {
    const res = await handler(
      new Request(`http://wb.test/api/debug${path}`, { method, headers }),
    );
    const text = await res.text();
    assert.equal(res.status, 304, text);
    assert.equal(text, "");
    // The validators and freshness the 200 for the same URL has.
    const full = await handler(
      new Request(`http://wb.test/api/debug${path}`, { method }),
    );
    await full.body?.cancel();
    assert.equal(full.status, 200);
    assert.equal(res.headers.get("etag"), full.headers.get("etag"));
    assert.ok(res.headers.get("etag"));
    assert.equal(res.headers.get("cache-control"), "no-cache, no-transform");
    assert.equal(
      res.headers.get("last-modified"),
      path.startsWith("/cache") ? "Sun, 01 Mar 2026 12:00:00 GMT" : null,
    );
    // Readable by a browser script, ETag included.
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    const expose = res.headers.get("access-control-expose-headers")!
      .toLowerCase().split(/\s*,\s*/);
    for (const h of ["etag", "last-modified", "cache-control"]) {
      assert.ok(expose.includes(h), `exposes ${h}`);
    }
    // No content, so none of the fields that describe one.
    for (
      const h of ["content-type", "content-length", "content-security-policy"]
    ) {
      assert.equal(res.headers.get(h), null, h);
    }
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  });
}
