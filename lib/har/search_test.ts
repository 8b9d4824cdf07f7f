import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { searchMask } from "./search.ts";

const { columns: c } = parsedHar([
  { method: "GET", url: "https://api.example/users", mime: "application/json" },
  { method: "POST", url: "https://api.example/login", status: 401 },
  { method: "GET", url: "https://cdn.example/logo.png", mime: "image/png" },
]);
const hits = (q: string) => {
  const m = searchMask(c, q);
  return m ? [...m].flatMap((v, i) => (v ? [i] : [])) : null;
};

Deno.test("search: every term must match URL, method, status or MIME", () => {
  assert.equal(hits(""), null, "no terms: no mask");
  assert.deepEqual(hits("api"), [0, 1]);
  assert.deepEqual(hits("post"), [1]);
  assert.deepEqual(hits("401"), [1]);
  assert.deepEqual(hits("image/png"), [2]);
  assert.deepEqual(hits("API get"), [0]);
});

Deno.test("search: -term excludes", () => {
  assert.deepEqual(hits("example -api"), [2]);
});
