import assert from "node:assert/strict";
import { contentType } from "./content_type.ts";
import { applySecurityHeaders, PAGE_CSP } from "./security.ts";
import { createAssets } from "./assets.ts";

const TYPES: [string, string][] = [
  ["/styles.css", "text/css; charset=utf-8"],
  ["/_build/client.js", "text/javascript; charset=utf-8"],
  ["/favicon.svg", "image/svg+xml"],
  ["/x.JSON", "application/json; charset=utf-8"],
  ["/noext", "application/octet-stream"],
  ["/weird.xyz", "application/octet-stream"],
];

for (const [path, type] of TYPES) {
  Deno.test(`content type: ${path}`, () => {
    assert.equal(contentType(path), type);
  });
}

Deno.test("page CSP keeps data on this origin and forbids framing", () => {
  assert.match(PAGE_CSP, /connect-src 'self'/);
  assert.match(PAGE_CSP, /script-src 'self'(;|$)/);
  assert.match(PAGE_CSP, /frame-ancestors 'none'/);
  assert.doesNotMatch(PAGE_CSP, /unsafe-eval/);
});

Deno.test("security headers do not override a response's own CSP", () => {
  const res = new Response("x", {
    headers: { "content-security-policy": "default-src 'none'" },
  });
  applySecurityHeaders(res);
  assert.equal(
    res.headers.get("content-security-policy"),
    "default-src 'none'",
  );
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  assert.equal(res.headers.get("x-frame-options"), "DENY");
});

Deno.test("build manifest pins the client bundle to a content hash", () => {
  const assets = createAssets();
  const url = assets.buildUrl("client.js");
  assert.ok(url, "run `deno task build` first");
  assert.match(url, /^\/_build\/client\.js\?v=[0-9a-f]{12}$/);
  assert.equal(assets.buildUrl("nope.js"), null);
});
