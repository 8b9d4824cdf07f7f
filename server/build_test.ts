import assert from "node:assert/strict";
import { carryChunks } from "./build.ts";

Deno.test("build: the last build's hashed chunks stay loadable after a rebuild, for a day; entries and newer chunks are the new build's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const current = new URL(`file://${dir}/current/`);
    const out = new URL(`file://${dir}/out/`);
    await Deno.mkdir(current);
    await Deno.mkdir(out);
    const now = Date.now();
    const put = async (at: URL, name: string, text: string, age = 0) => {
      await Deno.writeTextFile(new URL(name, at), text);
      const t = new Date(now - age);
      await Deno.utime(new URL(name, at), t, t);
    };
    await put(current, "client.js", "old entry");
    await put(current, "chunk-OLDOLD11.js", "old chunk", 3600_000);
    await put(current, "chunk-SAMESAME.js", "old copy");
    await put(current, "chunk-STALE111.js", "two days old", 48 * 3600_000);
    await put(out, "client.js", "new entry");
    await put(out, "chunk-SAMESAME.js", "new copy");
    assert.equal(await carryChunks(current, out, now), 1);
    const read = (name: string) => Deno.readTextFile(new URL(name, out));
    assert.equal(await read("chunk-OLDOLD11.js"), "old chunk");
    assert.equal(await read("client.js"), "new entry");
    assert.equal(await read("chunk-SAMESAME.js"), "new copy");
    await assert.rejects(read("chunk-STALE111.js"), Deno.errors.NotFound);
    // Its time is kept, so the next rebuilds drop it after the day.
    const { mtime } = await Deno.stat(new URL("chunk-OLDOLD11.js", out));
    assert.equal(
      Math.round(mtime!.getTime() / 1000),
      Math.round((now - 3600_000) / 1000),
    );
    // A first build has nothing to carry.
    assert.equal(await carryChunks(new URL(`file://${dir}/none/`), out), 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
