/**
 * A Security Requirement's key read as the scheme it names (OpenAPI 3.2
 * §4.8.30): `ok/…` keys name a declared scheme, `bad/…` keys none.
 */
import assert from "node:assert/strict";
import { RefResolver } from "./refs.ts";
import { schemeMap, schemeName } from "./security.ts";

const doc = {
  openapi: "3.2.0",
  $self: "https://x.test/specs/api.yaml",
  components: {
    securitySchemes: {
      dev: { type: "http", scheme: "bearer" },
      "a/b": { type: "http", scheme: "basic" },
      "my key": { type: "apiKey", in: "header", name: "K" },
      "a~1": { type: "apiKey", in: "query", name: "q" },
      // A component named like a URI is that name first.
      "#/components/securitySchemes/dev": { type: "mutualTLS" },
    },
  },
};

const cases: [string, string, string | null][] = [
  ["ok/a component name", "dev", "dev"],
  ["ok/a local reference", "#/components/securitySchemes/a~1b", "a/b"],
  [
    "ok/a name equal to a URI is that name",
    "#/components/securitySchemes/dev",
    "#/components/securitySchemes/dev",
  ],
  [
    "ok/the document's $self",
    "https://x.test/specs/api.yaml#/components/securitySchemes/dev",
    "dev",
  ],
  ["ok/relative to $self", "api.yaml#/components/securitySchemes/a~1b", "a/b"],
  [
    "ok/a percent-escape of the URI fragment",
    "#/components/securitySchemes/my%20key",
    "my key",
  ],
  ["ok/~0 before ~1 (RFC 6901 §4)", "#/components/securitySchemes/a~01", "a~1"],
  ["bad/a path past the name", "#/components/securitySchemes/a/b", null],
  ["bad/an undeclared name", "nosuch", null],
  ["bad/a reference to no scheme", "#/components/securitySchemes/gone", null],
  [
    "bad/a reference elsewhere in the document",
    "#/components/schemas/dev",
    null,
  ],
  [
    "bad/another document",
    "https://y.test/api.yaml#/components/securitySchemes/dev",
    null,
  ],
  ["bad/a prototype name", "__proto__", null],
];

for (const [name, key, want] of cases) {
  Deno.test(`security scheme name: ${name}`, () => {
    const r = new RefResolver(doc);
    assert.equal(schemeName(key, schemeMap(doc, false, r), r), want);
  });
}
