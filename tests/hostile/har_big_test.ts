/**
 * Hostile HAR input, 50 MB single strings in bodies: a response body, a
 * JSON body, a base64 body, an SVG and a request body. The worker's steps
 * answer within a generous bound, and what crosses to the page (the
 * detail) stays small: bodies are previews, cURL says what it left out.
 * The URL and headers are in har_big_fields_test.ts, the real worker in
 * har_big_worker_test.ts: apart, the three run side by side.
 */
import assert from "node:assert/strict";
import { PREVIEW_CHARS } from "../../lib/har/detail.ts";
import { entry, har, printTally } from "../helpers/har_hostile.ts";
import {
  type Json,
  MB50,
  req,
  run,
  SECRET,
  withBody,
} from "../helpers/har_big.ts";

Deno.test("har big: a 50 MB response body is previewed, counted and sanitized", () => {
  const text = "x".repeat(MB50);
  const r = run(
    "50 MB body",
    har([withBody({ size: MB50, mimeType: "text/plain", text })]),
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
    har([withBody({ size: text.length, mimeType: "application/json", text })]),
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
    har([withBody({
      size: bytes.length,
      mimeType: "application/json",
      encoding: "base64",
      text,
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
    har([
      withBody({ size: 0, mimeType: "image/png", encoding: "base64", text }),
    ]),
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
    har([withBody({ size: svg.length, mimeType: "image/svg+xml", text: svg })]),
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
  printTally("HAR hostile inputs, 50 MB bodies (har_big_test.ts)");
});
