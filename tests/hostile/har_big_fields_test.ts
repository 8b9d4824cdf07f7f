/**
 * Hostile HAR input, 50 MB single strings outside bodies: a URL with
 * millions of query parameters, a header name and value, and a million
 * headers. Lists and values that cross to the page are cut.
 */
import assert from "node:assert/strict";
import { LIST_ROWS, VALUE_CHARS } from "../../lib/har/detail.ts";
import {
  assertNoPollution,
  entry,
  har,
  printTally,
} from "../helpers/har_hostile.ts";
import { MB50, req, res, run, SECRET } from "../helpers/har_big.ts";

Deno.test("har big: a 50 MB URL with 13 million query parameters", () => {
  const url = `https://x.test/p?access_token=${SECRET}&` +
    "a=1&".repeat(MB50 / 4);
  const r = run(
    "50 MB URL",
    har([entry({ request: { ...req(), url, queryString: [] } })]),
  );
  const d = r.details[0];
  assert.equal(d.query.length, LIST_ROWS);
  assert.deepEqual(d.query[0], { name: "access_token", value: SECRET });
  assert.equal(d.more.query, MB50 / 4 + 1 - LIST_ROWS);
  assert.equal(d.curl, "");
  assert.match(d.curlNote, /too large to copy/);
  assert.ok(d.entry.url.length <= VALUE_CHARS + 1, "the detail's URL is cut");
  assert.equal(r.parsed.columns.urls, url, "the columns keep it whole");
  assert.equal(r.parsed.columns.hosts[r.parsed.columns.hostIdx[0]], "x.test");
  assert.ok(!r.sanitized.includes(SECRET), "the token in the URL is redacted");
  assert.equal(r.redacted, 1);
});

Deno.test("har big: a 50 MB header value and name, and a million headers", () => {
  const big = "v".repeat(MB50 / 2);
  const many = Array.from(
    { length: 1_000_000 },
    (_, i) => ({ name: `h${i}`, value: "1" }),
  );
  const r = run(
    "50 MB header",
    har([entry({
      request: {
        ...req(),
        headers: [{ name: big, value: `Bearer ${big}` }, ...many],
      },
      response: { ...res(), headers: [{ name: "X-Big", value: big }] },
    })]),
  );
  const d = r.details[0];
  assert.equal(d.requestHeaders.length, LIST_ROWS);
  assert.equal(d.more.requestHeaders, 1_000_001 - LIST_ROWS);
  assert.equal(d.requestHeaders[0].name.length, VALUE_CHARS + 1);
  assert.equal(d.responseHeaders[0].value.length, VALUE_CHARS + 1);
  assert.ok(d.responseHeaders[0].value.endsWith("…"));
  assert.equal(d.curl, "");
  assert.equal(r.parsed.meta.secrets!.tokens, 1, "the Bearer value");
  assert.ok(!r.sanitized.includes(`Bearer ${big.slice(0, 100)}`));
  assertNoPollution();
  printTally(
    "HAR hostile inputs, 50 MB URL and headers (har_big_fields_test.ts)",
  );
});
