import assert from "node:assert/strict";
import { harFixture, parsedHar } from "../../tests/helpers/har_doc.ts";
import { TYPE_CATEGORIES } from "./types.ts";
import fc from "fast-check";
import { parseHarText, parseHarValue } from "./parse.ts";
import { radixSort } from "./orders.ts";
import {
  computeView,
  defaultViewState,
  HarSearch,
  pathOf,
  searchMask,
  urlOf,
  type ViewState,
} from "./view.ts";
import { axisOf, markersOf, segmentsOf } from "./waterfall.ts";

const text = await harFixture("mixed.har");
const { doc, columns: c } = parseHarText(text);
const view = (s: Partial<ViewState>) =>
  computeView(c, { ...defaultViewState(), ...s });

Deno.test("har view: no filter lists everything in start order", () => {
  const v = view({});
  assert.equal(v.count, 8);
  assert.deepEqual([...v.rows], [1, 2, 6, 7, 0, 4, 3, 5]);
  assert.deepEqual([...v.typeCounts], [1, 1, 0, 1, 1, 0, 2, 1, 1]);
  assert.deepEqual([...v.statusCounts], [3, 1, 1, 1, 2]);
  assert.equal(v.scopeStart, 0);
  assert.equal(v.scopeEnd, 7000);
  // The rows' transfer size is the whole file's.
  assert.equal(v.bytes, doc.entries.reduce((t, e) => t + e.transferSize, 0));
});

Deno.test("har view: the rows' resources and finish, as DevTools' summary bar counts them", () => {
  const all = view({});
  assert.equal(
    all.content,
    [...all.rows].reduce((t, i) => t + Math.max(0, c.content[i]), 0),
  );
  assert.equal(all.finish, all.scopeEnd - all.scopeStart);
  const some = view({ statuses: ["5xx"] });
  const ends = [...some.rows].map((i) => c.start[i] + c.duration[i]);
  const starts = [...some.rows].map((i) => c.start[i]);
  assert.equal(some.finish, Math.max(...ends) - Math.min(...starts));
  assert.equal(view({ q: "zzz" }).finish, 0);
});

Deno.test("har view: the transferred bytes are those of the rows shown", () => {
  const v = view({ statuses: ["5xx"] });
  assert.ok(v.count > 0 && v.count < c.n);
  assert.equal(
    v.bytes,
    [...v.rows].reduce((t, i) => t + doc.entries[i].transferSize, 0),
  );
});

const CASES: [string, Partial<ViewState>, number[]][] = [
  ["ok/search-host", { q: "api.example" }, [2]],
  ["ok/search-case-insensitive", { q: "APP.JS" }, [0]],
  ["ok/search-method", { q: "post" }, [2]],
  ["ok/search-status", { q: "503" }, [7]],
  ["ok/search-mime", { q: "problem+json" }, [7]],
  ["ok/search-mime-parameters", { q: "charset=UTF-8" }, [1]],
  ["ok/search-all-terms", { q: "example.com get 200" }, [1, 0, 4]],
  ["ok/search-exclude", { q: "example.com -wss -cdn -api.example" }, [
    1,
    6,
    7,
    0,
    4,
  ]],
  ["ok/search-none", { q: "zzz" }, []],
  ["ok/type-chip", { types: ["xhr"] }, [2, 7]],
  ["ok/type-chips-or", { types: ["xhr", "image"] }, [2, 7, 3]],
  ["ok/status-chip", { statuses: ["other"] }, [6, 5]],
  ["ok/groups-and", { types: ["xhr"], statuses: ["5xx"] }, [7]],
  ["ok/page", { page: 0 }, [1, 6, 0]],
  ["ok/no-page", { page: -1 }, [3, 5]],
  ["ok/sort-with-filter", { sort: "size-desc", types: ["xhr", "document"] }, [
    1,
    7,
    2,
  ]],
];
for (const [name, s, rows] of CASES) {
  Deno.test(`har view: ${name}`, () => {
    const v = view(s);
    assert.deepEqual([...v.rows], rows);
    assert.equal(v.count, rows.length);
  });
}

Deno.test("har view: chip counts are faceted", () => {
  // With xhr selected, status counts describe xhr entries only ...
  const v = view({ types: ["xhr"] });
  assert.deepEqual([...v.statusCounts], [0, 0, 1, 1, 0]);
  // ... while type counts ignore the type group itself.
  assert.deepEqual([...v.typeCounts], [...view({}).typeCounts]);
  // Selecting a lone chip shows exactly its count.
  const w = view({ statuses: ["other"] });
  assert.equal(w.count, view({}).statusCounts[4]);
});

Deno.test("har view: page scope sets the waterfall range", () => {
  const v = view({ page: 1 });
  assert.equal(v.scopeStart, 123.4567);
  assert.equal(v.scopeEnd, 335.5);
  const markers = markersOf(doc.pages, 0);
  assert.deepEqual(markers.map((m) => [m.kind, m.at]), [["dcl", 250], [
    "load",
    400,
  ]]);
  assert.deepEqual(axisOf(0, 300, markers), {
    start: 0,
    end: 400,
    origin: 0,
  });
});

Deno.test("har view: search mask is memoised and text helpers slice", () => {
  const search = new HarSearch(c);
  assert.equal(search.mask("example"), search.mask("example"));
  assert.deepEqual(search.mask("example"), searchMask(c, "example"));
  assert.equal(searchMask(c, ""), null);
  assert.equal(
    urlOf(c, 7),
    "https://example.com/api/data?access_token=xyz&page=2",
  );
  assert.equal(pathOf(c, 7), "/api/data?access_token=xyz&page=2");
  assert.equal(pathOf(c, 1), "/");
});

Deno.test("har waterfall: segments add up to the duration", () => {
  for (let i = 0; i < c.n; i++) {
    const sum = segmentsOf(c, i).reduce((a, s) => a + s.ms, 0);
    assert.ok(Math.abs(sum - c.duration[i]) < 1e-9, `entry ${i}`);
  }
  // TLS inside connect: connect drawn without it.
  assert.deepEqual(segmentsOf(c, 1).map((s) => [s.phase, s.ms]), [
    ["blocked", 1],
    ["dns", 20],
    ["connect", 20],
    ["ssl", 30],
    ["send", 1],
    ["wait", 200],
    ["receive", 28],
  ]);
  // The tooltip's values are the file's: connect with its TLS inside.
  assert.deepEqual(segmentsOf(c, 1).map((s) => [s.phase, s.recorded]), [
    ["blocked", 1],
    ["dns", 20],
    ["connect", 50],
    ["ssl", 30],
    ["send", 1],
    ["wait", 200],
    ["receive", 28],
  ]);
  // Firefox: TLS outside connect.
  assert.deepEqual(segmentsOf(c, 4).map((s) => [s.phase, s.ms]), [
    ["connect", 10],
    ["ssl", 20],
    ["wait", 20],
    ["receive", 10],
  ]);
});

Deno.test("har sort: radix sort equals a stable comparator sort", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(0, -0, 1, 1.5, 1e-300, 5e-324),
          fc.integer({ min: 0, max: 5 }),
        ),
        { maxLength: 300 },
      ),
      (keys) => {
        const key = Float64Array.from(keys);
        const order = Uint32Array.from(keys.map((_, i) => i)).reverse();
        const want = [...order].sort((a, b) => key[a] - key[b]);
        assert.deepEqual([...radixSort(order, key)], want);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("har search: a term never matches across two URLs", () => {
  const { columns } = parseHarValue({
    log: {
      entries: [
        {
          startedDateTime: "2024-01-01T00:00:00Z",
          request: { method: "GET", url: "https://a.test/ab" },
        },
        {
          startedDateTime: "2024-01-01T00:00:01Z",
          request: { method: "GET", url: "https://b.test/cd" },
        },
      ],
    },
  });
  const v = (
    q: string,
  ) => [...computeView(columns, { ...defaultViewState(), q }).rows];
  assert.deepEqual(v("abhttps"), []);
  assert.deepEqual(v("/ab"), [0]);
  assert.deepEqual(v("b.test/cd"), [1]);
  assert.deepEqual(v("get"), [0, 1]);
  assert.deepEqual(v("0"), [0, 1]); // status 0 (no response) is searchable
});

Deno.test("har view: the scope ignores the search; type counts follow the status chips", () => {
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
