/**
 * The filter and copy rules, table-driven on a
 * fixture, plus highlight ranges.
 */
import assert from "node:assert/strict";
import {
  applyFilter,
  compileFilter,
  copyText,
  filterTokens,
  hasQueryMethod,
  highlightRanges,
  tagTerm,
} from "./filter.ts";
import { parseSpec } from "./mod.ts";

const mini = parseSpec(
  Deno.readTextFileSync(
    new URL("../../tests/fixtures/openapi/mini-3.2.yaml", import.meta.url),
  ),
).index;

const FILTERS: [string, string, string[]][] = [
  [
    "ok/empty filter lists everything",
    "",
    mini.endpoints.map((e) => `${e.method} ${e.path}`),
  ],
  ["ok/method term matches that method only", "get", [
    "get /a",
    "get /b/{id}",
    "get /c/{cid}",
  ]],
  ["ok/method terms are case-insensitive", "GET", [
    "get /a",
    "get /b/{id}",
    "get /c/{cid}",
  ]],
  ["ok/query is a method term", "query", ["query /b/{id}"]],
  ["ok/additionalOperations keys are method terms", "Copy", ["copy /b/{id}"]],
  ["ok/all terms must match", "get bees", ["get /b/{id}"]],
  ["ok/two method terms match nothing", "get post", []],
  ["ok/substring of the path", "/c/", ["get /c/{cid}"]],
  ["ok/substring of the summary, case-insensitive", "UNDECLARED", [
    "get /c/{cid}",
  ]],
  ["ok/substring of a tag", "shared", ["get /b/{id}"]],
  ["ok/substring of the operationId", "purgeb", ["purge /b/{id}"]],
  ["ok/extra whitespace is ignored", "  get \t  alpha ", ["get /a"]],
  ["ok/a method name inside a longer term is text", "gets", []],
  ["ok/no match across fields (path + summary)", "}read", []],
  ["ok/a tag term matches that tag only", "tag:BEES", ["get /b/{id}"]],
  ["ok/a tag term matches the whole tag, not a part", "tag:bee", []],
  ["ok/a tag term does not match the path", "tag:b", []],
  ["ok/a quoted tag term holds spaces", 'tag:"shared tag"', ["get /b/{id}"]],
  ["ok/an unclosed quote runs to the end", 'get tag:"Shared Tag', [
    "get /b/{id}",
  ]],
  ["ok/a tag term with other terms", "tag:alpha get", ["get /a"]],
  ["ok/tag: alone is a text term", "tag:", []],
  ["ok/a tag term still being typed filters nothing yet", 'get tag:"\\', [
    "get /a",
    "get /b/{id}",
    "get /c/{cid}",
  ]],
];

for (const [name, input, want] of FILTERS) {
  Deno.test(`spec filter ${name}`, () => {
    const got = applyFilter(
      mini.endpoints,
      compileFilter(input, mini.extraMethods),
    );
    assert.deepEqual(got.map((e) => `${e.method} ${e.path}`), want);
  });
}

Deno.test("spec filter: a word that is a method only in other documents is text", () => {
  const f = compileFilter("copy", []);
  assert.deepEqual(f, { methods: [], terms: ["copy"], tags: [] });
});

Deno.test("spec filter: a tag button's term names its tag, however it is spelled", () => {
  for (
    const name of [
      "pets",
      "Shared Tag",
      'say "hi"',
      "back\\slash\\",
      " padded ",
      "",
      "tag:inner",
      "tab\there",
    ]
  ) {
    const term = tagTerm(name);
    assert.deepEqual(compileFilter(`get ${term} x`), {
      methods: ["get"],
      terms: ["x"],
      tags: [name.toLowerCase()],
    }, term);
    assert.deepEqual(filterTokens(`a ${term}  b`), ["a", term, "b"]);
  }
  assert.equal(tagTerm("pets"), "tag:pets");
  // `tag:` alone is text (no tag named ""); the prefix in any case.
  assert.deepEqual(compileFilter("tag:"), {
    methods: [],
    terms: ["tag:"],
    tags: [],
  });
  assert.deepEqual(compileFilter("TAG:Pets").tags, ["pets"]);
  assert.deepEqual(compileFilter('tag:"').tags, []);
  assert.equal(tagTerm('a "b"'), 'tag:"a \\"b\\""');
});

Deno.test('spec copy: METHOD, path, summary, tags joined by ", ", tab-separated', () => {
  const rows = applyFilter(
    mini.endpoints,
    compileFilter("get", mini.extraMethods),
  );
  assert.equal(
    copyText(rows),
    [
      "GET\t/a\tRead a\tAlpha",
      "GET\t/b/{id}\tRead a b\tBees, Shared Tag",
      "GET\t/c/{cid}\tUndeclared path parameter\t",
    ].join("\n"),
  );
  assert.equal(copyText([]), "");
});

Deno.test("spec copy: tabs and line breaks inside fields become spaces", () => {
  const json = Deno.readTextFileSync(
    new URL("../../tests/fixtures/openapi/openapi-3.1.json", import.meta.url),
  );
  const text = copyText(parseSpec(json).index.endpoints);
  assert.equal(
    text.split("\n")[0],
    "GET\t/items\tList items with a tab\tzebra, items",
  );
  assert.equal(text.split("\n").length, 2);
});

Deno.test("spec copy: a summary's line breaks at its ends go, inner ones become a space", () => {
  const yaml = [
    "openapi: 3.1.0",
    "info: {title: T, version: '1'}",
    "paths:",
    "  /speech:",
    "    post:",
    "      summary: |",
    "        Speak",
    "        aloud.",
    "      tags: [Audio]",
  ].join("\n");
  assert.equal(
    copyText(parseSpec(yaml).index.endpoints),
    "POST\t/speech\tSpeak aloud.\tAudio",
  );
});

Deno.test("spec highlight: merged, case-insensitive ranges", () => {
  assert.deepEqual(highlightRanges("/Pets/{petId}/pets", ["pet"]), [[1, 4], [
    7,
    10,
  ], [14, 17]]);
  assert.deepEqual(highlightRanges("abcdef", ["bc", "cde"]), [[1, 5]]);
  assert.deepEqual(highlightRanges("abc", []), []);
  assert.deepEqual(highlightRanges("", ["a"]), []);
});

Deno.test("spec filter: a tag quote just opened in upper case filters nothing", () => {
  assert.deepEqual(compileFilter('TAG:"').tags, []);
});

Deno.test("filter: ok/query is a method term only where the version has the method (3.2 on)", () => {
  for (
    const [family, specVersion, method] of [
      ["openapi", "3.2.0", true],
      ["openapi", "3.3.0", true],
      ["openapi", "3.1.1", false],
      ["openapi", "3.0.3", false],
      ["openapi", "3.1", false],
      ["swagger", "2.0", false],
    ] as const
  ) {
    const q = hasQueryMethod({ family, specVersion });
    assert.equal(q, method, specVersion);
    assert.deepEqual(
      compileFilter("query GET", [], q),
      method
        ? { methods: ["query", "get"], terms: [], tags: [] }
        : { methods: ["get"], terms: ["query"], tags: [] },
      specVersion,
    );
  }
});

Deno.test("spec filter: terms match as a person reads them (İSTANBUL and istanbul, straße and STRASSE, café typed cafe, composed or not), tags too; highlights cover whole characters", () => {
  const index = parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/İstanbul": { get: { summary: "İSTANBUL şube", responses: {} } },
      "/straße": { get: { tags: ["Straßen"], responses: {} } },
      "/café": { get: { responses: {} } },
      "/cafe\u0301/nfd": { get: { responses: {} } },
      "/ガ": { get: { responses: {} } },
    },
  })).index;
  const paths = (input: string) =>
    applyFilter(index.endpoints, compileFilter(input)).map((e) => e.path);
  for (
    const [input, want] of [
      ["istanbul", ["/İstanbul"]],
      ["ISTANBUL", ["/İstanbul"]],
      ["İstanbul", ["/İstanbul"]],
      ["sube", ["/İstanbul"]],
      ["STRASSE", ["/straße"]],
      ["tag:strassen", ["/straße"]],
      ["tag:STRAẞEN", ["/straße"]],
      ["cafe", ["/cafe\u0301/nfd", "/café"]],
      ["café", ["/cafe\u0301/nfd", "/café"]],
      ["cafe\u0301", ["/cafe\u0301/nfd", "/café"]],
      ["ｃａｆｅ", ["/cafe\u0301/nfd", "/café"]],
      ["カ", []],
      ["ガ", ["/ガ"]],
    ] as const
  ) assert.deepEqual(paths(input), want, input);
  const terms = compileFilter("istanbul sse").terms;
  assert.deepEqual(highlightRanges("/İstanbul/straße", terms), [
    [1, 9],
    [14, 16],
  ]);
  assert.deepEqual(
    highlightRanges("/cafe\u0301!", compileFilter("cafe").terms),
    [[1, 6]],
  );
  // A match ending inside a folded character takes it whole.
  assert.deepEqual(highlightRanges("Straße", ["stras"]), [[0, 5]]);
  assert.deepEqual(highlightRanges("xßy", ["xs"]), [[0, 2]]);
  assert.deepEqual(highlightRanges("ﬁle", ["f"]), [[0, 1]]);
  // A word that folds to nothing filters and marks nothing.
  assert.deepEqual(compileFilter("\u0301").terms, []);
  assert.deepEqual(highlightRanges("/a", [""]), []);
});
