import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import {
  glob,
  HarSearch,
  invalidPatterns,
  patternTerms,
  SEARCH_STEP,
  searchMask,
  textTerms,
} from "./search.ts";
import { headerNamesOf } from "./header_names.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const { columns: c } = parsedHar([
  { method: "GET", url: "https://api.example/users", mime: "application/json" },
  { method: "POST", url: "https://api.example/login", status: 401 },
  { method: "GET", url: "https://cdn.example/logo.png", mime: "image/png" },
]);
const hits = (q: string) => {
  const m = searchMask(c, q);
  return m ? [...m].flatMap((v, i) => (v ? [i] : [])) : null;
};

Deno.test("search: every term must match URL, method, status or MIME", () => {
  assert.equal(hits(""), null, "no terms: no mask");
  assert.deepEqual(hits("api"), [0, 1]);
  assert.deepEqual(hits("post"), [1]);
  assert.deepEqual(hits("401"), [1]);
  assert.deepEqual(hits("image/png"), [2]);
  assert.deepEqual(hits("API get"), [0]);
});

Deno.test("search: a failed request (status 0) is found by the word the list shows", () => {
  const { columns } = parsedHar([
    { url: "https://x.test/a" },
    { url: "https://x.test/b", status: 0 },
    { url: "https://x.test/c", status: -1 },
  ]);
  const find = (q: string) =>
    [...searchMask(columns, q)!].flatMap((v, i) => (v ? [i] : []));
  assert.deepEqual(find("failed"), [1, 2]);
  assert.deepEqual(find("FAIL"), [1, 2]);
  assert.deepEqual(find("-failed"), [0]);
});

Deno.test("search: -term excludes", () => {
  assert.deepEqual(hits("example -api"), [2]);
});

Deno.test("search: DevTools' property filters", () => {
  const { columns } = parsedHar([
    {
      method: "GET",
      url: "https://api.example/users",
      mime: "application/json",
    },
    { method: "POST", url: "http://api.example:8080/login", status: 401 },
    { method: "GET", url: "https://cdn.example/logo.png", mime: "image/png" },
    { method: "get", url: "https://[::1]:9/x", status: 404 },
    { url: "https://x.test/j", mime: "Application/JSON; charset=utf-8" },
    { url: "https://[::1]/y" },
    { url: "https://x.test/?q=scheme:&larger-than:big" },
    { url: "https://x.test/k", mime: "application/json;charset=utf-8" },
  ]);
  const find = (q: string) => {
    const m = searchMask(columns, q);
    return m ? [...m].flatMap((v, i) => (v ? [i] : [])) : null;
  };
  const cases: [string, string, number[]][] = [
    ["ok/domain is the host without its port", "domain:api.example", [0, 1]],
    ["ok/domain takes a wildcard", "domain:*.example", [0, 1, 2]],
    ["ok/mime-type without its parameters", "mime-type:application/json", [
      0,
      4,
      7,
    ]],
    [
      "ok/mime-type as written",
      "mime-type:application/json;charset=utf-8",
      [7],
    ],
    ["ok/domain of an IPv6 literal, with or without a port", "domain:[::1]", [
      3,
      5,
    ]],
    ["bad/domain is the whole host", "domain:api", []],
    ["ok/method, any case", "method:GET", [0, 2, 3, 4, 5, 6, 7]],
    ["ok/status-code is the whole code", "status-code:401", [1]],
    ["bad/status-code is not a part of it", "status-code:40", []],
    ["ok/mime-type is the whole type", "mime-type:image/png", [2]],
    ["ok/scheme", "scheme:http", [1]],
    ["ok/negated", "-scheme:https", [1]],
    ["ok/with a text term", "domain:*.example login", [1]],
    ["ok/an unknown property is text", "logo.png:", []],
    ["ok/a property with no value is text", "scheme:", [6]],
    ["ok/a size that is none is text", "larger-than:big", [6]],
    ["ok/an Object key is no property", "constructor:x", []],
    ["bad/mime-type is the whole type", "mime-type:json", []],
    ["bad/method is the whole name", "method:PO", []],
  ];
  for (const [name, q, want] of cases) assert.deepEqual(find(q), want, name);
});

Deno.test("search: larger-than is the transfer size, k and m in KiB and MiB", () => {
  const { columns } = parsedHar([
    { url: "https://x.test/a", transfer: 1023 },
    { url: "https://x.test/b", transfer: 1024 },
    { url: "https://x.test/c", transfer: 2 * 1024 * 1024 },
  ]);
  const find = (q: string) =>
    [...searchMask(columns, q)!].flatMap((v, i) => (v ? [i] : []));
  assert.deepEqual(find("larger-than:1024"), [1, 2]);
  assert.deepEqual(find("larger-than:1k"), [1, 2]);
  assert.deepEqual(find("larger-than:1.5M"), [2]);
  assert.deepEqual(find("-larger-than:1k"), [0]);
  // Not a size: the term is text, found in no URL.
  assert.deepEqual(find("larger-than:big"), []);
});

Deno.test("search: glob", () => {
  assert.ok(glob("a.example", "*.example"));
  assert.ok(glob("example", "*example*"));
  assert.ok(glob("abc", "a*b*c"));
  assert.ok(!glob("ac", "a*b*c"));
  assert.ok(!glob("aXc", "a*c*c"));
  assert.ok(glob("x", "*"));
  assert.ok(!glob("ab", "ab*ab"));
  // A run of stars against a long name stays quick.
  const ms = cpuMs(() => {
    assert.ok(!glob("a".repeat(10_000), "*a".repeat(5_000) + "b"));
  });
  assert.ok(ms < 1_000, `${ms} ms`);
});

Deno.test("search: mime-type: reads the type before a spaced parameter", () => {
  const { columns } = parsedHar([
    { url: "https://x.test/a", mime: "text/html ;charset=utf-8" },
  ]);
  assert.deepEqual([...searchMask(columns, "mime-type:text/html")!], [1]);
});

Deno.test("search: a /pattern/ term is a regular expression over the URL, as DevTools reads one", () => {
  const { columns } = parsedHar([
    { url: "https://x.test/app.js" },
    { url: "https://x.test/style.CSS?v=1" },
    { url: "https://x.test/img/1.png" },
    { url: "https://x.test/a(b/c" },
    { url: "https://x.test/Q9" },
  ]);
  const find = (q: string) =>
    [...searchMask(columns, q)!].flatMap((v, i) => (v ? [i] : []));
  const cases: [string, string, number[]][] = [
    ["ok/an end anchor", "/\\.[cj]ss?$/", [0]],
    ["ok/any case", "/\\.css/", [1]],
    ["ok/written case kept for classes", "/\\/Q\\d$/", [4]],
    ["ok/\\D is not \\d", "/\\/Q\\D$/", []],
    ["ok/negated", "-/\\.(js|png)$/", [1, 3, 4]],
    ["ok/with another term", "/x\\.test/ img", [2]],
    ["bad/an unbalanced group is text", "/a(b/", [3]],
    ["bad/a lone slash is text", "/", [0, 1, 2, 3, 4]],
    ["bad/two slashes are text", "//", [0, 1, 2, 3, 4]],
  ];
  for (const [name, q, want] of cases) assert.deepEqual(find(q), want, name);
});

Deno.test("search: has-response-header: (DevTools) and has-request-header: find entries by a header's name", () => {
  const parsed = parsedHar([
    {
      url: "https://x.test/login",
      requestHeaders: [{ name: "Authorization", value: "b" }],
      responseHeaders: [{ name: "Set-Cookie", value: "a=1" }],
    },
    {
      url: "https://x.test/app.js",
      responseHeaders: [{ name: "ETag", value: '"1"' }],
    },
    { url: "https://x.test/has-response-header:etag" },
  ]);
  const headers = headerNamesOf(parsed.raw);
  const find = (q: string) =>
    [...searchMask(parsed.columns, q, headers)!].flatMap((v, i) =>
      v ? [i] : []
    );
  const cases: [string, string, number[]][] = [
    ["ok/a response header, any case", "has-response-header:set-cookie", [0]],
    ["ok/written in capitals", "has-response-header:ETag", [1]],
    ["ok/negated", "-has-response-header:etag", [0, 2]],
    ["ok/a request header", "has-request-header:authorization", [0]],
    ["ok/a name no entry has", "has-response-header:vary", []],
    ["ok/the other side's name", "has-request-header:etag", []],
    ["ok/with text", "has-response-header:etag app", [1]],
  ];
  for (const [name, q, want] of cases) assert.deepEqual(find(q), want, name);
  // Before the names are known, the filter matches nothing (it is not text).
  assert.deepEqual(
    [...searchMask(parsed.columns, "has-response-header:etag")!],
    [0, 0, 0],
  );
});

Deno.test("search: is:from-cache and is:service-worker-intercepted, as DevTools names them", () => {
  const doc = harDoc([
    { url: "https://x.test/a" },
    { url: "https://x.test/b" },
    { url: "https://x.test/c" },
    { url: "https://x.test/d" },
  ]) as { log: { entries: Record<string, unknown>[] } };
  const [, b, c, d] = doc.log.entries;
  b._fromCache = "memory";
  c._fromCache = "disk";
  d._fromServiceWorker = true;
  const { columns } = parseHarText(JSON.stringify(doc));
  const find = (q: string) =>
    [...searchMask(columns, q)!].flatMap((v, i) => (v ? [i] : []));
  assert.deepEqual(find("is:from-cache"), [1, 2]);
  assert.deepEqual(find("-is:from-cache"), [0, 3]);
  assert.deepEqual(find("is:service-worker-intercepted"), [3]);
  assert.deepEqual(find("is:running"), [], "any other value is text");
});

Deno.test("search: given the patterns' masks, a pattern is never tested here", () => {
  // Minutes of backtracking on one URL, were it tested.
  const slow = "/(a|a)*z/";
  const { columns } = parsedHar([
    { url: `https://x.test/${"a".repeat(40)}` },
    { url: "https://x.test/b.png" },
  ]);
  const s = new HarSearch(columns);
  const t0 = performance.now();
  // Its mask has not come: no answer yet, and none remembered.
  assert.equal(s.steps(`${slow} x.test`, null, new Map()).next().value, null);
  const masks = new Map([[slow, Uint8Array.of(0, 1)]]);
  const cases: [string, string, number[]][] = [
    ["ok/the mask is the pattern's answer", `${slow} x.test`, [1]],
    ["ok/negated", `-${slow}`, [0]],
    ["ok/with a stopped one's (nothing matches)", `/png/ ${slow}`, []],
  ];
  const all = new Map([...masks, ["/png/", Uint8Array.of(0, 0)]]);
  for (const [name, q, want] of cases) {
    const m = s.mask(q, null, all)!;
    assert.deepEqual([...m].flatMap((v, i) => v ? [i] : []), want, name);
  }
  assert.ok(performance.now() - t0 < 1_000);
  assert.deepEqual(patternTerms("/a/ -/a/ /b/ text /c( -/d/"), [
    "/a/",
    "/b/",
    "/d/",
  ]);
  // The rest written as patterns, each once, with why: still text.
  assert.deepEqual(invalidPatterns("/a/ /(/ -/(/ /[a-/ /c( ( text"), [
    ["/(/", "Unterminated group"],
    ["/[a-/", "Unterminated character class"],
  ]);
  assert.deepEqual(hits("/(/"), [], "text no URL holds");
  assert.deepEqual(hits("-/(/"), [0, 1, 2], "text, excluded");
});

Deno.test("search: a response header is found even when its own request sent the same name", () => {
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

Deno.test("search: larger-than's m is 1024², a lone - is text, İ does not shift hits", () => {
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

Deno.test("search: a Greek capital sigma matches whatever URL follows its entry's", () => {
  for (
    const entries of [
      [{ url: "https://a.gr/ΑΣ" }],
      [{ url: "https://a.gr/ΑΣ" }, { url: "https://b/" }],
    ]
  ) {
    const c = parsedHar(entries).columns;
    for (const q of ["ΑΣ", "ας", "ασ"]) {
      assert.equal(searchMask(c, q)?.[0], 1, `${q} with ${entries.length}`);
    }
  }
});

Deno.test("search: terms match as a person reads them: istanbul finds İstanbul, STRASSE straße, cafe café composed or not", () => {
  const c = parsedHar([
    { url: "https://a.tr/İstanbul" },
    { url: "https://b.de/straße" },
    { url: "https://c.fr/café" },
    { url: "https://d.fr/cafe\u0301" },
    { url: "https://e.test/plain" },
  ]).columns;
  for (
    const [q, want] of [
      ["istanbul", [1, 0, 0, 0, 0]],
      ["İSTANBUL", [1, 0, 0, 0, 0]],
      ["STRASSE", [0, 1, 0, 0, 0]],
      ["cafe", [0, 0, 1, 1, 0]],
      ["CAFÉ", [0, 0, 1, 1, 0]],
      ["plain", [0, 0, 0, 0, 1]],
    ] as const
  ) assert.deepEqual([...searchMask(c, q)!], want, q);
  // A word that folds to nothing (an accent mark alone) is no word: it
  // had spun the search forever.
  assert.equal(searchMask(c, "\u0301"), null);
  assert.equal(searchMask(c, "-\u0301"), null);
  assert.deepEqual([...searchMask(c, "plain \u0301")!], [0, 0, 0, 0, 1]);
});

Deno.test("search: a URL holding UTF-8 percent-encoded is found by the text it spells too, and by its escapes; only its own entry", () => {
  const c = parsedHar([
    { url: "https://example.jp/%E6%A4%9C%E7%B4%A2?q=%E6%9D%B1%E4%BA%AC" },
    { url: "https://example.jp/plain?q=1" },
    { url: "https://bad.test/%E6%A4" },
  ]).columns;
  for (
    const [q, want] of [
      ["検索", [1, 0, 0]],
      ["東京", [1, 0, 0]],
      ["%e6%9d%b1", [1, 0, 0]],
      ["plain", [0, 1, 0]],
      ["%E6%A4", [1, 0, 1]],
      ["scheme:https", [1, 1, 1]],
    ] as const
  ) assert.deepEqual([...searchMask(c, q)!], want, q);
});

Deno.test("search: a URL whose escapes are partly not UTF-8 is still found by the characters the rest spell", () => {
  const c = parsedHar([
    { url: "https://mixed.test/%E6%9D%B1%FF%E4%BA%AC" },
    { url: "https://other.test/" },
  ]).columns;
  assert.deepEqual([...searchMask(c, "東")!], [1, 0]);
  assert.deepEqual([...searchMask(c, "京")!], [1, 0]);
  assert.deepEqual([...searchMask(c, "%ff")!], [1, 0]);
});

Deno.test("search: text terms are what headers and bodies are searched for", () => {
  assert.deepEqual(
    textTerms(
      "Token -Secret domain:x.test /a+/ larger-than:zz is:nope token Café",
    ),
    ["token", "secret", "larger-than:zz", "is:nope", "cafe"],
  );
  assert.deepEqual(textTerms("method:get status-code:200 is:from-cache"), []);
  assert.deepEqual(textTerms(""), []);
});

Deno.test("search: deep masks OR into a text term, terms still AND, exclusions exclude them", () => {
  const deep = new Map([
    ["needle", Uint8Array.of(0, 0, 1)],
    ["nginx", Uint8Array.of(1, 0, 1)],
  ]);
  const on = (q: string) => {
    const m = searchMask(c, q, null, deep);
    return m ? [...m].flatMap((v, i) => (v ? [i] : [])) : null;
  };
  assert.deepEqual(on("needle"), [2], "only in a body");
  assert.deepEqual(hits("needle"), [], "off: not found");
  assert.deepEqual(on("needle nginx"), [2], "AND across terms");
  assert.deepEqual(on("NGINX"), [0, 2]);
  assert.deepEqual(on("nginx api"), [0], "AND with a field match");
  assert.deepEqual(on("login"), [1], "a term without a mask: fields alone");
  assert.deepEqual(
    on("api -nginx"),
    [1],
    "an excluded term excludes body matches",
  );
  assert.deepEqual(on("-needle"), [0, 1]);
  assert.deepEqual(on("method:get"), [0, 2], "properties are untouched");
  assert.deepEqual(on(""), null);
});

Deno.test("search: in steps, a term stops after each SEARCH_STEP entries and finds what one search finds, straddling the steps' edges", () => {
  const n = SEARCH_STEP * 2 + 5;
  // Entry i's URL ends in its number: "/7" then "/8" straddles no step
  // edge, and "7/" (an entry's end and the next's host) is in none.
  const { columns } = parsedHar(
    Array.from({ length: n }, (_, i) => ({
      url: `https://h${i % 3}.example/${i}`,
      method: i === SEARCH_STEP ? "PATCH" : "GET",
    })),
  );
  for (
    const [k, q] of ["h1 9", "-h2 /81", "patch", "/8191 /8192", "7/"].entries()
  ) {
    const search = new HarSearch(columns);
    const steps = search.steps(q);
    let stops = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) stops++;
    const terms = q.split(" ").length;
    // The file's first search lower-cases the fields, one more stop; its
    // searchers share them.
    assert.equal(stops, (k === 0 ? 1 : 0) + terms * 3, q);
    assert.deepEqual(r.value, searchMask(columns, q), q);
    // Done: its answer is kept, and the next call does not search.
    assert.equal(search.mask(q), r.value, q);
  }
});

Deno.test("search: a search in steps left unfinished keeps no answer", () => {
  const { columns } = parsedHar([
    { url: "https://a.example/x" },
    { url: "https://b.example/y" },
  ]);
  const search = new HarSearch(columns);
  const first = search.mask("a.example");
  // Stopped after its one step, before it is done.
  search.steps("b.example").next();
  // The last finished answer is still the one kept.
  assert.equal(search.mask("a.example"), first);
  assert.deepEqual([...search.mask("b.example")!], [0, 1]);
});

Deno.test("search: a file's first search tells its ASCII URLs from the rest in native code, not by reading each unit in a loop", () => {
  const n = 2000;
  const { columns } = parsedHar(
    Array.from({ length: n }, (_, i) => ({ url: `https://a.example/p/${i}` })),
  );
  // Every unit read one at a time goes through String.prototype.charCodeAt:
  // counted, the work the first search does per unit of the joined URLs.
  const own = String.prototype.charCodeAt;
  let reads = 0;
  String.prototype.charCodeAt = function (this: string, i: number) {
    reads++;
    return own.call(this, i);
  };
  let mask: Uint8Array | null;
  try {
    mask = new HarSearch(columns).mask("p/1999");
  } finally {
    String.prototype.charCodeAt = own;
  }
  assert.equal(mask![n - 1], 1);
  // The term's own few units may be read; the URLs' tens of thousands not.
  assert.ok(reads < 100, `${reads} units read for ${columns.urls.length}`);
});

Deno.test("search: a file with one URL beyond ASCII is lower-cased in steps of SEARCH_STEP entries, a step of plain URLs at once, and found as before", () => {
  const n = SEARCH_STEP * 3;
  const odd = SEARCH_STEP + 7; // in the second step's entries
  const { columns } = parsedHar(
    Array.from({ length: n }, (_, i) => ({
      url: i === odd
        ? "https://A.example/Café/%E6%A4%9C"
        : `https://A.example/P/${i}`,
    })),
  );
  const search = new HarSearch(columns);
  // A URL folded on its own lower-cases it at least once: counted.
  const own = String.prototype.toLowerCase;
  let lowered = 0;
  String.prototype.toLowerCase = function (this: string) {
    lowered++;
    return own.call(this);
  };
  const steps = search.steps("p/2");
  let stops = 0;
  let r = steps.next();
  try {
    for (; !r.done; r = steps.next()) stops++;
  } finally {
    String.prototype.toLowerCase = own;
  }
  // Three steps of lowering (one stop each), three of the term.
  assert.equal(stops, 3 + 3);
  // The second step's URLs one by one, the other two steps' whole.
  assert.ok(lowered < SEARCH_STEP + 100, `${lowered} lowered of ${n}`);
  const found = (q: string) =>
    [...search.mask(q)!].flatMap((v, i) => (v ? [i] : []));
  // Offsets hold past the folded step: the last entries are found as theirs.
  assert.deepEqual(found(`p/${n - 1}`), [n - 1]);
  assert.deepEqual(found(`/${SEARCH_STEP * 2}`), [SEARCH_STEP * 2]);
  assert.deepEqual(found("cafe/"), [odd]);
  assert.deepEqual(found("検"), [odd]);
  assert.equal(found("p/").length, n - 1);
});

Deno.test("search: prepared, the fields are lowered in the steps a first search takes, and a search of the file (by any of its searchers) then stops only for its terms", () => {
  const n = SEARCH_STEP * 2 + 5;
  const { columns } = parsedHar(
    Array.from({ length: n }, (_, i) => ({
      url: i === 3 ? "https://a.example/café" : `https://a.example/${i}`,
    })),
  );
  let prepared = 0;
  for (const _ of new HarSearch(columns).prepare()) prepared++;
  assert.equal(prepared, 3);
  // A new searcher of the file (its header names came) lowers nothing.
  const search = new HarSearch(columns, headerNamesOf([]));
  const steps = search.steps("cafe");
  let stops = 0;
  let r = steps.next();
  for (; !r.done; r = steps.next()) stops++;
  assert.equal(stops, 3);
  assert.deepEqual([...r.value!].flatMap((v, i) => (v ? [i] : [])), [3]);
});
