import assert from "node:assert/strict";
import { contentType } from "./content_type.ts";
import { applySecurityHeaders, PAGE_CSP } from "./security.ts";
import { createAssets } from "./assets.ts";
import { contentVersion } from "./content_hash.ts";

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

Deno.test("assets: after a rebuild, pages name the new entry scripts, and the old ones held in memory are let go", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const built = new URL(`file://${dir}/`);
    const write = async (body: string, at: number) => {
      const hash = contentVersion(new TextEncoder().encode(body));
      await Deno.writeTextFile(
        new URL("manifest.json", built),
        JSON.stringify({ hash, entries: { "client.js": hash } }),
      );
      await Deno.writeTextFile(new URL("client.js", built), body);
      const t = new Date(at);
      await Deno.utime(new URL("manifest.json", built), t, t);
      return hash;
    };
    const old = await write("old", Date.now() - 60_000);
    const assets = createAssets({ buildDir: built });
    assert.equal(assets.buildUrl("client.js"), `/_build/client.js?v=${old}`);
    const get = async (v: string) => {
      const res = assets.serve(
        new Request("http://x/_build/client.js"),
        "/_build/client.js",
        v,
      );
      return await res!.text();
    };
    assert.equal(await get(old), "old");
    const next = await write("new", Date.now());
    // Looked at again at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(assets.buildUrl("client.js"), `/_build/client.js?v=${next}`);
    assert.equal(await get(next), "new");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
