import assert from "node:assert/strict";
import { formatMarkdown } from "../../lib/openapi/compare/format.ts";
import type { Change, Level } from "../../lib/openapi/compare/types.ts";
import { exportName, groupRows, listItems, rowsOf } from "./view.ts";
import {
  exportResult,
  focusLabels,
  newHays,
  viewIndices,
} from "../../lib/openapi/compare/narrow.ts";
import {
  linkedParts,
  readChangeHash,
  readCompareHash,
  writeCompareHash,
} from "./hash.ts";
import { looksSwapped } from "../../lib/openapi/compare/versions.ts";
import { change, CHANGES } from "../../tests/helpers/compare_changes.ts";

Deno.test("rowsOf and groupRows: a group per set of operations affected", () => {
  const docChange: Change = { ...change("doc", [], "title changed"), path: "" };
  const rows = rowsOf([docChange, ...CHANGES]);
  assert.deepEqual(rows.map((r) => [r.i, r.n, r.first]), [
    [0, 0, ""],
    [1, 2, "POST /pets"],
    [2, 1, "POST /pets"],
    [3, 1, "GET /pets"],
    [4, 1, "GET /pets"],
  ]);
  const groups = groupRows(rows, [0, 1, 2, 3, 4]);
  // Row 1 affects two operations: a group of its own, not POST /pets'.
  assert.deepEqual(groups.map((g) => [g.key, g.label, g.n, g.rows]), [
    [0, "", 0, [0]],
    [1, "POST /pets", 2, [1]],
    [2, "POST /pets", 1, [2]],
    [3, "GET /pets", 1, [3, 4]],
  ]);
  const l = listItems(rows, [0, 2, 3]);
  assert.deepEqual([...l.items], [~0, 0, ~1, 2, ~2, 3]);
  assert.deepEqual([...l.rowAt], [1, 3, 5]);
});

Deno.test("compare fragment: filter and toggles round-trip, defaults omitted", () => {
  assert.deepEqual(readCompareHash(""), {
    filter: "",
    levels: ["breaking", "warning", "info"],
  });
  assert.equal(
    writeCompareHash({ filter: "", levels: ["info", "breaking", "warning"] }),
    "",
  );
  const q = {
    filter: "post charges",
    levels: ["breaking" as const, "doc" as const],
  };
  const h = writeCompareHash(q);
  assert.equal(h, "#filter=post+charges&levels=breaking,doc");
  assert.deepEqual(readCompareHash(h), q);
  assert.deepEqual(readCompareHash("#levels="), { filter: "", levels: [] });
  assert.deepEqual(readCompareHash("#levels=bogus,info").levels, ["info"]);
  // A link naming no level shows the defaults, not an empty list.
  assert.deepEqual(readCompareHash("#levels=bogus").levels, [
    "breaking",
    "warning",
    "info",
  ]);
  assert.deepEqual(readCompareHash("#levels=BREAKING").levels, [
    "breaking",
    "warning",
    "info",
  ]);
});

const SWAPPED: [string, string, string, boolean][] = [
  ["ok/dates in order", "2020-03-02", "2020-08-27", false],
  ["bad/dates the other way round", "2020-08-27", "2020-03-02", true],
  ["bad/versions the other way round", "2.0.0", "1.9", true],
  ["ok/versions in order, v and a suffix", "v1.9", "1.10.0-beta", false],
  ["ok/the same version", "1.0", "1.0", false],
  ["ok/a date and a number: no call", "2020-08-27", "1.0", false],
  ["ok/words: no call", "latest", "stable", false],
  ["bad/v-prefixed versions the other way round", "v2.0.0", "v1.9.0", true],
  ["ok/four numbers: no call", "2.0.0.1", "1.0.0.0", false],
];
for (const [name, base, revision, want] of SWAPPED) {
  Deno.test(`compare view: looksSwapped ${name}`, () => {
    assert.equal(looksSwapped(base, revision), want);
  });
}

Deno.test("focusLabels and groupRows: a change reaching several operations is listed under the one the filter names", () => {
  const all = ["breaking", "warning", "info", "doc"] as const;
  const q = (filter: string) => ({ filter, levels: [...all] });
  const terms = new Map([
    ["POST /pets", "createpet\n\u0001animals\u0001"],
    ["PUT /pets/{id}", "replacepet\n\u0001owners\u0001"],
    ["GET /pets", "listpets"],
  ]);
  const hays = newHays(terms);
  const focus = (filter: string) => {
    const shown = viewIndices(CHANGES, q(filter), hays);
    return [...focusLabels(CHANGES, shown, q(filter), hays)];
  };
  const cases: [string, string, [number, string][]][] = [
    ["ok/a method", "put", [[0, "PUT /pets/{id}"]]],
    ["ok/a path", "/pets/{id}", [[0, "PUT /pets/{id}"]]],
    ["ok/an operationId", "replacepet", [[0, "PUT /pets/{id}"]]],
    ["ok/a tag", "tag:owners", [[0, "PUT /pets/{id}"]]],
    ["ok/method and path of one operation", "put /pets", [[
      0,
      "PUT /pets/{id}",
    ]]],
    ["ok/the first already is it", "post", []],
    ["ok/a level alone names none", "breaking", []],
    ["ok/text of the change itself names none", "name", []],
    ["bad/terms of two operations, none holding both", "put createpet", []],
  ];
  for (const [name, filter, want] of cases) {
    assert.deepEqual(focus(filter), want, name);
  }
  // A Markdown copy of what is shown names it first too.
  const put = viewIndices(CHANGES, q("put"), hays);
  const copy = exportResult(
    {
      base: { title: "A", version: "1", format: "OpenAPI 3.1.0" },
      revision: { title: "A", version: "2", format: "OpenAPI 3.1.0" },
      counts: { breaking: 1, warning: 1, info: 1, doc: 1 },
      changes: CHANGES,
    },
    q("put"),
    put,
    "shown",
    focusLabels(CHANGES, put, q("put"), hays),
  );
  assert.deepEqual(copy.changes[0].operations, [
    "PUT /pets/{id}",
    "POST /pets",
  ]);
  assert.match(
    formatMarkdown(copy, ""),
    /`PUT \/pets\/\{id\} \(and 1 more operation\)`/,
  );
  // The group is headed by it, and so is its row.
  const rows = rowsOf(CHANGES);
  const named = focusLabels(CHANGES, [0, 1], q("put"), hays);
  const [g] = groupRows(rows, [0, 1], named);
  assert.deepEqual([g.label, g.method, g.path, g.n], [
    "PUT /pets/{id}",
    "put",
    "/pets/{id}",
    2,
  ]);
});

Deno.test("compare fragment: what a link holds, in words", () => {
  assert.deepEqual(linkedParts(readCompareHash("")), []);
  assert.deepEqual(
    linkedParts(readCompareHash("#filter=pets&levels=breaking")),
    [
      "filter “pets”",
      "levels breaking",
    ],
  );
  assert.deepEqual(linkedParts(readCompareHash("#levels=")), ["levels none"]);
});

Deno.test("compare view: the JSON file is named by both versions, safely; without two, api-changes.json", () => {
  assert.equal(exportName("1.0", "2.0"), "api-changes-1.0-to-2.0.json");
  assert.equal(
    exportName("2020-03-02", "2020-08-27"),
    "api-changes-2020-03-02-to-2020-08-27.json",
  );
  assert.equal(exportName("a/../b", "c d"), "api-changes-a_.._b-to-c_d.json");
  assert.equal(exportName("", "2"), "api-changes.json");
  assert.equal(exportName("1", "1"), "api-changes.json");
  // Letters of any script stay, so two such versions keep apart.
  assert.equal(exportName("1.0-β", "1.0-γ"), "api-changes-1.0-β-to-1.0-γ.json");
});

Deno.test("compare hash: the open change is written and read by place and id; anything else names none", () => {
  const q = { filter: "", levels: ["breaking", "warning", "info"] as Level[] };
  assert.equal(
    writeCompareHash(q, { i: 12, id: "request-property-became-required" }),
    "#change=12.request-property-became-required",
  );
  assert.deepEqual(readChangeHash("#change=12.api-removed"), {
    i: 12,
    id: "api-removed",
  });
  for (const bad of ["#change=x.y", "#change=1", "#change=1.A_B", "#"]) {
    assert.equal(readChangeHash(bad), null, bad);
  }
  assert.deepEqual(linkedParts(q, { i: 1, id: "api-removed" }), [
    "change api-removed",
  ]);
});
