/**
 * Hostile classes: values of the wrong type where strings, lists or maps
 * belong (every field the viewer reads, each replaced by numbers, booleans,
 * null, arrays and objects, in JSON and YAML), non-string YAML keys, and
 * bytes that are not UTF-8, decoded as the page decodes a picked file.
 */
import assert from "node:assert/strict";
import { dump } from "js-yaml";
import { decodeSpecBytes } from "../../lib/openapi/decode.ts";
import {
  type HostileCase,
  rows,
  YAML31,
} from "../helpers/spec_hostile_tally.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const BASE_32: Json = {
  openapi: "3.2.0",
  info: { title: "T", version: "1.0", description: "D" },
  servers: [{ url: "https://x" }],
  tags: [{ name: "t", description: "d" }],
  security: [{ k: ["s"] }],
  paths: {
    "/a/{id}": {
      summary: "s",
      parameters: [{ name: "id", in: "path", schema: { type: "string" } }],
      get: {
        operationId: "g",
        summary: "S",
        description: "D",
        tags: ["t", "u"],
        deprecated: false,
        parameters: [{
          name: "q",
          in: "query",
          schema: { type: "integer", enum: [1, 2], format: "int32" },
        }],
        requestBody: {
          description: "b",
          content: {
            "application/json": {
              schema: {
                required: ["p"],
                properties: { p: { type: "string" } },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "ok",
            content: { "a/b": { schema: { $ref: "#/components/schemas/S" } } },
          },
        },
        callbacks: { cb: { "{$url}": { post: { summary: "c" } } } },
        security: [{ k: ["s"] }],
      },
      query: { summary: "Q" },
      additionalOperations: { COPY: { summary: "C" } },
    },
    "/b": { $ref: "#/components/pathItems/B" },
  },
  webhooks: { w: { post: { summary: "W" } } },
  components: {
    schemas: { S: { type: "object", properties: { a: { type: "string" } } } },
    pathItems: { B: { put: {} } },
  },
};

const BASE_20: Json = {
  swagger: "2.0",
  info: { title: "T", version: "1" },
  host: "h",
  basePath: "/v",
  schemes: ["https"],
  consumes: ["application/json"],
  produces: ["application/json"],
  paths: {
    "/a": {
      get: {
        operationId: "g",
        tags: ["t"],
        consumes: ["multipart/form-data"],
        parameters: [
          { in: "body", name: "b", schema: { type: "object" } },
          { in: "formData", name: "f", type: "string" },
        ],
        responses: { "200": { description: "ok", schema: { type: "array" } } },
      },
    },
  },
  definitions: { D: { type: "object" } },
};

const WRONG: Json[] = [
  0,
  1.5,
  -1,
  1e308,
  true,
  false,
  null,
  [],
  ["x", 1, null, [], {}],
  {},
  { a: 1 },
  "",
  "str",
];

/** Every path to a value inside `v` (object keys and array indexes). */
function locations(
  v: Json,
  at: (string | number)[] = [],
): (string | number)[][] {
  const out = at.length ? [at] : [];
  if (Array.isArray(v)) {
    v.forEach((x, i) => out.push(...locations(x, [...at, i])));
  } else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      out.push(...locations(x, [...at, k]));
    }
  }
  return out;
}

/** A deep copy of `base` with the value at `at` replaced by `value`. */
function replaced(base: Json, at: (string | number)[], value: Json): Json {
  const copy = structuredClone(base) as Record<string | number, Json>;
  let cur = copy;
  for (const k of at.slice(0, -1)) {
    cur = cur[k] as Record<string | number, Json>;
  }
  cur[at[at.length - 1]] = value;
  return copy;
}

const enc = (s: string) => new TextEncoder().encode(s);
const cat = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => typeof p === "string" ? [...enc(p)] : p));

/** Byte sequences that are not UTF-8 (WHATWG: each becomes U+FFFD). */
const BAD_BYTES: number[][] = [
  [0xff],
  [0xfe, 0xfe],
  [0x80, 0xbf],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
];

function utf16(s: string, le: boolean): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + 2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 + 2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
}

export const TYPES: HostileCase[] = [
  {
    name: "every field of a 3.2 and a 2.0 spec replaced by 13 wrong values",
    run(t) {
      let accepted = 0;
      for (const base of [BASE_32, BASE_20]) {
        for (const at of locations(base)) {
          for (const v of WRONG) {
            const doc = replaced(base, at, v);
            for (const text of [JSON.stringify(doc), dump(doc)]) {
              if (t.answer(text).ok) accepted++;
            }
          }
        }
      }
      assert.ok(accepted > t.inputs * 0.8, `${accepted} of ${t.inputs}`);
    },
  },
  {
    name: "wrong types, as the header and the list show them",
    run(t) {
      const with32 = (at: (string | number)[], v: Json) =>
        t.answer(JSON.stringify(replaced(BASE_32, at, v)));
      const title = (v: Json) => {
        const a = with32(["info", "title"], v);
        return a.ok ? a.index.title : "rejected";
      };
      assert.deepEqual([1.5, 1e308, true, null, [1], { a: 1 }].map(title), [
        "1.5",
        "1e+308",
        "true",
        "",
        "",
        "",
      ]);
      const op = with32(["paths", "/a/{id}", "get"], "GET");
      assert.ok(op.ok);
      assert.deepEqual(rows(op as never).slice(0, 2), [
        "query /a/{id}",
        "copy /a/{id}",
      ]);
      assert.ok(
        op.index.warnings.some((w) =>
          w.message.startsWith(
            'Expected an Operation object, found the string "GET"',
          ) &&
          w.path === '$.paths["/a/{id}"].get'
        ),
      );
      const ids = with32(["paths", "/a/{id}", "get", "operationId"], 42);
      assert.ok(ids.ok && ids.index.endpoints[0].operationId === "42");
      const tags = with32(["paths", "/a/{id}", "get", "tags"], [
        1,
        true,
        null,
        [],
        {},
        "x",
      ]);
      assert.ok(tags.ok);
      assert.deepEqual(tags.index.endpoints[0].tags, ["1", "true", "x"]);
      for (
        const [v, path] of [[[], "$.paths"], ["x", "$.paths"], [
          7,
          "$.paths",
        ]] as const
      ) {
        const a = with32(["paths"], v as Json);
        assert.ok(
          !a.ok && a.error.path === path && a.error.kind === "structure",
        );
      }
      for (const v of [0, 1.5, "4.0.0", "x"]) {
        const a = with32(["openapi"], v);
        assert.ok(
          !a.ok && a.error.kind === "format" && a.error.path === "$.openapi",
        );
      }
      for (const v of [true, [], {}]) {
        const a = with32(["openapi"], v);
        assert.ok(
          !a.ok && a.error.kind === "structure" && a.error.path === "$.openapi",
        );
      }
    },
  },
  {
    name:
      "YAML keys that are not strings (numbers, null, booleans, collections)",
    run(t) {
      const a = t.accepted(
        YAML31 +
          "paths:\n  123: {get: {}}\n  1.50: {get: {}}\n  null: {get: {}}\n  true: {get: {}}\n  /ok:\n    ? get\n    : {responses: {200: {description: d}, 404: {description: e}}}\n",
      );
      assert.deepEqual(rows(a), [
        "get /ok",
        "get 1.5",
        "get 123",
        "get null",
        "get true",
      ]);
      assert.deepEqual(
        a.details.find((d) => d.path === "/ok")!.responses.map((r) => r.status),
        ["200", "404"],
      );
      for (
        const key of ["? [a, b]\n  : {get: {}}", "? {x: 1}\n  : {get: {}}"]
      ) {
        const e = t.rejected(YAML31 + "paths:\n  /a: {}\n  " + key + "\n");
        assert.equal(e.kind, "syntax");
        assert.equal(e.line, 5);
      }
    },
  },
  {
    name:
      "invalid UTF-8 inside strings is replaced and reported with its place",
    run(t) {
      for (const bad of BAD_BYTES) {
        const yaml = cat(
          "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a",
          bad,
          ":\n    get: {summary: s",
          bad,
          ", tags: [t",
          bad,
          "]}\n",
        );
        const json = cat(
          '{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{"/a',
          bad,
          '":{"get":{"summary":"',
          bad,
          '"}}}}',
        );
        for (const bytes of [yaml, json]) {
          const text = decodeSpecBytes(bytes);
          const a = t.accepted(text);
          assert.equal(a.index.endpoints.length, 1);
          assert.ok(a.index.endpoints[0].path.startsWith("/a\ufffd"));
          const w = a.index.warnings.find((w) => /U\+FFFD/.test(w.message));
          assert.ok(w, "the replacement is reported");
          const at = text.indexOf("\ufffd");
          const before = text.slice(0, at).split("\n");
          assert.equal(w.line, bytes === yaml ? 4 : 1);
          assert.equal(w.line, before.length);
          assert.equal(w.column, before[before.length - 1].length + 1);
        }
      }
    },
  },
  {
    name: "invalid UTF-8 where syntax belongs, NULs, UTF-16 files",
    run(t) {
      for (const bad of BAD_BYTES) {
        for (
          const bytes of [
            cat('{"openapi":"3.1.0",', bad, '"paths":{}}'),
            cat("openapi: 3.1.0\n", bad, "  paths: {}\n"),
            cat(bad, "openapi: 3.1.0\npaths: {}\n"),
          ]
        ) {
          assert.ok(!t.answer(decodeSpecBytes(bytes)).ok);
        }
      }
      const spec = YAML31 + "paths: {/a: {get: {}}, /b: {put: {}}}\n";
      for (const le of [true, false]) {
        const a = t.accepted(decodeSpecBytes(utf16(spec, le)));
        assert.deepEqual(rows(a), ["get /a", "put /b"]);
        // Without the byte order mark: NULs everywhere, refused with a place.
        const e = t.rejected(decodeSpecBytes(utf16(spec, le).slice(2)));
        assert.equal(e.kind, "syntax");
      }
      assert.equal(
        t.rejected(decodeSpecBytes(cat('{"openapi":"3.1.0"', [0], "}"))).kind,
        "syntax",
      );
      const bom = t.accepted(decodeSpecBytes(cat([0xef, 0xbb, 0xbf], spec)));
      assert.equal(bom.index.endpoints.length, 2);
    },
  },
  {
    name: "lone surrogates and NUL escapes in names sort and copy",
    run(t) {
      const a = t.accepted(
        '{"openapi":"3.1.0","info":{"title":"\\ud800","version":"\\udfff"},"paths":{"/\\udc00":{"get":{"tags":["\\ud800"],"summary":"\\u0000"}},"/\\ud83d":{"get":{}},"/\\u0000":{"get":{}}}}',
      );
      assert.deepEqual(rows(a), ["get /\u0000", "get /\ud83d", "get /\udc00"]);
      assert.equal(a.index.title, "\ud800");
    },
  },
];
