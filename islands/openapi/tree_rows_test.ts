/** Tree rows: paths, open levels, items in place, recursion as links back. */
import assert from "node:assert/strict";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";
import type { SchemaNode } from "../../lib/openapi/types.ts";
import { visibleRows } from "./tree_rows.ts";
import { typeText } from "./SchemaTree.tsx";
import { TUPLE_AND_PATTERNS } from "../../tests/fixtures/openapi/schemas_2020.ts";

const FIX = new URL("../../tests/fixtures/openapi/", import.meta.url);
const parsed = parseSpec(
  Deno.readTextFileSync(new URL("detail-3.1.yaml", FIX)),
);

function setup(raw: unknown) {
  const g = new SchemaGraph(parsed.resolver, { markdown: false });
  const root = g.edge("", raw);
  const nodes = new Map<number, SchemaNode>(
    g.collect([root.node], 1000, 10_000).map((n) => [n.id, n]),
  );
  return { root, nodes };
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const all = () => true;
const paths = (rows: { kind: string; path: string; required: boolean }[]) =>
  rows.filter((r) => r.kind === "prop").map((r) =>
    r.path + (r.required ? "*" : "")
  );

Deno.test("tree rows: ok/first two levels, items in place with []", () => {
  const { root, nodes } = setup(ref("Order"));
  const w = visibleRows(root, nodes, (_k, level) => level <= 1);
  assert.deepEqual(paths(w.rows), [
    "id*",
    "created",
    "status",
    "lines*",
    "lines[].amount*",
    "lines[].sku",
    "address",
    "address.city",
    "address.email",
    "address.geo",
    "note",
    "secret",
    "tags",
  ]);
  assert.deepEqual(w.missing, []);
  const geo = w.rows.find((r) => r.path === "address.geo")!;
  assert.equal(geo.level, 2);
  assert.equal(geo.expandable, true);
  assert.equal(geo.open, false);
});

Deno.test("tree rows: ok/expanded: additional properties, root arrays as []", () => {
  const { root, nodes } = setup(ref("Order"));
  const w = visibleRows(root, nodes, all);
  assert.ok(paths(w.rows).includes("address.geo.lat"));
  const extra = w.rows.find((r) => r.kind === "additional")!;
  assert.equal(extra.path, "tags.*");
  const list = setup({ type: "array", items: ref("Line") });
  assert.deepEqual(paths(visibleRows(list.root, list.nodes, all).rows), [
    "[].amount*",
    "[].sku",
  ]);
});

Deno.test("tree rows: ok/additionalProperties named by its x-additionalPropertiesName (also through a $ref), as Redoc and Scalar name it", () => {
  const g = new SchemaGraph(
    parseSpec(JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Value: { type: "string", "x-additionalPropertiesName": " tag " },
        },
      },
    })).resolver,
    { markdown: false },
  );
  const labels = (raw: unknown) => {
    const root = g.edge("", raw);
    const nodes = new Map<number, SchemaNode>(
      g.collect([root.node], 10, 100).map((n) => [n.id, n]),
    );
    return visibleRows(root, nodes, all).rows.map((r) =>
      `${r.kind}:${r.label}:${r.path}`
    );
  };
  assert.deepEqual(
    labels({
      type: "object",
      additionalProperties: {
        type: "string",
        "x-additionalPropertiesName": "header name",
      },
    }),
    ["additional:header name*:*"],
  );
  assert.deepEqual(
    labels({
      type: "object",
      additionalProperties: { $ref: "#/components/schemas/Value" },
    }),
    ["additional:tag*:*"],
  );
  // Written as no text, or nowhere: the plain label.
  assert.deepEqual(
    labels({
      type: "object",
      additionalProperties: { "x-additionalPropertiesName": 3 },
    }),
    ["additional:additional properties:*"],
  );
});

Deno.test("tree rows: ok/oneOf alternatives are rows without a name of their own", () => {
  const { root, nodes } = setup(ref("Pet"));
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(
    w.rows.map((r) => `${r.level}:${r.kind}:${r.label}`),
    [
      "1:alt:Cat",
      "2:prop:kind",
      "2:prop:lives",
      "1:alt:Dog",
      "2:prop:kind",
      "2:prop:ip",
      "1:alt:Nickname",
      "1:alt:Option 4",
    ],
  );
  assert.equal(new Set(w.rows.map((r) => r.key)).size, w.rows.length);
});

Deno.test("tree rows: ok/recursion links back to the open ancestor, never expands", () => {
  const { root, nodes } = setup(ref("Node"));
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(
    w.rows.map((r) =>
      `${r.path}:${r.loopTo === null ? "-" : r.loopTo || "root"}`
    ),
    ["name:-", "parent:root", "children:root"],
  );
  assert.ok(w.rows.every((r) => !r.expandable));
});

Deno.test("tree rows: ok/only what is open is walked; max cuts", () => {
  const { root, nodes } = setup(ref("Order"));
  assert.equal(visibleRows(root, nodes, () => false).rows.length, 8);
  const w = visibleRows(root, nodes, all, 3);
  assert.equal(w.rows.length, 3);
  assert.equal(w.cut, true);
});

Deno.test("tree rows: ok/nodes not sent yet are reported missing", () => {
  const { root, nodes } = setup(ref("Order"));
  const lines = [...nodes.values()].find((n) => n.items)!;
  nodes.delete(lines.items!.node);
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(w.missing, [lines.items!.node]);
});

Deno.test("tree rows: ok/pattern properties and tuple positions are rows of their own, not properties", () => {
  const { root, nodes } = setup(TUPLE_AND_PATTERNS);
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(
    w.rows.map((r) => [r.kind, r.label, r.path]),
    [
      ["prop", "at", "at"],
      ["tuple", "item 0", "at[]"],
      ["tuple", "item 1", "at[]"],
      ["prop", "unit", "at[].unit"],
      ["pattern", "properties matching ^x-", "*"],
      ["prop", "v", "*.v"],
    ],
  );
});

Deno.test("tree rows: ok/a string's contentSchema is a row of its own, the document's fields under the string's path", () => {
  const { root, nodes } = setup({
    type: "object",
    properties: {
      payload: {
        type: "string",
        contentMediaType: "application/json",
        contentSchema: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "integer" } },
        },
      },
    },
  });
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(
    w.rows.map((r) => [r.kind, r.label, r.path + (r.required ? "*" : "")]),
    [
      ["prop", "payload", "payload"],
      ["content", "content schema", "payload"],
      ["prop", "id", "payload.id*"],
    ],
  );
  assert.equal(w.rows[0].expandable, true);
});

Deno.test("tree rows: ok/an alternative opens with the property holding it; its fields count one level under that property", () => {
  const leaf = { type: "string" };
  const deep = { type: "object", properties: { deep: leaf } };
  const { root, nodes } = setup({
    type: "object",
    properties: {
      pet: {
        oneOf: [
          { title: "Cat", type: "object", properties: { meow: deep } },
          { title: "Dog", type: "object", properties: { bark: leaf } },
        ],
      },
    },
  });
  const asked: [string, number][] = [];
  const w = visibleRows(root, nodes, (k, depth) => {
    asked.push([k, depth]);
    return depth <= 1;
  });
  assert.deepEqual(paths(w.rows), ["pet", "pet.meow", "pet.bark"]);
  // The alternatives are asked at their property's depth, their fields
  // one deeper (closed): the rows' aria-levels still nest.
  assert.deepEqual(asked.map(([, d]) => d), [1, 1, 2, 1]);
  assert.deepEqual(
    w.rows.map((r) => [r.kind, r.level]),
    [["prop", 1], ["alt", 2], ["prop", 3], ["alt", 2], ["prop", 3]],
  );
  // A root oneOf's fields are the first level.
  const top = setup({
    oneOf: [{ title: "A", type: "object", properties: { a: deep } }],
  });
  const t = visibleRows(top.root, top.nodes, (_k, depth) => depth <= 1);
  assert.deepEqual(paths(t.rows), ["a", "a.deep"]);
});

Deno.test("tree rows: ok/a tuple's rest is a row of its own, and its type text names positions and rest", () => {
  const CASES: [string, unknown, string, string[]][] = [
    [
      "ok/draft-4 tuple with a rest",
      {
        type: "array",
        items: [{ type: "string" }, { type: "integer" }],
        additionalItems: { type: "boolean" },
      },
      "[string, integer, ...boolean]",
      ["item 0", "item 1", "items after 1"],
    ],
    [
      "ok/prefixItems with items",
      { prefixItems: [{ type: "string" }], items: { type: "integer" } },
      "[string, ...integer]",
      ["item 0", "items after 0"],
    ],
    [
      "ok/closed tuple",
      { prefixItems: [{ type: "string" }], items: false },
      "[string]",
      ["item 0"],
    ],
    [
      "ok/open tuple",
      { prefixItems: [{ type: "string" }] },
      "[string, ...any]",
      ["item 0"],
    ],
  ];
  for (const [name, raw, text, labels] of CASES) {
    const { root, nodes } = setup(raw);
    assert.equal(typeText(root, nodes.get(root.node), nodes), text, name);
    const w = visibleRows(root, nodes, all);
    assert.deepEqual(w.rows.map((r) => r.label), labels, name);
  }
});

Deno.test("tree rows: ok/a nullable union folds into one row; its fields keep their paths", () => {
  const { root, nodes } = setup({
    type: "object",
    properties: {
      temperature: {
        anyOf: [{ type: "number", minimum: 0 }, { type: "null" }],
      },
      owner: {
        anyOf: [{
          type: "object",
          properties: {
            name: { type: "string" },
            tags: {
              type: "array",
              items: { type: "object", properties: { k: { type: "string" } } },
            },
          },
        }, { type: "null" }],
      },
      node: { anyOf: [ref("Node"), { type: "null" }] },
    },
  });
  const w = visibleRows(root, nodes, all);
  assert.deepEqual(
    w.rows.map((r) => `${r.kind}:${r.path}`),
    [
      "prop:temperature",
      "prop:owner",
      "prop:owner.name",
      "prop:owner.tags",
      "prop:owner.tags[].k",
      "prop:node",
      "prop:node.name",
      "prop:node.parent",
      "prop:node.children",
    ],
  );
  const t = w.rows[0];
  assert.equal(t.expandable, false);
  assert.equal(typeText(t.edge, t.node, nodes), "number | null");
  // Node's own fields link back to the folded row, never expand again.
  const parent = w.rows.find((r) => r.path === "node.parent")!;
  assert.equal(parent.loopTo, w.rows.find((r) => r.path === "node")!.key);
});

Deno.test("tree rows: ok/a nullable union of a union reads by its alternatives' types, not 'one of | null'", () => {
  const { root, nodes } = setup({
    type: "object",
    properties: {
      content: {
        anyOf: [{
          oneOf: [{ type: "string" }, {
            type: "array",
            items: { type: "string" },
          }],
        }, { type: "null" }],
      },
    },
  });
  const w = visibleRows(root, nodes, all);
  const c = w.rows.find((r) => r.path === "content")!;
  assert.equal(
    typeText(c.edge, c.node, nodes),
    "string | array<string> | null",
  );
});
