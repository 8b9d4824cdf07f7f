/**
 * Property tests (fast-check) of spec compare on generated documents:
 * a document compared with itself (or with a copy written in another key
 * order) reports nothing; an operation added one way is removed the other
 * way; a change reported one way has its mirror reported the other way.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { compareSpecs } from "./mod.ts";

// Few names, so that two generated documents share paths and properties.
const name = fc.constantFrom("a", "b", "c", "d");
const scalar = fc.constantFrom("string", "integer", "number", "boolean");
const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  leaf: fc.record(
    {
      type: scalar,
      maxLength: fc.integer({ min: 1, max: 99 }),
      enum: fc.uniqueArray(fc.constantFrom("x", "y", "z"), {
        minLength: 1,
        maxLength: 3,
      }),
      nullable: fc.boolean(),
    },
    { requiredKeys: ["type"] },
  ),
  object: fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(name, tie("node"), { maxKeys: 4 }),
    required: fc.uniqueArray(name, { maxLength: 2 }),
  }),
  array: fc.record({ type: fc.constant("array"), items: tie("node") }),
  node: fc.oneof(
    { depthSize: "small" },
    tie("leaf"),
    tie("object"),
    tie("array"),
  ),
})).node as fc.Arbitrary<Record<string, unknown>>;

const operation = fc.record({
  parameters: fc.uniqueArray(
    fc.record({
      name,
      in: fc.constantFrom("query", "header"),
      required: fc.boolean(),
      schema,
    }),
    { maxLength: 3, selector: (p) => `${p.in} ${p.name}` },
  ),
  responses: fc.record({
    "200": fc.record({
      description: fc.constant("ok"),
      content: fc.record({ "application/json": fc.record({ schema }) }),
    }),
  }),
});

const paths = fc.dictionary(
  name.map((n) => `/${n}`),
  fc.dictionary(fc.constantFrom("get", "post", "put"), operation, {
    minKeys: 1,
    maxKeys: 2,
  }),
  { maxKeys: 5 },
);

function text(p: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "gen", version: "1" },
    paths: p,
  });
}

/** The same value with every object's keys in reverse order. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)]),
    );
  }
  return v;
}

Deno.test("compare property: a document compared with itself, in any key order, reports nothing", () => {
  fc.assert(
    fc.property(paths, (p) => {
      const r = compareSpecs(text(p), text(reversed(p) as typeof p), {
        all: true,
      });
      assert.deepEqual(r.changes, []);
    }),
    { numRuns: 200 },
  );
});

Deno.test("compare property: an operation added one way is removed the other way", () => {
  fc.assert(
    fc.property(paths, operation, (p, op) => {
      const more = { ...p, "/zz-new": { get: op } };
      const added = compareSpecs(text(p), text(more)).changes;
      const removed = compareSpecs(text(more), text(p)).changes;
      assert.deepEqual(
        added.map((c) => [c.id, c.operations]),
        [["endpoint-added", ["GET /zz-new"]]],
      );
      assert.deepEqual(
        removed.map((c) => [c.id, c.level, c.operations]),
        [["api-path-removed-without-deprecation", "breaking", ["GET /zz-new"]]],
      );
    }),
    { numRuns: 100 },
  );
});

/** The mirrors of an id when base and revision swap places. */
const MIRROR: Record<string, string[]> = {
  "new-optional-request-property": ["request-property-removed"],
  "new-required-request-property": ["request-property-removed"],
  "request-property-removed": [
    "new-optional-request-property",
    "new-required-request-property",
  ],
  "request-property-became-required": ["request-property-became-optional"],
  "request-property-became-optional": ["request-property-became-required"],
  "response-optional-property-added": ["response-optional-property-removed"],
  "response-optional-property-removed": ["response-optional-property-added"],
  "response-required-property-added": ["response-required-property-removed"],
  "response-required-property-removed": ["response-required-property-added"],
  "response-property-became-optional": ["response-property-became-required"],
  "response-property-became-required": ["response-property-became-optional"],
  "new-optional-request-parameter": ["request-parameter-removed"],
  "new-required-request-parameter": ["request-parameter-removed"],
  "request-parameter-removed": [
    "new-optional-request-parameter",
    "new-required-request-parameter",
  ],
  "request-parameter-became-required": ["request-parameter-became-optional"],
  "request-parameter-became-optional": ["request-parameter-became-required"],
  "endpoint-added": [
    "api-removed-without-deprecation",
    "api-path-removed-without-deprecation",
  ],
};

Deno.test("compare property: swapping the sides mirrors property and parameter changes", () => {
  fc.assert(
    fc.property(paths, paths, (a, b) => {
      const there = compareSpecs(text(a), text(b)).changes;
      const back = new Set(
        compareSpecs(text(b), text(a)).changes.map((c) =>
          `${c.id} ${c.where} ${c.operations.join()}`
        ),
      );
      for (const c of there) {
        const mirrors = MIRROR[c.id];
        if (!mirrors) continue;
        assert.ok(
          mirrors.some((m) =>
            back.has(`${m} ${c.where} ${c.operations.join()}`)
          ),
          `${c.id} at ${c.where} has no mirror (${mirrors.join(", ")})`,
        );
      }
    }),
    { numRuns: 200 },
  );
});

/**
 * Schemas with alternatives, 3.0 `nullable` and enums of one: the shapes a
 * rewrite (below) may spell another way without changing what they mean.
 */
const altSchema: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  leaf: fc.record(
    {
      type: scalar,
      maxLength: fc.integer({ min: 1, max: 9 }),
      enum: fc.constantFrom(["x"], ["x", "y"], ["z"]),
      nullable: fc.boolean(),
    },
    { requiredKeys: ["type"] },
  ),
  object: fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(name, tie("node"), { maxKeys: 3 }),
    required: fc.uniqueArray(name, { maxLength: 2 }),
  }),
  alts: fc.record({
    oneOf: fc.array(tie("node"), { minLength: 2, maxLength: 4 }),
  }),
  node: fc.oneof(
    { depthSize: "small" },
    tie("leaf"),
    tie("object"),
    tie("alts"),
  ),
})).node as fc.Arbitrary<Record<string, unknown>>;

/**
 * `s` written as OpenAPI 3.1 says the same: every `oneOf` list reversed,
 * `nullable` as a `"null"` type (and a null among an enum's values, which
 * 3.1 applies as well), an enum of one value as a `const`.
 */
function rewritten(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(rewritten);
  if (!s || typeof s !== "object") return s;
  const { nullable, enum: values, ...rest } = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    out[k] = k === "oneOf" && Array.isArray(v)
      ? v.map(rewritten).reverse()
      : k === "properties" && v && typeof v === "object"
      ? Object.fromEntries(
        Object.entries(v).map(([p, x]) => [p, rewritten(x)]),
      )
      : v;
  }
  if (nullable === true && typeof out.type === "string") {
    out.type = [out.type, "null"];
  }
  if (Array.isArray(values)) {
    const all = nullable === true && !values.includes(null)
      ? [...values, null]
      : values;
    if (all.length === 1) out.const = all[0];
    else out.enum = all;
  }
  return out;
}

Deno.test("compare property: a schema rewritten as 3.1 with its alternatives reversed reports nothing", () => {
  const doc = (openapi: string, schema: unknown) =>
    JSON.stringify({
      openapi,
      info: { title: "gen", version: "1" },
      paths: {
        "/a": {
          post: {
            requestBody: { content: { "application/json": { schema } } },
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema } },
              },
            },
          },
        },
      },
    });
  fc.assert(
    fc.property(altSchema, (s) => {
      const r = compareSpecs(doc("3.0.3", s), doc("3.1.0", rewritten(s)));
      assert.deepEqual(
        r.changes.map((c) => `${c.id} ${c.where}`),
        [],
        JSON.stringify(s),
      );
    }),
    { numRuns: 300 },
  );
});
