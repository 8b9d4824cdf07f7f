/**
 * Hostile pairs: spec compare finishes in bounded time and memory, or stops
 * with a clear error, never hangs. Deep schemas, schemas that reference
 * themselves, a million-way `$ref` fan-out, YAML aliases that make a graph
 * astronomically large as a tree, and 10,000 operations.
 */
import assert from "node:assert/strict";
import { CompareLimitError, compareSpecs } from "./mod.ts";
import { cpuMs } from "../../../tests/helpers/cpu_time.ts";

/** Generous: a hang, not a slow machine, fails these. */
const BOUND_MS = 30_000;

function timed<T>(f: () => T): T {
  let out!: T;
  const ms = cpuMs(() => out = f());
  assert.ok(ms < BOUND_MS, `took ${Math.round(ms)} ms`);
  return out;
}

/**
 * A YAML document whose `POST /x` body is a `oneOf` of `alts` (flow YAML,
 * aliases allowed), with `defs` (anchored values) under `x-defs`.
 */
function oneOfYaml(defs: string, alts: string[]): string {
  return `openapi: 3.0.3
info: {title: h, version: "1"}
x-defs:
${defs}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
${alts.map((a) => `                - ${a}\n`).join("")}      responses:
        "200": {description: ok}
`;
}

function withSchemas(schemas: Record<string, unknown>, root: unknown): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "h", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema: root } } },
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: root } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

/**
 * A document whose request and response schema is inline and `depth`
 * objects deep, ending in `leaf`: written as text (stringifying such a
 * value would overflow the stack).
 */
function deep(depth: number, leaf: string): string {
  const open = '{"type":"object","properties":{"x":'.repeat(depth);
  const schema = open + leaf + "}}".repeat(depth);
  return withSchemas({}, "@").replaceAll('"@"', schema);
}

Deno.test("compare hostile: 10,000-level schemas alike compare as unchanged", () => {
  const t = deep(10_000, '{"type":"string"}');
  const r = timed(() => compareSpecs(t, t));
  assert.deepEqual(r.changes, []);
});

Deno.test("compare hostile: 10,000-level schemas that differ at the bottom: found, no stack overflow", () => {
  const r = timed(() =>
    compareSpecs(
      deep(10_000, '{"type":"string"}'),
      deep(10_000, '{"type":"integer"}'),
    )
  );
  assert.deepEqual(r.changes.map((c) => c.id).sort(), [
    "request-property-type-changed",
    "response-property-type-changed",
  ]);
  assert.match(r.changes[0].where, /^request body: (x\.){9999}x$/);
});

Deno.test("compare hostile: past the pair limit, a clear error", () => {
  const err = timed(() => {
    try {
      compareSpecs(
        deep(100, '{"type":"string"}'),
        deep(100, '{"type":"integer"}'),
        { maxPairs: 50 },
      );
    } catch (e) {
      return e;
    }
    return null;
  });
  assert.ok(err instanceof CompareLimitError, String(err));
  assert.match(err.message, /more than 50 distinct schema pairs/);
});

Deno.test("compare hostile: schemas that reference themselves many ways", () => {
  const node = (t: string) => ({
    type: "object",
    properties: {
      ...Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [
          `p${i}`,
          { $ref: `#/components/schemas/S${i % 10}` },
        ]),
      ),
      v: { type: t },
    },
  });
  const schemas = (t: string) =>
    Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`S${i}`, node(t)]),
    );
  const root = { $ref: "#/components/schemas/S0" };
  const r = timed(() =>
    compareSpecs(
      withSchemas(schemas("string"), root),
      withSchemas(schemas("integer"), root),
    )
  );
  // One change per component and direction: not one per path through them.
  assert.equal(r.changes.length, 20);
  assert.ok(r.changes.every((c) => c.operations.join() === "POST /a"));
});

/**
 * `levels` levels of `width` schemas, each with `width` properties that
 * reference the next level: `width ** levels` paths through the graph.
 * Written as text: building and stringifying the value costs more.
 */
function fanOut(width: number, levels: number, extra = ""): string {
  const schemas: string[] = [];
  for (let l = 0; l < levels; l++) {
    for (let i = 0; i < width; i++) {
      const props: string[] = [];
      for (let j = 0; j < width; j++) {
        const to = l + 1 < levels
          ? `{"$ref":"#/components/schemas/L${l + 1}_${(i + j) % width}"}`
          : '{"type":"string"}';
        props.push(`"q${j}":${to}`);
      }
      if (l === 1 && i === 7 && extra) props.push(extra);
      schemas.push(
        `"L${l}_${i}":{"type":"object","properties":{${props.join(",")}}}`,
      );
    }
  }
  const root = JSON.stringify({
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: width }, (_, i) => [
        `p${i}`,
        { $ref: `#/components/schemas/L0_${i}` },
      ]),
    ),
  });
  return withSchemas({}, "@").replaceAll('"@"', root)
    .replace('"schemas":{}', `"schemas":{${schemas.join(",")}}`);
}

Deno.test("compare hostile: a million-way $ref fan-out (a billion paths, 30,000 edges)", () => {
  const r = timed(() =>
    compareSpecs(fanOut(100, 3), fanOut(100, 3, '"extra":{"type":"string"}'))
  );
  assert.deepEqual(r.changes.map((c) => c.id).sort(), [
    "new-optional-request-property",
    "response-optional-property-added",
  ]);
  assert.equal(r.changes[0].where, "schema L1_7: extra");
});

Deno.test("compare hostile: a wide graph (300,000 $ref edges)", () => {
  const r = timed(() =>
    compareSpecs(fanOut(300, 3), fanOut(300, 3, '"extra":{"type":"string"}'))
  );
  assert.equal(r.changes.length, 2);
});

Deno.test("compare hostile: YAML aliases nine levels deep (a billion paths as a tree)", () => {
  const lines = ["a0: &a0 {type: string}"];
  for (let i = 1; i <= 9; i++) {
    const props = Array.from({ length: 10 }, (_, j) => `p${j}: *a${i - 1}`)
      .join(", ");
    lines.push(`a${i}: &a${i} {type: object, properties: {${props}}}`);
  }
  const yaml = (leaf: string) =>
    [
      "openapi: 3.0.3",
      "info: {title: h, version: '1'}",
      "x-anchors:",
      ...lines.map((l, i) => "  " + (i === 0 ? l.replace("string", leaf) : l)),
      "paths:",
      "  /a:",
      "    get:",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: *a9",
    ].join("\n");
  const r = timed(() => compareSpecs(yaml("string"), yaml("integer")));
  assert.equal(r.changes.length, 1);
  assert.equal(r.changes[0].id, "response-property-type-changed");
});

Deno.test("compare hostile: 10,000 operations, each changed", () => {
  const paths = (t: string) =>
    Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [
        `/r${i}`,
        {
          get: {
            parameters: [{ name: "q", in: "query", schema: { type: t } }],
            responses: { "200": { description: "ok" } },
          },
        },
      ]),
    );
  const doc = (t: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "h", version: "1" },
      paths: paths(t),
    });
  const r = timed(() => compareSpecs(doc("string"), doc("integer")));
  assert.equal(r.counts.breaking, 10_000);
});

Deno.test("compare hostile: 1,000 aliased alternatives of 5,000 properties pair in bounded time", () => {
  const side = (extra: string) => {
    const props = Array.from(
      { length: 5_000 },
      (_, i) => `      p${i}: {type: string}`,
    ).join("\n");
    return oneOfYaml(
      `  a: &A\n    type: object\n    properties:\n      ${extra}: {type: integer}\n${props}`,
      Array(1_000).fill("*A"),
    );
  };
  // Each of the 1,000 alternatives left over is scored against 100 others:
  // 33 s for twice as many when each score read all 5,000 names again.
  const r = timed(() => compareSpecs(side("zb"), side("zr")));
  assert.ok(r.changes.length > 0);
});

Deno.test("compare hostile: an alternative fanning out 200 ways three levels deep pairs in bounded time", () => {
  // A print that embedded its children's whole texts grew 200^3 long: a
  // 25 kB document ran out of string length.
  const props = (ref: string) =>
    Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, {
        $ref: `#/components/schemas/${ref}`,
      }]),
    );
  const side = (leaf: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "h", version: "1" },
      paths: {
        "/x": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    oneOf: [
                      {
                        type: "object",
                        properties: props("L1"),
                        description: leaf,
                      },
                      { type: "string" },
                    ],
                  },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
      components: {
        schemas: {
          L1: { type: "object", properties: props("L2") },
          L2: { type: "object", properties: props("L3") },
          L3: { type: "object", properties: { v: { type: leaf } } },
        },
      },
    });
  const r = timed(() => compareSpecs(side("string"), side("integer")));
  assert.equal(r.counts.breaking, 1);
});

Deno.test("compare hostile: alternatives sharing an aliased enum of huge values pair in bounded time", () => {
  // 200 references to one value of 900 nodes, in every alternative's enum:
  // each value's text is written once, not once per alternative and pair.
  const big = "{" +
    Array.from(
      { length: 30 },
      (_, i) => `k${i}: [${Array.from({ length: 30 }, (_, j) => j).join(",")}]`,
    ).join(
      ", ",
    ) + "}";
  const side = (shift: number) => {
    const alts = Array.from(
      { length: 100 },
      (_, i) => `{type: object, minProperties: ${i + shift}, enum: *E}`,
    );
    return oneOfYaml(
      `  big: &B ${big}\n  e: &E [${Array(200).fill("*B").join(", ")}]`,
      alts,
    );
  };
  const r = timed(() => compareSpecs(side(0), side(5000)));
  assert.ok(r.counts.breaking > 0);
});

Deno.test("compare hostile: 20,000 servers and 20,000 renamed schemes pair in bounded time", () => {
  const side = (tag: string) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "h", version: "1" },
      servers: Array.from({ length: 20_000 }, (_, i) => ({
        url: `https://${tag}${i}.example/{v}`,
      })),
      // 20,000 schemes, each renamed: each pairs with its one new name.
      components: {
        securitySchemes: Object.fromEntries(
          Array.from({ length: 20_000 }, (_, i) => [
            `${tag}${i}`,
            { type: "apiKey", in: "header", name: `X-Key-${i}` },
          ]),
        ),
      },
      paths: {},
    });
  const r = timed(() => compareSpecs(side("a"), side("b")));
  assert.equal(
    r.changes.filter((c) => c.id === "security-scheme-renamed").length,
    20_000,
  );
  assert.equal(
    r.changes.filter((c) => c.id === "api-server-removed").length,
    20_000,
  );
});

/** A document whose `POST /a` request body has the JSON schema `schema`. */
function bodyDoc(schema: unknown): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema } } },
          responses: { 200: { description: "ok" } },
        },
      },
    },
  });
}

Deno.test("compare hostile: long lists are compared whole, or the comparison stops naming the schema", () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
  const e = (list: string[]) => bodyDoc({ type: "string", enum: list });
  // 20,000 values: their order means nothing, and the last one counts.
  const many = values(20_000);
  assert.equal(
    timed(() => compareSpecs(e(many), e([...many].reverse()))).changes.length,
    0,
  );
  const lost = timed(() => compareSpecs(e(many), e(many.slice(0, -1))));
  assert.deepEqual(
    lost.changes.map((c) => [c.id, c.level]),
    [["request-body-enum-value-removed", "breaking"]],
  );
  // An enum written as `const` alternatives is read as far as an enum is:
  // 100,000 values, the limit, are the same enum, not 100,000 alternatives
  // past theirs.
  const consts = (n: number) =>
    bodyDoc({ oneOf: values(n).map((v) => ({ const: v })) });
  assert.equal(
    timed(() => compareSpecs(e(values(100_000)), consts(100_000))).changes
      .length,
    0,
  );
  // So are enums written as alternatives: two of 50,000 values each, the
  // limit together, are one enum of them all.
  assert.equal(
    timed(() =>
      compareSpecs(
        e(values(100_000)),
        bodyDoc({
          oneOf: [
            { enum: values(100_000).slice(0, 50_000) },
            { enum: values(100_000).slice(50_000) },
          ],
        }),
      )
    ).changes.length,
    0,
  );
  // 1,000 tuple positions, the limit, are compared.
  assert.equal(
    timed(() =>
      compareSpecs(
        bodyDoc({ type: "array", prefixItems: values(1_000).map(() => ({})) }),
        bodyDoc({ type: "array", prefixItems: values(1_000).map(() => ({})) }),
      )
    ).changes.length,
    0,
  );
  // Past a limit: a located error, on either side, never a partial answer.
  const props = (n: number) =>
    bodyDoc({
      type: "object",
      properties: Object.fromEntries(
        values(n).map((k) => [k, { type: "string" }]),
      ),
    });
  const alts = (n: number) =>
    bodyDoc({
      oneOf: values(n).map((k) => ({
        type: "object",
        required: [k],
        properties: { [k]: { type: "string" } },
      })),
    });
  const CASES: [string, string, string, RegExp][] = [
    [
      "bad/enum",
      e(values(100_001)),
      e(["v0"]),
      /base's .* 100,001 enum values, more than 100,000, which are not compared$/,
    ],
    [
      "bad/properties",
      props(1),
      props(10_001),
      /revision's .* more than 10,000 properties/,
    ],
    [
      "bad/alternatives",
      alts(1_001),
      alts(2),
      /base's .* 1,001 oneOf alternatives/,
    ],
    [
      "bad/tuple-positions",
      bodyDoc({ type: "array", prefixItems: values(1_001).map(() => ({})) }),
      bodyDoc({ type: "array" }),
      /base's .* 1,001 tuple positions/,
    ],
    [
      "bad/discriminator-mappings",
      bodyDoc({ type: "object" }),
      bodyDoc({
        type: "object",
        discriminator: {
          propertyName: "k",
          mapping: Object.fromEntries(
            values(1_001).map((v) => [v, `#/components/schemas/${v}`]),
          ),
        },
      }),
      /revision's .* more than 1,000 discriminator mappings/,
    ],
  ];
  for (const [name, base, revision, message] of CASES) {
    assert.throws(
      () => timed(() => compareSpecs(base, revision)),
      (err: Error) =>
        err instanceof CompareLimitError && message.test(err.message) &&
        err.message.includes(
          "/paths/~1a/post/requestBody/content/application~1json/schema",
        ) &&
        // The side it stopped in, for the page's data-side.
        err.side === (/^\/?base's/.test(message.source) ? "base" : "revision"),
      name,
    );
  }
});

/**
 * A document whose `POST /a` takes Pet, discriminated by `k`, beside the
 * components written (JSON members, as text) in `schemas`.
 */
function discriminated(schemas: string): string {
  return withSchemas(
    { Pet: { type: "object", discriminator: { propertyName: "k" } }, "@": 0 },
    { $ref: "#/components/schemas/Pet" },
  ).replace('"@":0', schemas);
}

const PET_REF = '{"$ref":"#/components/schemas/Pet"}';

/** `n` components each extending Pet, naming it `refs` times in allOf. */
function subtypes(n: number, refs: number): string {
  const allOf = Array(refs).fill(PET_REF).join(",");
  return Array.from({ length: n }, (_, i) => `"S${i}":{"allOf":[${allOf}]}`)
    .join(",");
}

Deno.test("compare hostile: subtypes are counted once each however often they name the schema, and past 1,000 the comparison stops", () => {
  // 1,000 components each naming Pet twice: 1,000 subtypes, compared.
  const r = timed(() =>
    compareSpecs(discriminated(subtypes(1_000, 2)), discriminated(""))
  );
  // Each value dropped, once for the request and once for the response.
  assert.equal(r.changes.length, 2_000);
  assert.ok(
    r.changes.every((c) => c.id.endsWith("-discriminator-mapping-deleted")),
  );
  assert.throws(
    () =>
      timed(() =>
        compareSpecs(discriminated(""), discriminated(subtypes(1_001, 1)))
      ),
    (err: Error) =>
      err instanceof CompareLimitError && err.side === "revision" &&
      /^The revision's schema at \/components\/schemas\/Pet has 1,001 subtypes, more than 1,000, which are not compared$/
        .test(err.message),
  );
});

Deno.test("compare hostile: allOf parts read to find subtypes stop the comparison past 1,000,000, said of the components", () => {
  // Parts that are no `$ref` count too: each is read.
  const parts = (n: number) =>
    discriminated(`"Big":{"allOf":[${PET_REF}${",0".repeat(n - 1)}]}`);
  const at = timed(() => compareSpecs(discriminated(""), parts(1_000_000)));
  assert.deepEqual(
    at.changes.map((c) => [c.id, c.text]),
    [
      [
        "response-property-discriminator-mapping-added",
        "response schema `Pet` discriminator value `Big` was added (200 response body)",
      ],
      [
        "request-property-discriminator-mapping-added",
        "request schema `Pet` discriminator value `Big` was added (request body)",
      ],
    ],
  );
  assert.throws(
    () => timed(() => compareSpecs(parts(1_000_001), discriminated(""))),
    (err: Error) =>
      err instanceof CompareLimitError && err.side === "base" &&
      err.message ===
        "The base's schema at /components/schemas has more than 1,000,000 allOf parts, which are not compared",
  );
});
