/**
 * Which operation heads a change inside a shared schema: the nearest one
 * (whose request or success response is that schema), not the first of
 * every operation reaching it, and never one that reaches it only through
 * an error response while another reaches it otherwise.
 */
import assert from "node:assert/strict";
import { compareSpecs } from "./mod.ts";

const body = (ref: string) => ({
  content: {
    "application/json": { schema: { $ref: `#/components/schemas/${ref}` } },
  },
});

function doc(petProps: Record<string, unknown>) {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      // Reaches Pet two links away, through Wrapper.
      "/a": {
        get: { responses: { "200": { description: "", ...body("Wrapper") } } },
      },
      // Reaches Pet at once, but through its error response.
      "/b": {
        get: { responses: { default: { description: "", ...body("Pet") } } },
      },
      // Reaches Pet at once, in its success response.
      "/c": {
        get: { responses: { "200": { description: "", ...body("Pet") } } },
      },
      // Sends Pet, at once.
      "/d": {
        post: {
          requestBody: body("Pet"),
          responses: { "204": { description: "" } },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: "object", properties: petProps },
        Wrapper: {
          type: "object",
          properties: { inner: { $ref: "#/components/schemas/Pet" } },
        },
      },
    },
  });
}

Deno.test("compare lead: ok/a shared schema's change is headed by the nearest operation, its list then in list order", () => {
  const r = compareSpecs(
    doc({ name: { type: "string" }, age: { type: "integer" } }),
    doc({ name: { type: "string" } }),
  );
  const read = r.changes.find((c) =>
    c.id === "response-optional-property-removed"
  )!;
  // `/c` is one link away; `/a` two, `/b` one but through its error
  // response. The list keeps its order after the head.
  assert.deepEqual([read.method, read.path], ["get", "/c"], read.text);
  assert.deepEqual(read.operations, ["GET /c", "GET /a", "GET /b"]);
  // What `/d` sends is a change of its own (a request's).
  const sent = r.changes.find((c) => c.id === "request-property-removed")!;
  assert.deepEqual(sent.operations, ["POST /d"]);
});

Deno.test("compare lead: ok/an operation reaching it through its error response alone heads it only when no other reaches it", () => {
  const only = (props: Record<string, unknown>) => {
    const d = JSON.parse(doc(props));
    delete d.paths["/c"];
    delete d.paths["/d"];
    // The operation with the error response sorts first.
    d.paths["/0"] = d.paths["/b"];
    delete d.paths["/b"];
    return JSON.stringify(d);
  };
  const r = compareSpecs(
    only({ name: { type: "string" }, age: { type: "integer" } }),
    only({ name: { type: "string" } }),
  );
  const c = r.changes.find((c) => /`age`/.test(c.text))!;
  // `/a` reaches it two links away other than through an error response;
  // `/0` only through its error response, though at once and listed first.
  assert.deepEqual([c.method, c.path], ["get", "/a"]);
  assert.deepEqual(c.operations, ["GET /a", "GET /0"]);
});
