/** The generated OpenAPI description: coverage, limits, bases. */
import assert from "node:assert/strict";
import { createDebugApi } from "../api.ts";
import { openApiDocument } from "./openapi.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const api = createDebugApi();
const docOf = (a: ReturnType<typeof createDebugApi>) =>
  openApiDocument(a.endpoints, a.ctx) as Json;
const doc = docOf(api);

/** `o`, or what its `$ref` points at in `d`. */
function deref(o: Json, d: Json = doc): Json {
  if (typeof o?.$ref !== "string") return o;
  return o.$ref.slice(2).split("/").reduce((x: Json, k: string) => x[k], d);
}
const params = (op: Json, d: Json = doc) =>
  op.parameters.map((p: Json) => deref(p, d));

Deno.test("openapi: 3.1 with every catalog endpoint and method", () => {
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(typeof doc.info.title, "string");
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const m of Object.keys(item)) ops.push(`${m.toUpperCase()} ${path}`);
  }
  for (const ep of api.catalog) {
    for (const m of ep.methods) {
      if (m === "QUERY") continue; // not expressible in 3.1
      assert.ok(ops.includes(`${m} ${ep.path}`), `${m} ${ep.path}`);
    }
  }
  const expected = api.endpoints.reduce(
    (n, { spec, aliases }) =>
      n + spec.methods.filter((m) => m !== "QUERY").length *
        (1 + (aliases?.length ?? 0)),
    0,
  );
  assert.equal(ops.length, expected);
  const ids = ops.map((o) => {
    const [m, p] = o.split(" ");
    return doc.paths[p][m.toLowerCase()].operationId;
  });
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
});

Deno.test("openapi: parameters carry the limits", () => {
  const status = doc.paths["/api/debug/status/{code}"].get;
  const code = params(status).find((p: Json) => p.name === "code");
  assert.deepEqual([
    code.in,
    code.required,
    code.schema["x-minimum"],
    code.schema["x-maximum"],
  ], [
    "path",
    true,
    200,
    599,
  ]);
  const sleep = params(status).find((p: Json) => p.name === "sleep");
  assert.equal(sleep.schema["x-maximum-ms"], 30000);
  assert.match(sleep.description, /maxSleepMs/);
  // /delay's seconds are seconds, in the schema as in the URL.
  const seconds = params(doc.paths["/api/debug/delay/{seconds}"].get)
    .find((p: Json) => p.name === "seconds");
  assert.deepEqual(
    [
      seconds.schema.type,
      seconds.schema["x-minimum-s"],
      seconds.schema["x-maximum-s"],
    ],
    ["string", 0, 30],
  );
  assert.match(
    seconds.schema.description,
    /^Seconds, or with a unit ms or s; 0 to 30 s\.$/,
  );
  const count = params(doc.paths["/api/debug/redirect/{count}"].get)
    .find((p: Json) => p.name === "count");
  assert.equal(count.schema.maximum, 50);
  const sse = params(doc.paths["/api/debug/sse"].get);
  assert.deepEqual(sse.map((p: Json) => p.name), [
    "count",
    "interval",
    "event",
    "retry",
    "sleep",
    "Last-Event-ID",
  ]);
  assert.equal(sse[0].schema.default, 5);
  assert.equal(sse[0].schema.maximum, 1000);
  const tiny = docOf(createDebugApi({ limits: { maxRedirects: 7 } }));
  assert.equal(
    params(tiny.paths["/api/debug/redirect/{count}"].get, tiny)[0].schema
      .maximum,
    7,
  );
  assert.match(tiny.info.description, /`maxRedirects` = 7/);
  assert.match(tiny.info.description, /DEBUG_MAX_REDIRECTS/);
});

Deno.test("openapi: responses have schemas; HEAD has none; problems are documented", () => {
  const echo = doc.paths["/api/debug/echo"];
  const schema = deref(
    deref(echo.post.responses["200"]).content["application/json"].schema,
  );
  assert.ok(schema.required.includes("bodyEncoding"));
  assert.equal(deref(echo.head.responses["200"]).content, undefined);
  assert.ok(echo.post.requestBody);
  assert.equal(echo.get.requestBody, undefined);
  assert.ok(
    deref(echo.post.responses["4XX"]).content["application/problem+json"],
  );
  const gzip = deref(doc.paths["/api/debug/gzip"].get.responses["200"]);
  assert.ok(gzip.headers["Content-Encoding"]);
  assert.ok(doc.components.schemas.Problem);
  for (
    const word of ["sleep", "CORS", "HEAD", "413", "no-store", "problem+json"]
  ) {
    assert.ok(
      doc.info.description.includes(word),
      `description mentions ${word}`,
    );
  }
});

Deno.test("openapi: every operation documents 429 and 503 with Retry-After, and their env variables", () => {
  for (const item of Object.values(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      for (const code of ["429", "503"]) {
        const r = deref(op.responses[code]);
        assert.ok(r?.headers?.["Retry-After"], `${method} ${code}`);
        if (method !== "head") {
          assert.ok(r.content["application/problem+json"]);
        }
      }
    }
  }
  const text = doc.info.description as string;
  for (const env of ["DEBUG_MAX_LONG_REQUESTS", "DEBUG_RATE_LIMIT"]) {
    assert.ok(text.includes(env), env);
  }
  assert.match(text, /SIGTERM/);
});

Deno.test("openapi: paths, examples and prose follow the base, the root included", () => {
  for (const base of ["/", "/tools/http"]) {
    const d = docOf(createDebugApi({ base }));
    const prefix = base === "/" ? "" : base;
    const paths = Object.keys(d.paths);
    assert.ok(paths.length > 5);
    for (const p of paths) {
      assert.ok(p === (prefix || "/") || p.startsWith(prefix + "/"), p);
    }
    assert.ok(paths.includes(`${prefix}/status/{code}`));
    assert.ok(!JSON.stringify(d).includes("/api/debug"), base);
  }
});

Deno.test("openapi: what operations repeat is shared once in components, and every $ref resolves", () => {
  const text = JSON.stringify(doc, null, 2);
  // Eight methods per ANY endpoint made inline copies a megabyte.
  assert.ok(text.length < 400_000, `${text.length} characters`);
  const sleepRefs = text.match(/"#\/components\/parameters\/sleep"/g) ?? [];
  assert.ok(sleepRefs.length > 100);
  for (const ref of text.matchAll(/"\$ref": "([^"]+)"/g)) {
    assert.ok(deref({ $ref: ref[1] }), ref[1]);
  }
});

Deno.test("openapi: the rate limit's client address follows trustedProxies", () => {
  const rateLine = (d: Json) =>
    (d.info.description as string).split("\n").find((l) =>
      l.includes("**Rate limit**")
    ) ?? "";
  const direct = rateLine(doc);
  assert.match(direct, /TCP peer/);
  assert.match(direct, /trustedProxies/);
  const proxied = rateLine(
    docOf(createDebugApi({ limits: { trustedProxies: 2 } })),
  );
  assert.doesNotMatch(proxied, /TCP peer/);
  assert.match(proxied, /X-Forwarded-For/);
  assert.match(proxied, /\b2\b/);
});

Deno.test("openapi: each 503 names what holds the long-request slot", () => {
  const unavailable = (path: string) =>
    deref(doc.paths[path].get.responses["503"]).description as string;
  assert.match(unavailable("/api/debug/sse"), /^The event stream /);
  assert.match(unavailable("/api/debug/drip"), /^The drip /);
  assert.match(unavailable("/api/debug/delay/{seconds}"), /^The delay /);
  const ws = unavailable("/api/debug/websocket/echo");
  assert.match(ws, /^The WebSocket /);
  assert.match(ws, /maxWebSockets/);
  assert.match(unavailable("/api/debug/get"), /^A request with `sleep` /);
});

Deno.test("openapi: /ip and `origin` say which X-Forwarded-For entry they read", () => {
  const ipText = (d: Json) => d.paths["/api/debug/ip"].get.description;
  assert.match(ipText(doc), /first X-Forwarded-For entry/);
  const proxied = docOf(createDebugApi({ limits: { trustedProxies: 1 } }));
  assert.doesNotMatch(ipText(proxied), /first X-Forwarded-For entry/);
  assert.match(ipText(proxied), /1 from the right/);
  const origin = JSON.stringify(doc).match(
    /"description":"(The client's address: [^"]*)"/,
  )?.[1] ?? "";
  assert.match(origin, /trustedProxies/);
});
