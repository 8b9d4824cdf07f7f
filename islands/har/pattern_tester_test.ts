/**
 * The pattern worker's page side, with the real worker: answers come per
 * term, a term asked for no more is stopped and never answered, a test
 * outlasting its (tiny) budget is stopped and answered as slow, and the
 * fresh worker after it still answers the next term.
 */
import assert from "node:assert/strict";
import { type PatternAnswer, PatternTester } from "./pattern_tester.ts";

const WORKER = new URL("../workers/pattern_worker.ts", import.meta.url).href;

/** URLs in the columns' layout. */
function file(urls: string[]) {
  const off = new Uint32Array(urls.length + 1);
  urls.forEach((u, i) => off[i + 1] = off[i] + u.length);
  return { urls: urls.join(""), off };
}

const FILE = file([
  "https://x.test/app.js",
  "https://x.test/logo.PNG",
  `https://x.test/${"a".repeat(5000)}`,
]);

/** A tester whose answers are kept; `next()` waits for the next one. */
function tester(budgetMs: number) {
  const seen: PatternAnswer[] = [];
  let wake = () => {};
  const t = new PatternTester(WORKER, (a) => {
    seen.push(a);
    wake();
  }, budgetMs);
  t.file(FILE);
  const next = async (count: number) => {
    while (seen.length < count) await new Promise<void>((r) => wake = r);
  };
  return { t, seen, next };
}

/** Exponential on a run of `a`s, where no URL holds a `z`: for ever. */
const SLOW = "/(a|a)*z/";

Deno.test("pattern tester: each term is answered with its mask, in turn", async () => {
  const { t, seen, next } = tester(10_000);
  try {
    t.test(["/\\.png$/", "/\\.js$/", "/a{5000}/"]);
    assert.equal(t.running, "/\\.png$/", "pending: the first is under test");
    await next(3);
    assert.deepEqual(
      seen.map((a) => [a.term, [...a.mask], a.stopped]),
      [
        ["/\\.png$/", [0, 1, 0], undefined],
        ["/\\.js$/", [1, 0, 0], undefined],
        ["/a{5000}/", [0, 0, 1], undefined],
      ],
    );
    assert.equal(t.running, null);
  } finally {
    t.stop();
  }
});

Deno.test("pattern tester: a term asked for no more is stopped and never answered", async () => {
  // The budget is long: only the newer list can end the slow test.
  const { t, seen, next } = tester(60_000);
  try {
    t.test([SLOW]);
    assert.equal(t.running, SLOW);
    const t0 = performance.now();
    t.test(["/app/"]);
    await next(1);
    assert.deepEqual(seen.map((a) => [a.term, [...a.mask]]), [
      ["/app/", [1, 0, 0]],
    ]);
    // Well within the slow test's minutes (a fresh worker, the URLs sent
    // again).
    assert.ok(performance.now() - t0 < 20_000);
    // An empty list stops all: the slow term is never answered, the one
    // asked for next is.
    t.test([SLOW]);
    t.test([]);
    assert.equal(t.running, null);
    t.test(["/\\.js$/"]);
    await next(2);
    assert.deepEqual(seen.map((a) => a.term), ["/app/", "/\\.js$/"]);
  } finally {
    t.stop();
  }
});

Deno.test("pattern tester: a test outlasting the budget is answered as slow, and the next term still is", async () => {
  const { t, seen, next } = tester(100);
  try {
    t.test([SLOW, "/logo/"]);
    await next(2);
    assert.deepEqual(seen.map((a) => [a.term, [...a.mask], a.stopped]), [
      [SLOW, [0, 0, 0], "slow"],
      ["/logo/", [0, 1, 0], undefined],
    ]);
  } finally {
    t.stop();
  }
});

Deno.test("pattern tester: another file drops the last one's terms", async () => {
  const { t, seen, next } = tester(60_000);
  try {
    t.test([SLOW]);
    t.file(file(["https://y.test/app"]));
    assert.equal(t.running, null);
    t.test(["/app/"]);
    await next(1);
    assert.deepEqual(seen.map((a) => [a.term, [...a.mask]]), [
      ["/app/", [1]],
    ]);
  } finally {
    t.stop();
  }
});

Deno.test("pattern tester: without a worker, every term is answered as failed", () => {
  const seen: PatternAnswer[] = [];
  const t = new PatternTester(null, (a) => seen.push(a));
  t.file(FILE);
  t.test(["/app/", "/png/"]);
  assert.deepEqual(seen.map((a) => [a.term, [...a.mask], a.stopped]), [
    ["/app/", [0, 0, 0], "failed"],
    ["/png/", [0, 0, 0], "failed"],
  ]);
});
