import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";

Deno.test("summary: totals, span and status counts of the whole file", () => {
  const { meta } = parsedHar([
    { at: 0, time: 100, transfer: 1000, contentSize: 500, status: 200 },
    { at: 50, time: 200, transfer: 2000, contentSize: -1, status: 404 },
    {
      at: 10,
      time: 5,
      transfer: 0,
      contentSize: 7,
      status: 0,
      url: "https://b/",
    },
  ]);
  const s = meta.summary;
  assert.equal(s.requests, 3);
  assert.equal(s.transferBytes, 3000);
  assert.equal(s.contentBytes, 507, "-1 is unknown, not counted");
  assert.equal(s.spanMs, 250);
  assert.equal(s.status["2xx"], 1);
  assert.equal(s.status["4xx"], 1);
  assert.equal(s.status.other, 1);
  assert.deepEqual(s.slowest.slice(0, 2), [1, 0]);
  assert.deepEqual(s.largest.slice(0, 2), [1, 0]);
  assert.equal(s.domains, 2);
});

Deno.test("summary: the slowest five, ties by index", () => {
  const { meta } = parsedHar(
    Array.from({ length: 7 }, (_, i) => ({ at: i, time: i < 3 ? 50 : 10 + i })),
  );
  assert.deepEqual(meta.summary.slowest, [0, 1, 2, 6, 5]);
});
