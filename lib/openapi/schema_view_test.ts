/**
 * What the operation detail says of a body's schema in one line and in its
 * field table: allOf parts, boolean schemas, tuples.
 */
import assert from "node:assert/strict";
import { operationDetail } from "./detail.ts";
import { parseSpec } from "./mod.ts";
import { typeSummary } from "./schema_view.ts";

const BASE = { $ref: "#/components/schemas/Base" };

Deno.test("schema view: ok/type summaries of allOf parts, boolean schemas and tuples", () => {
  const CASES: [string, unknown, string][] = [
    [
      "ok/allOf of a $ref and a part with properties names both",
      { allOf: [BASE, { properties: { name: { type: "string" } } }] },
      "allOf<Base & object>",
    ],
    [
      "ok/an allOf of one part with properties is an object",
      { allOf: [{ properties: { a: {} } }] },
      "object",
    ],
    [
      "ok/an allOf of one $ref is the component",
      { allOf: [BASE], description: "the base, annotated" },
      "Base",
    ],
    ["ok/an empty allOf says nothing", {
      allOf: [],
      type: "string",
    }, "string"],
    ["ok/true is any", true, "any"],
    ["ok/false is never", false, "never"],
    ["ok/items false: an array of nothing", {
      type: "array",
      items: false,
    }, "array<never>"],
    ["ok/items true: an array of anything", {
      type: "array",
      items: true,
    }, "array<any>"],
    ["ok/items without a type is an array", {
      items: { type: "string" },
    }, "array<string>"],
    ["ok/alternatives true and false", {
      oneOf: [true, false],
    }, "oneOf<any | never>"],
    ["ok/a closed object is an object", {
      type: "object",
      additionalProperties: false,
    }, "object"],
    ["ok/properties without a type make an object", {
      properties: { a: {} },
    }, "object"],
    ["ok/prefixItems without a type, closed", {
      prefixItems: [{ type: "string" }, false],
      items: false,
    }, "[string, never]"],
    ["ok/prefixItems, the rest typed", {
      prefixItems: [{ type: "string" }],
      items: { type: "integer" },
    }, "[string, ...integer]"],
    ["ok/an enum of six shows five", {
      enum: [1, 2, 3, 4, 5, 6],
    }, "any enum: 1, 2, 3, 4, 5, …"],
  ];
  for (const [name, schema, want] of CASES) {
    assert.equal(typeSummary(schema), want, name);
  }
  // A parameter lists its enum apart: the summary leaves it out.
  assert.equal(
    typeSummary({ type: "integer", enum: [1] }, 0, false),
    "integer",
  );
});

Deno.test({
  name:
    "schema view: ok/a draft-4 tuple (items as a list) is summarised by its positions",
  fn() {
    const two = [{ type: "string" }, { type: "integer" }];
    assert.equal(
      typeSummary({ type: "array", items: two, additionalItems: false }),
      "[string, integer]",
    );
    assert.equal(
      typeSummary({
        type: "array",
        items: two,
        additionalItems: { type: "boolean" },
      }),
      "[string, integer, ...boolean]",
    );
    assert.equal(
      typeSummary({ type: "array", items: two }),
      "[string, integer, ...any]",
    );
  },
});

/** The request body's field rows of `POST /p` whose JSON schema is `schema`. */
function fields(schema: unknown) {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/p": {
        post: {
          requestBody: { content: { "application/json": { schema } } },
          responses: {},
        },
      },
    },
    components: {
      schemas: {
        Base: {
          type: "object",
          properties: { id: { type: "integer", description: "The id." } },
          required: ["id"],
        },
      },
    },
  };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/p",
    "post",
  )!;
  return d.requestBody!.bodies[0].fields.map((f) =>
    `${f.name}${f.required ? "*" : ""}: ${f.type}${
      f.description ? ` (${f.description})` : ""
    }`
  );
}

Deno.test("schema view: ok/a body's field rows: every allOf part's properties with their own required lists; boolean properties", () => {
  const CASES: [string, unknown, string[]][] = [
    ["ok/allOf of a $ref and a part", {
      allOf: [BASE, {
        properties: { name: { type: "string" } },
        required: ["name"],
      }],
    }, ["id*: integer (The id.)", "name*: string"]],
    ["ok/a part's required list is its own", {
      allOf: [BASE, { properties: { name: { type: "string" } } }],
    }, ["id*: integer (The id.)", "name: string"]],
    ["ok/false and true properties", {
      type: "object",
      properties: { gone: false, free: true },
      required: ["gone"],
    }, ["gone*: never", "free: any"]],
  ];
  for (const [name, schema, want] of CASES) {
    assert.deepEqual(fields(schema), want, name);
  }
});

Deno.test({
  name:
    "schema view: ok/a field is required when any allOf part's required list names it, as the schema tree says",
  fn() {
    // The schema's own list, naming a part's property.
    assert.deepEqual(
      fields({
        allOf: [{ properties: { name: { type: "string" } } }],
        required: ["name"],
      }),
      ["name*: string"],
    );
    const withName = {
      allOf: [
        { properties: { name: { type: "string" } } },
        { required: ["name"] },
      ],
    };
    assert.deepEqual(fields(withName), ["name*: string"]);
  },
});
