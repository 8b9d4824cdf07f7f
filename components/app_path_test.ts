import assert from "node:assert/strict";
import { appHref, rootFrom } from "./app_path.ts";

Deno.test("rootFrom: one ../ per segment below the first, ./ at the top, / past the cap", () => {
  const cases: [string, string][] = [
    ["/", "./"],
    ["/spec", "./"],
    ["/spec/", "../"],
    ["/spec/compare", "../"],
    ["/no/such/page", "../../"],
    // Empty segments count: the browser climbs them too (RFC 3986 §5.2.4).
    ["/a//b", "../../"],
    // Not decoded: %2F is no separator to the browser.
    ["/a%2Fb", "./"],
    ["/" + "a/".repeat(32) + "b", "../".repeat(32)],
    ["/" + "a/".repeat(33) + "b", "/"],
  ];
  for (const [path, root] of cases) assert.equal(rootFrom(path), root, path);
});

Deno.test("appHref: an app path from the page's root, resolving under any mount", () => {
  assert.equal(appHref("./", "/"), "./");
  assert.equal(appHref("../", "/styles.css?v=1"), "../styles.css?v=1");
  for (
    const [page, root] of [["/tools/spec/compare", "../"], [
      "/tools/spec",
      "./",
    ], ["/tools/", "./"]]
  ) {
    assert.equal(
      new URL(appHref(root, "/api/debug/get"), "http://x.test" + page).pathname,
      "/tools/api/debug/get",
    );
  }
  assert.equal(
    new URL(appHref("/", "/spec"), "http://x.test/a").pathname,
    "/spec",
  );
});
