/**
 * The JSON outline scan (outline_json.ts): the head of a file cut anywhere
 * keeps its whole path items only, and the scan's speed against the parse
 * floor (a warm `JSON.parse` of the same text, timed in the same process,
 * runs interleaved and the best of each kept, so a loaded machine slows
 * both).
 */
import assert from "node:assert/strict";
import { jsonOutline, jsonOutlineHead } from "./outline_json.ts";
import { corpusDir } from "../../tests/helpers/corpus.ts";

const DIR = corpusDir("specs", { quiet: true });

/** Best times of `runs` interleaved runs of the scan and of `JSON.parse`. */
function best(
  bytes: Uint8Array,
  runs: number,
): { scan: number; parse: number } {
  const text = new TextDecoder().decode(bytes);
  let scan = Infinity, parse = Infinity;
  for (let i = 0; i < runs + 3; i++) {
    let t = performance.now();
    jsonOutline(bytes);
    const s = performance.now() - t;
    t = performance.now();
    JSON.parse(text);
    const p = performance.now() - t;
    // The first runs compile the scan.
    if (i >= 3) scan = Math.min(scan, s), parse = Math.min(parse, p);
  }
  return { scan, parse };
}

Deno.test({
  name:
    "outline scan: Kubernetes' 1.9 MB swagger.json is outlined in under 0.85 of a warm JSON.parse",
  ignore: !DIR,
  fn() {
    // Keys are matched on their bytes and short spans copied a byte at a
    // time: building each key as a string and a view for each span took the
    // scan to 1.0-1.2 times the parse; it is about 0.7 now.
    const bytes = Deno.readFileSync(DIR + "k8s-v1.7.17-swagger.json");
    assert.ok(jsonOutline(bytes), "outlined");
    const { scan, parse } = best(bytes, 25);
    assert.ok(
      scan < 0.85 * parse,
      `scan ${scan.toFixed(2)} ms, JSON.parse ${parse.toFixed(2)} ms`,
    );
  },
});

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * A document whose path items carry what a cut may fall in: escapes (a
 * quote, a backslash, `\u` ones), text beyond ASCII (two, three and four
 * UTF-8 bytes), numbers, literals, nested arrays and braces in strings.
 */
const HEAD_DOC = JSON.stringify(
  {
    openapi: "3.1.0",
    info: { title: 'Caf\u00e9 "API"', version: "1.0" },
    components: { schemas: { A: { type: "object" } } },
    paths: Object.fromEntries(
      ["/a", "/b", "/b/{id}", "/c", "/d"].map((p, i) => [p, {
        parameters: [{ name: "x", in: "query" }],
        get: {
          summary: `é € 😀 \\ \\" {[ ${i}`,
          operationId: `op${i}`,
          tags: ["t\u2019"],
          deprecated: i % 2 === 0,
          "x-n": [1.5, null, true, { "}": "]" }],
        },
      }]),
    ),
    tags: [{ name: "t" }],
  },
  null,
  2,
).replaceAll("’", "\\u2019"); // an escape JSON.stringify leaves out

/** The paths of an outline, as `JSON.parse` reads it. */
const pathsOf = (bytes: Uint8Array) =>
  JSON.parse(dec.decode(bytes)).paths as Record<string, unknown>;

Deno.test("outline head: a file cut anywhere keeps only the path items it holds whole, each as the whole outline has it", () => {
  const bytes = enc.encode(HEAD_DOC);
  const whole = pathsOf(jsonOutline(bytes)!);
  const keys = Object.keys(whole);
  let seen = 0;
  for (let n = 0; n < bytes.length; n++) {
    const head = jsonOutlineHead(bytes.subarray(0, n));
    if (!head) continue;
    seen++;
    const paths = pathsOf(head.outline); // valid JSON, whatever the cut
    assert.equal(Object.keys(paths).length, head.paths, `cut at ${n}`);
    assert.deepEqual(
      paths,
      Object.fromEntries(keys.slice(0, head.paths).map((k) => [k, whole[k]])),
      `cut at ${n}`,
    );
    assert.equal(head.sorted, true);
  }
  assert.ok(seen > 0, "some cut gives a head");
  // The whole document is no head of itself: it is read whole.
  assert.equal(jsonOutlineHead(bytes), null);
});

Deno.test("outline head: named cuts (in a string, an escape, a key, a UTF-8 sequence, a number) keep the items before them", () => {
  const bytes = enc.encode(HEAD_DOC);
  const at = (needle: string, from = 0) => {
    const i = indexOf(bytes, enc.encode(needle), from);
    assert.ok(i >= 0, needle);
    return i;
  };
  const third = at('"/b/{id}"');
  for (
    const [what, cut] of [
      ["in a path key", third + 3],
      ["in an escape of a summary", at("\\\\", third) + 1],
      ["in a \\u escape", at("\\u2019", third) + 3],
      ["in a two-byte UTF-8 sequence", at("é", third) + 1],
      ["in a four-byte UTF-8 sequence", at("😀", third) + 2],
      ["in a field name", at('"operationId"', third) + 4],
      ["in a number", at("1.5", third) + 2],
      ["in a literal", at("true", third) + 2],
      ["between a brace and a bracket in a string", at("{[", third) + 1],
    ] as const
  ) {
    const head = jsonOutlineHead(bytes.subarray(0, cut));
    assert.ok(head, what);
    assert.deepEqual(Object.keys(pathsOf(head.outline)), ["/a", "/b"], what);
  }
  // Before the first whole path item, and before `paths`: nothing.
  assert.equal(jsonOutlineHead(bytes.subarray(0, at('"/a"') + 10)), null);
  assert.equal(jsonOutlineHead(bytes.subarray(0, at('"paths"') + 3)), null);
});

/** The first index of `needle` in `hay` from `from`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number) {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (hay[i + j] !== needle[j]) continue outer;
    }
    return i;
  }
  return -1;
}

Deno.test("outline head: path keys out of order, escaped or beyond ASCII are not called sorted; broken structure gives none", () => {
  const head = (paths: string) =>
    jsonOutlineHead(
      enc.encode(`{"openapi":"3.1.0","paths":{${paths},"/zz":{"get":{}`),
    );
  assert.equal(head('"/a":{},"/b":{},"/ab":{}')?.sorted, false);
  assert.equal(head('"/a":{},"/a/":{},"/ab":{}')?.sorted, true);
  assert.equal(head('"/a":{},"/\\u0062":{}')?.sorted, false);
  assert.equal(head('"/a":{},"/é":{}')?.sorted, false);
  assert.equal(head('"/a":{},"/b" {}'), null);
  assert.equal(head('"/a":{}],"/b":{}'), null);
});
