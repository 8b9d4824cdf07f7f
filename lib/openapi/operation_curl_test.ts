/**
 * The cURL command of one operation (§4.1 "Copy as cURL") and the order
 * of a body's examples, one small inline document per case: `ok/…` cases
 * say what a well-formed document gets, `bad/…` cases that a hostile or
 * broken one still gets a bounded, safe command.
 */
import assert from "node:assert/strict";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { operationCommand } from "./curl.ts";
import { operationCurl } from "./operation_curl.ts";
import { RefResolver } from "./refs.ts";
import { SchemaGraph } from "./schema_graph.ts";

const ok200 = { 200: { description: "ok" } };

/** A one-operation document (`post /a` unless `at` says otherwise). */
function doc(
  version: "3.1.0" | "3.0.3" | "3.2.0" | "2.0",
  op: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  at: { method?: string; path?: string } = {},
) {
  const head = version === "2.0"
    ? { swagger: "2.0", host: "api.example.com", schemes: ["https"] }
    : { openapi: version, servers: [{ url: "https://api.example.com" }] };
  return parseSpec(JSON.stringify({
    info: { title: "t", version: "1" },
    ...head,
    paths: {
      [at.path ?? "/a"]: { [at.method ?? "post"]: { responses: ok200, ...op } },
    },
    ...extra,
  }));
}

function open(
  p: ReturnType<typeof doc>,
  method = "post",
  path = "/a",
  container: "paths" | "webhooks" = "paths",
) {
  const d = operationDetail(p, container, path, method);
  assert.ok(d, "the operation opens");
  return d;
}

const jsonBody = (media: Record<string, unknown>) => ({
  requestBody: { content: { "application/json": media } },
});

const petSchema = {
  type: "object",
  properties: { name: { type: "string" }, status: { type: "string" } },
};

interface BodyCase {
  name: string;
  p: ReturnType<typeof doc>;
  /** The `--data-raw` / `-F` / `-H` lines the command must hold. */
  has?: string[];
  /** Text the command must not hold. */
  lacks?: string[];
  /** The labels of the request body's examples, in order. */
  labels?: string[];
}

const bodyCases: BodyCase[] = [
  {
    name: "ok/json-example-first-and-sent",
    p: doc("3.1.0", jsonBody({ schema: petSchema, example: { name: "Rex" } })),
    has: [`--data-raw '{"name":"Rex"}'`],
    lacks: ['"status":"string"'],
    labels: ["Example"],
  },
  {
    name: "ok/json-examples-map-first-with-value",
    p: doc(
      "3.1.0",
      jsonBody({
        schema: petSchema,
        examples: {
          far: { externalValue: "https://example.com/far.json" },
          dog: { summary: "A dog", value: { name: "Rex", status: "sold" } },
          cat: { value: { name: "Tom" } },
        },
      }),
    ),
    has: [`--data-raw '{"name":"Rex","status":"sold"}'`],
    lacks: ["Tom", "far.json"],
    labels: ["far", "dog: A dog", "cat"],
  },
  {
    name: "ok/json-examples-ref-resolved",
    p: doc(
      "3.1.0",
      jsonBody({
        schema: petSchema,
        examples: { dog: { $ref: "#/components/examples/Dog" } },
      }),
      { components: { examples: { Dog: { value: { name: "Fido" } } } } },
    ),
    has: [`--data-raw '{"name":"Fido"}'`],
    labels: ["dog"],
  },
  {
    name: "ok/json-no-written-example-generated",
    p: doc("3.1.0", jsonBody({ schema: petSchema })),
    has: [`--data-raw '{"name":"string","status":"string"}'`],
    labels: ["Generated from the schema"],
  },
  {
    name: "ok/json-string-example-that-is-json-text-sent-as-written",
    p: doc(
      "3.1.0",
      jsonBody({ schema: petSchema, example: '{"name": "Rex"}' }),
    ),
    has: [`--data-raw '{"name": "Rex"}'`],
  },
  {
    name: "ok/json-string-example-plain-text-sent-as-a-json-string",
    p: doc("3.1.0", jsonBody({ schema: { type: "string" }, example: "hi" })),
    has: [`--data-raw '"hi"'`],
  },
  {
    name: "ok/json-null-example-sent-as-null",
    p: doc("3.1.0", jsonBody({ schema: petSchema, example: null })),
    has: [`--data-raw 'null'`],
  },
  {
    name: "ok/serialized-value-sent-as-it-goes",
    p: doc(
      "3.2.0",
      jsonBody({
        schema: petSchema,
        examples: {
          dog: {
            dataValue: { name: "Rex" },
            serializedValue: '{"name":"Rex"}',
          },
        },
      }),
    ),
    has: [`--data-raw '{"name":"Rex"}'`],
    labels: ["dog", "dog (as sent)"],
  },
  {
    // Sent as it goes on the wire, spacing and all: not its dataValue
    // written again as JSON.
    name: "ok/serialized-value-sent-as-written-not-its-data-value-as-json",
    p: doc(
      "3.2.0",
      jsonBody({
        schema: petSchema,
        examples: {
          dog: {
            dataValue: { name: "Rex" },
            serializedValue: '{ "name" : "Rex" }',
          },
        },
      }),
    ),
    has: [`--data-raw '{ "name" : "Rex" }'`],
    lacks: [`'{"name":"Rex"}'`],
  },
  {
    // A JSON string that reads as a number is still a string: only the
    // text of an object or an array is sent as written.
    name: "ok/json-string-example-of-digits-sent-as-a-json-string",
    p: doc("3.1.0", jsonBody({ schema: { type: "string" }, example: "123" })),
    has: [`--data-raw '"123"'`],
  },
  {
    // The whole stream's schema beside its items' describes the body.
    name: "ok/item-schema-beside-a-schema-the-schema-is-the-body",
    p: doc(
      "3.2.0",
      {
        requestBody: {
          content: {
            "application/jsonl": {
              schema: {
                type: "object",
                properties: { w: { type: "string", example: "whole" } },
              },
              itemSchema: { type: "integer", example: 7 },
            },
          },
        },
      },
    ),
    has: [`--data-raw '{"w":"whole"}'`],
    lacks: ["7"],
  },
  {
    name: "ok/json-chosen-over-xml-its-written-example-sent",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "application/xml": { schema: petSchema, example: "<pet/>" },
          "application/json": { schema: petSchema, example: { name: "J" } },
        },
      },
    }),
    has: [`--data-raw '{"name":"J"}'`, "-H 'Content-Type: application/json'"],
    lacks: ["<pet/>"],
  },
  {
    name: "ok/xml-written-text-sent-as-written",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "application/xml": {
            schema: petSchema,
            example: "<pet><name>Rex</name></pet>",
          },
        },
      },
    }),
    has: [`--data-raw '<pet><name>Rex</name></pet>'`],
  },
  {
    name: "ok/xml-written-object-written-as-xml",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "application/xml": {
            schema: { ...petSchema, xml: { name: "pet" } },
            example: { name: "Rex" },
          },
        },
      },
    }),
    has: ["<pet>", "<name>Rex</name>"],
    lacks: ["<name>string</name>"],
  },
  {
    name: "ok/text-written-sent-as-written",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "text/plain": { schema: { type: "string" }, example: "hello there" },
        },
      },
    }),
    has: [`--data-raw 'hello there'`],
  },
  {
    name: "ok/urlencoded-written-object-fields",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: petSchema,
            examples: { one: { value: { name: "Rex", status: "a b" } } },
          },
        },
      },
    }),
    has: [`--data-raw 'name=Rex&status=a+b'`],
  },
  {
    name: "ok/multipart-written-object-fields",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: petSchema,
            example: { name: "Rex" },
          },
        },
      },
    }),
    has: [`--form-string 'name=Rex'`],
    lacks: ["status"],
  },
  {
    name: "ok/swagger2-body-schema-example",
    p: doc("2.0", {
      parameters: [{
        in: "body",
        name: "body",
        schema: { ...petSchema, example: { name: "Rex" } },
      }],
    }),
    has: [`--data-raw '{"name":"Rex"}'`],
  },
  {
    // The XML writer walks every member: an example past its bound is
    // not written (its generated sample is sent instead).
    name: "bad/xml-written-object-past-its-bound-falls-back-to-generated",
    p: doc("3.1.0", {
      requestBody: {
        content: {
          "application/xml": {
            schema: { ...petSchema, xml: { name: "pet" } },
            example: { name: "Rex", status: "x".repeat(20_000) },
          },
        },
      },
    }),
    has: ["<pet>", "<name>string</name>"],
    lacks: ["Rex", "xxx"],
  },
  {
    name: "bad/external-value-only-falls-back-to-generated",
    p: doc(
      "3.1.0",
      jsonBody({
        schema: petSchema,
        examples: { far: { externalValue: "https://example.com/x.json" } },
      }),
    ),
    has: [`--data-raw '{"name":"string","status":"string"}'`],
    labels: ["far", "Generated from the schema"],
  },
  {
    name: "bad/example-entry-not-an-object-skipped",
    p: doc(
      "3.1.0",
      jsonBody({
        schema: petSchema,
        examples: { junk: 7, dog: { value: { name: "Rex" } } },
      }),
    ),
    has: [`--data-raw '{"name":"Rex"}'`],
  },
  {
    name: "bad/control-characters-in-written-json-escaped-by-json",
    p: doc("3.1.0", jsonBody({ example: { name: "a\u001b[2Jb'c" } })),
    has: [`--data-raw '{"name":"a\\u001b[2Jb'\\''c"}'`],
    lacks: ["\u001b"],
  },
  {
    // Swagger UI selects the first `consumes` type and swagger-client
    // sends it: the author's order, XML before JSON included.
    name: "ok/swagger-first-consumes-type-sent-though-not-json",
    p: doc("2.0", {
      consumes: ["application/xml", "application/json"],
      parameters: [{ name: "b", in: "body", schema: petSchema }],
    }),
    has: [
      "-H 'Content-Type: application/xml'",
      "  <name>string</name>\n  <status>string</status>\n</root>'",
    ],
    lacks: ["application/json", "{"],
  },
  {
    // An operation's empty `consumes` overrides the document's (2.0
    // §Operation Object): JSON, as Swagger UI, swagger2openapi (Redoc)
    // and Scalar read it.
    name: "ok/swagger-empty-operation-consumes-is-json-not-the-document's",
    p: doc("2.0", {
      consumes: [],
      parameters: [{ name: "b", in: "body", schema: petSchema }],
    }, { consumes: ["application/xml"] }),
    has: [
      "-H 'Content-Type: application/json'",
      `--data-raw '{"name":"string","status":"string"}'`,
    ],
    lacks: ["xml"],
  },
  {
    // Redoc reads a 2.0 body's examples from the parameter, by media type.
    name: "ok/swagger-body-x-examples-shown-and-the-first-sent",
    p: doc("2.0", {
      consumes: ["application/json"],
      parameters: [{
        name: "b",
        in: "body",
        schema: petSchema,
        "x-examples": {
          "application/json": {
            dog: { summary: "A dog", value: { name: "Rex" } },
            cat: { value: { name: "Tom" } },
          },
          "application/xml": { x: { value: "<no/>" } },
        },
      }],
    }),
    has: [`--data-raw '{"name":"Rex"}'`],
    lacks: ['"status":"string"', "Tom", "<no/>"],
    labels: ["dog: A dog", "cat"],
  },
  {
    name: "ok/swagger-body-x-example-by-media-type-shown-and-sent",
    p: doc("2.0", {
      parameters: [{
        name: "b",
        in: "body",
        schema: petSchema,
        "x-example": { "application/json": { name: "Fido" }, "text/plain": 1 },
      }],
    }),
    has: [`--data-raw '{"name":"Fido"}'`],
    labels: ["Example"],
  },
  {
    name: "ok/swagger-first-listed-scheme-called",
    p: doc("2.0", {}, { schemes: ["http", "https"] }),
    has: ["curl -X POST 'http://api.example.com/a'"],
  },
  {
    name: "bad/control-characters-in-written-text-dollar-quoted",
    p: doc("3.1.0", {
      requestBody: {
        content: { "text/plain": { example: "a\u001b[2Jb'c\u0003" } },
      },
    }),
    has: ["--data-raw $'a\\033[2Jb\\047c\\003'"],
    lacks: ["\u001b", "\u0003"],
  },
  {
    name: "bad/shell-syntax-in-written-example-quoted",
    p: doc("3.1.0", jsonBody({ example: { cmd: "$(rm -rf ~) `id` 'x'" } })),
    has: [`--data-raw '{"cmd":"$(rm -rf ~) \`id\` '\\''x'\\''"}'`],
  },
];

for (const c of bodyCases) {
  Deno.test(`operation curl body: ${c.name}`, () => {
    const d = open(c.p);
    for (const s of c.has ?? []) {
      assert.ok(d.curl.includes(s), `${s}\nin\n${d.curl}`);
    }
    for (const s of c.lacks ?? []) {
      assert.ok(!d.curl.includes(s), `no ${s}\nin\n${d.curl}`);
    }
    if (c.labels) {
      assert.deepEqual(
        d.requestBody?.bodies[0].examples.map((e) => e.label),
        c.labels,
      );
    }
  });
}

Deno.test("operation curl body: ok/an item schema's body is one generated item, whatever example a caller passes beside it", () => {
  // The detail passes none; a written example of a sequence is the whole
  // stream, never one item to write as its sequence type writes one.
  const doc = { openapi: "3.2.0", info: { title: "t", version: "1" } };
  const { curl } = operationCurl({
    doc,
    item: {},
    op: {},
    swagger: false,
    method: "POST",
    path: "/a",
    params: [],
    sent: [[
      "application/jsonl",
      { type: "integer", example: 7 },
      undefined,
      { value: '{"v":1}\n{"v":2}\n', serialized: '{"v":1}\n{"v":2}\n' },
      true,
    ]],
    r: new RefResolver(doc),
  });
  assert.equal(
    curl,
    "curl -X POST '/a' \\\n  -H 'Content-Type: application/jsonl' \\\n" +
      "  --data-raw '7\n'",
  );
});

Deno.test("operation curl body: bad/huge-written-example-bounded", () => {
  const huge = "x".repeat(300_000);
  for (
    const media of [
      { example: { big: huge } },
      { example: huge },
      { example: JSON.stringify({ big: huge }) },
    ]
  ) {
    const d = open(doc("3.1.0", jsonBody(media)));
    assert.ok(d.curl.length < 120_000, `${d.curl.length} characters`);
    // Never sent cut (JSON without its end): the generated body instead.
    assert.ok(!d.curl.includes("x".repeat(1000)), "no part of the huge one");
    assert.ok(!d.curl.includes("(cut)"), d.curl.slice(-200));
  }
  const x = open(doc("3.1.0", {
    requestBody: { content: { "text/plain": { example: huge } } },
  }));
  assert.ok(x.curl.length < 120_000, `${x.curl.length} characters`);
  assert.ok(!x.curl.includes("x".repeat(1000)), "no part of the huge text");
  // One that fits is sent whole.
  const fits = "y".repeat(90_000);
  const y = open(doc("3.1.0", jsonBody({ example: { big: fits } })));
  assert.ok(y.curl.includes(fits), "sent whole");
});

Deno.test("operation curl body: ok/a response's written examples are its examples, none generated beside them", () => {
  const d = open(doc("3.1.0", {
    responses: {
      200: {
        description: "ok",
        content: {
          "application/json": {
            schema: petSchema,
            examples: { dog: { value: { name: "Rex" } } },
          },
        },
      },
    },
  }));
  assert.deepEqual(
    d.responses[0].bodies[0].examples.map((e) => [e.label, e.generated]),
    [["dog", false]],
  );
  // Swagger 2.0: a response's examples, keyed by media type.
  const s = open(doc("2.0", {
    produces: ["application/json"],
    responses: {
      200: {
        description: "ok",
        schema: petSchema,
        examples: { "application/json": { name: "Rex" } },
      },
    },
  }));
  assert.deepEqual(
    s.responses[0].bodies[0].examples.map((e) => [e.label, e.text]),
    [["Example", '{\n  "name": "Rex"\n}']],
  );
});

// Security: the first requirement's schemes as placeholders.

const schemes3 = {
  basic: { type: "http", scheme: "basic" },
  bearer: { type: "http", scheme: "Bearer", bearerFormat: "JWT" },
  digest: { type: "http", scheme: "digest" },
  badScheme: { type: "http", scheme: "a b" },
  header: { type: "apiKey", in: "header", name: "X-API-Key" },
  k8s: { type: "apiKey", in: "header", name: "authorization" },
  query: { type: "apiKey", in: "query", name: "api_key" },
  cookie: { type: "apiKey", in: "cookie", name: "session" },
  oauth: { type: "oauth2", flows: {} },
  oidc: { type: "openIdConnect", openIdConnectUrl: "https://x/.well-known" },
  mtls: { type: "mutualTLS" },
  viaRef: { $ref: "#/components/securitySchemes/bearer" },
  brokenRef: { $ref: "#/components/securitySchemes/nothing" },
  noName: { type: "apiKey", in: "header" },
  crlf: { type: "apiKey", in: "header", name: "X-A\r\nX-B" },
  spacedName: { type: "apiKey", in: "header", name: "X API Key" },
  spacedBearer: { type: "http", scheme: " bEaReR " },
  longName: { type: "apiKey", in: "header", name: `X-${"k".repeat(199)}` },
};

function sec(
  security: unknown,
  op: Record<string, unknown> = {},
  docSecurity?: unknown,
) {
  return doc(
    "3.1.0",
    { ...(security === undefined ? {} : { security }), ...op },
    {
      components: { securitySchemes: schemes3 },
      ...(docSecurity === undefined ? {} : { security: docSecurity }),
    },
    { method: "get" },
  );
}

interface AuthCase {
  name: string;
  p: ReturnType<typeof doc>;
  /** The command's lines after the URL's, in order. */
  lines: string[];
  /** The URL line. */
  url?: string;
}

const url = "curl -X GET 'https://api.example.com/a'";

const authCases: AuthCase[] = [
  {
    name: "ok/basic",
    p: sec([{ basic: [] }]),
    lines: ["-u 'USERNAME:PASSWORD'"],
  },
  {
    name: "ok/bearer",
    p: sec([{ bearer: [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/other-http-scheme",
    p: sec([{ digest: [] }]),
    lines: ["-H 'Authorization: digest CREDENTIALS'"],
  },
  {
    name: "ok/apikey-header",
    p: sec([{ header: [] }]),
    lines: ["-H 'X-API-Key: API_KEY'"],
  },
  {
    name: "ok/apikey-header-named-authorization",
    p: sec([{ k8s: [] }]),
    lines: ["-H 'authorization: API_KEY'"],
  },
  {
    name: "ok/apikey-query",
    p: sec([{ query: [] }]),
    lines: [],
    url: "curl -X GET 'https://api.example.com/a?api_key=API_KEY'",
  },
  {
    name: "ok/apikey-query-after-required-query",
    p: sec([{ query: [] }], {
      parameters: [{
        in: "query",
        name: "limit",
        required: true,
        schema: { type: "integer" },
        example: 5,
      }],
    }),
    lines: [],
    url: "curl -X GET 'https://api.example.com/a?limit=5&api_key=API_KEY'",
  },
  {
    // Query names are case-sensitive (RFC 3986 §6.2.2.1 leaves the query
    // as written): `Api_Key` is another parameter than the key's `api_key`.
    name: "ok/apikey-query-beside-a-parameter-named-in-another-case",
    p: sec([{ query: [] }], {
      parameters: [{
        in: "query",
        name: "Api_Key",
        required: true,
        schema: { type: "string" },
        example: "x",
      }],
    }),
    lines: [],
    url: "curl -X GET 'https://api.example.com/a?Api_Key=x&api_key=API_KEY'",
  },
  {
    name: "ok/apikey-cookie-merged-into-the-one-cookie-header",
    p: sec([{ cookie: [] }], {
      parameters: [{
        in: "cookie",
        name: "lang",
        required: true,
        schema: { type: "string" },
        example: "en",
      }],
    }),
    lines: ["-H 'Cookie: lang=en; session=API_KEY'"],
  },
  {
    // The scheme name is case-insensitive (RFC 9110 §11.1), and spaces
    // around it are no part of it.
    name: "ok/bearer-written-with-spaces-and-capitals",
    p: sec([{ spacedBearer: [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/cookie-parameter-wins-over-the-apikey-of-the-same-name",
    p: sec([{ cookie: [] }], {
      parameters: [{
        in: "cookie",
        name: "session",
        required: true,
        schema: { type: "string" },
        example: "abc",
      }],
    }),
    lines: ["-H 'Cookie: session=abc'"],
  },
  {
    name: "ok/oauth2",
    p: sec([{ oauth: ["read"] }]),
    lines: ["-H 'Authorization: Bearer ACCESS_TOKEN'"],
  },
  {
    name: "ok/openIdConnect",
    p: sec([{ oidc: [] }]),
    lines: ["-H 'Authorization: Bearer ACCESS_TOKEN'"],
  },
  {
    name: "ok/scheme-through-ref",
    p: sec([{ viaRef: [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/all-schemes-of-the-first-requirement",
    p: sec([{ header: [], query: [] }, { basic: [] }]),
    lines: ["-H 'X-API-Key: API_KEY'"],
    url: "curl -X GET 'https://api.example.com/a?api_key=API_KEY'",
  },
  {
    name: "ok/document-security-when-the-operation-has-none",
    p: sec(undefined, {}, [{ bearer: [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/operation-security-wins-over-the-document",
    p: sec([{ header: [] }], {}, [{ bearer: [] }]),
    lines: ["-H 'X-API-Key: API_KEY'"],
  },
  {
    name: "ok/empty-list-is-no-security",
    p: sec([], {}, [{ bearer: [] }]),
    lines: [],
  },
  {
    name: "ok/anonymous-alone-is-no-security",
    p: sec([{}]),
    lines: [],
  },
  {
    name: "ok/anonymous-chosen-first-is-no-security",
    p: sec([{}, { bearer: [] }]),
    lines: [],
  },
  {
    name: "ok/required-header-parameter-wins",
    p: sec([{ header: [] }], {
      parameters: [{
        in: "header",
        name: "x-api-key",
        required: true,
        schema: { type: "string" },
        example: "k",
      }],
    }),
    lines: ["-H 'x-api-key: k'"],
  },
  {
    // OpenAPI ignores a header parameter named Authorization (3.1
    // §4.8.12.1): the security scheme says it, and one -u stands for both.
    name: "ok/authorization-parameter-ignored-one-credential-for-two",
    p: sec([{ basic: [], bearer: [] }], {
      parameters: [{
        in: "header",
        name: "Authorization",
        required: true,
        schema: { type: "string" },
      }],
    }),
    lines: ["-u 'USERNAME:PASSWORD'"],
  },
  {
    name: "ok/required-query-parameter-wins",
    p: sec([{ query: [] }], {
      parameters: [{
        in: "query",
        name: "api_key",
        required: true,
        schema: { type: "string" },
      }],
    }),
    lines: ["--globoff"],
    url: "curl -X GET 'https://api.example.com/a?api_key={api_key}'",
  },
  {
    name: "ok/one-authorization-header-for-two-schemes",
    p: sec([{ bearer: [], oauth: [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/header-placeholder-before-content-type",
    p: doc("3.1.0", {
      security: [{ bearer: [] }],
      ...jsonBody({ example: { a: 1 } }),
    }, { components: { securitySchemes: schemes3 } }),
    url: "curl -X POST 'https://api.example.com/a'",
    lines: [
      "-H 'Authorization: Bearer TOKEN'",
      "-H 'Content-Type: application/json'",
      `--data-raw '{"a":1}'`,
    ],
  },
  {
    name: "ok/swagger2-basic",
    p: doc("2.0", { security: [{ b: [] }] }, {
      securityDefinitions: { b: { type: "basic" } },
    }, { method: "get" }),
    url: "curl -X GET 'https://api.example.com/a'",
    lines: ["-u 'USERNAME:PASSWORD'"],
  },
  {
    name: "ok/swagger2-apikey-and-oauth2",
    p: doc("2.0", {}, {
      security: [{ k: [], o: ["read"] }],
      securityDefinitions: {
        k: { type: "apiKey", in: "query", name: "key" },
        o: { type: "oauth2", flow: "implicit", authorizationUrl: "https://x" },
      },
    }, { method: "get" }),
    url: "curl -X GET 'https://api.example.com/a?key=API_KEY'",
    lines: ["-H 'Authorization: Bearer ACCESS_TOKEN'"],
  },
  {
    // OpenAPI 3.2 §4.8.30: a requirement may name its scheme by URI.
    name: "ok/scheme-named-by-its-uri",
    p: sec([{ "#/components/securitySchemes/bearer": [] }]),
    lines: ["-H 'Authorization: Bearer TOKEN'"],
  },
  {
    name: "ok/scheme-named-by-a-uri-against-self",
    p: doc("3.2.0", {
      security: [{
        "https://x.test/api.yaml#/components/securitySchemes/k": [],
      }],
    }, {
      $self: "https://x.test/api.yaml",
      components: {
        securitySchemes: { k: { type: "apiKey", in: "header", name: "X-K" } },
      },
    }, { method: "get" }),
    lines: ["-H 'X-K: API_KEY'"],
  },
  {
    name: "bad/unknown-scheme-name",
    p: sec([{ nothing: [] }]),
    lines: [],
  },
  {
    name: "bad/scheme-ref-to-nothing",
    p: sec([{ brokenRef: [] }]),
    lines: [],
  },
  {
    name: "bad/apikey-without-a-name",
    p: sec([{ noName: [] }]),
    lines: [],
  },
  {
    name: "bad/apikey-name-with-crlf-not-sent",
    p: sec([{ crlf: [] }]),
    lines: [],
  },
  {
    name: "bad/apikey-header-name-not-a-token-not-sent",
    p: sec([{ spacedName: [] }]),
    lines: [],
  },
  {
    name: "bad/apikey-header-name-past-200-characters-not-sent",
    p: sec([{ longName: [] }]),
    lines: [],
  },
  {
    // Swagger 2.0's apiKey goes in a query or a header only: a cookie
    // there is no place it says, so nothing is sent for it.
    name: "bad/swagger2-apikey-in-a-cookie-has-no-placeholder",
    p: doc("2.0", { security: [{ c: [] }] }, {
      securityDefinitions: {
        c: { type: "apiKey", in: "cookie", name: "session" },
      },
    }, { method: "get" }),
    lines: [],
  },
  {
    name: "bad/http-scheme-not-a-token",
    p: sec([{ badScheme: [] }]),
    lines: [],
  },
  {
    name: "bad/mutual-tls-has-no-placeholder",
    p: sec([{ mtls: [] }]),
    lines: [],
  },
  {
    name: "bad/security-not-a-list",
    p: sec({ bearer: [] }),
    lines: [],
  },
  {
    name: "bad/requirement-not-an-object",
    p: sec(["bearer"]),
    lines: [],
  },
  {
    name: "bad/prototype-names-are-no-schemes",
    p: sec([{ ["__proto__"]: [], constructor: [], toString: [] }]),
    lines: [],
  },
];

for (const c of authCases) {
  Deno.test(`operation curl auth: ${c.name}`, () => {
    const d = open(c.p, c.p.index?.endpoints[0]?.method ?? "get");
    assert.deepEqual(d.curl.split(" \\\n  "), [c.url ?? url, ...c.lines]);
    // The command written again for another server keeps them.
    if (d.curlRequest) {
      // And the request it is written from holds no header it leaves out.
      for (const h of d.curlRequest.headers) {
        assert.ok(c.lines.includes(`-H '${h.name}: ${h.value}'`), h.name);
      }
      assert.equal(
        operationCommand({
          ...d.curlRequest,
          url: "https://api.example.com/a",
        }),
        d.curl,
      );
    }
  });
}

Deno.test("operation curl auth: ok/webhook-uses-its-own-security-only", () => {
  const p = parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    security: [{ bearer: [] }],
    components: { securitySchemes: schemes3 },
    webhooks: {
      a: { post: { responses: ok200 } },
      b: { post: { responses: ok200, security: [{ header: [] }] } },
    },
  }));
  assert.equal(
    open(p, "post", "a", "webhooks").curl,
    "curl -X POST '{webhook-receiver-url}' \\\n  --globoff",
  );
  assert.equal(
    open(p, "post", "b", "webhooks").curl,
    "curl -X POST '{webhook-receiver-url}' \\\n  --globoff \\\n" +
      "  -H 'X-API-Key: API_KEY'",
  );
});

Deno.test("operation curl auth: ok/basic-beside-a-piped-body", () => {
  // A body with a NUL goes through printf: -u still follows the URL line.
  const d = open(doc("3.1.0", {
    security: [{ basic: [] }],
    requestBody: { content: { "text/plain": { example: "a\0b" } } },
  }, { components: { securitySchemes: schemes3 } }));
  const lines = d.curl.split("\n");
  const at = lines.findIndex((l) => l.startsWith("curl -X POST"));
  assert.ok(at > 0, d.curl);
  assert.equal(lines[at + 1], "  -u 'USERNAME:PASSWORD' \\");
});

/** A 3.2 `GET /q` whose required parameter is `param` (name `p`). */
function withParam(param: Record<string, unknown>) {
  return doc(
    "3.2.0",
    { parameters: [{ name: "p", required: true, ...param }] },
    {},
    {
      method: "get",
      path: "/q",
    },
  );
}

const written = (examples: Record<string, unknown>) => ({ examples });

const exampleCases: { name: string; p: ReturnType<typeof doc>; url: string }[] =
  [
    {
      // OpenAPI 3.2 §4.8.19: the value as it goes on the wire, verbatim.
      name: "ok/querystring-serializedValue-verbatim",
      p: withParam({
        in: "querystring",
        content: {
          "application/json": {
            schema: { type: "object", properties: { n: { type: "integer" } } },
            ...written({
              one: {
                dataValue: { n: 5 },
                serializedValue: "%7B%22n%22%3A5%7D",
              },
            }),
          },
        },
      }),
      url: "https://api.example.com/q?%7B%22n%22%3A5%7D",
    },
    {
      name: "ok/querystring-form-serializedValue-keeps-its-pairs",
      p: withParam({
        in: "querystring",
        content: {
          "application/x-www-form-urlencoded": written({
            e: { serializedValue: "?a=x%20y&b=1" },
          }),
        },
      }),
      url: "https://api.example.com/q?a=x%20y&b=1",
    },
    {
      name:
        "bad/querystring-serializedValue-with-a-space-and-hash-still-one-url",
      p: withParam({
        in: "querystring",
        content: {
          "text/plain": written({ e: { serializedValue: "a b#c%zz" } }),
        },
      }),
      url: "https://api.example.com/q?a%20b%23c%25zz",
    },
    {
      name: "ok/querystring-media-dataValue-over-the-schema",
      p: withParam({
        in: "querystring",
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", properties: { a: { type: "string" } } },
            ...written({ e: { dataValue: { a: "written" } } }),
          },
        },
      }),
      url: "https://api.example.com/q?a=written",
    },
    {
      name: "ok/querystring-parameter-examples-over-the-schema",
      p: withParam({
        in: "querystring",
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", properties: { a: { type: "string" } } },
          },
        },
        examples: { e: { value: { a: "mine" } } },
      }),
      url: "https://api.example.com/q?a=mine",
    },
    {
      name: "ok/content-parameter-media-examples-value",
      p: withParam({
        in: "query",
        content: {
          "application/json": {
            schema: { type: "object", properties: { n: { type: "integer" } } },
            ...written({ e: { value: { n: 7 } } }),
          },
        },
      }),
      url: "https://api.example.com/q?p=%7B%22n%22%3A7%7D",
    },
    {
      name: "ok/content-parameter-own-examples-over-the-schema",
      p: withParam({
        in: "query",
        content: {
          "application/json": {
            schema: { type: "object", properties: { n: { type: "integer" } } },
          },
        },
        examples: { e: { dataValue: { n: 8 } } },
      }),
      url: "https://api.example.com/q?p=%7B%22n%22%3A8%7D",
    },
  ];

for (const c of exampleCases) {
  Deno.test(`operation curl written examples: ${c.name}`, () => {
    assert.equal(
      open(c.p, "get", "/q").curl.split(" \\\n  ")[0],
      `curl -X GET '${c.url}'`,
    );
  });
}

const reservedCases: {
  name: string;
  param: Record<string, unknown>;
  query: string;
}[] = [
  {
    // RFC 3986 §2.2: the reserved characters that keep the query's reading.
    name: "ok/allowReserved-keeps-reserved-characters",
    param: {
      allowReserved: true,
      schema: { type: "string", example: "a/b?c:d@e!$(*),;f" },
    },
    query: "p=a/b?c:d@e!$(*),;f",
  },
  {
    name: "ok/allowReserved-keeps-valid-escapes",
    param: { allowReserved: true, example: "x%20y%2Fz" },
    query: "p=x%20y%2Fz",
  },
  {
    name: "ok/allowReserved-array-items-joined",
    param: {
      allowReserved: true,
      explode: false,
      schema: {
        type: "array",
        items: { type: "string" },
        example: ["a/b", "c:d"],
      },
    },
    query: "p=a/b,c:d",
  },
  {
    name: "bad/allowReserved-still-encodes-what-would-split-or-end-the-url",
    param: { allowReserved: true, example: "a/b[0]#c&d+e%f g" },
    query: "p=a/b%5B0%5D%23c%26d%2Be%25f%20g",
  },
  {
    // OpenAPI 3.2 Appendix C: `&`, `=` and `+` stay encoded, as a form
    // decoder would end the name at a raw `=` (a key-value value reads
    // `k=v`, a base64 one ends `==`).
    name: "bad/allowReserved-still-encodes-an-equals-sign",
    param: { allowReserved: true, example: "k=v/QQ==" },
    query: "p=k%3Dv/QQ%3D%3D",
  },
  {
    name: "bad/allowReserved-encodes-the-equals-sign-of-joined-items",
    param: {
      allowReserved: true,
      explode: false,
      schema: {
        type: "array",
        items: { type: "string" },
        example: ["a=b", "c/d"],
      },
    },
    query: "p=a%3Db,c/d",
  },
];

for (const c of reservedCases) {
  Deno.test(`operation curl allowReserved: ${c.name}`, () => {
    const p = withParam({ in: "query", ...c.param });
    assert.equal(
      open(p, "get", "/q").curl.split(" \\\n  ")[0],
      `curl -X GET 'https://api.example.com/q?${c.query}'`,
    );
  });
}

const emptyCases: {
  name: string;
  version: "3.1.0" | "2.0";
  param: Record<string, unknown>;
  query: string;
}[] = [
  {
    name: "ok/3.x-allowEmptyValue-with-nothing-written-sends-name=",
    version: "3.1.0",
    param: { allowEmptyValue: true, schema: { type: "string" } },
    query: "p=",
  },
  {
    name: "ok/2.0-allowEmptyValue-with-nothing-written-sends-name=",
    version: "2.0",
    param: { allowEmptyValue: true, type: "string" },
    query: "p=",
  },
  {
    name: "ok/a-written-example-wins-over-the-empty-value",
    version: "3.1.0",
    param: { allowEmptyValue: true, example: "x" },
    query: "p=x",
  },
  {
    name: "ok/without-allowEmptyValue-a-placeholder",
    version: "3.1.0",
    param: { allowEmptyValue: false, schema: { type: "string" } },
    query: "p={p}",
  },
];

for (const c of emptyCases) {
  Deno.test(`operation curl allowEmptyValue: ${c.name}`, () => {
    const p = doc(
      c.version,
      { parameters: [{ name: "p", in: "query", required: true, ...c.param }] },
      {},
      { method: "get", path: "/q" },
    );
    const d = open(p, "get", "/q");
    const url = `https://api.example.com/q?${c.query}`;
    assert.equal(d.curl.split(" \\\n  ")[0], `curl -X GET '${url}'`);
    assert.ok(d.fetch.includes(JSON.stringify(url)), d.fetch);
  });
}

Deno.test("operation curl allowEmptyValue: ok/a Swagger 2.0 form field that allows it is sent empty and says so in its tree, as a query parameter is", () => {
  for (
    const [consumes, sent] of [
      ["application/x-www-form-urlencoded", "--data-raw 'e=&s=string&w=x'"],
      ["multipart/form-data", "--form-string 'e='"],
    ]
  ) {
    const p = doc("2.0", {
      consumes: [consumes],
      parameters: [
        { name: "e", in: "formData", type: "string", allowEmptyValue: true },
        { name: "s", in: "formData", type: "string" },
        // A written value is sent, as a query parameter's is.
        {
          name: "w",
          in: "formData",
          type: "string",
          allowEmptyValue: true,
          "x-example": "x",
        },
      ],
    });
    const g = new SchemaGraph(p.resolver);
    const d = operationDetail(p, "paths", "/a", "post", g)!;
    assert.ok(d.curl.includes(sent), d.curl);
    if (consumes.includes("urlencoded")) {
      assert.ok(d.fetch.includes('body: "e=&s=string&w=x"'), d.fetch);
    }
    const form = d.requestBody!.bodies[0];
    assert.equal(form.mediaType, consumes);
    const facts = Object.fromEntries(
      g.node(form.schema!.node)!.props.map((e) => [
        e.name,
        g.node(e.node)!.constraints,
      ]),
    );
    assert.deepEqual(facts, {
      e: ["empty value allowed"],
      s: [],
      w: ["empty value allowed"],
    });
  }
});

/** A 3.2 request body of `content` on `post /a`. */
const mixed = (content: Record<string, unknown>) =>
  doc("3.2.0", { requestBody: { content } });

const positionalCases: {
  name: string;
  p: ReturnType<typeof doc>;
  has?: string[];
  lacks?: string[];
}[] = [
  {
    name: "ok/multipart/mixed itemSchema: one part, typed by itemEncoding",
    p: mixed({
      "multipart/mixed": {
        itemSchema: {
          type: "object",
          properties: { part: { type: "string" } },
        },
        itemEncoding: { contentType: "application/json" },
      },
    }),
    has: [
      "-H 'Content-Type: multipart/mixed'",
      `-F 'part1="{\\"part\\":\\"string\\"}";type=application/json'`,
    ],
    lacks: ["--data"],
  },
  {
    name:
      "ok/multipart/related prefixEncoding: parts by position, a binary one a file",
    p: mixed({
      "multipart/related": {
        schema: {
          type: "array",
          prefixItems: [{ type: "object" }, {
            type: "string",
            format: "binary",
          }],
        },
        prefixEncoding: [
          { contentType: "application/json" },
          { contentType: "image/png" },
        ],
      },
    }),
    has: [
      "-H 'Content-Type: multipart/related'",
      `-F 'part1="{}";type=application/json'`,
      "-F 'part2=@path/to/file;type=image/png'",
    ],
  },
  {
    name:
      "ok/parts past the prefix are typed by itemEncoding; untyped text is left to curl",
    p: mixed({
      "multipart/mixed": {
        schema: {
          type: "array",
          prefixItems: [{ type: "string" }],
          items: { type: "object" },
        },
        example: ["a", { k: 1 }],
        prefixEncoding: [{}],
        itemEncoding: { contentType: "application/xml" },
      },
    }),
    has: [
      "--form-string 'part1=a'",
      `-F 'part2="{\\"k\\":1}";type=application/xml'`,
    ],
  },
  {
    name:
      "ok/an itemSchema body's written list is its parts, typed by prefixEncoding then itemEncoding",
    p: mixed({
      "multipart/mixed": {
        itemSchema: { type: "object" },
        example: [{ a: 1 }, "PNGDATA", "t3"],
        prefixEncoding: [
          { contentType: "application/json" },
          { contentType: "image/png" },
        ],
        itemEncoding: { contentType: "text/plain" },
      },
    }),
    has: [
      `-F 'part1="{\\"a\\":1}";type=application/json'`,
      `-F 'part2="PNGDATA";type=image/png'`,
      `-F 'part3="t3";type=text/plain'`,
    ],
  },
  {
    name: "bad/a part type that is no media type is not passed to curl",
    p: mixed({
      "multipart/mixed": {
        itemSchema: { type: "string", example: "x" },
        itemEncoding: { contentType: "a b;headers=@/etc/passwd" },
      },
    }),
    has: ["--form-string 'part1=x'"],
    lacks: ["headers=@", "type=a b"],
  },
  {
    name:
      "ok/a binary part of a contentMediaType is a file of that type, an encoding's type winning",
    p: mixed({
      "multipart/related": {
        schema: {
          type: "array",
          prefixItems: [
            { contentMediaType: "image/png" },
            { contentMediaType: "image/png" },
          ],
        },
        prefixEncoding: [{}, { contentType: "image/webp" }],
      },
    }),
    has: [
      "-F 'part1=@path/to/file;type=image/png'",
      "-F 'part2=@path/to/file;type=image/webp'",
    ],
  },
  {
    name: "bad/no part to send: no body and no multipart Content-Type",
    p: mixed({
      "multipart/mixed": {
        schema: { type: "array", maxItems: 0 },
        itemEncoding: { contentType: "text/plain" },
      },
    }),
    lacks: ["Content-Type", "-F", "--data"],
  },
];

for (const c of positionalCases) {
  Deno.test(`operation curl multipart parts: ${c.name}`, () => {
    const d = open(c.p);
    for (const s of c.has ?? []) {
      assert.ok(d.curl.includes(s), `${s}\nin\n${d.curl}`);
    }
    for (const s of c.lacks ?? []) {
      assert.ok(!d.curl.includes(s), `no ${s}\nin\n${d.curl}`);
    }
  });
}

/** A required request body of `content`, on `put /a`. */
const putBody = (
  version: "3.1.0" | "3.0.3",
  content: Record<string, unknown>,
) =>
  doc(version, { requestBody: { required: true, content } }, {}, {
    method: "put",
  });

const FILE_CURL = "--data-binary '@path/to/file'";
const FILE_FETCH = 'body: await readFile("path/to/file"),';
const FILE_PYTHON = 'data = open("path/to/file", "rb")';

const binaryCases: {
  name: string;
  p: ReturnType<typeof doc>;
  /** The Content-Type the three send. */
  type: string;
}[] = [
  {
    name: "ok/3.0 octet-stream, format: binary",
    p: putBody("3.0.3", {
      "application/octet-stream": {
        schema: { type: "string", format: "binary" },
      },
    }),
    type: "application/octet-stream",
  },
  {
    name: "ok/3.1 octet-stream without a schema",
    p: putBody("3.1.0", { "application/octet-stream": {} }),
    type: "application/octet-stream",
  },
  {
    name: "ok/3.1 image/png with an empty schema",
    p: putBody("3.1.0", { "image/png": { schema: {} } }),
    type: "image/png",
  },
  {
    name: "ok/3.1 contentMediaType without contentEncoding",
    p: putBody("3.1.0", {
      "image/png": {
        schema: { type: "string", contentMediaType: "image/png" },
      },
    }),
    type: "image/png",
  },
  {
    name: "ok/application/pdf, format: binary",
    p: putBody("3.0.3", {
      "application/pdf": { schema: { type: "string", format: "binary" } },
    }),
    type: "application/pdf",
  },
  {
    name: "ok/*/* with a binary schema is application/octet-stream",
    p: putBody("3.1.0", {
      "*/*": { schema: { type: "string", format: "binary" } },
    }),
    type: "application/octet-stream",
  },
  {
    name: "ok/image/* with a binary schema by $ref",
    p: doc("3.0.3", {
      requestBody: {
        required: true,
        content: { "image/*": { schema: { $ref: "#/components/schemas/B" } } },
      },
    }, {
      components: { schemas: { B: { type: "string", format: "binary" } } },
    }, { method: "put" }),
    type: "application/octet-stream",
  },
  {
    name: "ok/swagger 2.0 consumes octet-stream, a body of format: binary",
    p: doc(
      "2.0",
      {
        consumes: ["application/octet-stream"],
        parameters: [{
          in: "body",
          name: "data",
          required: true,
          schema: { type: "string", format: "binary" },
        }],
      },
      {},
      { method: "put" },
    ),
    type: "application/octet-stream",
  },
];

for (const c of binaryCases) {
  Deno.test(`operation curl binary body: ${c.name}: the file is sent by all three`, () => {
    const d = open(c.p, "put");
    assert.ok(d.curl.includes(`-H 'Content-Type: ${c.type}'`), d.curl);
    assert.ok(d.curl.includes(FILE_CURL), d.curl);
    assert.ok(!d.curl.includes("--data-raw"), d.curl);
    assert.ok(d.fetch.includes(`"Content-Type": "${c.type}"`), d.fetch);
    assert.ok(d.fetch.includes(FILE_FETCH), d.fetch);
    assert.ok(d.python.includes(`"Content-Type": "${c.type}"`), d.python);
    assert.ok(d.python.includes(FILE_PYTHON), d.python);
    assert.ok(d.python.includes("data=data"), d.python);
  });
}

Deno.test("operation curl binary body: bad/a base64 string (contentEncoding) and an SVG image are text, not a file", () => {
  for (
    const content of [
      {
        "image/png": {
          schema: {
            type: "string",
            contentMediaType: "image/png",
            contentEncoding: "base64",
          },
        },
      },
      { "image/svg+xml": { schema: {} } },
      { "text/plain": {} },
    ]
  ) {
    const d = open(putBody("3.1.0", content), "put");
    assert.ok(!d.curl.includes("path/to/file"), d.curl);
    assert.ok(!d.python.includes("path/to/file"), d.python);
  }
});

Deno.test("operation curl binary body: ok/a 3.1 multipart field of a contentMediaType is a file of that type to pick, a base64 one its text", () => {
  const d = open(doc("3.1.0", {
    requestBody: {
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              avatar: { type: "string", contentMediaType: "image/png" },
              thumb: {
                type: "string",
                contentMediaType: "image/png",
                contentEncoding: "base64",
                example: "iVBORw0K",
              },
            },
          },
        },
      },
    },
  }));
  assert.ok(
    d.curl.includes("-F 'avatar=@path/to/file;type=image/png'"),
    d.curl,
  );
  assert.ok(d.curl.includes("--form-string 'thumb=iVBORw0K'"), d.curl);
  assert.ok(
    d.python.includes('open("path/to/file", "rb"), "image/png")'),
    d.python,
  );
});

/**
 * The files of a multipart/form-data body and their part types, the same
 * in the cURL command (`-F name=@file;type=`), the fetch call (a Blob of
 * that type) and the Python script (a files tuple of that type): an
 * encoding's `contentType` (its first, no range), else the schema's 3.1
 * `contentMediaType`, else none (curl's guess by the file's name).
 */
const fileTypeCases: {
  name: string;
  prop: Record<string, unknown>;
  encoding?: Record<string, unknown>;
  /** The part type each file of `f` is sent with ("" for curl's guess). */
  types: string[];
}[] = [
  {
    name: "ok/contentMediaType names the type",
    prop: { contentMediaType: "image/png" },
    types: ["image/png"],
  },
  {
    name: "ok/a string of a contentMediaType (parameters dropped) likewise",
    prop: { type: "string", contentMediaType: "text/csv; charset=utf-8" },
    types: ["text/csv"],
  },
  {
    name: "ok/the encoding's contentType wins over contentMediaType",
    prop: { contentMediaType: "image/png" },
    encoding: { contentType: "image/jpeg, image/png" },
    types: ["image/jpeg"],
  },
  {
    name: "ok/an encoding's range leaves the contentMediaType",
    prop: { contentMediaType: "image/png" },
    encoding: { contentType: "image/*" },
    types: ["image/png"],
  },
  {
    name: "ok/a 3.0 binary string of an encoding's type",
    prop: { type: "string", format: "binary" },
    encoding: { contentType: "application/pdf" },
    types: ["application/pdf"],
  },
  {
    name: "ok/an array of binary items is a file per item, typed",
    prop: {
      type: "array",
      items: { contentMediaType: "image/png" },
      example: ["a", "b"],
    },
    types: ["image/png", "image/png"],
  },
  {
    name: "ok/an array of 3.0 binary strings is a file per item",
    prop: { type: "array", items: { type: "string", format: "binary" } },
    types: [""],
  },
  {
    name: "bad/a range as contentMediaType is left to curl's guess",
    prop: { contentMediaType: "image/*" },
    types: [""],
  },
  {
    name: "bad/a written object for the file is no JSON part",
    prop: { contentMediaType: "image/png", example: { a: 1 } },
    types: ["image/png"],
  },
];

for (const c of fileTypeCases) {
  Deno.test(`operation curl multipart files: ${c.name}`, () => {
    const d = open(doc("3.1.0", {
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: { type: "object", properties: { f: c.prop } },
            ...(c.encoding ? { encoding: { f: c.encoding } } : {}),
          },
        },
      },
    }));
    const curl = d.curl.split(" \\\n  ").filter((l) => l.startsWith("-F"));
    assert.deepEqual(
      curl,
      c.types.map((t) => `-F 'f=@path/to/file${t ? `;type=${t}` : ""}'`),
    );
    const blobs = [...d.fetch.matchAll(/\{ type: "([^"]*)" \}\), "file"\)/g)];
    assert.deepEqual(
      blobs.map((m) => m[1]),
      c.types.map((t) => t || "application/octet-stream"),
    );
    const tuples = [
      ...d.python.matchAll(/open\("path\/to\/file", "rb"\), "([^"]*)"\)/g),
    ];
    assert.deepEqual(
      tuples.map((m) => m[1]),
      c.types.map((t) => t || "application/octet-stream"),
    );
  });
}
