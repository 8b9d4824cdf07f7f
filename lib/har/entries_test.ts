import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { entryAt, pathOf, urlOf } from "./entries.ts";

Deno.test("entries: URL, path and one entry back from the columns", () => {
  const h = parsedHar([
    { url: "https://x.example/a" },
    { method: "PUT", url: "https://u:p@y.example:8080/b/c?d=1#e", status: 404 },
  ]);
  assert.equal(urlOf(h.columns, 1), "https://u:p@y.example:8080/b/c?d=1#e");
  assert.equal(pathOf(h.columns, 1), "/b/c?d=1");
  assert.equal(pathOf(h.columns, 0), "/a");
  const e = entryAt(h.columns, h.raw[1], 1);
  assert.equal(e.index, 1);
  assert.equal(e.method, "PUT");
  assert.equal(e.status, 404);
});
