/**
 * Hostile classes: circular `$ref`s (path items, parameters, responses,
 * bodies, media types, callbacks, schemas; short and 100,000 long), and keys
 * named like `Object.prototype` members (`__proto__`, `constructor`, ...) as
 * paths, methods, tags, operationIds, parameters, response codes, schema
 * names and `$ref` targets: listed as written, never resolved through the
 * prototype chain, never polluting it (the harness checks the prototypes
 * after every answer).
 */
import assert from "node:assert/strict";
import { dump } from "js-yaml";
import { mdText } from "../../lib/openapi/markdown.ts";
import {
  applyFilter,
  compileFilter,
  copyText,
} from "../../lib/openapi/filter.ts";
import {
  type HostileCase,
  json31,
  rows,
  YAML31,
} from "../helpers/spec_hostile_tally.ts";

const CYCLE = /part of a reference cycle/;

function warned(a: { index: { warnings: { message: string }[] } }, re: RegExp) {
  assert.ok(
    a.index.warnings.some((w) => re.test(w.message)),
    `${re} in ${a.index.warnings.map((w) => w.message).join("\n")}`,
  );
}

/** An object with exactly these own keys, `__proto__` included. */
function own(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, value] of entries) {
    Object.defineProperty(o, k, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return o;
}

const P = [
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
];

function protoOp(k: string) {
  return own([
    ["operationId", k],
    ["summary", `${k} summary`],
    ["tags", [k]],
    ["parameters", [{ name: k, in: "query" }, {
      $ref: `#/components/parameters/${k}`,
    }]],
    [
      "responses",
      own([[k, { description: k }], ["200", {
        $ref: `#/components/responses/${k}`,
      }]]),
    ],
    ["security", [own([[k, [k]]])]],
    ["callbacks", own([[k, own([[k, own([["post", { summary: k }]])]])]])],
  ]);
}

/** A 3.2 document whose every name is a prototype member. */
function protoDoc(): Record<string, unknown> {
  const byKey = (f: (k: string) => unknown) => own(P.map((k) => [k, f(k)]));
  return own([
    ["openapi", "3.2.0"],
    ["info", { title: "proto", version: "1" }],
    ["tags", P.map((k) => ({ name: k, description: k }))],
    [
      "paths",
      own(P.flatMap((k) => [
        ["/" + k, own([["get", protoOp(k)], [k, "not a method"]])],
        [k, own([["additionalOperations", own([[k, protoOp(k)]])]])],
      ])),
    ],
    ["webhooks", byKey((k) => own([["post", protoOp(k)]]))],
    [
      "components",
      own([
        ["parameters", byKey((k) => ({ name: `${k}-ref`, in: "header" }))],
        ["responses", byKey((k) => ({ description: `ref ${k}` }))],
        ["schemas", byKey((k) => ({ properties: own([[k, {}]]) }))],
      ]),
    ],
  ]);
}

const sortRows = (r: string[][]) =>
  r.sort((a, b) => a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0).map((x) =>
    x.join(" ")
  );

export const REFS: HostileCase[] = [
  {
    name: "circular path item $refs: self, pair, 1,000 long, root, paths",
    run(t) {
      const loop = Array.from(
        { length: 1000 },
        (_, i) =>
          `"L${i}":{"$ref":"#/components/pathItems/L${(i + 1) % 1000}"}`,
      ).join(",");
      const a = t.accepted(json31(
        '{"/self":{"$ref":"#/paths/~1self"},"/enc":{"$ref":"#/paths/%7E1enc"},"/pair":{"$ref":"#/components/pathItems/A"},"/long":{"$ref":"#/components/pathItems/L0"},"/root":{"$ref":"#"},"/paths":{"$ref":"#/paths"},"/ok":{"get":{}}}',
        `"components":{"pathItems":{"A":{"$ref":"#/components/pathItems/B"},"B":{"$ref":"#/components/pathItems/A"},${loop}}},`,
      ));
      assert.deepEqual(rows(a), ["get /ok"]);
      warned(a, CYCLE);
      warned(a, /"#" points to something that is not a Path Item/);
    },
  },
  {
    name: "circular parameter, response, body, media type and callback $refs",
    run(t) {
      const c = (k: string) => `{"$ref":"#/components/${k}"}`;
      const a = t.accepted(json31(
        `{"/a":{"parameters":[${c("parameters/P")}],"get":{"parameters":[${
          c("parameters/Q")
        },${c("parameters/Self")}],"requestBody":${
          c("requestBodies/B")
        },"callbacks":{"cb":${c("callbacks/C")}},"responses":{"200":${
          c("responses/R")
        },"201":{"description":"d","content":{"a/b":${c("x-media/M")}}}}}}}`,
        `"components":{"parameters":{"P":${c("parameters/Q")},"Q":${
          c("parameters/P")
        },"Self":${c("parameters/Self")}},"requestBodies":{"B":${
          c("requestBodies/B")
        }},"responses":{"R":${c("responses/S")},"S":${
          c("responses/R")
        }},"callbacks":{"C":${c("callbacks/C")}},"x-media":{"M":${
          c("x-media/M")
        }}},`,
      ));
      const d = a.details[0];
      assert.equal(d.parameters.length, 0);
      assert.equal(d.responses.length, 2);
      assert.ok(d.warnings.filter((w) => CYCLE.test(w)).length >= 4);
      assert.equal(a.index.callbacks.length, 0);
    },
  },
  {
    name: "circular schemas: self, mutual, allOf fan-out, 100,000-long loop",
    run(t) {
      const s = (n: string) => `{"$ref":"#/components/schemas/${n}"}`;
      const loop = Array.from(
        { length: 100_000 },
        (_, i) => `"L${i}":${s(`L${(i + 1) % 100_000}`)}`,
      ).join(",");
      const fan = `{"allOf":[${Array(50).fill(s("Fan")).join(",")}],` +
        `"properties":{"me":${s("Fan")},"list":{"type":"array","items":${
          s("Fan")
        }}}}`;
      const schemas = `"Self":${s("Self")},"A":{"allOf":[${
        s("B")
      }],"properties":{"a":{}}},"B":{"allOf":[${
        s("A")
      }],"properties":{"b":{}}},"Fan":${fan},${loop}`;
      const body = (n: string) =>
        `{"description":"${n}","content":{"a/b":{"schema":${s(n)}}}}`;
      const a = t.accepted(json31(
        `{"/a":{"get":{"responses":{"200":${body("Self")},"201":${
          body("A")
        },"202":${body("Fan")},"203":${body("L0")}}}}}`,
        `"components":{"schemas":{${schemas}}},`,
      ));
      const r = a.details[0].responses;
      // In the tree's order: the schema's own properties, then its parts'.
      assert.deepEqual(r[1].bodies[0].fields.map((f) => f.name), ["a", "b"]);
      assert.deepEqual(r[2].bodies[0].fields.map((f) => f.name), [
        "me",
        "list",
      ]);
      assert.equal(r[2].bodies[0].fields[1].type, "array<Fan>");
      assert.deepEqual(r[3].bodies[0].fields, []);
    },
  },
  {
    name: "$refs named like prototype members point to nothing",
    run(t) {
      const refs = [
        "#/constructor",
        "#/__proto__",
        "#/toString",
        "#/paths/constructor",
        "#/paths/__proto__/polluted",
        "#/paths/~1a/get/constructor",
        "#/tags/length",
        "#/tags/constructor",
        "#/info/hasOwnProperty",
      ];
      const a = t.accepted(json31(
        `{"/a":{"get":{"parameters":[${
          refs.map((r) => `{"$ref":"${r}"}`).join(",")
        }],"responses":{"200":{"$ref":"#/constructor/prototype"}}}},${
          refs.map((r, i) => `"/r${i}":{"$ref":"${r}"}`).join(",")
        }}`,
        '"tags":[{"name":"x"}],',
      ));
      assert.deepEqual(rows(a), ["get /a"]);
      const d = a.details[0];
      assert.equal(d.parameters.length, 0);
      assert.equal(
        d.warnings.filter((w) => /points to nothing/.test(w)).length,
        refs.length + 1,
      );
      warned(a, /"#\/constructor" points to nothing/);
    },
  },
  {
    name: "prototype-member names everywhere (JSON and YAML) list as written",
    run(t) {
      const doc = protoDoc();
      const want = sortRows(P.flatMap((k) => [
        ["get", "/" + k],
        [k.toLowerCase(), k],
      ]));
      for (const text of [JSON.stringify(doc), dump(doc)]) {
        const a = t.accepted(text, { details: 100 });
        assert.deepEqual(rows(a), want);
        const x = a.index;
        assert.deepEqual(
          x.tags.map((g) => [g.name, g.count]),
          P.map((k) => [k, 2]),
        );
        assert.equal(x.webhooks.length, P.length);
        assert.equal(x.callbacks.length, 3 * P.length);
        for (const d of a.details) {
          const k = d.operationId;
          assert.ok(P.includes(k), k);
          assert.deepEqual(d.tags, [k]);
          assert.deepEqual(d.parameters.map((p) => p.name), [k, `${k}-ref`]);
          assert.deepEqual(
            d.responses.map((r) => [r.status, mdText(r.description)]).sort(),
            // Read as CommonMark: `__x__` is strong emphasis around x.
            [["200", `ref ${strong(k)}`], [k, strong(k)]].sort(),
          );
          assert.deepEqual(d.security, [`${k} [${k}]`]);
          assert.deepEqual(d.callbacks, [k]);
        }
        const hit = (q: string) =>
          applyFilter(x.endpoints, compileFilter(q, x.extraMethods)).map((e) =>
            `${e.method} ${e.path}`
          );
        assert.deepEqual(hit("__proto__"), ["__proto__ __proto__"]);
        assert.deepEqual(hit("constructor"), ["constructor constructor"]);
        assert.deepEqual(hit("/constructor"), ["get /constructor"]);
        // hasownproperty is a method of this document (additionalOperations).
        assert.deepEqual(hit("hasownproperty"), [
          "hasownproperty hasOwnProperty",
        ]);
        assert.deepEqual(hit("get /hasownproperty"), ["get /hasOwnProperty"]);
        assert.match(
          copyText(x.endpoints),
          /^GET\t\/__proto__\t__proto__ summary\t__proto__$/m,
        );
      }
    },
  },
  {
    name: "YAML merge keys and anchors carrying __proto__ and constructor",
    run(t) {
      const a = t.accepted(
        YAML31 +
          `x-evil: &evil {__proto__: {polluted: yes, get: {summary: no}}, constructor: {prototype: {polluted: yes}}, get: {summary: merged}}
__proto__: {polluted: yes}
paths:
  /m:
    <<: *evil
  /n:
    <<: [*evil, {post: {summary: p}}]
    __proto__: {get: {summary: no}}
  __proto__: *evil
  hasOwnProperty: {get: {operationId: hasOwnProperty}}
components: {schemas: {__proto__: {properties: {polluted: {}}}, constructor: *evil}}
`,
      );
      assert.deepEqual(rows(a), [
        "get /m",
        "get /n",
        "post /n",
        "get __proto__",
        "get hasOwnProperty",
      ]);
      assert.equal(a.index.endpoints[0].summary, "merged");
    },
  },
];

/** `k` as CommonMark reads it: `__x__` is strong emphasis around x. */
function strong(k: string): string {
  return k.replace(/^__(.+)__$/, "$1");
}
