/** A schema node's facts as the tree shows them beside its type. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { NodeFacts } from "./SchemaTree.tsx";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";

Deno.test("schema facts: a discriminator of polymorphism through allOf is shown; alternatives show theirs once", () => {
  const p = parseSpec(
    JSON.stringify({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {},
      definitions: {
        Animal: { type: "object", discriminator: "kind" },
        Plain: { type: "object" },
      },
    }),
    { checks: false },
  );
  const g = new SchemaGraph(p.resolver);
  const facts = (name: string) =>
    renderToString(
      <NodeFacts
        node={g.node(g.edge("", { $ref: `#/definitions/${name}` }).node)!}
      />,
    );
  assert.match(facts("Animal"), /discriminator <code>kind<\/code>/);
  assert.doesNotMatch(facts("Plain"), /discriminator/);
  const q = parseSpec(
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Pet: {
            oneOf: [{ $ref: "#/components/schemas/Cat" }],
            discriminator: { propertyName: "kind" },
          },
          Cat: { type: "object" },
        },
      },
    }),
    { checks: false },
  );
  const h = new SchemaGraph(q.resolver);
  const html = renderToString(
    <NodeFacts
      node={h.node(h.edge("", { $ref: "#/components/schemas/Pet" }).node)!}
    />,
  );
  assert.equal(html.match(/discriminator/g)?.length, 1);
});

/** The facts of schema `name` of a 3.1 document holding `schemas`. */
function factsOf31(schemas: Record<string, unknown>, name: string): string {
  const p = parseSpec(
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas },
    }),
    { checks: false },
  );
  const g = new SchemaGraph(p.resolver);
  return renderToString(
    <NodeFacts
      node={g.node(g.edge("", { $ref: `#/components/schemas/${name}` }).node)!}
    />,
  );
}

Deno.test("schema facts: a property's example is shown beside its default", () => {
  const html = factsOf31(
    { O: { type: "string", example: "ATL", default: "JFK" } },
    "O",
  );
  assert.match(html, /example <code>&quot;ATL&quot;<\/code>/);
  assert.match(html, /default <code>&quot;JFK&quot;<\/code>/);
  assert.doesNotMatch(factsOf31({ N: { type: "string" } }, "N"), /example/);
});

Deno.test("schema facts: each enum value's x-enumDescriptions text is shown beside it, as text", () => {
  const html = factsOf31({
    S: {
      type: "string",
      enum: ["available", "sold"],
      "x-enumDescriptions": {
        available: "Can be bought",
        sold: "<b>gone</b>",
      },
    },
  }, "S");
  assert.match(
    html,
    /<code>&quot;available&quot;<\/code><span class="st-enum-desc">: Can be bought<\/span>/,
  );
  assert.match(html, /&lt;b>gone&lt;\/b>/);
  assert.doesNotMatch(html, /<b>/);
  assert.doesNotMatch(
    factsOf31({ P: { type: "string", enum: ["a"] } }, "P"),
    /st-enum-desc/,
  );
});

Deno.test("schema facts: each enum value's x-enum-varnames name is shown after it, as text", () => {
  const html = factsOf31({
    S: {
      type: "integer",
      enum: [0, 1],
      "x-enum-varnames": ["Active", "<b>Closed</b>"],
      "x-enumDescriptions": ["", "Done"],
    },
  }, "S");
  assert.match(
    html,
    /<code>0<\/code><span class="st-enum-name"> = Active<\/span>/,
  );
  assert.match(
    html,
    /<code>1<\/code><span class="st-enum-name"> = &lt;b>Closed&lt;\/b><\/span><span class="st-enum-desc">: Done<\/span>/,
  );
  assert.doesNotMatch(html, /<b>/);
  assert.match(
    factsOf31(
      { P: { type: "integer", enum: [7], "x-enumNames": ["Seven"] } },
      "P",
    ),
    /<span class="sv-enum-named"><code>7<\/code><span class="st-enum-name"> = Seven<\/span><\/span>/,
  );
  assert.doesNotMatch(
    factsOf31({ P: { type: "string", enum: ["a"] } }, "P"),
    /st-enum-name/,
  );
});

Deno.test("schema facts: a discriminator's defaultMapping and a schema's externalDocs (a safe link) are shown", () => {
  const html = factsOf31({
    U: {
      anyOf: [{ $ref: "#/components/schemas/Foo" }],
      discriminator: {
        propertyName: "type",
        mapping: { foo: "Foo" },
        defaultMapping: "Bar",
      },
      externalDocs: {
        description: "More docs!",
        url: "https://example.com/elsewhere.html",
      },
    },
    Foo: { type: "object" },
  }, "U");
  assert.match(html, /otherwise → Bar/);
  assert.match(
    html,
    /<a href="https:\/\/example.com\/elsewhere.html" rel="noopener noreferrer" target="_blank"[^>]*>More docs!/,
  );
  const bad = factsOf31({
    B: { type: "object", externalDocs: { url: "javascript:alert(1)" } },
  }, "B");
  assert.match(bad, /javascript:alert\(1\)/);
  assert.doesNotMatch(bad, /<a /);
});
