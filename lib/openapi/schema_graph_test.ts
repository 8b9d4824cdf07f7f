/** The schema graph: merged allOf, alternatives, items, recursion, bounds. */
import assert from "node:assert/strict";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { mdText } from "./markdown.ts";
import { RefResolver } from "./refs.ts";
import { edgesOf, SchemaGraph, type SchemaNode } from "./schema_graph.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const FIX = new URL("../../tests/fixtures/openapi/", import.meta.url);
const parsed = parseSpec(
  Deno.readTextFileSync(new URL("detail-3.1.yaml", FIX)),
);

function graphOf(doc: unknown = parsed.doc) {
  const p = doc === parsed.doc
    ? parsed
    : parseSpec(JSON.stringify(doc), { checks: false });
  return { g: new SchemaGraph(p.resolver), r: p.resolver };
}

/** The graph of a 3.1 document holding only `schemas`. */
function graphOfSchemas(schemas: Record<string, unknown>) {
  return graphOf({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas },
  });
}

/** The node a `$ref` to components/schemas/`name` leads to. */
function schema(g: SchemaGraph, name: string): SchemaNode {
  return g.node(g.edge("", { $ref: `#/components/schemas/${name}` }).node)!;
}

function child(g: SchemaGraph, n: SchemaNode, name: string): SchemaNode {
  const e = n.props.find((p) => p.name === name);
  assert.ok(e, `no property ${name}`);
  return g.node(e.node)!;
}

Deno.test("schema tree: ok/allOf merges properties and required lists", () => {
  const { g } = graphOf();
  const order = schema(g, "Order");
  assert.equal(order.type, "object");
  assert.deepEqual(
    order.props.map((p) =>
      `${p.name}${p.required ? "*" : ""}${p.ref ? ":" + p.ref : ""}`
    ),
    [
      "id*",
      "created",
      "status",
      "lines*",
      "address:Address",
      "note",
      "secret",
      "tags",
    ],
  );
  const id = child(g, order, "id");
  assert.equal(id.format, "uuid");
  assert.equal(id.readOnly, true);
  assert.equal(mdText(id.description), "The id.");
  assert.deepEqual(id.description, [{
    t: "p",
    c: ["The ", { t: "em", c: ["id"] }, "."],
  }]);
});

Deno.test("schema tree: ok/types, enums, defaults, constraints, flags", () => {
  const { g } = graphOf();
  const order = schema(g, "Order");
  const status = child(g, order, "status");
  assert.deepEqual(status.enum, ['"open"', '"paid"']);
  assert.equal(status.default, '"open"');
  assert.equal(child(g, order, "note").type, "string | null");
  assert.deepEqual(child(g, order, "note").constraints, ["maxLength 200"]);
  assert.equal(child(g, order, "secret").writeOnly, true);
  const lines = child(g, order, "lines");
  assert.equal(lines.type, "array");
  assert.deepEqual(lines.constraints, ["minItems 1"]);
  assert.equal(lines.items?.ref, "Line");
  const line = g.node(lines.items!.node)!;
  assert.deepEqual(child(g, line, "amount").constraints, [">= 1", "< 1000"]);
  const sku = child(g, line, "sku");
  assert.equal(sku.deprecated, true);
  assert.deepEqual(sku.constraints, ["pattern ^[A-Z]+$"]);
  const city = child(g, child(g, order, "address"), "city");
  assert.equal(city.nullable, true);
  const tags = child(g, order, "tags");
  assert.equal(g.node(tags.additional!.node)!.type, "string");
});

Deno.test("schema tree: ok/Swagger 2.0's x-nullable is nullable", () => {
  const { g } = graphOf({
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {},
    definitions: {
      T: {
        type: "object",
        properties: { label: { type: "string", "x-nullable": true } },
      },
    },
  });
  const t = g.node(g.edge("", { $ref: "#/definitions/T" }).node)!;
  assert.equal(child(g, t, "label").nullable, true);
});

Deno.test("schema tree: ok/oneOf alternatives labelled by $ref, title or position; discriminator mapping", () => {
  const { g } = graphOf();
  const pet = schema(g, "Pet");
  assert.equal(pet.type, "");
  assert.equal(pet.alts?.kind, "oneOf");
  assert.deepEqual(pet.alts?.list.map((e) => e.name), [
    "Cat",
    "Dog",
    "Nickname",
    "Option 4",
  ]);
  assert.equal(pet.alts?.discriminator, "kind");
  assert.deepEqual(pet.alts?.mapping, [["cat", "Cat"], ["dog", "Dog"]]);
  const cat = g.node(pet.alts!.list[0].node)!;
  assert.equal(child(g, cat, "kind").const, '"cat"');
  assert.equal(child(g, cat, "lives").default, "9");
});

Deno.test("schema tree: ok/recursion is a graph edge back to the same node", () => {
  const { g } = graphOf();
  const node = schema(g, "Node");
  assert.equal(node.props.find((p) => p.name === "parent")!.node, node.id);
  const children = child(g, node, "children");
  assert.equal(children.items!.node, node.id);
  // collect stops at nodes it has seen: a finite answer.
  // Node, name (a string) and children (an array of Node).
  assert.equal(g.collect([node.id], 1000, 1000).length, 3);
});

Deno.test("schema tree: ok/external and broken $refs are named, never followed", () => {
  const { g } = graphOf();
  const e = g.edge("", { $ref: "other.yaml#/components/schemas/Thing" });
  assert.equal(e.ref, "Thing");
  const n = g.node(e.node)!;
  assert.match(n.note, /another file/);
  assert.equal(n.props.length, 0);
  const b = g.edge("", { $ref: "#/components/schemas/Nope" });
  assert.match(g.node(b.node)!.note, /points to nothing/);
});

Deno.test("schema tree: ok/self-referencing allOf and 10,000-long $ref chains stay bounded", () => {
  const schemas: Record<string, unknown> = {
    Self: {
      allOf: [{ $ref: "#/components/schemas/Self" }],
      properties: { a: { type: "string" } },
    },
  };
  for (let i = 0; i < 10_000; i++) {
    schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
  }
  schemas["S10000"] = {
    type: "object",
    properties: { end: { type: "string" } },
  };
  const { g } = graphOf({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas },
  });
  assert.deepEqual(schema(g, "Self").props.map((p) => p.name), ["a"]);
  const ms = cpuMs(() =>
    assert.deepEqual(schema(g, "S0").props.map((p) => p.name), ["end"])
  );
  assert.ok(ms < 1000, `${ms} ms`);
});

Deno.test("schema tree: ok/operation detail sends the first levels' nodes and the roots", () => {
  const d = operationDetail(parsed, "paths", "/orders/{orderId}", "post")!;
  const req = d.requestBody!.bodies[0];
  assert.equal(req.schema?.ref, "Order");
  const ids = new Set(d.nodes.map((n) => n.id));
  assert.ok(ids.has(req.schema!.node));
  const list = d.responses.find((r) => r.status === "201")!.bodies[0];
  assert.equal(list.type, "array<Line>");
  assert.ok(ids.has(list.schema!.node));
});

Deno.test("schema tree: ok/Swagger 2.0 formData becomes a form body with a schema", () => {
  const p = parseSpec(Deno.readTextFileSync(new URL("form-2.0.yaml", FIX)));
  const up = operationDetail(p, "paths", "/upload", "post")!;
  const b = up.requestBody!.bodies[0];
  assert.equal(b.mediaType, "multipart/form-data");
  const root = up.nodes.find((n) => n.id === b.schema!.node)!;
  assert.deepEqual(root.props.map((e) => `${e.name}${e.required ? "*" : ""}`), [
    "file*",
    "label",
  ]);
  const login = operationDetail(p, "paths", "/login", "post")!;
  assert.equal(
    login.requestBody!.bodies[0].mediaType,
    "application/x-www-form-urlencoded",
  );
});

Deno.test("schema tree: ok/collect counts tree levels: array items sit in their property's level", () => {
  const leaf = { type: "string" };
  const { g } = graphOfSchemas({
    Root: {
      type: "object",
      properties: {
        lines: {
          type: "array",
          items: { $ref: "#/components/schemas/Line" },
        },
      },
    },
    Line: {
      type: "object",
      properties: { amount: { type: "object", properties: { leaf } } },
    },
  });
  const root = schema(g, "Root");
  const types = (depth: number) =>
    g.collect([root.id], depth, 100).map((n) =>
      n.props.map((p) => p.name).join(",") || n.type
    );
  // Level 1 is `lines` (and its items, walked in place); level 2 `amount`.
  assert.deepEqual(types(0), ["lines"]);
  assert.deepEqual(types(1), ["lines", "array", "amount"]);
  assert.deepEqual(types(2), ["lines", "array", "amount", "leaf"]);
  assert.deepEqual(types(3), ["lines", "array", "amount", "leaf", "string"]);
});

Deno.test("schema tree: bad/a 100-deep array of arrays collects what a type summary reads", () => {
  let s: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 100; i++) s = { type: "array", items: s };
  const { g } = graphOf();
  const e = g.edge("", s);
  // The array, then four arrays of arrays: `array<array<array<array<…>>>>`.
  assert.equal(g.collect([e.node], 0, 1_000).length, 5);
  assert.equal(g.collect([e.node], 3, 1_000).length, 5);
});

Deno.test("schema tree: ok/collect brings array items up to their level even when a property queued them deeper", () => {
  const charge = {
    type: "object",
    properties: { amount: { type: "object", properties: {} } },
  };
  const { g } = graphOfSchemas({
    Charge: charge,
    // `latest.charge` (level 2) names Charge before `data[]` (level 1,
    // items in place) does.
    List: {
      type: "object",
      properties: {
        latest: {
          type: "object",
          properties: { charge: { $ref: "#/components/schemas/Charge" } },
        },
        data: {
          type: "array",
          items: { $ref: "#/components/schemas/Charge" },
        },
      },
    },
  });
  const list = schema(g, "List");
  const ids = new Set(g.collect([list.id], 2, 100).map((n) => n.id));
  const c = schema(g, "Charge");
  // `data[].amount` is a level-2 row: its node comes with the first two.
  assert.ok(ids.has(c.id));
  assert.ok(ids.has(c.props[0].node), "data[].amount's node");
  // Each node once.
  assert.equal(g.collect([list.id], 2, 100).length, ids.size);
});

Deno.test("schema tree: ok/2020-12 keywords: pattern properties and tuple positions as edges, the rest as facts", () => {
  const { g } = graphOfSchemas({
    Meta: {
      patternProperties: {
        "^x-": { type: "string" },
        "^n_": { $ref: "#/components/schemas/Num" },
      },
      propertyNames: { maxLength: 64 },
      dependentRequired: { card: ["cvc", "expiry"] },
      dependentSchemas: { card: { $ref: "#/components/schemas/Num" } },
      not: { required: ["a", "b"] },
    },
    Point: {
      prefixItems: [{ type: "number" }, { $ref: "#/components/schemas/Num" }],
      items: false,
      contains: { type: "number" },
      minContains: 1,
    },
    Num: { type: "integer" },
  });
  const meta = schema(g, "Meta");
  assert.equal(meta.type, "object");
  assert.deepEqual(meta.patterns.map((e) => [e.name, e.ref]), [
    ["^x-", ""],
    ["^n_", "Num"],
  ]);
  assert.equal(g.node(meta.patterns[0].node)!.type, "string");
  assert.deepEqual(meta.constraints, [
    'not {"required":["a","b"]}',
    'property names {"maxLength":64}',
    "with card: requires cvc, expiry",
    "with card: Num",
  ]);
  const point = schema(g, "Point");
  assert.equal(point.type, "array");
  assert.deepEqual(point.tuple.map((e) => [e.name, e.ref]), [
    ["0", ""],
    ["1", "Num"],
  ]);
  assert.equal(point.items, null);
  assert.deepEqual(point.constraints, [
    'contains {"type":"number"}',
    "minContains 1",
    "no items past the tuple",
  ]);
});

Deno.test("schema edge: named only where the $ref names a named schema itself", () => {
  const { g } = graphOf({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      schemas: {
        Status: { type: "string" },
        Shipment: {
          type: "object",
          properties: { Status: { type: "integer" } },
          $defs: { Limit: { type: "integer" } },
        },
      },
      parameters: { Limit: { name: "l", in: "query", schema: {} } },
    },
  });
  const named = (ref: unknown) => g.edge("x", ref).named === true;
  assert.equal(named({ $ref: "#/components/schemas/Status" }), true);
  assert.equal(
    named({ allOf: [{ $ref: "#/components/schemas/Status" }] }),
    true,
  );
  // A 3.x document's `definitions` is no named schema of it.
  assert.equal(named({ $ref: "#/definitions/Status" }), false);
  const two = graphOf({
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {},
    definitions: { Pet: { type: "object" } },
  }).g;
  assert.equal(two.edge("x", { $ref: "#/definitions/Pet" }).named, true);
  assert.equal(
    two.edge("x", { $ref: "#/components/schemas/Pet" }).named,
    undefined,
  );
  for (
    const ref of [
      "#/components/schemas/Shipment/properties/Status",
      "#/components/schemas/Shipment/$defs/Limit",
      "#/components/parameters/Limit/schema",
      "other.json#/components/schemas/Status",
    ]
  ) {
    assert.equal(named({ $ref: ref }), false, ref);
  }
});

Deno.test("schema tree: facts a review found unpinned (exclusive bounds in both forms, additional properties, unique items, an object by its properties)", () => {
  const { g } = graphOfSchemas({
    Old: { type: "number", maximum: 10, exclusiveMaximum: true },
    New: { type: "number", exclusiveMinimum: 5 },
    Map: { type: "object", additionalProperties: true },
    NotUnique: { type: "array", items: { type: "string" }, uniqueItems: false },
    Bare: { properties: { a: { type: "string" } } },
    Narrow: {
      allOf: [
        { properties: { kind: { type: "string" } } },
        { properties: { kind: { type: "integer" } } },
      ],
    },
  });
  assert.ok(schema(g, "Old").constraints.some((c) => /< 10/.test(c)));
  assert.ok(!schema(g, "Old").constraints.some((c) => /<= 10/.test(c)));
  assert.ok(schema(g, "New").constraints.some((c) => /> 5/.test(c)));
  assert.ok(!schema(g, "New").constraints.some((c) => />= 5/.test(c)));
  assert.ok(schema(g, "Map").additional, "additionalProperties: true shown");
  assert.deepEqual(schema(g, "NotUnique").constraints, []);
  assert.equal(schema(g, "Bare").type, "object");
  assert.equal(child(g, schema(g, "Narrow"), "kind").type, "integer");
});

Deno.test("schema tree: ok/allOf parts carrying properties make an object: every part's properties, their required ones, the first part's description", () => {
  const { g } = graphOfSchemas({
    Base: {
      description: "The base.",
      properties: { id: { type: "integer" } },
      required: ["id"],
    },
    Named: {
      allOf: [
        { $ref: "#/components/schemas/Base" },
        { properties: { name: { type: "string" } }, required: ["name"] },
      ],
    },
  });
  const named = schema(g, "Named");
  assert.equal(named.type, "object");
  assert.deepEqual(
    named.props.map((p) => `${p.name}${p.required ? "*" : ""}`),
    ["id*", "name*"],
  );
  assert.equal(mdText(named.description), "The base.");
  assert.equal(child(g, named, "name").type, "string");
});

Deno.test("schema tree: ok/boolean schemas: false is never, true is any, as a property, as items and as additionalProperties", () => {
  const { g } = graphOfSchemas({
    B: {
      type: "object",
      properties: {
        no: false,
        yes: true,
        noItems: { type: "array", items: false },
        anyItems: { type: "array", items: true },
        closed: { type: "object", additionalProperties: false },
        open: { type: "object", additionalProperties: true },
        typed: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  });
  const b = schema(g, "B");
  const CASES: [string, (n: SchemaNode) => string | null][] = [
    ["no", (n) => n.type],
    ["yes", (n) => n.type],
    ["noItems", (n) => n.items && g.node(n.items.node)!.type],
    ["anyItems", (n) => n.items && g.node(n.items.node)!.type],
    // A closed object has no `*` row: nothing more may be there.
    ["closed", (n) => n.additional && g.node(n.additional.node)!.type],
    ["open", (n) => n.additional && g.node(n.additional.node)!.type],
    ["typed", (n) => n.additional && g.node(n.additional.node)!.type],
  ];
  const want: Record<string, string | null> = {
    no: "never",
    yes: "any",
    noItems: "never",
    anyItems: "any",
    closed: null,
    open: "any",
    typed: "string",
  };
  for (const [name, read] of CASES) {
    assert.equal(read(child(g, b, name)), want[name], name);
  }
  assert.equal(child(g, b, "open").additional?.name, "*");
  // `false` and `true` are two nodes, shared by every use.
  const no = b.props.find((p) => p.name === "no")!.node;
  assert.equal(child(g, b, "noItems").items?.node, no);
  assert.notEqual(b.props.find((p) => p.name === "yes")!.node, no);
});

Deno.test("schema tree: ok/prefixItems without a type is an array whose positions are edges; items beside it is the rest", () => {
  const { g } = graphOfSchemas({
    Pair: { prefixItems: [{ type: "string" }, { type: "integer" }] },
    Rest: {
      prefixItems: [{ type: "string" }],
      items: { type: "boolean" },
    },
  });
  const pair = schema(g, "Pair");
  assert.equal(pair.type, "array");
  assert.deepEqual(
    pair.tuple.map((e) => `${e.name}:${g.node(e.node)!.type}`),
    ["0:string", "1:integer"],
  );
  assert.equal(pair.items, null);
  assert.deepEqual(pair.constraints, []);
  const rest = schema(g, "Rest");
  assert.equal(g.node(rest.items!.node)!.type, "boolean");
  assert.deepEqual(rest.constraints, []);
});

Deno.test({
  name:
    "schema tree: ok/a draft-4 tuple (items as a list) shows each position, and additionalItems as the rest",
  fn() {
    const { g } = graphOfSchemas({
      T: {
        type: "array",
        items: [{ type: "string" }, { type: "integer" }],
        additionalItems: false,
      },
      U: {
        type: "array",
        items: [{ type: "string" }],
        additionalItems: { type: "boolean" },
      },
    });
    const t = schema(g, "T");
    assert.deepEqual(
      t.tuple.map((e) => `${e.name}:${g.node(e.node)!.type}`),
      ["0:string", "1:integer"],
    );
    assert.equal(t.items, null);
    assert.ok(t.constraints.includes("no items past the tuple"));
    const u = schema(g, "U");
    assert.equal(u.tuple.length, 1);
    assert.equal(g.node(u.items!.node)!.type, "boolean");
  },
});

Deno.test("schema tree: ok/a discriminator mapping to a bare schema name shows the name; to a $ref, its last segment, found or not", () => {
  const { g } = graphOfSchemas({
    Pet: {
      oneOf: [
        { $ref: "#/components/schemas/Cat" },
        { $ref: "#/components/schemas/Dog" },
      ],
      discriminator: {
        propertyName: "kind",
        mapping: {
          cat: "Cat",
          dog: "#/components/schemas/Dog",
          fish: "Fish",
          bird: "#/components/schemas/Bird",
          odd: "#/components/schemas/A~1B",
          num: 7,
        },
      },
    },
    Cat: { type: "object" },
    Dog: { type: "object" },
  });
  assert.deepEqual(schema(g, "Pet").alts?.mapping, [
    ["cat", "Cat"],
    ["dog", "Dog"],
    ["fish", "Fish"],
    ["bird", "Bird"],
    ["odd", "A/B"],
  ]);
});

Deno.test("schema tree: ok/x-explicitMappingOnly on a discriminator keeps only the alternatives its mapping names (Redoc)", () => {
  const alts = (disc: Record<string, unknown>) => {
    const { g } = graphOfSchemas({
      Pet: {
        oneOf: [
          { $ref: "#/components/schemas/Cat" },
          { $ref: "#/components/schemas/Dog" },
          { type: "object", title: "Inline" },
        ],
        discriminator: { propertyName: "kind", ...disc },
      },
      Cat: { type: "object" },
      Dog: { type: "object" },
    });
    return schema(g, "Pet").alts!.list.map((e) => e.name);
  };
  const mapping = { cat: "#/components/schemas/Cat" };
  assert.deepEqual(alts({ mapping, "x-explicitMappingOnly": true }), ["Cat"]);
  // Without it, or set to anything but true, every alternative stays.
  assert.deepEqual(alts({ mapping }), ["Cat", "Dog", "Inline"]);
  assert.deepEqual(alts({ mapping, "x-explicitMappingOnly": "yes" }), [
    "Cat",
    "Dog",
    "Inline",
  ]);
  // No mapping, or one naming no alternative: all kept, never none.
  assert.deepEqual(alts({ "x-explicitMappingOnly": true }), [
    "Cat",
    "Dog",
    "Inline",
  ]);
  assert.deepEqual(
    alts({ mapping: { fish: "Fish" }, "x-explicitMappingOnly": true }),
    ["Cat", "Dog", "Inline"],
  );
});

Deno.test("schema tree: ok/a discriminator without alternatives is a fact of the base no schema inherits, and of what inherits one", () => {
  const { g } = graphOfSchemas({
    Animal: {
      type: "object",
      discriminator: { propertyName: "kind" },
      properties: { kind: { type: "string" } },
    },
    Lone: {
      type: "object",
      discriminator: { propertyName: "kind" },
      properties: { kind: { type: "string" } },
    },
    Dog: { allOf: [{ $ref: "#/components/schemas/Animal" }] },
    Pet: {
      oneOf: [{ $ref: "#/components/schemas/Dog" }],
      discriminator: { propertyName: "kind" },
    },
    Plain: { type: "object" },
  });
  assert.equal(schema(g, "Lone").discriminator, "kind");
  assert.equal(schema(g, "Dog").discriminator, "kind");
  // A base inherited from offers its variants, which carry it.
  assert.equal(schema(g, "Animal").discriminator, "");
  assert.equal(schema(g, "Animal").alts?.discriminator, "kind");
  // Alternatives carry their own (alts.discriminator), once.
  assert.equal(schema(g, "Pet").discriminator, "");
  assert.equal(schema(g, "Plain").discriminator, "");
  // Swagger 2.0 writes the property's name alone.
  const p = parseSpec(
    JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {},
      definitions: { A: { type: "object", discriminator: "petType" } },
    }),
    { checks: false },
  );
  const g2 = new SchemaGraph(p.resolver);
  assert.equal(
    g2.node(g2.edge("", { $ref: "#/definitions/A" }).node)!.discriminator,
    "petType",
  );
});

Deno.test("schema tree: ok/a base with a discriminator of its own offers the schemas inheriting it through allOf as variants, its mapping's first (Redoc)", () => {
  const cat = { $ref: "#/components/schemas/Cat" };
  const pet = { $ref: "#/components/schemas/Pet" };
  const petstore = (disc: Record<string, unknown>) => {
    const { g } = graphOfSchemas({
      Pet: {
        type: "object",
        required: ["petType"],
        properties: { name: { type: "string" }, petType: { type: "string" } },
        discriminator: { propertyName: "petType", ...disc },
      },
      Cat: {
        allOf: [pet, {
          type: "object",
          properties: { huntingSkill: { type: "string" } },
        }],
      },
      Dog: { title: "A dog", allOf: [pet] },
      // Inherits a cat (and so a pet): a variant of Cat's, not of Pet's.
      Lion: { allOf: [cat] },
      Lizard: { allOf: [pet, pet] },
      Other: { allOf: [{ type: "object" }] },
    });
    return g;
  };
  const g = petstore({});
  const base = schema(g, "Pet");
  assert.deepEqual(base.alts?.list.map((e) => [e.name, e.ref]), [
    ["Cat", "Cat"],
    ["A dog", "Dog"],
    ["Lizard", "Lizard"],
  ]);
  assert.equal(base.alts?.kind, "oneOf");
  assert.equal(base.alts?.discriminator, "petType");
  // Its own properties stay, and a variant is the merged schema, which
  // offers none of its own (the base's discriminator is inherited).
  assert.deepEqual(base.props.map((p) => p.name), ["name", "petType"]);
  const variant = g.node(base.alts!.list[0].node)!;
  assert.deepEqual(variant.props.map((p) => p.name), [
    "name",
    "petType",
    "huntingSkill",
  ]);
  assert.equal(variant.alts, null);
  assert.equal(variant.discriminator, "petType");
  // The mapping's schemas first (a bare name too), each once; the base
  // itself is none.
  const mapped = schema(
    petstore({
      mapping: {
        dog: "#/components/schemas/Dog",
        lion: "Lion",
        cat: "#/components/schemas/Cat",
        pet: "#/components/schemas/Pet",
      },
    }),
    "Pet",
  );
  assert.deepEqual(mapped.alts?.list.map((e) => e.ref), [
    "Dog",
    "Lion",
    "Cat",
    "Lizard",
  ]);
  assert.deepEqual(mapped.alts?.mapping.map(([v]) => v), [
    "dog",
    "lion",
    "cat",
    "pet",
  ]);
  // With x-explicitMappingOnly, the mapping's alone.
  const only = schema(
    petstore({
      mapping: { dog: "#/components/schemas/Dog" },
      "x-explicitMappingOnly": true,
    }),
    "Pet",
  );
  assert.deepEqual(only.alts?.list.map((e) => e.ref), ["Dog"]);
  // Swagger 2.0: the discriminator is the property's name.
  const p = parseSpec(
    JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {},
      definitions: {
        Pet: { type: "object", discriminator: "petType" },
        Cat: { allOf: [{ $ref: "#/definitions/Pet" }] },
      },
    }),
    { checks: false },
  );
  const g2 = new SchemaGraph(p.resolver);
  const base2 = g2.node(g2.edge("", { $ref: "#/definitions/Pet" }).node)!;
  assert.deepEqual(base2.alts?.list.map((e) => [e.ref, e.named]), [
    ["Cat", true],
  ]);
  assert.equal(base2.alts?.discriminator, "petType");
});

Deno.test("schema tree: bad/a base inherited by 20,000 schemas, each through one shared list of 1,000 parts, lists 100 variants in bounded time", () => {
  const pet = { $ref: "#/components/schemas/Pet" };
  const parts = Array.from({ length: 1_000 }, () => pet);
  const schemas: Record<string, unknown> = {
    Pet: { type: "object", discriminator: { propertyName: "kind" } },
  };
  for (let i = 0; i < 20_000; i++) schemas[`S${i}`] = { allOf: parts };
  let base!: ReturnType<typeof schema>;
  const ms = cpuMs(() => {
    // Shared as a YAML alias shares it: one list, never written out.
    const g = new SchemaGraph(
      new RefResolver({
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {},
        components: { schemas },
      }),
    );
    base = schema(g, "Pet");
  });
  assert.equal(base.alts?.list.length, 100);
  assert.equal(base.alts?.list[0].ref, "S0");
  assert.ok(ms < 5_000, `${ms} ms`);
});

Deno.test("schema tree: ok/3.1 applies the keywords beside a $ref to that use; a description stays on the edge; 3.0 ignores them", () => {
  const schemas = {
    Owner: { type: "object", properties: { name: { type: "string" } } },
    Stamp: { type: "string", format: "date-time" },
    Code: { type: "string", enum: ["A", "B", "C"] },
    Thing: {
      type: "object",
      properties: {
        owner: { $ref: "#/components/schemas/Owner", readOnly: true },
        name: { $ref: "#/components/schemas/Stamp", maxLength: 10 },
        when: { $ref: "#/components/schemas/Stamp", type: ["string", "null"] },
        code: { $ref: "#/components/schemas/Code", enum: ["A"] },
        said: { $ref: "#/components/schemas/Owner", description: "Who." },
      },
    },
  };
  const { g } = graphOfSchemas(schemas);
  const thing = schema(g, "Thing");
  const owner = child(g, thing, "owner");
  assert.equal(owner.readOnly, true);
  assert.deepEqual(owner.props.map((p) => p.name), ["name"]);
  assert.equal(thing.props[0].ref, "Owner");
  assert.equal(thing.props[0].named, true);
  // The component itself is not changed by one use of it.
  assert.equal(schema(g, "Owner").readOnly, false);
  assert.deepEqual(child(g, thing, "name").constraints, ["maxLength 10"]);
  const when = child(g, thing, "when");
  assert.equal(when.type, "string | null");
  assert.equal(when.format, "date-time");
  assert.deepEqual(child(g, thing, "code").enum, ['"A"']);
  // Only a note about this use: the component's node, the note on the edge.
  const said = thing.props.find((p) => p.name === "said")!;
  assert.equal(said.node, schema(g, "Owner").id);
  assert.ok(said.description);

  const old = graphOf({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas },
  }).g;
  const t30 = schema(old, "Thing");
  assert.equal(child(old, t30, "owner").readOnly, false);
  assert.deepEqual(child(old, t30, "name").constraints, []);
  assert.equal(child(old, t30, "when").type, "string");
  assert.deepEqual(child(old, t30, "code").enum.length, 3);
});

Deno.test("schema tree: ok/a closed object says so (additionalProperties or unevaluatedProperties false); an open one shows no fact", () => {
  const { g } = graphOfSchemas({
    Closed: {
      type: "object",
      additionalProperties: false,
      properties: { a: { type: "string" } },
    },
    Sealed: {
      allOf: [{ $ref: "#/components/schemas/Closed" }],
      unevaluatedProperties: false,
    },
    Open: { type: "object", properties: { a: { type: "string" } } },
  });
  assert.deepEqual(schema(g, "Closed").constraints, ["no other properties"]);
  assert.deepEqual(schema(g, "Sealed").constraints, ["no other properties"]);
  assert.deepEqual(schema(g, "Open").constraints, []);
});

Deno.test("schema tree: ok/a string carrying other content says how (contentEncoding, contentMediaType), its contentSchema an edge to that document's tree", () => {
  const { g } = graphOfSchemas({
    Blob: {
      type: "string",
      contentEncoding: "base64",
      contentMediaType: "image/png",
    },
    Doc: {
      type: "string",
      contentMediaType: "application/json",
      contentSchema: { $ref: "#/components/schemas/Inner" },
    },
    Inner: { type: "object", properties: { id: { type: "integer" } } },
  });
  assert.deepEqual(schema(g, "Blob").constraints, [
    "encoded base64",
    "content image/png",
  ]);
  assert.equal(schema(g, "Blob").content, null);
  const doc = schema(g, "Doc");
  assert.deepEqual(doc.constraints, ["content application/json"]);
  assert.equal(doc.content?.ref, "Inner");
  assert.deepEqual(edgesOf(doc), [doc.content]);
  const inner = g.node(doc.content!.node)!;
  assert.deepEqual(inner.props.map((p) => p.name), ["id"]);
});

Deno.test("schema tree: ok/untyped values say their type: a const's, an enum's values' (null last)", () => {
  const { g } = graphOfSchemas({
    C: { const: "widget" },
    N: { const: 3 },
    E: { enum: [null, "a", "b"] },
    M: { enum: [1, 2.5] },
  });
  assert.equal(schema(g, "C").type, "string");
  assert.equal(schema(g, "N").type, "integer");
  assert.equal(schema(g, "E").type, "string | null");
  assert.equal(schema(g, "M").type, "number");
});

Deno.test("schema tree: ok/a property's example (3.0 `example`, 3.1 `examples[0]`) is a short JSON fact", () => {
  const { g } = graphOfSchemas({
    T: {
      type: "object",
      properties: {
        origin: { type: "string", example: "ATL" },
        passengers: { type: "integer", examples: [2, 3] },
        both: { type: "string", example: "a", examples: ["b"] },
        long: { type: "string", example: "x".repeat(500) },
        obj: { type: "object", example: { k: [1, 2] } },
        none: { type: "string" },
        bad: { type: "string", examples: [] },
      },
    },
  });
  const t = schema(g, "T");
  assert.equal(child(g, t, "origin").example, '"ATL"');
  assert.equal(child(g, t, "passengers").example, "2");
  assert.equal(child(g, t, "both").example, '"a"');
  assert.ok(child(g, t, "long").example!.length <= 130);
  assert.equal(child(g, t, "obj").example, '{"k":[1,2]}');
  assert.equal(child(g, t, "none").example, null);
  assert.equal(child(g, t, "bad").example, null);
});

Deno.test("schema tree: ok/x-enumDescriptions, an object or a parallel array, describes each enum value", () => {
  const { g } = graphOfSchemas({
    T: {
      type: "object",
      properties: {
        status: {
          type: "string",
          enum: ["available", "sold", "gone"],
          "x-enumDescriptions": {
            available: "Can be bought",
            sold: "Already **sold**",
            other: "not a value",
          },
        },
        level: {
          type: "integer",
          enum: [1, 2, 3],
          "x-enumDescriptions": ["Low", { bad: true }, "y".repeat(1000)],
        },
        plain: { type: "string", enum: ["a"] },
        junk: { type: "string", enum: ["a"], "x-enumDescriptions": "a" },
      },
    },
  });
  const t = schema(g, "T");
  assert.deepEqual(child(g, t, "status").enumDescriptions, [
    "Can be bought",
    "Already **sold**",
    "",
  ]);
  const level = child(g, t, "level").enumDescriptions;
  assert.deepEqual(level.slice(0, 2), ["Low", ""]);
  assert.ok(level[2].length > 0 && level[2].length <= 200);
  assert.deepEqual(child(g, t, "plain").enumDescriptions, []);
  assert.deepEqual(child(g, t, "junk").enumDescriptions, []);
});

Deno.test("schema tree: ok/x-enum-varnames (or NSwag's x-enumNames), a parallel list, names each enum value", () => {
  const { g } = graphOfSchemas({
    T: {
      type: "object",
      properties: {
        state: {
          type: "integer",
          enum: [0, 1, 2],
          "x-enum-varnames": ["Active", { bad: true }, " Closed "],
        },
        nswag: { type: "integer", enum: [1, 2], "x-enumNames": ["A", "B"] },
        short: { type: "integer", enum: [1, 2], "x-enum-varnames": ["One"] },
        plain: { type: "string", enum: ["a"] },
        junk: { type: "string", enum: ["a"], "x-enum-varnames": { a: "A" } },
      },
    },
  });
  const t = schema(g, "T");
  assert.deepEqual(child(g, t, "state").enumNames, ["Active", "", "Closed"]);
  assert.deepEqual(child(g, t, "nswag").enumNames, ["A", "B"]);
  assert.deepEqual(child(g, t, "short").enumNames, ["One", ""]);
  assert.deepEqual(child(g, t, "plain").enumNames, []);
  assert.deepEqual(child(g, t, "junk").enumNames, []);
});

Deno.test("schema tree: ok/3.2 discriminator.defaultMapping and a schema's externalDocs are kept", () => {
  const { g } = graphOfSchemas({
    U: {
      anyOf: [{ $ref: "#/components/schemas/Foo" }],
      discriminator: {
        propertyName: "type",
        mapping: { foo: "Foo" },
        defaultMapping: "Bar",
      },
      externalDocs: {
        description: "More docs!",
        url: "https://example.com/elsewhere.html",
      },
    },
    P: {
      type: "object",
      discriminator: {
        propertyName: "kind",
        defaultMapping: "#/components/schemas/Other",
      },
      externalDocs: { url: "javascript:alert(1)" },
    },
    M: { type: "string", externalDocs: { url: "mailto:a@x.test" } },
    Foo: { type: "object" },
    N: { type: "string", externalDocs: "https://x.test" },
  });
  const u = schema(g, "U");
  assert.equal(u.defaultMapping, "Bar");
  assert.deepEqual(u.externalDocs, {
    text: "More docs!",
    href: "https://example.com/elsewhere.html",
  });
  const p = schema(g, "P");
  assert.equal(p.discriminator, "kind");
  assert.equal(p.defaultMapping, "Other");
  // Not http(s): the address is text, not a link.
  assert.deepEqual(p.externalDocs, { text: "javascript:alert(1)", href: "" });
  assert.deepEqual(schema(g, "M").externalDocs, {
    text: "mailto:a@x.test",
    href: "",
  });
  assert.equal(schema(g, "N").externalDocs, null);
  assert.equal(schema(g, "Foo").defaultMapping, "");
});

Deno.test("schema tree: ok/a union of one schema and null folds into that schema, nullable", () => {
  const { g } = graphOfSchemas({
    Req: {
      type: "object",
      properties: {
        temperature: {
          anyOf: [
            {
              description: "What sampling temperature to use.",
              type: "number",
              minimum: 0,
              maximum: 2,
              default: 1,
              example: 1,
            },
            { type: "null" },
          ],
        },
        top_p: {
          description: "Own words win.",
          oneOf: [{ type: "number", description: "Lower." }, {
            nullable: true,
          }],
        },
        code: { anyOf: [{ enum: [null] }, { type: "string", enum: ["a"] }] },
        metadata: { $ref: "#/components/schemas/Metadata" },
        pet: {
          anyOf: [{ $ref: "#/components/schemas/Pet" }, { type: "null" }],
        },
        two: {
          anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }],
        },
        owner: {
          nullable: true,
          oneOf: [{ $ref: "#/components/schemas/Pet" }],
        },
        only: { oneOf: [{ $ref: "#/components/schemas/Pet" }] },
        self: { $ref: "#/components/schemas/Self" },
        ping: { $ref: "#/components/schemas/Ping" },
      },
    },
    Metadata: {
      anyOf: [
        {
          type: "object",
          description: "Key-value pairs.",
          additionalProperties: { type: "string" },
        },
        { type: "null" },
      ],
    },
    Pet: { type: "object", properties: { name: { type: "string" } } },
    Self: { anyOf: [{ $ref: "#/components/schemas/Self" }, { type: "null" }] },
    Ping: { anyOf: [{ $ref: "#/components/schemas/Pong" }, { type: "null" }] },
    Pong: { anyOf: [{ $ref: "#/components/schemas/Ping" }, { type: "null" }] },
  });
  const req = schema(g, "Req");
  const t = child(g, req, "temperature");
  assert.equal(t.alts, null);
  assert.equal(t.type, "number");
  assert.equal(t.nullable, true);
  assert.deepEqual(t.constraints, [">= 0", "<= 2"]);
  assert.equal(t.default, "1");
  assert.equal(t.example, "1");
  assert.equal(mdText(t.description), "What sampling temperature to use.");
  const p = child(g, req, "top_p");
  assert.equal(p.type, "number");
  assert.equal(p.nullable, true);
  assert.equal(mdText(p.description), "Own words win.");
  const code = child(g, req, "code");
  assert.equal(code.type, "string");
  assert.deepEqual(code.enum, ['"a"']);
  assert.equal(code.nullable, true);
  const meta = child(g, req, "metadata");
  assert.equal(meta.type, "object");
  assert.equal(meta.nullable, true);
  assert.ok(meta.additional);
  assert.equal(mdText(meta.description), "Key-value pairs.");
  const pet = child(g, req, "pet");
  assert.equal(pet.nullOf?.ref, "Pet");
  assert.deepEqual(pet.props.map((e) => e.name), ["name"]);
  // 3.0's way: `nullable: true` beside a union of one.
  const owner = child(g, req, "owner");
  assert.equal(owner.nullOf?.ref, "Pet");
  assert.equal(owner.nullable, true);
  assert.equal(owner.alts, null);
  // A union of one, not nullable, stays as it is.
  assert.equal(child(g, req, "only").alts?.list.length, 1);
  // Two schemas besides null stay a union.
  assert.equal(child(g, req, "two").alts?.list.length, 3);
  // A union holding itself, or a pair holding each other, ends.
  child(g, req, "self");
  child(g, req, "ping");
});

Deno.test("schema tree: ok/untitled alternatives are labelled by position (§4.1), scalars too; their type is the row's", () => {
  const { g } = graphOfSchemas({
    U: {
      oneOf: [
        { type: "string" },
        { type: "integer", format: "int64" },
        { type: "object" },
        { type: "array", items: { type: "string" } },
      ],
    },
    D: { oneOf: [{ type: "string" }, { type: "string", maxLength: 2 }] },
  });
  assert.deepEqual(schema(g, "U").alts?.list.map((e) => e.name), [
    "Option 1",
    "Option 2",
    "Option 3",
    "Option 4",
  ]);
  assert.deepEqual(schema(g, "D").alts?.list.map((e) => e.name), [
    "Option 1",
    "Option 2",
  ]);
});

Deno.test("schema tree: ok/a property's XML Object is a fact (3.2 nodeType, 3.0 attribute and wrapped, name, prefix, namespace)", () => {
  const { g } = graphOfSchemas({
    Pet: {
      type: "object",
      xml: { name: "pet", namespace: "https://x.test/ns", prefix: "p" },
      properties: {
        id: { type: "integer", xml: { attribute: true } },
        name: { type: "string", xml: { name: "petName" } },
        note: { type: "string", xml: { nodeType: "cdata" } },
        tags: {
          type: "array",
          items: { type: "string" },
          xml: { wrapped: true },
        },
        plain: { type: "string" },
        junk: { type: "string", xml: "attribute" },
      },
    },
  });
  const pet = schema(g, "Pet");
  assert.deepEqual(
    pet.constraints.filter((c) => c.startsWith("xml")),
    ["xml name: pet", "xml prefix: p", "xml namespace: https://x.test/ns"],
  );
  const xml = (name: string) =>
    child(g, pet, name).constraints.filter((c) => c.startsWith("xml"));
  assert.deepEqual(xml("id"), ["xml: attribute"]);
  assert.deepEqual(xml("name"), ["xml name: petName"]);
  assert.deepEqual(xml("note"), ["xml: cdata"]);
  assert.deepEqual(xml("tags"), ["xml: wrapped"]);
  assert.deepEqual(xml("plain"), []);
  assert.deepEqual(xml("junk"), []);
});

/** Pet, Cat, Dog and Lion, each variant repeating Pet's discriminator. */
const REPEATED_DISCRIMINATOR = (() => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const disc = {
    propertyName: "petType",
    mapping: {
      cat: "#/components/schemas/Cat",
      dog: "#/components/schemas/Dog",
      lion: "#/components/schemas/Lion",
    },
  };
  return {
    Pet: {
      type: "object",
      required: ["petType"],
      properties: { petType: { type: "string" }, name: { type: "string" } },
      discriminator: disc,
    },
    Cat: {
      allOf: [ref("Pet"), {
        type: "object",
        properties: { meow: { type: "boolean" } },
      }],
      discriminator: disc,
    },
    Dog: {
      allOf: [ref("Pet"), {
        type: "object",
        properties: { bark: { type: "string" } },
      }],
      discriminator: disc,
    },
    Lion: { allOf: [ref("Cat")], discriminator: disc },
  };
})();

Deno.test("schema tree: ok/a variant repeating its base's discriminator lists the schemas inheriting it alone, never its siblings", () => {
  const { g } = graphOfSchemas(REPEATED_DISCRIMINATOR);
  const refs = (name: string) =>
    schema(g, name).alts?.list.map((e) => e.ref) ?? null;
  assert.deepEqual(refs("Pet"), ["Cat", "Dog", "Lion"]);
  assert.deepEqual(refs("Cat"), ["Lion"]);
  assert.equal(refs("Dog"), null);
  assert.equal(refs("Lion"), null);
});
