/**
 * The real HAR worker with a 50 MB body: it loads, details and sanitizes
 * it within a generous bound, and the detail it posts stays small.
 */
import assert from "node:assert/strict";
import {
  entry,
  har,
  HarWorkerProbe,
  printTally,
} from "../helpers/har_hostile.ts";
import { BOUND, DETAIL_MAX, MB50, withBody } from "../helpers/har_big.ts";

Deno.test("har big: the real worker loads, details and sanitizes a 50 MB body in time", async () => {
  const probe = new HarWorkerProbe();
  try {
    const text = JSON.stringify(har([
      entry(),
      withBody({
        size: MB50,
        mimeType: "application/json",
        text: `[${'"x",'.repeat(MB50 / 4)}1]`,
      }),
    ]));
    const { answer, ms, after } = await probe.load(text, BOUND);
    assert.equal(answer.type, "loaded");
    await after;
    const d = await probe.detail(1, BOUND);
    assert.equal(d.answer.type, "detail");
    if (d.answer.type === "detail") {
      assert.ok(JSON.stringify(d.answer.detail).length < DETAIL_MAX);
    }
    const s = await probe.sanitize(BOUND);
    assert.ok(s.answer.blob && s.answer.blob.size > MB50);
    console.log(
      `50 MB through the worker: rows ${ms.toFixed(0)} ms, detail ${
        d.ms.toFixed(0)
      } ms, sanitized ${s.ms.toFixed(0)} ms`,
    );
  } finally {
    probe.close();
  }
  printTally("HAR hostile inputs, the worker (har_big_worker_test.ts)");
});
