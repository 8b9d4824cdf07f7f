import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { createDebugApi } from "../../lib/debug/api.ts";
import { endpoint } from "../../lib/debug/core/catalog.ts";
import { TextFields } from "./TextFields.tsx";
import { initialState } from "./model.ts";

const post = endpoint(createDebugApi().catalog, "post");

/** The body's hint, as text, for these headers and body. */
function bodyHint(headers: string, body: string): string {
  const html = renderToString(
    <TextFields
      ep={post}
      uid="t"
      state={{ ...initialState(post), headers, body }}
      errors={{}}
      update={() => {}}
    />,
  );
  return html.match(/<p id="t-body-hint"[^>]*>(.*?)<\/p>/)?.[1]
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'") ?? "";
}

/** [name, headers, body, hint says]. */
const CASES: [string, string, string, RegExp][] = [
  [
    "bad/a JSON type with a body that is no JSON says where it breaks",
    "Content-Type: application/json",
    '{"a": 1,}',
    /^9 bytes; not valid JSON: .*\(line 1, column 9\)\. Sent as typed, UTF-8\.$/,
  ],
  [
    "bad/a +json type too",
    "X-A: 1\ncontent-type: application/merge-patch+json; charset=utf-8",
    "{'a': 1}",
    /not valid JSON: .*JSON strings need double quotes.*\(line 1, column 2\)/,
  ],
  [
    "ok/valid JSON says so",
    "Content-Type: application/json",
    '{"a": 1}',
    /^8 bytes, valid JSON\. Sent as typed, UTF-8\.$/,
  ],
  [
    "ok/no JSON type: a form body is no JSON to check",
    "Content-Type: application/x-www-form-urlencoded",
    "a=1&b",
    /^5 bytes\. Sent as typed, UTF-8\.$/,
  ],
];

for (const [name, headers, body, says] of CASES) {
  Deno.test(`text fields: ${name}`, () => {
    assert.match(bodyHint(headers, body), says);
  });
}
