/**
 * Hostile class: YAML alias bombs. js-yaml shares an aliased node instead of
 * copying it, so loading is cheap; what blows up is code that walks the
 * result as a tree (stringifying, indexing, checks, details, version-source
 * recovery). Every path is exercised, details included, plus the quieter
 * multiplications (one long list shared by thousands of operations) and
 * self-referencing anchors (true cycles).
 */
import assert from "node:assert/strict";
import {
  type HostileCase,
  rows,
  YAML31,
} from "../helpers/spec_hostile_tally.ts";

/**
 * "Billion laughs": `x-l0` holds a leaf, each `x-lN` lists `width` aliases of
 * `x-l(N-1)`; as a tree, `x-l9` is width^9 leaves (10^9 with the defaults).
 */
export function laughs(
  kind: "seq" | "map",
  { levels = 9, width = 10, leaf = "lol" } = {},
): string {
  let s = `x-l0: &l0 ${kind === "seq" ? `[${leaf}]` : `{a: ${leaf}}`}\n`;
  for (let i = 1; i <= levels; i++) {
    const refs = Array.from(
      { length: width },
      (_, j) => kind === "seq" ? `*l${i - 1}` : `k${j}: *l${i - 1}`,
    ).join(", ");
    s += `x-l${i}: &l${i} ${kind === "seq" ? `[${refs}]` : `{${refs}}`}\n`;
  }
  return s;
}

const SEQ = laughs("seq");
const MAP = laughs("map");
const B = "*l9";
const BOTH = `${SEQ}${MAP.replaceAll("&l", "&m").replaceAll("*l", "*m")}`;
const EXPANDS = /expands far beyond its own size/;

export const ALIAS: HostileCase[] = [
  {
    name: "billion laughs (lists and maps, 10^9 leaves) beside a spec",
    run(t) {
      for (const bomb of [SEQ, MAP]) {
        const a = t.accepted(YAML31 + bomb + "paths: {/a: {get: {}}}\n");
        assert.deepEqual(rows(a), ["get /a"]);
      }
    },
  },
  {
    name:
      "billion laughs in every string field of an operation, details opened",
    run(t) {
      for (const b of [B, "*m9"]) {
        const a = t.accepted(
          YAML31 + BOTH +
            `paths:\n  /a:\n    summary: ${b}\n    description: ${b}\n    parameters: [${b}, {name: ${b}, in: query, description: ${b}, schema: ${b}}]\n    get:\n      tags: [${b}, ok]\n      summary: ${b}\n      operationId: ${b}\n      description: ${b}\n      deprecated: ${b}\n      security: [{k: ${b}}, ${b}]\n      callbacks: ${b}\n      requestBody: {description: ${b}, content: {a/b: {schema: {properties: {p: ${b}}}}}}\n      responses:\n        '200': {description: ${b}, content: ${b}}\n        '201': {description: d, content: {a/b: {schema: {type: ${b}, enum: ${b}, required: ${b}, format: ${b}, allOf: ${b}, oneOf: ${b}, items: ${b}, properties: ${b}}}}}\n`,
        );
        assert.deepEqual(a.index.endpoints[0].tags, ["ok"]);
        assert.equal(a.index.endpoints[0].summary, "");
        const d = a.details[0];
        assert.ok(d.responses.length === 2 && d.security.length <= 20);
        assert.ok(JSON.stringify(d).length < 100_000, "a bounded detail");
      }
    },
  },
  {
    name: "billion laughs in header fields, servers, tags and Swagger lists",
    run(t) {
      const a = t.accepted(
        `openapi: 3.1.0\n${BOTH}info: {title: ${B}, version: ${B}, description: ${B}}\nservers: ${B}\ntags: ${B}\nsecurity: ${B}\npaths: {/a: {get: {}}}\ncomponents: {schemas: *m9}\nwebhooks: *m9\n`,
      );
      assert.equal(a.index.title, "");
      assert.equal(a.index.version, "");
      const s = t.accepted(
        `swagger: '2.0'\n${SEQ}host: h\nschemes: ${B}\nconsumes: ${B}\nproduces: ${B}\npaths: {/a: {get: {consumes: ${B}, parameters: [{in: body, name: b, schema: {}}, {in: formData, name: f}], responses: {'200': {description: d, schema: {}}}}}}\n`,
      );
      assert.deepEqual(s.index.servers, ["https://h"]);
    },
  },
  {
    name: "billion laughs as the version fields and document kinds",
    run(t) {
      assert.equal(t.rejected(`${SEQ}openapi: ${B}\n`).path, "$.openapi");
      assert.equal(t.rejected(`${SEQ}swagger: ${B}\n`).path, "$.swagger");
      assert.match(t.rejected(`${SEQ}asyncapi: ${B}\n`).message, /AsyncAPI/);
      assert.match(
        t.rejected(`${SEQ}info: {_postman_id: 1, schema: ${B}}\n`).message,
        /Postman/,
      );
    },
  },
  {
    name: "billion laughs as paths, path items, operations, webhooks",
    run(t) {
      const list = t.accepted(YAML31 + MAP + "paths: *l9\n");
      assert.equal(list.index.endpoints.length, 0);
      const ops = t.accepted(
        "openapi: 3.2.0\ninfo: {title: t, version: '1'}\n" +
          laughs("map", { leaf: "{summary: s}" }) +
          "paths: {/a: *l9, /b: {additionalOperations: *l9, get: *l9}}\nwebhooks: {w: *l9}\n",
      );
      // /b: GET plus k0..k9 as additional methods; each alias listed once.
      assert.deepEqual(
        rows(ops).filter((r) => r.endsWith("/b")).length,
        11,
      );
    },
  },
  {
    name: "callbacks multiplied through aliases: 5,000 listed, not 80 million",
    run(t) {
      const doc = (summary: string) =>
        YAML31 +
        `x-i: &i {get: {summary: ${summary}}, put: {}, post: {}, delete: {}, options: {}, head: {}, patch: {}, trace: {}}\n` +
        `x-cb: &cb {${
          Array.from({ length: 100 }, (_, i) => `'{$u${i}}': *i`).join(", ")
        }}\n` +
        `x-op: &op {callbacks: {${
          Array.from({ length: 100 }, (_, i) => `c${i}: *cb`).join(", ")
        }}}\npaths:\n` +
        Array.from({ length: 1000 }, (_, i) => `  /p${i}: {get: *op}`).join(
          "\n",
        ) + "\n";
      const a = t.accepted(doc("s"), { details: 3 });
      assert.equal(a.index.callbacks.length, 5000);
      assert.equal(a.index.endpoints.length, 1000);
      assert.ok(
        a.index.warnings.some((w) => /first 5000 callback/.test(w.message)),
      );
      // Each of those 5,000 with a 100 kB summary: past the budget.
      const e = t.rejected(doc("ab ".repeat(35_000)));
      assert.equal(e.kind, "structure");
      assert.match(e.message, EXPANDS);
      assert.match(e.path!, /^\$\.paths\["\/p0"\]\.get\.callbacks/);
    },
  },
  {
    name: "one long summary shared by many operations: listed within a budget",
    run(t) {
      const ops = (n: number) =>
        Array.from({ length: n }, (_, i) => `  /p${i}: {get: {summary: *s}}`)
          .join("\n");
      const big = `x-s: &s ${"ab ".repeat(350_000)}\n`;
      const e = t.rejected(YAML31 + big + `paths:\n${ops(200)}\n`);
      assert.match(e.message, EXPANDS);
      const a = t.accepted(YAML31 + big + `paths:\n${ops(10)}\n`, {
        details: 2,
      });
      assert.equal(a.index.endpoints.length, 10);
    },
  },
  {
    name: "shared long lists: 10,000 operations × 10,000 tags or parameters",
    run(t) {
      const list = (n: number, f: (i: number) => string) =>
        `[${Array.from({ length: n }, (_, i) => f(i)).join(", ")}]`;
      const paths = (n: number) =>
        Array.from({ length: n }, (_, i) => `  /p${i}/{id}: *item`).join("\n");
      const a = t.accepted(
        YAML31 + `x-tags: &tags ${list(10_000, (i) => `t${i}`)}\n` +
          `x-params: &params ${
            list(10_000, (i) => `{name: q${i}, in: query}`)
          }\n` +
          `x-item: &item {get: {tags: *tags, parameters: *params}}\n` +
          `paths:\n${paths(10_000)}\n`,
        { details: 3 },
      );
      assert.equal(a.index.endpoints.length, 10_000);
      assert.equal(a.index.endpoints[0].tags.length, 100, "tags capped");
      assert.equal(a.details[0].parameters.length, 200, "parameters capped");
      assert.ok(
        a.index.warnings.some((w) => /\{id\} is not declared/.test(w.message)),
      );
    },
  },
  {
    name: "10,000 paths $ref one path item with 10,000 extension keys",
    run(t) {
      const ext = Array.from({ length: 10_000 }, (_, i) => `x-${i}: 1`).join(
        ", ",
      );
      const paths = Array.from(
        { length: 10_000 },
        (_, i) => `  /p${i}: {$ref: '#/x-item', summary: s${i}, x-own: 1}`,
      ).join("\n");
      const a = t.accepted(
        YAML31 + `x-item: {get: {}, ${ext}}\npaths:\n${paths}\n`,
        { details: 3 },
      );
      assert.equal(a.index.endpoints.length, 10_000);
    },
  },
  {
    name: "merge-key bombs (<<: ten aliases per level, nine levels)",
    run(t) {
      let m = "x-m0: &m0 {a0: 1, a1: 1, a2: 1, a3: 1, a4: 1}\n";
      for (let i = 1; i <= 9; i++) {
        m += `x-m${i}: &m${i} {<<: [${
          Array(10).fill(`*m${i - 1}`).join(", ")
        }], k${i}: 1}\n`;
      }
      t.answer(YAML31 + m + "paths: {/a: {get: {<<: *m9}}}\n");
      t.answer(YAML31 + m + "paths: {/a: {<<: *m9, get: {}}}\n");
    },
  },
  {
    name: "self-referencing anchors (true cycles) in paths, schemas, lists",
    run(t) {
      const a = t.accepted(
        YAML31 + `paths: &p
  /a: &i
    x-self: *p
    get:
      tags: &t [a, *t]
      parameters: &pl [{name: q, in: query, schema: &s {properties: {self: *s}, allOf: [*s, *s], items: *s, oneOf: [*s]}}, *pl]
      callbacks: {c: {'{$url}': *i}}
      security: &sec [{k: *sec}]
      responses: &r {'200': {description: d, content: {a/b: {schema: *s}}}, '201': *r}
components: {schemas: {S: *s}}
`,
      );
      assert.deepEqual(a.index.endpoints[0].tags, ["a"]);
      assert.equal(a.index.callbacks.length, 1);
      const d = a.details[0];
      assert.deepEqual(d.parameters.map((p) => p.name), ["q"]);
      assert.deepEqual(d.responses[0].bodies[0].fields.map((f) => f.name), [
        "self",
      ]);
    },
  },
  {
    name: "100,000 paths aliasing one path item are all listed",
    run(t) {
      const paths = Array.from({ length: 100_000 }, (_, i) => `  /p${i}: *i`)
        .join("\n");
      const a = t.accepted(
        YAML31 + `x-i: &i {get: {summary: s, tags: [a]}}\npaths:\n${paths}\n`,
      );
      assert.equal(a.index.endpoints.length, 100_000);
      assert.deepEqual(a.index.tags.map((x) => [x.name, x.count]), [[
        "a",
        100_000,
      ]]);
    },
  },
];
