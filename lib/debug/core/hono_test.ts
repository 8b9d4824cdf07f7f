/** The embeddable API's router version follows the app's import map. */
import assert from "node:assert/strict";

Deno.test("hono: lib/debug pins the version deno.json maps", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../../deno.json", import.meta.url)),
  );
  const source = await Deno.readTextFile(new URL("./hono.ts", import.meta.url));
  const pinned = /"(npm:hono@[^"]+)"/.exec(source)?.[1];
  assert.equal(pinned, config.imports.hono);
});
