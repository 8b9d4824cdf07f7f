/**
 * Behaviours a mutation review found untested: each case below fails
 * when its guard is dropped or its comparison flipped (the reviewer's
 * mutant id in the name). One file, as they cut across the HAR modules.
 */
import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { computeView, defaultViewState } from "./view.ts";
import { axisOf, markersOf, segmentsOf } from "./waterfall.ts";
import { searchMask } from "./search.ts";
import { headerNamesOf } from "./header_names.ts";
import { queryFromUrl } from "./pairs.ts";
import { Classifier, hostRange } from "./classify.ts";
import { TYPE_CATEGORIES } from "./types.ts";

type Doc = { log: { entries: Record<string, unknown>[]; pages?: unknown[] } };
const parse = (doc: unknown) => parseHarText(JSON.stringify(doc));

Deno.test("har mutants P13: an entry whose start does not parse never sets the origin", () => {
  const doc = harDoc([{ at: 0, time: 10 }, { at: 0, time: 5 }]) as Doc;
  doc.log.entries[1].startedDateTime = "garbage";
  const p = parse(doc);
  assert.deepEqual([...p.columns.start], [0, 0]);
  assert.equal(p.doc.summary.spanMs, 10);
  assert.match(p.doc.summary.firstStart, /^2024-05-01T10:00:00/);
  // The same with the bad one first.
  const rev = harDoc([{ at: 0, time: 5 }, { at: 0, time: 10 }]) as Doc;
  rev.log.entries[0].startedDateTime = "garbage";
  assert.equal(parse(rev).doc.summary.spanMs, 10);
});

Deno.test("har mutants P2: sub-millisecond digits order starts in the same millisecond", () => {
  const doc = harDoc([{ time: 1 }, { time: 1 }]) as Doc;
  doc.log.entries[0].startedDateTime = "2024-01-01T00:00:00.1235000Z";
  doc.log.entries[1].startedDateTime = "2024-01-01T00:00:00.1231000Z";
  const start = [...parse(doc).columns.start];
  assert.ok(Math.abs(start[0] - 0.4) < 1e-9, String(start));
  assert.equal(start[1], 0);
});

Deno.test("har mutants V1, V2: the scope ignores the search; type counts follow the status chips", () => {
  const { columns: c } = parsedHar([
    { at: 0, url: "https://x.test/x", time: 10, status: 200 },
    { at: 1000, url: "https://x.test/y", time: 10, status: 500 },
    {
      at: 5,
      url: "https://x.test/z.js",
      time: 10,
      status: 200,
      mime: "application/javascript",
    },
  ]);
  const v = computeView(c, { ...defaultViewState(), q: "y" });
  assert.deepEqual([v.scopeStart, v.scopeEnd], [0, 1010]);
  const five = computeView(c, { ...defaultViewState(), statuses: ["5xx"] });
  const doc = ["document", "script"].map((t) =>
    five
      .typeCounts[TYPE_CATEGORIES.indexOf(t as typeof TYPE_CATEGORIES[number])]
  );
  assert.deepEqual(doc, [1, 0], "only the 5xx entry is counted by type");
});

Deno.test("har mutants W3: time past the phases is a gap segment, so the bar is as long as the entry", () => {
  const doc = harDoc([{ time: 100 }]) as Doc;
  doc.log.entries[0].timings = { send: 10, wait: 50, receive: 0 };
  const segs = segmentsOf(parse(doc).columns, 0);
  assert.equal(segs.reduce((a, s) => a + s.ms, 0), 100);
  assert.deepEqual(segs.at(-1)?.ms, 40);
});

Deno.test("har mutants W9, W4: the axis widens for an earlier marker; markers are the scoped page's", () => {
  const pages = [
    { id: "p1", title: "", startMs: 0, onContentLoad: -1, onLoad: 100 },
    { id: "p2", title: "", startMs: 1000, onContentLoad: -1, onLoad: 100 },
  ];
  // deno-lint-ignore no-explicit-any
  const m1 = markersOf(pages as any, 0);
  assert.deepEqual(m1.map((m) => m.at), [100]);
  const early = [{ kind: "dcl" as const, at: -50, label: "" }];
  // deno-lint-ignore no-explicit-any
  assert.deepEqual(axisOf(0, 10, early as any), { start: -50, end: 10 });
});

Deno.test("har mutants HN2: a response header is found even when its own request sent the same name", () => {
  const p = parsedHar([{
    requestHeaders: [{ name: "Content-Type", value: "a" }],
    responseHeaders: [{ name: "content-type", value: "b" }],
  }]);
  const mask = searchMask(
    p.columns,
    "has-response-header:content-type",
    headerNamesOf(p.raw),
  );
  assert.deepEqual([...mask!], [1]);
});

Deno.test("har mutants SE6b, SE2, SE13: larger-than's m is 1024², a lone - is text, İ does not shift hits", () => {
  const { columns: c } = parsedHar([
    { url: "https://a.test/x", transfer: 1_040_000 },
    { url: "https://a.test/y", transfer: 1_048_576 },
  ]);
  assert.deepEqual([...searchMask(c, "larger-than:1m")!], [0, 1]);
  const { columns: d } = parsedHar([
    { url: "https://a.test/İİİİ" },
    { url: "https://b.test/x" },
    { url: "https://c.test/a-b" },
  ]);
  assert.deepEqual([...searchMask(d, "-")!], [0, 0, 1]);
  assert.deepEqual([...searchMask(d, "b.test")!], [0, 1, 0]);
});

Deno.test("har mutants PA1, PA2, C3: a query read from the URL stops at the fragment, + is a space, the host stops at ?", () => {
  assert.deepEqual(queryFromUrl("https://a.test/p?a=1+2#frag&b=2"), [
    { name: "a", value: "1 2" },
  ]);
  const r = new Int32Array(3);
  const url = "https://a.test?x=1";
  hostRange(url, r);
  assert.equal(url.slice(r[0], r[1]), "a.test");
});

Deno.test("har mutants C8-C14, C9: types by MIME type, and by extension with a fragment", () => {
  const t = (mime: string, url = "https://a.test/x", rt?: unknown) =>
    new Classifier().typeCategory(rt, mime, url, 200, false);
  const cases: [string, string, string][] = [
    ["application/wasm", "https://a.test/x", "script"],
    ["application/xhtml+xml", "https://a.test/x", "document"],
    ["application/vnd.apple.mpegurl", "https://a.test/x", "media"],
    ["text/event-stream", "https://a.test/x", "xhr"],
    ["", "https://a.test/logo.png#x", "image"],
  ];
  for (const [mime, url, want] of cases) {
    assert.equal(t(mime, url), want, `${mime} ${url}`);
  }
  assert.equal(t("text/plain", "https://a.test/x", "Fetch "), "xhr");
});

Deno.test("har mutants SC1-SC8: the banner counts each cookie, proxy credentials, and tokens by their look", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
  const doc = harDoc([{
    requestHeaders: [
      { name: "Cookie", value: "a=1; flag; b=2;" },
      { name: "Proxy-Authorization", value: "Basic abcdefghijk" },
      { name: "X-Foo", value: "Bearer abcdefghijk" },
    ],
    responseHeaders: [{ name: "Set-Cookie", value: "x=1\ny=2" }],
  }, { url: `https://a.test/?q=${jwt}` }]);
  const { doc: d } = parse(doc);
  assert.deepEqual(d.secrets, { cookies: 4, authorization: 1, tokens: 2 });
});
