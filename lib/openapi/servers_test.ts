/** Servers: the one an operation is called on, and those offered for choice. */
import assert from "node:assert/strict";
import {
  fillServer,
  MAX_SERVER_CHOICES,
  MAX_SERVER_TEXT,
  MAX_SERVER_VARIABLES,
  MAX_VARIABLE_VALUES,
  serverChoices,
  serverOf,
  serverUrl,
} from "./servers.ts";
import { operationDetail } from "./detail.ts";
import { parseSpec } from "./mod.ts";
import { joinUrl, operationCommand } from "./curl.ts";

const region = {
  url: "https://{region}.example.com/{v}",
  description: "Production",
  variables: {
    region: { default: "eu", enum: ["eu", "us", 3], description: "Where" },
    v: { default: "v1" },
  },
};

Deno.test("servers: ok/fillServer replaces the variables given, keeps the others", () => {
  for (
    const [url, values, want] of [
      ["https://{a}.x/{b}", { a: "1", b: "2" }, "https://1.x/2"],
      ["https://{a}.x/{b}", { a: "1" }, "https://1.x/{b}"],
      ["https://{a}.x", { a: "" }, "https://.x"],
      ["{constructor}", {}, "{constructor}"],
      ["no variables", { a: "1" }, "no variables"],
    ] as const
  ) assert.equal(fillServer(url, values), want, url);
});

Deno.test("servers: bad/a variable repeated past the bound stays as written", () => {
  // The bound is on the whole URL: each value alone fits, a thousand do not.
  const url = "{v}".repeat(1_000);
  const out = fillServer(url, { v: "a".repeat(100) });
  assert.ok(out.length <= 10_100, `${out.length}`);
  assert.ok(out.startsWith("a".repeat(100)));
  assert.ok(out.endsWith("{v}"));
  // A template already past it is left as written.
  assert.equal(fillServer("{v}".repeat(5_000), { v: "a" }).length, 15_000);
  assert.equal(
    serverUrl({ url: "{v}", variables: { v: { default: 5 } } }),
    "5",
  );
});

Deno.test("servers: ok/serverOf: the operation's, the path's, the document's (shared), none", () => {
  const doc = { servers: [{ nope: 1 }, region] };
  const own = { servers: [{ url: "https://own" }] };
  for (
    const [d, item, op, want] of [
      [doc, {}, own, { url: "https://own", shared: false }],
      [doc, own, {}, { url: "https://own", shared: false }],
      [doc, { servers: [] }, { servers: [3] }, {
        url: "https://eu.example.com/v1",
        shared: true,
      }],
      [{}, {}, {}, { url: "", shared: false }],
      [{ servers: "x" }, {}, {}, { url: "", shared: false }],
    ] as const
  ) {
    assert.deepEqual(serverOf(d, item, op, false), want);
  }
});

Deno.test("servers: ok/serverOf in Swagger 2.0: the first listed scheme (as Swagger UI and Redoc call), an operation's schemes its own", () => {
  const doc = {
    host: "h.example",
    basePath: "/v2",
    schemes: ["http", "https"],
  };
  assert.deepEqual(serverOf(doc, {}, {}, true), {
    url: "http://h.example/v2",
    shared: true,
  });
  assert.deepEqual(
    serverOf({ ...doc, schemes: ["https", "http"] }, {}, {}, true).url,
    "https://h.example/v2",
  );
  assert.deepEqual(
    serverOf(doc, {}, { schemes: ["https", "http"] }, true).url,
    "https://h.example/v2",
  );
  assert.deepEqual(serverOf(doc, {}, { schemes: ["http"] }, true), {
    url: "http://h.example/v2",
    shared: false,
  });
  assert.deepEqual(serverOf({ basePath: "/v2" }, {}, {}, true), {
    url: "/v2",
    shared: false,
  });
  assert.deepEqual(serverOf({ host: "h" }, {}, {}, true), {
    url: "https://h",
    shared: true,
  });
});

Deno.test("servers: ok/serverChoices lists 3.x servers with their names and variables", () => {
  assert.deepEqual(
    serverChoices(
      { servers: [region, "junk", { url: 5 }, { url: "/v1", name: "Local" }] },
      false,
    ),
    [
      {
        url: "https://{region}.example.com/{v}",
        name: "",
        fixed: {},
        description: "Production",
        variables: [
          {
            name: "region",
            default: "eu",
            values: ["eu", "us", "3"],
            description: "Where",
          },
          { name: "v", default: "v1", values: [], description: "" },
        ],
      },
      {
        url: "/v1",
        name: "Local",
        fixed: {},
        description: "",
        variables: [],
      },
    ],
  );
  assert.deepEqual(serverChoices({}, false), []);
  assert.deepEqual(serverChoices({ servers: {} }, false), []);
});

Deno.test("servers: ok/serverChoices in Swagger 2.0: the host under each scheme in order, the called one first", () => {
  const urls = (doc: Record<string, unknown>) =>
    serverChoices(doc, true).map((c) => c.url);
  assert.deepEqual(
    urls({ host: "h", basePath: "/b", schemes: ["http", "wss", "https"] }),
    ["http://h/b", "wss://h/b", "https://h/b"],
  );
  assert.deepEqual(
    urls({ host: "h", schemes: ["https", "http", "https"] }),
    ["https://h", "http://h"],
  );
  assert.deepEqual(urls({ host: "h", schemes: ["http"] }), ["http://h"]);
  assert.deepEqual(urls({ host: "h" }), ["https://h"]);
  assert.deepEqual(urls({ basePath: "/b" }), []);
});

Deno.test("servers: bad/serverChoices stays bounded", () => {
  const long = "x".repeat(MAX_SERVER_TEXT + 10);
  const variables = Object.fromEntries(
    Array.from({ length: MAX_SERVER_VARIABLES + 5 }, (_, i) => [`v${i}`, {
      default: long,
      enum: Array.from({ length: MAX_VARIABLE_VALUES + 5 }, (_, j) => `${j}`),
    }]),
  );
  const servers = Array.from(
    { length: MAX_SERVER_CHOICES + 5 },
    () => ({ url: long, description: long, variables }),
  );
  const out = serverChoices({ servers }, false);
  assert.equal(out.length, MAX_SERVER_CHOICES);
  assert.equal(out[0].url.length, MAX_SERVER_TEXT);
  assert.equal(out[0].description.length, MAX_SERVER_TEXT);
  assert.equal(out[0].variables.length, MAX_SERVER_VARIABLES);
  assert.equal(out[0].variables[0].default?.length, MAX_SERVER_TEXT);
  assert.equal(out[0].variables[0].values.length, MAX_VARIABLE_VALUES);
});

Deno.test("servers: ok/a detail on the document's servers carries its request, which writes its command again", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [region],
    paths: {
      "/p/{id}": {
        post: {
          parameters: [
            { name: "id", in: "path", required: true, schema: {} },
            { name: "q", in: "query", required: true, example: "a b" },
          ],
          requestBody: {
            content: {
              "application/json": { schema: { example: { n: 1 } } },
            },
          },
          responses: {},
        },
      },
      "/own": {
        servers: [{ url: "https://own" }],
        get: { responses: {} },
      },
    },
    webhooks: { hook: { post: { responses: {} } } },
  };
  const parsed = parseSpec(JSON.stringify(doc));
  const d = operationDetail(parsed, "paths", "/p/{id}", "post")!;
  assert.equal(d.server, "https://eu.example.com/v1");
  assert.equal(d.curlRequest?.url, "/p/{id}");
  assert.equal(
    operationCommand({
      ...d.curlRequest!,
      url: joinUrl(d.server, d.curlRequest!.url),
    }),
    d.curl,
  );
  assert.ok(
    operationCommand({
      ...d.curlRequest!,
      url: joinUrl("https://other", d.curlRequest!.url),
    }).startsWith("curl -X POST 'https://other/p/{id}?q=a%20b'"),
  );
  assert.equal(
    operationDetail(parsed, "paths", "/own", "get")!.curlRequest,
    null,
  );
  assert.equal(
    operationDetail(parsed, "webhooks", "hook", "post")!.curlRequest,
    null,
  );
  assert.deepEqual(
    parsed.index.serverChoices.map((c) => c.url),
    ["https://{region}.example.com/{v}"],
  );
});

Deno.test("servers: ok/a variable without a default takes its first enum value; one with neither stays as written", () => {
  const s = {
    url: "https://{region}.x/{v}/{free}",
    variables: { region: { enum: ["eu", "us"] }, v: { default: "" }, free: {} },
  };
  assert.equal(serverUrl(s), "https://eu.x//{free}");
  assert.deepEqual(
    serverChoices({ servers: [s] }, false)[0].variables.map((v) => v.default),
    ["eu", "", null],
  );
});

Deno.test("servers: ok/variables past the offered ones keep their defaults", () => {
  const n = MAX_SERVER_VARIABLES + 2;
  const names = Array.from({ length: n }, (_, i) => `v${i}`);
  const s = {
    url: names.map((v) => `{${v}}`).join("/"),
    variables: Object.fromEntries(names.map((v) => [v, { default: `d${v}` }])),
  };
  const [c] = serverChoices({ servers: [s] }, false);
  assert.equal(c.variables.length, MAX_SERVER_VARIABLES);
  assert.deepEqual(Object.keys(c.fixed), names.slice(MAX_SERVER_VARIABLES));
  assert.equal(
    fillServer(c.url, {
      ...c.fixed,
      ...Object.fromEntries(c.variables.map((v) => [v.name, v.default!])),
    }),
    serverUrl(s),
  );
});

Deno.test("servers: Swagger 2.0's host and basePath written against the spec are read as meant, and said where they are written", () => {
  const CASES: [string, Record<string, unknown>, string, string[]][] = [
    [
      "ok/as the spec says",
      { host: "api.x.com", basePath: "/v1" },
      "https://api.x.com/v1/a",
      [],
    ],
    [
      "bad/basePath without its slash",
      { host: "api.x.com:8443", basePath: "v1" },
      "https://api.x.com:8443/v1/a",
      ["$.basePath"],
    ],
    [
      "bad/host with a scheme and a slash",
      { host: "http://api.x.com/", basePath: "/v1" },
      "https://api.x.com/v1/a",
      ["$.host"],
    ],
    [
      "bad/no host, a relative basePath without its slash",
      { basePath: "v1" },
      "/v1/a",
      ["$.basePath"],
    ],
    [
      "bad/host scheme-relative, in capitals, slashes after it",
      { host: "//api.x.com//", basePath: "/v1" },
      "https://api.x.com/v1/a",
      ["$.host"],
    ],
    [
      "bad/host with a scheme in capitals",
      { host: "HTTPS://api.x.com" },
      "https://api.x.com/a",
      ["$.host"],
    ],
  ];
  for (const [name, fields, curlUrl, warned] of CASES) {
    const p = parseSpec(JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      ...fields,
      paths: { "/a": { get: { responses: { 200: { description: "ok" } } } } },
    }));
    assert.equal(
      operationDetail(p, "paths", "/a", "get")!.curl.split("'")[1],
      curlUrl,
      name,
    );
    assert.deepEqual(p.index.warnings.map((w) => w.path), warned, name);
    for (const w of p.index.warnings) {
      assert.match(
        w.message,
        w.path === "$.host"
          ? /^Expected a host name and port only \(no scheme, no path\) for host, found the string ".*": read as "api\.x\.com(:8443)?"$/
          : /^Expected a path starting with "\/" for basePath, found the string "v1": read as "\/v1"$/,
        name,
      );
    }
    if (fields.host) {
      assert.equal(`${p.index.serverChoices[0].url}/a`, curlUrl, name);
    }
  }
});

Deno.test("servers: a host or basePath in an OpenAPI 3 document means nothing there, and is not warned about", () => {
  const p = parseSpec(JSON.stringify({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    host: "//x",
    basePath: "v1",
    paths: { "/a": { get: { responses: { 200: { description: "ok" } } } } },
  }));
  assert.deepEqual(p.index.warnings, []);
});
