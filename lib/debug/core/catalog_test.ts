/** The catalog's invariants under the default and tiny limits and bases. */
import assert from "node:assert/strict";
import { endpoint, endpointUrl } from "./catalog.ts";
import { checkParam } from "./params.ts";
import { createDebugApi } from "../api.ts";

const catalog = createDebugApi().catalog;

Deno.test("limits: the catalog's bounds follow the limits it is built with", () => {
  const tiny = createDebugApi({ limits: { maxSleepMs: 10, maxRedirects: 2 } })
    .catalog;
  const s = endpoint(tiny, "status").params.find((p) => p.name === "sleep")!;
  assert.equal(s.max, 10);
  const c = endpoint(tiny, "redirect").params.find((p) => p.name === "count")!;
  assert.equal(c.max, 2);
  assert.match(checkParam(s, "11")!, /between 0 ms and 10 ms/);
});

Deno.test("catalog: ids and paths unique, sleep everywhere, HEAD wherever GET", () => {
  const ids = catalog.map((e) => e.id);
  // The first runners of the /debug page, in this order: their ids are
  // the anchors (`/debug#sse`) and `data-endpoint`s links and tests use.
  const promised = [
    "status",
    "redirect",
    "echo",
    "gzip",
    "deflate",
    "brotli",
    "sse",
  ];
  assert.deepEqual(ids.filter((id) => promised.includes(id)), promised);
  for (const id of ["openapi", "get", "anything", "digest-auth", "index"]) {
    assert.ok(ids.includes(id), id);
  }
  assert.equal(new Set(catalog.map((e) => e.id)).size, catalog.length);
  assert.equal(new Set(catalog.map((e) => e.path)).size, catalog.length);
  for (const ep of catalog) {
    assert.ok(
      ep.path === "/api/debug" || ep.path.startsWith("/api/debug/"),
      ep.id,
    );
    assert.ok(ep.params.some((p) => p.name === "sleep"), `${ep.id} has sleep`);
    if (ep.methods.includes("GET")) {
      assert.equal(ep.methods[0], "GET", ep.id);
      assert.ok(ep.methods.includes("HEAD"), `${ep.id} answers HEAD`);
    }
    for (const p of ep.params) {
      assert.equal(
        checkParam(p, p.example),
        null,
        `${ep.id}.${p.name} example`,
      );
      // Optional path parameters are trailing segments of alias templates.
      if (p.in === "path" && p.required) {
        assert.ok(ep.path.includes(`{${p.name}}`), `${ep.id}.${p.name}`);
      }
    }
  }
});

Deno.test("catalog: summaries unique (each names a section, a landmark, of /debug and an OpenAPI operation)", () => {
  const seen = new Map<string, string>();
  for (const e of catalog) {
    assert.ok(
      !seen.has(e.summary),
      `${e.id} and ${seen.get(e.summary)}: "${e.summary}"`,
    );
    seen.set(e.summary, e.id);
  }
});

Deno.test("catalog: endpointUrl fills path params and skips empty query values", () => {
  assert.equal(
    endpointUrl(endpoint(catalog, "redirect"), {
      count: "3",
      status: "307",
      absolute: "",
      sleep: "1s",
    }),
    "/api/debug/redirect/3?status=307&sleep=1s",
  );
  assert.equal(
    endpointUrl(endpoint(catalog, "status"), { code: "a/b" }),
    "/api/debug/status/a%2Fb",
  );
});

Deno.test("catalog: every path, example and Location follows the base", () => {
  for (const base of ["/", "/x", "/deep/er/base"]) {
    const api = createDebugApi({ base });
    const prefix = base === "/" ? "" : base;
    for (const ep of api.catalog) {
      assert.ok(
        ep.path === (prefix || "/") || ep.path.startsWith(prefix + "/"),
        `${base}: ${ep.path}`,
      );
      for (const ex of ep.examples) {
        assert.ok(
          ex.url === (prefix || "/") || ex.url.startsWith(prefix + "/"),
          `${base}: ${ex.url}`,
        );
      }
      assert.ok(!ep.description.includes("/api/debug"), `${base}: ${ep.id}`);
    }
  }
});
