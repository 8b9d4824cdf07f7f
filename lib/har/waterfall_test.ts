import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { axisOf, axisTicks, markersOf, pct, segmentsOf } from "./waterfall.ts";

type Doc = { log: { entries: Record<string, unknown>[] } };

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

Deno.test("waterfall: phases over the duration are scaled in the bar, recorded in the tooltip", () => {
  const doc = harDoc([{ time: 75 }]) as {
    log: { entries: { timings: Record<string, number> }[] };
  };
  doc.log.entries[0].timings = {
    connect: 20,
    ssl: 30,
    send: 0,
    wait: 50,
    receive: 0,
  };
  const { columns: c } = parseHarText(JSON.stringify(doc));
  const segs = segmentsOf(c, 0);
  assert.deepEqual(
    segs.map((s) => [s.phase, s.recorded]),
    [["connect", 20], ["ssl", 30], ["wait", 50]],
  );
  const width = segs.reduce((a, s) => a + s.ms, 0);
  assert.ok(Math.abs(width - 75) < 1e-9, String(width));
});

Deno.test("waterfall: time past the phases is a gap segment, so the bar is as long as the entry", () => {
  const doc = harDoc([{ time: 100 }]) as Doc;
  doc.log.entries[0].timings = { send: 10, wait: 50, receive: 0 };
  const segs = segmentsOf(parseHarText(JSON.stringify(doc)).columns, 0);
  assert.equal(segs.reduce((a, s) => a + s.ms, 0), 100);
  assert.deepEqual(segs.at(-1)?.ms, 40);
});

Deno.test("waterfall: the axis widens for an earlier marker; markers are the scoped page's", () => {
  const pages = [
    { id: "p1", title: "", startMs: 0, onContentLoad: -1, onLoad: 100 },
    { id: "p2", title: "", startMs: 1000, onContentLoad: -1, onLoad: 100 },
  ];
  // deno-lint-ignore no-explicit-any
  const m1 = markersOf(pages as any, 0);
  assert.deepEqual(m1.map((m) => m.at), [100]);
  const early = [{ kind: "dcl" as const, at: -50, label: "" }];
  // deno-lint-ignore no-explicit-any
  assert.deepEqual(axisOf(0, 10, early as any), {
    start: -50,
    end: 10,
    origin: 0,
  });
});

Deno.test("waterfall: tick labels count from the scope's start, ticks sit at file offsets", () => {
  // Page 2 of harviewer-multiple-pages.har: its requests 7.7 s into the file.
  const axis = axisOf(7700, 7760, []);
  assert.equal(axis.origin, 7700);
  const ticks = axisTicks(axis, 6);
  assert.deepEqual(ticks.map((t) => t.label), [
    "0",
    "10 ms",
    "20 ms",
    "30 ms",
    "40 ms",
    "50 ms",
    "60 ms",
  ]);
  // Where they are drawn: the rows' offsets (data-start-ms) are the file's.
  assert.deepEqual(ticks.map((t) => t.at), [
    7700,
    7710,
    7720,
    7730,
    7740,
    7750,
    7760,
  ]);
  // The whole file: from 0, as before.
  assert.deepEqual(
    axisTicks(axisOf(0, 400, []), 4).map((t) => t.label),
    ["0", "100 ms", "200 ms", "300 ms", "400 ms"],
  );
  // A marker before the scope's first request widens the axis: its ticks
  // are negative, the scope's start still 0.
  const early = axisOf(1000, 1200, [{ kind: "dcl", at: 900, label: "" }]);
  assert.deepEqual(
    axisTicks(early, 3).map((t) => t.label),
    ["-100 ms", "0", "100 ms", "200 ms"],
  );
  // A marker off the tick step (50 ms before): no tick before the axis
  // starts, the first one the scope's start, labelled "0" (not "-0").
  const off = axisOf(1000, 1200, [{ kind: "dcl", at: 950, label: "" }]);
  assert.deepEqual(
    axisTicks(off, 3).map((t) => [t.at, t.label]),
    [[1000, "0"], [1100, "100 ms"], [1200, "200 ms"]],
  );
  // Off the step further back: the first tick is the first step inside.
  const back = axisOf(1000, 1200, [{ kind: "load", at: 830, label: "" }]);
  assert.deepEqual(
    axisTicks(back, 4).map((t) => [t.at, t.label]),
    [[900, "-100 ms"], [1000, "0"], [1100, "100 ms"], [1200, "200 ms"]],
  );
});

/** A Playwright entry: `connect` holds TLS, `time` adds `ssl` again. */
function playwrightDoc(creator = "Playwright"): string {
  const doc = harDoc([{ time: 140 }]) as {
    log: {
      creator: { name: string };
      entries: { timings: Record<string, number> }[];
    };
  };
  doc.log.creator.name = creator;
  // time 140 = dns 10 + connect 50 (TLS 30 of it) + ssl 30 + wait 40 + receive 10
  doc.log.entries[0].timings = {
    dns: 10,
    connect: 50,
    ssl: 30,
    send: 0,
    wait: 40,
    receive: 10,
  };
  return JSON.stringify(doc);
}

Deno.test("waterfall: Playwright's TLS is drawn once inside Connect, its second count in time apart", () => {
  const { columns: c, doc } = parseHarText(playwrightDoc());
  const segs = segmentsOf(c, 0);
  assert.deepEqual(segs.map((s) => [s.phase, s.ms]), [
    ["dns", 10],
    ["connect", 20],
    ["ssl", 30],
    ["wait", 40],
    ["receive", 10],
    ["twice", 30],
  ]);
  // The duration stays `time` as written (HAR 1.2 §4.2), the bar as long
  // as it.
  assert.equal(c.duration[0], 140);
  assert.equal(segs.reduce((a, s) => a + s.ms, 0), 140);
  assert.equal(doc.entries[0].timings.sslInConnect, true);
  assert.equal(doc.entries[0].timings.sslTwice, true);
});

Deno.test("waterfall: the same numbers from another exporter are TLS apart (Firefox), not twice", () => {
  const { columns: c, doc } = parseHarText(playwrightDoc("Firefox"));
  assert.deepEqual(segmentsOf(c, 0).map((s) => s.phase), [
    "dns",
    "connect",
    "ssl",
    "wait",
    "receive",
  ]);
  assert.equal(doc.entries[0].timings.sslTwice, false);
});
