/**
 * Hostile class: deep nesting (100,000 levels) in JSON and YAML (flow and
 * block), in paths, schemas, parameters, `$ref` chains and pointers, and in
 * every place where the viewer expects a string.
 */
import assert from "node:assert/strict";
import { mdText } from "../../lib/openapi/markdown.ts";
import {
  type HostileCase,
  json31,
  nest,
  rows,
  YAML31,
} from "../helpers/spec_hostile_tally.ts";

const N = 100_000;
const DEEP_ARR = nest("[", "", "]", N);
const DEEP_OBJ = nest('{"a":', "1", "}", N);
const op = (inner: string) => `{"/a":{"get":${inner}}}`;
const schemaAt = (schema: string) =>
  op(
    `{"responses":{"200":{"description":"d","content":{"application/json":{"schema":${schema}}}}}}`,
  );
const NEST_MSG = /nest deeper than 500 levels/;

export const DEEP: HostileCase[] = [
  {
    name: "json: 100,000 nested arrays at the top are no spec",
    run(t) {
      const e = t.rejected(DEEP_ARR);
      assert.equal(e.kind, "format");
      assert.equal(e.path, "$");
    },
  },
  {
    name: "json: 100,000-level schemas (objects, items, allOf) open in details",
    run(t) {
      for (
        const schema of [
          DEEP_OBJ,
          nest('{"type":"array","items":', "{}", "}", N),
          nest('{"allOf":[', '{"properties":{"p":{}}}', "]}", N),
          nest('{"properties":{"p":', "{}", "}}", N),
        ]
      ) {
        const a = t.accepted(json31(schemaAt(schema)));
        assert.deepEqual(rows(a), ["get /a"]);
        const body = a.details[0].responses[0].bodies[0];
        assert.ok(body.type.length < 200, body.type);
      }
      const items = t.accepted(
        json31(schemaAt(nest('{"type":"array","items":', "{}", "}", N))),
      );
      assert.equal(
        items.details[0].responses[0].bodies[0].type,
        "array<array<array<array<…>>>>",
      );
    },
  },
  {
    name: "json: 100,000 levels in parameters, path items and extensions",
    run(t) {
      const a = t.accepted(json31(
        `{"/a":{"x-deep":${DEEP_OBJ},"parameters":[${DEEP_ARR},{"name":"p","in":"query","schema":${DEEP_OBJ}}],"get":{"parameters":[${DEEP_OBJ}]}},"/b":${
          nest('{"get":', "{}", "}", N)
        },"/c":${DEEP_ARR}}`,
      ));
      assert.deepEqual(rows(a), ["get /a", "get /b"]);
      // The nameless object is shown as it is (a parameter without a name).
      assert.deepEqual(a.details[0].parameters.map((p) => p.name), ["p", ""]);
      assert.ok(
        a.index.warnings.some((w) =>
          /Expected a Path Item object, found an array/.test(w.message)
        ),
      );
    },
  },
  {
    name: "json: 100,000-level values where strings belong",
    run(t) {
      const d = DEEP_ARR;
      const a = t.accepted(
        `{"openapi":"3.1.0","info":{"title":${d},"version":${d},"description":${d}},"servers":[${d},{"url":${d}}],"tags":[${d},{"name":${d}}],"security":[{"k":${d}},${d}],"paths":{"/a":{"summary":${d},"get":{"tags":[${d},"ok"],"summary":${d},"operationId":${d},"description":${d},"security":[{"k":${d}}],"callbacks":{"c":{"{$url}":{"post":{"summary":${d}}}}},"responses":{"200":{"description":${d},"content":{"a/b":{"schema":{"type":[${d},"string"],"enum":[${d},1],"required":${d},"format":${d},"properties":{"p":{"description":${d}}}}}}}}}}}}`,
      );
      assert.deepEqual(a.index.endpoints[0].tags, ["ok"]);
      assert.equal(a.index.title, "");
      const body = a.details[0].responses[0].bodies[0];
      // The deep value is printed only as far as shown: 40 characters.
      assert.equal(body.type, `string enum: ${"[".repeat(39)}…, 1`);
      assert.deepEqual(a.details[0].security, ["k"]);
      for (const k of ["schemes", "consumes", "produces"]) {
        const s = t.accepted(
          `{"swagger":"2.0","host":"h","${k}":[${d},"x/y"],"paths":{"/a":{"get":{"parameters":[{"in":"body","name":"b","schema":{}}],"responses":{"200":{"description":"d","schema":{}}}}}}}`,
        );
        assert.equal(s.index.endpoints.length, 1);
      }
      assert.match(
        t.rejected(`{"asyncapi":${d}}`).message,
        /^This is an AsyncAPI document/,
      );
      assert.match(
        t.rejected(`{"info":{"_postman_id":1,"schema":${d}}}`).message,
        /Postman/,
      );
      assert.equal(t.rejected(`{"openapi":${d}}`).path, "$.openapi");
    },
  },
  {
    name: "json: a 100,000-level document cut at 12 places is located",
    run(t) {
      const text = json31(schemaAt(DEEP_OBJ));
      for (let i = 1; i <= 12; i++) {
        const cut = Math.floor(text.length * i / 13);
        const e = t.rejected(text.slice(0, cut));
        assert.equal(e.kind, "syntax");
        assert.equal(e.line, 1);
      }
    },
  },
  {
    name:
      "json: $ref chains 100,000 long (path items, parameters, responses, schemas)",
    // 4 × 100,000 references: linear work, but not little of it.
    bound: 30_000,
    run(t) {
      // Short keys (`#/x-p/1`) keep the document small.
      const chain = (k: string, last: string) => {
        const out: string[] = [];
        for (let i = 0; i < N - 1; i++) {
          out.push(`"${i}":{"$ref":"#/x-${k}/${i + 1}"}`);
        }
        out.push(`"${N - 1}":${last}`);
        return `"x-${k}":{${out.join(",")}},`;
      };
      const ref = (k: string) => `{"$ref":"#/x-${k}/0"}`;
      const text = json31(
        `{"/a":${ref("i")}}`,
        chain(
          "i",
          `{"get":{"parameters":[${ref("p")}],"responses":{"200":${
            ref("r")
          }}}}`,
        ) +
          chain("p", '{"name":"end","in":"query"}') +
          chain(
            "r",
            `{"description":"end","content":{"a/b":{"schema":${ref("s")}}}}`,
          ) +
          chain("s", '{"properties":{"end":{}}}'),
      );
      const a = t.accepted(text);
      assert.deepEqual(rows(a), ["get /a"]);
      const d = a.details[0];
      assert.deepEqual(d.parameters.map((p) => p.name), ["end"]);
      assert.equal(mdText(d.responses[0].description), "end");
      assert.deepEqual(d.responses[0].bodies[0].fields.map((f) => f.name), [
        "end",
      ]);
    },
  },
  {
    name: "json: a $ref pointer 100,000 segments deep",
    run(t) {
      const a = t.accepted(json31(
        `{"/a":{"$ref":"#/x-deep${"/a".repeat(N)}"}}`,
        `"x-deep":${nest('{"a":', '{"get":{"summary":"bottom"}}', "}", N)},`,
      ));
      assert.equal(a.index.endpoints[0].summary, "bottom");
    },
  },
  {
    name: "json: a numeric version after 100,000 levels keeps its source text",
    run(t) {
      const a = t.accepted(
        `{"openapi":"3.1.0","info":{"x-deep":${DEEP_OBJ},"title":"t","version":1.10},"paths":{}}`,
      );
      assert.equal(a.index.version, "1.10");
    },
  },
  {
    name: "yaml: 100,000 levels (flow, block, cut off) are refused, located",
    run(t) {
      const cases = [
        YAML31 + "paths: " + nest("[", "", "]", N),
        YAML31 + "paths: " + nest("{a: ", "1", "}", N),
        YAML31 + "paths:\n  /a:\n    get:\n      x:\n        " +
        "- ".repeat(N) + "1\n",
        YAML31 + "paths:\n" +
        Array.from({ length: 3000 }, (_, i) => " ".repeat(i + 1) + "a:")
          .join("\n") +
        " 1\n",
        YAML31 + "paths: " + "[".repeat(N),
        YAML31 + "paths: " + "{a: ".repeat(N),
      ];
      for (const text of cases) {
        const e = t.rejected(text);
        assert.equal(e.kind, "syntax");
        assert.match(e.message, NEST_MSG);
        assert.doesNotMatch(e.message, /never closed/);
      }
    },
  },
  {
    name: "yaml: aliases stacking 400-level nodes 250 times (100,000 levels)",
    run(t) {
      let text = YAML31 + "x-d0: &d0 {$ref: '#/nowhere'}\n";
      for (let i = 1; i <= 250; i++) {
        text += `x-d${i}: &d${i} ${nest("{a: ", `*d${i - 1}`, "}", 400)}\n`;
      }
      text +=
        "paths:\n  /a:\n    parameters: [*d250]\n    get:\n      tags: [*d250, ok]\n      summary: *d250\n      responses:\n        '200': {description: d, content: {a/b: {schema: *d250}}}\n";
      const a = t.accepted(text);
      assert.deepEqual(a.index.endpoints[0].tags, ["ok"]);
      assert.equal(a.details[0].responses[0].bodies[0].type, "any");
    },
  },
];
