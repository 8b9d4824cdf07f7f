/** Generated examples: the order of preference, formats, recursion, bounds. */
import assert from "node:assert/strict";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { sampleOf, valueJson } from "./example.ts";
import { RefResolver } from "./refs.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const r = new RefResolver({});
const FIX = new URL("../../tests/fixtures/openapi/", import.meta.url);

const CASES: [string, unknown, unknown][] = [
  ["ok/example wins", { type: "string", example: "x", default: "d" }, "x"],
  ["ok/examples[0] next", { type: "integer", examples: [7, 8], default: 1 }, 7],
  ["ok/default next", { type: "integer", default: 3, enum: [1] }, 3],
  ["ok/const next", { const: "c", enum: ["e"] }, "c"],
  ["ok/enum[0] next", { type: "string", enum: ["a", "b"] }, "a"],
  ["ok/the first enum value that is not null", { enum: [null, "a"] }, "a"],
  ["ok/an enum of null alone", { enum: [null] }, null],
  [
    "ok/a nullable alternative: the value, not null",
    { anyOf: [{ type: "null" }, { type: "integer", minimum: 2 }] },
    2,
  ],
  [
    "ok/date-time",
    { type: "string", format: "date-time" },
    "2024-01-01T12:00:00Z",
  ],
  ["ok/date", { type: "string", format: "date" }, "2024-01-01"],
  [
    "ok/uuid",
    { type: "string", format: "uuid" },
    "123e4567-e89b-42d3-a456-426614174000",
  ],
  ["ok/email", { type: "string", format: "email" }, "user@example.com"],
  ["ok/uri", { type: "string", format: "uri" }, "https://example.com"],
  ["ok/ipv4", { type: "string", format: "ipv4" }, "192.0.2.1"],
  ["ok/ipv6", { type: "string", format: "ipv6" }, "2001:db8::1"],
  [
    "ok/unknown format is a string",
    { type: "string", format: "zzz" },
    "string",
  ],
  ["ok/minLength", { type: "string", minLength: 8 }, "stringxx"],
  ["ok/integer minimum", { type: "integer", minimum: 5 }, 5],
  [
    "ok/an exclusive maximum of 0 is below it",
    { type: "number", exclusiveMaximum: 0 },
    -0.5,
  ],
  [
    "ok/3.0's exclusive maximum of 0",
    { type: "integer", maximum: 0, exclusiveMaximum: true },
    -1,
  ],
  [
    "ok/on multipleOf's steps, above the minimum",
    { type: "number", minimum: 0.1, multipleOf: 0.25 },
    0.25,
  ],
  [
    "ok/multipleOf past an exclusive minimum",
    { type: "integer", exclusiveMinimum: 10, multipleOf: 5 },
    15,
  ],
  ["ok/an integer minimum of 1.5", { type: "integer", minimum: 1.5 }, 2],
  [
    "ok/between bounds closer than a step",
    { type: "number", exclusiveMinimum: 0, maximum: 0.3 },
    0.15,
  ],
  [
    "ok/between two exclusive bounds",
    { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 0.5 },
    0.25,
  ],
  [
    "ok/3.0's exclusive minimum under a close maximum",
    { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 0.1 },
    0.05,
  ],
  ["ok/an integer below -1.5", { type: "integer", maximum: -1.5 }, -2],
  ["ok/an integer below -0.5", { type: "integer", maximum: -0.5 }, -1],
  [
    "ok/a multiple below an exclusive maximum of 0",
    { type: "number", exclusiveMaximum: 0, multipleOf: 2 },
    -2,
  ],
  ["ok/maxLength 0 is the empty string", { type: "string", maxLength: 0 }, ""],
  [
    "ok/maxLength shorter than the sample",
    { type: "string", maxLength: 3 },
    "str",
  ],
  ["ok/exclusive minimum (3.1)", { type: "integer", exclusiveMinimum: 5 }, 6],
  ["ok/exclusive minimum (3.0)", {
    type: "number",
    minimum: 1,
    exclusiveMinimum: true,
  }, 1.5],
  ["ok/boolean", { type: "boolean" }, true],
  ["ok/type array picks the first non-null", { type: ["null", "integer"] }, 0],
  ["ok/array of items", {
    type: "array",
    items: { type: "string", format: "email" },
  }, ["user@example.com"]],
  ["ok/prefixItems alone makes an array", {
    prefixItems: [{ type: "boolean" }],
  }, [true]],
  ["ok/a tuple: a value per prefixItems position", {
    type: "array",
    prefixItems: [{ type: "number" }, { type: "string", format: "date" }],
    items: false,
  }, [0, "2024-01-01"]],
  ["ok/object", {
    type: "object",
    properties: { a: { type: "integer" }, b: { type: "boolean" } },
  }, { a: 0, b: true }],
  ["ok/additionalProperties", {
    type: "object",
    additionalProperties: { type: "integer" },
  }, { property1: 0 }],
  ["ok/additionalProperties' key named by x-additionalPropertiesName", {
    type: "object",
    additionalProperties: {
      type: "integer",
      "x-additionalPropertiesName": "region",
    },
  }, { region1: 0 }],
  ["ok/allOf merged", {
    allOf: [{ properties: { a: { type: "string" } } }, {
      properties: { b: { type: "integer" } },
    }],
  }, { a: "string", b: 0 }],
  ["ok/oneOf takes the first", {
    oneOf: [{ type: "integer" }, { type: "string" }],
  }, 0],
  ["ok/object example beats properties", {
    type: "object",
    example: { x: 1 },
    properties: { a: { type: "string" } },
  }, { x: 1 }],
  [
    "ok/a string carrying JSON of a shape: that document's sample, as JSON text",
    {
      type: "string",
      contentMediaType: "application/json",
      contentSchema: { type: "object", properties: { n: { type: "integer" } } },
    },
    '{"n":0}',
  ],
  ["bad/a string carrying base64 JSON, or another type: a string", {
    type: "object",
    properties: {
      coded: {
        type: "string",
        contentMediaType: "application/json",
        contentEncoding: "base64",
        contentSchema: { type: "object" },
      },
      xml: {
        type: "string",
        contentMediaType: "application/xml",
        contentSchema: { type: "object" },
      },
    },
  }, { coded: "string", xml: "string" }],
];

for (const [name, schema, want] of CASES) {
  Deno.test(`example: ${name}`, () => {
    assert.deepEqual(sampleOf(schema, r), want);
  });
}

Deno.test("example: ok/readOnly left out of requests, writeOnly out of responses", () => {
  const s = {
    type: "object",
    properties: {
      id: { type: "integer", readOnly: true },
      pw: { type: "string", writeOnly: true },
    },
  };
  assert.deepEqual(sampleOf(s, r, "request"), { pw: "string" });
  assert.deepEqual(sampleOf(s, r, "response"), { id: 0 });
});

/** A document of `version` with `schemas`, and its resolver. */
function withSchemas(version: string, schemas: Record<string, unknown>) {
  return new RefResolver({
    openapi: version,
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas },
  });
}

const BESIDE_REF = {
  Owner: { type: "object", properties: { name: { type: "string" } } },
  Name: { type: "string" },
  Meta: {
    type: "object",
    readOnly: true,
    properties: { etag: { type: "string" } },
  },
  Id: { allOf: [{ type: "string" }, { readOnly: true }] },
  Thing: {
    type: "object",
    properties: {
      owner: { $ref: "#/components/schemas/Owner", readOnly: true },
      name: { $ref: "#/components/schemas/Name", example: "Bob" },
      boss: {
        $ref: "#/components/schemas/Owner",
        default: { name: "ann" },
      },
      meta: { allOf: [{ $ref: "#/components/schemas/Meta" }] },
      id: { $ref: "#/components/schemas/Id" },
      pw: { type: "string" },
    },
  },
};

Deno.test("example: ok/3.1 applies the keywords beside a $ref (readOnly, example, default); 3.0 ignores them", () => {
  const thing = { $ref: "#/components/schemas/Thing" };
  assert.deepEqual(
    sampleOf(thing, withSchemas("3.1.0", BESIDE_REF), "request"),
    { name: "Bob", boss: { name: "ann" }, pw: "string" },
  );
  assert.deepEqual(
    sampleOf(thing, withSchemas("3.1.0", BESIDE_REF), "response"),
    {
      owner: { name: "string" },
      name: "Bob",
      boss: { name: "ann" },
      meta: { etag: "string" },
      id: "string",
      pw: "string",
    },
  );
  // 3.0: a Reference Object's other members are ignored (§4.7.24); what
  // allOf says still counts.
  assert.deepEqual(
    sampleOf(thing, withSchemas("3.0.3", BESIDE_REF), "request"),
    {
      owner: { name: "string" },
      name: "string",
      boss: { name: "string" },
      pw: "string",
    },
  );
});

Deno.test("example: ok/a property named __proto__ is the example's own, in the JSON too", () => {
  const proto = JSON.parse(
    '{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}},"oneOf":[{"properties":{"__proto__":{"type":"boolean"},"x":{"type":"boolean"}}}]}',
  );
  const v = sampleOf(proto, r) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  assert.deepEqual(Object.keys(v), ["__proto__", "constructor", "x"]);
  assert.equal(
    JSON.stringify(v),
    '{"__proto__":true,"constructor":0,"x":true}',
  );
});

Deno.test("example: ok/recursion is left out, not followed", () => {
  const doc = {
    components: {
      schemas: {
        Node: {
          type: "object",
          properties: {
            name: { type: "string" },
            parent: { $ref: "#/components/schemas/Node" },
            children: {
              type: "array",
              items: { $ref: "#/components/schemas/Node" },
            },
          },
        },
      },
    },
  };
  const v = sampleOf(
    { $ref: "#/components/schemas/Node" },
    new RefResolver(doc),
  );
  assert.deepEqual(v, { name: "string", children: [] });
});

Deno.test("example: ok/a 10,000-level chain is cut at a bounded depth", () => {
  let s: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 10_000; i++) s = { type: "object", properties: { n: s } };
  const text = valueJson(sampleOf(s, r));
  assert.ok(text.length < 1000, text);
});

Deno.test("example: bad/external $ref gives nothing", () => {
  assert.equal(sampleOf({ $ref: "other.yaml#/X" }, r), undefined);
});

Deno.test("example: ok/valueJson stops at its size and on cycles", () => {
  const a: Record<string, unknown> = { x: 1 };
  a.self = a;
  assert.equal(valueJson(a), '{\n  "x": 1,\n  "self": "(cycle)"\n}');
  const shared = Array.from({ length: 50 }, () => "y".repeat(100));
  const wide = Array.from({ length: 50 }, () => shared);
  const text = valueJson(wide, 1000);
  assert.ok(text.length < 1100);
  assert.match(text, /… \(cut\)$/);
  assert.equal(
    valueJson({ a: [1, { b: null }] }, 1000, ""),
    '{"a":[1,{"b":null}]}',
  );
  // Deeper than the walk goes: cut at its depth, said so, no overflow.
  let deep: unknown = 1;
  for (let i = 0; i < 20_000; i++) deep = [deep];
  const flat = valueJson(deep, 1e6, "");
  assert.ok(flat.startsWith("[".repeat(500) + '"…"' + "]".repeat(500)));
  assert.match(flat, /\n… \(cut: nested more than 500 levels deep\)$/);
  assert.equal(valueJson([[[1]]], 1000, ""), "[[[1]]]");
});

Deno.test("example: ok/bodies get their written examples, else one generated from the schema", () => {
  const p = parseSpec(Deno.readTextFileSync(new URL("detail-3.1.yaml", FIX)));
  const d = operationDetail(p, "paths", "/orders/{orderId}", "post")!;
  const ex = d.requestBody!.bodies[0].examples;
  // Written ones only, as Swagger UI, Redoc and Scalar show them (§4.1's
  // order: `example`, then `examples`, … then a sample).
  assert.deepEqual(ex.map((e) => [e.label, e.generated]), [
    ["small: A small order", false],
  ]);
  // The sample the same schema gets when nothing is written.
  const doc = p.doc as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const media = (doc.paths["/orders/{orderId}"].post.requestBody as {
    content: Record<string, { schema: unknown }>;
  }).content["application/json"];
  const gen = sampleOf(media.schema, p.resolver, "request") as Record<
    string,
    unknown
  >;
  // A request: readOnly id left out; allOf merged; formats sampled.
  assert.equal(gen.id, undefined);
  assert.equal(gen.created, "2024-01-01T12:00:00Z");
  assert.equal(gen.status, "open");
  assert.deepEqual(gen.lines, [{ amount: 1, sku: "string" }]);
  assert.equal((gen.address as { email: string }).email, "user@example.com");
  assert.equal(ex[0].text, '{\n  "id": "o1",\n  "lines": []\n}');
  const s = parseSpec(Deno.readTextFileSync(new URL("form-2.0.yaml", FIX)));
  const pets = operationDetail(s, "paths", "/pets", "post")!;
  assert.equal(
    pets.requestBody!.bodies[0].examples[0].text,
    '{\n  "name": "Rex",\n  "born": "2024-01-01"\n}',
  );
  const res = pets.responses[0].bodies[0].examples;
  assert.deepEqual(res.map((e) => e.text), ['{\n  "id": 7\n}']);
});

Deno.test("example: ok/a Swagger 2.0 file has no example, not null", () => {
  assert.equal(sampleOf({ type: "file" }, r), undefined);
  assert.deepEqual(
    sampleOf({
      type: "object",
      properties: { f: { type: "file" }, n: { type: "integer" } },
    }, r),
    { n: 0 },
  );
});

Deno.test("example: ok/a discriminator's property names the alternative shown", () => {
  const doc = {
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }, {
            $ref: "#/components/schemas/Dog",
          }],
          discriminator: {
            propertyName: "petType",
            mapping: { kitty: "#/components/schemas/Cat" },
          },
        },
        Cat: {
          type: "object",
          properties: {
            petType: { type: "string" },
            lives: { type: "integer" },
          },
        },
      },
    },
  };
  const rr = new RefResolver(doc);
  assert.deepEqual(sampleOf({ $ref: "#/components/schemas/Pet" }, rr), {
    petType: "kitty",
    lives: 0,
  });
  // Without a mapping, the schema's name.
  delete (doc.components.schemas.Pet.discriminator as Record<string, unknown>)
    .mapping;
  assert.deepEqual(
    sampleOf({ $ref: "#/components/schemas/Pet" }, new RefResolver(doc)),
    {
      petType: "Cat",
      lives: 0,
    },
  );
  // Without a mapping, an alternative that fixes the property keeps its
  // value (OpenAI's `role: {enum: [developer]}`): the name would be refused.
  for (
    const [fix, want] of [
      [{ enum: ["cat"] }, "cat"],
      [{ const: "feline" }, "feline"],
      [{ allOf: [{ enum: ["tabby"] }] }, "tabby"],
      // Its name among the values allowed: the name, not the first value.
      [{ enum: ["Dog", "Cat"] }, "Cat"],
      // An empty enum says nothing: the name.
      [{ enum: [] }, "Cat"],
    ] as const
  ) {
    const cat = doc.components.schemas.Cat as { properties: object };
    cat.properties = {
      petType: { type: "string", ...fix },
      lives: cat.properties["lives" as never],
    };
    assert.deepEqual(
      sampleOf({ $ref: "#/components/schemas/Pet" }, new RefResolver(doc)),
      { petType: want, lives: 0 },
      JSON.stringify(fix),
    );
  }
});

Deno.test("example: ok/x-explicitMappingOnly leaves out the alternatives its mapping does not name, as the tree does (Redoc)", () => {
  const example = (disc: Record<string, unknown>, typed: boolean) => {
    const rr = withSchemas("3.0.3", {
      Pet: {
        ...(typed ? { type: "object" } : {}),
        oneOf: [
          { $ref: "#/components/schemas/Cat" },
          { $ref: "#/components/schemas/Dog" },
        ],
        discriminator: { propertyName: "petType", ...disc },
      },
      Cat: { type: "object", properties: { petType: { type: "string" } } },
      Dog: {
        type: "object",
        properties: { petType: { type: "string" }, bark: { type: "boolean" } },
      },
    });
    return sampleOf({ $ref: "#/components/schemas/Pet" }, rr);
  };
  const mapping = { dog: "#/components/schemas/Dog" };
  for (const typed of [false, true]) {
    assert.deepEqual(
      example({ mapping, "x-explicitMappingOnly": true }, typed),
      { petType: "dog", bark: true },
      `typed: ${typed}`,
    );
    // Without it the first alternative, which the mapping need not name.
    assert.deepEqual(example({ mapping }, typed), { petType: "Cat" });
    // A mapping naming none of them: the first, rather than nothing.
    assert.deepEqual(
      example({ mapping: { f: "Fish" }, "x-explicitMappingOnly": true }, typed),
      { petType: "Cat" },
    );
  }
});

Deno.test("example: bad/an example of 100,000 keys reached through 100 discriminated alternatives is copied in bounded time", () => {
  let yaml = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nx-big: &big {" +
    Array.from({ length: 100_000 }, (_, i) => `k${i}: 1`).join(", ") +
    "}\npaths: {}\ncomponents:\n  schemas:\n" +
    "    A: {type: object, properties: {kind: {type: string}}, example: *big}\n" +
    "    Root:\n      type: object\n      properties:\n";
  for (let i = 0; i < 100; i++) {
    yaml +=
      `        p${i}: {oneOf: [{$ref: '#/components/schemas/A'}], discriminator: {propertyName: kind}}\n`;
  }
  const p = parseSpec(yaml);
  let v: Record<string, Record<string, unknown>> = {};
  const ms = cpuMs(() =>
    v = sampleOf({ $ref: "#/components/schemas/Root" }, p.resolver) as Record<
      string,
      Record<string, unknown>
    >
  );
  // Each alternative's copy listed all 100,000 keys: 7 s and more.
  assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
  assert.equal(v.p0.kind, "A");
  assert.equal(v.p0.k0, 1);
});

Deno.test("example: an array gets the items its minItems asks, up to ten", () => {
  const row = {
    type: "array",
    items: { type: "string", enum: ["."] },
    minItems: 3,
  };
  const board = { type: "array", items: row, minItems: 3, maxItems: 3 };
  const r = new RefResolver({});
  assert.deepEqual(sampleOf(board, r), [
    [".", ".", "."],
    [".", ".", "."],
    [".", ".", "."],
  ]);
  const many = sampleOf(
    { type: "array", items: { type: "integer" }, minItems: 500 },
    r,
  );
  assert.equal((many as unknown[]).length, 10);
  // Items that must be unique are not repeated; maxItems 0 is empty.
  assert.deepEqual(
    sampleOf({
      type: "array",
      uniqueItems: true,
      minItems: 3,
      items: { type: "string", enum: ["a", "b", "c"] },
    }, r),
    ["a"],
  );
  assert.deepEqual(
    sampleOf({ type: "array", maxItems: 0, items: { type: "integer" } }, r),
    [],
  );
  // The value budget (2,000) cut the tenth item short: left out, whole
  // items only.
  const props = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: "string" }]),
  );
  const items = sampleOf({
    type: "array",
    minItems: 10,
    items: { type: "object", properties: props },
  }, r) as Record<string, unknown>[];
  assert.ok(items.length < 10, `${items.length} items`);
  assert.deepEqual(
    new Set(items.map((o) => Object.keys(o).length)).size,
    1,
    "every item whole",
  );
});

Deno.test("example: ok/alternatives through a base that lists every name keep their own", () => {
  const doc = {
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Dog" }, {
            $ref: "#/components/schemas/Cat",
          }],
          discriminator: { propertyName: "petType" },
        },
        Base: {
          type: "object",
          required: ["petType"],
          properties: { petType: { type: "string", enum: ["Cat", "Dog"] } },
        },
        Dog: {
          allOf: [{ $ref: "#/components/schemas/Base" }, {
            type: "object",
            properties: { bark: { type: "boolean" } },
          }],
        },
      },
    },
  };
  assert.deepEqual(
    sampleOf({ $ref: "#/components/schemas/Pet" }, new RefResolver(doc)),
    { petType: "Dog", bark: true },
  );
});

Deno.test("example: ok/a mapping's key wins over the values an alternative allows; an alternative's allOf parts are read", () => {
  const pet = (cat: unknown, mapping?: Record<string, string>) => ({
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }],
          discriminator: {
            propertyName: "petType",
            ...(mapping && { mapping }),
          },
        },
        Cat: cat,
      },
    },
  });
  const cat = {
    type: "object",
    properties: { petType: { type: "string", enum: ["cat"] } },
  };
  const sample = (doc: unknown) =>
    sampleOf({ $ref: "#/components/schemas/Pet" }, new RefResolver(doc));
  assert.deepEqual(
    sample(pet(cat, { kitty: "#/components/schemas/Cat" })),
    { petType: "kitty" },
  );
  assert.deepEqual(
    sample(pet({
      allOf: [
        { type: "object", properties: { petType: { enum: ["cat"] } } },
        { type: "object", properties: { lives: { type: "integer" } } },
      ],
    })),
    { petType: "cat", lives: 0 },
  );
});

Deno.test("example: bad/a base enum of 100,000 names shared by 99 parts picks a value in bounded time; a name past the hundredth is found", () => {
  const names = Array.from({ length: 150 }, (_, i) => `Kind${i}`);
  names.push("Dog");
  const huge = Array.from({ length: 100_000 }, (_, i) => `K${i}`);
  const doc = (list: string[], parts: number) => ({
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Dog" }],
          discriminator: { propertyName: "kind" },
        },
        Dog: {
          allOf: Array.from({ length: parts }, () => ({
            type: "object",
            properties: { kind: { type: "string", enum: list } },
          })),
        },
      },
    },
  });
  const sample = (d: unknown) =>
    sampleOf({ $ref: "#/components/schemas/Pet" }, new RefResolver(d)) as {
      kind: unknown;
    };
  assert.equal(sample(doc(names, 1)).kind, "Dog");
  const ms = cpuMs(() => {
    assert.equal(sample(doc(huge, 99)).kind, "K0");
  });
  assert.ok(ms < 2_000, "bounded");
});

/**
 * The value generated for the discriminator `kind` of a `oneOf` whose one
 * alternative is an `allOf` of `parts`, each giving `kind` an enum.
 */
function discriminatedKind(parts: unknown[][]): unknown {
  const doc = {
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }],
          discriminator: { propertyName: "kind" },
        },
        Cat: {
          allOf: parts.map((e) => ({
            type: "object",
            properties: { kind: { type: "string", enum: e } },
          })),
        },
      },
    },
  };
  return (sampleOf(
    { $ref: "#/components/schemas/Pet" },
    new RefResolver(doc),
  ) as { kind: unknown }).kind;
}

Deno.test("example: ok/a discriminator's value is one every part allows, else the first part's first", () => {
  assert.equal(discriminatedKind([["a", "b"], ["b", "c"]]), "b");
  assert.equal(discriminatedKind([["a"], ["c"]]), "a");
});

Deno.test("example: bad/many parts that agree but the last are read in bounded time", () => {
  const huge = Array.from({ length: 100_000 }, (_, i) => `K${i}`);
  const tail = huge.slice(-1_000);
  const few = Array.from({ length: 1_000 }, (_, i) => `A${i}`);
  // A list past its first 1,000 values is not read: the tail is not there.
  const tailMs = cpuMs(() =>
    assert.equal(
      discriminatedKind([tail, ...Array(97).fill(huge), ["Z"]]),
      "K99000",
    )
  );
  assert.ok(tailMs < 1_000, `tail ${tailMs}`);
  // One list shared by 98 parts is read once, not once per value tried.
  const sharedMs = cpuMs(() =>
    assert.equal(discriminatedKind([...Array(98).fill(few), ["Z"]]), "A0")
  );
  assert.ok(sharedMs < 1_000, `shared ${sharedMs}`);
});

Deno.test("example: ok/a discriminator mapping naming a schema bare picks its key; a mapping to a missing schema picks nothing", () => {
  const sample = (mapping: Record<string, string>) =>
    sampleOf(
      { $ref: "#/components/schemas/Pet" },
      new RefResolver({
        components: {
          schemas: {
            Pet: {
              oneOf: [{ $ref: "#/components/schemas/Cat" }],
              discriminator: { propertyName: "petType", mapping },
            },
            Cat: {
              type: "object",
              properties: { petType: { type: "string" } },
            },
          },
        },
      }),
    );
  const CASES: [string, Record<string, string>, unknown][] = [
    ["ok/bare name", { kitty: "Cat" }, { petType: "kitty" }],
    ["ok/a $ref", { kitty: "#/components/schemas/Cat" }, { petType: "kitty" }],
    ["ok/the first key naming it", {
      fish: "Fish",
      tom: "Cat",
      kitty: "Cat",
    }, { petType: "tom" }],
    ["ok/only a missing schema mapped: the implicit name", {
      fish: "Fish",
      bird: "#/components/schemas/Bird",
    }, { petType: "Cat" }],
    ["ok/a name that only ends like it is another schema", {
      big: "BigCat",
    }, { petType: "Cat" }],
  ];
  for (const [name, mapping, want] of CASES) {
    assert.deepEqual(sample(mapping), want, name);
  }
});

Deno.test("example: ok/a discriminator inherited through allOf names the schema generated (Swagger 2.0's string, 3.x's mapping), not a sample string", () => {
  const animal = {
    type: "object",
    required: ["kind"],
    properties: { kind: { type: "string" }, name: { type: "string" } },
  };
  const dog = {
    allOf: [
      { $ref: "#/definitions/Animal" },
      { type: "object", properties: { bark: { type: "boolean" } } },
    ],
  };
  const swagger = new RefResolver({
    swagger: "2.0",
    definitions: {
      Animal: { ...animal, discriminator: "kind" },
      Dog: dog,
      // A subtype that allows only another value gets that value.
      Puppy: {
        allOf: [{ $ref: "#/definitions/Animal" }, {
          properties: { kind: { enum: ["young-dog"] } },
        }],
      },
    },
  });
  const CASES: [string, RefResolver, string, unknown][] = [
    ["ok/2.0 subtype", swagger, "#/definitions/Dog", {
      kind: "Dog",
      name: "string",
      bark: true,
    }],
    // The base itself is sampled as its first variant (below).
    ["ok/2.0 base itself", swagger, "#/definitions/Animal", {
      kind: "Dog",
      name: "string",
      bark: true,
    }],
    ["ok/2.0 subtype allowing one value", swagger, "#/definitions/Puppy", {
      kind: "young-dog",
      name: "string",
    }],
    [
      "ok/3.x subtype named by the base's mapping",
      new RefResolver({
        components: {
          schemas: {
            Animal: {
              ...animal,
              discriminator: {
                propertyName: "kind",
                mapping: { dog: "#/components/schemas/Dog" },
              },
            },
            Dog: {
              allOf: [{ $ref: "#/components/schemas/Animal" }, {
                properties: { bark: { type: "boolean" } },
              }],
            },
          },
        },
      }),
      "#/components/schemas/Dog",
      { kind: "dog", name: "string", bark: true },
    ],
  ];
  for (const [name, resolver, ref, want] of CASES) {
    assert.deepEqual(sampleOf({ $ref: ref }, resolver, "request"), want, name);
  }
  // Inline (no name to give) and written examples stay as they are.
  assert.deepEqual(
    sampleOf({ ...animal, discriminator: "kind" }, swagger),
    { kind: "string", name: "string" },
  );
  const written = new RefResolver({
    definitions: {
      A: { ...animal, discriminator: "kind", example: { kind: "x" } },
    },
  });
  assert.deepEqual(sampleOf({ $ref: "#/definitions/A" }, written), {
    kind: "x",
  });
});

Deno.test("example: ok/an inherited discriminator: named by the end of a $ref chain, left alone when not a string or not sent", () => {
  const base = (kind: Record<string, unknown>) => ({
    type: "object",
    properties: { kind, n: { type: "integer" } },
    discriminator: { propertyName: "kind", mapping: { dog: "Dog" } },
  });
  const schemas = (kind: Record<string, unknown>) =>
    new RefResolver({
      components: {
        schemas: {
          Animal: base(kind),
          Dog: { allOf: [{ $ref: "#/components/schemas/Animal" }] },
          Alias: { $ref: "#/components/schemas/Dog" },
        },
      },
    });
  const at = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  // The mapping names Dog by its bare name; Alias is a Dog.
  assert.deepEqual(
    sampleOf(at("Alias"), schemas({ type: "string" }), "request"),
    { kind: "dog", n: 0 },
  );
  // An integer property keeps its sample: a schema's name is no integer.
  assert.deepEqual(
    sampleOf(at("Dog"), schemas({ type: "integer" }), "request"),
    { kind: 0, n: 0 },
  );
  // A readOnly one is not sent in a request, and is not added.
  assert.deepEqual(
    sampleOf(at("Dog"), schemas({ type: "string", readOnly: true }), "request"),
    { n: 0 },
  );
  assert.deepEqual(
    sampleOf(
      at("Dog"),
      schemas({ type: "string", readOnly: true }),
      "response",
    ),
    { kind: "dog", n: 0 },
  );
});

Deno.test("example: ok/a base whose variants inherit it through allOf is sampled as its first variant, the one the tree lists first (Redoc)", () => {
  // OpenAPI 3.0's discriminator section: Pet, Cat and Dog.
  const pet = { $ref: "#/components/schemas/Pet" };
  const petstore = (
    disc: Record<string, unknown>,
    more: Record<string, unknown> = {},
  ) =>
    withSchemas("3.0.3", {
      Pet: {
        type: "object",
        required: ["name", "petType"],
        properties: { name: { type: "string" }, petType: { type: "string" } },
        discriminator: { propertyName: "petType", ...disc },
      },
      Cat: {
        allOf: [pet, {
          type: "object",
          properties: { huntingSkill: { type: "string", enum: ["lazy"] } },
        }],
      },
      Dog: {
        allOf: [pet, {
          type: "object",
          properties: { packSize: { type: "integer", minimum: 1 } },
        }],
      },
      ...more,
    });
  const CASES: [string, RefResolver, unknown][] = [
    ["ok/the first inheriting schema, named", petstore({}), {
      name: "string",
      petType: "Cat",
      huntingSkill: "lazy",
    }],
    [
      "ok/the mapping's first, by its key",
      petstore({ mapping: { dog: "#/components/schemas/Dog", cat: "Cat" } }),
      { name: "string", petType: "dog", packSize: 1 },
    ],
    [
      "ok/a mapped schema not inheriting the base still gets its value",
      petstore({ mapping: { bird: "Bird" } }, {
        Bird: { type: "object", properties: { wings: { type: "integer" } } },
      }),
      { wings: 0, petType: "bird" },
    ],
    [
      "ok/a mapping to a missing schema: the base's own",
      petstore({ mapping: { ghost: "#/components/schemas/Ghost" } }),
      { name: "string", petType: "Pet" },
    ],
  ];
  for (const [name, resolver, want] of CASES) {
    assert.deepEqual(sampleOf(pet, resolver, "request"), want, name);
  }
  // A readOnly discriminating property: in a response, not a request.
  const readOnly = petstore({}, {
    Pet: {
      type: "object",
      properties: {
        name: { type: "string" },
        petType: { type: "string", readOnly: true },
      },
      discriminator: { propertyName: "petType" },
    },
  });
  assert.deepEqual(sampleOf(pet, readOnly, "request"), {
    name: "string",
    huntingSkill: "lazy",
  });
  assert.deepEqual(sampleOf(pet, readOnly, "response"), {
    name: "string",
    petType: "Cat",
    huntingSkill: "lazy",
  });
  // Inside an array, as anywhere the base is used; a variant referring
  // back to the base is left out there (recursion), not followed.
  const nested = petstore({}, {
    Cat: {
      allOf: [pet, { properties: { friend: pet } }],
    },
  });
  assert.deepEqual(sampleOf({ type: "array", items: pet }, nested), [
    { name: "string", petType: "Cat" },
  ]);
});

Deno.test("example: ok/the body and cURL command of a base with variants are its first variant's", () => {
  const p = parseSpec(
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/pets": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Pet" },
                },
              },
            },
            responses: { "204": { description: "ok" } },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            properties: { petType: { type: "string" } },
            discriminator: { propertyName: "petType" },
          },
          Cat: {
            allOf: [{ $ref: "#/components/schemas/Pet" }, {
              properties: { lives: { type: "integer", minimum: 9 } },
            }],
          },
        },
      },
    }),
    { checks: false },
  );
  const d = operationDetail(p, "paths", "/pets", "post")!;
  const sample = /"petType": ?"Cat",\s*"lives": ?9/;
  assert.match(d.requestBody!.bodies[0].examples[0].text, sample);
  assert.match(d.curl, sample);
});

Deno.test("example: bad/a base inherited by 20,000 schemas, met 200 times in one example, finds its first variant in bounded time", () => {
  const schemas: Record<string, unknown> = {
    Base: {
      type: "object",
      properties: { kind: { type: "string" } },
      discriminator: { propertyName: "kind" },
    },
    Root: {
      type: "object",
      properties: Object.fromEntries(
        Array.from(
          { length: 200 },
          (_, i) => [`p${i}`, { $ref: "#/components/schemas/Base" }],
        ),
      ),
    },
  };
  const part = { $ref: "#/components/schemas/Base" };
  for (let i = 0; i < 20_000; i++) schemas[`V${i}`] = { allOf: [part] };
  const r = withSchemas("3.0.3", schemas);
  let v: Record<string, unknown> = {};
  const ms = cpuMs(() =>
    v = sampleOf({ $ref: "#/components/schemas/Root" }, r) as Record<
      string,
      unknown
    >
  );
  assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
  assert.deepEqual(v.p0, { kind: "V0" });
  assert.deepEqual(v.p199, { kind: "V0" });
});

Deno.test("example: ok/a variant repeating its base's discriminator is sampled as itself, not as its base's first variant", () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const disc = {
    propertyName: "petType",
    mapping: {
      cat: "#/components/schemas/Cat",
      dog: "#/components/schemas/Dog",
    },
  };
  const variant = (props: Record<string, unknown>) => ({
    allOf: [ref("Pet"), { type: "object", properties: props }],
    discriminator: disc,
  });
  const rr = new RefResolver({
    components: {
      schemas: {
        Pet: {
          type: "object",
          required: ["petType"],
          properties: { petType: { type: "string" } },
          discriminator: disc,
        },
        Cat: variant({ meow: { type: "boolean" } }),
        Dog: variant({ bark: { type: "string" } }),
      },
    },
  });
  assert.deepEqual(sampleOf(ref("Cat"), rr), { petType: "cat", meow: true });
  assert.deepEqual(sampleOf(ref("Dog"), rr), {
    petType: "dog",
    bark: "string",
  });
  assert.deepEqual(sampleOf(ref("Pet"), rr), { petType: "cat", meow: true });
});
