/**
 * The real HAR worker answering a row menu: opening it moves only what
 * each copy is (its length and note), however large the texts, and the
 * one text picked comes whole when it is asked for.
 */
import assert from "node:assert/strict";
import { entry, har, HarWorkerProbe } from "../helpers/har_hostile.ts";
import { res, withBody } from "../helpers/har_big.ts";
import type { RowCopyKind } from "../../lib/har/row_copy.ts";

/** ms: a hang detector. */
const BOUND = 30_000;

Deno.test("har row menu: opening a row's menu moves no texts from the worker, only lengths and notes; a pick moves its own text", async () => {
  const probe = new HarWorkerProbe();
  try {
    // Under the copies' million characters: every copy of it is offered.
    const body = "y".repeat(900_000);
    const text = JSON.stringify(har([
      withBody({ size: body.length, mimeType: "text/plain", text: body }),
      entry({ response: { ...res(), headers: [] } }),
    ]));
    const { answer } = await probe.load(text, BOUND);
    assert.equal(answer.type, "loaded");
    const opened = await probe.rowCopies(0, BOUND);
    const offers = opened.answer.offers;
    assert.ok(offers, opened.answer.error);
    // Before, the answer held the body, its headers and commands: 900 kB.
    assert.ok(JSON.stringify(opened.answer).length < 2_000);
    assert.deepEqual(offers.response, { chars: body.length, note: "" });
    const cases: [number, RowCopyKind, string][] = [
      [0, "response", body],
      [1, "response", "hello"],
      [1, "requestHeaders", "Accept: */*"],
    ];
    for (const [index, kind, want] of cases) {
      const picked = await probe.rowCopy(index, kind, BOUND);
      assert.equal(picked.answer.text, want, `${index} ${kind}`);
      assert.equal(picked.answer.error, undefined, `${index} ${kind}`);
    }
    const curl = await probe.rowCopy(0, "curl", BOUND);
    assert.match(curl.answer.text, /^curl /);
    assert.equal(curl.answer.text.length, offers.curl.chars);
    // Nothing to copy: "" and why, the offer's own note.
    const second = await probe.rowCopies(1, BOUND);
    const none = await probe.rowCopy(1, "responseHeaders", BOUND);
    assert.equal(none.answer.text, "");
    assert.equal(none.answer.error, second.answer.offers?.responseHeaders.note);
    assert.equal(none.answer.error, "The response has no headers recorded.");
    // No such entry.
    const gone = await probe.rowCopy(7, "curl", BOUND);
    assert.deepEqual([gone.answer.text, gone.answer.error], ["", "No entry 7"]);
  } finally {
    probe.close();
  }
});
