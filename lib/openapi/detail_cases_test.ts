/**
 * The operation detail as §4.1 shows it, one small document per case:
 * what the list counts, how parameters and bodies merge, the facts a tree
 * shows, the cURL text and the generated example. Each case pins a
 * behaviour no other test held.
 */
import assert from "node:assert/strict";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";
import { applyFilter, compileFilter } from "./filter.ts";

const spec = (fields: Record<string, unknown>) =>
  parseSpec(JSON.stringify({ info: { title: "t", version: "1" }, ...fields }));
const ok = { 200: { description: "ok" } };
const one = (
  op: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  spec({
    openapi: "3.1.0",
    paths: { "/a": { post: { responses: ok, ...op } } },
    ...extra,
  });
const detail = (p: ReturnType<typeof spec>, method = "post", path = "/a") =>
  operationDetail(p, "paths", path, method)!;
const rows = (p: ReturnType<typeof spec>) =>
  p.index!.endpoints.map((e) => `${e.method} ${e.path}`);

Deno.test("detail cases: what the list counts", () => {
  // Fields beside a path item's $ref are merged with it.
  assert.deepEqual(
    rows(spec({
      openapi: "3.1.0",
      paths: {
        "/a": { $ref: "#/components/pathItems/A", post: { responses: {} } },
      },
      components: { pathItems: { A: { get: { responses: {} } } } },
    })),
    ["get /a", "post /a"],
  );
  // 3.2 additionalOperations: x- keys are extensions; a method once.
  assert.deepEqual(
    rows(spec({
      openapi: "3.2.0",
      paths: {
        "/a": {
          get: { responses: ok },
          additionalOperations: { "x-internal": {}, COPY: {}, copy: {} },
        },
      },
    })),
    ["get /a", "copy /a"],
  );
  // A 3.0 document has no webhooks.
  assert.equal(
    spec({
      openapi: "3.0.3",
      paths: { "/a": { get: { responses: ok } } },
      webhooks: { w: { post: { responses: ok } } },
    }).index!.webhooks.length,
    0,
  );
  // swagger: "2.0.0" is no Swagger version; " 3.1.0 " is 3.1.0.
  // 2.0.0 is 2.0 written long: read, with a warning saying how to write it.
  assert.match(
    spec({ swagger: "2.0.0", paths: {} }).index!.warnings.map((w) => w.message)
      .join("\n"),
    /should be written "2\.0"/,
  );
  assert.throws(
    () => spec({ swagger: "2.1", paths: {} }),
    /not a Swagger version/,
  );
  assert.equal(
    spec({ openapi: " 3.1.0 ", paths: { "/a": { get: { responses: ok } } } })
      .index!.endpoints.length,
    1,
  );
});

Deno.test("detail cases: parameters and bodies", () => {
  // Merged by name and in: a path id and a query id are two.
  const p = spec({
    openapi: "3.1.0",
    paths: {
      "/a/{id}": {
        parameters: [{ name: "id", in: "path", required: true }],
        get: {
          parameters: [{ name: "id", in: "query" }],
          responses: ok,
        },
      },
    },
  });
  assert.deepEqual(
    detail(p, "get", "/a/{id}").parameters.map((x) => `${x.name}:${x.in}`),
    ["id:path", "id:query"],
  );
  // Swagger 2.0: consumes gives the body's type, produces the response's.
  const s = spec({
    swagger: "2.0",
    produces: ["application/xml"],
    paths: {
      "/a": {
        post: {
          consumes: ["application/xml"],
          parameters: [{ name: "b", in: "body", schema: { type: "string" } }],
          responses: { 200: { description: "ok", schema: { type: "string" } } },
        },
      },
    },
  });
  const d = detail(s);
  assert.equal(d.requestBody!.bodies[0].mediaType, "application/xml");
  assert.match(d.curl, /Content-Type: application\/xml/);
  assert.equal(d.responses[0].bodies[0].mediaType, "application/xml");
  // A request body is optional unless it says it is required.
  assert.equal(
    detail(one({ requestBody: { content: { "text/plain": {} } } }))
      .requestBody!.required,
    false,
  );
});

Deno.test("detail cases: a Swagger form with a file is multipart, whatever consumes lists first", () => {
  const s = spec({
    swagger: "2.0",
    host: "api.test",
    paths: {
      "/a": {
        post: {
          consumes: [
            "application/x-www-form-urlencoded",
            "multipart/form-data",
          ],
          parameters: [
            { name: "file", in: "formData", type: "file", required: true },
            { name: "note", in: "formData", type: "string" },
          ],
          responses: ok,
        },
      },
    },
  });
  const d = detail(s);
  assert.equal(d.requestBody!.bodies[0].mediaType, "multipart/form-data");
  assert.match(d.curl, /-F 'file=@/);
});

Deno.test("detail cases: an empty Swagger host is the documentation's own, as an absent one", () => {
  const s = spec({
    swagger: "2.0",
    host: "",
    basePath: "/v1",
    paths: { "/a": { get: { responses: ok } } },
  });
  assert.deepEqual(s.index!.servers, ["/v1"]);
});

Deno.test("detail cases: the cURL text", () => {
  const q = (schema: Record<string, unknown>, extra = {}) =>
    detail(one({
      parameters: [{
        name: "t",
        in: "query",
        required: true,
        schema,
        ...extra,
      }],
    })).curl;
  // A required enum parameter takes its first value.
  assert.match(
    q({ type: "string", enum: ["available", "sold"] }),
    /\?t=available/,
  );
  // pipeDelimited is not exploded by default.
  assert.match(
    q({
      type: "array",
      items: { type: "string", example: "a" },
      example: ["a", "b"],
    }, {
      style: "pipeDelimited",
    }),
    /\?t=a%7Cb/,
  );
  // A required Accept header is left to curl.
  assert.doesNotMatch(
    detail(one({
      parameters: [{
        name: "Accept",
        in: "header",
        required: true,
        schema: { type: "string", example: "text/csv" },
      }],
    })).curl,
    /Accept/,
  );
  // A text/plain string body is the string, not its JSON.
  assert.match(
    detail(one({
      requestBody: {
        content: { "text/plain": { schema: { type: "string" } } },
      },
    })).curl,
    /--data-raw 'string'/,
  );
  // A boundary written in a media type key is curl's to choose.
  const mp = detail(one({
    requestBody: {
      content: {
        "multipart/form-data; boundary=XYZ": {
          schema: { type: "object", properties: { n: { type: "string" } } },
        },
      },
    },
  })).curl;
  assert.doesNotMatch(mp, /XYZ/);
});

Deno.test("detail cases: the generated example", () => {
  const ex = (schema: Record<string, unknown>) =>
    detail(one({
      requestBody: { content: { "application/json": { schema } } },
    })).requestBody!.bodies[0].examples[0].text;
  assert.equal(
    ex({ type: "array", items: { type: "integer" }, minItems: 2 }),
    "[\n  0,\n  0\n]",
  );
  assert.equal(ex({ type: "integer", maximum: -5 }), "-5");
  assert.equal(ex({ default: 1, const: 2 }), "1");
  assert.equal(
    JSON.parse(ex({
      type: "object",
      properties: {
        a: {
          type: "object",
          properties: {
            b: {
              type: "object",
              properties: {
                c: {
                  type: "object",
                  properties: {
                    d: {
                      type: "object",
                      properties: { e: { type: "integer" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    })).a.b.c.d.e,
    0,
  );
});

Deno.test("detail cases: the filter reads a method whole and a numeric operationId as text", () => {
  const p = spec({
    openapi: "3.2.0",
    paths: {
      "/a": { additionalOperations: { LINK: { responses: ok } } },
      "/b": { additionalOperations: { UNLINK: { responses: ok } } },
      "/c": { get: { operationId: 12345, responses: ok } },
    },
  });
  const idx = p.index!;
  const find = (q: string) =>
    applyFilter(idx.endpoints, compileFilter(q, idx.extraMethods, true)).map(
      (e) => `${e.method} ${e.path}`,
    );
  assert.deepEqual(find("link"), ["link /a"]);
  assert.deepEqual(find("12345"), ["get /c"]);
});
