/**
 * A HAR worker asked about a file it does not hold (the one that read it
 * has gone, and the page's next request started a new one) says so in
 * words a person can act on, not "No file is loaded" beside the rows.
 */
import assert from "node:assert/strict";
import { HarWorkerProbe } from "../helpers/har_hostile.ts";
import { NOT_LOADED } from "../../islands/har/protocol.ts";

Deno.test("har worker: a fresh worker asked for a detail or a copy says the parser stopped and the file is to be loaded again", async () => {
  const probe = new HarWorkerProbe();
  try {
    const d = await probe.detail(0, 10_000);
    assert.equal(d.answer.type, "detail-error");
    if (d.answer.type === "detail-error") {
      assert.equal(d.answer.message, NOT_LOADED);
      assert.match(d.answer.message, /load the file again/);
    }
    const s = await probe.sanitize(10_000);
    assert.equal(s.answer.error, NOT_LOADED);
  } finally {
    probe.close();
  }
});
