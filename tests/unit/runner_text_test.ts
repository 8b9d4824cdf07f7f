import assert from "node:assert/strict";
import fc from "fast-check";
import { endpoint } from "../../lib/debug/catalog.ts";
import { createDebugApi } from "../../lib/debug/api.ts";
import {
  exampleState,
  formatHash,
  parseHash,
  SAMPLE_BODY,
} from "../../islands/debug/hash.ts";
import {
  isJsonType,
  prettyJson,
  tokensText,
} from "../../islands/debug/json.ts";
import {
  initialState,
  type PreparedRequest,
  runnerCurl,
} from "../../islands/debug/model.ts";

const catalog = createDebugApi().catalog;

function req(patch: Partial<PreparedRequest>): PreparedRequest {
  return {
    url: "http://h/api/debug/echo",
    method: "GET",
    headers: [],
    follow: false,
    manual: false,
    compressed: false,
    stream: false,
    ...patch,
  };
}

Deno.test("runner curl: the runner's options reach the command", () => {
  assert.equal(runnerCurl(req({})), "curl 'http://h/api/debug/echo'");
  assert.equal(
    runnerCurl(req({
      method: "PUT",
      headers: [{ name: "X-A", value: "it's" }, { name: "X-E", value: "" }],
      body: '{"a":"b c"}',
    })),
    [
      "curl 'http://h/api/debug/echo'",
      "-X PUT",
      "-H 'X-A: it'\\''s'",
      "-H 'X-E;'",
      `--data-raw '{"a":"b c"}'`,
    ].join(" \\\n  "),
  );
  // With -L, -X POST would keep POST after a 302; curl's inference switches.
  assert.doesNotMatch(
    runnerCurl(req({ method: "POST", body: "x", follow: true })),
    /-X/,
  );
  assert.match(
    runnerCurl(req({ method: "PUT", follow: true })),
    /-X PUT[\s\S]*-L$/,
  );
  assert.match(runnerCurl(req({ compressed: true })), /--compressed$/);
  assert.match(runnerCurl(req({ stream: true })), / -N$/);
});

Deno.test("runner hash: round trip and defaults left out", () => {
  const echo = endpoint(catalog, "echo");
  const s = {
    ...initialState(echo),
    method: "POST",
    headers: "X-A: 1\nX-B: &=#?",
    body: '{"a": "#?&"}',
    query: "a=1&a=2",
    values: { sleep: "250ms" },
  };
  const h = formatHash(echo, s);
  assert.match(h, /^#echo\?/);
  assert.deepEqual(parseHash(echo, h), { ...s, follow: true });
  assert.equal(formatHash(echo, initialState(echo)), "#echo");
  assert.equal(parseHash(echo, "#echo"), null, "a bare id is an anchor");
  assert.equal(formatHash(echo, initialState(echo), true), "#echo?");
  assert.deepEqual(parseHash(echo, "#echo?"), initialState(echo));
  const status = endpoint(catalog, "status");
  assert.equal(formatHash(status, initialState(status)), "#status?code=418");
  assert.equal(parseHash(endpoint(catalog, "sse"), h), null);
  const redirect = endpoint(catalog, "redirect");
  const r = parseHash(redirect, "#redirect?count=2&follow=0&method=put")!;
  assert.equal(r.values.count, "2");
  assert.equal(r.follow, false);
  assert.equal(r.method, "PUT");
  assert.equal(parseHash(redirect, "#redirect?method=BREW")!.method, "GET");
});

Deno.test("runner hash: catalog examples become runner states", () => {
  for (const ep of catalog) {
    for (const ex of ep.examples) {
      const s = exampleState(ep, ex);
      for (const p of ep.params.filter((p) => p.in === "path")) {
        assert.notEqual(s.values[p.name], "", `${ex.url} ${p.name}`);
      }
    }
  }
  const status = endpoint(catalog, "status");
  const slow = exampleState(status, status.examples[1]);
  assert.equal(slow.values.code, "503");
  assert.equal(slow.values.sleep, "1s");
  const echo = endpoint(catalog, "echo");
  assert.equal(exampleState(echo, echo.examples[0]).query, "a=1&a=2&b=x");
  const post = exampleState(echo, echo.examples[1]);
  assert.equal(post.method, "POST");
  assert.equal(post.body, SAMPLE_BODY);
});

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
  assert.ok(!isJsonType("text/event-stream"));
  assert.ok(!isJsonType(null));
});
