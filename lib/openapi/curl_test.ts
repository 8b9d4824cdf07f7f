/** cURL commands: quoting, servers, parameters, bodies (JSON and forms). */
import assert from "node:assert/strict";
import { joinUrl, operationCommand } from "./curl.ts";
import { operationDetail } from "./detail.ts";
import { parseSpec } from "./mod.ts";
import { corpusDir, SKIPPED } from "../../tests/helpers/corpus.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const FIX = new URL("../../tests/fixtures/openapi/", import.meta.url);

/** The cURL command of `METHOD /p` in an OpenAPI 3.1 document of `fields`. */
function command31(fields: Record<string, unknown>, method = "get"): string {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    ...fields,
  };
  return operationDetail(parseSpec(JSON.stringify(doc)), "paths", "/p", method)!
    .curl;
}

/**
 * The command's lines after the first and its Content-Type line (always
 * `multipart/form-data`, checked) for `POST /p` whose body is multipart
 * with these `properties` (and `encoding`).
 */
function multipartLines(
  properties: Record<string, unknown>,
  encoding?: Record<string, unknown>,
): string[] {
  const media = {
    schema: { type: "object", properties },
    ...(encoding ? { encoding } : {}),
  };
  const lines = command31({
    paths: {
      "/p": {
        post: {
          requestBody: { content: { "multipart/form-data": media } },
          responses: {},
        },
      },
    },
  }, "post").split(" \\\n  ").slice(1);
  assert.equal(lines[0], "-H 'Content-Type: multipart/form-data'");
  return lines.slice(1);
}

const load = (name: string) =>
  parseSpec(Deno.readTextFileSync(new URL(name, FIX)));

Deno.test("curl: ok/joinUrl keeps relative servers relative", () => {
  for (
    const [server, path, want] of [
      ["https://a.example/v1/", "/p", "https://a.example/v1/p"],
      ["/v1", "/p", "/v1/p"],
      ["", "/p", "/p"],
      ["/", "/p", "/p"],
      [".", "/p", "/p"],
    ]
  ) assert.equal(joinUrl(server, path), want, `${server} + ${path}`);
});

Deno.test("curl: ok/command shape, headers, body", () => {
  assert.equal(
    operationCommand({
      method: "POST",
      url: "https://x.example/a/{id}",
      query: [{ name: "q", value: "a b&c" }, { name: "p", value: "{p}" }],
      headers: [{ name: "X-A", value: "it's" }, { name: "@bad", value: "v" }],
      contentType: "application/json",
      body: '{"a":"it\'s"}',
    }),
    "curl -X POST 'https://x.example/a/{id}?q=a%20b%26c&p={p}' \\\n" +
      "  --globoff \\\n" +
      "  -H 'X-A: it'\\''s' \\\n" +
      "  -H 'Content-Type: application/json' \\\n" +
      "  --data-raw '{\"a\":\"it'\\''s\"}'",
  );
  assert.equal(
    operationCommand({
      method: "co py",
      url: "/a[1]",
      query: [],
      headers: [],
      contentType: "",
      body: null,
    }),
    "curl -X 'co py' '/a[1]' \\\n  --globoff",
  );
});

Deno.test("curl: ok/OpenAPI 3.1: operation server variables, required query and header, JSON body", () => {
  const d = operationDetail(
    load("detail-3.1.yaml"),
    "paths",
    "/orders/{orderId}",
    "post",
  )!;
  assert.equal(d.server, "https://api.example.com/v2");
  const lines = d.curl.split(" \\\n  ");
  assert.equal(
    lines[0],
    "curl -X POST 'https://api.example.com/v2/orders/{orderId}?dryRun=false'",
  );
  assert.equal(lines[1], "--globoff");
  assert.equal(lines[2], "-H 'X-Trace: it'\\''s'");
  assert.equal(lines[3], "-H 'Content-Type: application/json'");
  // The written `examples` entry, the one the detail shows first (as
  // Swagger UI, Redoc and Scalar send it), not the generated example.
  assert.equal(lines[4], `--data-raw '{"id":"o1","lines":[]}'`);
});

Deno.test("curl: ok/server: operation's, else path's, else the document's", () => {
  const p = load("detail-3.1.yaml");
  assert.equal(
    operationDetail(p, "paths", "/pets", "put")!.server,
    "https://op.example.com",
  );
  const get = operationDetail(p, "paths", "/pets", "get")!;
  assert.equal(get.server, "/relative");
  assert.equal(get.curl, "curl -X GET '/relative/pets'");
  // A JSON body is chosen over an XML one listed first.
  assert.match(
    operationDetail(p, "paths", "/pets", "put")!.curl,
    /Content-Type: application\/json/,
  );
});

Deno.test("curl: ok/Swagger 2.0: the first listed scheme, host, basePath; body; urlencoded and multipart forms", () => {
  const p = load("form-2.0.yaml");
  const pets = operationDetail(p, "paths", "/pets", "post")!;
  assert.equal(
    pets.curl,
    "curl -X POST 'http://forms.example.com/v1/pets' \\\n" +
      "  -H 'Content-Type: application/json' \\\n" +
      `  --data-raw '{"name":"Rex","born":"2024-01-01"}'`,
  );
  const login = operationDetail(p, "paths", "/login", "post")!;
  assert.equal(
    login.curl,
    "curl -X POST 'http://forms.example.com/v1/login' \\\n" +
      "  -H 'Content-Type: application/x-www-form-urlencoded' \\\n" +
      "  --data-raw 'user=o%27neil&remember=true&tags=string'",
  );
  const up = operationDetail(p, "paths", "/upload", "post")!;
  // --form-string: "@…" is a value, never a file curl would read.
  assert.equal(
    up.curl,
    "curl -X POST 'http://forms.example.com/v1/upload' \\\n" +
      "  -H 'Content-Type: multipart/form-data' \\\n" +
      "  -F 'file=@path/to/file' \\\n" +
      "  --form-string 'label=@etc/passwd'",
  );
});

/**
 * A 3.1 document whose `POST /p` takes a body of `type` with `name` and
 * `age`, and the media type's other fields `media`.
 */
function nameAgeSpec(type: string, media: Record<string, unknown>) {
  return parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    components: {
      examples: { Jo: { summary: "Jo", value: { name: "Jo", age: 7 } } },
    },
    paths: {
      "/p": {
        post: {
          requestBody: {
            content: {
              [type]: {
                schema: {
                  type: "object",
                  properties: {
                    name: { type: "string" },
                    age: { type: "integer" },
                  },
                },
                ...media,
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  }));
}

Deno.test("curl: ok/the body is the written example, the one the detail shows first, else the generated one", () => {
  const spec = (media: Record<string, unknown>) =>
    nameAgeSpec("application/json", media);
  const body = (media: Record<string, unknown>) =>
    operationDetail(spec(media), "paths", "/p", "post")!.curl.split(" \\\n  ")
      .at(-1);
  const generated = `--data-raw '{"name":"string","age":0}'`;
  assert.equal(
    body({ example: { name: "Alice", age: 30 } }),
    `--data-raw '{"name":"Alice","age":30}'`,
  );
  assert.equal(
    body({ examples: { y: { value: { age: 1 } } } }),
    `--data-raw '{"age":1}'`,
  );
  assert.equal(body({}), generated);
  // A written example is the body's only one: none is generated beside it.
  const d = operationDetail(
    spec({ example: { name: "Alice", age: 30 } }),
    "paths",
    "/p",
    "post",
  )!;
  assert.deepEqual(
    d.requestBody!.bodies[0].examples.map((e) => e.generated),
    [false],
  );
  const none = operationDetail(spec({}), "paths", "/p", "post")!;
  assert.deepEqual(
    none.requestBody!.bodies[0].examples.map((e) => e.generated),
    [true],
  );
});

Deno.test("curl: ok/a written example with NUL bytes is piped in, not cut", () => {
  const command = operationCommand({
    method: "POST",
    url: "https://x.example/p",
    query: [],
    headers: [],
    contentType: "text/plain",
    body: "a\0b",
  });
  assert.equal(
    command,
    "printf 'a\\000b' |\ncurl -X POST 'https://x.example/p' \\\n" +
      "  -H 'Content-Type: text/plain' \\\n  --data-binary @-",
  );
});

Deno.test("curl: ok/required array and object parameters are serialized as their style says", () => {
  const url = (parameters: unknown[], swagger = false) => {
    const doc = swagger
      ? { swagger: "2.0", info: { title: "t", version: "1" } }
      : { openapi: "3.1.0", info: { title: "t", version: "1" } };
    const p = parseSpec(JSON.stringify({
      ...doc,
      paths: { "/p": { get: { parameters, responses: {} } } },
    }));
    const curl = operationDetail(p, "paths", "/p", "get")!.curl;
    return {
      query: decodeURIComponent(curl.split("'")[1].split("?")[1] ?? ""),
      headers: [...curl.matchAll(/-H '([^']*)'/g)].map((m) => m[1]),
    };
  };
  const q = (more: Record<string, unknown>, example: unknown) => ({
    name: "a",
    in: "query",
    required: true,
    schema: { type: Array.isArray(example) ? "array" : "object" },
    example,
    ...more,
  });
  const CASES: [string, unknown[], string][] = [
    ["ok/form array explodes", [q({}, ["x", "y"])], "a=x&a=y"],
    [
      "ok/form array, explode false",
      [q({ explode: false }, ["x", "y"])],
      "a=x,y",
    ],
    ["ok/spaceDelimited", [
      q({ style: "spaceDelimited", explode: false }, ["x", "y"]),
    ], "a=x y"],
    ["ok/pipeDelimited", [
      q({ style: "pipeDelimited", explode: false }, ["x", "y"]),
    ], "a=x|y"],
    [
      "ok/form object explodes into its properties",
      [q({}, { k: 1, m: "n" })],
      "k=1&m=n",
    ],
    [
      "ok/form object, explode false",
      [q({ explode: false }, { k: 1, m: "n" })],
      "a=k,1,m,n",
    ],
    [
      "ok/deepObject",
      [q({ style: "deepObject", explode: true }, { k: "1" })],
      "a[k]=1",
    ],
    ["ok/a default serves when no example", [{
      name: "a",
      in: "query",
      required: true,
      schema: { type: "array", default: ["d"] },
    }], "a=d"],
    ["ok/no value: a placeholder", [{
      name: "a",
      in: "query",
      required: true,
      schema: { type: "array" },
    }], "a={a}"],
    ["ok/no value, a deepObject array: its placeholder as an item, `a[]`", [{
      name: "a",
      in: "query",
      required: true,
      style: "deepObject",
      explode: true,
      schema: { type: "array" },
    }], "a[]={a}"],
    ["ok/no value, a deepObject object: the placeholder under its name", [{
      name: "a",
      in: "query",
      required: true,
      style: "deepObject",
      schema: { type: "object" },
    }], "a={a}"],
    [
      "ok/no value, a deepObject object with properties: its generated sample, bracketed at every depth",
      [{
        name: "a",
        in: "query",
        required: true,
        style: "deepObject",
        explode: true,
        schema: {
          type: "object",
          properties: {
            s: { type: "string", enum: ["on"] },
            o: {
              type: "object",
              properties: {
                n: { type: "integer", minimum: 3 },
                t: { type: "array", items: { type: "boolean" } },
              },
            },
            l: {
              type: "array",
              items: { type: "object", properties: { x: { const: "y" } } },
            },
          },
        },
      }],
      "a[s]=on&a[o][n]=3&a[o][t][]=true&a[l][0][x]=y",
    ],
    [
      "ok/no value, a deepObject array of objects: its sample's items by index",
      [{
        name: "a",
        in: "query",
        required: true,
        style: "deepObject",
        explode: true,
        schema: {
          type: "array",
          items: { type: "object", properties: { x: { type: "integer" } } },
        },
      }],
      "a[0][x]=0",
    ],
  ];
  for (const [name, params, want] of CASES) {
    assert.equal(url(params).query, want, name);
  }
  // A header joins its items with commas (style simple).
  assert.deepEqual(
    url([{
      name: "X-Ids",
      in: "header",
      required: true,
      schema: { type: "array" },
      example: [1, 2],
    }]).headers,
    ["X-Ids: 1,2"],
  );
  // The body's framing is each client's own (RFC 9110 §8.6): a required
  // Content-Length or Transfer-Encoding parameter (storage APIs declare
  // one) would cut the body or be refused, so it is not sent as written.
  const header = (name: string) => ({
    name,
    in: "header",
    required: true,
    schema: { type: "integer" },
    example: 3,
  });
  assert.deepEqual(
    url([
      header("Content-Length"),
      header("transfer-encoding"),
      header("X-Length"),
    ]).headers,
    ["X-Length: 3"],
  );
  // Swagger 2.0: collectionFormat, csv by default.
  const v2 = (collectionFormat?: string) =>
    url([{
      name: "a",
      in: "query",
      required: true,
      type: "array",
      items: { type: "string" },
      default: ["x", "y"],
      ...(collectionFormat ? { collectionFormat } : {}),
    }], true).query;
  assert.equal(v2(), "a=x,y");
  assert.equal(v2("multi"), "a=x&a=y");
  assert.equal(v2("pipes"), "a=x|y");
  assert.equal(v2("tsv"), "a=x\ty");
  // Arrays in arrays: each level as its Items Object's collectionFormat
  // says, csv by default.
  const nested = (items: Record<string, unknown>) =>
    url([{
      name: "n",
      in: "query",
      required: true,
      type: "array",
      collectionFormat: "pipes",
      items: { type: "array", items: { type: "integer" }, ...items },
      default: [[1, 2], [3, 4]],
    }], true).query;
  assert.equal(nested({}), "n=1,2|3,4");
  // OpenAPI 3 defines no way to write arrays inside arrays: as JSON.
  assert.equal(
    url([q({ explode: false }, [[1, 2], ["a"]])]).query,
    'a=[1,2],["a"]',
  );
  assert.equal(nested({ collectionFormat: "ssv" }), "n=1 2|3 4");
  // Swagger 2.0's parameter example is x-example; 3.x's example first.
  const xExample = url([
    {
      name: "q",
      in: "query",
      required: true,
      type: "string",
      "x-example": "abc",
    },
    {
      name: "X-H",
      in: "header",
      required: true,
      type: "string",
      "x-example": "hv",
    },
  ], true);
  assert.deepEqual(xExample, { query: "q=abc", headers: ["X-H: hv"] });
  assert.equal(
    url([{ ...q({}, "own"), schema: { type: "string" }, "x-example": "x" }])
      .query,
    "a=own",
  );
  // 3.x's examples map, 3.1's examples list, const, the first non-null
  // enum value: what the generated examples use, in that order.
  const scalar = (more: Record<string, unknown>) =>
    url([{ name: "a", in: "query", required: true, ...more }]).query;
  assert.equal(
    scalar({
      schema: { type: "string", const: "c" },
      examples: {
        none: { summary: "no value" },
        one: { value: "ex" },
      },
    }),
    "a=ex",
  );
  assert.equal(
    scalar({ schema: { type: ["integer", "null"], examples: [3] } }),
    "a=3",
  );
  assert.equal(scalar({ schema: { const: "fast" } }), "a=fast");
  assert.equal(scalar({ schema: { enum: [null, "open"] } }), "a=open");
});

Deno.test("curl: ok/a multipart object goes as one JSON part, and a part's encoding gives its type", () => {
  const lines = multipartLines({
    meta: {
      type: "object",
      properties: { a: { type: "string", example: 'x;"y"' } },
    },
    tags: { type: "array", items: { type: "string" } },
    upload: { type: "string", format: "binary" },
    note: { type: "string", example: "@not-a-file" },
  }, { upload: { contentType: "image/png, image/jpeg" } });
  assert.deepEqual(lines, [
    `-F 'meta="{\\"a\\":\\"x;\\\\\\"y\\\\\\"\\"}";type=application/json'`,
    "--form-string 'tags=string'",
    "-F 'upload=@path/to/file;type=image/png'",
    "--form-string 'note=@not-a-file'",
  ]);
});

Deno.test("curl: ok/a joined item keeps its own comma encoded and the separator literal (RFC 6570 §3.2.8)", () => {
  const p = parseSpec(JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/p": {
        get: {
          parameters: [{
            name: "tags",
            in: "query",
            required: true,
            explode: false,
            schema: { type: "array" },
            example: ["a,b", "c d"],
          }],
          responses: {},
        },
      },
    },
  }));
  assert.match(
    operationDetail(p, "paths", "/p", "get")!.curl,
    /\?tags=a%2Cb,c%20d'/,
  );
});

Deno.test("curl: ok/hostile aliased examples under every required parameter and form field make a bounded command", () => {
  const fan = ["a0: &a0 [xxxxxxxxxx, xxxxxxxxxx, xxxxxxxxxx, xxxxxxxxxx]"];
  for (let i = 1; i <= 6; i++) {
    fan.push(`a${i}: &a${i} [${Array(8).fill(`*a${i - 1}`).join(", ")}]`);
  }
  const params = Array.from(
    { length: 300 },
    (_, i) =>
      `        - {name: p${i}, in: query, required: true, schema: {type: array}, example: *a6}`,
  ).join("\n");
  const props = Array.from({ length: 300 }, (_, i) => `f${i}: *a6`).join(", ");
  const text = `openapi: 3.0.3
info: {title: t, version: "1"}
x-fan:
${fan.map((l) => "  " + l).join("\n")}
paths:
  /p:
    post:
      parameters:
${params}
      requestBody:
        content:
          multipart/form-data:
            schema: {type: object}
            example: {${props}}
      responses: {}
`;
  let curl = "";
  const ms = cpuMs(() =>
    curl = operationDetail(parseSpec(text), "paths", "/p", "post")!.curl
  );
  assert.ok(ms < 1000, `bounded time: ${ms} ms`);
  assert.ok(curl.length < 400_000, `${curl.length} characters`);
});

Deno.test("curl: ok/an urlencoded array is written as its collectionFormat or encoding says", () => {
  const body = (text: string) =>
    decodeURIComponent(
      operationDetail(parseSpec(text), "paths", "/p", "post")!.curl.match(
        /--data-raw '([^']*)'/,
      )![1],
    );
  const v2 = (format?: string) =>
    body(JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      consumes: ["application/x-www-form-urlencoded"],
      paths: {
        "/p": {
          post: {
            parameters: [{
              name: "ids",
              in: "formData",
              type: "array",
              items: { type: "string" },
              default: ["x", "y"],
              ...(format ? { collectionFormat: format } : {}),
            }],
            responses: {},
          },
        },
      },
    }));
  assert.equal(v2(), "ids=x,y");
  assert.equal(v2("multi"), "ids=x&ids=y");
  assert.equal(v2("pipes"), "ids=x|y");
  const v3 = (encoding?: Record<string, unknown>) =>
    body(JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/p": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: {
                    type: "object",
                    properties: {
                      ids: {
                        type: "array",
                        items: { type: "string" },
                        example: ["x", "y"],
                      },
                    },
                  },
                  ...(encoding ? { encoding: { ids: encoding } } : {}),
                },
              },
            },
            responses: {},
          },
        },
      },
    }));
  assert.equal(v3(), "ids=x&ids=y");
  assert.equal(v3({ explode: false }), "ids=x,y");
  assert.equal(v3({ style: "pipeDelimited", explode: false }), "ids=x|y");
});

Deno.test("curl: ok/a form's nested objects and arrays of objects are written with brackets at every level, as Stripe reads them", () => {
  const doc = {
    openapi: "3.0.0",
    info: { title: "t", version: "1" },
    paths: {
      "/charges": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  example: {
                    amount: 100,
                    shipping: {
                      name: "Jo",
                      address: { city: "Paris", lines: ["1 rue", "B"] },
                    },
                    items: [{ price: "p_1", qty: 2 }],
                    expand: ["customer", "invoice"],
                    coupon: null,
                  },
                },
              },
            },
          },
          responses: {},
        },
      },
    },
  };
  const curl = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/charges",
    "post",
  )!.curl;
  const body = curl.match(/--data-raw '([^']*)'/)![1];
  assert.deepEqual(body.split("&").map(decodeURIComponent), [
    "amount=100",
    "shipping[name]=Jo",
    "shipping[address][city]=Paris",
    "shipping[address][lines][]=1+rue",
    "shipping[address][lines][]=B",
    "items[0][price]=p_1",
    "items[0][qty]=2",
    "expand=customer",
    "expand=invoice",
    "coupon=",
  ]);
});

Deno.test("curl: ok/a form field of style deepObject (its encoding's) sends an array as `name[]` per item, and nests as a deepObject query parameter does", () => {
  const body = (
    example: Record<string, unknown>,
    encoding: Record<string, unknown>,
  ) => {
    const curl = command31({
      paths: {
        "/p": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: { type: "object", example },
                  encoding,
                },
              },
            },
            responses: {},
          },
        },
      },
    }, "post");
    return curl.match(/--data-raw '([^']*)'/)![1].split("&").map(
      decodeURIComponent,
    );
  };
  const DEEP = { style: "deepObject", explode: true };
  const CASES: [
    string,
    Record<string, unknown>,
    Record<string, unknown>,
    string[],
  ][] = [
    [
      "ok/an array of values: `name[]` per item",
      { expand: ["customer", "invoice"] },
      { expand: DEEP },
      ["expand[]=customer", "expand[]=invoice"],
    ],
    [
      "ok/without the encoding, style form: the name repeated",
      { expand: ["customer", "invoice"] },
      {},
      ["expand=customer", "expand=invoice"],
    ],
    [
      "ok/an array of objects by index, its arrays of values `[]`",
      { line_items: [{ price: "p_1", tax_rates: ["t1", "t2"] }] },
      { line_items: DEEP },
      [
        "line_items[0][price]=p_1",
        "line_items[0][tax_rates][]=t1",
        "line_items[0][tax_rates][]=t2",
      ],
    ],
    [
      "ok/objects inside objects",
      { metadata: { order: "6735" }, shipping: { address: { city: "Paris" } } },
      { metadata: DEEP, shipping: DEEP },
      ["metadata[order]=6735", "shipping[address][city]=Paris"],
    ],
    [
      "ok/a value is a field as it is",
      { amount: 100 },
      { amount: DEEP },
      ["amount=100"],
    ],
  ];
  for (const [name, example, encoding, want] of CASES) {
    assert.deepEqual(body(example, encoding), want, name);
  }
});

const STRIPE = corpusDir("specs", { quiet: true });

Deno.test({
  name:
    "curl: ok/Stripe's own deepObject declarations: GET /v1/charges `expand` (a query array) and POST /v1/checkout/sessions (a form of nested objects) are sent as Stripe reads them" +
    (STRIPE ? "" : SKIPPED),
  ignore: !STRIPE,
  fn: () => {
    const p = parseSpec(Deno.readTextFileSync(`${STRIPE}stripe-spec3.json`));
    const doc = p.doc as {
      paths: Record<string, Record<string, { parameters: unknown[] }>>;
    };
    const charges = doc.paths["/v1/charges"].get;
    const expand = charges.parameters.find((x) =>
      (x as { name: string }).name === "expand"
    ) as Record<string, unknown>;
    // Stripe's own declaration, as it is: an optional array of strings,
    // `style: deepObject, explode: true`.
    assert.deepEqual(
      [expand.in, expand.style, expand.explode, expand.required],
      ["query", "deepObject", true, false],
    );
    const sent = (doc: unknown, path: string, method: string) => {
      const curl =
        operationDetail(parseSpec(JSON.stringify(doc)), "paths", path, method)!
          .curl;
      const url = curl.split("'")[1];
      const body = curl.match(/--data-raw '([^']*)'/)?.[1] ?? "";
      return [
        ...(url.split("?")[1] ?? "").split("&"),
        ...body.split("&"),
      ].filter(Boolean).map(decodeURIComponent);
    };
    const CASES: [string, unknown, string, string, string[], string[]][] = [
      [
        "ok/GET /v1/charges: `expand` required, with an example",
        {
          ...p.doc,
          paths: {
            "/v1/charges": {
              get: {
                ...charges,
                parameters: [{
                  ...expand,
                  required: true,
                  example: ["data.customer", "data.invoice"],
                }],
              },
            },
          },
        },
        "/v1/charges",
        "get",
        ["expand[]=data.customer", "expand[]=data.invoice"],
        ["expand=data.customer"],
      ],
      [
        "ok/POST /v1/checkout/sessions: its generated form",
        p.doc,
        "/v1/checkout/sessions",
        "post",
        [
          "expand[]=string",
          "payment_method_types[]=card",
          "line_items[0][price_data][recurring][interval]=day",
          "line_items[0][tax_rates][]=string",
          "metadata[property1]=string",
          "subscription_data[items][0][tax_rates][]=string",
        ],
        ["expand=string", "payment_method_types=card"],
      ],
    ];
    for (const [name, d, path, method, has, hasNot] of CASES) {
      const pairs = sent(d, path, method);
      for (const h of has) assert.ok(pairs.includes(h), `${name}: ${h}`);
      for (const h of hasNot) assert.ok(!pairs.includes(h), `${name}: ${h}`);
    }
  },
});

Deno.test("curl: ok/separators: a pipe between items is %7C in a URL (OpenAPI 3.2's style examples; RFC 3986 has no raw pipe), a pipe in a header or multipart field; 2.0 headers and multipart arrays follow collectionFormat", () => {
  const curl = (doc: Record<string, unknown>, method = "get") =>
    operationDetail(parseSpec(JSON.stringify(doc)), "paths", "/p", method)!
      .curl;
  const v3 = curl({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/p": {
        get: {
          parameters: [{
            name: "p",
            in: "query",
            required: true,
            style: "pipeDelimited",
            explode: false,
            schema: { type: "array" },
            example: ["1", "a|b"],
          }],
          responses: {},
        },
      },
    },
  });
  assert.match(v3, /\?p=1%7Ca%7Cb'/);
  const v2 = (at: string) =>
    curl({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      consumes: ["multipart/form-data"],
      paths: {
        "/p": {
          post: {
            parameters: [{
              name: "ids",
              in: at,
              required: true,
              type: "array",
              items: { type: "string" },
              collectionFormat: "pipes",
              default: ["a", "b"],
            }],
            responses: {},
          },
        },
      },
    }, "post");
  assert.match(v2("header"), /-H 'ids: a\|b'/);
  assert.match(v2("formData"), /--form-string 'ids=a\|b'/);
});

Deno.test("curl: ok/content parameters and long names spend the one budget", () => {
  const big = JSON.stringify({ k: "v".repeat(11_000) });
  const parameters = Array.from({ length: 200 }, (_, i) => ({
    name: `p${i}`,
    in: "query",
    required: true,
    content: { "application/json": { example: JSON.parse(big) } },
  }));
  const withContent = command31({
    paths: { "/p": { get: { parameters, responses: {} } } },
  }, "get");
  assert.ok(withContent.length < 400_000, `${withContent.length}`);
  const longName = "n".repeat(50_000);
  const named = multipartLines({
    [longName]: { type: "array", example: Array(100).fill(1) },
  }).join(" \\\n  ");
  assert.ok(named.length < 400_000, `${named.length}`);
});

Deno.test("curl: ok/server variables stay bounded; a part type drops its parameters; a bracketed field keeps its place; placeholders count as fields", () => {
  const url = "{v}".repeat(24_000);
  const hostile = command31({
    servers: [{ url, variables: { v: { default: "a".repeat(24_000) } } }],
    paths: { "/p": { get: { responses: {} } } },
  }, "get");
  assert.ok(hostile.length < 200_000, `${hostile.length}`);
  const multipart = multipartLines({
    first: { type: "string", example: "1" },
    "br[0]": { type: "string", example: "2" },
    obj: {
      type: "object",
      properties: { a: { type: "string", example: "x" } },
    },
  }, { obj: { contentType: "application/xml; charset=utf-8" } });
  assert.deepEqual(multipart, [
    "--form-string 'first=1'",
    "--form-string 'br[0]=2'",
    `-F 'obj="{\\"a\\":\\"x\\"}";type=application/xml'`,
  ]);
  const many = command31({
    paths: {
      "/p": {
        get: {
          parameters: Array.from({ length: 5_000 }, (_, i) => ({
            name: `p${i}`,
            in: "query",
            required: true,
            schema: { type: "string" },
          })),
          responses: {},
        },
      },
    },
  }, "get");
  assert.equal(many.split("&").length, 1_000);
});

Deno.test("curl: bad/a form example whose aliases fan out to empty objects seven levels down is walked in bounded time", () => {
  // Each level: 100 keys naming the level below; the bottom is {}, seven
  // levels down: an empty object within the bracket depth writes no field.
  let yaml = "openapi: 3.2.0\ninfo: {title: t, version: '1'}\nx-levels:\n";
  yaml += "  l0: &l0 {}\n";
  for (let d = 1; d <= 8; d++) {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}: *l${d - 1}`);
    yaml += `  l${d}: &l${d} {${keys.join(", ")}}\n`;
  }
  // A 3.2 querystring parameter's example is written as a form as is.
  yaml +=
    "paths:\n  /p:\n    get:\n      parameters:\n        - {name: q, in: querystring, required: true, content: {application/x-www-form-urlencoded: {example: {deep: *l7}}}}\n      responses: {}\n";
  let curl = "";
  const ms = cpuMs(() =>
    curl = operationDetail(parseSpec(yaml), "paths", "/p", "get")!.curl
  );
  assert.ok(ms < 2000, `bounded time: ${ms} ms`);
  assert.match(curl, /^curl -X GET '\/p/);
});

Deno.test("curl: bad/a form example reaching one object of 300,000 keys a hundred times lists its keys once", () => {
  let yaml =
    "openapi: 3.2.0\ninfo: {title: t, version: '1'}\nx-levels:\n  e: &e {}\n";
  yaml += "  l: &l {" +
    Array.from({ length: 300_000 }, (_, i) => `k${i}: *e`).join(", ") + "}\n";
  yaml += "  m: &m {" +
    Array.from({ length: 100 }, (_, i) => `m${i}: *l`).join(", ") + "}\n";
  // One document with both operations: parsing 300,000 keys is the slow
  // part of this test, and each detail is built afresh (nothing is kept).
  const param = (example: string) =>
    `      parameters:\n        - {name: q, in: querystring, required: true, content: {application/x-www-form-urlencoded: {example: {deep: ${example}}}}}\n      responses: {}\n`;
  const p = parseSpec(
    yaml +
      `paths:\n  /l:\n    get:\n${param("*l")}  /m:\n    get:\n${param("*m")}`,
  );
  const time = (path: string) =>
    cpuMs(() => {
      const curl = operationDetail(p, "paths", path, "get")!.curl;
      assert.match(curl, new RegExp(`^curl -X GET '\\${path}`));
    });
  // Listing all its keys at each of the 100 visits took 3-15 s; once, 40
  // ms. Measured against one visit in the same run, so a loaded machine
  // slows both.
  const once = Math.min(time("/l"), time("/l"));
  const ms = time("/m");
  assert.ok(
    ms < 10 * once + 200,
    `${ms.toFixed(0)} ms, once ${once.toFixed(0)}`,
  );
});

Deno.test("curl: ok/a form body sends the media type's written example, the one the detail shows; a JSON body too", () => {
  const curl = (type: string, media: Record<string, unknown>) =>
    operationDetail(nameAgeSpec(type, media), "paths", "/p", "post")!.curl;
  const form = "application/x-www-form-urlencoded";
  assert.match(
    curl(form, { example: { name: "Ann", age: 30 } }),
    /--data-raw 'name=Ann&age=30'$/,
  );
  // From `examples`, through a $ref.
  assert.match(
    curl(form, { examples: { a: { $ref: "#/components/examples/Jo" } } }),
    /--data-raw 'name=Jo&age=7'$/,
  );
  // Written already encoded, or as 3.2's serializedValue: sent as it is.
  assert.match(
    curl(form, { example: "name=Ann&age=30" }),
    /--data-raw 'name=Ann&age=30'$/,
  );
  assert.match(
    curl(form, { examples: { s: { serializedValue: "name=Bo&age=1" } } }),
    /--data-raw 'name=Bo&age=1'$/,
  );
  assert.match(
    curl("multipart/form-data", { example: { name: "Ann", age: 30 } }),
    /--form-string 'name=Ann' \\\n {2}--form-string 'age=30'$/,
  );
  // None written, or nothing a form can hold: generated from the schema.
  const generated = /--data-raw 'name=string&age=0'$/;
  assert.match(curl(form, {}), generated);
  assert.match(curl(form, { example: null }), generated);
  assert.match(curl(form, { example: [1, 2] }), generated);
  assert.match(
    curl("multipart/form-data", { example: "raw" }),
    /--form-string 'name=string' \\\n {2}--form-string 'age=0'$/,
  );
  // JSON: the written example too, shown first.
  assert.match(
    curl("application/json", { example: { name: "Ann", age: 30 } }),
    /--data-raw '\{"name":"Ann","age":30\}'$/,
  );
});

Deno.test("curl: bad/a server URL of 150,000 slashes and a letter joins in linear time", () => {
  const server = "/".repeat(150_000) + "x";
  const ms = cpuMs(() => {
    assert.equal(joinUrl(server, "/p"), server + "/p");
    assert.equal(joinUrl("https://a.example///", "/p"), "https://a.example/p");
    // The trailing-slash pattern took 10 s for one operation.
  });
  assert.ok(ms < 500, `${ms} ms`);
});

Deno.test("curl: ok/a form with nothing to send sends no Content-Type; an empty JSON object still does", () => {
  const curl = (type: string, schema: unknown) =>
    operationDetail(
      parseSpec(JSON.stringify({
        openapi: "3.0.0",
        info: { title: "T", version: "1" },
        paths: {
          "/v1/customers": {
            get: {
              // As Stripe declares on its GETs: an empty form.
              requestBody: { content: { [type]: { schema } } },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      })),
      "paths",
      "/v1/customers",
      "get",
    )!.curl;
  const empty = { type: "object", properties: {} };
  for (
    const type of [
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "Application/X-WWW-Form-Urlencoded",
    ]
  ) {
    assert.equal(curl(type, empty), "curl -X GET '/v1/customers'", type);
  }
  assert.match(
    curl("application/json", empty),
    /-H 'Content-Type: application\/json' \\\n {2}--data-raw '\{\}'/,
  );
});

Deno.test("curl: ok/OpenAPI 3.0 ignores a multipart part's style (urlencoded only there): an array goes a part per item, as its encoding line says", () => {
  const detail = (openapi: string) =>
    operationDetail(
      parseSpec(JSON.stringify({
        openapi,
        info: { title: "T", version: "1" },
        paths: {
          "/p": {
            post: {
              requestBody: {
                content: {
                  "multipart/form-data": {
                    schema: {
                      type: "object",
                      properties: {
                        tags: {
                          type: "array",
                          items: { type: "string" },
                          example: ["a", "b"],
                        },
                      },
                    },
                    encoding: { tags: { explode: false } },
                  },
                },
              },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      })),
      "paths",
      "/p",
      "post",
    )!;
  const v30 = detail("3.0.3");
  assert.match(
    v30.curl,
    /--form-string 'tags=a' \\\n {2}--form-string 'tags=b'$/,
  );
  assert.deepEqual(v30.requestBody!.bodies[0].encoding, []);
  const v31 = detail("3.1.0");
  assert.match(v31.curl, /--form-string 'tags=a,b'$/);
  assert.deepEqual(v31.requestBody!.bodies[0].encoding, [
    { name: "tags", facts: ["explode false"] },
  ]);
});

/**
 * A multipart field's encoding `style` by version: OpenAPI 3.0 applies
 * `style` to urlencoded bodies alone (its object is one JSON part); 3.1
 * and 3.2 to multipart/form-data too, `style`, `explode` or
 * `allowReserved` given making the part's contentType ignored (3.2
 * §4.15.1.2), so the field goes as a query parameter of that style would,
 * in text parts without percent-encoding: `deepObject` bracketed, `form`
 * exploded a part per member named by its key, else joined (Swagger UI's
 * request sends the same parts).
 */
const multipartStyleCases: {
  name: string;
  openapi: string;
  encoding: Record<string, unknown>;
  want: string[];
}[] = [
  {
    name:
      "ok/3.0 ignores it: the object is one JSON part, the array a part per item",
    openapi: "3.0.3",
    encoding: { style: "deepObject", explode: true },
    want: [
      `-F 'meta="{\\"a\\":\\"1\\",\\"b\\":{\\"c\\":\\"2\\"}}";type=application/json'`,
      "--form-string 'tags=x'",
      "--form-string 'tags=y'",
    ],
  },
  {
    name: "ok/3.1 brackets the object's members and the array's items",
    openapi: "3.1.0",
    encoding: { style: "deepObject", explode: true },
    want: [
      "--form-string 'meta[a]=1'",
      "--form-string 'meta[b][c]=2'",
      "--form-string 'tags[]=x'",
      "--form-string 'tags[]=y'",
    ],
  },
  {
    name: "ok/3.2 likewise, and the style wins over a contentType given",
    openapi: "3.2.0",
    encoding: {
      style: "deepObject",
      explode: true,
      contentType: "application/json",
    },
    want: [
      "--form-string 'meta[a]=1'",
      "--form-string 'meta[b][c]=2'",
      "--form-string 'tags[]=x'",
      "--form-string 'tags[]=y'",
    ],
  },
  {
    name:
      "ok/3.1 style form: the object a text part per member named by its key, the array a part per item",
    openapi: "3.1.0",
    encoding: { style: "form" },
    want: [
      "--form-string 'a=1'",
      `--form-string 'b={"c":"2"}'`,
      "--form-string 'tags=x'",
      "--form-string 'tags=y'",
    ],
  },
  {
    name:
      "ok/3.1 form not exploded: one part each, keys and values joined by commas",
    openapi: "3.1.0",
    encoding: { style: "form", explode: false },
    want: [
      `--form-string 'meta=a,1,b,{"c":"2"}'`,
      "--form-string 'tags=x,y'",
    ],
  },
  {
    name:
      "ok/3.2 explode alone is style form, and the contentType given is ignored",
    openapi: "3.2.0",
    encoding: { explode: false, contentType: "application/xml" },
    want: [
      `--form-string 'meta=a,1,b,{"c":"2"}'`,
      "--form-string 'tags=x,y'",
    ],
  },
  {
    name: "ok/3.2 pipeDelimited joins with a pipe, not percent-encoded",
    openapi: "3.2.0",
    encoding: { style: "pipeDelimited" },
    want: [
      `--form-string 'meta=a|1|b|{"c":"2"}'`,
      "--form-string 'tags=x|y'",
    ],
  },
  {
    name: "ok/3.0 ignores style form too: the object is one JSON part",
    openapi: "3.0.3",
    encoding: { style: "form", explode: false },
    want: [
      `-F 'meta="{\\"a\\":\\"1\\",\\"b\\":{\\"c\\":\\"2\\"}}";type=application/json'`,
      "--form-string 'tags=x'",
      "--form-string 'tags=y'",
    ],
  },
  {
    name:
      "ok/3.1 a contentType alone: the object one part of that type, the array a part per item",
    openapi: "3.1.0",
    encoding: { contentType: "application/xml" },
    want: [
      `-F 'meta="{\\"a\\":\\"1\\",\\"b\\":{\\"c\\":\\"2\\"}}";type=application/xml'`,
      `-F 'tags="x";type=application/xml'`,
      `-F 'tags="y";type=application/xml'`,
    ],
  },
];

for (const c of multipartStyleCases) {
  Deno.test(`curl: multipart style: ${c.name}`, () => {
    const d = operationDetail(
      parseSpec(JSON.stringify({
        openapi: c.openapi,
        info: { title: "T", version: "1" },
        paths: {
          "/p": {
            post: {
              requestBody: {
                content: {
                  "multipart/form-data": {
                    schema: {
                      type: "object",
                      properties: {
                        meta: {
                          type: "object",
                          example: { a: "1", b: { c: "2" } },
                        },
                        tags: {
                          type: "array",
                          items: { type: "string" },
                          example: ["x", "y"],
                        },
                      },
                    },
                    encoding: { meta: c.encoding, tags: c.encoding },
                  },
                },
              },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      })),
      "paths",
      "/p",
      "post",
    )!;
    assert.deepEqual(d.curl.split(" \\\n  ").slice(2), c.want);
  });
}

/**
 * An urlencoded body's object field by its encoding: with `style`,
 * `explode` or `allowReserved` given (OpenAPI 3.x §4.8.15, 3.0 included)
 * it is written as a query parameter of that style, as Swagger UI's
 * request writes it: exploded, a field per member named by its key; else
 * keys and values joined. Without them, the bracketed form APIs read.
 */
const urlencodedStyleCases: {
  name: string;
  openapi: string;
  encoding?: Record<string, unknown>;
  /** `color`'s example, when not `{ R: 100, G: "a b,c" }`. */
  color?: Record<string, unknown>;
  want: string;
}[] = [
  {
    name: "ok/3.0 style form: a field per member, named by its key",
    openapi: "3.0.3",
    encoding: { style: "form" },
    want: "R=100&G=a+b%2Cc&n=1",
  },
  {
    name:
      "ok/3.1 form not exploded: keys and values joined, a comma in one encoded",
    openapi: "3.1.0",
    encoding: { style: "form", explode: false },
    want: "color=R,100,G,a+b%2Cc&n=1",
  },
  {
    name: "ok/3.2 explode alone is style form",
    openapi: "3.2.0",
    encoding: { explode: false },
    want: "color=R,100,G,a+b%2Cc&n=1",
  },
  {
    name: "ok/3.1 pipeDelimited joins with an encoded pipe",
    openapi: "3.1.0",
    encoding: { style: "pipeDelimited" },
    want: "color=R%7C100%7CG%7Ca+b%2Cc&n=1",
  },
  {
    name: "ok/deepObject brackets the members",
    openapi: "3.1.0",
    encoding: { style: "deepObject", explode: true },
    want: "color%5BR%5D=100&color%5BG%5D=a+b%2Cc&n=1",
  },
  {
    name: "ok/a contentType alone, or none: bracketed, as form APIs read it",
    openapi: "3.1.0",
    encoding: { contentType: "application/json" },
    want: "color%5BR%5D=100&color%5BG%5D=a+b%2Cc&n=1",
  },
  {
    // OpenAPI 3.2 Appendix C: reserved expansion, with `[]#&=+` (and a
    // space) still encoded, which the form would read otherwise.
    name:
      "ok/3.0 allowReserved keeps reserved characters and escapes, a field per member",
    openapi: "3.0.3",
    encoding: { allowReserved: true },
    color: { u: "https://x.example/a?b:c@d;e,f%2F", s: "a b&c=d+e#[f]" },
    want:
      "u=https://x.example/a?b:c@d;e,f%2F&s=a%20b%26c%3Dd%2Be%23%5Bf%5D&n=1",
  },
  {
    name: "ok/3.1 allowReserved not exploded: keys and values joined",
    openapi: "3.1.0",
    encoding: { allowReserved: true, explode: false },
    color: { p: "a/b", q: "c:d" },
    want: "color=p,a/b,q,c:d&n=1",
  },
];

for (const c of urlencodedStyleCases) {
  Deno.test(`curl: urlencoded style: ${c.name}`, () => {
    const d = operationDetail(
      parseSpec(JSON.stringify({
        openapi: c.openapi,
        info: { title: "T", version: "1" },
        paths: {
          "/p": {
            post: {
              requestBody: {
                content: {
                  "application/x-www-form-urlencoded": {
                    schema: {
                      type: "object",
                      properties: {
                        color: {
                          type: "object",
                          example: c.color ?? { R: 100, G: "a b,c" },
                        },
                        n: { type: "integer", example: 1 },
                      },
                    },
                    ...(c.encoding ? { encoding: { color: c.encoding } } : {}),
                  },
                },
              },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      })),
      "paths",
      "/p",
      "post",
    )!;
    assert.equal(/--data-raw '([^']*)'/.exec(d.curl)?.[1], c.want, d.curl);
  });
}

Deno.test("curl: ok/a 3.2 querystring parameter of another media type is the whole query, that type's text percent-encoded", () => {
  const command = (content: Record<string, unknown>) =>
    operationDetail(
      parseSpec(JSON.stringify({
        openapi: "3.2.0",
        info: { title: "t", version: "1" },
        paths: {
          "/q": {
            get: {
              parameters: [{
                name: "qs",
                in: "querystring",
                required: true,
                content,
              }],
              responses: {},
            },
          },
        },
      })),
      "paths",
      "/q",
      "get",
    )!.curl;
  const schema = {
    type: "object",
    properties: { a: { type: "integer" }, s: { const: "x y" } },
    required: ["a"],
  };
  assert.equal(
    command({ "application/json": { schema } }),
    "curl -X GET '/q?%7B%22a%22%3A0%2C%22s%22%3A%22x%20y%22%7D'",
  );
  assert.equal(
    command({ "text/plain": { example: "a b&c" } }),
    "curl -X GET '/q?a%20b%26c'",
  );
  assert.equal(
    command({ "application/x-www-form-urlencoded": { schema } }),
    "curl -X GET '/q?a=0&s=x%20y'",
  );
  // A JSON string is quoted as JSON; a text one goes as written, cut.
  assert.equal(
    command({ "application/json": { example: "a b" } }),
    "curl -X GET '/q?%22a%20b%22'",
  );
  assert.equal(
    command({ "text/plain": { example: "x".repeat(20_000) } }),
    `curl -X GET '/q?${"x".repeat(10_000)}'`,
  );
  // Nothing to send: no query at all.
  assert.equal(command({ "text/plain": {} }), "curl -X GET '/q'");
  // A lone surrogate, written or made by the cut, goes as U+FFFD.
  assert.equal(
    command({ "text/plain": { example: "x\ud800y" } }),
    "curl -X GET '/q?x%EF%BF%BDy'",
  );
  assert.match(
    command({ "text/plain": { example: "a" + "\u{1F600}".repeat(6000) } }),
    /%EF%BF%BD'$/,
  );
});

Deno.test("curl: ok/a 3.2 itemSchema body sends one item, written as its sequence type writes it", () => {
  const lines = (type: string) =>
    command31({
      openapi: "3.2.0",
      paths: {
        "/p": {
          post: {
            requestBody: {
              content: {
                [type]: {
                  itemSchema: {
                    type: "object",
                    properties: { v: { type: "integer", example: 7 } },
                  },
                },
              },
            },
            responses: {},
          },
        },
      },
    }, "post").split(" \\\n  ").slice(1);
  assert.deepEqual(lines("application/jsonl"), [
    "-H 'Content-Type: application/jsonl'",
    `--data-raw '{"v":7}\n'`,
  ]);
  assert.deepEqual(lines("application/json-seq"), [
    "-H 'Content-Type: application/json-seq'",
    `--data-raw $'\\036{"v":7}\\n'`,
  ]);
  assert.deepEqual(lines("text/event-stream"), [
    "-H 'Content-Type: text/event-stream'",
    `--data-raw 'data: {"v":7}\n\n'`,
  ]);
  // An event stream's item is an event, its fields as lines.
  const event = command31({
    openapi: "3.2.0",
    paths: {
      "/p": {
        post: {
          requestBody: {
            content: {
              "text/event-stream": {
                itemSchema: {
                  type: "object",
                  properties: {
                    event: { const: "ping" },
                    data: { type: "string", example: "a\nb" },
                    id: { type: "string", example: "1" },
                  },
                },
              },
            },
          },
          responses: {},
        },
      },
    },
  }, "post").split(" \\\n  ").slice(1);
  assert.deepEqual(event, [
    "-H 'Content-Type: text/event-stream'",
    `--data-raw 'event: ping\nid: 1\ndata: a\ndata: b\n\n'`,
  ]);
  // An item schema with no sample (`false`) sends no body.
  const none = command31({
    openapi: "3.2.0",
    paths: {
      "/p": {
        post: {
          requestBody: {
            content: { "application/jsonl": { itemSchema: false } },
          },
          responses: {},
        },
      },
    },
  }, "post");
  assert.equal(
    none,
    "curl -X POST '/p' \\\n  -H 'Content-Type: application/jsonl'",
  );
  // multipart/mixed: the item is one part, curl writing the boundary.
  assert.deepEqual(lines("multipart/mixed"), [
    "-H 'Content-Type: multipart/mixed'",
    `-F 'part1="{\\"v\\":7}";type=application/json'`,
  ]);
});

Deno.test("curl: ok/a required header array or object is one line, style simple: items joined by commas, an object's keys and values, `=` between them when exploded", () => {
  const header = (more: Record<string, unknown>, example: unknown) =>
    command31({
      paths: {
        "/p": {
          get: {
            parameters: [{
              name: "X-A",
              in: "header",
              required: true,
              schema: { type: Array.isArray(example) ? "array" : "object" },
              example,
              ...more,
            }],
            responses: {},
          },
        },
      },
    }).split(" \\\n  ").slice(1);
  const CASES: [string, Record<string, unknown>, unknown, string][] = [
    ["ok/array", {}, ["a", "b"], "X-A: a,b"],
    ["ok/array, explode true: still one line", { explode: true }, [
      "a",
      "b",
    ], "X-A: a,b"],
    ["ok/object: keys and values", {}, { k: 1, m: "n" }, "X-A: k,1,m,n"],
    ["ok/object, explode false", { explode: false }, { k: 1 }, "X-A: k,1"],
    ["ok/object, explode true: key=value", { explode: true }, {
      k: 1,
      m: "n",
    }, "X-A: k=1,m=n"],
    ["ok/an item is sent as written, not percent-encoded", {}, [
      "a b",
      "c;d",
    ], "X-A: a b,c;d"],
  ];
  for (const [name, more, example, want] of CASES) {
    assert.deepEqual(header(more, example), [`-H '${want}'`], name);
  }
});

Deno.test("curl: ok/a required query object delimited by spaces or pipes, a deepObject, a delimited array's default explode", () => {
  const query = (more: Record<string, unknown>, example: unknown) =>
    command31({
      paths: {
        "/p": {
          get: {
            parameters: [{
              name: "a",
              in: "query",
              required: true,
              schema: { type: Array.isArray(example) ? "array" : "object" },
              example,
              ...more,
            }],
            responses: {},
          },
        },
      },
    }).split("'")[1].split("?")[1];
  const CASES: [string, Record<string, unknown>, unknown, string][] = [
    [
      "ok/spaceDelimited object: keys and values joined by %20",
      { style: "spaceDelimited", explode: false },
      { k: 1, m: "n" },
      "a=k%201%20m%20n",
    ],
    [
      "ok/pipeDelimited object: joined by pipes, %7C in a URL",
      { style: "pipeDelimited", explode: false },
      { k: 1, m: "n" },
      "a=k%7C1%7Cm%7Cn",
    ],
    [
      "ok/spaceDelimited array: not exploded unless said",
      { style: "spaceDelimited" },
      ["x", "y"],
      "a=x%20y",
    ],
    [
      "ok/spaceDelimited array, explode true: the name repeated",
      { style: "spaceDelimited", explode: true },
      ["x", "y"],
      "a=x&a=y",
    ],
    [
      "ok/deepObject, brackets percent-encoded",
      { style: "deepObject", explode: true },
      { k: "1", m: 2 },
      "a%5Bk%5D=1&a%5Bm%5D=2",
    ],
    [
      "ok/deepObject without explode is still deep",
      { style: "deepObject" },
      { k: "1" },
      "a%5Bk%5D=1",
    ],
    [
      "ok/deepObject: a nested object in brackets at every depth",
      { style: "deepObject", explode: true },
      { k: { z: 1, y: { x: "v" } } },
      "a%5Bk%5D%5Bz%5D=1&a%5Bk%5D%5By%5D%5Bx%5D=v",
    ],
    [
      "ok/deepObject array: `a[]` per item (Stripe's `expand[]`), not the name repeated",
      { style: "deepObject", explode: true },
      ["customer", "invoice"],
      "a%5B%5D=customer&a%5B%5D=invoice",
    ],
    [
      "ok/deepObject: an array in an object, `a[k][]` per item",
      { style: "deepObject", explode: true },
      { k: ["x", "y"] },
      "a%5Bk%5D%5B%5D=x&a%5Bk%5D%5B%5D=y",
    ],
    [
      "ok/deepObject: an array of objects by index, `a[0][price]`",
      { style: "deepObject", explode: true },
      [{ price: "p_1", quantity: 2 }, { price: "p_2" }],
      "a%5B0%5D%5Bprice%5D=p_1&a%5B0%5D%5Bquantity%5D=2&a%5B1%5D%5Bprice%5D=p_2",
    ],
    [
      "ok/deepObject: a null member is an empty field",
      { style: "deepObject", explode: true },
      { k: null },
      "a%5Bk%5D=",
    ],
    [
      "ok/form object, exploded: an item with a separator is encoded",
      {},
      { k: "x,y&z" },
      "k=x%2Cy%26z",
    ],
  ];
  for (const [name, more, example, want] of CASES) {
    assert.equal(query(more, example), want, name);
  }
});

Deno.test("curl: ok/servers: variables at their defaults or first enum value, relative URLs kept relative", () => {
  const first = (servers: unknown[]) =>
    command31({ servers, paths: { "/p": { get: { responses: {} } } } })
      .split("\n")[0];
  const CASES: [string, unknown[], string][] = [
    ["ok/default and first enum value", [{
      url: "https://{host}/{base}",
      variables: {
        host: { default: "h.test" },
        base: { enum: ["v2", "v3"] },
      },
    }], "curl -X GET 'https://h.test/v2/p'"],
    ["ok/the first server is the one called", [
      { url: "https://one.test" },
      { url: "https://two.test" },
    ], "curl -X GET 'https://one.test/p'"],
    ["ok/a server without a url is passed over", [
      { description: "none" },
      { url: "https://two.test" },
    ], "curl -X GET 'https://two.test/p'"],
    ["ok/relative, trailing slash", [{ url: "/api/" }], "curl -X GET '/api/p'"],
    ["ok/relative without a slash", [{ url: "api" }], "curl -X GET 'api/p' \\"],
    [
      "ok/scheme-relative",
      [{ url: "//cdn.test/api" }],
      "curl -X GET '//cdn.test/api/p'",
    ],
    [
      "ok/a variable never declared stays a placeholder",
      [{ url: "https://{region}.test" }],
      "curl -X GET 'https://{region}.test/p' \\",
    ],
  ];
  for (const [name, servers, want] of CASES) {
    assert.equal(first(servers), want, name);
  }
});

Deno.test({
  name:
    "curl: ok/a server URL's query stays after the path and its fragment is dropped",
  fn() {
    const first = (url: string) =>
      command31({
        servers: [{ url }],
        paths: {
          "/p": {
            get: {
              parameters: [{
                name: "q",
                in: "query",
                required: true,
                schema: { type: "string" },
                example: "1",
              }],
              responses: {},
            },
          },
        },
      }).split("\n")[0];
    assert.equal(
      first("https://a.test/v1?key=abc"),
      "curl -X GET 'https://a.test/v1/p?key=abc&q=1'",
    );
    assert.equal(
      first("https://a.test/v1#top"),
      "curl -X GET 'https://a.test/v1/p?q=1'",
    );
  },
});

Deno.test({
  name: "curl: ok/a required cookie parameter is sent in a Cookie header",
  fn() {
    const curl = command31({
      paths: {
        "/p": {
          get: {
            parameters: [
              {
                name: "session",
                in: "cookie",
                required: true,
                schema: { type: "string" },
                example: "abc",
              },
              {
                name: "lang",
                in: "cookie",
                required: true,
                schema: { type: "string" },
                example: "en",
              },
            ],
            responses: {},
          },
        },
      },
    });
    assert.match(curl, /-H 'Cookie: session=abc; lang=en'/);
    // A value that would end the pair early is encoded; a cookie without
    // an example is a placeholder; optional ones stay out.
    const cookie = (parameters: unknown[]) =>
      command31({
        paths: { "/p": { get: { parameters, responses: {} } } },
      }).match(/-H 'Cookie: ([^']*)'/)?.[1] ?? null;
    const c = (name: string, extra: Record<string, unknown>) => ({
      name,
      in: "cookie",
      required: true,
      schema: { type: "string" },
      ...extra,
    });
    assert.equal(cookie([c("s", { example: "a b;c" })]), "s=a%20b%3Bc");
    assert.equal(cookie([c("s", {})]), "s={s}");
    assert.equal(cookie([c("s", { required: false, example: "x" })]), null);
    // A header parameter named Cookie and cookie parameters: one header.
    const both = command31({
      paths: {
        "/p": {
          get: {
            parameters: [
              {
                name: "Cookie",
                in: "header",
                required: true,
                schema: { type: "string" },
                example: "a=1",
              },
              c("s", { example: "2" }),
            ],
            responses: {},
          },
        },
      },
    });
    assert.deepEqual(both.match(/-H 'Cookie: [^']*'/g), [
      "-H 'Cookie: a=1; s=2'",
    ]);
  },
});

Deno.test("curl: ok/a lone surrogate in a required query or cookie example goes as U+FFFD's bytes, and a cookie's odd name is encoded", () => {
  const curl = command31({
    paths: {
      "/p": {
        get: {
          parameters: [
            {
              name: "q",
              in: "query",
              required: true,
              schema: { type: "string" },
              example: "a\ud800b",
            },
            {
              name: "c",
              in: "cookie",
              required: true,
              schema: { type: "string" },
              example: "x\udc00",
            },
            {
              name: 't=x,y"',
              in: "cookie",
              required: true,
              schema: { type: "string" },
              example: "v",
            },
          ],
          responses: {},
        },
      },
    },
  });
  assert.match(curl, /\?q=a%EF%BF%BDb'/);
  assert.match(curl, /-H 'Cookie: c=x%EF%BF%BD; t%3Dx%2Cy%22=v'/);
});

Deno.test("curl: ok/Swagger 2.0 form fields send their x-example, and arrays inside arrays joined as their Items say", () => {
  const curl = (consumes: string) =>
    operationDetail(
      parseSpec(JSON.stringify({
        swagger: "2.0",
        info: { title: "t", version: "1" },
        consumes: [consumes],
        paths: {
          "/p": {
            post: {
              parameters: [
                {
                  name: "f",
                  in: "formData",
                  type: "string",
                  "x-example": "xe",
                },
                {
                  name: "n",
                  in: "formData",
                  type: "array",
                  collectionFormat: "pipes",
                  items: {
                    type: "array",
                    collectionFormat: "ssv",
                    items: {
                      type: "array",
                      items: { type: "string" },
                    },
                  },
                  default: [[["a", "b"], ["c"]], [["d"]]],
                },
              ],
              responses: {},
            },
          },
        },
      })),
      "paths",
      "/p",
      "post",
    )!.curl;
  assert.match(
    decodeURIComponent(curl("application/x-www-form-urlencoded")),
    /--data-raw 'f=xe&n=a,b\+c\|d'/,
  );
  const multipart = curl("multipart/form-data");
  assert.match(multipart, /--form-string 'f=xe'/);
  assert.match(multipart, /--form-string 'n=a,b c\|d'/);
});
