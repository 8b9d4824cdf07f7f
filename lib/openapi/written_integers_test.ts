import assert from "node:assert/strict";
import { dump } from "js-yaml";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { SchemaGraph } from "./schema_graph.ts";
import { RefResolver } from "./refs.ts";
import { spelling, writtenIntegers } from "./written_integers.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const MAX = "9223372036854775807";

const cases: [string, string, [number, string | null][]][] = [
  ["ok/a JSON number", `{"a": ${MAX}}`, [[2 ** 63, MAX]]],
  ["ok/a YAML plain scalar, negative", "a: -9223372036854775808", [[
    -(2 ** 63),
    "-9223372036854775808",
  ]]],
  ["ok/a + and leading zeros are dropped", "a: +09007199254740993", [[
    2 ** 53,
    "9007199254740993",
  ]]],
  ["ok/inside a string it spells the same integer", `{"a": "${MAX}"}`, [[
    2 ** 63,
    MAX,
  ]]],
  ["ok/safe integers are left out", "a: 9007199254740991", []],
  [
    "ok/two integers read as one double: which one is unknown",
    `{"a": ${MAX}, "b": 9223372036854775806}`,
    [[2 ** 63, null]],
  ],
  ["ok/the same integer twice stays known", `[${MAX}, ${MAX}]`, [[
    2 ** 63,
    MAX,
  ]]],
  [
    "bad/no integer token: a fraction, in a word, hex, a version",
    `a: 1.9223372036854775807\nc: BA${MAX}\nd: ${MAX}x\ne: 0x${MAX}\nf: 1-${MAX}\ng: 1.${MAX}.2`,
    [],
  ],
  [
    "bad/an integer written with an exponent or a fraction is spelled by no run of digits",
    `{"a": 1e20, "b": "100000000000000000001", "c": 1234567890123456789.0, "d": "1234567890123456780", "e": -${MAX}E0}`,
    [[1e20, null], [1234567890123456768, null], [-(2 ** 63), null]],
  ],
  [
    "ok/a fraction or an exponent under 2^53 spells nothing",
    `a: 2.5e-7\nb: 1e15\nc: 9007199254740.5\ne: ${MAX}`,
    [[2 ** 63, MAX]],
  ],
];

for (const [name, text, want] of cases) {
  Deno.test(`written integers: ${name}`, () => {
    assert.deepEqual([...writtenIntegers(text)], want);
  });
}

Deno.test("written integers: bad/a run of a million digits and 200,000 big integers are read in bounded time", () => {
  const ms = cpuMs(() => {
    assert.equal(writtenIntegers(`a: ${"7".repeat(1_000_000)}`).size, 0);
    const many = Array.from(
      { length: 200_000 },
      (_, i) => String(2n ** 60n + BigInt(i) * 4096n),
    ).join(",");
    assert.equal(writtenIntegers(`[${many}]`).size, 100_000);
  });
  assert.ok(ms < 5_000, `${ms} ms`);
});

Deno.test("written integers: ok/safe numbers and a document without its text ask nothing", () => {
  const spell = spelling(new RefResolver({}, `a: ${MAX}`));
  assert.equal(spell(2 ** 63), MAX);
  assert.equal(spell(42), undefined);
  assert.equal(spell(2 ** 63 + 0.5), MAX, "an integer past 2^53 anyway");
  assert.equal(spell(1e21), undefined, "not written");
  assert.equal(spelling(new RefResolver({}))(2 ** 63), undefined);
});

/** A 3.0 document with int64 numbers past 2^53, in `syntax`. */
function bigDoc(syntax: "json" | "yaml") {
  const doc = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/a": {
        post: {
          parameters: [{
            name: "q",
            in: "query",
            required: true,
            schema: { type: "integer", format: "int64", example: "@Q" },
          }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    seed: {
                      type: "integer",
                      format: "int64",
                      minimum: "@MIN",
                      maximum: "@MAX",
                      example: "@SEED",
                    },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { example: { id: "@MAX" } } },
            },
          },
        },
      },
    },
  };
  const numbers: Record<string, string> = {
    Q: "9007199254740993",
    MIN: "-9223372036854775808",
    MAX,
    SEED: "4944116822809979521",
  };
  const text = syntax === "json"
    ? JSON.stringify(doc, null, 2).replace(/"@(\w+)"/g, (_, k) => numbers[k])
    : dump(doc).replace(/'@(\w+)'/g, (_, k) => numbers[k]);
  assert.ok(!text.includes("@"), text);
  return parseSpec(text, { checks: false });
}

for (const syntax of ["json", "yaml"] as const) {
  Deno.test(`written integers: ok/${syntax} examples, facts and commands show int64 numbers past 2^53 as written`, () => {
    const p = bigDoc(syntax);
    assert.equal(p.loaded.syntax, syntax);
    const g = new SchemaGraph(p.resolver);
    const d = operationDetail(p, "paths", "/a", "post", g)!;
    // Generated from the schema's example; written in the spec.
    assert.equal(
      d.requestBody!.bodies[0].examples[0].text,
      '{\n  "seed": 4944116822809979521\n}',
    );
    assert.equal(
      d.responses[0].bodies[0].examples[0].text,
      `{\n  "id": ${MAX}\n}`,
    );
    assert.deepEqual(d.parameters[0].facts, ["example 9007199254740993"]);
    const seed = g.node(
      g.node(d.requestBody!.bodies[0].schema!.node)!
        .props[0].node,
    )!;
    assert.deepEqual(seed.constraints, [
      ">= -9223372036854775808",
      `<= ${MAX}`,
    ]);
    assert.equal(seed.example, "4944116822809979521");
    assert.ok(
      d.curl.startsWith(
        "curl -X POST 'https://api.example.com/a?q=9007199254740993'",
      ),
      d.curl,
    );
    assert.ok(d.curl.includes(`'{"seed":4944116822809979521}'`), d.curl);
    assert.ok(d.fetch.includes("4944116822809979521"), d.fetch);
  });
}
