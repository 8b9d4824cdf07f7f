import assert from "node:assert/strict";
import fc from "fast-check";
import { isJsonType, prettyJson, tokensText } from "./json_pretty.ts";

Deno.test("runner json: pretty text keeps the source's tokens", () => {
  const src = '{"a":[1.0,1e400,12345678901234567890],"a":{},"b":[],"c":' +
    '{"d":"x\\"y","e":null,"f":true}}';
  const t = prettyJson(src)!;
  assert.equal(
    tokensText(t),
    `{
  "a": [
    1.0,
    1e400,
    12345678901234567890
  ],
  "a": {},
  "b": [],
  "c": {
    "d": "x\\"y",
    "e": null,
    "f": true
  }
}`,
  );
  assert.deepEqual(t.filter((x) => x.kind === "key").map((x) => x.text), [
    '"a"',
    '"a"',
    '"b"',
    '"c"',
    '"d"',
    '"e"',
    '"f"',
  ]);
  assert.equal(prettyJson("{bad"), null);
  assert.equal(tokensText(prettyJson(" 42 ")!), "42");
});

Deno.test("runner json: any JSON value pretty-prints to the same value", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v);
      const t = prettyJson(text);
      assert.ok(t);
      assert.deepEqual(JSON.parse(tokensText(t)), JSON.parse(text));
    }),
    { numRuns: 200 },
  );
});

Deno.test("runner json: media types", () => {
  assert.ok(isJsonType("application/json"));
  assert.ok(isJsonType("application/problem+json; charset=utf-8"));
  // RFC 6838 restricted names, and a spec's range.
  assert.ok(isJsonType("application/vnd.my_app+json"));
  assert.ok(isJsonType("application/vnd.a$b.v2+json"));
  assert.ok(isJsonType("application/*+json"));
  assert.ok(!isJsonType("application/json-seq"));
  assert.ok(!isJsonType("text/event-stream"));
  assert.ok(!isJsonType(null));
});
