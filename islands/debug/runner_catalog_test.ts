import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { h } from "preact";
import { createDebugApi } from "../../lib/debug/api.ts";
import DebugRunner from "./DebugRunner.tsx";
import { exampleState, formatHash, parseHash } from "./hash.ts";
import {
  canRedirect,
  curlNotes,
  isCompressed,
  prepare,
  runnerCurl,
  runnerKind,
  takesQuery,
} from "./model.ts";
import { runnerCatalog, runnerSpec } from "./runner_catalog.ts";

const catalog = createDebugApi().catalog;

Deno.test("runnerSpec: every runner renders the same from its trimmed entry", () => {
  const render = (ep: typeof catalog[number]) =>
    renderToString(
      h(DebugRunner, {
        endpoint: ep.id,
        catalog: { [ep.id]: ep },
        maxBodyBytes: 1024,
        root: "./",
        mount: "http://x.test",
      }),
    );
  for (const ep of catalog) {
    assert.equal(render(runnerSpec(ep)), render(ep), ep.id);
  }
});

Deno.test("runnerSpec: every example makes the same request, URL and cURL", () => {
  for (const ep of catalog) {
    const small = runnerSpec(ep);
    assert.equal(runnerKind(small), runnerKind(ep), ep.id);
    assert.equal(canRedirect(small), canRedirect(ep), ep.id);
    assert.equal(isCompressed(small), isCompressed(ep), ep.id);
    assert.equal(takesQuery(small), takesQuery(ep), ep.id);
    for (const ex of ep.examples) {
      const state = exampleState(ep, ex);
      assert.deepEqual(exampleState(small, ex), state, ex.url);
      const hash = formatHash(ep, state, true);
      assert.equal(formatHash(small, state, true), hash, ex.url);
      assert.deepEqual(parseHash(small, hash), parseHash(ep, hash), ex.url);
      const opts = { maxBodyBytes: 1024 };
      const full = prepare(ep, state, "http://x.test", opts);
      const cut = prepare(small, state, "http://x.test", opts);
      assert.deepEqual(cut, full, ex.url);
      assert.equal(runnerCurl(cut.request), runnerCurl(full.request), ex.url);
      assert.deepEqual(curlNotes(cut.request), curlNotes(full.request));
    }
  }
});

Deno.test("runnerCatalog: a third of the full catalog's JSON or less, by id", () => {
  const runners = runnerCatalog(catalog);
  assert.deepEqual(Object.keys(runners), catalog.map((ep) => ep.id));
  const size = (v: unknown) => JSON.stringify(v).length;
  assert.ok(
    size(runners) * 3 <= size(catalog),
    `${size(runners)} of ${size(catalog)}`,
  );
});
