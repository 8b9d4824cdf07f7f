/** `/redirect-to`'s target rules and the httpbin redirect chains. */
import assert from "node:assert/strict";
import { redirectTarget } from "./redirect.ts";
import { createContext } from "../core/context.ts";
import { ParamError } from "../core/params.ts";
import { createDebugHandler } from "../mod.ts";

const ctx = createContext({ redirectHosts: ["partner.test", "api.test:8443"] });
const root = createContext({ base: "/" });
const REQ = "http://wb.test:8000/api/debug/redirect-to?url=x";
const req = new Request(REQ);

const OK: [string, string, string][] = [
  ["ok/absolute path", "/api/debug/get", "/api/debug/get"],
  ["ok/path outside the base moves under it", "/get", "/api/debug/get"],
  ["ok/relative reference", "get?a=1", "/api/debug/get?a=1"],
  // Resolved against the path under the base (httpbin's `../status/200`).
  ["ok/dot segments", "../status/200", "/api/debug/status/200"],
  ["ok/dot segments stay under the base", "../../x/../y", "/api/debug/y"],
  ["ok/query and fragment kept", "/get?x=1#top", "/api/debug/get?x=1#top"],
  [
    "ok/same origin absolute stays absolute",
    "http://wb.test:8000/api/debug/get",
    "http://wb.test:8000/api/debug/get",
  ],
  [
    "ok/same origin absolute outside the base moves under it",
    "http://wb.test:8000/anything",
    "http://wb.test:8000/api/debug/anything",
  ],
  [
    "ok/same host name, another port",
    "http://wb.test:9000/x",
    "http://wb.test:9000/x",
  ],
  ["ok/same host name, https", "https://wb.test/x", "https://wb.test/x"],
  [
    "ok/host names are case-insensitive",
    "HTTP://WB.TEST:8000/get",
    "http://wb.test:8000/api/debug/get",
  ],
  [
    "ok/allowed host",
    "https://partner.test/cb?x=1",
    "https://partner.test/cb?x=1",
  ],
  [
    "ok/allowed host with port",
    "http://api.test:8443/",
    "http://api.test:8443/",
  ],
  ["ok/percent-encoded path text", "/get?q=%41", "/api/debug/get?q=%41"],
  // A lone % is no URI reference (RFC 3986 §2.1): written %25.
  ["ok/a lone percent sign", "%", "/api/debug/%25"],
  [
    "ok/a percent sign before one hex digit",
    "/get?q=%4",
    "/api/debug/get?q=%254",
  ],
  [
    "ok/a lone percent sign elsewhere",
    "https://partner.test/a%",
    "https://partner.test/a%25",
  ],
  // The base path is checked on a segment: /api/debugx is not under it.
  [
    "ok/a path only starting like the base",
    "/api/debugx",
    "/api/debug/api/debugx",
  ],
];

for (const [name, raw, want] of OK) {
  Deno.test(`redirectTarget: ${name}`, () => {
    assert.equal(redirectTarget(raw, req, ctx), want);
  });
}

Deno.test("redirectTarget: ok/at the root base a path stays as given", () => {
  const r = new Request("http://wb.test/redirect-to?url=x");
  assert.equal(redirectTarget("/get", r, root), "/get");
  assert.equal(redirectTarget("status/200", r, root), "/status/200");
});

const BAD: [string, string][] = [
  ["bad/foreign host", "http://evil.test/"],
  ["bad/foreign https host", "https://evil.test/x"],
  ["bad/allowed host on another port", "http://api.test:9999/"],
  ["bad/userinfo trick", "http://wb.test:8000@evil.test/"],
  ["bad/protocol-relative", "//evil.test/x"],
  ["bad/backslash host", "/\\evil.test"],
  ["bad/two backslashes", "\\\\evil.test"],
  ["bad/scheme without slashes", "http:evil.test"],
  ["bad/https without slashes", "https:/evil.test"],
  ["bad/javascript", "javascript:alert(1)"],
  ["bad/JavaScript upper case", "JavaScript:alert(1)"],
  ["bad/data URL", "data:text/html,<script>1</script>"],
  ["bad/file", "file:///etc/passwd"],
  ["bad/ftp", "ftp://wb.test/"],
  ["bad/tab inside", "/\t/evil.test"],
  ["bad/newline (header injection)", "/get\r\nSet-Cookie: a=b"],
  ["bad/space", "/get x"],
  ["bad/NUL", "/get\x00"],
  ["bad/DEL", "/get\x7f"],
  ["bad/encoded slashes", "%2F%2Fevil.test"],
  ["bad/encoded backslash", "/%5Cevil.test"],
  ["bad/encoded scheme", "javascript%3Aalert(1)"],
  ["bad/double-encoded slashes", "%252F%252Fevil.test"],
  ["bad/encoded CR LF", "/get%0d%0aSet-Cookie:%20a=b"],
  ["bad/encoded tab", "/%09/evil.test"],
  ["bad/too long", "/" + "a".repeat(2048)],
];

for (const [name, raw] of BAD) {
  Deno.test(`redirectTarget: ${name} is refused naming url`, () => {
    assert.throws(
      () => redirectTarget(raw, req, ctx),
      (e) => e instanceof ParamError && e.param === "url" && e.status === 400,
    );
  });
}

// Dot segments that only produce `//` once resolved (RFC 3986 §5.2.4): a
// path Location `//evil.test` is a network-path reference to evil.test
// (§4.2). Refused at the root base, where nothing is prefixed, and at the
// default base too, so a url means the same whatever the base.
const DOT_SLASH: [string, string][] = [
  ["bad/dot-dot then //", "..//evil.test"],
  ["bad/dot-dot then // with a path", "..//evil.test/x?y=1"],
  ["bad/slash dot then //", "/.//evil.test"],
  ["bad/dot then //", ".//evil.test"],
  ["bad/segment dot-dot then //", "a/..//evil.test"],
  ["bad/encoded dot-dot then //", "%2e%2e//evil.test"],
  ["bad/encoded dot then //", "/%2E//evil.test"],
  ["bad/deep dot-dot then //", "a/b/../..//evil.test"],
  // The same once percent-decoded (§7): `/%2fevil.test` after resolution.
  ["bad/encoded dot-dot then an encoded slash", "%2e%2e/%2fevil.test"],
  ["bad/encoded dot-dot, slash, slash", "%2e%2e%2f%2fevil.test"],
  ["bad/dot-dot then a twice-encoded slash", "../%252fevil.test"],
];
const ROOT_REQ = new Request("http://wb.test/redirect-to?url=x");
for (const [name, raw] of DOT_SLASH) {
  Deno.test(`redirectTarget: ${name} is refused at base /`, () => {
    assert.throws(
      () => redirectTarget(raw, ROOT_REQ, root),
      (e) => e instanceof ParamError && e.param === "url" && e.status === 400,
    );
  });
  Deno.test(`redirectTarget: ${name} is refused at the default base`, () => {
    assert.throws(
      () => redirectTarget(raw, req, ctx),
      (e) => e instanceof ParamError && e.param === "url" && e.status === 400,
    );
  });
}

// Dot segments that leave a single leading slash are ordinary paths.
const DOT_OK: [string, string, string, string][] = [
  ["ok/dot-dot then a path", "../get", "/get", "/api/debug/get"],
  ["ok/slash dot then a path", "/./get", "/get", "/api/debug/get"],
  ["ok/double slash later in the path", "/a//b", "/a//b", "/api/debug/a//b"],
  [
    "ok/double slash in the query",
    "get?u=//evil.test",
    "/get?u=//evil.test",
    "/api/debug/get?u=//evil.test",
  ],
];
for (const [name, raw, atRoot, atDefault] of DOT_OK) {
  Deno.test(`redirectTarget: ${name} at base / and the default base`, () => {
    assert.equal(redirectTarget(raw, ROOT_REQ, root), atRoot);
    assert.equal(redirectTarget(raw, req, ctx), atDefault);
  });
}

const handler = createDebugHandler({ limits: { maxRedirects: 3 } });
const call = async (path: string, init?: RequestInit) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, init),
  );
  return { res, text: await res.text() };
};

const CHAINS: [string, string, number, string | null][] = [
  [
    "ok/relative n=3",
    "/relative-redirect/3",
    302,
    "/api/debug/relative-redirect/2",
  ],
  [
    "ok/relative n=1 ends at /get",
    "/relative-redirect/1",
    302,
    "/api/debug/get",
  ],
  [
    "ok/absolute n=2",
    "/absolute-redirect/2",
    302,
    "http://wb.test/api/debug/absolute-redirect/1",
  ],
  [
    "ok/absolute n=1",
    "/absolute-redirect/1",
    302,
    "http://wb.test/api/debug/get",
  ],
  ["ok/n=0 answers like /get", "/relative-redirect/0", 200, null],
  [
    "ok/redirect-to default 302",
    "/redirect-to?url=/get",
    302,
    "/api/debug/get",
  ],
  [
    "ok/redirect-to status_code 307",
    "/redirect-to?url=get&status_code=307",
    307,
    "/api/debug/get",
  ],
  [
    "ok/redirect-to status_code 300",
    "/redirect-to?url=get&status_code=300",
    300,
    "/api/debug/get",
  ],
  [
    "ok/redirect/{n} keeps the query",
    "/redirect/2?status=307",
    307,
    "/api/debug/redirect/1?status=307",
  ],
];
for (const [name, path, status, location] of CHAINS) {
  Deno.test(`redirect handler: ${name}`, async () => {
    const { res, text } = await call(path);
    assert.equal(res.status, status, text);
    assert.equal(res.headers.get("location"), location);
    if (status === 200) {
      assert.equal(JSON.parse(text).url, `http://wb.test/api/debug${path}`);
    }
  });
}

const CHAIN_BAD: [string, string, string][] = [
  ["bad/over the redirect limit", "/relative-redirect/4", "n"],
  ["bad/negative", "/absolute-redirect/-1", "n"],
  ["bad/redirect-to without url", "/redirect-to", "url"],
  [
    "bad/redirect-to status_code 309",
    "/redirect-to?url=get&status_code=309",
    "status_code",
  ],
  [
    "bad/redirect-to status_code 200",
    "/redirect-to?url=get&status_code=200",
    "status_code",
  ],
  ["bad/redirect-to foreign host", "/redirect-to?url=http://evil.test/", "url"],
];
for (const [name, path, param] of CHAIN_BAD) {
  Deno.test(`redirect handler: ${name} is 400`, async () => {
    const { res, text } = await call(path);
    assert.equal(res.status, 400, text);
    assert.equal(res.headers.get("location"), null);
    assert.equal(JSON.parse(text).param, param);
  });
}

Deno.test("redirect handler: ok/a POST to /relative-redirect is 405, /redirect-to answers any method", async () => {
  const post = await call("/relative-redirect/1", {
    method: "POST",
    body: "x",
  });
  assert.equal(post.res.status, 405);
  const put = await call("/redirect-to?url=put&status_code=307", {
    method: "PUT",
    body: "x",
  });
  assert.equal(put.res.status, 307);
  assert.equal(put.res.headers.get("location"), "/api/debug/put");
});

Deno.test("redirect handler: ok/absolute Locations take the scheme a proxy reports, as the reflected url does", async () => {
  const https = { headers: { "X-Forwarded-Proto": "https" } };
  for (
    const [path, location] of [
      ["/absolute-redirect/1", "https://wb.test/api/debug/get"],
      [
        "/redirect/2?absolute=true",
        "https://wb.test/api/debug/redirect/1?absolute=true",
      ],
    ]
  ) {
    const { res } = await call(path, https);
    assert.equal(res.headers.get("location"), location, path);
  }
  const { text } = await call("/get", https);
  assert.equal(JSON.parse(text).url, "https://wb.test/api/debug/get");
  // Anything else a proxy might say is not a scheme taken.
  const { res } = await call("/absolute-redirect/1", {
    headers: { "X-Forwarded-Proto": "javascript" },
  });
  assert.equal(res.headers.get("location"), "http://wb.test/api/debug/get");
});
