import assert from "node:assert/strict";
import { harDoc, harFixture } from "../../tests/helpers/har_doc.ts";

type Doc = { log: { entries: Record<string, unknown>[] } };
import { indexHarText, parseHarText, parseHarValue } from "./parse.ts";
import { orderOf } from "./orders.ts";
import { countHarSecrets } from "./secrets.ts";
import { type SortKey, TYPE_CATEGORIES } from "./types.ts";
import { HarParseError } from "./errors.ts";

const read = harFixture;

Deno.test("har parse: mixed fixture, per-entry facts", async () => {
  const { doc } = parseHarText(await read("mixed.har"));
  const e = doc.entries;
  assert.equal(e.length, 8);
  assert.deepEqual(e.map((x) => x.startMs), [
    500,
    0,
    123.4567,
    1000,
    500,
    2000,
    250,
    300,
  ]);
  assert.deepEqual(e.map((x) => x.durationMs), [
    120,
    300,
    45.75,
    0,
    60,
    5000,
    0,
    35.5,
  ]);
  assert.deepEqual(e.map((x) => x.transferSize), [
    1200,
    5000,
    50,
    150,
    1000,
    120,
    0,
    180,
  ]);
  assert.deepEqual(e.map((x) => x.contentSize), [
    3000,
    12000,
    50,
    0,
    900,
    0,
    -1,
    80,
  ]);
  assert.deepEqual(e.map((x) => x.statusClass), [
    "2xx",
    "2xx",
    "4xx",
    "3xx",
    "2xx",
    "other",
    "other",
    "5xx",
  ]);
  assert.deepEqual(e.map((x) => x.type), [
    "script",
    "document",
    "xhr",
    "image",
    "font",
    "websocket",
    "other",
    "xhr",
  ]);
  assert.deepEqual(e.map((x) => x.mimeType).slice(0, 3), [
    "application/javascript",
    "text/html; charset=utf-8",
    "application/json",
  ]);
  assert.equal(e[0].host, "example.com");
  assert.equal(e[0].path, "/app.js?v=1");
  assert.equal(e[2].method, "POST");
  // HAR 1.2: ssl inside connect when phases add up to time without it.
  assert.equal(e[1].timings.sslInConnect, true);
  // Firefox style: time = phases + ssl.
  assert.equal(e[4].timings.sslInConnect, false);
  assert.equal(e[3].timings.wait, -1); // empty timings {}
});

Deno.test("har parse: mixed fixture, summary and pages", async () => {
  const { doc } = parseHarText(await read("mixed.har"));
  const s = doc.summary;
  assert.equal(s.requests, 8);
  assert.equal(s.transferBytes, 7700);
  assert.equal(s.contentBytes, 16030);
  assert.equal(s.spanMs, 7000);
  assert.deepEqual(s.status, {
    "2xx": 3,
    "3xx": 1,
    "4xx": 1,
    "5xx": 1,
    other: 2,
  });
  assert.deepEqual(s.byType.xhr, { count: 2, bytes: 230 });
  assert.deepEqual(s.byType.document, { count: 1, bytes: 5000 });
  assert.deepEqual(s.slowest.slice(0, 3), [5, 1, 0]);
  assert.deepEqual(s.largest.slice(0, 3), [1, 0, 4]);
  assert.equal(s.domains, 3);
  assert.equal(s.firstStart, "2024-05-01T08:00:00Z");
  assert.deepEqual(doc.pages.map((p) => [p.id, p.count, p.synthetic]), [
    ["page_1", 3, false],
    ["page_2", 2, false],
    ["page_9", 1, true],
  ]);
  assert.equal(doc.pages[0].onContentLoad, 250);
  assert.equal(doc.pages[0].onLoad, 400);
  assert.equal(doc.pages[1].onContentLoad, -1);
  assert.equal(doc.pages[1].onLoad, -1);
  assert.equal(doc.pages[1].startMs, 100);
  assert.deepEqual(doc.entries.map((x) => x.page), [0, 0, 1, -1, 2, -1, 0, 1]);
  assert.deepEqual(doc.secrets, { cookies: 2, authorization: 1, tokens: 1 });
  assert.match(doc.warnings.join(" "), /page_9/);
  assert.equal(doc.creator, "Wirebench fixture 1");
});

Deno.test("har parse: the six orders, ties by start then index", async () => {
  const { columns } = parseHarText(await read("mixed.har"));
  const o = (k: SortKey) => [...orderOf(columns, k)];
  assert.deepEqual(o("start"), [1, 2, 6, 7, 0, 4, 3, 5]);
  assert.deepEqual(o("start-desc"), [5, 3, 0, 4, 7, 6, 2, 1]);
  assert.deepEqual(o("duration"), [6, 3, 7, 2, 4, 0, 1, 5]);
  assert.deepEqual(o("duration-desc"), [5, 1, 0, 4, 2, 7, 6, 3]);
  assert.deepEqual(o("size"), [6, 2, 5, 3, 7, 4, 0, 1]);
  assert.deepEqual(o("size-desc"), [1, 0, 4, 7, 3, 5, 2, 6]);
});

Deno.test("har parse: first rows first, the rest on demand", async () => {
  const text = await read("mixed.har");
  const quick = indexHarText(text, undefined, false);
  assert.equal(quick.meta.secrets, null);
  assert.deepEqual(Object.keys(quick.columns.orders), ["start", "start-desc"]);
  // A sort that needs a missing order computes it, the same as eagerly.
  const full = indexHarText(text);
  assert.deepEqual(
    [...orderOf(quick.columns, "size-desc")],
    [...full.columns.orders["size-desc"]!],
  );
  assert.deepEqual(countHarSecrets(quick.raw), full.meta.secrets);
});

Deno.test("har parse: BOM, CRLF and HAR 1.1 are accepted", async () => {
  const text = await read("bom.har");
  assert.equal(text.charCodeAt(0), 0xfeff);
  const { doc } = parseHarText(text);
  assert.equal(doc.version, "1.1");
  assert.equal(doc.entries.length, 1);
  // Its entry names page_1, which this log does not list: a stand-in page.
  assert.deepEqual(doc.pages.map((p) => [p.id, p.synthetic]), [[
    "page_1",
    true,
  ]]);
});

Deno.test("har parse: an empty entries array is a valid, empty log", async () => {
  const { doc, columns } = parseHarText(await read("empty-entries.har"));
  assert.equal(doc.summary.requests, 0);
  assert.equal(doc.summary.spanMs, 0);
  assert.equal(columns.n, 0);
});

const BAD: [string, string, RegExp, Partial<HarParseError>][] = [
  ["bad/empty", "   ", /empty/, { kind: "json" }],
  ["bad/array", "[1]", /top level is an array/, { path: "$" }],
  ["bad/string", '"x"', /top level is the string "x"/, { path: "$" }],
  ["bad/no-log", '{"entries": []}', /no "log".*wrap it/, { path: "$.log" }],
  ["bad/log-null", '{"log": null}', /"log" is null/, { path: "$.log" }],
  [
    "bad/no-entries",
    '{"log": {"version": "1.2"}}',
    /"log.entries" is missing.*"version"/,
    {
      path: "$.log.entries",
    },
  ],
  [
    "bad/entries-object",
    '{"log": {"entries": {}}}',
    /is an object, expected an array/,
    {
      path: "$.log.entries",
    },
  ],
  [
    "bad/entry-null",
    '{"log": {"entries": [{}, null]}}',
    /"log.entries\[1\]" is null/,
    {
      path: "$.log.entries[1]",
    },
  ],
  [
    "bad/truncated",
    '{"log": {"entries": [',
    /end of input.*line 1, column 22/,
    {
      line: 1,
      column: 22,
    },
  ],
  [
    "bad/second-line",
    '{\n  "log": x\n}',
    /unexpected 'x', expected a value \(line 2, column 10\)/,
    {
      line: 2,
      column: 10,
    },
  ],
];

for (const [name, text, re, fields] of BAD) {
  Deno.test(`har parse: ${name}`, () => {
    assert.throws(() => parseHarText(text), (err: unknown) => {
      assert.ok(err instanceof HarParseError);
      assert.ok(err instanceof SyntaxError);
      assert.match(err.message, re);
      for (const [k, v] of Object.entries(fields)) {
        assert.equal(err[k as keyof HarParseError], v, k);
      }
      return true;
    });
  });
}

Deno.test("har parse: trailing comma names line, column and excerpt", async () => {
  const text = await read("trailing-comma.har");
  try {
    parseHarText(text);
    assert.fail("accepted");
  } catch (err) {
    assert.ok(err instanceof HarParseError);
    assert.equal(err.line, 5);
    assert.equal(err.column, 5);
    assert.match(err.message, /trailing comma/);
    assert.ok(
      err.excerpt?.includes("\n5 |     ]\n  |     ^\n"),
      err.excerpt,
    );
    assert.deepEqual(err.toJSON().line, 5);
  }
});

Deno.test("har parse: tolerant of odd entries", () => {
  const { doc } = parseHarValue({
    log: {
      entries: [
        {
          startedDateTime: "not a date",
          time: "12",
          response: { status: "404" },
        },
        {
          startedDateTime: "2024-01-01T00:00:00.5+00:00",
          request: { url: "data:text/plain,hi" },
        },
      ],
    },
  });
  const [a, b] = doc.entries;
  assert.equal(a.validStart, false);
  assert.equal(a.startMs, 0);
  assert.equal(a.status, 404); // numbers written as strings are read
  assert.equal(a.durationMs, 0); // `time` must be a number
  assert.equal(b.host, "");
  assert.equal(b.path, "data:text/plain,hi");
  assert.match(
    doc.warnings.join(" "),
    /1 entries have no valid startedDateTime/,
  );
  assert.match(doc.warnings.join(" "), /lack a request or response/);
});

Deno.test("har parse: a data: URL's media type stands in for a missing MIME type", () => {
  const { doc } = parseHarValue({
    log: {
      entries: [{
        startedDateTime: "2011-03-16T17:06:44.242+00:00",
        request: { method: "", url: "data:text/css;charset=utf-8,body%7b%7d" },
        response: { status: 1, content: { mimeType: "", size: -1 } },
      }],
    },
  });
  assert.equal(doc.entries[0].mimeType, "text/css");
  assert.equal(doc.entries[0].type, "stylesheet");
  assert.equal(doc.entries[0].statusClass, "other");
});

Deno.test("har parse: an entry whose start does not parse never sets the origin", () => {
  const doc = harDoc([{ at: 0, time: 10 }, { at: 0, time: 5 }]) as Doc;
  doc.log.entries[1].startedDateTime = "garbage";
  const p = parseHarText(JSON.stringify(doc));
  assert.deepEqual([...p.columns.start], [0, 0]);
  assert.equal(p.doc.summary.spanMs, 10);
  assert.match(p.doc.summary.firstStart, /^2024-05-01T10:00:00/);
  // The same with the bad one first.
  const rev = harDoc([{ at: 0, time: 5 }, { at: 0, time: 10 }]) as Doc;
  rev.log.entries[0].startedDateTime = "garbage";
  assert.equal(parseHarText(JSON.stringify(rev)).doc.summary.spanMs, 10);
});

Deno.test("har parse: sub-millisecond digits order starts in the same millisecond", () => {
  const doc = harDoc([{ time: 1 }, { time: 1 }]) as Doc;
  doc.log.entries[0].startedDateTime = "2024-01-01T00:00:00.1235000Z";
  doc.log.entries[1].startedDateTime = "2024-01-01T00:00:00.1231000Z";
  const start = [...parseHarText(JSON.stringify(doc)).columns.start];
  assert.ok(Math.abs(start[0] - 0.4) < 1e-9, String(start));
  assert.equal(start[1], 0);
  // Fiddler's 100 ns digits, as scripts read the offset: 0.0001, exactly.
  doc.log.entries[0].startedDateTime = "2024-01-01T00:00:00.1234568+02:00";
  doc.log.entries[1].startedDateTime = "2024-01-01T00:00:00.1234567+02:00";
  assert.equal(
    String(parseHarText(JSON.stringify(doc)).columns.start[0]),
    "0.0001",
  );
});

Deno.test("har parse: pages are read once per id; a timing of 0 is a marker, a negative one none", () => {
  const doc = harDoc([{ at: 0, pageref: "p" }]) as {
    log: { pages: unknown[] };
  };
  doc.log.pages = [
    {
      id: "p",
      title: "first",
      startedDateTime: "2024-05-01T10:00:00.000Z",
      pageTimings: { onContentLoad: 0, onLoad: -5 },
    },
    { id: "p", title: "dup", startedDateTime: "2024-05-01T10:00:00.000Z" },
    { id: "q", title: "no start", pageTimings: { onLoad: 500 } },
  ];
  const { doc: d } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(d.pages.map((p) => p.title), ["first", "no start"]);
  assert.equal(d.pages[0].onContentLoad, 0);
  assert.equal(d.pages[0].onLoad, -1);
  assert.ok(Number.isNaN(d.pages[1].startMs), "no start: no place on the axis");
});

Deno.test("har parse: load times long after the page's last request (Safari's clock readings) are dropped and said; plausible ones stay", () => {
  const at = "2024-05-01T10:00:00.000Z";
  const doc = harDoc([
    { at: 0, time: 200, pageref: "safari" },
    { at: 300, time: 200, pageref: "safari" },
    { at: 0, time: 100, pageref: "late" },
  ], [
    {
      id: "safari",
      title: "s",
      startedDateTime: at,
      pageTimings: { onContentLoad: 3500123.4, onLoad: 3500456.7 },
    },
    {
      id: "late",
      title: "l",
      startedDateTime: at,
      // A load 30 s after its only request: slow scripts, still a marker.
      pageTimings: { onContentLoad: 50, onLoad: 30_000 },
    },
  ]);
  const { doc: d } = parseHarText(JSON.stringify(doc));
  assert.equal(d.pages[0].onContentLoad, -1);
  assert.equal(d.pages[0].onLoad, -1);
  assert.equal(d.pages[1].onContentLoad, 50);
  assert.equal(d.pages[1].onLoad, 30_000);
  assert.ok(
    d.warnings.some((w) => /Load times of page .*safari.*not shown/.test(w)),
    d.warnings.join("\n"),
  );
  assert.ok(!d.warnings.some((w) => /late/.test(w)));
});

Deno.test("har parse: of a page's two load times only the implausible one goes; a page no entry names is read against the file's last request", () => {
  const at = "2024-05-01T10:00:00.000Z";
  const doc = harDoc([{ at: 0, time: 100, pageref: "p" }], [
    {
      id: "p",
      title: "p",
      startedDateTime: at,
      pageTimings: { onContentLoad: 80, onLoad: 9_000_000 },
    },
    {
      id: "q",
      title: "q",
      startedDateTime: at,
      pageTimings: { onContentLoad: 50, onLoad: 90 },
    },
  ]);
  const { doc: d } = parseHarText(JSON.stringify(doc));
  assert.deepEqual([d.pages[0].onContentLoad, d.pages[0].onLoad], [80, -1]);
  assert.deepEqual([d.pages[1].onContentLoad, d.pages[1].onLoad], [50, 90]);
});

Deno.test("har parse: a page's first request is its document when nothing else names a type (a 304 records no media type), as DevTools' importer reads it", () => {
  const t0 = Date.parse("2024-05-01T10:00:00.000Z");
  const pages = ["p1", "p2"].map((id, k) => ({
    id,
    title: id,
    startedDateTime: new Date(t0 + k * 1000).toISOString(),
    pageTimings: {},
  }));
  const doc = harDoc([
    // Written out of order: the first by time is the page's document.
    { url: "https://a.test/x", at: 50, status: 304, mime: "", pageref: "p1" },
    { url: "https://a.test/", at: 0, status: 304, mime: "", pageref: "p1" },
    // Named otherwise: stays as named.
    {
      url: "https://a.test/a.js",
      at: 1000,
      mime: "text/javascript",
      pageref: "p2",
    },
    // Outside any page: no page's document.
    { url: "https://a.test/loose", at: 2000, status: 304, mime: "" },
  ], pages);
  const { columns: c } = parseHarText(JSON.stringify(doc));
  const types = Array.from(c.type, (t) => TYPE_CATEGORIES[t]);
  assert.deepEqual(types, ["other", "document", "script", "other"]);
});

Deno.test("har parse: x-unknown, the media type Chrome, Playwright and Safari write for none, is none, as DevTools' importer reads it", () => {
  const doc = harDoc([
    // Playwright's redirect that opened the page: no Content-Type.
    {
      url: "http://a.test/",
      at: 0,
      status: 301,
      mime: "x-unknown",
      pageref: "p",
    },
    // The header says what the content's placeholder does not.
    {
      url: "https://a.test/site",
      at: 10,
      mime: "X-Unknown",
      responseHeaders: [{ name: "Content-Type", value: "text/css" }],
      pageref: "p",
    },
    // A failed request: its extension still names its type.
    { url: "https://a.test/app.js", at: 20, status: -1, mime: "x-unknown" },
  ], [{
    id: "p",
    title: "p",
    startedDateTime: "2024-05-01T10:00:00.000Z",
    pageTimings: {},
  }]);
  const { doc: d } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(
    d.entries.map((e) => [e.mimeType, e.type]),
    [["", "document"], ["text/css", "stylesheet"], ["", "script"]],
  );
});

Deno.test("har parse: a page's document is its first request by a valid start; equal starts, the file's order; a named media type keeps its type", () => {
  const doc = harDoc([
    // No valid start: never the page's first.
    { url: "https://a.test/bad", at: 0, status: 304, mime: "", pageref: "p" },
    { url: "https://a.test/one", at: 10, status: 304, mime: "", pageref: "p" },
    { url: "https://a.test/two", at: 10, status: 304, mime: "", pageref: "p" },
    // Another page whose first request names its media type.
    {
      url: "https://a.test/x.bin",
      at: 20,
      mime: "application/x-thing",
      pageref: "q",
    },
  ], [
    {
      id: "p",
      title: "p",
      startedDateTime: "2024-05-01T10:00:00.000Z",
      pageTimings: {},
    },
    {
      id: "q",
      title: "q",
      startedDateTime: "2024-05-01T10:00:00.020Z",
      pageTimings: {},
    },
  ]) as { log: { entries: Record<string, unknown>[] } };
  doc.log.entries[0].startedDateTime = "not a date";
  const { columns: c } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(
    Array.from(c.type, (t) => TYPE_CATEGORIES[t]),
    ["other", "document", "other", "other"],
  );
});

Deno.test("har parse: the Type column's name is DevTools' resource type where the category says less (fetch under xhr, ping under other)", () => {
  const { columns: c } = parseHarText(JSON.stringify(harDoc([
    {
      url: "https://a.test/api",
      resourceType: "Fetch",
      mime: "application/json",
    },
    { url: "https://a.test/beacon", resourceType: "ping", mime: "" },
    { url: "https://a.test/x", resourceType: "xhr", mime: "application/json" },
    { url: "https://a.test/y", resourceType: "no-such-type", mime: "text/css" },
    { url: "https://a.test/z", mime: "text/html" },
  ])));
  const shown = Array.from(
    { length: c.n },
    (_, i) => c.typeNames[c.typeNameIdx[i]] || TYPE_CATEGORIES[c.type[i]],
  );
  assert.deepEqual(shown, ["fetch", "ping", "xhr", "stylesheet", "document"]);
  assert.deepEqual(
    Array.from(c.type, (t) => TYPE_CATEGORIES[t]),
    ["xhr", "other", "xhr", "stylesheet", "document"],
  );
});
