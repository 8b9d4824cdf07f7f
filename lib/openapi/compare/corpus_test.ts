/**
 * Spec compare on the shared corpus of real specs (skipped, saying so,
 * when it is absent): every spec against itself reports nothing; the
 * Swagger 2.0 and OpenAPI 3.0 petstores, the same API in two formats,
 * differ only where they really do; Stripe's 2020-03-02 → 2020-08-27 pair
 * gives its known changes, each shared one once.
 */
import assert from "node:assert/strict";
import { corpusDir, corpusFiles } from "../../../tests/helpers/corpus.ts";
import { tryParseSpec } from "../mod.ts";
import { compareSpecs } from "./mod.ts";

const DIR = corpusDir("specs") ?? "";
const ignore = DIR === "";
const read = (name: string) => Deno.readTextFileSync(DIR + name);

/**
 * The corpus specs the viewer rejects: lib/openapi/corpus_test.ts expects
 * these rejected and every other one accepted.
 */
const REJECTED = new Set([
  "broken-json-schema-ref-parser-invalid.yaml",
  "broken-oai-v3.2-no-containers.yaml",
  "broken-swagger-parser-newer-version.yaml",
  "broken-swagger-parser-no-paths-or-webhooks.yaml",
  "broken-swagger-parser-not-swagger.yaml",
  "broken-swagger-parser-swagger-ERROR.yaml",
  "not-openapi-slack-events-asyncapi.json",
]);

/** How many corpus specs the viewer accepts (45 files, 7 rejected). */
const ACCEPTED = 38;

Deno.test({
  name: "compare corpus: every accepted spec against itself reports nothing",
  ignore,
  fn() {
    const files = corpusFiles("specs");
    const skipped: string[] = [];
    let compared = 0;
    for (const name of files) {
      const text = read(name);
      if (!tryParseSpec(text, { checks: false }).ok) {
        skipped.push(name);
        continue;
      }
      const r = compareSpecs(text, text, { all: true });
      // References to other files are not loaded: what they point to may
      // differ between two copies of the same text, and the result says so.
      const blind = r.changes.filter((c) =>
        c.id === "ref-not-followed" && /another file/.test(c.text)
      );
      assert.ok(blind.length <= 1, name);
      assert.deepEqual(r.changes.filter((c) => !blind.includes(c)), [], name);
      compared++;
    }
    assert.deepEqual(
      skipped,
      files.filter((f) => REJECTED.has(f)),
      "only the specs the viewer rejects are left out",
    );
    assert.ok(
      compared >= ACCEPTED,
      `${compared} specs compared, fewer than the ${ACCEPTED} of the corpus the viewer accepts`,
    );
  },
});

Deno.test({
  name: "compare corpus: the 2.0 and 3.0 petstores differ only where they do",
  ignore,
  fn() {
    const r = compareSpecs(
      read("oai-v2.0-petstore.yaml"),
      read("oai-v3.0-petstore.yaml"),
      { all: true },
    );
    assert.deepEqual(
      r.changes.map((c) => [c.level, c.id, ...c.operations, c.where]),
      [
        // 3.0 adds `maximum: 100` to the limit parameter.
        [
          "breaking",
          "request-parameter-max-set",
          "GET /pets",
          "query parameter limit",
        ],
        // 3.0's list has maxItems: 100 (a narrower promise: compatible),
        // said of the component Pets, as every change inside a component is.
        [
          "info",
          "response-property-max-items-set",
          "GET /pets",
          "schema Pets",
        ],
        // 2.0 declares no body for POST /pets; 3.0 requires a Pet.
        [
          "breaking",
          "request-body-added-required",
          "POST /pets",
          "request body",
        ],
        // 2.0 answers GET /pets/{petId} with Pets (an array), 3.0 with a
        // Pet: the body now names another component, a change of the body.
        [
          "breaking",
          "response-body-type-changed",
          "GET /pets/{petId}",
          "response 200 body",
        ],
      ],
    );
  },
});

Deno.test({
  name: "compare corpus: Stripe 2020-03-02 → 2020-08-27",
  ignore,
  fn() {
    const r = compareSpecs(
      read("stripe-spec3.json"),
      read("stripe-spec3-2020-08-27.json"),
    );
    assert.deepEqual(r.base.version, "2020-03-02");
    assert.deepEqual(r.revision.version, "2020-08-27");
    assert.deepEqual(r.counts, {
      breaking: 12,
      warning: 86,
      info: 267,
      doc: 309,
    });
    // 23 request properties removed from bodies that refuse properties
    // they do not list (`additionalProperties: false`) say so.
    assert.equal(
      r.changes.filter((c) =>
        c.id === "request-property-removed" && c.text.endsWith("are refused")
      ).length,
      23,
    );
    // Operations added: 359 - 355 + the removed ones.
    const added = r.changes.filter((c) => c.id === "endpoint-added");
    assert.ok(added.length >= 4, `${added.length} added`);
    const byText = new Map(r.changes.map((c) => [c.text, c]));
    // A field of a shared component: once, with every operation reaching it.
    const plan = byText.get(
      "response property `plan` in `subscription_item` was removed (`POST /v1/subscription_items` 200 response body)",
    );
    assert.ok(plan, "subscription_item.plan removed");
    assert.equal(plan.level, "breaking");
    assert.ok(plan.operations.length > 100, `${plan.operations.length}`);
    assert.equal(
      r.changes.filter((c) => c.where === plan.where).length,
      1,
      "said once",
    );
    // A request-side change of one operation.
    const links = r.changes.filter((c) =>
      c.operations.length === 1 && c.operations[0] === "POST /v1/account_links"
    ).map((c) => [c.level, c.text]);
    assert.deepEqual(links.slice(0, 2), [
      [
        "breaking",
        'request property `type` lost enum value `"custom_account_update"`',
      ],
      [
        "breaking",
        'request property `type` lost enum value `"custom_account_verification"`',
      ],
    ]);
    assert.ok(
      links.some(([level, text]) =>
        level === "warning" &&
        text ===
          "request property `failure_url` was removed, and properties not listed are refused"
      ),
    );
    // The pair yields hundreds of changes, not millions.
    assert.ok(r.changes.length < 1000, `${r.changes.length} changes`);
  },
});
