/**
 * A missing script, style sheet or image is a short plain 404; a missing
 * page is the not-found page a reader sees. Over real TCP.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";

const PLAIN = [
  "/_build/chunk-NOTEXIST.js",
  "/_build/client.js.map",
  "/_build/nothing",
  "/nope.css",
  "/NOPE.JS",
  "/favicon.ico",
  "/font.woff2",
  "/robots.txt",
  "/deep/er/missing.svg",
];

const PAGE = ["/no/such/page", "/about.html", "/v1.2/docs", "/spec.", "/js"];

Deno.test("static: a missing file gets a short text/plain 404 with the security headers, GET and HEAD", async () => {
  const s = startServer();
  try {
    for (const path of PLAIN) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(s.origin + path, { method });
        const text = await res.text();
        assert.equal(res.status, 404, path);
        assert.equal(
          res.headers.get("content-type"),
          "text/plain; charset=utf-8",
          path,
        );
        assert.equal(text, method === "GET" ? "Not Found\n" : "", path);
        assert.equal(res.headers.get("content-length"), "10", path);
        assert.equal(res.headers.get("cache-control"), "no-store", path);
        assert.equal(res.headers.get("x-content-type-options"), "nosniff");
        assert.ok(res.headers.get("content-security-policy"), path);
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("static: a missing page-like path keeps the HTML not-found page", async () => {
  const s = startServer();
  try {
    for (const path of PAGE) {
      const res = await fetch(s.origin + path);
      const html = await res.text();
      assert.equal(res.status, 404, path);
      assert.match(res.headers.get("content-type")!, /^text\/html/, path);
      assert.match(html, /Page not found/, path);
    }
  } finally {
    await s.close();
  }
});
