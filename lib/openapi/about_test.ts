/** The About block: info's links and the security schemes, 3.x and 2.0. */
import assert from "node:assert/strict";
import { parseSpec } from "./mod.ts";
import { mdText } from "./markdown.ts";

const about = (doc: Record<string, unknown>) =>
  parseSpec(JSON.stringify(doc)).index.about;

Deno.test("about: ok/3.1 info, external docs and every kind of scheme", () => {
  const a = about({
    openapi: "3.1.0",
    info: {
      title: "t",
      version: "1",
      description: "The **pet** API.",
      termsOfService: "https://x.test/terms",
      contact: { name: "Team", url: "https://x.test/c", email: "a@x.test" },
      license: { name: "MIT", identifier: "MIT" },
    },
    externalDocs: { url: "https://x.test/docs", description: "Guide" },
    paths: {},
    components: {
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        jwt: { type: "http", scheme: "Bearer", bearerFormat: "JWT" },
        oauth: {
          type: "oauth2",
          description: "Ask for *read*.",
          flows: {
            authorizationCode: {
              authorizationUrl: "https://x.test/auth",
              tokenUrl: "https://x.test/token",
              scopes: { read: "Read pets", write: "Write pets" },
            },
          },
        },
        oidc: {
          type: "openIdConnect",
          openIdConnectUrl: "https://x.test/.well-known/openid-configuration",
        },
        tls: { type: "mutualTLS" },
        shared: { $ref: "#/components/securitySchemes/key" },
      },
    },
  });
  assert.equal(mdText(a.description), "The pet API.");
  assert.deepEqual(a.links.map((l) => [l.label, l.link.text, l.link.href]), [
    ["Terms of service", "https://x.test/terms", "https://x.test/terms"],
    ["Contact", "Team", "https://x.test/c"],
    ["Email", "a@x.test", "mailto:a@x.test"],
    ["License", "MIT", "https://spdx.org/licenses/MIT.html"],
    ["Documentation", "Guide", "https://x.test/docs"],
  ]);
  assert.deepEqual(a.schemes.map((s) => [s.name, s.summary]), [
    ["key", 'API key in header "X-Key"'],
    ["jwt", "HTTP bearer (JWT)"],
    ["oauth", "OAuth 2"],
    ["oidc", "OpenID Connect"],
    ["tls", "Mutual TLS (a client certificate)"],
    ["shared", 'API key in header "X-Key"'],
  ]);
  const flow = a.schemes[2].flows[0];
  assert.equal(flow.flow, "Authorization code");
  assert.deepEqual(flow.urls.map((u) => u.text), [
    "authorize: https://x.test/auth",
    "token: https://x.test/token",
  ]);
  assert.deepEqual(flow.scopes, [["read", "Read pets"], [
    "write",
    "Write pets",
  ]]);
  assert.equal(mdText(a.schemes[2].description), "Ask for read.");
  assert.match(a.schemes[3].openIdConnect!.href, /openid-configuration$/);
  assert.equal(a.schemeCount, 6);
});

Deno.test("about: ok/Swagger 2.0 securityDefinitions, its one flow per scheme", () => {
  const a = about({
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {},
    securityDefinitions: {
      basic: { type: "basic" },
      petstore: {
        type: "oauth2",
        flow: "accessCode",
        authorizationUrl: "https://x.test/a",
        tokenUrl: "https://x.test/t",
        scopes: { "write:pets": "modify pets" },
      },
    },
  });
  assert.deepEqual(a.schemes.map((s) => s.summary), ["HTTP basic", "OAuth 2"]);
  assert.equal(a.schemes[1].flows[0].flow, "Authorization code");
  assert.deepEqual(a.schemes[1].flows[0].scopes, [[
    "write:pets",
    "modify pets",
  ]]);
});

Deno.test("about: bad/addresses that are not http(s) or mailto are text, not links", () => {
  const a = about({
    openapi: "3.0.3",
    info: {
      title: "t",
      version: "1",
      termsOfService: "javascript:alert(1)",
      contact: { url: "data:text/html,x" },
      license: { name: "Own", url: "ftp://x.test/l" },
    },
    paths: {},
  });
  assert.deepEqual(a.links.map((l) => l.link.href), ["", "", ""]);
  assert.deepEqual(a.links.map((l) => l.link.text), [
    "javascript:alert(1)",
    "data:text/html,x",
    "Own",
  ]);
});

Deno.test("about: bad/a contact address that may not be a link leaves the email as the link, once; an OpenID URL that is not http(s) is text", () => {
  const a = about({
    openapi: "3.0.3",
    info: {
      title: "t",
      version: "1",
      contact: { url: "javascript:x", email: "a@x.test" },
    },
    paths: {},
    components: {
      securitySchemes: {
        o: { type: "openIdConnect", openIdConnectUrl: "ftp://x.test/oidc" },
      },
    },
  });
  assert.deepEqual(a.links.map((l) => [l.label, l.link.text, l.link.href]), [
    ["Contact", "a@x.test", "mailto:a@x.test"],
  ]);
  assert.deepEqual(a.schemes[0].openIdConnect, {
    text: "ftp://x.test/oidc",
    href: "",
  });
});

Deno.test("about: ok/declared tags that say something, in written order, once each", () => {
  const a = about({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    tags: [
      { name: "pets", description: "Everything about *pets*" },
      { name: "bare" },
      { name: "store", externalDocs: { url: "https://x.test/store" } },
      { name: "pets", description: "again" },
      "not a tag",
      { name: " ", description: "no name" },
      { name: "x".repeat(300_000), description: "long" },
    ],
    paths: {},
  });
  assert.deepEqual(
    a.tags.map((t) => [t.name, mdText(t.description), t.docs?.href ?? ""]),
    [
      ["pets", "Everything about pets", ""],
      ["store", "", "https://x.test/store"],
      [a.tags[2]?.name, "long", ""],
    ],
  );
  assert.ok(a.tags[2].name.length < 1_000, "a huge name is cut");
});

Deno.test("about: ok/3.2 schemes: deprecated, and an OAuth 2 metadata URL as a link (http or https only)", () => {
  const a = about({
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      securitySchemes: {
        legacy: { type: "apiKey", in: "header", name: "K", deprecated: true },
        o: {
          type: "oauth2",
          oauth2MetadataUrl:
            "https://x.test/.well-known/oauth-authorization-server",
          flows: {},
        },
        bad: {
          type: "oauth2",
          oauth2MetadataUrl: "javascript:alert(1)",
          flows: {},
        },
      },
    },
  });
  assert.deepEqual(a.schemes.map((s) => s.deprecated), [true, false, false]);
  assert.equal(a.schemes[0].metadata, null);
  assert.deepEqual(a.schemes[1].metadata, {
    text: "https://x.test/.well-known/oauth-authorization-server",
    href: "https://x.test/.well-known/oauth-authorization-server",
  });
  assert.equal(a.schemes[2].metadata?.href, "");
});

Deno.test("about: ok/3.2 tags: a summary, a parent or a kind alone is enough to list a tag", () => {
  const a = about({
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {},
    tags: [
      { name: "plain" },
      { name: "pets", summary: "Pets" },
      { name: "cats", parent: "pets", kind: "nav" },
    ],
  });
  assert.deepEqual(
    a.tags.map((t) => [t.name, t.summary, t.parent, t.kind]),
    [["pets", "Pets", "", ""], ["cats", "", "pets", "nav"]],
  );
});

Deno.test('about: ok/3.1 info.summary is kept, clipped; none says ""', () => {
  const doc = (info: Record<string, unknown>) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1", ...info },
    paths: {},
  });
  assert.equal(
    about(doc({ summary: "My API's summary" })).summary,
    "My API's summary",
  );
  assert.ok(about(doc({ summary: "s".repeat(5000) })).summary.length <= 200);
  assert.equal(about(doc({})).summary, "");
  assert.equal(about(doc({ summary: 42 })).summary, "");
});
