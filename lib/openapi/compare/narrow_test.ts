import assert from "node:assert/strict";
import { formatMarkdown } from "./format.ts";
import { compareSpecs } from "./mod.ts";
import type { CompareResult } from "./types.ts";
import { change, CHANGES } from "../../../tests/helpers/compare_changes.ts";
import {
  exportResult,
  exportScope,
  narrowedLine,
  newHays,
  viewIndices,
} from "./narrow.ts";

Deno.test("viewIndices: toggles, levels, methods and terms", () => {
  const all = ["breaking", "warning", "info", "doc"] as const;
  const q = (filter: string, levels = [...all]) => ({ filter, levels });
  assert.deepEqual([...viewIndices(CHANGES, q(""))], [0, 1, 2, 3]);
  assert.deepEqual(
    [...viewIndices(CHANGES, q("", ["breaking", "warning", "info"]))],
    [0, 1, 2],
  );
  assert.deepEqual([...viewIndices(CHANGES, q("breaking"))], [0]);
  // A method matches a change that affects an operation of that method,
  // not only the one it is listed under (its row's data-method): `put`
  // finds the shared change listed under POST /pets that reaches PUT.
  assert.deepEqual([...viewIndices(CHANGES, q("put"))], [0]);
  assert.deepEqual([...viewIndices(CHANGES, q("delete"))], []);
  assert.deepEqual([...viewIndices(CHANGES, q("post"))], [0, 1]);
  assert.deepEqual([...viewIndices(CHANGES, q("get"))], [2, 3]);
  assert.deepEqual([...viewIndices(CHANGES, q("NAME pets"))], [0]);
  assert.deepEqual([...viewIndices(CHANGES, q("warning-thing"))], [2]);
  assert.deepEqual([...viewIndices(CHANGES, q("info", ["breaking"]))], []);
  const hays = newHays();
  viewIndices(CHANGES, q("pets"), hays);
  assert.equal(
    hays.own.filter(Boolean).length,
    4,
    "hays kept for the next keystroke",
  );
});

Deno.test("viewIndices: operation terms, one hay per set of operations", () => {
  const all = ["breaking", "warning", "info", "doc"] as const;
  const q = (filter: string) => ({ filter, levels: [...all] });
  // Summary, tags and operationId of each operation, both sides', by label.
  const terms = new Map([
    ["POST /pets", "createpet\nanimals\nregister a pet"],
    ["PUT /pets/{id}", "replacepet\nanimals\nreplace a pet"],
    ["GET /pets", "listpets\nanimals\nlist pets"],
  ]);
  const hays = newHays(terms);
  const shown = (filter: string) => [...viewIndices(CHANGES, q(filter), hays)];
  assert.deepEqual(shown("createPet"), [0, 1]);
  assert.deepEqual(shown("replacepet"), [0]);
  assert.deepEqual(shown("register"), [0, 1]);
  assert.deepEqual(shown("animals"), [0, 1, 2, 3]);
  assert.deepEqual(shown("get animals"), [2, 3]);
  assert.deepEqual(shown("warning listpets"), [2]);
  assert.deepEqual(shown("listpets enum"), [2]);
  assert.deepEqual(shown("zebra"), []);
  // Without terms, as before: labels, places and sentences only.
  assert.deepEqual([...viewIndices(CHANGES, q("createPet"))], []);
  // Changes 2 and 3 list the same operation: one hay made, not two.
  assert.equal(hays.bySet.size, 3);
});

Deno.test("exportScope and exportResult: the whole comparison or the shown", () => {
  const r: CompareResult = {
    base: { title: "A", version: "1", format: "OpenAPI 3.1.0" },
    revision: { title: "A", version: "2", format: "OpenAPI 3.1.0" },
    counts: { breaking: 1, warning: 1, info: 1, doc: 1 },
    changes: CHANGES,
  };
  const dflt = { filter: "", levels: ["breaking", "warning", "info"] as const };
  assert.equal(exportScope({ ...dflt, levels: [...dflt.levels] }), "all");
  assert.equal(
    exportScope({ filter: " ", levels: [...dflt.levels, "doc"] }),
    "all",
  );
  assert.equal(
    exportScope({ filter: "pets", levels: [...dflt.levels] }),
    "shown",
  );
  assert.equal(exportScope({ filter: "", levels: ["breaking"] }), "shown");

  const whole = exportResult(r, { filter: "", levels: [...dflt.levels] }, []);
  assert.deepEqual(whole.counts, r.counts, "doc changes still counted");
  assert.deepEqual(whole.changes.map((c) => c.level), [
    "breaking",
    "info",
    "warning",
  ]);
  const withDoc = exportResult(
    r,
    { filter: "", levels: [...dflt.levels, "doc"] },
    [],
  );
  assert.equal(withDoc.changes.length, 4);
  const shown = exportResult(r, { filter: "get", levels: [...dflt.levels] }, [
    2,
  ]);
  assert.deepEqual(shown.counts, { breaking: 0, warning: 1, info: 0, doc: 0 });
  assert.deepEqual(shown.changes, [CHANGES[2]]);
});

Deno.test("narrowedLine: a copy of some changes says which filter and levels chose them", () => {
  const dflt = ["breaking", "warning", "info"] as const;
  assert.equal(narrowedLine({ filter: "", levels: [...dflt] }), "");
  assert.equal(narrowedLine({ filter: " ", levels: [...dflt, "doc"] }), "");
  assert.equal(
    narrowedLine({ filter: "tag:pets", levels: [...dflt] }),
    "_Only the changes matching `tag:pets`: the counts above are of these._",
  );
  assert.equal(
    narrowedLine({ filter: "get", levels: ["breaking"] }),
    "_Only the changes matching `get` and at the levels breaking: the counts above are of these._",
  );
  // With the whole comparison's counts: a hidden level's 0 is not the
  // verdict.
  assert.equal(
    narrowedLine({ filter: "", levels: ["breaking"] }, {
      breaking: 2,
      warning: 1,
      info: 4,
      doc: 4,
    }),
    "_Only the changes at the levels breaking: the counts above are of these. The whole comparison has 2 breaking, 1 warning, 4 info, 4 doc._",
  );
  const md = formatMarkdown(
    compareSpecs(
      '{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{}}',
      '{"openapi":"3.1.0","info":{"title":"T","version":"2"},"paths":{}}',
    ),
    "_Only these._",
  );
  assert.match(md, /doc\n\n_Only these\._\n/);
});

Deno.test("viewIndices and narrowedLine: a method term is a whole method; the line trims the filter and orders the levels", () => {
  const all = ["breaking", "warning", "info", "doc"] as const;
  const budget = [change("info", ["POST /budgets"], "operation deprecated")];
  assert.deepEqual([
    ...viewIndices(budget, { filter: "get", levels: [...all] }),
  ], []);
  const dflt = ["breaking", "warning", "info"] as const;
  assert.equal(
    narrowedLine({ filter: " tag:pets ", levels: [...dflt] }),
    "_Only the changes matching `tag:pets`: the counts above are of these._",
  );
  assert.equal(
    narrowedLine({ filter: "", levels: [] }),
    "_Only the changes at the levels none: the counts above are of these._",
  );
  assert.equal(
    narrowedLine({ filter: "", levels: ["info", "breaking"] }),
    "_Only the changes at the levels breaking, info: the counts above are of these._",
  );
});
