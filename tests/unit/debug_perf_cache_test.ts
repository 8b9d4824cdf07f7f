import assert from "node:assert/strict";
import { prebuilt, ResponseCache } from "../../lib/debug/response_cache.ts";
import { gzipSync } from "node:zlib";

Deno.test("response cache: a hit gives the same status, headers and bytes as the build", async () => {
  const cache = new ResponseCache(4);
  let builds = 0;
  const bytes = new Uint8Array(gzipSync(new TextEncoder().encode('{"a":1}')));
  const make = () => {
    builds++;
    return new Response(bytes as BodyInit, {
      status: 201,
      headers: { "content-encoding": "gzip", "x-a": "1" },
    });
  };
  const first = cache.respond("k", make);
  const second = cache.respond("k", make);
  assert.equal(builds, 1);
  for (const r of [first, second]) {
    assert.equal(r.status, 201);
    assert.equal(r.headers.get("content-encoding"), "gzip");
    assert.deepEqual(new Uint8Array(await r.arrayBuffer()), bytes);
  }
  // A third clone still has its body: reading a clone never drains the stored one.
  assert.deepEqual(
    new Uint8Array(await cache.respond("k", make).arrayBuffer()),
    bytes,
  );
});

Deno.test("response cache: bounded, evicting the least recently used", async () => {
  const cache = new ResponseCache(3);
  const built: string[] = [];
  const get = (k: string) =>
    cache.respond(k, () => {
      built.push(k);
      return new Response(k);
    });
  for (const k of ["a", "b", "c"]) await get(k).text();
  await get("a").text(); // a is now the most recent
  await get("d").text(); // evicts b
  assert.equal(cache.size, 3);
  await get("a").text();
  await get("c").text();
  assert.deepEqual(built, ["a", "b", "c", "d"]);
  assert.equal(await get("b").text(), "b"); // rebuilt
  assert.deepEqual(built, ["a", "b", "c", "d", "b"]);
  assert.equal(cache.size, 3);
  for (let i = 0; i < 1000; i++) await get(String(i)).text();
  assert.equal(cache.size, 3);
});

Deno.test("response cache: keys over the length limit are answered, never stored", async () => {
  const cache = new ResponseCache(8, 10);
  let builds = 0;
  const make = () => (builds++, new Response("x"));
  const long = "k".repeat(11);
  assert.equal(await cache.respond(long, make).text(), "x");
  assert.equal(await cache.respond(long, make).text(), "x");
  assert.equal(builds, 2);
  assert.equal(cache.size, 0);
});

Deno.test("prebuilt: clones are independent of each other and of the original", async () => {
  const get = prebuilt('{"done":true}', {
    status: 200,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
    },
  });
  const a = get();
  a.headers.set("content-length", "13"); // what HEAD handling does
  const b = get();
  assert.equal(b.headers.get("content-length"), null);
  assert.equal(await a.text(), '{"done":true}');
  assert.equal(await b.text(), '{"done":true}');
  assert.equal(b.headers.get("cache-control"), "no-store");
});
