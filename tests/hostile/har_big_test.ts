/**
 * Hostile HAR input, 50 MB single strings: a response body, a
 * JSON body, a base64 body, an SVG, a request body, a URL with millions of
 * query parameters and a header value. The worker's steps answer within a
 * generous bound, and what crosses to the page (the detail) stays small:
 * bodies are previews, lists and values are cut, cURL says what it left out.
 */
import assert from "node:assert/strict";
import { LIST_ROWS, PREVIEW_CHARS, VALUE_CHARS } from "../../lib/har/detail.ts";
import { HarParseError } from "../../lib/har/errors.ts";
import {
  assertNoPollution,
  bounded,
  entry,
  har,
  HarWorkerProbe,
  outcome,
  type PipelineResult,
  printTally,
} from "../helpers/har_hostile.ts";

/** Loosely typed JSON. */
// deno-lint-ignore no-explicit-any
type Json = any;

const MB50 = 50 * 1024 * 1024;
const BOUND = 60_000; // ms: a hang detector; each case takes ~1-3 s here
/** Most a detail may weigh as JSON (what the page receives). */
const DETAIL_MAX = 3_000_000;
const SECRET = "s3cr3t-token-value";

const req = () => entry().request as Json;
const res = () => entry().response as Json;

function run(cls: string, doc: unknown): PipelineResult {
  const text = JSON.stringify(doc);
  assert.ok(text.length > MB50, "the document holds the 50 MB string");
  const r = bounded(cls, BOUND, () => outcome(text, cls, 5));
  if (r instanceof HarParseError) assert.fail(r.message);
  for (const d of r.details) {
    const size = JSON.stringify(d).length;
    assert.ok(size < DETAIL_MAX, `${cls}: the detail weighs ${size}`);
  }
  return r;
}

Deno.test("har big: a 50 MB response body is previewed, counted and sanitized", () => {
  const text = "x".repeat(MB50);
  const r = run(
    "50 MB body",
    har([entry({
      response: {
        ...res(),
        content: { size: MB50, mimeType: "text/plain", text },
      },
    })]),
  );
  const body = r.details[0].responseBody as Json;
  assert.equal(body.kind, "text");
  assert.equal(body.truncated, true);
  assert.equal(body.text.length, PREVIEW_CHARS);
  assert.equal(body.size, MB50);
  assert.equal(r.parsed.meta.summary.contentBytes, MB50);
  assert.ok(r.sanitized.length > MB50);
});

Deno.test("har big: a 50 MB JSON body with a token is redacted, not pretty-printed", () => {
  const text = `{"data":"${"d".repeat(MB50)}","token":"${SECRET}"}`;
  const r = run(
    "50 MB JSON body",
    har([entry({
      response: {
        ...res(),
        content: { size: text.length, mimeType: "application/json", text },
      },
    })]),
  );
  const body = r.details[0].responseBody as Json;
  assert.equal(body.kind, "text"); // too big to pretty-print
  assert.equal(body.text.length, PREVIEW_CHARS);
  assert.ok(!r.sanitized.includes(SECRET));
  assert.equal(r.redacted, 1);
});

Deno.test("har big: a 50 MB base64 body is decoded only as far as the preview", () => {
  const raw = '{"a":"' + "é".repeat(MB50 / 2) + '"}';
  const bytes = new TextEncoder().encode(raw);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const text = btoa(bin);
  const r = run(
    "50 MB base64 body",
    har([entry({
      response: {
        ...res(),
        content: {
          size: bytes.length,
          mimeType: "application/json",
          encoding: "base64",
          text,
        },
      },
    })]),
  );
  const body = r.details[0].responseBody as Json;
  assert.equal(body.kind, "text");
  assert.equal(body.truncated, true);
  assert.ok(body.text.startsWith('{"a":"éé'));
  assert.ok(!body.text.includes("\ufffd"), "no character broken at the cut");
  assert.equal(body.size, bytes.length);
  // A binary type is not decoded at all.
  const png = run(
    "50 MB base64 body",
    har([entry({
      response: {
        ...res(),
        content: { size: 0, mimeType: "image/png", encoding: "base64", text },
      },
    })]),
  );
  assert.deepEqual(png.details[0].responseBody, {
    kind: "binary",
    mime: "image/png",
    size: Math.floor(text.length * 3 / 4),
  });
});

Deno.test("har big: a 50 MB SVG is shown as text, not drawn", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${
    "<g/>".repeat(MB50 / 4)
  }</svg>`;
  const r = run(
    "50 MB SVG",
    har([entry({
      response: {
        ...res(),
        content: { size: svg.length, mimeType: "image/svg+xml", text: svg },
      },
    })]),
  );
  const body = r.details[0].responseBody as Json;
  assert.equal(body.kind, "text");
  assert.equal(body.truncated, true);
});

Deno.test("har big: a 50 MB request body leaves cURL without it, and says so", () => {
  const text = `{"q":"${"q".repeat(MB50)}","password":"${SECRET}"}`;
  const r = run(
    "50 MB request body",
    har([entry({
      request: {
        ...req(),
        method: "PUT",
        postData: { mimeType: "application/json", text },
      },
    })]),
  );
  const d = r.details[0];
  assert.equal((d.requestBody as Json).truncated, true);
  assert.match(d.curlNote, /request body \(\d+ characters\) is too large/);
  assert.ok(d.curl.startsWith("curl 'https://example.com/a?q=1'"));
  assert.match(d.curl, /-X PUT/);
  assert.ok(!d.curl.includes("--data-raw"));
  assert.ok(!r.sanitized.includes(SECRET));
});

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
});

Deno.test("har big: the real worker loads, details and sanitizes a 50 MB body in time", async () => {
  const probe = new HarWorkerProbe();
  try {
    const text = JSON.stringify(har([
      entry(),
      entry({
        response: {
          ...res(),
          content: {
            size: MB50,
            mimeType: "application/json",
            text: `[${'"x",'.repeat(MB50 / 4)}1]`,
          },
        },
      }),
    ]));
    const { answer, ms, after } = await probe.load(text, BOUND);
    assert.equal(answer.type, "loaded");
    await after;
    const d = await probe.detail(1, BOUND);
    assert.equal(d.answer.type, "detail");
    if (d.answer.type === "detail") {
      assert.ok(JSON.stringify(d.answer.detail).length < DETAIL_MAX);
    }
    const s = await probe.sanitize(BOUND);
    assert.ok(s.answer.blob && s.answer.blob.size > MB50);
    console.log(
      `50 MB through the worker: rows ${ms.toFixed(0)} ms, detail ${
        d.ms.toFixed(0)
      } ms, sanitized ${s.ms.toFixed(0)} ms`,
    );
  } finally {
    probe.close();
  }
  printTally("HAR hostile inputs (har_hostile_big_test.ts)");
});
