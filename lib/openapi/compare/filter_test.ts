/**
 * The compare filter: section 4's terms over the operations a change
 * affects (path, summary, tag, operationId, from either document), a
 * method term for the method a change is listed under, a level name for
 * its level. Each `ok/...` filter lists exactly the changes named, each
 * `bad/...` filter what it must not match.
 */
import assert from "node:assert/strict";
import {
  changeHay,
  changeMatches,
  changesQueryMethod,
  compileChangeFilter,
  MAX_OPERATION_TERMS,
  operationTerms,
} from "./filter.ts";
import { compareModels, readSide } from "./mod.ts";
import type { Change } from "./types.ts";

const ok200 = { "200": { description: "ok" } };
const limit = (required: boolean) => ({
  name: "limit",
  in: "query",
  required,
  schema: { type: "integer" },
});

/** A pet store whose every operation has a summary, a tag and an operationId. */
function doc(version: string, paths: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Pets", version },
    paths,
  });
}

const BASE = doc("1", {
  "/pets": {
    get: {
      operationId: "listPets",
      summary: "List every pet",
      tags: ["animals", "legacy"],
      parameters: [limit(false)],
      responses: ok200,
    },
    post: {
      operationId: "createPet",
      summary: "Register a pet",
      tags: ["animals"],
      responses: ok200,
    },
  },
  "/pets/{id}": {
    get: {
      operationId: "showPet",
      summary: "Show a pet",
      tags: ["animals"],
      responses: ok200,
    },
    delete: {
      operationId: "deletePet",
      summary: "Remove a pet",
      tags: ["admin"],
      responses: ok200,
    },
  },
});

const REVISION = doc("2", {
  "/pets": {
    get: {
      operationId: "listPets",
      summary: "List every pet",
      // A tag replaced: the base's and the revision's both find it.
      tags: ["animals", "catalogue"],
      parameters: [limit(true)],
      responses: ok200,
    },
    post: {
      operationId: "createPet",
      summary: "Register a pet",
      tags: ["animals"],
      deprecated: true,
      responses: ok200,
    },
  },
  "/pets/{id}": {
    get: {
      operationId: "showPet",
      summary: "Show a pet",
      tags: ["animals"],
      responses: ok200,
    },
  },
  "/owners": {
    get: {
      operationId: "getOwners",
      summary: "Browse owners",
      tags: ["people"],
      responses: ok200,
    },
  },
});

const base = readSide(BASE, "base");
const revision = readSide(REVISION, "revision");
const RESULT = compareModels(base, revision, { all: true });
const TERMS = operationTerms(base, revision);

/** Ids of the changes `filter` keeps, in list order. */
function kept(filter: string): string[] {
  const f = compileChangeFilter(filter);
  return RESULT.changes.filter((c) => changeMatches(c, f, changeHay(c, TERMS)))
    .map((c) => c.id);
}

Deno.test("compare filter: the pair reports what the cases expect", () => {
  assert.deepEqual(
    RESULT.changes.map((c) => [c.id, c.level, c.operations]),
    [
      ["request-parameter-became-required", "breaking", ["GET /pets"]],
      ["api-tag-added", "info", ["GET /pets"]],
      ["api-tag-removed", "info", ["GET /pets"]],
      ["api-removed-without-deprecation", "breaking", ["DELETE /pets/{id}"]],
      ["endpoint-added", "info", ["GET /owners"]],
      ["endpoint-deprecated", "info", ["POST /pets"]],
      ["info-version-changed", "doc", []],
    ],
  );
});

const PARAM = "request-parameter-became-required";
const TAG = "api-tag-added";
const UNTAG = "api-tag-removed";
const REMOVED = "api-removed-without-deprecation";
const DEPRECATED = "endpoint-deprecated";
const ADDED = "endpoint-added";

/** [name, filter, ids of the changes kept] */
const CASES: [string, string, string[]][] = [
  ["ok/operationId from the base only (removed)", "deletePet", [REMOVED]],
  ["ok/operationId from the revision only (added)", "getOwners", [ADDED]],
  ["ok/operationId of an operation in both", "listPets", [PARAM, TAG, UNTAG]],
  ["ok/a tag only the revision gives it", "catalogue", [PARAM, TAG, UNTAG]],
  ["ok/a tag only the base gave it", "legacy", [PARAM, TAG, UNTAG]],
  ["ok/part of an operationId, any case", "GETOWN", [ADDED]],
  ["ok/summary word", "register", [DEPRECATED]],
  ["ok/summary word of the added operation", "browse", [ADDED]],
  ["ok/tag", "animals", [PARAM, TAG, UNTAG, DEPRECATED]],
  ["ok/tag of the removed operation", "admin", [REMOVED]],
  ["ok/terms from different fields all match", "animals every", [
    PARAM,
    TAG,
    UNTAG,
  ]],
  ["ok/summary and the change's own text", "every required", [PARAM]],
  ["ok/path as before", "/pets/{id}", [REMOVED]],
  ["ok/method term still restricts", "post animals", [DEPRECATED]],
  ["ok/method term, the other method", "GET animals", [PARAM, TAG, UNTAG]],
  ["ok/level term", "info animals", [TAG, UNTAG, DEPRECATED]],
  ["ok/level term with a summary word", "breaking every", [PARAM]],
  ["ok/a document-level change by its own text", "version", [
    "info-version-changed",
  ]],
  ["ok/a tag term", "tag:admin", [REMOVED]],
  ["ok/a tag term, a tag only the revision gives it", "tag:CATALOGUE", [
    PARAM,
    TAG,
    UNTAG,
  ]],
  ["ok/a tag term with a level term", "tag:animals info", [
    TAG,
    UNTAG,
    DEPRECATED,
  ]],
  ["bad/a tag term is the whole tag", "tag:anim", []],
  ["bad/a tag term is not an operationId", "tag:listpets", []],
  ["bad/a term matching nothing", "zebra", []],
  ["bad/a term of another operation", "people animals", []],
  ["bad/method term against the operation's terms", "delete animals", []],
  ["bad/level term against the operation's terms", "warning animals", []],
  ["bad/no match across two fields", "animalslistpets", []],
  ["bad/a document-level change has no operation terms", "version pet", []],
];

for (const [name, filter, ids] of CASES) {
  Deno.test(`compare filter: ${name}`, () => {
    assert.deepEqual(kept(filter), ids);
  });
}

Deno.test("compare filter: without operation terms, only labels and the change's text", () => {
  const f = compileChangeFilter("deletePet");
  const removed = RESULT.changes.find((c) => c.id === REMOVED)!;
  assert.equal(changeMatches(removed, f), false);
  assert.equal(changeMatches(removed, f, changeHay(removed, TERMS)), true);
  // The operations' text may come apart from the change's own.
  assert.equal(changeMatches(removed, f, "", "x\ndeletepet"), true);
});

Deno.test("compare filter: a renamed path parameter's two labels carry both sides' terms", () => {
  const one = (path: string, operationId: string, summary: string) =>
    readSide(
      doc("1", {
        [path]: { get: { operationId, summary, responses: ok200 } },
      }),
      "base",
    );
  const terms = operationTerms(
    one("/a/{id}", "oldName", "Old words"),
    one("/a/{aId}", "newName", "New words"),
  );
  for (const label of ["GET /a/{id}", "GET /a/{aId}"]) {
    const t = terms.get(label) ?? "";
    for (
      const want of [
        "oldname",
        "old words",
        "newname",
        "new words",
        "get /a/{id}",
        "get /a/{aid}",
      ]
    ) {
      assert.ok(t.includes(want), `${label} has ${want}`);
    }
  }
  assert.equal(terms.size, 2);
});

Deno.test("compare filter: after a path parameter's rename, the base's template finds the operation's changes", () => {
  const side = (path: string, required: boolean, v: "base" | "revision") =>
    readSide(
      doc(v === "base" ? "1" : "2", {
        [path]: {
          get: {
            parameters: [
              {
                name: path.slice(path.indexOf("{") + 1, -1),
                in: "path",
                required: true,
                schema: { type: "string" },
              },
              { name: "q", in: "query", required, schema: { type: "string" } },
            ],
            responses: ok200,
          },
        },
      }),
      v,
    );
  const b = side("/pets/{id}", false, "base");
  const r = side("/pets/{petId}", true, "revision");
  const result = compareModels(b, r);
  const terms = operationTerms(b, r);
  for (const q of ["/pets/{id}", "/pets/{petId}", "{id}"]) {
    const f = compileChangeFilter(q);
    assert.deepEqual(
      result.changes.filter((c) => changeMatches(c, f, changeHay(c, terms)))
        .map((c) => c.id).sort(),
      ["request-parameter-became-required", "request-path-parameter-renamed"],
      q,
    );
  }
});

Deno.test("compare filter: one side's terms are bounded, the operationId kept", () => {
  const long = "word ".repeat(2_000);
  for (
    const op of [
      { summary: "word ".repeat(100_000), tags: ["pets"] },
      // As a YAML anchor repeats one long string in every tag.
      { summary: "short", tags: Array(100).fill(long) },
    ]
  ) {
    const side = readSide(
      doc("1", {
        "/a": { get: { operationId: "keepMe", ...op, responses: ok200 } },
      }),
      "base",
    );
    const t = operationTerms(side, side).get("GET /a")!;
    assert.ok(t.length <= MAX_OPERATION_TERMS, `${t.length} chars`);
    assert.ok(t.startsWith("keepme\n"));
  }
});

Deno.test("compare filter: each side's terms once, a matched operation's and a webhook sharing a path's label", () => {
  const side = (summary: string) =>
    readSide(
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "T", version: "1" },
        paths: {
          "/a": { get: { operationId: "opA", summary, responses: ok200 } },
        },
        webhooks: {
          "/a": { get: { operationId: "opA", summary, responses: ok200 } },
        },
      }),
      "base",
    );
  assert.deepEqual([...operationTerms(side("Old"), side("Old"))], [
    ["GET /a", "opa\nold"],
  ]);
  assert.deepEqual([...operationTerms(side("Old"), side("New"))], [
    ["GET /a", "opa\nold\nopa\nnew"],
  ]);
});

Deno.test("compare filter: a method term is a whole method, not the start of another", () => {
  const c = {
    method: "getx",
    operations: ["GETX /a"],
    level: "info",
    where: "",
    text: "",
    id: "x",
  } as unknown as Change;
  assert.equal(changeMatches(c, compileChangeFilter("get")), false);
  assert.equal(
    changeMatches(
      { ...c, operations: ["GETX /a", "GET /b"] },
      compileChangeFilter("get"),
    ),
    true,
  );
});

Deno.test("change filter: ok/query is a word unless a change affects a QUERY operation", () => {
  assert.deepEqual(compileChangeFilter("query", false).terms, ["query"]);
  assert.deepEqual(compileChangeFilter("query").methods, ["query"]);
  const change = (method: string, operations: string[]) =>
    ({ method, operations }) as unknown as Change;
  assert.equal(changesQueryMethod([change("get", ["GET /query"])]), false);
  assert.equal(changesQueryMethod([change("", ["QUERY /search"])]), true);
  assert.equal(changesQueryMethod([change("query", [])]), true);
});

Deno.test("compare filter: terms match as a person reads them (STRASSE finds /straße, istanbul a summary's İSTANBUL)", () => {
  const side = (v: string, required: boolean) =>
    doc(v, {
      "/straße": {
        get: {
          summary: "İSTANBUL şube",
          parameters: [{
            name: "q",
            in: "query",
            required,
            schema: { type: "string" },
          }],
          responses: ok200,
        },
      },
    });
  const b = readSide(side("1", false), "base");
  const r = readSide(side("2", true), "revision");
  const result = compareModels(b, r);
  const terms = operationTerms(b, r);
  for (const q of ["STRASSE", "straße", "istanbul", "sube"]) {
    const f = compileChangeFilter(q);
    assert.deepEqual(
      result.changes.filter((c) => changeMatches(c, f, changeHay(c, terms)))
        .map((c) => c.path),
      ["/straße"],
      q,
    );
  }
});
