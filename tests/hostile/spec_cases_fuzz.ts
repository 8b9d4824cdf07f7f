/**
 * Hostile class: truncated and mutated real specs (the shared corpus, via
 * `CORPUS_DIR`), and property-based random documents and bytes (fast-check).
 * Every input must get a list that keeps the contract's promises or a
 * located `SpecError`, within the bound. `FC_SEED` replays a failing run;
 * `FC_SCALE` multiplies the number of runs.
 */
import { corpusDir, corpusFiles } from "../helpers/corpus.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { dump } from "js-yaml";
import { decodeSpecBytes } from "../../lib/openapi/decode.ts";
import type { HostileCase, Tally } from "../helpers/spec_hostile_tally.ts";

function corpus(): { name: string; text: string }[] {
  const dir = corpusDir("specs", { quiet: true }) ?? "";
  return corpusFiles("specs")
    .map((name) => ({ name, text: Deno.readTextFileSync(dir + name) }));
}

const seed = Number(Deno.env.get("FC_SEED")) || undefined;
/** `FC_SCALE=50` searches fifty times longer (the default keeps CI quick). */
const scale = Number(Deno.env.get("FC_SCALE")) || 1;
const params = (numRuns: number) => ({
  numRuns: Math.round(numRuns * scale),
  seed,
  endOnFailure: true,
});

/** Where `frac` (0..1) falls in `text`. */
const at = (text: string, frac: number) => Math.floor(frac * text.length);

const frac = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const SYNTAX = [..."{}[]:,\"'-&*!|>#?% \t\n0aZ\\", "\r\n", "<<: ", "&a ", "*a"];

/** One edit of a spec's text, as a careless hand or a broken tool makes. */
const mutation = fc.oneof(
  fc.record({
    op: fc.constant("flip"),
    at: frac,
    c: fc.constantFrom(...SYNTAX),
  }),
  fc.record({
    op: fc.constant("delete"),
    at: frac,
    n: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({
    op: fc.constant("duplicate"),
    at: frac,
    to: frac,
    n: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ op: fc.constant("swap"), at: frac }),
  fc.record({
    op: fc.constant("insert"),
    at: frac,
    c: fc.constantFrom(...SYNTAX),
  }),
  fc.record({
    op: fc.constant("indent"),
    at: frac,
    n: fc.integer({ min: -3, max: 3 }),
  }),
  fc.record({ op: fc.constant("truncate"), at: frac }),
  fc.record({
    op: fc.constant("byte"),
    at: frac,
    b: fc.integer({ min: 0x80, max: 0xff }),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

const SWAP: Record<string, string> = { "{": "[", "[": "{", "}": "]", "]": "}" };

/** Applies `m` to `s`. */
export function mutate(s: string, m: Mutation): string {
  const i = at(s, m.at);
  switch (m.op) {
    case "flip":
      return s.slice(0, i) + m.c + s.slice(i + 1);
    case "insert":
      return s.slice(0, i) + m.c + s.slice(i);
    case "delete":
      return s.slice(0, i) + s.slice(i + m.n);
    case "duplicate": {
      const j = at(s, m.to);
      return s.slice(0, j) + s.slice(i, i + m.n) + s.slice(j);
    }
    case "swap": {
      // The next bracket at or after i trades places with its twin.
      const k = s.slice(i).search(/[{}[\]]/);
      if (k < 0) return s;
      return s.slice(0, i + k) + SWAP[s[i + k]] + s.slice(i + k + 1);
    }
    case "indent": {
      const line = s.lastIndexOf("\n", i) + 1;
      return m.n >= 0
        ? s.slice(0, line) + " ".repeat(m.n) + s.slice(line)
        : s.slice(0, line) + s.slice(line).replace(/^ {1,3}/, "");
    }
    case "truncate":
      return s.slice(0, i);
    case "byte": {
      // A byte that is not UTF-8 in the file, decoded as the page decodes.
      const bytes = new TextEncoder().encode(s);
      bytes[Math.floor(m.at * bytes.length)] = m.b;
      return decodeSpecBytes(bytes);
    }
  }
}

function truncations(t: Tally, name: string, text: string, cuts: number) {
  for (let k = 1; k <= cuts; k++) {
    const cut = text.slice(0, Math.floor(text.length * k / (cuts + 1)));
    const a = t.answer(cut, { details: 5 });
    // A cut-off JSON document is never JSON: refused with line and column.
    if (name.endsWith(".json") && /^\s*\{/.test(text)) {
      assert.ok(!a.ok, `${name} cut at ${cut.length} was accepted`);
      assert.equal(a.error.kind, "syntax");
      assert.ok(a.error.line! <= cut.split("\n").length);
    }
  }
}

/** Values that do not belong anywhere in a spec. */
const junk = fc.oneof(
  fc.constantFrom(null, true, 0, -1.5, "", "__proto__", [], {}, { $ref: "#" }),
  fc.string({ maxLength: 8 }),
  fc.anything({ maxDepth: 3 }),
);
const KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "x-a"];
const key = fc.oneof(
  fc.constantFrom(...KEYS, "/a", "/a/{id}", "/b", "", "get"),
  fc.string({ maxLength: 6 }).map((s) => "/" + s),
);
const REFS = [
  "#",
  "#/paths/~1a",
  "#/paths/~1b",
  "#/components/schemas/A",
  "#/components/schemas/B",
  "#/components/parameters/P",
  "#/components/pathItems/I",
  "#/constructor",
  "#/paths/__proto__",
  "other.yaml#/x",
  "#/nowhere",
];
const ref = fc.constantFrom(...REFS).map(($ref) => ({ $ref }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, ref, junk);
const schema = fc.letrec((tie) => ({
  s: fc.oneof(
    { depthSize: "small" },
    ref,
    junk,
    fc.record({
      type: maybe(fc.constantFrom("string", "object", "array")),
      properties: maybe(fc.dictionary(key, tie("s"), { maxKeys: 3 })),
      items: tie("s"),
      allOf: maybe(fc.array(tie("s"), { maxLength: 3 })),
      required: maybe(fc.array(key, { maxLength: 2 })),
      enum: junk,
    }, { requiredKeys: [] }),
  ),
})).s;
const param = maybe(fc.record({
  name: maybe(key),
  in: maybe(fc.constantFrom("path", "query", "header", "body", "formData")),
  schema,
}, { requiredKeys: [] }));
const operation = maybe(fc.record({
  summary: maybe(fc.string({ maxLength: 6 })),
  operationId: maybe(key),
  tags: maybe(fc.array(maybe(key), { maxLength: 3 })),
  parameters: maybe(fc.array(param, { maxLength: 3 })),
  responses: maybe(fc.dictionary(
    fc.constantFrom("200", "404", "default", "__proto__"),
    maybe(
      fc.record({
        description: junk,
        content: maybe(
          fc.dictionary(key, fc.record({ schema }), { maxKeys: 2 }),
        ),
      }),
    ),
    { maxKeys: 2 },
  )),
  callbacks: maybe(
    fc.dictionary(key, maybe(fc.dictionary(key, ref, { maxKeys: 2 })), {
      maxKeys: 2,
    }),
  ),
  security: junk,
}, { requiredKeys: [] }));
const pathItem = maybe(fc.dictionary(
  fc.constantFrom(
    "get",
    "put",
    "query",
    "parameters",
    "additionalOperations",
    "$ref",
    ...KEYS,
  ),
  operation,
  { maxKeys: 4 },
));
const document = fc.record({
  openapi: fc.constantFrom("3.0.3", "3.1.0", "3.2.0", 3.1, "3.9.9"),
  info: maybe(fc.record({ title: junk, version: junk }, { requiredKeys: [] })),
  paths: maybe(fc.dictionary(key, pathItem, { maxKeys: 5 })),
  webhooks: maybe(fc.dictionary(key, pathItem, { maxKeys: 2 })),
  components: fc.record({
    schemas: fc.record({ A: schema, B: schema }),
    parameters: fc.record({ P: param }),
    pathItems: fc.record({ I: pathItem }),
  }),
}, { requiredKeys: ["openapi", "paths"] });

export const CORPUS: HostileCase[] = [
  {
    name: "every corpus spec cut at 6 to 16 places",
    run(t) {
      for (const { name, text } of corpus()) {
        truncations(t, name, text, text.length > 500_000 ? 6 : 16);
      }
    },
  },
  {
    name: "fast-check: 1 to 4 mutations of the small corpus specs",
    run(t) {
      const small = corpus().filter((f) => f.text.length < 100_000);
      fc.assert(
        fc.property(
          fc.constantFrom(...small),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (f, ms) => {
            t.answer(ms.reduce(mutate, f.text), { details: 10 });
          },
        ),
        params(600),
      );
    },
  },
  {
    name: "fast-check: one mutation of each large corpus spec",
    run(t) {
      const large = corpus().filter((f) => f.text.length >= 100_000);
      fc.assert(
        fc.property(fc.constantFrom(...large), mutation, (f, m) => {
          t.answer(mutate(f.text, m), { details: 5 });
        }),
        params(8),
      );
    },
  },
];

export const RANDOM: HostileCase[] = [
  {
    name: "fast-check: random hostile documents as JSON and as YAML",
    run(t) {
      fc.assert(
        fc.property(document, (doc) => {
          t.answer(JSON.stringify(doc));
          // dump writes shared objects as anchors and aliases.
          t.answer(dump(doc, { skipInvalid: true }));
        }),
        params(400),
      );
    },
  },
  {
    name: "fast-check: random bytes and text decoded as the page decodes files",
    run(t) {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }).map(decodeSpecBytes),
            fc.string({ unit: "binary", maxLength: 300 }),
            fc.string({
              unit: fc.constantFrom(...SYNTAX, "openapi: 3.1.0\n", "paths:\n"),
              maxLength: 60,
            }),
          ),
          (text) => {
            t.answer(text);
          },
        ),
        params(600),
      );
    },
  },
];
