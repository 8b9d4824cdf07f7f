/** Static files: only plain names in the static and build folders are read. */
import assert from "node:assert/strict";
import { createAssets } from "./assets.ts";

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
    assert.equal(await createAssets().serve(get, path, false), null);
  });
}

Deno.test("assets: ok/a plain name in static/ is served", async () => {
  const res = await createAssets().serve(get, "/styles.css", false);
  assert.equal(res?.status, 200);
  await res?.body?.cancel();
});
