/**
 * Property tests (fast-check): for generated specs, JSON and YAML give the
 * same list, the count is the number of (path, method) pairs, the order is
 * the contract's, the filter agrees with a naive reading of the contract,
 * and no input at all makes the parser throw instead of answering.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { dump } from "js-yaml";
import { applyFilter, compileFilter } from "./filter.ts";
import { tryParseSpec } from "./mod.ts";
import { METHOD_ORDER } from "../../tests/fixtures/openapi/method_order.ts";

const METHODS = METHOD_ORDER;
const word = fc.string({
  unit: fc.constantFrom(..."aAbB/{}-_ é😀"),
  maxLength: 8,
});
const op = fc.record({
  summary: word,
  operationId: word,
  tags: fc.array(word, { maxLength: 3 }),
});
const item = fc.dictionary(fc.constantFrom(...METHODS), op, { maxKeys: 9 });
const spec = fc.dictionary(word.map((w) => "/" + w), item, { maxKeys: 12 }).map(
  (paths) => ({
    openapi: "3.2.0",
    info: { title: "gen", version: "1" },
    paths,
  }),
);

Deno.test("spec property: JSON and YAML agree; count and order follow the contract", () => {
  fc.assert(
    fc.property(spec, (doc) => {
      const j = tryParseSpec(JSON.stringify(doc));
      const y = tryParseSpec(dump(doc));
      assert.ok(j.ok && y.ok);
      if (!j.ok || !y.ok) return;
      const rows = j.parsed.index.endpoints.map((
        e,
      ) => [e.method, e.path, e.summary, e.tags]);
      assert.deepEqual(
        y.parsed.index.endpoints.map((
          e,
        ) => [e.method, e.path, e.summary, e.tags]),
        rows,
      );
      const want = Object.entries(doc.paths).flatMap(([p, it]) =>
        Object.keys(it).map((m) => [m, p])
      )
        .sort((a, b) =>
          a[1] < b[1]
            ? -1
            : a[1] > b[1]
            ? 1
            : METHODS.indexOf(a[0]) - METHODS.indexOf(b[0])
        );
      assert.deepEqual(rows.map((r) => [r[0], r[1]]), want);
    }),
    { numRuns: 150 },
  );
});

Deno.test("spec property: the filter is the contract's AND of terms", () => {
  const query = fc.array(
    fc.oneof(word, fc.constantFrom(...METHODS, "GET", "Post")),
    { maxLength: 3 },
  )
    .map((t) => t.join(" "));
  fc.assert(
    fc.property(spec, query, (doc, q) => {
      const r = tryParseSpec(JSON.stringify(doc));
      if (!r.ok) return;
      const all = r.parsed.index.endpoints;
      const got = applyFilter(all, compileFilter(q));
      const terms = q.split(/\s+/).filter(Boolean).map((t) => t.toLowerCase());
      const naive = all.filter((e) =>
        terms.every((t) =>
          METHODS.includes(t)
            ? e.method === t
            : [e.path, e.summary, e.operationId, ...e.tags].some((f) =>
              f.toLowerCase().includes(t)
            )
        )
      );
      assert.deepEqual(got, naive);
    }),
    { numRuns: 200 },
  );
});

Deno.test("spec property: any text gets an answer, never an exception", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.json(),
        fc.anything().map((v) => dump(v, { skipInvalid: true })),
      ),
      (s) => {
        const r = tryParseSpec(s);
        if (!r.ok) {
          assert.ok(r.error.message.length > 0);
          assert.ok(
            r.error.line !== undefined || r.error.path !== undefined,
            r.error.message,
          );
        }
      },
    ),
    { numRuns: 300 },
  );
});
