import assert from "node:assert/strict";
import { harCurl } from "./curl.ts";

const URL = "https://example.com/a";

Deno.test("har curl: ok/pseudo-headers and Content-Length are not copied", () => {
  assert.equal(
    harCurl("POST", URL, [
      { name: ":authority", value: "example.com" },
      { name: ":method", value: "POST" },
      { name: "content-length", value: "999" },
      { name: "Content-Type", value: "text/plain" },
    ], "hi"),
    [
      `curl '${URL}'`,
      "-H 'Content-Type: text/plain'",
      "--data-raw 'hi'",
    ].join(" \\\n  "),
  );
});

Deno.test("har curl: ok/an empty recorded header is sent empty", () => {
  assert.equal(
    harCurl("GET", URL, [{ name: "X-Empty", value: "" }]),
    `curl '${URL}' \\\n  -H 'X-Empty;'`,
  );
});

Deno.test("har curl: ok/Accept-Encoding asks curl to decode", () => {
  assert.match(
    harCurl("GET", URL, [{ name: "accept-encoding", value: "br" }]),
    /-H 'accept-encoding: br' \\\n {2}--compressed$/,
  );
  assert.doesNotMatch(harCurl("GET", URL, []), /--compressed/);
});

Deno.test("har curl: ok/a body left out changes the inferred method", () => {
  // The viewer drops an oversized body: POST must then be written out.
  assert.match(harCurl("POST", URL, []), /-X POST/);
  assert.doesNotMatch(harCurl("POST", URL, [], "x"), /-X/);
});
