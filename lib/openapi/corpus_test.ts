/**
 * Every real-world spec of the shared corpus (`CORPUS_DIR`, default
 * `../shared/corpus` from the repo root) either parses with a stable,
 * expected endpoint count or is rejected with a located, clear error.
 * Counts were cross-checked with an independent PyYAML script. Skipped when
 * the corpus is absent.
 */
import assert from "node:assert/strict";
import { tryParseSpec } from "./mod.ts";
import { corpusDir, corpusFiles } from "../../tests/helpers/corpus.ts";

const DIR = corpusDir("specs") ?? "";
const present = DIR !== "";

type Expect =
  | {
    count: number;
    webhooks?: number;
    callbacks?: number;
    version?: string;
    warn?: RegExp;
  }
  | { reject: "syntax" | "format" | "structure"; message: RegExp };

const EXPECT: Record<string, Expect> = {
  "adyen-ManagementNotificationService-v3.yaml": { count: 0, webhooks: 8 },
  "adyen-TransferService-v4.json": { count: 12, version: "4" },
  "apisguru-xkcd-swagger.yaml": { count: 2 },
  "broken-json-schema-ref-parser-invalid.yaml": {
    reject: "syntax",
    message: /'\[' opened at line 1, column 6 is never closed/,
  },
  "broken-oai-v3.2-conflicting-additional-operation.yaml": {
    count: 2,
    warn:
      /additionalOperations\.POST must be written as the fixed field "post"/,
  },
  "broken-oai-v3.2-invalid-schema-types.yaml": {
    count: 0,
    warn: /Schema "invalid_null" is null/,
  },
  "broken-oai-v3.2-no-containers.yaml": {
    reject: "structure",
    message: /no paths, webhooks or components/,
  },
  "broken-swagger-parser-duplicate-operation-ids.yaml": {
    count: 2,
    warn: /operationId "users" is used by GET \/users and POST \/users/,
  },
  "broken-swagger-parser-newer-version.yaml": {
    reject: "format",
    message: /swagger: "3\.0" is not a Swagger version/,
  },
  "broken-swagger-parser-no-paths-or-webhooks.yaml": {
    reject: "structure",
    message: /no paths, webhooks or components/,
  },
  "broken-swagger-parser-not-swagger.yaml": {
    reject: "format",
    message: /JSON Schema/,
  },
  "broken-swagger-parser-numeric-info-version.yaml": {
    count: 1,
    version: "1.0",
    warn: /info\.version is the number 1/,
  },
  "broken-swagger-parser-numeric-version.yaml": {
    count: 1,
    warn: /swagger: 2\.0 is a number/,
  },
  "broken-swagger-parser-swagger-ERROR.yaml": {
    reject: "format",
    message: /swagger: "ERROR" is not a Swagger version/,
  },
  "k8s-v1.7.17-swagger.json": { count: 608, version: "v1.7.17" },
  "learn-v3.1-tictactoe.yaml": { count: 3, webhooks: 1, callbacks: 1 },
  "learn-v3.2-query-example.yaml": { count: 1 },
  "learn-v3.2-tags-example.yaml": { count: 4 },
  "not-openapi-slack-events-asyncapi.json": {
    reject: "format",
    message: /AsyncAPI 1\.2\.0 document/,
  },
  "oai-v2.0-petstore-expanded.yaml": { count: 4 },
  "oai-v2.0-petstore.json": { count: 3 },
  "oai-v2.0-petstore.yaml": { count: 3 },
  "oai-v2.0-uber.json": { count: 5 },
  "oai-v3.0-api-with-examples.yaml": { count: 2 },
  "oai-v3.0-callback-example.yaml": { count: 1, callbacks: 1 },
  "oai-v3.0-link-example.yaml": { count: 6 },
  "oai-v3.0-petstore-expanded.yaml": { count: 4 },
  "oai-v3.0-petstore.json": { count: 3 },
  "oai-v3.0-petstore.yaml": { count: 3 },
  "oai-v3.0-uspto.yaml": { count: 3 },
  "oai-v3.1-non-oauth-scopes.yaml": { count: 1 },
  "oai-v3.1-webhook-example.yaml": { count: 0, webhooks: 1 },
  "oai-v3.2-comp-pathitems.yaml": { count: 0 },
  "oai-v3.2-mega.yaml": { count: 1, webhooks: 1 },
  "oai-v3.2-path-item-query-additionalOperations.yaml": { count: 3 },
  "oai-v3.2-tag-object-example.yaml": { count: 0 },
  "oai-v3.2-webhook-example.yaml": { count: 0, webhooks: 1 },
  "openai-openapi.yaml": { count: 288, webhooks: 16, version: "2.3.0" },
  "slack-web-openapi-v2.json": { count: 174 },
  "stripe-spec3.json": { count: 355, version: "2020-03-02" },
  "stripe-spec3-2020-08-27.json": { count: 359, version: "2020-08-27" },
  "swagger-parser-ref-to-invalid-path.yaml": {
    count: 1,
    warn:
      /"#\/definitions\/products" points to something that is not a Path Item/,
  },
  "teamdigitale-defibrillatori-example.yaml": { count: 6 },
  "teamdigitale-istat-sdmx-rest.yaml": { count: 6 },
  "teamdigitale-observations.yaml": { count: 2 },
};

const files = present ? corpusFiles("specs") : [];

Deno.test({
  name: "spec corpus: every file has an expectation (new files get one)",
  ignore: !present,
  fn() {
    assert.deepEqual(files.filter((f) => !(f in EXPECT)), []);
  },
});

for (const name of Object.keys(EXPECT)) {
  Deno.test({
    name: `spec corpus ${name}`,
    ignore: !present,
    fn() {
      const text = Deno.readTextFileSync(DIR + name);
      const want = EXPECT[name];
      const r = tryParseSpec(text);
      if ("reject" in want) {
        assert.equal(r.ok, false, "must be rejected");
        if (r.ok) return;
        assert.equal(r.error.kind, want.reject);
        assert.match(r.error.message, want.message);
        assert.ok(
          r.error.kind === "syntax"
            ? r.error.line !== undefined && r.error.column !== undefined
            : r.error.path !== undefined,
          "the error says where",
        );
        return;
      }
      assert.ok(r.ok, r.ok ? "" : r.error.message);
      if (!r.ok) return;
      const x = r.parsed.index;
      assert.equal(x.endpoints.length, want.count);
      assert.equal(x.webhooks.length, want.webhooks ?? 0);
      if (want.callbacks !== undefined) {
        assert.equal(x.callbacks.length, want.callbacks);
      }
      if (want.version !== undefined) assert.equal(x.version, want.version);
      if (want.warn) {
        assert.ok(x.warnings.some((w) => want.warn!.test(w.message)));
      }
      // Sorted as the contract says, each (path, method) once, stable.
      const keys = x.endpoints.map((e) => `${e.method} ${e.path}`);
      assert.equal(new Set(keys).size, keys.length, "no duplicates");
      for (let i = 1; i < x.endpoints.length; i++) {
        const a = x.endpoints[i - 1].path, b = x.endpoints[i].path;
        assert.ok(a <= b, `${a} before ${b}`);
      }
      const again = tryParseSpec(text);
      assert.ok(again.ok);
      if (again.ok) {
        assert.deepEqual(
          again.parsed.index.endpoints.map((e) => `${e.method} ${e.path}`),
          keys,
        );
      }
      assert.deepEqual(
        x.methodCounts.reduce((n, [, c]) => n + c, 0),
        x.endpoints.length,
      );
    },
  });
}

Deno.test({
  name:
    "spec corpus: the petstore in JSON and in YAML lists the same endpoints",
  ignore: !present,
  fn() {
    for (const v of ["v2.0", "v3.0"]) {
      const j = tryParseSpec(
        Deno.readTextFileSync(`${DIR}oai-${v}-petstore.json`),
      );
      const y = tryParseSpec(
        Deno.readTextFileSync(`${DIR}oai-${v}-petstore.yaml`),
      );
      assert.ok(j.ok && y.ok);
      const rows = (x: typeof j) =>
        x.ok
          ? x.parsed.index.endpoints.map((
            e,
          ) => [e.method, e.path, e.summary, e.tags])
          : [];
      assert.deepEqual(rows(j), rows(y));
    }
  },
});
