/**
 * Pages carry a strong ETag per coded form and answer If-None-Match with
 * 304 (RFC 9110 §13.1.2, §15.4.5), over real TCP.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { createApp } from "../../server/app.ts";

const PAGES = ["/", "/spec", "/spec/compare", "/har", "/debug"];

Deno.test("pages: a revisit with the page's ETag is a 304 carrying ETag, Cache-Control, Vary and the security headers", async () => {
  const s = startServer();
  try {
    for (const path of PAGES) {
      for (const accept of ["br", "gzip", "identity"]) {
        const headers = { "accept-encoding": accept };
        const first = await fetch(s.origin + path, { headers });
        await first.body?.cancel();
        const etag = first.headers.get("etag")!;
        const suffix = accept === "identity" ? "" : `-${accept}`;
        assert.match(etag, new RegExp(`^"[0-9a-f]{20}${suffix}"$`), path);
        for (const tags of [etag, `"other", W/${etag}`, "*"]) {
          const again = await fetch(s.origin + path, {
            headers: { ...headers, "if-none-match": tags },
          });
          assert.equal(again.status, 304, `${path} ${accept} ${tags}`);
          assert.equal(await again.text(), "");
          assert.equal(again.headers.get("etag"), etag);
          assert.equal(again.headers.get("cache-control"), "no-cache");
          assert.equal(again.headers.get("vary"), "accept-encoding");
          assert.match(
            again.headers.get("content-security-policy")!,
            /connect-src 'self'/,
          );
        }
        // HEAD names the same representation, and its length.
        const head = await fetch(s.origin + path, { method: "HEAD", headers });
        assert.equal(head.headers.get("etag"), etag);
        assert.equal(
          head.headers.get("content-length"),
          first.headers.get("content-length"),
        );
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("pages: another coding's tag, or an old one, gets the page again", async () => {
  const s = startServer();
  try {
    const br = await fetch(s.origin + "/debug", {
      headers: { "accept-encoding": "br" },
    });
    await br.body?.cancel();
    for (
      const [accept, tags] of [
        ["identity", br.headers.get("etag")!],
        ["gzip", br.headers.get("etag")!],
        ["br", '"0123456789abcdef0123-br"'],
      ]
    ) {
      const res = await fetch(s.origin + "/debug", {
        headers: { "accept-encoding": accept, "if-none-match": tags },
      });
      assert.equal(res.status, 200, `${accept} ${tags}`);
      assert.match(await res.text(), /Debug endpoints/);
    }
  } finally {
    await s.close();
  }
});

Deno.test("pages: the not-found page is not stored and has no validator", async () => {
  const s = startServer();
  try {
    const res = await fetch(s.origin + "/no/such/page", {
      headers: { "if-none-match": "*" },
    });
    await res.body?.cancel();
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("etag"), null);
    assert.equal(res.headers.get("cache-control"), "no-store");
  } finally {
    await s.close();
  }
});

Deno.test("pages: each page's tag is the same from another instance (each isolate of deno serve --parallel)", async () => {
  // Asked in process, at one address as every isolate behind it is (a
  // client's fetch cannot set Host, and /debug's commands name it).
  const a = createApp(), b = createApp();
  // /debug too: its examples are recorded with a fixed clock, seed and key
  // (components/debug/samples.ts), a moment apart here.
  for (const path of PAGES) {
    const tag = async (app: typeof a) => {
      const res = await app.fetch(new Request(`http://wirebench.test${path}`));
      await res.body?.cancel();
      return res.headers.get("etag");
    };
    const ta = await tag(a);
    await new Promise((r) => setTimeout(r, 2));
    const tb = await tag(b);
    assert.ok(ta, path);
    assert.equal(ta, tb, path);
  }
});
