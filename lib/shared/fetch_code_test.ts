/**
 * "Copy as fetch" of a multipart form (fetchCode's FormData): each part
 * as curl's `-F` sends it, and where FormData cannot send it so, said in
 * the call. Run with a stand-in `fetch` that keeps the real FormData.
 */
import assert from "node:assert/strict";
import { runFetchCode } from "../../tests/helpers/fetch_stub.ts";
import { fetchCode } from "./fetch_code.ts";

Deno.test("fetchCode: ok/a typed multipart field, which FormData sends as a file named blob where curl sends a field, is said by name; text fields and files are not", async () => {
  const { code } = fetchCode({
    method: "POST",
    url: "https://api.example.com/upload",
    headers: [],
    body: null,
    form: [
      { name: "meta", value: '{"a":1}', type: "application/json" },
      { name: "note", value: "plain" },
      { name: "doc", value: "path/to/a.pdf", file: true },
    ],
  });
  assert.match(
    code,
    /\n\/\/ FormData sends these as files named "blob"; Copy as cURL sends them as fields of their type, without a file name: "meta"\.\n/,
  );
  // What the comment says is what FormData does.
  const form = (await runFetchCode(code, {
    files: { "path/to/a.pdf": "%PDF" },
  })).body as FormData;
  const meta = form.get("meta") as File;
  assert.equal(meta.name, "blob");
  assert.equal(meta.type, "application/json");
  assert.equal(form.get("note"), "plain");
  assert.equal((form.get("doc") as File).name, "a.pdf");
});
