/**
 * Operation details on expand: merged parameters (operation over path
 * level), `$ref`s resolved through cycles, Swagger 2.0 body and formData,
 * responses and security.
 */
import assert from "node:assert/strict";
import { mdText } from "./markdown.ts";
import {
  operationDetail,
  prepareDetails,
  schemaDetail,
  typeSummary,
} from "./detail.ts";
import { schemaNamesOf } from "./overview.ts";
import { SchemaGraph } from "./schema_graph.ts";
import { parseSpec } from "./mod.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

/** A document of these fields, parsed (its checks only when asked). */
function parsedDoc(fields: Record<string, unknown>, checks = false) {
  return parseSpec(
    JSON.stringify({ info: { title: "t", version: "1" }, ...fields }),
    { checks },
  );
}

const load = (name: string) =>
  parseSpec(
    Deno.readTextFileSync(
      new URL(`../../tests/fixtures/openapi/${name}`, import.meta.url),
    ),
  );

Deno.test("spec detail: an operation's parameter that overrides the path item's is listed with the operation's own", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a/{id}": {
        parameters: [
          { name: "trace", in: "header", schema: { type: "string" } },
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string" },
          },
        ],
        get: {
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer" } },
            { name: "trace", in: "header", schema: { type: "boolean" } },
          ],
          responses: {},
        },
      },
    },
  });
  const d = operationDetail(p, "paths", "/a/{id}", "get")!;
  // As Redoc lists them: the path item's that stay, then the operation's.
  assert.deepEqual(
    d.parameters.map((x) => [x.name, x.type, x.fromPath]),
    [["id", "string", true], ["limit", "integer", false], [
      "trace",
      "boolean",
      false,
    ]],
  );
});

Deno.test("spec detail: a header parameter overrides the path item's whatever the case of its name", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/o": {
        parameters: [
          { name: "X-A", in: "header", schema: { type: "string" } },
          { name: "LIMIT", in: "query", schema: { type: "string" } },
        ],
        get: {
          parameters: [
            {
              name: "x-A",
              in: "header",
              required: true,
              schema: { type: "integer" },
            },
            { name: "limit", in: "query", schema: { type: "integer" } },
          ],
          responses: {},
        },
      },
    },
  });
  const d = operationDetail(p, "paths", "/o", "get")!;
  // Query names are compared as written: LIMIT and limit are two.
  assert.deepEqual(
    d.parameters.map((x) => [x.name, x.in, x.fromPath]),
    [["LIMIT", "query", true], ["x-A", "header", false], [
      "limit",
      "query",
      false,
    ]],
  );
});

Deno.test("spec detail: Swagger 2.0 parameters merge, operation-level wins", () => {
  const p = load("swagger-2.0.json");
  const d = operationDetail(p, "paths", "/pets/{petId}", "get")!;
  assert.deepEqual(
    d.parameters.map((
      x,
    ) => [x.name, x.in, x.type, x.required, x.fromPath, mdText(x.description)]),
    [
      ["petId", "path", "integer (int64)", true, true, ""],
      ["trace", "header", "boolean", false, false, "operation-level wins"],
      ["limit", "query", "integer", false, false, ""],
    ],
  );
  assert.deepEqual(d.responses.map((r) => [r.status, mdText(r.description)]), [
    ["200", "A pet"],
    ["404", "No such pet"],
  ]);
  assert.equal(d.responses[0].bodies[0].type, "Pet");
  assert.deepEqual(
    d.responses[0].bodies[0].fields.map((f) =>
      `${f.name}:${f.type}:${f.required}`
    ),
    [
      "id:integer (int64):false",
      "name:string:true",
      "tags:array<Tag>:false",
      "self:Pet:false",
    ],
  );
  assert.deepEqual(d.security, ["key"]);
});

Deno.test("spec detail: Swagger 2.0 body and formData become the request body", () => {
  const p = load("swagger-2.0.json");
  const put = operationDetail(p, "paths", "/pets/{petId}", "put")!;
  assert.equal(put.requestBody?.required, true);
  assert.equal(mdText(put.requestBody?.description ?? []), "The pet");
  assert.deepEqual(put.requestBody?.bodies.map((b) => [b.mediaType, b.type]), [
    ["application/json", "Pet"],
  ]);
  assert.ok(!put.parameters.some((x) => x.in === "body"));
  const post = operationDetail(p, "paths", "/pets/{petId}", "post")!;
  assert.deepEqual(
    post.requestBody?.bodies[0].mediaType,
    "application/x-www-form-urlencoded",
  );
  assert.deepEqual(post.requestBody?.bodies[0].fields.map((f) => f.name), [
    "name",
    "status",
  ]);
  assert.deepEqual(post.security, ["none"], "security: [] makes it public");
});

Deno.test("spec detail: OpenAPI 3.1 request body $ref, allOf fields, type arrays", () => {
  const p = load("openapi-3.1.json");
  const post = operationDetail(p, "paths", "/items", "post")!;
  assert.equal(post.requestBody?.required, true);
  assert.deepEqual(
    post.requestBody?.bodies[0].fields.map((f) =>
      `${f.name}:${f.type}:${f.required}`
    ),
    ["id:string (uuid):true", "name:string:false"],
  );
  const get = operationDetail(p, "paths", "/items", "get")!;
  assert.equal(get.parameters[0].type, "string | null");
  assert.equal(get.responses[0].bodies[0].type, "array<Item>");
  assert.deepEqual(get.security, []);
});

Deno.test("spec detail: 3.2 additional operations, path items through $ref, webhooks", () => {
  const p = load("mini-3.2.yaml");
  const copy = operationDetail(p, "paths", "/b/{id}", "copy")!;
  assert.equal(copy.operationId, "copyB");
  assert.deepEqual(copy.parameters.map((x) => x.name), ["id"]);
  assert.equal(operationDetail(p, "paths", "/a", "get")?.summary, "Read a");
  const hook = operationDetail(p, "webhooks", "newThing", "get")!;
  assert.equal(hook.operationId, "readA");
  // A webhook is called on the receiver's URL, not the API's servers.
  assert.equal(hook.server, "");
  assert.match(
    hook.curl,
    /^curl -X GET '\{webhook-receiver-url\}' \\\n {2}--globoff/,
  );
  const withCallbacks = operationDetail(p, "paths", "/c/{cid}", "get")!;
  assert.deepEqual(withCallbacks.callbacks, ["onEvent"]);
  // Each callback operation, to open in place: name, expression, method.
  const expression = "{$request.body#/url}";
  assert.deepEqual(withCallbacks.callbackOps, [
    { name: "onEvent", expression, method: "put", summary: "Another callback" },
    { name: "onEvent", expression, method: "post", summary: "Event callback" },
  ]);
  for (const c of withCallbacks.callbackOps) {
    const cb = operationDetail(
      p,
      "paths",
      "/c/{cid}",
      "get",
      undefined,
      c,
    )!;
    assert.deepEqual([cb.method, cb.path], [c.method, expression]);
  }
  assert.equal(operationDetail(p, "paths", "/nope", "get"), null);
  assert.equal(operationDetail(p, "paths", "/a", "post"), null);
  assert.equal(operationDetail(p, "paths", "/d", "get"), null);
});

Deno.test("spec detail: type summaries never expand references (cycle-safe)", () => {
  assert.equal(typeSummary({ $ref: "#/components/schemas/A~1B" }), "A/B");
  assert.equal(
    typeSummary({ oneOf: [{ $ref: "#/x/Cat" }, { $ref: "#/x/Dog" }] }),
    "oneOf<Cat | Dog>",
  );
  assert.equal(
    typeSummary({ type: "string", enum: ["a", "b"] }),
    'string enum: "a", "b"',
  );
  assert.equal(typeSummary(true), "any");
  assert.equal(typeSummary({}), "any");
  const deep: Record<string, unknown> = { type: "array" };
  let cur = deep;
  for (let i = 0; i < 50; i++) {
    cur = (cur.items = { type: "array" }) as Record<string, unknown>;
  }
  assert.match(typeSummary(deep), /…/);
});

Deno.test("spec detail: nodes of the two levels shown come with it, deeper ones on request", () => {
  const deep = (name: string, inner: unknown) => ({
    type: "object",
    properties: { [name]: inner },
  });
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/json": {
                schema: deep(
                  "one",
                  deep("two", deep("three", deep("four", { type: "string" }))),
                ),
              },
            },
          },
          responses: { "204": { description: "none" } },
        },
      },
    },
  };
  const p = parseSpec(JSON.stringify(doc), { checks: false });
  const graph = new SchemaGraph(p.resolver);
  const d = operationDetail(p, "paths", "/a", "post", graph)!;
  const names = d.nodes.map((n) => n.props.map((e) => e.name).join());
  // The root (level 1 is "one"), "one" (level 2 is "two"), and "two",
  // whose row shows at level 2: its children are asked for when opened.
  assert.deepEqual(names, ["one", "two", "three"]);
  // Opening "three" asks for its node and what is under it.
  const three = d.nodes[2].props[0].node;
  assert.ok(!d.nodes.some((n) => n.id === three));
  assert.deepEqual(
    graph.collect([three], 3, 100).map((n) => n.props[0]?.name ?? n.type),
    ["four", "string"],
  );
});

Deno.test("spec detail: named schemas are built ahead a step each, and details stay the same", () => {
  const p = load("detail-3.1.yaml");
  const ahead = new SchemaGraph(p.resolver);
  let steps = 0;
  for (const _ of prepareDetails(p, ahead)) steps++;
  const named = Object.keys(
    (p.doc.components as { schemas: Record<string, unknown> }).schemas,
  );
  // A step a node: each named schema, then each of its properties.
  assert.ok(steps > named.length, `${steps} steps`);
  assert.ok(ahead.size > named.length, "their properties' nodes too");
  // Node ids differ with the order things were built; what a page shows
  // does not.
  const plain = (d: ReturnType<typeof operationDetail>) =>
    JSON.stringify(d, (k, v) => k === "node" || k === "id" ? undefined : v);
  for (const e of p.index.endpoints) {
    assert.equal(
      plain(operationDetail(p, "paths", e.path, e.method, ahead)),
      plain(operationDetail(p, "paths", e.path, e.method)),
      `${e.method} ${e.path}`,
    );
  }
  // A bound on the nodes visited: a document naming millions stops there.
  const few = new SchemaGraph(p.resolver);
  assert.equal([...prepareDetails(p, few, 3)].length, 3);
  // Swagger 2.0 names its schemas under `definitions`.
  const s = load("swagger-2.0.json");
  assert.ok([...prepareDetails(s, new SchemaGraph(s.resolver))].length > 0);
});

/** The facts of parameter `name` of GET /a in a spec with `params`. */
function paramFactsOf(
  params: unknown[],
  swagger = false,
): Record<string, string[]> {
  const doc = swagger
    ? {
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { parameters: params, responses: {} } } },
    }
    : {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { parameters: params, responses: {} } } },
      components: {
        schemas: { P: { type: "string", minLength: 2, default: "ab" } },
      },
    };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/a",
    "get",
  )!;
  return Object.fromEntries(d.parameters.map((p) => [p.name, p.facts]));
}

const STRING_ARRAY = { type: "array", items: { type: "string" } };

const PARAM_FACT_CASES: [
  string,
  unknown[],
  boolean,
  Record<string, string[]>,
][] = [
  [
    "ok/default and bounds",
    [{
      name: "limit",
      in: "query",
      schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    }],
    false,
    { limit: ["default 20", ">= 1", "<= 100"] },
  ],
  [
    "ok/items' constraints and default",
    [{
      name: "ids",
      in: "query",
      schema: {
        type: "array",
        maxItems: 5,
        items: { type: "string", maxLength: 3, default: "a" },
      },
    }],
    false,
    { ids: ["maxItems 5", 'items default "a"', "items maxLength 3"] },
  ],
  [
    "ok/Swagger 2.0 keywords on the parameter",
    [{
      name: "size",
      in: "query",
      type: "integer",
      minimum: 0,
      exclusiveMinimum: true,
      default: 5,
    }],
    true,
    { size: ["default 5", "> 0"] },
  ],
  [
    "ok/a $ref schema is followed",
    [{
      name: "p",
      in: "query",
      schema: { $ref: "#/components/schemas/P" },
    }],
    false,
    { p: ['default "ab"', "minLength 2"] },
  ],
  [
    "bad/no schema (content instead) has no facts",
    [{
      name: "q",
      in: "query",
      content: { "application/json": { schema: { type: "object" } } },
    }],
    false,
    { q: [] },
  ],
  [
    "ok/style, explode and allowReserved where they differ from the defaults (OpenAPI 3.1 §4.8.12.4)",
    [
      {
        name: "ids",
        in: "path",
        required: true,
        style: "matrix",
        explode: true,
        schema: { type: "array" },
      },
      {
        name: "f",
        in: "query",
        style: "deepObject",
        explode: true,
        schema: { type: "object" },
      },
      { name: "tags", in: "query", explode: false, schema: { type: "array" } },
      {
        name: "q",
        in: "query",
        style: "form",
        explode: true,
        allowReserved: true,
        schema: { type: "string" },
      },
      {
        name: "X-L",
        in: "header",
        style: "simple",
        explode: false,
        schema: { type: "array" },
      },
    ],
    false,
    {
      ids: ["style matrix", "explode true"],
      f: ["style deepObject", "explode true"],
      tags: ["explode false"],
      q: ["allowReserved"],
      "X-L": [],
    },
  ],
  [
    "ok/allowEmptyValue on a query parameter (3.x and 2.0), not where no query reads it",
    [
      {
        name: "flag",
        in: "query",
        allowEmptyValue: true,
        schema: { type: "string" },
      },
      {
        name: "off",
        in: "query",
        allowEmptyValue: false,
        schema: { type: "string" },
      },
      {
        name: "X-E",
        in: "header",
        allowEmptyValue: true,
        schema: { type: "string" },
      },
    ],
    false,
    { flag: ["empty value allowed"], off: [], "X-E": [] },
  ],
  [
    "ok/Swagger 2.0 allowEmptyValue beside its collectionFormat",
    [
      {
        name: "tags",
        in: "query",
        ...STRING_ARRAY,
        allowEmptyValue: true,
        collectionFormat: "pipes",
      },
    ],
    true,
    { tags: ["empty value allowed", "collectionFormat pipes"] },
  ],
  [
    "ok/Swagger 2.0 collectionFormat other than csv",
    [
      { name: "m", in: "query", ...STRING_ARRAY, collectionFormat: "multi" },
      { name: "c", in: "query", ...STRING_ARRAY, collectionFormat: "csv" },
    ],
    true,
    { m: ["collectionFormat multi"], c: [] },
  ],
  [
    "ok/list and object defaults as compact JSON, cut when long",
    [
      {
        name: "l",
        in: "query",
        schema: { type: "array", default: ["x", "y"] },
      },
      { name: "o", in: "query", schema: { type: "object", default: { k: 1 } } },
      {
        name: "big",
        in: "query",
        schema: { type: "array", default: Array(500).fill("word") },
      },
    ],
    false,
    {
      l: ['default ["x","y"]'],
      o: ['default {"k":1}'],
      big: ['default ["word"' + ',"word"'.repeat(16) + ",…"],
    },
  ],
];

for (const [name, params, swagger, want] of PARAM_FACT_CASES) {
  Deno.test(`spec detail: parameter facts ${name}`, () => {
    assert.deepEqual(paramFactsOf(params, swagger), want);
  });
}

Deno.test("spec detail: the words beside a $ref describe this use of the component", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          parameters: [{
            $ref: "#/components/parameters/P",
            description: "Param here",
          }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    owner: {
                      $ref: "#/components/schemas/User",
                      description: "The owner",
                      deprecated: true,
                    },
                    other: { $ref: "#/components/schemas/User" },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              $ref: "#/components/responses/R",
              description: "Response here",
            },
          },
        },
      },
    },
    components: {
      parameters: {
        P: { name: "p", in: "query", description: "Param original" },
      },
      responses: { R: { description: "Response original" } },
      schemas: { User: { type: "object", description: "A user" } },
    },
  };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc), { checks: false }),
    "paths",
    "/a",
    "post",
  )!;
  assert.equal(mdText(d.parameters[0].description), "Param here");
  assert.equal(mdText(d.responses[0].description), "Response here");
  const [owner, other] = d.nodes[0].props;
  assert.equal(mdText(owner.description!), "The owner");
  assert.equal(owner.deprecated, true);
  assert.equal(other.description, undefined);
  assert.equal(
    mdText(d.nodes.find((n) => n.id === owner.node)!.description),
    "A user",
  );
});

Deno.test("spec detail: a response's headers are listed with their types, Content-Type left out", () => {
  const v3 = parsedDoc({
    openapi: "3.0.3",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: {
                "X-Rate": {
                  $ref: "#/components/headers/Rate",
                  description: "Here",
                },
                "X-Old": {
                  schema: { type: "string" },
                  deprecated: true,
                  required: true,
                },
                "Content-Type": { schema: { type: "string" } },
              },
            },
          },
        },
      },
    },
    components: {
      headers: {
        Rate: {
          schema: { type: "integer", minimum: 0 },
          description: "Rate",
        },
      },
    },
  });
  const [ok] = operationDetail(v3, "paths", "/a", "get")!.responses;
  assert.deepEqual(
    ok.headers.map((
      h,
    ) => [
      h.name,
      h.in,
      h.type,
      h.facts,
      h.required,
      h.deprecated,
      mdText(h.description),
    ]),
    [
      ["X-Rate", "header", "integer", [">= 0"], false, false, "Here"],
      ["X-Old", "header", "string", [], true, true, ""],
    ],
  );
  const v2 = parsedDoc({
    swagger: "2.0",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: { "X-Rate": { type: "integer", format: "int32" } },
            },
          },
        },
      },
    },
  });
  assert.deepEqual(
    operationDetail(v2, "paths", "/a", "get")!.responses[0].headers.map((
      h,
    ) => [h.name, h.type]),
    [["X-Rate", "integer (int32)"]],
  );
});

Deno.test("spec detail: a response header whose schema comes through content, itself or through a components.headers $ref, shows its media type, type, facts and tree; a $ref to nothing is warned of", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: {
                "X-Shape": {
                  description: "A shape",
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        properties: { w: { type: "integer" } },
                      },
                      example: { w: 2 },
                    },
                  },
                },
                "X-Rate": { $ref: "#/components/headers/Rate" },
                "X-Gone": { $ref: "#/components/headers/Gone" },
                "X-Loop": {
                  content: {
                    "text/plain": { $ref: "#/components/mediaTypes/Loop" },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      headers: {
        Rate: {
          description: "Calls left",
          required: true,
          content: {
            "text/plain": { schema: { type: "integer", minimum: 0 } },
          },
        },
      },
      mediaTypes: { Loop: { $ref: "#/components/mediaTypes/Loop" } },
    },
  });
  const d = operationDetail(p, "paths", "/a", "get")!;
  const [ok] = d.responses;
  assert.deepEqual(
    ok.headers.map((h) => [
      h.name,
      h.type,
      h.facts,
      h.required,
      mdText(h.description),
      !!h.schema,
    ]),
    [
      [
        "X-Shape",
        "application/json: object",
        ['example {"w":2}'],
        false,
        "A shape",
        true,
      ],
      ["X-Rate", "text/plain: integer", [">= 0"], true, "Calls left", false],
      ["X-Loop", "text/plain", [], false, "", false],
    ],
  );
  // The object's tree comes with the detail, its field included.
  const shape = d.nodes.find((n) => n.id === ok.headers[0].schema!.node)!;
  assert.deepEqual(shape.props.map((e) => e.name), ["w"]);
  assert.deepEqual(
    d.warnings.map((w) => w.replace(/:.*/s, "")),
    ["Response 200, header X-Gone", "Response 200, header X-Loop, text/plain"],
  );
});

Deno.test("spec detail: a response's 3.2 summary and its links (a $ref'd one read from components, with its server) are shown", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    paths: {
      "/users": {
        post: {
          responses: {
            "201": {
              summary: "Created",
              description: "The user",
              links: {
                GetUser: {
                  operationId: "getUser",
                  parameters: { id: "$response.body#/id", "x-n": 3 },
                  description: "Read it *back*",
                },
                Shared: { $ref: "#/components/links/Del" },
                Broken: { $ref: "#/components/links/Nope" },
              },
            },
            "400": { description: "bad" },
          },
        },
      },
      "/users/{id}": {
        get: { operationId: "getUser", responses: {} },
        delete: { responses: {} },
      },
    },
    components: {
      links: {
        Del: {
          operationRef: "#/paths/~1users~1{id}/delete",
          requestBody: { why: "test" },
          server: {
            url: "https://{region}.admin.example",
            variables: { region: { default: "eu" } },
          },
        },
      },
    },
  });
  const [created, bad] = operationDetail(p, "paths", "/users", "post")!
    .responses;
  assert.equal(created.summary, "Created");
  assert.equal(bad.summary, "");
  assert.deepEqual(bad.links, []);
  assert.deepEqual(created.links.map((l) => l.missing), [false, false, false]);
  assert.deepEqual(
    created.links.map((l) => [
      l.name,
      l.target,
      l.parameters,
      l.server,
      mdText(l.description),
    ]),
    [
      [
        "GetUser",
        "getUser",
        ["id = $response.body#/id", "x-n = 3"],
        "",
        "Read it back",
      ],
      [
        "Shared",
        "DELETE /users/{id}",
        [
          'requestBody = {"why":"test"}',
        ],
        "https://eu.admin.example",
        "",
      ],
      [
        "Broken",
        "",
        [],
        "",
        '$ref "#/components/links/Nope" points to nothing in this document',
      ],
    ],
  );
});

Deno.test("spec detail: a response's x-summary (Redoc) or x-oai-summary is its summary before 3.2, 3.2's own first", () => {
  const p = parsedDoc({
    openapi: "3.0.3",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": { description: "All of it", "x-summary": "Widgets" },
            "201": { description: "d", "x-oai-summary": "Made" },
            "202": {
              description: "d",
              summary: "Own",
              "x-summary": "Theirs",
            },
            "400": { $ref: "#/components/responses/Bad" },
            "404": { description: "d", "x-summary": { no: "text" } },
          },
        },
      },
    },
    components: {
      responses: { Bad: { description: "d", "x-summary": "Bad request" } },
    },
  });
  assert.deepEqual(
    operationDetail(p, "paths", "/a", "get")!.responses.map((r) => [
      r.status,
      r.summary,
      mdText(r.description),
    ]),
    [
      ["200", "Widgets", "All of it"],
      ["201", "Made", "d"],
      ["202", "Own", "d"],
      ["400", "Bad request", "d"],
      ["404", "", "d"],
    ],
  );
});

Deno.test("spec detail: a link whose target names no operation in the document says so", () => {
  const links = {
    Id: { operationId: "getOwner" },
    NoId: { operationId: "nobody" },
    Ref: { operationRef: "#/paths/~1owners~1{id}/get" },
    ViaRefItem: { operationRef: "#/paths/~1shared/get" },
    NoPath: { operationRef: "#/paths/~1gone/get" },
    NoMethod: { operationRef: "#/paths/~1owners~1{id}/delete" },
    UpperCase: { operationRef: "#/paths/~1owners~1{id}/GET" },
    NotAnOp: { operationRef: "#/components/schemas/Nope" },
    Pointer: { operationRef: "#/components/pathItems/P/put" },
    Webhook: { operationId: "onEvent" },
    Callback: { operationId: "onDone" },
    Elsewhere: { operationRef: "https://x.test/api.yaml#/paths/~1a/get" },
  };
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          responses: { "200": { description: "ok", links } },
          callbacks: {
            done: {
              "{$request.body#/url}": {
                post: { operationId: "onDone", responses: {} },
              },
            },
          },
        },
      },
      "/owners/{id}": { get: { operationId: "getOwner", responses: {} } },
      "/shared": { $ref: "#/components/pathItems/P" },
    },
    webhooks: {
      event: { post: { operationId: "onEvent", responses: {} } },
    },
    components: {
      pathItems: { P: { get: { responses: {} }, put: { responses: {} } } },
    },
  });
  const [ok] = operationDetail(p, "paths", "/a", "get")!.responses;
  assert.deepEqual(
    Object.fromEntries(ok.links.map((l) => [l.name, l.missing])),
    {
      Id: false,
      NoId: true,
      Ref: false,
      ViaRefItem: false,
      NoPath: true,
      NoMethod: true,
      UpperCase: true,
      NotAnOp: true,
      Pointer: false,
      Webhook: false,
      Callback: false,
      Elsewhere: false,
    },
  );
  // An id only a webhook or a callback carries opens that one, where the
  // endpoint list (which holds neither) would call it missing.
  const apart = Object.fromEntries(
    ok.links.filter((l) => l.apart).map((l) => [l.name, l.apart]),
  );
  assert.deepEqual(apart, {
    Webhook: { kind: "webhook", path: "event", method: "post" },
    Callback: {
      kind: "callback",
      parentContainer: "paths",
      parentPath: "/a",
      parentMethod: "get",
      name: "done",
      expression: "{$request.body#/url}",
      method: "post",
    },
  });
});

Deno.test("spec detail: a 3.2 components.mediaTypes $ref cycle is warned of, as a body's or a response's own", () => {
  const m = (k: string) => ({ $ref: `#/components/mediaTypes/${k}` });
  const p = parsedDoc({
    openapi: "3.2.0",
    paths: {
      "/a": {
        post: {
          parameters: [{
            name: "q",
            in: "query",
            content: { "application/json": m("A") },
          }],
          requestBody: { content: { "application/json": m("A") } },
          responses: {
            "200": {
              description: "ok",
              content: { "text/plain": m("Self"), "a/b": m("Fine") },
            },
          },
        },
      },
    },
    components: {
      mediaTypes: {
        A: m("B"),
        B: m("A"),
        Self: m("Self"),
        Fine: { schema: { type: "string" } },
      },
    },
  });
  const d = operationDetail(p, "paths", "/a", "post")!;
  assert.deepEqual(d.warnings, [
    'Parameter q, application/json: $ref "#/components/mediaTypes/A" is part of a reference cycle',
    'Request body, application/json: $ref "#/components/mediaTypes/A" is part of a reference cycle',
    'Response 200, text/plain: $ref "#/components/mediaTypes/Self" is part of a reference cycle',
  ]);
  // The media types still show, with no schema.
  assert.deepEqual(
    d.responses[0].bodies.map((b) => [b.mediaType, b.schema === null]),
    [["text/plain", true], ["a/b", false]],
  );
});

Deno.test("spec detail: a multipart body's encoding says how each part is sent", () => {
  const doc = (openapi: string) =>
    parsedDoc({
      openapi,
      paths: {
        "/upload": {
          post: {
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: {
                      file: { type: "string", contentMediaType: "image/png" },
                      meta: { type: "object" },
                      plain: { type: "string" },
                    },
                  },
                  encoding: {
                    file: {
                      contentType: "image/png, image/jpeg",
                      headers: {
                        "X-Rate": { schema: { type: "integer" } },
                        "Content-Type": { schema: { type: "string" } },
                      },
                    },
                    meta: { style: "deepObject", explode: true },
                    plain: {},
                  },
                },
                "application/json": { schema: { type: "object" } },
              },
            },
            responses: {},
          },
        },
      },
    });
  const bodies = (openapi: string) =>
    operationDetail(doc(openapi), "paths", "/upload", "post")!.requestBody!
      .bodies;
  const [multipart, json] = bodies("3.1.0");
  assert.deepEqual(multipart.encoding, [
    { name: "file", facts: ["image/png, image/jpeg", "header X-Rate"] },
    { name: "meta", facts: ["style deepObject", "explode true"] },
  ]);
  assert.deepEqual(json.encoding, []);
  // Part headers are a multipart's only; a urlencoded body's style stays
  // (its type's parameters aside).
  const form = operationDetail(
    parsedDoc({
      openapi: "3.1.0",
      paths: {
        "/f": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded; charset=utf-8": {
                  schema: { type: "object" },
                  encoding: {
                    a: {
                      style: "form",
                      headers: { "X-Part": { schema: {} } },
                    },
                  },
                },
              },
            },
            responses: {},
          },
        },
      },
    }),
    "paths",
    "/f",
    "post",
  )!;
  assert.deepEqual(form.requestBody!.bodies[0].encoding, [
    { name: "a", facts: ["style form"] },
  ]);
  // OpenAPI 3.0 reads a style for a urlencoded body only ("SHALL be
  // ignored" otherwise): not said of a multipart part.
  assert.deepEqual(bodies("3.0.3")[0].encoding, [
    { name: "file", facts: ["image/png, image/jpeg", "header X-Rate"] },
  ]);
});

Deno.test("spec detail: 3.2 itemSchema is each item's tree; dataValue and serializedValue examples show", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    paths: {
      "/s": {
        get: {
          responses: {
            "200": {
              description: "a stream",
              content: {
                "application/jsonl": {
                  itemSchema: {
                    type: "object",
                    properties: { n: { type: "integer" } },
                  },
                  examples: {
                    dv: { dataValue: { n: 7 } },
                    sv: { serializedValue: '{"n":8}' },
                    both: { dataValue: { n: 9 }, serializedValue: '{"n":9}' },
                  },
                },
                "text/event-stream": {
                  schema: { type: "string" },
                  itemSchema: {
                    type: "object",
                    properties: {
                      event: { const: "tick" },
                      data: {
                        type: "object",
                        properties: { n: { type: "integer", example: 3 } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const bodies = operationDetail(p, "paths", "/s", "get")!.responses[0].bodies;
  assert.deepEqual(
    bodies.map((b) => [b.mediaType, b.type, b.fields.map((f) => f.name)]),
    [
      ["application/jsonl, each item", "object", ["n"]],
      ["text/event-stream", "string", []],
      ["text/event-stream, each item", "object", ["event", "data"]],
    ],
  );
  // One event as the stream writes it (the text cURL sends), not JSON;
  // the stream's own string schema has no generated example.
  assert.deepEqual(
    bodies.slice(1).map((b) => b.examples.map((e) => [e.label, e.text])),
    [[], [[
      "Generated from the schema",
      'event: tick\ndata: {"n":3}\n\n',
    ]]],
  );
  assert.deepEqual(
    bodies[0].examples.map((e) => [e.label, e.text]),
    [
      ["dv", '{\n  "n": 7\n}'],
      ["sv (as sent)", '{"n":8}'],
      ["both", '{\n  "n": 9\n}'],
      ["both (as sent)", '{"n":9}'],
    ],
  );
});

Deno.test("spec detail: a callback opens as the operation the API sends, to its expression", () => {
  const p = load("mini-3.2.yaml");
  const cb = (method: string, name = "onEvent") =>
    operationDetail(p, "paths", "/c/{cid}", "get", undefined, {
      name,
      expression: "{$request.body#/url}",
      method,
    });
  const put = cb("put")!;
  assert.equal(put.summary, "Another callback");
  assert.equal(put.method, "put");
  assert.equal(put.path, "{$request.body#/url}");
  assert.equal(put.server, "");
  assert.match(put.curl, /^curl -X PUT '\{\$request\.body#\/url\}'/);
  assert.equal(cb("post")!.summary, "Event callback");
  assert.equal(cb("delete"), null);
  assert.equal(cb("post", "nope"), null);
});

Deno.test("spec detail: a callback a webhook declares is listed as the webhook's and opens under webhooks", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: { "/ev": { post: { responses: {} } } },
    webhooks: {
      ev: {
        post: {
          responses: {},
          callbacks: {
            ack: {
              "{$request.body#/url}": {
                post: { summary: "Ack it", responses: {} },
              },
            },
          },
        },
      },
    },
  });
  assert.deepEqual(
    p.index!.callbacks.map((c) => [c.parentContainer, c.parentPath, c.name]),
    [["webhooks", "ev", "ack"]],
  );
  const cb = {
    name: "ack",
    expression: "{$request.body#/url}",
    method: "post",
  };
  assert.equal(
    operationDetail(p, "webhooks", "ev", "post", undefined, cb)!.summary,
    "Ack it",
  );
});

Deno.test("spec detail: a content parameter shows its schema; a required querystring is in the cURL", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    servers: [{ url: "https://x.example" }],
    paths: {
      "/s": {
        get: {
          parameters: [{
            name: "filter",
            in: "query",
            required: true,
            example: { kind: "a b" },
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { a: { type: "integer" } },
                },
              },
            },
          }, {
            name: "qs",
            in: "querystring",
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: {
                    term: { type: "string" },
                    page: { type: "integer" },
                  },
                },
              },
            },
          }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
  const d = operationDetail(p, "paths", "/s", "get")!;
  assert.deepEqual(d.parameters.map((x) => [x.name, x.type]), [
    ["filter", "application/json: object"],
    ["qs", "application/x-www-form-urlencoded: object"],
  ]);
  // A JSON content parameter is its example as JSON text, percent-encoded.
  assert.equal(
    d.curl,
    "curl -X GET 'https://x.example/s?filter=%7B%22kind%22%3A%22a%20b%22%7D&term=string&page=0'",
  );
});

Deno.test("spec detail: a content parameter's media type that is a 3.2 components.mediaTypes $ref shows its schema and examples", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    paths: {
      "/s": {
        get: {
          parameters: [{
            name: "filter",
            in: "query",
            content: {
              "application/json": { $ref: "#/components/mediaTypes/F" },
            },
          }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: {
      mediaTypes: {
        F: {
          schema: {
            type: "object",
            properties: { a: { type: "integer", enum: [1, 2] } },
          },
          example: { a: 1 },
        },
      },
    },
  });
  const [filter] = operationDetail(p, "paths", "/s", "get")!.parameters;
  assert.equal(filter.type, "application/json: object");
  assert.ok(filter.schema, "its schema is a tree");
  assert.deepEqual(filter.facts, ['example {"a":1}']);
});

Deno.test("spec detail: a plain-name $ref finds its $anchor (3.1)", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/n": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#node" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Node: {
          $anchor: "node",
          type: "object",
          properties: { id: { type: "integer" } },
        },
      },
    },
  }, true);
  assert.deepEqual(p.index.warnings.map((w) => w.message), []);
  const [body] = operationDetail(p, "paths", "/n", "get")!.responses[0].bodies;
  assert.deepEqual(body.fields.map((f) => [f.name, f.type]), [[
    "id",
    "integer",
  ]]);
});

Deno.test("spec detail: a $dynamicRef finds its $dynamicAnchor (3.1), a recursive tree rather than any", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/tree": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Tree" },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Tree: {
          $dynamicAnchor: "node",
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $dynamicRef: "#node" } },
          },
        },
      },
    },
  }, true);
  assert.deepEqual(p.index.warnings.map((w) => w.message), []);
  const [body] = operationDetail(p, "paths", "/tree", "get")!.responses[0]
    .bodies;
  assert.deepEqual(body.fields.map((f) => [f.name, f.type]), [
    ["name", "string"],
    ["children", "array<node>"],
  ]);
});

Deno.test("spec detail: a parameter listed twice in one list is warned about, the later shown", () => {
  const d = operationDetail(
    parsedDoc({
      openapi: "3.1.0",
      paths: {
        "/a": {
          parameters: [{ name: "q", in: "query", description: "path item's" }],
          put: {
            parameters: [
              { name: "q", in: "query", description: "first" },
              { name: "q", in: "query", description: "second" },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    }),
    "paths",
    "/a",
    "put",
  )!;
  assert.deepEqual(d.parameters.map((p) => mdText(p.description)), ["second"]);
  assert.deepEqual(d.warnings, [
    "Parameter q (in query) is listed twice: the later one is shown",
  ]);
});

Deno.test("spec detail: a long callbacks list says how many more it holds", () => {
  const callbacks: Record<string, unknown> = {};
  for (let i = 0; i < 130; i++) {
    callbacks[`cb${i}`] = { "{$request.body#/u}": { post: { responses: {} } } };
  }
  const d = operationDetail(
    parsedDoc({
      openapi: "3.1.0",
      paths: {
        "/a": {
          post: { callbacks, responses: { "200": { description: "ok" } } },
        },
      },
    }),
    "paths",
    "/a",
    "post",
  )!;
  assert.equal(d.callbacks.length, 101);
  assert.equal(d.callbacks.at(-1), "…and 30 more");
});

Deno.test("spec detail: a link's value that fans out through YAML aliases is printed only as far as it is shown", () => {
  // Each level holds the one before ten times: 10^8 leaves once expanded
  // (printed whole, seconds and 400 MB).
  const levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i <= 7; i++) {
    levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]`);
  }
  const text = `openapi: 3.0.3
info: {title: t, version: "1"}
x-fan:
${levels.map((l) => "  " + l).join("\n")}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          links:
            L:
              operationId: b
              parameters: {p: *a7}
              requestBody: *a7
`;
  let detail: ReturnType<typeof operationDetail>;
  const ms = cpuMs(() =>
    detail = operationDetail(parseSpec(text), "paths", "/a", "get")
  );
  assert.ok(ms < 500, `bounded: ${ms} ms`);
  const [ok] = detail!.responses;
  const [p, body] = ok.links[0].parameters;
  assert.ok(p.startsWith("p = [[[[") && p.length < 2_100, p.slice(0, 40));
  assert.ok(body.startsWith("requestBody = [[[[") && body.length < 2_100);
});

Deno.test("spec detail: past 100 links, one row says how many more", () => {
  const links = Object.fromEntries(
    Array.from({ length: 130 }, (_, i) => [`L${i}`, { operationId: "x" }]),
  );
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: { responses: { "200": { description: "ok", links } } },
      },
    },
  });
  const shown = operationDetail(p, "paths", "/a", "get")!.responses[0].links;
  assert.equal(shown.length, 101);
  assert.equal(shown[100].name, "…and 30 more");
});

Deno.test("spec detail: a 3.2 method that is not a token gets no cURL command, and a note", () => {
  const p = parsedDoc({
    openapi: "3.2.0",
    servers: [{ url: "https://x.example" }],
    paths: {
      "/c": {
        additionalOperations: {
          "co py": { responses: { "200": { description: "ok" } } },
          COPY: { responses: { "200": { description: "ok" } } },
        },
      },
    },
  });
  const bad = operationDetail(p, "paths", "/c", "co py")!;
  assert.equal(bad.curl, "");
  assert.match(bad.curlNote, /not an HTTP method name/);
  const good = operationDetail(p, "paths", "/c", "copy")!;
  assert.equal(good.curl, "curl -X COPY 'https://x.example/c'");
  assert.equal(good.curlNote, "");
});

Deno.test("schemaDetail: ok/a named schema as its own tree, its first levels and its example", () => {
  const p = load("swagger-2.0.json");
  assert.deepEqual(p.index.schemas, ["Pet", "Tag"]);
  assert.equal(p.index.schemaCount, 2);
  const d = schemaDetail(p, "Pet")!;
  assert.equal(d.name, "Pet");
  assert.equal(d.body.mediaType, "", "not a body: no media type shown");
  const root = d.body.schema!;
  assert.equal(root.ref, "Pet");
  const node = d.nodes.find((n) => n.id === root.node)!;
  assert.deepEqual(node.props.map((e) => e.name), [
    "id",
    "name",
    "tags",
    "self",
  ]);
  assert.deepEqual(d.body.fields.filter((f) => f.required).map((f) => f.name), [
    "name",
  ]);
  const example = JSON.parse(d.body.examples[0].text);
  assert.equal(example.id, 0);
  assert.equal(typeof example.name, "string");
});

Deno.test("schemaDetail: ok/3.x allOf merged, a $ref cycle shown, odd names found; bad/unknown is null", () => {
  const p = load("openapi-3.1.json");
  assert.deepEqual(p.index.schemas, ["Item", "Base", "A", "B"]);
  const item = schemaDetail(p, "Item")!;
  assert.deepEqual(item.body.fields.map((f) => f.name).sort(), ["id", "name"]);
  // A and B only point at each other: shown by name, never expanded.
  assert.ok(schemaDetail(p, "A")!.body.schema);
  assert.equal(schemaDetail(p, "Nope"), null);
  assert.equal(schemaDetail(p, "toString"), null, "no inherited member");
  const odd = parsedDoc({
    openapi: "3.0.3",
    paths: {},
    components: {
      schemas: {
        "a/b~c": { type: "string", enum: ["x"] },
        "A%42": { type: "string", enum: ["percent"] },
        "AB": { type: "string", enum: ["ab"] },
      },
    },
  });
  assert.equal(schemaDetail(odd, "a/b~c")!.body.examples[0].text, '"x"');
  assert.equal(
    schemaDetail(odd, "A%42")!.body.examples[0].text,
    '"percent"',
    "not AB, which %42 decodes to",
  );
});

Deno.test("schema index: ok/names in written order, cut at the cap with the count kept", () => {
  const schemas = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`S${i}`, { type: "string" }]),
  );
  const p = parsedDoc({ openapi: "3.0.3", paths: {}, components: { schemas } });
  assert.equal(p.index.schemas.length, 30);
  const cut = schemaNamesOf(p.doc, p.detected, 10);
  assert.deepEqual(cut.names, Array.from({ length: 10 }, (_, i) => `S${i}`));
  assert.equal(cut.count, 30);
  assert.deepEqual(
    parsedDoc({ openapi: "3.0.3", paths: {} }).index.schemas,
    [],
  );
});

Deno.test("spec detail: a parameter shows every enum value, its examples, and the type behind a $ref, as Swagger UI does", () => {
  const ten = Array.from({ length: 10 }, (_, i) => `v${i}`);
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/board/{row}": {
        get: {
          parameters: [
            {
              name: "row",
              in: "path",
              required: true,
              schema: { $ref: "#/components/schemas/coordinate" },
            },
            {
              name: "category",
              in: "query",
              schema: { type: "string", enum: ten },
            },
            {
              name: "kinds",
              in: "query",
              schema: {
                type: "array",
                items: { $ref: "#/components/schemas/Kind" },
              },
            },
            {
              name: "Idempotency-Key",
              in: "header",
              schema: { type: "string" },
              example: "37ca9c97",
            },
            {
              name: "flow",
              in: "query",
              schema: { type: "string", uniqueItems: true },
              examples: {
                a: { value: "IT1" },
                b: { $ref: "#/components/examples/B" },
              },
            },
          ],
          responses: { 200: { description: "ok" } },
        },
      },
    },
    components: {
      schemas: {
        coordinate: { type: "integer", minimum: 1, maximum: 3, example: 1 },
        Kind: { type: "string", enum: ["x", "y"] },
      },
      examples: { B: { value: "IT2" } },
    },
  });
  const d = operationDetail(p, "paths", "/board/{row}", "get")!;
  const by = Object.fromEntries(d.parameters.map((x) => [x.name, x]));
  assert.equal(by.row.type, "coordinate: integer");
  assert.deepEqual(by.row.facts, [">= 1", "<= 3", "example 1"]);
  assert.equal(by.category.type, "string");
  assert.deepEqual(by.category.facts, []);
  assert.deepEqual(by.category.enums, [{
    on: "",
    values: ten.map((v) => `"${v}"`),
    more: 0,
    descriptions: [],
    names: [],
  }]);
  assert.equal(by.kinds.type, "array<Kind>");
  assert.deepEqual(by.kinds.enums, [{
    on: "items",
    values: ['"x"', '"y"'],
    more: 0,
    descriptions: [],
    names: [],
  }]);
  assert.deepEqual(by["Idempotency-Key"].facts, ['example "37ca9c97"']);
  // Named examples, one a $ref; uniqueItems on a string says nothing.
  assert.deepEqual(by.flow.facts, ['example a: "IT1"', 'example b: "IT2"']);
});

Deno.test("spec detail: a parameter with fields or alternatives carries its schema as a tree; a scalar or a list of scalars does not", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/logs": {
        get: {
          parameters: [
            {
              name: "effective_at",
              in: "query",
              style: "deepObject",
              schema: {
                type: "object",
                properties: {
                  gt: { type: "integer" },
                  lt: { type: "integer" },
                },
              },
            },
            {
              name: "created",
              in: "query",
              schema: { anyOf: [{ type: "object" }, { type: "integer" }] },
            },
            { name: "limit", in: "query", schema: { type: "integer" } },
            {
              name: "ids",
              in: "query",
              schema: { type: "array", items: { type: "string" } },
            },
          ],
          responses: { 200: { description: "ok" } },
        },
      },
    },
  });
  const d = operationDetail(p, "paths", "/logs", "get")!;
  const by = Object.fromEntries(d.parameters.map((x) => [x.name, x]));
  assert.ok(by.effective_at.schema && by.created.schema);
  assert.equal(by.limit.schema, undefined);
  assert.equal(by.ids.schema, undefined);
  // Its first levels come with the detail, as a body's do.
  const node = d.nodes.find((n) => n.id === by.effective_at.schema!.node);
  assert.deepEqual(node?.props.map((e) => e.name), ["gt", "lt"]);
});

Deno.test("spec detail: a parameter's $ref to nothing, or to a schema of no one type, is named alone", () => {
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          parameters: [
            {
              name: "x",
              in: "query",
              schema: { $ref: "#/components/schemas/Nope" },
            },
            {
              name: "y",
              in: "query",
              schema: { $ref: "#/components/schemas/OO" },
            },
          ],
          responses: { 200: { description: "ok" } },
        },
      },
    },
    components: {
      schemas: { OO: { oneOf: [{ type: "string" }, { type: "integer" }] } },
    },
  });
  const d = operationDetail(p, "paths", "/a", "get")!;
  assert.deepEqual(d.parameters.map((x) => x.type), ["Nope", "OO"]);
});

Deno.test("spec detail: a parameter's example: 3.x's own field first, Swagger 2.0's x-example first", () => {
  const both = { name: "z", in: "query", example: 5, "x-example": 7 };
  assert.deepEqual(
    paramFactsOf([{ ...both, schema: { type: "integer" } }]).z,
    ["example 5"],
  );
  assert.deepEqual(
    paramFactsOf([{ ...both, type: "integer" }], true).z,
    ["example 7"],
  );
});

Deno.test("spec detail: a content parameter's examples are its media type's", () => {
  const facts = paramFactsOf([{
    name: "f",
    in: "query",
    content: {
      "application/json": {
        schema: { type: "object" },
        examples: { one: { value: { a: 1 } } },
      },
    },
  }]).f;
  assert.deepEqual(facts, ['example one: {"a":1}']);
  const single = paramFactsOf([{
    name: "f",
    in: "query",
    content: { "application/json": { schema: { type: "object" }, example: 1 } },
  }]).f;
  assert.deepEqual(single, ["example 1"]);
});

Deno.test("spec detail: parameter types name a component's format, leave enums to the facts, and list 1,000 values", () => {
  const many = Array.from({ length: 1010 }, (_, i) => `v${i}`);
  const p = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          parameters: [
            {
              name: "id",
              in: "query",
              schema: { $ref: "#/components/schemas/Id" },
            },
            {
              name: "c",
              in: "query",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Coord" },
                },
              },
            },
            {
              name: "l",
              in: "query",
              schema: {
                type: "array",
                items: { type: "string", enum: ["a", "b"] },
              },
            },
            {
              name: "o",
              in: "query",
              schema: {
                oneOf: [{ type: "string", enum: ["x"] }, { type: "integer" }],
              },
            },
            {
              name: "many",
              in: "query",
              schema: { type: "string", enum: many },
            },
            {
              name: "deep",
              in: "query",
              schema: {
                type: "array",
                items: {
                  type: "object",
                  properties: { a: { type: "string" } },
                },
              },
            },
            {
              name: "map",
              in: "query",
              schema: {
                type: "object",
                additionalProperties: { type: "string" },
              },
            },
          ],
          responses: {
            200: {
              description: "ok",
              headers: {
                "X-Rate": {
                  schema: {
                    type: "object",
                    properties: { left: { type: "integer" } },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Id: { type: "integer", format: "int64" },
        Coord: { type: "integer" },
      },
    },
  });
  const d = operationDetail(p, "paths", "/a", "get")!;
  const by = Object.fromEntries(d.parameters.map((x) => [x.name, x]));
  assert.equal(by.id.type, "Id: integer (int64)");
  assert.equal(by.c.type, "application/json: Coord: integer");
  assert.equal(by.l.type, "array<string>");
  assert.equal(by.o.type, "oneOf<string | integer>");
  assert.equal(by.many.enums[0].values.length, 1000);
  assert.equal(by.many.enums[0].values[999], '"v999"');
  assert.equal(by.many.enums[0].more, 10);
  // Trees: a list of objects, a map, a response header with fields, each
  // with its first level in the detail's nodes.
  const header = d.responses[0].headers[0];
  for (const edge of [by.deep.schema, by.map.schema, header.schema]) {
    assert.ok(edge, "a tree");
    assert.ok(d.nodes.some((n) => n.id === edge!.node), "its node is sent");
  }
});

Deno.test("spec detail: an operation's external docs are a link only to an address one may follow", () => {
  const doc = (externalDocs: unknown) =>
    operationDetail(
      parsedDoc({
        openapi: "3.1.0",
        paths: { "/a": { get: { externalDocs, responses: {} } } },
      }),
      "paths",
      "/a",
      "get",
    )!.docs;
  assert.deepEqual(
    doc({ url: "https://api.example/methods/a", description: "API method" }),
    { text: "API method", href: "https://api.example/methods/a" },
  );
  assert.deepEqual(doc({ url: "https://x.example/" }), {
    text: "https://x.example/",
    href: "https://x.example/",
  });
  assert.deepEqual(doc({ url: "javascript:alert(1)", description: "x" }), {
    text: "x",
    href: "",
  });
  assert.equal(doc(undefined), null);
  assert.equal(doc({}), null);
});

Deno.test("spec detail: callback operations: $refs followed, x- keys left out, at most 50, none in Swagger 2.0", () => {
  const hook = { post: { responses: {} } };
  const detail = (doc: Record<string, unknown>) =>
    operationDetail(parsedDoc(doc), "paths", "/a", "get")!.callbackOps;
  const callbacks: Record<string, unknown> = {
    onEvent: { $ref: "#/components/callbacks/Ev" },
    onNote: { "x-note": hook, "{$request.body#/u}": hook },
  };
  assert.deepEqual(
    detail({
      openapi: "3.1.0",
      paths: { "/a": { get: { callbacks, responses: {} } } },
      components: { callbacks: { Ev: { "{$url}": hook } } },
    }).map((c) => `${c.name} ${c.expression} ${c.method}`),
    ["onEvent {$url} post", "onNote {$request.body#/u} post"],
  );
  const many = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [`cb${i}`, { "{$url}": hook }]),
  );
  const cut = operationDetail(
    parsedDoc({
      openapi: "3.1.0",
      paths: { "/a": { get: { callbacks: many, responses: {} } } },
    }),
    "paths",
    "/a",
    "get",
  )!;
  assert.equal(cut.callbackOps.length, 50);
  assert.equal(cut.callbackOpsCut, true);
  // Exactly 50: all listed, none cut.
  const fifty = Object.fromEntries(Object.entries(many).slice(0, 50));
  assert.equal(
    operationDetail(
      parsedDoc({
        openapi: "3.1.0",
        paths: { "/a": { get: { callbacks: fifty, responses: {} } } },
      }),
      "paths",
      "/a",
      "get",
    )!.callbackOpsCut,
    false,
  );
  assert.deepEqual(
    detail({
      swagger: "2.0",
      paths: { "/a": { get: { callbacks: many, responses: {} } } },
    }),
    [],
  );
});

Deno.test("spec detail: one callback name with 51 expressions is cut at 50, and says so", () => {
  const hook = { post: { responses: {} } };
  const onEvent = Object.fromEntries(
    Array.from({ length: 51 }, (_, i) => [`{$url}/${i}`, hook]),
  );
  const d = operationDetail(
    parsedDoc({
      openapi: "3.1.0",
      paths: { "/a": { get: { callbacks: { onEvent }, responses: {} } } },
    }),
    "paths",
    "/a",
    "get",
  )!;
  assert.equal(d.callbackOps.length, 50);
  assert.equal(d.callbackOpsCut, true);
});

Deno.test("spec detail: a 3.2 parameter example given as it is sent, or kept elsewhere, is shown as written", () => {
  const facts = paramFactsOf([{
    name: "f",
    in: "query",
    schema: { type: "array", items: { type: "integer" } },
    examples: {
      wire: { serializedValue: "f=1&f=2" },
      far: { externalValue: "https://x.test/f.txt" },
      data: { dataValue: [1, 2] },
      nothing: { summary: "no value at all" },
    },
  }]).f;
  assert.deepEqual(facts, [
    "example wire (as sent): f=1&f=2",
    "example far: external, https://x.test/f.txt (not fetched)",
    "example data: [1,2]",
  ]);
});

Deno.test("spec detail: a 3.2 reference through the document's $self, or a 3.1 schema's $id, opens as a local one, with no warning", () => {
  const parsed = parsedDoc({
    openapi: "3.2.0",
    $self: "https://x.test/api/openapi.json",
    paths: {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/json": {
                schema: { $ref: "openapi.json#/components/schemas/S" },
              },
              "application/x-pet": {
                schema: { $ref: "https://x.test/schemas/pet" },
              },
            },
          },
          responses: {},
        },
      },
    },
    components: {
      schemas: {
        S: { type: "object", properties: { s: { type: "integer" } } },
        Pet: {
          $id: "https://x.test/schemas/pet",
          type: "object",
          properties: { name: { type: "string" } },
        },
      },
    },
  }, true);
  assert.deepEqual(parsed.index.warnings, []);
  const d = operationDetail(parsed, "paths", "/a", "post")!;
  assert.deepEqual(
    d.requestBody!.bodies.map((b) => b.fields.map((f) => f.name)),
    [["s"], ["name"]],
  );
});

Deno.test("spec detail: a 3.1 tuple's summary lists its positions and what may follow; a field's description beside its $ref is its own", () => {
  assert.equal(
    typeSummary({
      type: "array",
      prefixItems: [{ type: "string" }, { $ref: "#/x/Point" }],
      items: false,
    }),
    "[string, Point]",
  );
  assert.equal(
    typeSummary({ prefixItems: [{ type: "integer" }] }),
    "[integer, ...any]",
  );
  assert.equal(
    typeSummary({
      prefixItems: [1, 2, 3, 4, 5].map(() => ({ type: "number" })),
      items: { type: "string" },
    }),
    "[number, number, number, number, …, ...string]",
  );
  const parsed = parsedDoc({
    openapi: "3.1.0",
    paths: {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    tag: {
                      $ref: "#/components/schemas/Tag",
                      description: "own",
                    },
                    plain: { $ref: "#/components/schemas/Tag" },
                  },
                },
              },
            },
          },
          responses: {},
        },
      },
    },
    components: {
      schemas: { Tag: { type: "string", description: "the component's" } },
    },
  });
  const d = operationDetail(parsed, "paths", "/a", "post")!;
  assert.deepEqual(
    d.requestBody!.bodies[0].fields.map((f) => [f.name, f.description]),
    [["tag", "own"], ["plain", "the component's"]],
  );
});

Deno.test("spec detail: in YAML too, a reference through $self or an anchor is no warning", () => {
  const parsed = parseSpec(
    `openapi: 3.2.0
$self: https://x.test/api/openapi.yaml
info: {title: t, version: '1'}
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: 'openapi.yaml#/components/schemas/S'}
            text/plain:
              schema: {$ref: '#node'}
components:
  schemas:
    S: {type: object, properties: {s: {type: string}}}
    T: {$anchor: node, type: string}
`,
    { checks: true },
  );
  assert.deepEqual(parsed.index.warnings, []);
});

Deno.test("spec detail: a parameter's style facts name what differs from its location's default (header and path simple, cookie form)", () => {
  const p = (
    name: string,
    at: string,
    more: Record<string, unknown>,
  ) => ({ name, in: at, schema: { type: "array" }, ...more });
  const got = paramFactsOf([
    p("h-explode", "header", { explode: true }),
    p("h-simple", "header", { style: "simple" }),
    p("h-form", "header", { style: "form" }),
    p("c-no-explode", "cookie", { explode: false }),
    p("c-form", "cookie", { style: "form", explode: true }),
    p("path-label", "path", { style: "label", required: true }),
    p("space", "query", { style: "spaceDelimited", explode: false }),
    p("space-exploded", "query", { style: "spaceDelimited", explode: true }),
  ]);
  assert.deepEqual(got, {
    "h-explode": ["explode true"],
    "h-simple": [],
    // `form` explodes by default whatever the location.
    "h-form": ["style form"],
    "c-no-explode": ["explode false"],
    "c-form": [],
    "path-label": ["style label"],
    space: ["style spaceDelimited"],
    "space-exploded": ["style spaceDelimited", "explode true"],
  });
});

Deno.test("spec detail: a parameter's type line and tree: a $ref'd allOf of parts with properties is an object; boolean items; an object header gets a tree, a list of scalars none", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        get: {
          parameters: [
            {
              name: "named",
              in: "query",
              schema: { $ref: "#/components/schemas/Named" },
            },
            {
              name: "pet",
              in: "query",
              schema: { $ref: "#/components/schemas/Pet" },
            },
            {
              name: "gone",
              in: "query",
              schema: { $ref: "#/components/schemas/Gone" },
            },
            {
              name: "none",
              in: "query",
              schema: { type: "array", items: false },
            },
            {
              name: "X-Obj",
              in: "header",
              schema: { type: "object", properties: { k: { type: "string" } } },
            },
            {
              name: "X-List",
              in: "header",
              schema: { type: "array", items: { type: "string" } },
            },
            {
              name: "X-Objs",
              in: "header",
              schema: {
                type: "array",
                items: { $ref: "#/components/schemas/Named" },
              },
            },
          ],
          responses: {},
        },
      },
    },
    components: {
      schemas: {
        Named: {
          allOf: [
            { properties: { id: { type: "integer" } } },
            { properties: { name: { type: "string" } } },
          ],
        },
        Pet: { oneOf: [{ type: "string" }, { type: "integer" }] },
      },
    },
  };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/a",
    "get",
  )!;
  const by = Object.fromEntries(d.parameters.map((x) => [x.name, x]));
  const CASES: [string, string, boolean][] = [
    ["named", "Named: object", true],
    ["pet", "Pet", true],
    ["gone", "Gone", false],
    ["none", "array<never>", false],
    ["X-Obj", "object", true],
    ["X-List", "array<string>", false],
    ["X-Objs", "array<Named>", true],
  ];
  for (const [name, type, tree] of CASES) {
    assert.equal(by[name].type, type, name);
    assert.equal(by[name].schema !== undefined, tree, `${name} tree`);
  }
});

Deno.test("detail: an example, default, enum or const nested thousands deep opens the operation, the value cut at its depth", () => {
  // Written as text: JSON.stringify itself overflows on such a value.
  const deep = "[".repeat(8_000) + "1" + "]".repeat(8_000);
  for (const key of ["example", "default", "const", "enum"]) {
    const schema = `{"type": "array", "${key}": ${
      key === "enum" ? `[${deep}]` : deep
    }}`;
    const p = parseSpec(`{"openapi": "3.1.0",
      "info": {"title": "t", "version": "1"},
      "paths": {"/a": {"post": {
        "parameters": [{"name": "q", "in": "query", "schema": ${schema}}],
        "requestBody": {"content": {"application/json": {"schema": ${schema}}}},
        "responses": {"200": {"description": "ok"}}}}}}`);
    const d = operationDetail(p, "paths", "/a", "post");
    assert.ok(d, key);
    assert.match(
      JSON.stringify(d),
      /nested more than 500 levels deep/,
      key,
    );
  }
});

/** [name, the operation's extension fields, the samples listed]. */
const CODE_SAMPLE_CASES: [
  string,
  Record<string, unknown>,
  [string, string, string][],
][] = [
  [
    "ok/x-codeSamples, labelled by label, else lang, else place",
    {
      "x-codeSamples": [
        { lang: "Python", label: "Python SDK", source: "client.pets.list()" },
        { lang: "Shell", source: "curl https://x" },
        { source: "echo hi" },
      ],
    },
    [
      ["Python", "Python SDK", "client.pets.list()"],
      ["Shell", "Shell", "curl https://x"],
      ["", "Sample 3", "echo hi"],
    ],
  ],
  [
    "ok/Redoc's older x-code-samples",
    { "x-code-samples": [{ lang: "Go", source: "pets.List()" }] },
    [["Go", "Go", "pets.List()"]],
  ],
  [
    "bad/entries without a string source are left out; no list is none",
    {
      "x-codeSamples": [{ lang: "Ruby" }, 42, null, { source: 7 }, {
        lang: 5,
        source: "ok",
      }],
    },
    [["", "Sample 1", "ok"]],
  ],
  ["bad/not a list", { "x-codeSamples": { source: "x" } }, []],
  [
    "bad/at most 20, each cut",
    { "x-codeSamples": Array(30).fill({ source: "y".repeat(30_000) }) },
    Array(20).fill(["", "", ""]),
  ],
];

for (const [name, ext, want] of CODE_SAMPLE_CASES) {
  Deno.test(`spec detail: code samples ${name}`, () => {
    const p = parsedDoc({
      openapi: "3.1.0",
      paths: { "/pets": { get: { responses: {}, ...ext } } },
    });
    const got = operationDetail(p, "paths", "/pets", "get")!.codeSamples;
    if (name.startsWith("bad/at most")) {
      assert.equal(got.length, 20);
      for (const c of got) assert.ok(c.source.length <= 20_001, "cut");
      return;
    }
    assert.deepEqual(got.map((c) => [c.lang, c.label, c.source]), want);
  });
}

/** [name, the operation's `x-badges`, the badges listed as name/color]. */
const BADGE_CASES: [string, unknown, string[]][] = [
  [
    "ok/name and color, those placed before first (Redoc, Scalar)",
    [
      { name: "Beta", color: "#1f7cff" },
      { name: "Alpha", position: "before", color: "rgb(10, 20, 30)" },
      { name: "Paid", position: "after", color: "purple" },
    ],
    ["Alpha/rgb(10, 20, 30)", "Beta/#1f7cff", "Paid/purple"],
  ],
  [
    "bad/a color that is no plain color is dropped, the badge kept",
    [
      { name: "A", color: "red; background: url(https://x.test/t)" },
      { name: "B", color: "url(https://x.test/t)" },
      { name: "C", color: 5 },
    ],
    ["A/", "B/", "C/"],
  ],
  [
    "bad/no name or a blank one is no badge; no list is none",
    [{ color: "red" }, { name: "  " }, { name: 3 }, null, "Beta"],
    [],
  ],
  ["bad/not a list", { name: "Beta" }, []],
  ["bad/at most 20", Array(30).fill({ name: "x" }), Array(20).fill("x/")],
];

for (const [name, badges, want] of BADGE_CASES) {
  Deno.test(`spec detail: x-badges ${name}`, () => {
    const p = parsedDoc({
      openapi: "3.1.0",
      paths: { "/pets": { get: { responses: {}, "x-badges": badges } } },
    });
    const got = operationDetail(p, "paths", "/pets", "get")!.badges;
    assert.deepEqual(got.map((b) => `${b.name}/${b.color}`), want);
  });
}

Deno.test("spec detail: security requirements show each scheme's name, by name or by URI (3.2 §4.8.30)", () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ["ok/by-name", { dev: ["read"] }, ["dev [read]"]],
    ["ok/by-uri", { "#/components/securitySchemes/dev": ["read"] }, [
      "dev [read]",
    ]],
    ["ok/by-uri-against-self", {
      "https://x.test/api.yaml#/components/securitySchemes/dev": [],
    }, ["dev"]],
    // Named nowhere: as written (the checks warn of it).
    ["bad/uri-to-nothing", { "#/components/securitySchemes/gone": [] }, [
      "#/components/securitySchemes/gone",
    ]],
  ];
  for (const [name, requirement, want] of cases) {
    const p = parseSpec(JSON.stringify({
      openapi: "3.2.0",
      $self: "https://x.test/api.yaml",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { security: [requirement], responses: {} } } },
      components: {
        securitySchemes: { dev: { type: "http", scheme: "bearer" } },
      },
    }));
    assert.deepEqual(
      operationDetail(p, "paths", "/a", "get")?.security,
      want,
      name,
    );
  }
});

Deno.test("spec detail: 3.2 prefixEncoding and itemEncoding are encoding rows", () => {
  const cases: [string, Record<string, unknown>, unknown][] = [
    [
      "ok/multipart/mixed itemSchema with itemEncoding",
      {
        "multipart/mixed": {
          itemSchema: { type: "object" },
          itemEncoding: { contentType: "application/json" },
        },
      },
      [{ name: "itemEncoding", facts: ["application/json"] }],
    ],
    [
      "ok/multipart/related prefixEncoding by position, then itemEncoding",
      {
        "multipart/related": {
          schema: {
            type: "array",
            prefixItems: [{ type: "object" }, {}],
            items: {},
          },
          prefixEncoding: [
            { contentType: "application/json" },
            { contentType: "image/png", headers: { "Content-ID": {} } },
          ],
          itemEncoding: { contentType: "text/plain", style: "form" },
        },
      },
      [
        { name: "prefixEncoding[0]", facts: ["application/json"] },
        {
          name: "prefixEncoding[1]",
          facts: ["image/png", "header Content-ID"],
        },
        { name: "itemEncoding", facts: ["text/plain"] },
      ],
    ],
    [
      "bad/positional encoding of a type that is not multipart is not shown",
      {
        "application/json": {
          schema: { type: "array" },
          itemEncoding: { contentType: "text/plain" },
        },
      },
      [],
    ],
  ];
  for (const [name, content, want] of cases) {
    const d = operationDetail(
      parsedDoc({
        openapi: "3.2.0",
        paths: { "/m": { post: { requestBody: { content }, responses: {} } } },
      }),
      "paths",
      "/m",
      "post",
    )!;
    assert.deepEqual(d.requestBody!.bodies[0].encoding, want, name);
  }
});
