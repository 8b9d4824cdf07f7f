import assert from "node:assert/strict";
import type { Segment } from "../../lib/har/waterfall.ts";
import { barPaint } from "./bar_paint.ts";

const seg = (phase: Segment["phase"], ms: number): Segment => ({
  phase,
  ms,
  recorded: ms,
});

Deno.test("bar paint: each phase is a colour stop over its share of the bar, the gap left to the bar's colour", () => {
  const cases: [string, Segment[], number, string][] = [
    ["no duration", [seg("wait", 5)], 0, ""],
    ["all unaccounted", [seg("gap", 10)], 10, ""],
    [
      "phases then a gap",
      [seg("blocked", 10), seg("wait", 60), seg("gap", 30)],
      100,
      "background-image:linear-gradient(90deg,var(--wf-blocked) 0% 10%," +
      "var(--wf-wait) 10% 70%,transparent 70%)",
    ],
    [
      "thirds, rounded to a thousandth of a percent",
      [seg("send", 1), seg("wait", 1), seg("receive", 1)],
      3,
      "background-image:linear-gradient(90deg,var(--wf-send) 0% 33.333%," +
      "var(--wf-wait) 33.333% 66.667%,var(--wf-receive) 66.667% 100%," +
      "transparent 100%)",
    ],
  ];
  for (const [name, segs, dur, want] of cases) {
    assert.equal(barPaint(segs, dur), want, name);
  }
});

Deno.test("bar paint: TLS counted twice is a striped layer over its own span", () => {
  // connect 20, ssl 30, wait 40, twice 30, receive... as segmentsOf orders
  // them: twice last before the gap, here 60-90 of 100 ms.
  const got = barPaint(
    [seg("connect", 20), seg("ssl", 10), seg("wait", 30), seg("twice", 30)],
    100,
  );
  assert.equal(
    got,
    "background-image:var(--wf-stripes),linear-gradient(90deg," +
      "var(--wf-connect) 0% 20%,var(--wf-ssl) 20% 30%," +
      "var(--wf-wait) 30% 60%,transparent 60%);" +
      // 60% of a bar, for a layer 30% wide: 60 / (100 - 30) of the room.
      "background-position:85.714% 0,0 0;" +
      "background-size:30% 100%,100% 100%;background-repeat:no-repeat",
  );
  // Alone, the whole bar.
  assert.equal(
    barPaint([seg("twice", 5)], 5),
    "background-image:var(--wf-stripes),none;background-position:0% 0,0 0;" +
      "background-size:100% 100%,100% 100%;background-repeat:no-repeat",
  );
});
