import assert from "node:assert/strict";
import { createDebugHandler } from "../mod.ts";

type Handler = ReturnType<typeof createDebugHandler>;

const B = "http://x/api/debug";

async function get(h: Handler, path: string): Promise<Uint8Array> {
  const res = await h(new Request(`${B}${path}`));
  assert.equal(res.status, 200, path);
  assert.equal(res.headers.get("content-type"), "application/octet-stream");
  return new Uint8Array(await res.arrayBuffer());
}

const differ = (a: Uint8Array, b: Uint8Array) =>
  a.length !== b.length || a.some((x, i) => x !== b[i]);

Deno.test("bytes ok/the same seed gives the same bytes in two instances", async () => {
  const one = createDebugHandler();
  const two = createDebugHandler();
  for (const [n, seed] of [[16, "42"], [1, "a"], [1027, "x_y.z:-9"]]) {
    const a = await get(one, `/bytes/${n}?seed=${seed}`);
    const b = await get(two, `/bytes/${n}?seed=${seed}`);
    assert.equal(a.length, n);
    assert.deepEqual(a, b, `n=${n} seed=${seed}`);
  }
});

Deno.test("bytes ok/a shorter body is a prefix of a longer one, same seed", async () => {
  const h = createDebugHandler();
  const long = await get(h, "/bytes/4099?seed=7");
  for (const n of [0, 1, 3, 4, 5, 4098]) {
    assert.deepEqual(await get(h, `/bytes/${n}?seed=7`), long.subarray(0, n));
  }
});

Deno.test("bytes ok/different seeds give different bytes", async () => {
  const h = createDebugHandler();
  const seen = new Set<string>();
  for (const seed of ["1", "2", "42", "43", "a", "A"]) {
    seen.add((await get(h, `/bytes/32?seed=${seed}`)).toHex());
  }
  assert.equal(seen.size, 6);
});

Deno.test("bytes ok/without a seed: random, or the instance's seeded stream: the same requests in the same order, the same bytes", async () => {
  const h = createDebugHandler();
  assert.ok(differ(await get(h, "/bytes/64"), await get(h, "/bytes/64")));
  const run = async () => {
    const seeded = createDebugHandler({ seed: "run-1" });
    return [
      await get(seeded, "/bytes/64"),
      await get(seeded, "/bytes/64"),
      await get(seeded, "/bytes/64?seed=5"),
    ];
  };
  const [a, b] = [await run(), await run()];
  assert.deepEqual(a, b);
  // Each request takes the next: a run's bodies differ from each other.
  assert.ok(differ(a[0], a[1]));
  // The query's seed wins over the instance's.
  assert.deepEqual(a[2], await get(h, "/bytes/64?seed=5"));
});

Deno.test("bytes ok//stream-bytes sends what /bytes sends for the same n and seed", async () => {
  const one = createDebugHandler();
  const two = createDebugHandler();
  for (const [n, chunk] of [[0, 1], [1, 1], [10_240, 10_240], [100_000, 7]]) {
    const a = await get(one, `/bytes/${n}?seed=s${n}`);
    const b = await get(
      two,
      `/stream-bytes/${n}?seed=s${n}&chunk_size=${chunk}`,
    );
    assert.equal(b.length, n);
    assert.deepEqual(a, b, `n=${n}`);
  }
  // The default chunk size too.
  assert.deepEqual(
    await get(one, "/stream-bytes/25000?seed=d"),
    await get(two, "/bytes/25000?seed=d"),
  );
});

const BAD: [string, string, string][] = [
  ["bad/n not a number", "/bytes/abc", "n"],
  ["bad/n negative", "/bytes/-1", "n"],
  ["bad/n over maxBytes", "/bytes/1025", "n"],
  ["bad/stream-bytes n over maxBytes", "/stream-bytes/1025", "n"],
  ["bad/chunk_size 0", "/stream-bytes/10?chunk_size=0", "chunk_size"],
  [
    "bad/chunk_size over maxBytes",
    "/stream-bytes/10?chunk_size=1025",
    "chunk_size",
  ],
  ["bad/seed with a space", "/bytes/10?seed=a%20b", "seed"],
  ["bad/seed too long", `/bytes/10?seed=${"x".repeat(65)}`, "seed"],
];

for (const [name, path, param] of BAD) {
  Deno.test(`bytes ${name}`, async () => {
    const h = createDebugHandler({ limits: { maxBytes: 1024 } });
    const res = await h(new Request(`${B}${path}`));
    assert.equal(res.status, 400);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal((await res.json()).param, param);
  });
}

Deno.test("bytes bad//stream-bytes refuses more than MAX_STREAM_WRITES writes, naming chunk_size; as many passes", async () => {
  const h = createDebugHandler();
  const over = await h(
    new Request(`${B}/stream-bytes/1048576?chunk_size=15`),
  );
  assert.equal(over.status, 400);
  const p = await over.json();
  assert.equal(p.param, "chunk_size");
  assert.match(p.detail, /at most 65536 writes: give chunk_size 16 or more/);
  const at = await h(new Request(`${B}/stream-bytes/1048576?chunk_size=16`));
  assert.equal(at.status, 200);
  await at.body?.cancel();
  // One byte past a whole number of writes is one write more: refused.
  const past = await h(
    new Request(`${B}/stream-bytes/${65_536 * 8 + 1}?chunk_size=8`),
  );
  assert.equal(past.status, 400);
  assert.match((await past.json()).detail, /give chunk_size 9 or more/);
});
