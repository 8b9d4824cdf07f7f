import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { axisOf, markersOf, pct, segmentsOf } from "./waterfall.ts";

Deno.test("waterfall: segments follow the phases, nothing negative", () => {
  const { columns: c } = parsedHar([{ time: 10 }]);
  const segs = segmentsOf(c, 0);
  assert.deepEqual(segs.map((s) => s.phase), ["send", "wait", "receive"]);
  for (const s of segs) assert.ok(JSON.stringify(s).indexOf("-") < 0);
});

Deno.test("waterfall: page markers and an axis that holds them", () => {
  const pages = [{
    id: "page_1",
    title: "t",
    startMs: 0,
    onContentLoad: 120,
    onLoad: 300,
  }];
  // deno-lint-ignore no-explicit-any
  const markers = markersOf(pages as any, null);
  assert.deepEqual(markers.map((m) => [m.kind, m.at]), [["dcl", 120], [
    "load",
    300,
  ]]);
  const axis = axisOf(0, 200, markers);
  assert.equal(axis.start, 0);
  assert.ok(axis.end >= 300);
  assert.equal(pct(axis.end, axis), 100);
  assert.equal(pct(0, { start: 0, end: 400 }), 0);
});
