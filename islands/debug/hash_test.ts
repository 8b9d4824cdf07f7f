import assert from "node:assert/strict";
import {
  endpoint,
  endpointUrl,
  SAMPLE_BODY,
} from "../../lib/debug/core/catalog.ts";
import { createDebugApi } from "../../lib/debug/api.ts";
import {
  bodyFitsLink,
  exampleState,
  formatHash,
  LINK_BODY_MAX,
  parseHash,
} from "./hash.ts";
import { initialState } from "./model.ts";

const catalog = createDebugApi().catalog;

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
  // It answers any method: a name of one's own stays, one a browser will
  // not send does not.
  assert.equal(parseHash(redirect, "#redirect?method=BREW")!.method, "BREW");
  assert.equal(parseHash(redirect, "#redirect?method=TRACE")!.method, "GET");
  const get = endpoint(catalog, "get");
  assert.equal(parseHash(get, "#get?method=BREW")!.method, "GET");
});

Deno.test("runner hash: catalog examples become runner states", () => {
  // Each "Try" loads the example's own path: its optional segments given
  // or left out as the example has them (`/image/svg`, `/image`,
  // `/links/5/2`), not at the blank form's values.
  let optional = 0;
  for (const ep of catalog) {
    for (const ex of ep.examples) {
      const s = exampleState(ep, ex);
      const path = ex.url.split("?")[0];
      assert.equal(
        decodeURIComponent(endpointUrl(ep, s.values).split("?")[0]),
        decodeURIComponent(path),
        ex.url,
      );
      if (ep.params.some((p) => p.in === "path" && !p.required)) optional++;
    }
  }
  assert.ok(optional >= 5, `${optional} examples with optional segments`);
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

Deno.test("runner hash: a body too long for a link is left out of it, the rest kept", () => {
  // A megabyte in the fragment cost seconds per keystroke in Chromium's
  // history.replaceState.
  const post = endpoint(catalog, "post");
  const fits = "a".repeat(LINK_BODY_MAX);
  // Counted encoded: 4 000 é are 24 000 characters in a URL.
  const wide = "é".repeat(LINK_BODY_MAX / 4);
  for (
    const [body, kept] of [[fits, true], [fits + "a", false], [
      wide,
      false,
    ]] as const
  ) {
    assert.equal(bodyFitsLink(body), kept);
    const s = { ...initialState(post), headers: "X-A: 1", body };
    const back = parseHash(post, formatHash(post, s))!;
    assert.equal(back.body, kept ? body : "");
    assert.equal(back.headers, "X-A: 1");
  }
  // A lone surrogate (pasted) is counted, not thrown on.
  assert.equal(bodyFitsLink("\ud800"), true);
});
