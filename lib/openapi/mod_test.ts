/**
 * Table-driven tests of the spec parser on hand-written fixtures: which
 * documents are accepted, what the header shows, which endpoints are listed
 * in which order, and which problems become warnings. `ok/...` cases parse,
 * `bad/...` cases are rejected with a located error.
 */
import assert from "node:assert/strict";
import { checkSpec, parseSpec, SpecError, tryParseSpec } from "./mod.ts";
import { METHOD_ORDER } from "../../tests/fixtures/openapi/method_order.ts";
import { dump } from "js-yaml";
import { operationDetail } from "./detail.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const FIX = new URL("../../tests/fixtures/openapi/", import.meta.url);
const fixture = (name: string) => Deno.readTextFileSync(new URL(name, FIX));

interface OkCase {
  name: string;
  text: string;
  format: string;
  title?: string;
  version?: string;
  /** `METHOD path` in list order. */
  endpoints?: string[];
  count?: number;
  webhooks?: string[];
  callbacks?: number;
  /** Each must match some warning message. */
  warnings?: RegExp[];
  /** Exact number of warnings, when it matters. */
  warningCount?: number;
}

const list = (text: string) =>
  parseSpec(text).index.endpoints.map((e) => `${e.method} ${e.path}`);

const OK: OkCase[] = [
  {
    name: "ok/3.2 counting rules: query, additionalOperations, $ref path items",
    text: fixture("mini-3.2.yaml"),
    format: "OpenAPI 3.2.0",
    title: "Mini 3.2",
    version: "1.10",
    endpoints: [
      "get /a",
      ...[...METHOD_ORDER, "copy", "link", "purge"].map((m) => `${m} /b/{id}`),
      "get /c/{cid}",
    ],
    webhooks: ["get newThing", "post oldThing"],
    callbacks: 2,
    warnings: [
      /path parameter \{cid\} is not declared/,
      /operationId "readB" is used by GET \/b\/\{id\} and GET \/c\/\{cid\}/,
      /not a Path Item \(it has type, properties\)/,
      /\$ref "#\/components\/pathItems\/Missing" points to nothing/,
      /\$ref "#\/components\/schemas\/Nowhere" points to nothing/,
      /info.version is the number 1.1 in the source; shown as written \(1.10\)/,
    ],
    warningCount: 6,
  },
  {
    name:
      "ok/swagger 2.0 JSON, numeric info.version, self-referencing path item",
    text: fixture("swagger-2.0.json"),
    format: "Swagger 2.0",
    title: "Mini Swagger",
    version: "1.0",
    endpoints: ["get /pets/{petId}", "put /pets/{petId}", "post /pets/{petId}"],
    warnings: [/\$ref "#\/paths\/~1loop" is part of a reference cycle/],
  },
  {
    name: "ok/a method field in upper case is no operation, and says so",
    text: JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          GET: { responses: { "200": { description: "ok" } } },
          post: { responses: { "200": { description: "ok" } } },
        },
      },
    }),
    format: "OpenAPI 3.1.0",
    endpoints: ["post /a"],
    warnings: [
      /"GET" is not an operation: method fields are written in lower case \("get"\)/,
    ],
    warningCount: 1,
  },
  {
    name: "ok/YAML anchors, aliases and merge keys",
    text: fixture("anchors.yaml"),
    format: "OpenAPI 3.0.3",
    version: "2024.1",
    endpoints: ["get /one", "get /two", "post /two"],
    warningCount: 0,
  },
  {
    name: "ok/3.1 JSON with tags and a $ref cycle in schemas",
    text: fixture("openapi-3.1.json"),
    format: "OpenAPI 3.1.0",
    endpoints: ["get /items", "post /items"],
    warningCount: 0,
  },
  {
    name: "ok/code-point order, not localeCompare (JS UTF-16 comparison)",
    text: JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "v" },
      paths: Object.fromEntries(
        ["/ä", "/a_b", "/a/b", "/a-b", "/B", "/a", "/\uff01", "/\u{1f600}"]
          .map((p) => [p, { get: {} }]),
      ),
    }),
    format: "OpenAPI 3.0.3",
    // U+1F600 is stored as the surrogate pair D83D DE00, below U+FF01.
    endpoints: [
      "/B",
      "/a",
      "/a-b",
      "/a/b",
      "/a_b",
      "/ä",
      "/\u{1f600}",
      "/\uff01",
    ]
      .map((p) => `get ${p}`),
  },
  {
    name: "ok/info missing is said so",
    text: '{"openapi":"3.0.3","paths":{}}',
    format: "OpenAPI 3.0.3",
    count: 0,
    warnings: [/^info is missing: no title or version to show$/],
  },
  {
    name: "ok/info not an object says what it is",
    text: '{"openapi":"3.0.3","info":"nope","paths":{}}',
    format: "OpenAPI 3.0.3",
    count: 0,
    warnings: [
      /^info is the string "nope", expected an object: no title or version/,
    ],
  },
  {
    name: "ok/swagger: 2.0 as a YAML number is read, with a warning",
    text:
      'swagger: 2.0\ninfo: {title: t, version: "1"}\npaths: {/x: {get: {}}}\n',
    format: "Swagger 2.0",
    count: 1,
    warnings: [/swagger: 2.0 is a number in the source/],
  },
  {
    name: "ok/JSON numeric version keeps its source text (1.0, 2.50, 1e3)",
    text: '{"openapi":"3.0.0","info":{"title":"t","version":2.50},"paths":{}}',
    format: "OpenAPI 3.0.0",
    version: "2.50",
    count: 0,
  },
  {
    name: "ok/3.1 webhooks only: 0 endpoints",
    text:
      "openapi: 3.1.0\ninfo: {title: W, version: '1'}\nwebhooks:\n  ping:\n    post: {summary: Ping}\n",
    format: "OpenAPI 3.1.0",
    count: 0,
    webhooks: ["post ping"],
  },
  {
    name: "ok/query in a 3.1 document is not an endpoint (3.2 field)",
    text:
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /s:\n    query: {}\n    get: {}\n",
    format: "OpenAPI 3.1.0",
    endpoints: ["get /s"],
    warnings: [/query is an OpenAPI 3.2 field/],
  },
  {
    name: "ok/additionalOperations POST is listed as post, with a warning",
    text:
      "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths:\n  /p:\n    get: {}\n    additionalOperations:\n      POST: {}\n",
    format: "OpenAPI 3.2.0",
    endpoints: ["get /p", "post /p"],
    warnings: [/must be written as the fixed field "post"/],
  },
  {
    name: "ok/additionalOperations repeating a fixed method is skipped",
    text:
      "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths:\n  /p:\n    get: {}\n    additionalOperations:\n      GET: {}\n",
    format: "OpenAPI 3.2.0",
    endpoints: ["get /p"],
    warnings: [/repeats the GET operation/],
  },
  {
    name:
      "ok/an additionalOperations key that is not a token is listed, with a warning",
    text:
      "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths:\n  /p:\n    additionalOperations:\n      'co py': {}\n      COPY: {}\n",
    format: "OpenAPI 3.2.0",
    endpoints: ["co py /p", "copy /p"],
    warnings: [/additionalOperations\.co py is not an HTTP method name/],
  },
  {
    name: "ok/a BOM, a duplicate YAML key (last wins, like JSON.parse)",
    text:
      "\ufeffopenapi: 3.0.0\ninfo: {title: first, version: '1'}\ninfo: {title: second, version: '2'}\npaths: {}\n",
    format: "OpenAPI 3.0.0",
    title: "second",
    warnings: [/Duplicate mapping key/],
  },
  {
    name: "ok/a trailing --- (an empty second document) is read past, said",
    text:
      "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n---\n# end\n",
    format: "OpenAPI 3.0.0",
    warnings: [/An empty YAML document after the spec/],
    warningCount: 1,
  },
  {
    name: "ok/a YAML document in a Markdown code fence, prose around it",
    text:
      "Here is the spec:\n\n```yaml\nopenapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /a: {get: {responses: {}}}\n```\nThanks!\n",
    format: "OpenAPI 3.0.0",
    endpoints: ["get /a"],
    warnings: [/wrapped in a Markdown code fence \(```yaml\)/],
  },
  {
    name: "ok/minified JSON after const spec = and before ;",
    text:
      'const spec = {"openapi":"3.0.0","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"responses":{}}}}};',
    format: "OpenAPI 3.0.0",
    endpoints: ["get /a"],
    warnings: [/JavaScript around the document \(const spec =\)/],
  },
  {
    name: "ok/a fence inside a description is the description's",
    text:
      "openapi: 3.0.0\ninfo:\n  title: T\n  version: '1'\n  description: |\n    ```json\n    {}\n    ```\npaths: {}\n",
    format: "OpenAPI 3.0.0",
    warningCount: 0,
  },
  {
    name: "ok/swagger: 2 and 2.0.0 read as 2.0, said",
    text: "swagger: 2\ninfo: {title: T, version: '1'}\npaths: {}\n",
    format: "Swagger 2.0",
    warnings: [/should be written "2\.0"/],
    warningCount: 1,
  },
  {
    name:
      "ok/YAML in flow style holding a URL (whose // is no comment) reads as YAML",
    text:
      "{openapi: 3.0.0, info: {title: x, version: '1'}, servers: [{url: http://api.example.com}], paths: {/a: {get: {responses: {}}}}}",
    format: "OpenAPI 3.0.0",
    endpoints: ["get /a"],
    warnings: [/read as YAML instead/],
  },
  {
    name:
      "ok/JSON with a comment (pasted from an editor) is read as JSON, the comment said, not made part of the next key",
    text:
      '{"openapi":"3.0.0","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"responses":{}}}, // legacy\n"/b":{"get":{"responses":{}}}}}',
    format: "OpenAPI 3.0.0",
    endpoints: ["get /a", "get /b"],
    warnings: [/^JSON does not allow comments/],
    warningCount: 1,
  },
  {
    name:
      "ok/JSON after a comment line, with a trailing comma too: read, both said",
    text:
      '// openapi.json\n/* generated */ {"openapi":"3.0.0","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"responses":{}}},}}',
    format: "OpenAPI 3.0.0",
    endpoints: ["get /a"],
    warnings: [/^JSON does not allow comments/, /trailing comma/],
    warningCount: 2,
  },
  {
    name:
      "ok/every YAML key written twice is warned about where it is (a second /a loses the first's operations), quoted or in flow",
    text:
      "openapi: 3.0.0\ninfo:\n  title: A\n  title: B\n  version: '1'\npaths:\n  /a:\n    get: {responses: {}}\n  \"/a\":\n    post: {responses: {}}\n  /b: {get: {responses: {}}, get: {responses: {}}}\n",
    format: "OpenAPI 3.0.0",
    endpoints: ["post /a", "get /b"],
    warnings: [
      /^Duplicate mapping key "title": the last value is used$/,
      /^Duplicate mapping key "\/a": the last value is used$/,
      /^Duplicate mapping key "get": the last value is used$/,
    ],
  },
  {
    name:
      "ok/a JSON key written twice in one object (last wins) is warned about where it is; one in another object is not",
    text:
      '{"openapi": "3.0.0", "info": {"title": "t", "version": "1"},\n "paths": {"/a": {"get": {"responses": {}}}, "/b": {"get": {}},\n  "/a": {"put": {"responses": {}}}}}',
    format: "OpenAPI 3.0.0",
    endpoints: ["put /a", "get /b"],
    warnings: [/^Duplicate key "\/a": the last value is used$/],
  },
  {
    name:
      "ok/JSON with a trailing comma is read as YAML, with a located warning",
    text:
      '{"openapi": "3.0.0", "info": {"title": "t", "version": "1"},\n "paths": {},\n}',
    format: "OpenAPI 3.0.0",
    warnings: [
      /Not valid JSON: trailing comma before '\}'; read as YAML/,
    ],
  },
  {
    name: 'ok/openapi: "3.1" without a patch version is read, with a warning',
    text: 'openapi: "3.1"\ninfo: {title: t, version: "1"}\npaths: {}\n',
    format: "OpenAPI 3.1",
    warnings: [/should name a patch version/],
  },
];

for (const c of OK) {
  Deno.test(`spec parse ${c.name}`, () => {
    const { index } = parseSpec(c.text);
    assert.equal(index.format, c.format);
    if (c.title !== undefined) assert.equal(index.title, c.title);
    if (c.version !== undefined) assert.equal(index.version, c.version);
    if (c.endpoints) assert.deepEqual(list(c.text), c.endpoints);
    if (c.count !== undefined) assert.equal(index.endpoints.length, c.count);
    if (c.webhooks) {
      assert.deepEqual(
        index.webhooks.map((e) => `${e.method} ${e.path}`),
        c.webhooks,
      );
    }
    if (c.callbacks !== undefined) {
      assert.equal(index.callbacks.length, c.callbacks);
    }
    const msgs = index.warnings.map((w) => w.message);
    for (const re of c.warnings ?? []) {
      assert.ok(
        msgs.some((m) => re.test(m)),
        `${re} in ${JSON.stringify(msgs, null, 1)}`,
      );
    }
    if (c.warningCount !== undefined) {
      assert.equal(msgs.length, c.warningCount, msgs.join("\n"));
    }
  });
}

Deno.test("spec parse: a duplicate JSON key's warning gives its line and column", () => {
  const { index } = parseSpec(
    '{"openapi": "3.0.0", "info": {"title": "t", "version": "1"},\n  "paths": {}, "paths": {"/a": {}}}',
  );
  const w = index.warnings.find((w) => w.message.startsWith("Duplicate key"));
  assert.deepEqual([w?.line, w?.column], [2, 16]);
});

interface BadCase {
  name: string;
  text: string;
  kind: "syntax" | "format" | "structure";
  message: RegExp;
  line?: number;
  column?: number;
  path?: string;
}

const BAD: BadCase[] = [
  {
    name: "bad/empty input",
    text: "  \n",
    kind: "syntax",
    message: /empty/,
    line: 1,
  },
  {
    name: "bad/truncated JSON names line and column",
    text: '{\n  "openapi": "3.0.0",\n  "info": {\n',
    kind: "syntax",
    message: /Not valid JSON/,
    line: 4,
    column: 1,
  },
  {
    name: "bad/JSON bad literal (V8 gives no position) is still located",
    text: '{\n  "openapi": tru\n}',
    kind: "syntax",
    message: /unexpected 't', expected a value/,
    line: 2,
    column: 14,
  },
  {
    name: "bad/YAML unclosed flow sequence points at its opening",
    text: "foo: [bar\n",
    kind: "syntax",
    message: /the '\[' opened at line 1, column 6 is never closed/,
    line: 2,
  },
  {
    name: "bad/YAML bad indentation",
    text: "openapi: 3.0.0\ninfo:\n  title: x\n version: 1\n",
    kind: "syntax",
    message: /Invalid YAML/,
    line: 4,
  },
  {
    name: "bad/two YAML documents: located at the second",
    text: "openapi: 3.0.0\n---\nopenapi: 3.1.0\n",
    kind: "syntax",
    message: /more than one YAML document/,
    line: 2,
    column: 1,
  },
  {
    name: "bad/an HTML page (a 502 pasted by mistake) is named",
    text: "<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n",
    kind: "format",
    message: /This is an HTML page/,
    path: "$",
  },
  {
    name: "bad/XML is named",
    text: "<?xml version='1.0'?>\n<api/>\n",
    kind: "format",
    message: /This is XML/,
    path: "$",
  },
  {
    name: "bad/UTF-16 without a byte order mark is named, not a null byte",
    text: "o\0p\0e\0n\0a\0p\0i\0:\0",
    kind: "syntax",
    message: /looks like UTF-16 text without a byte order mark/,
    line: 1,
  },
  {
    name: "bad/an invisible character before openapi is named",
    text: "\u00a0openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n",
    kind: "format",
    message:
      /The key "\\u00a0openapi" holds an invisible character \(U\+00A0\)/,
    path: "$",
  },
  {
    name: "bad/OpenAPI in another case is named",
    text: "OpenAPI: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n",
    kind: "format",
    message: /case-sensitive: found OpenAPI, write openapi/,
    path: "$",
  },
  {
    name: "bad/Swagger 1.2 is named",
    text: '{"swaggerVersion": "1.2", "apis": []}',
    kind: "format",
    message: /Swagger 1\.2 document \(swaggerVersion field\)/,
    path: "$",
  },
  {
    name: "bad/a Postman v1 collection is named",
    text: '{"id": "x", "name": "n", "order": [], "requests": []}',
    kind: "format",
    message: /Postman collection \(v1\)/,
    path: "$",
  },
  {
    name: "bad/AsyncAPI is named",
    text:
      '{"asyncapi": "2.6.0", "info": {"title": "x", "version": "1"}, "channels": {}}',
    kind: "format",
    message: /AsyncAPI 2\.6\.0 document/,
    path: "$",
  },
  {
    name: "bad/JSON Schema is named",
    text: "type: object\nproperties:\n  a: {type: string}\n",
    kind: "format",
    message: /looks like a JSON Schema \(it has type, properties\)/,
  },
  {
    name: "bad/HAR points to the HAR viewer",
    text: '{"log": {"version": "1.2", "entries": []}}',
    kind: "format",
    message: /HAR file.*\/har/,
  },
  {
    name: 'bad/swagger: "3.0" never existed',
    text: 'swagger: "3.0"\ninfo: {title: t, version: "1"}\npaths: {}\n',
    kind: "format",
    message: /swagger: "3\.0" is not a Swagger version/,
    path: "$.swagger",
  },
  {
    name: 'bad/swagger: "ERROR"',
    text: 'swagger: "ERROR"\n',
    kind: "format",
    message: /swagger: "ERROR" is not a Swagger version/,
    path: "$.swagger",
  },
  {
    name: 'bad/openapi: "2.0" is Swagger\'s field',
    text: 'openapi: "2.0"\npaths: {}\n',
    kind: "format",
    message: /Swagger 2\.0 documents start with swagger/,
    path: "$.openapi",
  },
  {
    name: "bad/openapi 4.0 is not supported",
    text: 'openapi: "4.0.0"\npaths: {}\n',
    kind: "format",
    message: /not a supported version/,
  },
  {
    name: "bad/a top-level array",
    text: "[1, 2]",
    kind: "format",
    message: /top level is an array/,
    path: "$",
  },
  {
    name: "bad/a plain string",
    text: "hello there",
    kind: "format",
    message: /top level is the string "hello there"/,
  },
  {
    name: "bad/paths is an array",
    text: 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: [a]\n',
    kind: "structure",
    message: /paths must be a mapping/,
    path: "$.paths",
  },
  {
    name: "bad/3.1 with only info: nothing to show",
    text: 'openapi: "3.1.0"\ninfo: {title: t, version: "1"}\n',
    kind: "structure",
    message: /no paths, webhooks or components/,
    path: "$",
  },
  {
    name: "bad/paths without openapi field",
    text: "info: {title: t}\npaths: {/a: {get: {}}}\n",
    kind: "format",
    message: /has paths but no openapi or swagger field/,
  },
];

for (const c of BAD) {
  Deno.test(`spec parse ${c.name}`, () => {
    const r = tryParseSpec(c.text);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.error.kind, c.kind, r.error.message);
    assert.match(r.error.message, c.message);
    if (c.line !== undefined) {
      assert.equal(r.error.line, c.line, r.error.message);
    }
    if (c.column !== undefined) assert.equal(r.error.column, c.column);
    if (c.path !== undefined) assert.equal(r.error.path, c.path);
    if (c.kind === "syntax") {
      assert.ok(r.error.line !== undefined && r.error.column !== undefined);
    } else assert.ok(r.error.path, "structural errors carry a JSON path");
  });
}

Deno.test("spec parse: rejections are SyntaxError subclasses with a location", () => {
  try {
    parseSpec("{");
    assert.fail("must throw");
  } catch (err) {
    assert.ok(err instanceof SpecError);
    assert.ok(err instanceof SyntaxError);
    assert.match(err.message, /\(line 1, column 2\)$/);
  }
});

Deno.test("spec parse: hay holds path, summary, tags and operationId, lower-cased", () => {
  const { index } = parseSpec(fixture("mini-3.2.yaml"));
  const get = index.endpoints.find((e) =>
    e.method === "get" && e.path === "/b/{id}"
  )!;
  assert.equal(get.hay, "/b/{id}\nread a b\nbees\nshared tag\nreadb");
  assert.deepEqual(get.tags, ["Bees", "Shared Tag"]);
  assert.equal(
    index.endpoints.find((e) => e.method === "delete")!.deprecated,
    true,
  );
  const copy = index.endpoints.find((e) => e.method === "copy")!;
  assert.equal(copy.opKey, "COPY");
  assert.equal(copy.additional, true);
  assert.deepEqual(index.extraMethods, ["copy", "link", "purge"]);
  assert.deepEqual(index.methodCounts.map(([m]) => m), [
    ...METHOD_ORDER,
    "copy",
    "link",
    "purge",
  ]);
  assert.deepEqual(index.methodCounts[0], ["get", 3]);
});

Deno.test("spec parse: tags keep declared order, then used ones by name", () => {
  const { index } = parseSpec(fixture("openapi-3.1.json"));
  assert.deepEqual(index.tags.map((t) => [t.name, t.count]), [["zebra", 1], [
    "items",
    1,
  ]]);
  assert.equal(index.tags[0].description, "Declared first");
});

Deno.test("spec parse: servers of Swagger 2.0 come from schemes, host and basePath", () => {
  const { index } = parseSpec(fixture("swagger-2.0.json"));
  assert.deepEqual(index.servers, ["https://api.example.com/v1"]);
  // Without a host, the host serving the document: basePath, relative.
  const relative = (extra: Record<string, unknown>) =>
    parseSpec(JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {},
      ...extra,
    })).index.servers;
  assert.deepEqual(relative({ basePath: "/v1" }), ["/v1"]);
  assert.deepEqual(relative({}), []);
});

Deno.test("spec parse: two phases, the list first, then the checks", () => {
  const text = JSON.stringify(
    {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a/{id}": { get: { operationId: "x" }, put: { operationId: "x" } },
      },
      components: { schemas: { S: { $ref: "#/components/schemas/Gone" } } },
    },
    null,
    2,
  );
  const p = parseSpec(text, { checks: false });
  assert.equal(p.index.checked, false);
  assert.equal(p.index.warnings.length, 0);
  assert.equal(p.index.endpoints.length, 2);
  const all = checkSpec(p);
  assert.equal(p.index.checked, true);
  assert.deepEqual(all.map((w) => w.message), [
    "GET /a/{id}: path parameter {id} is not declared (add a parameter with in: path)",
    'operationId "x" is used by GET /a/{id} and PUT /a/{id}; it must be unique',
    "PUT /a/{id}: path parameter {id} is not declared (add a parameter with in: path)",
    '$ref "#/components/schemas/Gone" points to nothing in this document',
  ]);
  // In JSON, a bad $ref is located by line and column of the source.
  assert.deepEqual([all[3].line, all[3].column], [20, 9]);
  assert.equal(checkSpec(p).length, 4, "idempotent");
});

Deno.test("spec checks: a field of an operation or path item of the wrong JSON type is said where it is written, and the detail ignores it", () => {
  const p = parseSpec(
    [
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "paths:",
      "  /a:",
      "    parameters: {name: q, in: query}",
      "    get:",
      "      parameters: {name: q, in: query}",
      "      responses: 5",
      "      requestBody: [x]",
      "      tags: pets",
      "    put: &op",
      "      security: {}",
      "      responses: {}",
      "  /b:",
      "    post: *op",
      "  /c:",
      "    summary: 5",
      "    delete:",
      "      deprecated: 'yes'",
      "      responses: {}",
      "",
    ].join("\n"),
    { checks: false },
  );
  const shape = checkSpec(p).filter((w) => w.message.startsWith("Expected"));
  assert.deepEqual(shape.map((w) => [w.path, w.message]), [
    [
      '$.paths["/a"].parameters',
      "Expected an array for parameters, found an object: ignored",
    ],
    [
      '$.paths["/a"].get.parameters',
      "Expected an array for parameters, found an object: ignored",
    ],
    [
      '$.paths["/a"].get.responses',
      "Expected an object for responses, found the number 5: ignored",
    ],
    [
      '$.paths["/a"].get.requestBody',
      "Expected an object for requestBody, found an array: ignored",
    ],
    [
      '$.paths["/a"].get.tags',
      'Expected an array for tags, found the string "pets": ignored',
    ],
    // An operation shared by two paths (a YAML alias) is said once.
    [
      '$.paths["/a"].put.security',
      "Expected an array for security, found an object: ignored",
    ],
    [
      '$.paths["/c"].summary',
      "Expected a string for summary, found the number 5: ignored",
    ],
    [
      '$.paths["/c"].delete.deprecated',
      'Expected true or false for deprecated, found the string "yes": ignored',
    ],
  ]);
  // The detail ignores what the warning says it ignores.
  assert.equal(operationDetail(p, "paths", "/a", "get")?.requestBody, null);
});

Deno.test("parse: a YAML error quoting a huge tag keeps its message short", () => {
  const text = "openapi: 3.1.0\ninfo: !<" + "a penapi ".repeat(2000) +
    ">\n  title: x\n";
  let message = "";
  try {
    parseSpec(text);
  } catch (e) {
    message = (e as { info?: { message: string } }).info?.message ??
      (e as Error).message;
  }
  assert.match(message, /^Invalid YAML/);
  assert.ok(message.length < 400, `${message.length} characters`);
});

Deno.test("spec parse: one path item of 20,000 keys aliased under 20,000 paths reads in bounded time", () => {
  // Its keys are scanned once, not once per path (that took 44 s).
  const keys = Array.from({ length: 20_000 }, (_, i) => `    x-k${i}: 1`)
    .join("\n");
  const paths = Array.from({ length: 20_000 }, (_, i) => `  /p${i}: *I`)
    .join("\n");
  const text =
    `openapi: 3.0.3\ninfo: {title: t, version: "1"}\nx-item: &I\n    get: {responses: {"200": {description: ok}}}\n${keys}\npaths:\n${paths}\n`;
  const ms = cpuMs(() =>
    assert.equal(parseSpec(text).index.endpoints.length, 20_000)
  );
  assert.ok(ms < 10_000, `took too long: ${ms} ms`);
});

/**
 * Asserts that a 3.1 document of these `components`, written as JSON and
 * as YAML, warns of exactly one broken reference, `ref`.
 */
function assertOnlyBrokenRef(components: Record<string, unknown>, ref: string) {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components,
  };
  for (const text of [JSON.stringify(doc, null, 2), dump(doc)]) {
    assert.deepEqual(
      checkSpec(parseSpec(text, { checks: false })).map((w) => w.message),
      [`$ref "${ref}" points to nothing in this document`],
      text.slice(0, 20),
    );
  }
}

Deno.test("checks: a $ref inside example data is data, in JSON as in YAML; a real one still warns", () => {
  assertOnlyBrokenRef({
    schemas: {
      A: { type: "object", example: { $ref: "#/not/a/ref" } },
      B: { $ref: "#/components/schemas/Gone" },
      C: { type: "object", default: { $ref: "other.yaml#/X" } },
    },
  }, "#/components/schemas/Gone");
});

Deno.test("checks: 3.2 — an Example Object's dataValue is data; a media type named like a keyword is a name whose $refs are checked", () => {
  assertOnlyBrokenRef({
    examples: {
      one: { dataValue: { $ref: "#/not/a/ref" }, serializedValue: "x" },
    },
    mediaTypes: {
      // Named `default` and `example`: entries of a map of names.
      default: { schema: { $ref: "#/components/schemas/Gone" } },
      example: { schema: { type: "string" } },
    },
  }, "#/components/schemas/Gone");
});

Deno.test("checks: names and data told apart through schemas named like keywords (GeoJSON's properties)", () => {
  assertOnlyBrokenRef({
    schemas: {
      Feature: {
        type: "object",
        properties: {
          properties: {
            type: "object",
            example: { $ref: "#/data/not/a/ref" },
            properties: {
              default: { $ref: "#/components/schemas/Missing" },
            },
          },
        },
      },
    },
    // Entries named like maps are entries: their data stays data.
    examples: { properties: { value: { $ref: "#/x/ExVal" } } },
    parameters: {
      headers: {
        name: "h",
        in: "query",
        schema: { type: "string" },
        example: { $ref: "#/x/P" },
      },
    },
  }, "#/components/schemas/Missing");
});

Deno.test("checks: a broken $ref in JSON is located at its use as a reference, not at example data before it", () => {
  const text = `{
  "openapi": "3.1.0",
  "info": {"title": "t", "version": "1"},
  "paths": {},
  "components": {"schemas": {
    "A": {"example": {"$ref": "#/components/schemas/Missing"}},
    "B": {"type": "object",
          "properties": {"p": {"$ref": "#/components/schemas/Missing"}}}
  }}
}`;
  const [w] = checkSpec(parseSpec(text, { checks: false }));
  assert.match(w.message, /Missing" points to nothing/);
  assert.deepEqual([w.line, w.column], [8, 32]);
});

Deno.test("checks: a JSON key written with escapes is a $ref as JSON.parse reads it, and warns", () => {
  // `"\u0024ref"` and `"$r\u0065f"` are `"$ref"` (RFC 8259 §7); the text
  // scan alone missed them, the YAML walk did not.
  const text = `{
  "openapi": "3.1.0",
  "info": {"title": "t", "version": "1"},
  "paths": {},
  "components": {"schemas": {
    "A": {"\\u0024ref": "#/components/schemas/Gone"},
    "B": {"$r\\u0065f": "#/components/schemas/Lost"},
    "C": {"example": {"\\u0024ref": "#/not/a/ref"}}
  }}
}`;
  const w = checkSpec(parseSpec(text, { checks: false }));
  assert.deepEqual(w.map((x) => x.message), [
    '$ref "#/components/schemas/Gone" points to nothing in this document',
    '$ref "#/components/schemas/Lost" points to nothing in this document',
  ]);
  for (const x of w) {
    assert.ok(x.line !== undefined || x.path !== undefined, "placed");
  }
  // The same document in YAML warns of the same two.
  const yaml = checkSpec(parseSpec(dump(JSON.parse(text)), { checks: false }));
  assert.deepEqual(yaml.map((x) => x.message), w.map((x) => x.message));
});

Deno.test("checks: bad/a querystring parameter in an older document, beside query parameters, or twice, is warned of", () => {
  const qs = { name: "qs", in: "querystring", content: { "text/plain": {} } };
  const warned = (version: string, item: unknown[], op: unknown[]) =>
    parseSpec(
      JSON.stringify({
        openapi: version,
        info: { title: "t", version: "1" },
        paths: {
          "/q": { parameters: item, get: { parameters: op, responses: {} } },
        },
      }),
    ).index.warnings.map((w) => [w.message, w.path]);
  const at = '$.paths["/q"].get';
  assert.deepEqual(warned("3.2.0", [], [qs]), []);
  // The operation's parameter of the same name and place wins: one.
  assert.deepEqual(warned("3.2.0", [qs], [qs]), []);
  assert.deepEqual(warned("3.1.1", [], [qs]), [[
    "GET /q: a querystring parameter is an OpenAPI 3.2 location; this document declares an older version",
    at,
  ]]);
  assert.deepEqual(
    warned("3.2.0", [{ name: "a", in: "query" }], [qs]),
    [[
      "GET /q: a querystring parameter is the whole query string, so query parameters cannot be beside it",
      at,
    ]],
  );
  assert.deepEqual(warned("3.2.0", [qs], [{ ...qs, name: "other" }]), [[
    "GET /q: 2 querystring parameters; there can be one (it is the whole query string)",
    at,
  ]]);
});

Deno.test("checks: bad/querystring warnings: in Swagger 2.0, under additionalOperations (named in the path), never for webhooks", () => {
  const qs = { name: "qs", in: "querystring", type: "string" };
  const swagger = parseSpec(JSON.stringify({
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: { "/q": { get: { parameters: [qs], responses: {} } } },
  })).index.warnings.map((w) => w.message);
  assert.ok(
    swagger.includes(
      "GET /q: a querystring parameter is an OpenAPI 3.2 location; this document declares an older version",
    ),
    swagger.join("\n"),
  );
  const twice = { parameters: [qs, { ...qs, name: "b" }], responses: {} };
  const extra = parseSpec(JSON.stringify({
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: { "/q": { additionalOperations: { PURGE: twice } } },
    webhooks: { hook: { post: twice } },
  })).index.warnings.filter((w) => w.message.includes("querystring"));
  assert.deepEqual(extra.map((w) => w.path), [
    '$.paths["/q"].additionalOperations.PURGE',
  ]);
});

Deno.test("parse: a parameter's or request body's YAML 1.1 yes (a string in YAML 1.2) is said where it is written, not silently optional", () => {
  const p = parseSpec(
    `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    parameters:
      - {name: h, in: header, required: on, schema: {type: string}}
    post:
      parameters:
        - {name: q, in: query, required: yes, schema: {type: string}}
        - {name: ok, in: query, required: true, schema: {type: string}}
      requestBody:
        required: "yes"
        content: {application/json: {schema: {type: object}}}
      responses: {"200": {description: ok}}
components:
  parameters:
    Shared: {name: s, in: query, deprecated: no, schema: {type: string}}
`,
    { checks: false },
  );
  assert.deepEqual(
    checkSpec(p).filter((w) => w.message.startsWith("Expected")).map((
      w,
    ) => [w.path, w.message]),
    [
      [
        '$.paths["/a"].parameters[0].required',
        'Expected true or false for required, found the string "on": ignored',
      ],
      [
        '$.paths["/a"].post.parameters[0].required',
        'Expected true or false for required, found the string "yes": ignored',
      ],
      [
        '$.paths["/a"].post.requestBody.required',
        'Expected true or false for required, found the string "yes": ignored',
      ],
      [
        "$.components.parameters.Shared.deprecated",
        'Expected true or false for deprecated, found the string "no": ignored',
      ],
    ],
  );
});

Deno.test("parse: bad/text that may wrap a document is looked at in linear time (a fence line of spaces, JavaScript without an end)", () => {
  for (
    const t of [
      "```" + " ".repeat(200_000) + "`",
      "const x = {" + " ".repeat(200_000) + "a",
      "```" + "a".repeat(500_000) + "\nx: [",
    ]
  ) {
    const ms = cpuMs(() => {
      assert.equal(tryParseSpec(t).ok, false);
    });
    assert.ok(ms < 1_500, `${ms} ms`);
  }
});

Deno.test("parse: a fence inside the description of a document that does not read leaves the document's own error", () => {
  const r = tryParseSpec(
    'openapi: 3.0.0\ninfo:\n  title: t\n  version: \'1\'\n  description: |\n   ```json\n   {"id": 1}\n   ```\npaths:\n  /a: {get: {responses: {"200": {description: ok}}}\n',
  );
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.equal(r.error.kind, "syntax");
    assert.match(r.error.message, /Invalid YAML/);
  }
});

Deno.test("parse: a duplicate YAML key behind an anchor, or quoted with an escape, is named and placed as written, and the keys after it are still found", () => {
  const p = parseSpec(
    'openapi: 3.0.0\ninfo: {title: t, version: \'1\'}\nx-a:\n  a: 1\n  &r a: 3\n  b: *r\n  "q\\"k": 1\n  "q\\"k": 2\n  b: 2\npaths: {}\n',
  );
  assert.deepEqual(
    p.index.warnings.filter((w) => /Duplicate/.test(w.message)).map((w) =>
      `${w.line}:${w.column} ${w.message}`
    ),
    [
      '5:6 Duplicate mapping key "a": the last value is used',
      '8:3 Duplicate mapping key "q\\"k": the last value is used',
      '9:3 Duplicate mapping key "b": the last value is used',
    ],
  );
});

Deno.test("parse: wrappers are what they say: a fence after line 30 is not looked for; a longer fence holds a shorter one; UTF-16 either way and XML in capitals are named", () => {
  const spec = "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n";
  const late = "note\n".repeat(31) + "```yaml\n" + spec + "```\n";
  assert.equal(tryParseSpec(late).ok, false);
  const nested =
    "````markdown\nopenapi: 3.0.0\ninfo:\n  title: T\n  version: '1'\n  description: |\n    ```\n    x\n    ```\npaths: {}\n````\n";
  const r = tryParseSpec(nested);
  assert.equal(r.ok, true, r.ok ? "" : r.error.message);
  for (const t of ["\0o\0p\0e\0n\0a\0p\0i", "<?XML version='1.0'?><a/>"]) {
    const bad = tryParseSpec(t);
    assert.equal(bad.ok, false);
    if (!bad.ok) assert.match(bad.error.message, /UTF-16|This is XML/);
  }
});

Deno.test("parse: a last ---#x is no document marker: still refused", () => {
  const r = tryParseSpec(
    "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n---#x\n",
  );
  assert.equal(r.ok, false);
});

Deno.test("parse: swagger 2.0.1 is refused; a document with a requests list alone is no Postman collection", () => {
  const v = tryParseSpec(
    "swagger: '2.0.1'\ninfo: {title: T, version: '1'}\npaths: {}\n",
  );
  assert.equal(v.ok, false);
  const plain = tryParseSpec('{"requests": [], "name": "n"}');
  assert.equal(plain.ok, false);
  if (!plain.ok) assert.doesNotMatch(plain.error.message, /Postman/);
});

Deno.test("parse: a path holding bidirectional controls (U+202E would show /files/\u202Egnp.exe as /files/exe.png) is warned about once, where it is written", () => {
  const p = parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/files/\u202Egnp.exe": {
        get: { responses: {} },
        put: { responses: {} },
      },
      "/שלום\u200F": { get: { responses: {} } },
    },
  }));
  const bidi = p.index.warnings.filter((w) => w.message.includes("bidi"));
  assert.deepEqual(bidi.map((w) => [w.path, w.message]), [[
    '$.paths["/files/\u202Egnp.exe"]',
    "The path /files/[U+202E]gnp.exe holds bidirectional controls (U+202E), which would display it in another order than it is sent: the list shows them",
  ]]);
});

Deno.test("checks: a security requirement naming no declared scheme, by name or by URI, is warned of where it is written", () => {
  const cases: [string, Record<string, unknown>, [string, string][]][] = [
    ["ok/by-name", { security: [{ dev: [] }] }, []],
    ["ok/by-uri (3.2 §4.8.30)", {
      security: [{ "#/components/securitySchemes/dev": [] }],
    }, []],
    ["ok/anonymous", { security: [{}] }, []],
    ["bad/an undeclared name", { security: [{ dev: [], nosuch: [] }] }, [[
      'Security requirement "nosuch" names no declared security scheme: no credential is sent for it',
      '$.paths["/a"].get.security[0].nosuch',
    ]]],
    ["bad/a URI to no scheme", {
      security: [{}, { "#/components/securitySchemes/gone": [] }],
    }, [[
      'Security requirement "#/components/securitySchemes/gone" names no declared security scheme: no credential is sent for it',
      '$.paths["/a"].get.security[1]["#/components/securitySchemes/gone"]',
    ]]],
  ];
  for (const [name, op, want] of cases) {
    const p = parseSpec(JSON.stringify({
      openapi: "3.2.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { ...op, responses: {} } } },
      components: {
        securitySchemes: { dev: { type: "http", scheme: "bearer" } },
      },
    }));
    assert.deepEqual(
      p.index.warnings.map((w) => [w.message, w.path]),
      want,
      name,
    );
  }
  // The document's own requirements, where they are written.
  const top = parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    security: [{ missing: [] }],
    paths: {},
  }));
  assert.deepEqual(top.index.warnings.map((w) => w.path), [
    "$.security[0].missing",
  ]);
});
