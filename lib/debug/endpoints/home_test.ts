/** The index at the base: JSON by default, HTML when preferred, escaped. */
import assert from "node:assert/strict";
import { escapeHtml } from "./home.ts";
import { createDebugHandler } from "../mod.ts";

const ESCAPES: [string, string, string][] = [
  ["ok/plain text unchanged", "/api/debug/get", "/api/debug/get"],
  ["ok/markup", "<script>&</script>", "&#60;script&#62;&#38;&#60;/script&#62;"],
  ["ok/both quotes", `"a" 'b'`, "&#34;a&#34; &#39;b&#39;"],
  ["ok/non-ASCII untouched", "é → ✓", "é → ✓"],
];
for (const [name, text, want] of ESCAPES) {
  Deno.test(`escapeHtml: ${name}`, () => {
    assert.equal(escapeHtml(text), want);
  });
}

const ACCEPTS: [string, string | null, string][] = [
  ["ok/no Accept: JSON", null, "application/json"],
  ["ok/*/*: JSON", "*/*", "application/json"],
  [
    "ok/a browser: HTML",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "text/html; charset=utf-8",
  ],
  [
    "ok/JSON preferred",
    "application/json, text/html;q=0.5",
    "application/json",
  ],
  [
    "ok/HTML preferred by q",
    "application/json;q=0.4, text/html",
    "text/html; charset=utf-8",
  ],
  // At the same q a type named outright beats one only */* matches
  // (RFC 9110 §12.5.1: the more specific range decides): HTML is preferred.
  ["ok/HTML named beside */*", "text/html, */*", "text/html; charset=utf-8"],
  ["ok/*/* first, HTML named", "*/*, text/html", "text/html; charset=utf-8"],
  [
    "ok/HTML at */*'s q",
    "application/xhtml+xml, text/html;q=0.9, */*;q=0.9",
    "text/html; charset=utf-8",
  ],
  ["bad/nothing offered fits: JSON anyway", "image/png", "application/json"],
];
for (const [name, accept, type] of ACCEPTS) {
  Deno.test(`index handler: ${name}`, async () => {
    const h = createDebugHandler();
    for (const path of ["/api/debug", "/api/debug/"]) {
      const res = await h(
        new Request(`http://wb.test${path}`, {
          headers: accept ? { accept } : {},
        }),
      );
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get("content-type"), type, path);
      assert.equal(res.headers.get("vary"), "Accept");
      await res.body?.cancel();
    }
  });
}

Deno.test("index handler: ok/the JSON lists every endpoint of the catalog, with methods", async () => {
  const h = createDebugHandler();
  const res = await h(new Request("http://wb.test/api/debug"));
  const index = await res.json();
  assert.equal(index.openapi, "/api/debug/openapi.json");
  assert.deepEqual(
    index.endpoints.map((e: { name: string }) => e.name),
    h.catalog.map((e) => e.id),
  );
  const get = index.endpoints.find((e: { name: string }) => e.name === "get");
  assert.deepEqual(get, {
    name: "get",
    path: "/api/debug/get",
    methods: ["GET", "HEAD"],
    summary: get.summary,
  });
  const anything = index.endpoints.find((e: { name: string }) =>
    e.name === "anything"
  );
  assert.deepEqual(anything.methods, ["ANY"]);
});

Deno.test("index handler: ok/the HTML links every endpoint and has no script", async () => {
  const h = createDebugHandler({ base: "/x" });
  const res = await h(
    new Request("http://wb.test/x/", { headers: { accept: "text/html" } }),
  );
  const html = await res.text();
  assert.match(html, /^<!DOCTYPE html>/);
  assert.doesNotMatch(html, /<script/i);
  assert.equal(
    html.match(/<li><a href="/g)?.length,
    h.catalog.length,
  );
  assert.match(html, /href="\/x\/openapi.json"/);
  assert.match(
    res.headers.get("content-security-policy") ?? "",
    /default-src 'none'/,
  );
});

Deno.test("index handler: bad/a POST to the index is 405", async () => {
  const h = createDebugHandler();
  const res = await h(
    new Request("http://wb.test/api/debug", { method: "POST", body: "x" }),
  );
  assert.equal(res.status, 405);
  assert.equal((await res.json()).param, "method");
});
