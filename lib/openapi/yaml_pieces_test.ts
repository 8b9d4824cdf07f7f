/**
 * A YAML document read in pieces reads as the whole read reads it, or is
 * left to the whole read; its view loads only what is looked at.
 */
import assert from "node:assert/strict";
import { CORE_SCHEMA, load, mergeTag } from "js-yaml";
import {
  type LoadPiece,
  PieceError,
  type PiecesOptions,
  readPieces,
  YamlPieces,
} from "./yaml_pieces.ts";
import { loadPiece, loadPieceForgiving, loadText } from "./load.ts";
import { RefResolver } from "./refs.ts";
import { parseSpec, piecesSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { SchemaGraph } from "./schema_graph.ts";
import { corpusDir, corpusFiles } from "../../tests/helpers/corpus.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

/** Pieces of a member or so: every cut is taken. */
const TINY: PiecesOptions = { pieceChars: 1, maxDepth: 2 };
const SCHEMA = CORE_SCHEMA.withTags(mergeTag);
const whole = (text: string) => load(text, { schema: SCHEMA });

/** `loadPiece`, counting its calls and the depths it was told. */
function counted() {
  const calls: { text: string; depth: number }[] = [];
  const f: LoadPiece = (text, depth) => {
    calls.push({ text, depth });
    return loadPiece(text, depth);
  };
  return { f, calls };
}

const SPEC = `openapi: 3.1.0
info:
  title: t
  version: "1"
# a comment at the top level
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/A'
  "/b/{id}":
    parameters:
    - name: id
      in: path
      required: true
      schema: {type: string}
    delete:
      responses:
        "204": {description: gone}
components:
  schemas:
    A:
      type: object
      properties:
        b: {$ref: '#/components/schemas/B'}
    B:
      type: string
      description: |+
        kept lines

    C: {type: integer}
tags:
- name: x
- name: y
`;

const OK: [string, string][] = [
  ["a spec: paths and schemas cut", SPEC],
  ["a document start marker first", `---\n${SPEC}`],
  ["CRLF line ends", SPEC.replaceAll("\n", "\r\n")],
  [
    "integer-like keys keep an object's order",
    `b: 1\n"200": 2\n"10": 3\na:\n  "3": x\n  "1": y\n`,
  ],
  ["a __proto__ key is an own member", `__proto__: {a: 1}\nb: 2\n`],
  [
    "an anchor and its alias in one member",
    `a: {x: &k {v: 1}, y: *k}\nb: 2\n`,
  ],
  [
    "a compact sequence at its key's indent",
    `a:\n- 1\n- 2\nb:\n  c:\n  - 3\n  d: 4\n`,
  ],
  ["a quoted key with escapes", `"a\\"b": 1\n'c''d': 2\ne: 3\n`],
  ["an indented root mapping", `  a: 1\n  b:\n    c: 2\n`],
  ["comments between and after", `a: 1 # one\n# between\nb:\n  c: 2\n# end\n`],
  ["a null member", `a:\nb:\n  c:\n`],
  ["lines of tabs are blank", `a:\n  b: 1\n\t\n \t# note\n  c: 2\nd: 3\n`],
  [
    "a tab in a deeper line's text",
    `a:\n  b: |\n    \tcode\n      \tmore\n  c: 1\nd: 2\n`,
  ],
  [
    "a large member that is a scalar on its own lines",
    `a:\n  text that goes\n  on and on\n  # a comment: this\nb: 1\n`,
  ],
];

for (const [name, text] of OK) {
  Deno.test(`yaml pieces: ok/${name}`, () => {
    const p = YamlPieces.plan(text, TINY);
    assert.ok(p, "planned");
    const got = readPieces(text, loadPiece, TINY);
    assert.deepStrictEqual(got, whole(text));
    assert.deepStrictEqual(
      Object.keys(got!),
      Object.keys(whole(text) as object),
    );
    assert.deepStrictEqual(p.view(loadPiece), whole(text), "the view too");
  });
}

const NOT_PLANNED: [string, string][] = [
  ["a merge key", `a: &k {v: 1}\nb:\n  <<: *k\n  w: 2\n`],
  ["a duplicate key across members", `a: 1\nb: 2\na: 3\n`],
  ["directives", `%YAML 1.2\n---\na: 1\nb: 2\n`],
  ["a second document", `a: 1\n---\nb: 2\n`],
  ["a document end", `a: 1\n...\nb: 2\n`],
  ["a sequence at the top", `- a: 1\n- b: 2\n`],
  ["a flow mapping at the top", `{a: 1,\nb: 2}\n`],
  ["a CR alone as a line break", `a: 1\rb: 2\rc: 3\r`],
  ["a tab before a top-level member", `a: 1\n\tb: 2\nc: 3\n`],
  ["a member less indented than its siblings", `a:\n    b: 1\n  c: 2\n`],
  ["a complex key", `? [a]\n: 1\nb: 2\n`],
  ["a tagged root", `!!map\na: 1\nb: 2\n`],
  ["one member, not cut", `a: 1\n`],
  ["two start markers", `---\n---\na: 1\nb: 2\n`],
  ["a merge key by its tag", `a: {x: 1}\nb: {!!merge "<<": {y: 2}}\n`],
  ["a merge tag with escapes", `a: {x: 1}\nb: {!!m%65rge k: {y: 2}}\n`],
  ["a merge key as an explicit key", `a:\n  ? <<\n  : {x: 1}\nb: 2\n`],
  ["an alias to a << scalar", `a: &m <<\nb: {*m : {x: 1}}\n`],
];

for (const [name, text] of NOT_PLANNED) {
  Deno.test(`yaml pieces: bad/${name} is read whole`, () => {
    assert.equal(YamlPieces.plan(text, TINY), null);
    assert.equal(readPieces(text, loadPiece, TINY), null);
  });
}

const NOT_READ: [string, string][] = [
  ["an alias to another member's anchor", `a: &k {v: 1}\nb: *k\n`],
  ["a syntax error in a member", `a: 1\nb: [1, 2\nc: 3\n`],
  [
    "a tab before content where a member may start",
    `a:\n  b: 1\n \tc: 2\nd: 3\n`,
  ],
  ["a scalar where a member was", `a: 1\nb:\n  c: 2\n  d\n`],
  [
    "a flow collection going on at its key's indent",
    `a: {x: 1,\ny: 2}\nb: 1\n`,
  ],
];

for (const [name, text] of NOT_READ) {
  Deno.test(`yaml pieces: bad/${name} is left to the whole read`, () => {
    assert.equal(readPieces(text, loadPiece, TINY), null);
  });
}

Deno.test("yaml pieces: errors and forgiven duplicates come from the whole read", () => {
  const broken = `a: 1\nb:\n  c: [1, 2\nd: 3\n`.repeat(1) +
    `e: ${"x".repeat(20_000)}\n`;
  const err = (() => {
    try {
      loadText(broken);
    } catch (e) {
      return e as Error & { info?: { line: number } };
    }
  })();
  assert.ok(err?.info, "rejected with a location");
  assert.equal(err.info.line, 4);
  const dup = `a: 1\nb: 2\na: 3\nc: ${"x".repeat(20_000)}\n`;
  const loaded = loadText(dup);
  assert.equal((loaded.value as { a: number }).a, 3);
  assert.match(loaded.warnings[0].message, /Duplicate mapping key/);
});

Deno.test("yaml pieces: each piece is told the levels above it", () => {
  const { f, calls } = counted();
  readPieces(SPEC, f, TINY);
  const depthOf = (s: string) => calls.find((c) => c.text.includes(s))?.depth;
  assert.equal(depthOf("openapi: 3.1.0"), 0);
  assert.equal(depthOf("/a:"), 1);
  assert.equal(depthOf("    A:"), 2);
});

Deno.test("yaml pieces: large pieces go together up to the piece size", () => {
  const text = Array.from({ length: 100 }, (_, i) => `k${i}: ${"v".repeat(90)}`)
    .join("\n");
  const { f, calls } = counted();
  const got = readPieces(text, f, { pieceChars: 1000, maxDepth: 2 });
  assert.deepStrictEqual(got, whole(text));
  assert.equal(calls.length, 10, "about ten members a piece");
});

Deno.test("yaml pieces: the view loads only what is looked at", () => {
  const { f, calls } = counted();
  const view = YamlPieces.plan(SPEC, TINY)!.view(f);
  assert.equal(calls.length, 0);
  const paths = view.paths as Record<string, unknown>;
  assert.deepStrictEqual(Object.keys(paths), ["/a", "/b/{id}"]);
  assert.ok(Object.hasOwn(paths, "/a") && !Object.hasOwn(paths, "/c"));
  assert.equal(calls.length, 0, "keys are known from the text");
  assert.ok(paths["/a"]);
  assert.equal(calls.length, 1, "only /a");
  const comps = view.components as Record<string, Record<string, unknown>>;
  assert.deepStrictEqual(comps.schemas.C, { type: "integer" });
  assert.equal(calls.length, 2, "and C");
  assert.deepStrictEqual(view, whole(SPEC), "looked at whole, the same");
  assert.equal(String(view), "[object Object]", "a plain object otherwise");
  assert.throws(() => {
    view.x = 1;
  }, TypeError);
});

Deno.test("yaml pieces: the view finds keys its text does not surely name", () => {
  const text = `a: 1\nTrue: 2\n"q\\u0041": 3\nb: 4\n`;
  const view = YamlPieces.plan(text, TINY)!.view(loadPiece);
  assert.equal(view.b, 4);
  assert.equal(view.true, 2);
  assert.equal(view.qA, 3);
  assert.equal(view.nope, undefined);
  assert.deepStrictEqual(Object.keys(view), ["a", "true", "qA", "b"]);
});

Deno.test("yaml pieces: the view never answers a key its mapping may hold twice, or absent after a failed read", () => {
  // `"/\x61"` is `/a` again: the forgiven whole read keeps the last.
  const dup = `paths:\n  /a: one\n  "/\\x61": two\nb: 1\n`;
  const paths = YamlPieces.plan(dup, TINY)!.view(loadPiece).paths as Record<
    string,
    unknown
  >;
  assert.throws(() => paths["/a"], PieceError);
  assert.equal(readPieces(dup, loadPiece, TINY), null, "read whole");
  const alias = `a: &k 1\n1x: *k\n2y: 5\nb: 2\n`;
  const view = YamlPieces.plan(alias, TINY)!.view(loadPiece);
  assert.throws(() => view["2y"]);
  assert.throws(() => view["2y"], Error, "again, not absent");
  assert.throws(() => view.b, Error, "nor its neighbours");
});

Deno.test("yaml pieces: a view member that does not read alone throws", () => {
  const text = `a: &k {v: 1}\nb: *k\nc: 3\n`;
  const view = YamlPieces.plan(text, TINY)!.view(loadPiece);
  assert.equal(view.c, 3);
  assert.throws(() => view.b, (e) => e instanceof Error);
  const other = YamlPieces.plan(`a: 1\nb: {<<: {x: 1}, y: 2}\n`, TINY);
  assert.equal(other, null, "merge keys: no plan, no view");
});

const DIR = corpusDir("specs") ?? "";

Deno.test({
  name:
    "yaml pieces: every corpus YAML reads in pieces as whole, and its operations' details from the view are the whole's",
  ignore: DIR === "",
  fn() {
    let planned = 0, viewed = 0;
    for (const name of corpusFiles("specs").filter((f) => /\.ya?ml$/.test(f))) {
      const text = Deno.readTextFileSync(`${DIR}${name}`);
      const opts = { pieceChars: 256, maxDepth: 2 };
      const pieces = YamlPieces.plan(text, opts);
      if (!pieces) continue;
      planned++;
      let expected: unknown;
      try {
        expected = whole(text);
      } catch {
        assert.equal(readPieces(text, loadPiece, opts), null, name);
        continue;
      }
      assert.deepStrictEqual(readPieces(text, loadPiece, opts), expected, name);
      let parsed;
      try {
        parsed = parseSpec(text, { checks: false });
      } catch {
        continue; // rejected: no details
      }
      const ops = [
        ...parsed.index.endpoints.map((e) => ["paths", e] as const),
        ...parsed.index.webhooks.map((e) => ["webhooks", e] as const),
      ];
      // A view is offered only where no alias may be (uspto's `*:*`).
      if (!pieces.viewable) continue;
      viewed++;
      for (const [container, e] of ops) {
        const src = piecesSpec(pieces, text);
        assert.ok(src, name);
        assert.deepStrictEqual(
          operationDetail(
            src,
            container,
            e.path,
            e.method,
            new SchemaGraph(src.resolver),
          ),
          operationDetail(
            parsed,
            container,
            e.path,
            e.method,
            new SchemaGraph(parsed.resolver),
          ),
          `${name}: ${e.method} ${e.path}`,
        );
      }
    }
    assert.ok(planned >= 20, `${planned} corpus YAML documents planned`);
    assert.ok(viewed >= planned - 2, `${viewed} of them viewed`);
  },
});

Deno.test("yaml pieces: a line of 200,000 spaces is planned in linear time", () => {
  const text = `x-a${" ".repeat(200_000)}b: 1\nc:\n  d: 2\n${
    "e".repeat(20_000)
  }\n`;
  const ms = cpuMs(() => YamlPieces.plan(text, TINY));
  // A backtracking key pattern took seconds here (22 s on 120,000).
  assert.ok(ms < 1_000, `${ms.toFixed(0)} ms`);
});

Deno.test("yaml pieces: a view is offered only where no alias may be, and forgives duplicate keys as the whole read does", () => {
  assert.equal(YamlPieces.plan(SPEC, TINY)!.viewable, true);
  const aliased = `a: &k {v: 1}\nb:\n  c: *k\n`;
  const p = YamlPieces.plan(aliased, TINY)!;
  assert.equal(p.viewable, false);
  assert.equal(piecesSpec(p, aliased), null);
  const dup = `a:\n  get: {summary: first}\n  get: {summary: last}\nb: 1\n`;
  const view = YamlPieces.plan(dup, TINY)!.view(loadPieceForgiving);
  assert.deepEqual(view.a, { get: { summary: "last" } });
  assert.deepEqual(view.a, (loadText(dup).value as { a: unknown }).a);
});

Deno.test("yaml pieces: a resolver over a view goes on from the whole document once rebased", () => {
  const view = YamlPieces.plan(SPEC, TINY)!.view(loadPiece);
  const r = new RefResolver(view);
  assert.deepEqual(r.pointer("#/components/schemas/C"), { type: "integer" });
  r.rebase({ components: { schemas: { D: { type: "null" } } } });
  assert.deepEqual(r.pointer("#/components/schemas/D"), { type: "null" });
  assert.deepEqual(
    r.pointer("#/components/schemas/C"),
    { type: "integer" },
    "what was answered stays",
  );
});
