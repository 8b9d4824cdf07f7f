/**
 * The preview of a picked file (preview.ts) lists exactly what the whole
 * parse lists, or nothing: checked against `parseSpec` on table cases that
 * are cut (`ok/`) and that must not be (`none/`), on generated specs, and
 * on every spec of the corpus (skipped when it is absent).
 */
import { NO_ABOUT } from "./about.ts";
import assert from "node:assert/strict";
import { dump } from "js-yaml";
import { parseSpec, type SpecIndex } from "./mod.ts";
import {
  HEAD_ROWS,
  headIndex,
  previewIndex,
  sameListing,
  warmDocs,
  warmPreview,
} from "./preview.ts";
import { corpusDir, corpusFiles } from "../../tests/helpers/corpus.ts";
import { bigSpec } from "../../tests/fixtures/openapi/generate.ts";

const enc = (s: string) => new TextEncoder().encode(s);

/** What a preview and the whole parse must agree on. */
function listed(x: SpecIndex) {
  // The named schemas come with the whole parse only (the page shows them
  // once it is over).
  return {
    ...x,
    warnings: [],
    checked: false,
    chars: 0,
    schemas: [],
    schemaCount: 0,
    about: NO_ABOUT,
  };
}

/** The preview of `text`, asserted equal to the whole parse when given. */
function check(text: string | Uint8Array): SpecIndex | null {
  const bytes = typeof text === "string" ? enc(text) : text;
  const preview = previewIndex(bytes);
  if (preview) {
    const whole = parseSpec(new TextDecoder().decode(bytes), {
      checks: false,
    });
    assert.deepEqual(preview, listed(whole.index));
  }
  return preview;
}

const COMPONENTS = {
  schemas: { Pet: { type: "object", description: "x".repeat(200) } },
};
const op = (summary: string, more: Record<string, unknown> = {}) => ({
  summary,
  operationId: summary.replace(/\W/g, ""),
  tags: ["pets"],
  description: "Long text",
  parameters: [{ name: "id", in: "path", required: true }],
  responses: { "200": { $ref: "#/components/responses/Ok" } },
  ...more,
});
const doc = (paths: unknown, more: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "Pets", version: "1.0" },
  servers: [{ url: "https://api.example.com" }],
  tags: [{ name: "pets", description: "Pets" }],
  paths,
  components: COMPONENTS,
  "x-huge": ["ignored"],
  ...more,
});
const PATHS = {
  "/pets": {
    get: op("List pets"),
    post: op("Add a pet", { deprecated: true }),
  },
  "/pets/{id}": {
    parameters: [{ name: "id", in: "path" }],
    get: op("One pet"),
    delete: { responses: { "204": { description: "Gone" } } },
  },
  "/a": { put: op("First in code-point order") },
};

const json = (v: unknown) => JSON.stringify(v, null, 2);
const yaml = (v: unknown) => dump(v, { noRefs: true });

/** Cases whose preview must exist (and equal the whole parse). */
const OK: Record<string, string | Uint8Array> = {
  "ok/json": json(doc(PATHS)),
  "ok/json-minified": JSON.stringify(doc(PATHS)),
  "ok/yaml": yaml(doc(PATHS)),
  "ok/json-bom": "\ufeff" + json(doc(PATHS)),
  "ok/yaml-crlf": yaml(doc(PATHS)).replace(/\n/g, "\r\n"),
  "ok/json-number-version": json(doc(PATHS)).replace('"1.0"', "1.0"),
  "ok/yaml-number-version": yaml(doc(PATHS)).replace("'1.0'", "1.0"),
  "ok/swagger-2.0": json({
    swagger: "2.0",
    info: { title: "S", version: "2" },
    host: "api.example.com",
    basePath: "/v1",
    schemes: ["https"],
    paths: PATHS,
    definitions: COMPONENTS.schemas,
    parameters: { id: { name: "id", in: "path" } },
  }),
  "ok/json-escaped-path-key": json(doc({ "/a\u00e9/b": PATHS["/a"] }))
    .replace('"/a\u00e9/b"', '"/a\\u00e9\\/b"'),
  "ok/json-escapes-in-values": json(doc({
    "/q": { get: op('Say "hi" \\ \u2019 \ud83d\ude00') },
  })),
  "ok/json-duplicate-fields": json(doc({ "/d": { get: op("One") } }))
    .replace('"summary": "One",', '"summary": "Zero", "summary": "One",'),
  "ok/yaml-block-scalars": [
    "openapi: 3.0.3",
    "info:",
    "  title: Block",
    "  version: '1'",
    "paths:",
    "  # a comment at the paths level",
    "  /b:",
    "    get:",
    "      summary: >-",
    "        Folded",
    "",
    "        text",
    "      description: |",
    "        # not a comment",
    "        summary: not a key",
    "      tags: [x, y]",
    "    post:",
    "      responses: {}",
    "  '/quoted: key':",
    "      patch:",
    "          operationId: deep",
    "components:",
    "  schemas: {}",
    "",
  ].join("\n"),
  "ok/yaml-compact-sequences": [
    "openapi: 3.0.3",
    "info: {title: C, version: '1'}",
    "tags:",
    "- name: a",
    "paths:",
    "  /c:",
    "    get:",
    "      tags:",
    "      - a",
    "      - b",
    "      parameters:",
    "      - name: q",
    "        in: query",
    "      summary: after the sequences",
    "",
  ].join("\n"),
  "ok/yaml-tab-before-colon":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    "paths:\n  /a:\n    get\t:\n      summary\t: S\n",
  "ok/yaml-tab-after-colon":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    'paths:\n  /a:\n    get:\n      summary:\t"a: b"\n',
  "ok/yaml-markdown-in-block-summary":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    "paths:\n  /a:\n    get:\n      summary: |\n        **Bold** start\n        - *item*\n",
  "ok/yaml-document-marker": "---\n" + yaml(doc(PATHS)),
  "ok/3.2-query-and-additional": json({
    ...doc({
      "/s": {
        query: op("Search"),
        additionalOperations: { COPY: op("Copy") },
      },
    }),
    openapi: "3.2.0",
  }),
  "ok/webhooks": json(doc(PATHS, {
    webhooks: { petAdded: { post: op("Pet added") } },
  })),
  "ok/callbacks-inline": json(doc({
    "/hook": {
      post: op("Subscribe", {
        callbacks: {
          onEvent: {
            "{$request.body#/url}": { post: { summary: "Event" } },
          },
        },
      }),
    },
  })),
  // Keys near the field names, matched on their bytes: a prefix, a longer
  // one, another case, text beyond ASCII, an extension longer than any
  // field name, and field names in places that do not hold them.
  "ok/json-keys-like-field-names": json(doc({
    "/k": {
      get: {
        summar: "no",
        summaryX: "no",
        Summary: "no",
        "summ\u00e9ry": "no",
        summary: "yes",
        "x-summary": "no",
        tags: ["t"],
      },
      gets: { summary: "not an operation" },
      GET: { summary: "not an operation" },
    },
  }, {
    ["x-" + "long".repeat(12)]: { paths: { "/no": { get: {} } } },
    "x-": 1,
    x: { definitions: 1 },
    pathsX: { "/no": { get: {} } },
  })),
  "ok/generated-json": bigSpec(300, { bytes: 400_000 }),
  "ok/generated-yaml": yaml(JSON.parse(bigSpec(60))),
};

/** Cases that must give no preview (the whole parse alone answers). */
const NONE: Record<string, string | Uint8Array> = {
  "none/path-item-ref": json(
    doc({ "/r": { $ref: "#/components/pathItems/R" } }, {
      components: { pathItems: { R: { get: op("Ref") } } },
    }),
  ),
  "none/callback-ref": json(doc({
    "/hook": {
      post: op("Subscribe", {
        callbacks: { onEvent: { $ref: "#/components/callbacks/E" } },
      }),
    },
  })),
  "none/json-escaped-field-key": json(doc(PATHS)).replace(
    '"get"',
    '"g\\u0065t"',
  ),
  "none/json-escape-far-into-an-ignored-key": json(doc(PATHS)).replace(
    '"x-huge"',
    `"x-${"h".repeat(40)}\\u0065"`,
  ),
  "none/json-truncated": json(doc(PATHS)).slice(0, -3),
  "none/json-trailing-text": json(doc(PATHS)) + "\n{}",
  "none/json-no-paths": json({ ...doc(PATHS), paths: undefined }),
  "none/not-openapi": json({ asyncapi: "2.6.0", paths: PATHS }),
  "none/yaml-merge-key-in-operation": [
    "openapi: 3.0.3",
    "info: {title: M, version: '1'}",
    "x-base: &base",
    "  summary: merged",
    "paths:",
    "  /m:",
    "    get:",
    "      <<: *base",
    "",
  ].join("\n"),
  "none/yaml-alias-to-dropped-anchor": [
    "openapi: 3.0.3",
    "info: {title: M, version: '1'}",
    "components:",
    "  x: &tags [a]",
    "paths:",
    "  /m:",
    "    get:",
    "      tags: *tags",
    "",
  ].join("\n"),
  "none/yaml-alias-in-kept-part": [
    "openapi: 3.0.3",
    "info: {title: A, version: '1'}",
    "paths:",
    "  /a:",
    "    get:",
    "      tags: &t [shared]",
    "      summary: first",
    "    post:",
    "      tags: *t",
    "",
  ].join("\n"),
  "none/yaml-anchor-defined-again-in-a-dropped-part":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    "paths:\n  /a:\n    get:\n      summary: &s first\n      description: &s second\n    post:\n      summary: *s\n",
  "none/yaml-ref-key-with-tab":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    "paths:\n  /a:\n    $ref\t: '#/components/pathItems/A'\ncomponents:\n  pathItems:\n    A: {get: {summary: A}}\n",
  "none/yaml-lone-cr-line-break":
    "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n" +
    "paths:\n  /a:\n    get:\n      description: d\r    post:\n      summary: P\n",
  "none/yaml-document-is-a-block-scalar":
    "--- |\n  openapi: 3.0.3\n  info: {title: T, version: '1'}\n  paths: {/a: {get: {}}}\n",
  "none/json-after-4096-spaces": " ".repeat(5000) + json(doc(PATHS)),
  "none/yaml-two-documents": yaml(doc(PATHS)) + "---\nopenapi: 3.0.0\n",
  "none/yaml-end-marker": yaml(doc(PATHS)) + "...\n",
  "none/yaml-second-document-indented-top": yaml(doc(PATHS)).replace(
    /^/gm,
    "  ",
  ) + "---\n  openapi: 3.0.0\n",
  "none/yaml-directive": "%YAML 1.2\n---\n" + yaml(doc(PATHS)),
  "none/yaml-flow-document":
    "{openapi: 3.0.0, info: {title: F, version: '1'}, paths: {/f: {get: {}}}}",
  "none/yaml-escaped-key": yaml(doc(PATHS)).replace("get:", '"g\\x65t":'),
  "none/utf-16": new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  "none/empty": "",
};

for (const [name, text] of Object.entries(OK)) {
  Deno.test(`preview ${name}`, () => {
    const p = check(text);
    assert.ok(p, "a preview is given");
    assert.ok(p.endpoints.length > 0);
  });
}

for (const [name, text] of Object.entries(NONE)) {
  Deno.test(`preview ${name}`, () => {
    assert.equal(check(text), null);
  });
}

Deno.test("preview: the list order, counts and header of the whole parse", () => {
  const p = check(json(doc(PATHS)))!;
  assert.deepEqual(
    p.endpoints.map((e) => `${e.method} ${e.path}`),
    [
      "put /a",
      "get /pets",
      "post /pets",
      "get /pets/{id}",
      "delete /pets/{id}",
    ],
  );
  assert.equal(p.title, "Pets");
  assert.equal(p.version, "1.0");
  assert.deepEqual(p.warnings, []);
  assert.equal(p.checked, false);
  // The page keeps the preview's list when the whole parse lists the same.
  const whole = parseSpec(json(doc(PATHS))).index;
  assert.ok(sameListing(p, whole), "warnings and checks aside, the same");
  const changed = structuredClone(whole);
  changed.endpoints[1].summary = "Another";
  assert.ok(!sameListing(p, changed));
  assert.ok(!sameListing(p, { ...whole, title: "Other" }));
});

const DIR = corpusDir("specs") ?? "";

Deno.test({
  name:
    "preview: every corpus spec is previewed as the whole parse lists it, or not at all",
  ignore: !DIR,
  fn() {
    const previewed: string[] = [];
    for (const name of corpusFiles("specs")) {
      const bytes = Deno.readFileSync(DIR + name);
      let p: SpecIndex | null;
      try {
        p = check(bytes);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
      if (p) previewed.push(name);
    }
    // The large specs the preview is for.
    for (
      const big of [
        "stripe-spec3.json",
        "openai-openapi.yaml",
        "k8s-v1.7.17-swagger.json",
        "slack-web-openapi-v2.json",
      ]
    ) assert.ok(previewed.includes(big), `${big} is previewed`);
  },
});

Deno.test("preview: a file's first bytes list the whole parse's first rows, with its header, and no count or webhook of their own", () => {
  const text = bigSpec(300);
  const bytes = enc(text);
  const whole = parseSpec(text, { checks: false }).index;
  let heads = 0;
  for (let n = 1_000; n < bytes.length; n += 997) {
    const head = headIndex(bytes.subarray(0, n));
    if (!head) continue;
    heads++;
    const k = head.endpoints.length;
    assert.ok(k >= HEAD_ROWS && k <= whole.endpoints.length, `cut at ${n}`);
    assert.deepEqual(head.endpoints, whole.endpoints.slice(0, k));
    assert.deepEqual(
      [head.title, head.version, head.format],
      [whole.title, whole.version, whole.format],
    );
    assert.deepEqual([head.webhooks, head.callbacks], [[], []]);
  }
  assert.ok(heads > 10, `${heads} heads`);
  // Fewer rows than a window shows: the whole read lists them.
  const few = bytes.indexOf(0x2f, text.indexOf('"/r0010/')); // in /r0010's key
  assert.equal(headIndex(bytes.subarray(0, few)), null);
  // Path keys out of the list's order: a later one could sort first.
  const shuffled = JSON.parse(text);
  const keys = Object.keys(shuffled.paths);
  [keys[0], keys[5]] = [keys[5], keys[0]];
  shuffled.paths = Object.fromEntries(keys.map((k) => [k, shuffled.paths[k]]));
  const unsorted = enc(JSON.stringify(shuffled));
  assert.equal(headIndex(unsorted.subarray(0, unsorted.length >> 1)), null);
  assert.ok(headIndex(bytes.subarray(0, bytes.length >> 1)));
});

Deno.test("preview: the warm-up documents are previewed, as the whole parse lists them, one per step", () => {
  const docs = warmDocs(7);
  assert.equal(docs.length, 3);
  const counts = docs.map((doc) => {
    const ix = previewIndex(doc);
    assert.ok(ix, "previewed, not refused");
    assert.ok(sameListing(ix, parseSpec(new TextDecoder().decode(doc)).index));
    return ix.endpoints.length;
  });
  assert.deepEqual(counts, [14, 14, 7]);
  assert.equal([...warmPreview(7, 2)].length, 6);
});

Deno.test("preview: the warm-up documents take the branches and shapes real specs do", () => {
  const [json3, json2] = warmDocs(12).map((d) => new TextDecoder().decode(d));
  for (const [name, text] of [["3.1", json3], ["2.0", json2]]) {
    for (
      const part of ['\\"', "\\\\", "\\/", "\\u", "é", "{}", "[]", "null"]
    ) assert.ok(text.includes(part), `${name} has ${part}`);
    assert.match(text, /"\/e": \{\}/, `${name}: an empty path item`);
    assert.ok(text.endsWith("\n"), `${name} ends with a line break`);
    assert.match(text, /: (true|false)\b/, `${name}: booleans`);
    assert.match(text, /: \d+\.\d+/, `${name}: numbers`);
    // Operations whose listed fields come in more orders than V8's
    // polymorphic caches hold (four maps), so none is specialised to them.
    const shapes = new Set<string>();
    for (const get of Object.values(JSON.parse(text).paths)) {
      const op = (get as { get?: Record<string, unknown> }).get;
      if (op) shapes.add(Object.keys(op).join());
    }
    assert.ok(shapes.size >= 5, `${name}: ${shapes.size} operation shapes`);
  }
  assert.match(json2, /"parameters": \[\s*\{\s*"name": "x",\s*"in": "path"/);
  // Every kind of JSON white space between tokens (RFC 8259 §2), as real
  // specs are laid out: the scan's white space tests need them all.
  const between = (json3 + json2).replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (const ws of [" ", "\n", "\r", "\t"]) {
    assert.ok(between.includes(ws), `white space ${JSON.stringify(ws)}`);
  }
});

Deno.test("preview: builds no About block; the whole parse brings it", () => {
  const text = json(doc(PATHS, {
    info: { title: "Pets", version: "1.0", description: "All about pets" },
    components: {
      ...COMPONENTS,
      securitySchemes: { k: { type: "apiKey", in: "header", name: "X-Key" } },
    },
  }));
  const p = previewIndex(enc(text));
  assert.ok(p, "previewed");
  assert.deepEqual(p.about, NO_ABOUT);
  const whole = parseSpec(text).index.about;
  assert.equal(whole.schemes.length, 1);
  assert.ok(whole.description.length > 0);
});

Deno.test("preview: JSON strings are skipped whole, whatever their escapes and brackets, kept or left out", () => {
  // Escaped quotes after runs of backslashes of each parity, brackets and
  // braces inside strings, text beyond ASCII, in a kept summary, a skipped
  // operation field and a left-out component.
  const tricky = [
    'a \\" b',
    "a \\\\",
    'a \\\\\\" b',
    "\\\\\\\\",
    "{[}] \\u007b é’ 😀",
    "",
  ];
  for (const t of tricky) {
    const s = JSON.parse(`"${t}"`) as string;
    const text = JSON.stringify({
      openapi: "3.1.0",
      info: { title: s, version: "1" },
      components: { schemas: { A: { description: s, enum: [s, "}"] } } },
      paths: {
        "/a": {
          get: { summary: s, description: s, tags: [s], operationId: "g" },
          post: { responses: { "200": { description: `${s}{` } } },
        },
      },
    });
    const p = previewIndex(enc(text));
    assert.ok(p, `previewed: ${t}`);
    assert.ok(sameListing(p, parseSpec(text).index), `as the whole: ${t}`);
    assert.equal(p.endpoints[0].summary, s);
    // A string left open: no outline to trust.
    for (const cut of [text.indexOf(`"description"`) + 16, text.length - 3]) {
      assert.equal(previewIndex(enc(text.slice(0, cut))), null, `cut ${t}`);
    }
  }
  // A backslash last in the document never reads past its end.
  assert.equal(previewIndex(enc('{"paths":{"/a":{"get":{"x":"\\')), null);
});

/**
 * Documents built to trip a scan that passes strings, white space and the
 * parts it leaves out four bytes at a time: quotes, backslashes, brackets
 * and bytes beyond ASCII on each side of a word's edge, `\u` escapes of
 * the bytes the scan looks for, field names inside strings, deep nesting,
 * and white space of every kind and run length.
 */
function hostileDocs(): Record<string, string> {
  const tricky = [
    '}]"{[\\',
    'a\\"',
    '\\\\"\\',
    "é}", // é then a bracket: bytes past 0x7f beside one
    '😀"',
    '"definitions": {',
    '", "definitions": {}, "paths": {"/x": {"get": {}}}, "y": "',
    "U_ESC",
  ];
  const schemas: Record<string, unknown> = {};
  tricky.forEach((t, i) => {
    schemas[`S${i}`] = {
      description: t,
      enum: [t, `${t}{`, `[${t}`],
      properties: { [t]: { type: "string", default: t } },
    };
  });
  let deep: unknown = { end: "}]" };
  for (let i = 0; i < 300; i++) deep = i % 2 ? [deep, "]"] : { d: deep };
  const paths: Record<string, unknown> = {};
  tricky.forEach((t, i) => {
    paths[`/p${i}/${t}`] = {
      get: op(t, { description: t, ...(i === 3 ? { "x-deep": deep } : {}) }),
      [i % 2 ? "post" : "put"]: {
        summary: `${t}${"s".repeat(i)}`,
        tags: [t, "t"],
        responses: { "200": { description: t } },
      },
    };
  });
  paths["/definitions"] = { get: op("definitions") };
  paths["/U_ESC"] = { delete: op("paths") };
  const base = {
    swagger: "2.0",
    info: { title: "Hostile \u2019", version: "1" },
    "x-first": deep,
    paths,
    definitions: { ...schemas, deep: { example: deep } },
    parameters: { p: { name: "q", in: "query", description: tricky[2] } },
  };
  // `\u` escapes of a quote, a backslash, brackets and a surrogate pair.
  const u = (text: string) =>
    text.replaceAll("U_ESC", "\\u0022\\u005c\\u007b\\u005d\\ud83d\\ude00");
  const out: Record<string, string> = {};
  for (const indent of [0, 1, 2, 3, 4, 7, "\t"]) {
    out[`indent ${JSON.stringify(indent)}`] = u(
      JSON.stringify(base, null, indent),
    );
  }
  const two = JSON.stringify(base, null, 2);
  out["CRLF"] = u(two.replace(/\n/g, "\r\n"));
  const kinds = [" ", "\t", "\r", "\n", "\r\n", " \t\r\n "];
  out["every white space kind"] = u(
    respace(JSON.stringify(base), (n) => kinds[n % kinds.length]),
  );
  out["runs of 1 to 9 spaces"] = u(
    respace(JSON.stringify(base), (n) => " ".repeat(1 + n % 9)),
  );
  return out;
}

/**
 * Compact JSON `text` with `gap(n)` after its `n`th `{`, `[`, `,` or `:`
 * outside strings (RFC 8259 §2 allows white space around each).
 */
function respace(text: string, gap: (n: number) => string): string {
  let out = "", n = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    out += c;
    if (inString) {
      if (c === "\\") out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ("{[,:".includes(c)) out += gap(n++);
  }
  return out;
}

Deno.test("preview: hostile JSON lists as the whole parse does, at every offset from a word's edge", () => {
  const docs = hostileDocs();
  // Spaces first shift every byte by one more; a BOM by three; a view that
  // starts off a multiple of four is read a byte at a time.
  for (const [name, text] of Object.entries(docs)) {
    JSON.parse(text); // each is JSON, or the whole parse would refuse it
    for (const lead of ["", " ", "  ", "   ", "\ufeff", "\ufeff "]) {
      const bytes = enc(lead + text);
      const off = new Uint8Array(bytes.length + 1);
      off.set(bytes, 1);
      for (const [how, b] of [["", bytes], [", unaligned", off.subarray(1)]]) {
        const label = `${name}, lead ${JSON.stringify(lead)}${how}`;
        let p: SpecIndex | null;
        try {
          p = check(b as Uint8Array);
        } catch (err) {
          throw new Error(`${label}: ${(err as Error).message}`);
        }
        assert.ok(p, `${label}: previewed`);
        assert.equal(p.endpoints.length, 18, label);
      }
    }
  }
});

Deno.test("preview: a document cut anywhere in a string, or in white space, is not previewed", () => {
  const text = json(doc({ "/a": { get: op('x\\"y é') } })).replace(
    /"x-huge"/,
    `"x-huge": "${"w".repeat(11)}\\\\", "x-more"`,
  );
  const whole = previewIndex(enc(text));
  assert.ok(whole, "the whole document is previewed");
  const bytes = enc(text);
  const cuts: number[] = [];
  for (let i = 1; i < bytes.length - 1; i++) {
    // Cuts around each string's end and each run of white space.
    if (bytes[i] === 0x22 || bytes[i] === 0x20 || bytes[i] === 0x5c) {
      cuts.push(i, i + 1);
    }
  }
  for (const cut of cuts) {
    const part = bytes.slice(0, cut);
    assert.equal(previewIndex(part), null, `cut at ${cut}`);
  }
});
