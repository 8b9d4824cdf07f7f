/**
 * The line of a JSON pointer in a document's text: hand-written cases of
 * each syntax (`ok/…` a node found, `bad/…` a walk that stops at the
 * deepest node it can tell), and every member of the corpus' documents
 * found on the line that writes its key.
 */
import assert from "node:assert/strict";
import { load } from "js-yaml";
import { parseSpec } from "../mod.ts";
import { pointerSegments, sourceLines } from "./source_lines.ts";
import { childPointer } from "../refs.ts";

const YAML = `openapi: 3.1.0 # a comment
info:
  title: t
  version: "1"
paths:
  /pets/{id}:
    parameters:
    - name: id
      in: path
    -   name: "q:x"
        in: query
    get:
      description: |
        a: b
        c: d
      responses:
        '200':
          description: ok
        "404": &nf
          description: gone
    put: {responses: {}}
  "/a'b": {}
  'it''s': x
components:
  schemas:
    Pet:
      <<: *nf
      type: object
      required:
        - name
        - tag
`;

const JSON_TEXT = `{
  "openapi": "3.0.3",
  "paths": {
    "/pets": {"get": {"responses": {"200": {"description": "ok"}}}},
    "/a\\u0062": {
      "post": {}
    },
    "/twice": {"get": {}},
    "/twice": {
      "put": {}
    }
  },
  "tags": [
    {"name": "a"},
    {"name": "b"}
  ]
}`;

const cases: [string, "json" | "yaml", string, number | undefined][] = [
  ["ok/yaml a top member", "yaml", "/info", 2],
  ["ok/yaml a nested member", "yaml", "/info/version", 4],
  ["ok/yaml a path, escaped in the pointer", "yaml", "/paths/~1pets~1{id}", 6],
  [
    "ok/yaml a sequence at its key's indent",
    "yaml",
    "/paths/~1pets~1{id}/parameters/0",
    8,
  ],
  [
    "ok/yaml an item's member",
    "yaml",
    "/paths/~1pets~1{id}/parameters/0/in",
    9,
  ],
  [
    "ok/yaml an item indented more, its quoted value",
    "yaml",
    "/paths/~1pets~1{id}/parameters/1/in",
    11,
  ],
  [
    "ok/yaml past a block scalar that looks like keys",
    "yaml",
    "/paths/~1pets~1{id}/get/responses",
    16,
  ],
  [
    "ok/yaml a single-quoted key",
    "yaml",
    "/paths/~1pets~1{id}/get/responses/200",
    17,
  ],
  [
    "ok/yaml a double-quoted key with an anchor",
    "yaml",
    "/paths/~1pets~1{id}/get/responses/404/description",
    20,
  ],
  ["ok/yaml a key holding a quote", "yaml", "/paths/~1a'b", 22],
  ["ok/yaml a key with a doubled quote", "yaml", "/paths/it's", 23],
  [
    "ok/yaml an indented block sequence",
    "yaml",
    "/components/schemas/Pet/required/1",
    31,
  ],
  ["ok/yaml beside a merge key", "yaml", "/components/schemas/Pet/type", 28],
  [
    "bad/yaml flow style: the member holding it",
    "yaml",
    "/paths/~1pets~1{id}/put/responses",
    21,
  ],
  [
    "bad/yaml a merged member: the mapping merged into",
    "yaml",
    "/components/schemas/Pet/description",
    26,
  ],
  ["bad/yaml no such path: the deepest found", "yaml", "/paths/~1gone/get", 5],
  ["bad/yaml no such item", "yaml", "/components/schemas/Pet/required/2", 29],
  ["bad/yaml the root alone: no line", "yaml", "/nothing", undefined],
  ["bad/yaml the root pointer: no line", "yaml", "", undefined],
  ["ok/json a member", "json", "/paths/~1pets/get/responses/200", 4],
  ["ok/json a key written with an escape", "json", "/paths/~1ab/post", 6],
  [
    "ok/json a key written twice: its last place",
    "json",
    "/paths/~1twice/put",
    10,
  ],
  ["ok/json an item", "json", "/tags/1", 15],
  ["ok/json an item's member", "json", "/tags/1/name", 15],
  ["bad/json not an index", "json", "/tags/01", 13],
  [
    "bad/json no such member: the deepest found",
    "json",
    "/paths/~1pets/post",
    4,
  ],
  ["bad/json the root alone: no line", "json", "/x", undefined],
];

/** Small documents of their own: `[name, text, syntax, pointer, line]`. */
const SMALL: [string, string, "json" | "yaml", string, number | undefined][] = [
  ["ok/yaml after a document marker", "---\na: 1\n", "yaml", "/a", 2],
  [
    "ok/yaml a comment after a key: the block below",
    "a: # note\n  b: 1\n",
    "yaml",
    "/a/b",
    2,
  ],
  [
    "ok/yaml a tag after a key: the block below",
    "a: !!map\n  b: 1\n",
    "yaml",
    "/a/b",
    2,
  ],
  [
    "ok/yaml a key's siblings are not its value",
    "a:\nb:\n  c: 1\n",
    "yaml",
    "/a/b",
    1,
  ],
  ["ok/yaml # inside a plain key", "a#b: 1\n", "yaml", "/a#b", 1],
  ["ok/yaml spaces before the colon", "a  : 1\n", "yaml", "/a", 1],
  [
    "ok/yaml a block scalar is no mapping",
    "d: |\n   a: b\n",
    "yaml",
    "/d/a",
    1,
  ],
  ["bad/yaml not an index", "l:\n- a\n- b\n", "yaml", "/l/01", 1],
  ["ok/yaml a tab-only line is blank", "a:\n\t\n  b: 1\n", "yaml", "/a/b", 3],
  ["ok/yaml CRLF lines", "a:\r\n-\r\n  b: 1\r\n", "yaml", "/a/0/b", 3],
  [
    "ok/yaml an empty item's block below it",
    "x:\n  a:\n    -\n      b: 1\n",
    "yaml",
    "/x/a/0/b",
    4,
  ],
  [
    "ok/yaml a first key written with an escape keeps its siblings",
    'paths:\n  "/caf\\u00e9": {}\n  /c:\n    get: {}\n',
    "yaml",
    "/paths/~1c/get",
    4,
  ],
  [
    "ok/yaml a key written with an escape is read",
    'paths:\n  "/caf\\u00e9": {}\n',
    "yaml",
    "/paths/~1café",
    2,
  ],
  [
    "ok/yaml an anchored first key keeps its siblings",
    "a:\n  &x b: 1\n  c: 2\n",
    "yaml",
    "/a/c",
    3,
  ],
  ["ok/yaml an anchored key is read", "a:\n  &x b: 1\n", "yaml", "/a/b", 2],
  [
    "bad/yaml an empty item is not the next item's parent",
    "l:\n- \n- b\n",
    "yaml",
    "/l/0/0",
    2,
  ],
  ["ok/json the second line", '{\n"a": 1\n}', "json", "/a", 2],
  [
    "bad/json an empty array has no item",
    '{\n "tags": [\n ]\n}',
    "json",
    "/tags/0",
    2,
  ],
];

for (const [name, text, syntax, pointer, line] of SMALL) {
  Deno.test(`sourceLines: ${name}`, () => {
    assert.equal(sourceLines(text, syntax).line(pointer), line, pointer);
  });
}

for (const [name, syntax, pointer, line] of cases) {
  Deno.test(`sourceLines: ${name}`, () => {
    const lines = sourceLines(syntax === "json" ? JSON_TEXT : YAML, syntax);
    assert.equal(lines.line(pointer), line, pointer);
  });
}

Deno.test("sourceLines: ok/the hand-written YAML reads as the lines say", () => {
  // The cases above stand on what js-yaml reads.
  const doc = load(YAML) as Record<string, Record<string, unknown>>;
  assert.ok("/pets/{id}" in doc.paths && "it's" in doc.paths);
});

Deno.test("pointerSegments: ~1 is / and ~0 is ~, in that order (RFC 6901 §4)", () => {
  assert.deepEqual(pointerSegments("/a~1b/~01/~10"), ["a/b", "~1", "/0"]);
  assert.deepEqual(pointerSegments(""), []);
  assert.deepEqual(pointerSegments("/"), [""]);
});

const CORPUS = Deno.env.get("CORPUS_DIR") ?? "../shared/corpus";

/**
 * Up to `max` pointers of `doc`'s members, breadth first, each with the
 * keys of the members on its way (the last its own).
 */
function memberPointers(doc: unknown, max: number): [string, string[]][] {
  const out: [string, string[]][] = [];
  const queue: [unknown, string, string[]][] = [[doc, "", []]];
  for (let q = 0; q < queue.length && out.length < max; q++) {
    const [v, at, keys] = queue[q];
    if (!v || typeof v !== "object") continue;
    for (const [k, child] of Object.entries(v)) {
      const p = childPointer(at, k);
      const path = Array.isArray(v) ? keys : [...keys, k];
      if (!Array.isArray(v)) out.push([p, path]);
      queue.push([child, p, path]);
    }
  }
  return out;
}

/** The corpus' documents that parse (not `broken-`, not `not-openapi-`). */
function corpusSpecs(): string[] {
  try {
    return [...Deno.readDirSync(`${CORPUS}/specs`)].map((e) => e.name)
      .filter((n) => /\.(?:json|ya?ml)$/.test(n) && !/^(?:broken|not)-/.test(n))
      .sort();
  } catch {
    return [];
  }
}

const specs = corpusSpecs();
if (!specs.length) {
  Deno.test({
    name:
      `sourceLines: corpus skipped: ${CORPUS}/specs is absent (set CORPUS_DIR)`,
    ignore: true,
    fn: () => {},
  });
}
for (const file of specs) {
  const syntax = file.endsWith(".json") ? "json" : "yaml";
  Deno.test(`sourceLines: ok/corpus ${file}: each member on the line of its key`, async () => {
    const text = await Deno.readTextFile(`${CORPUS}/specs/${file}`);
    const doc = parseSpec(text, { checks: false }).doc;
    const rows = text.split("\n");
    const lines = sourceLines(text, syntax);
    const pointers = memberPointers(doc, 20_000);
    // Written plain, quoted or (JSON) escaped: a key's text or its JSON
    // spelling is on its line.
    const holds = (row: string, key: string) =>
      row.includes(key) || row.includes(JSON.stringify(key).slice(1, -1));
    const stopped: string[] = [], wrong: string[] = [];
    for (const [p, keys] of pointers) {
      const line = lines.line(p);
      const row = line === undefined ? "" : rows[line - 1];
      if (holds(row, keys[keys.length - 1])) continue;
      // Not found: the walk stopped at a member on the way (flow style,
      // an alias): a member or an item on the way, never another member.
      const say = `${p} → ${line}: ${row.slice(0, 80)}`;
      const onItem = /^\s*- /.test(row) && /\/\d+\//.test(p);
      if (onItem || keys.slice(0, -1).some((k) => holds(row, k))) {
        stopped.push(say);
      } else wrong.push(say);
    }
    assert.ok(pointers.length > 3, `${pointers.length} pointers`);
    assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} wrong`);
    // JSON is read exactly; so is a YAML document in block style alone.
    if (syntax === "json" || file.startsWith("openai")) {
      assert.deepEqual(stopped.slice(0, 10), [], `${stopped.length} stopped`);
    }
  });
}
