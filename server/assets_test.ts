/** Static files: only plain names in the static and build folders are read. */
import assert from "node:assert/strict";
import { createAssets } from "./assets.ts";
import { contentVersion } from "./content_hash.ts";

const get = new Request("http://wb.test/");

const REFUSED = [
  "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "/..%2F..%2Fetc%2Fpasswd",
  "//etc/passwd",
  "/_build//etc/hostname",
  "/.%2Fstyles.css",
  "/styles.css/",
  "/./styles.css",
  "/a\\b",
  "/styles.css\0",
  "/.hidden",
  "/_build/../styles.css",
];

for (const path of REFUSED) {
  Deno.test(`assets: bad/${JSON.stringify(path)} is no file, whatever the router decoded`, async () => {
    assert.equal(await createAssets().serve(get, path, null), null);
  });
}

Deno.test("assets: ok/a plain name in static/ is served", async () => {
  const res = await createAssets().serve(get, "/styles.css", null);
  assert.equal(res?.status, 200);
  await res?.body?.cancel();
});

/** A build folder holding `client.js` with `body`, its manifest written at `at`. */
async function rebuild(dir: URL, body: string, at: number): Promise<string> {
  const v = contentVersion(new TextEncoder().encode(body));
  await Deno.writeTextFile(
    new URL("manifest.json", dir),
    JSON.stringify({ hash: v, entries: { "client.js": v } }),
  );
  await Deno.writeTextFile(new URL("client.js", dir), body);
  const t = new Date(at);
  await Deno.utime(new URL("manifest.json", dir), t, t);
  return v;
}

Deno.test("assets: right after a rebuild, the new version is the new bytes; a stale or bogus ?v= is never immutable", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const built = new URL(`file://${dir}/`);
    const old = await rebuild(built, "old()", Date.now() - 60_000);
    const assets = createAssets({ buildDir: built });
    const fetchClient = async (v: string | null) => {
      const res = assets.serve(get, "/_build/client.js", v)!;
      return [await res.text(), res.headers.get("cache-control")];
    };
    const FOREVER = "public, max-age=31536000, immutable";
    // Warm: the old bytes held in memory, pinned by their version.
    assert.deepEqual(await fetchClient(old), ["old()", FOREVER]);
    // Rebuilt within the second the manifest is not looked at: a page
    // another isolate renders already names the new version.
    const next = await rebuild(built, "new()", Date.now());
    assert.deepEqual(await fetchClient(next), ["new()", FOREVER]);
    // The old URL is not pinned to the new bytes, nor is any other value.
    for (const v of [old, "bogus", "", null]) {
      assert.deepEqual(await fetchClient(v), ["new()", "no-cache"], `${v}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
