import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { countHarSecrets } from "./secrets.ts";
import { sanitizeHar } from "./sanitize.ts";
import { DEFAULT_REDACT_WORDS } from "./redact.ts";

Deno.test("secrets: cookies, credentials and tokens are counted", () => {
  const h = parsedHar([
    {
      url: "https://x/?access_token=abc&page=1",
      requestHeaders: [
        { name: "Cookie", value: "sid=1" },
        { name: "Authorization", value: "Bearer abc" },
      ],
    },
    { responseHeaders: [{ name: "Set-Cookie", value: "sid=2; Path=/" }] },
    {},
  ]);
  const n = countHarSecrets(h.raw);
  assert.ok(n.cookies >= 2, JSON.stringify(n));
  assert.equal(n.authorization, 1);
  assert.ok(n.tokens >= 1, JSON.stringify(n));
  assert.deepEqual(countHarSecrets(parsedHar([{}]).raw), {
    cookies: 0,
    authorization: 0,
    tokens: 0,
  });
});

Deno.test("secrets: the banner counts each cookie, proxy credentials, and tokens by their look", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
  const doc = harDoc([{
    requestHeaders: [
      { name: "Cookie", value: "a=1; flag; b=2;" },
      { name: "Proxy-Authorization", value: "Basic abcdefghijk" },
      { name: "X-Foo", value: "Bearer abcdefghij9k" },
    ],
    responseHeaders: [{ name: "Set-Cookie", value: "x=1\ny=2" }],
  }, { url: `https://a.test/?q=${jwt}` }]);
  const { doc: d } = parseHarText(JSON.stringify(doc));
  // `flag`, without `=`, is a nameless cookie: its value is sent too.
  assert.deepEqual(d.secrets, { cookies: 5, authorization: 1, tokens: 2 });
});

Deno.test("secrets: the banner counts what the sanitizer redacts: a URL's password, a query without queryString, never an empty value", () => {
  const raw = (entries: Record<string, unknown>[]) =>
    (harDoc([{}]) as { log: { entries: Record<string, unknown>[] } }).log
      .entries.map((e, i) => ({ ...e, ...entries[i] }));
  const entry = (request: Record<string, unknown>) => {
    const [e] = raw([{}]);
    return { ...e, request: { ...(e.request as object), ...request } };
  };
  const CASES: [string, Record<string, unknown>, Record<string, number>][] = [
    ["ok/url-password", { url: "https://bob:hunter2pass@a.com/x" }, {
      authorization: 1,
    }],
    ["bad/url-user-only", { url: "https://bob@a.com/x" }, {}],
    ["ok/url-token-user", {
      url: "https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4@github.com/o/r",
    }, { authorization: 1 }],
    ["ok/query-without-queryString", {
      url: "https://a.com/cb?access_token=abcdefghij#x",
      queryString: undefined,
    }, { tokens: 1 }],
    ["bad/empty-secret-header", {
      headers: [{ name: "X-CSRF-Token", value: "" }],
    }, {}],
    ["ok/query-with-empty-queryString", {
      url: "https://a.com/login?password=hunter2hunter2",
      queryString: [],
    }, { tokens: 1 }],
    ["bad/redacted-before", {
      url: "https://bob:REDACTED@a.com/?token=REDACTED",
      queryString: [{ name: "token", value: "[REDACTED]" }],
      cookies: [{ name: "a", value: "[REDACTED]" }],
      headers: [
        { name: "Authorization", value: "Bearer [REDACTED]" },
        { name: "Cookie", value: "a=[REDACTED]; b=[REDACTED]" },
        { name: "X-Api-Token", value: "[REDACTED]" },
      ],
    }, {}],
    ["ok/spa-fragment-code", {
      url: "https://app.test/#/callback?code=AUTHCODE123456&state=x",
    }, { tokens: 1 }],
    ["ok/url-password-user-with-at", {
      url: "https://bob@corp.example:S3cretPassw0rd@git.test/r.git",
    }, { authorization: 1 }],
    ["ok/referer-query", {
      headers: [{
        name: "Referer",
        value: "https://a.test/p?session_id=REFSESSION123456",
      }],
    }, { tokens: 1 }],
    ["ok/fragment-token", {
      url: "https://a.com/cb#access_token=abcdefghij&state=1",
    }, { tokens: 1 }],
    ["ok/a header name's stray space", {
      headers: [{ name: "Cookie ", value: "a=1" }],
    }, { cookies: 1 }],
    ["bad/a tab is no value; a second = is part of one", {
      headers: [{ name: "Cookie", value: "a=\t; b=c=d" }],
    }, { cookies: 1 }],
    ["bad/empty-cookies", {
      headers: [{ name: "Cookie", value: "a=; b= ; c=1" }],
    }, { cookies: 1 }],
    ["bad/empty-cookie-list", {
      cookies: [{ name: "a", value: "" }, { name: "b", value: "2" }],
      headers: [{ name: "Cookie", value: "a=; b=2" }],
    }, { cookies: 1 }],
    ["bad/empty-secret-param", {
      url: "https://a.com/?token=",
      queryString: [{ name: "token", value: "" }],
    }, {}],
  ];
  for (const [name, request, want] of CASES) {
    assert.deepEqual(
      countHarSecrets([entry(request)]),
      { cookies: 0, authorization: 0, tokens: 0, ...want },
      name,
    );
  }
});

Deno.test("secrets: the banner counts a response's redirect: its redirectURL, and a Location that says otherwise", () => {
  const response = (redirectURL: string, location?: string) => {
    const e = (harDoc([{
      status: 302,
      redirectURL,
      responseHeaders: location === undefined
        ? []
        : [{ name: "Location", value: location }],
    }]) as { log: { entries: Record<string, unknown>[] } }).log.entries[0];
    return countHarSecrets([e]);
  };
  const to = "https://a.com/cb?code=abcdefghij&state=1";
  assert.deepEqual(response(to, to), {
    cookies: 0,
    authorization: 0,
    tokens: 1,
  });
  assert.equal(response("", to).tokens, 1);
  assert.equal(response(to).tokens, 1);
  assert.equal(response("", "/next?page=2").tokens, 0);
  assert.equal(
    response("https://bob:hunter2pass@a.com/").authorization,
    1,
  );
});

Deno.test("secrets: for a redirect, the banner counts what the sanitizer redacts, a value the redirectURL repeats from Location once", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIz";
  const CASES: [string, string, string[]][] = [
    ["ok/the same in both", "https://a.com/cb?code=abcdefghij", [
      "https://a.com/cb?code=abcdefghij",
    ]],
    ["ok/Location says otherwise", "https://x.io/", [
      "https://a.com/cb?code=abcdefghij",
    ]],
    ["ok/two Location headers", "", [
      "https://a.com/cb?code=abcdefghij",
      "https://a.com/cb?token=zyxwvutsrq",
    ]],
    ["ok/a JWT as the Location", "", [jwt]],
    ["ok/nothing secret", "https://a.com/next", ["https://a.com/next"]],
  ];
  for (const [name, redirectURL, locations] of CASES) {
    const root = harDoc([{
      status: 302,
      redirectURL,
      responseHeaders: locations.map((value) => ({ name: "Location", value })),
    }]) as { log: { entries: Record<string, unknown>[] } };
    const n = countHarSecrets(root.log.entries);
    const { redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
    // The sanitizer replaces the value in both places; the banner counts
    // the secret once.
    const twice = locations.includes(redirectURL) && redacted ? 1 : 0;
    assert.equal(n.tokens + n.authorization, redacted - twice, name);
  }
});

Deno.test("secrets: challenges are no credentials; :path, a JWT inside a header value and numeric values are counted, as the sanitizer redacts them", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.HDRSIG123";
  const count = (headers: { name: string; value: unknown }[]) => {
    const root = harDoc([{}]) as {
      log: { entries: { response: Record<string, unknown> }[] };
    };
    root.log.entries[0].response.headers = headers;
    const n = countHarSecrets(root.log.entries);
    const { redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
    return [n.tokens + n.authorization + n.cookies, redacted];
  };
  assert.deepEqual(
    count([{
      name: "WWW-Authenticate",
      value: 'Digest realm="x", nonce="abc123", qop="auth"',
    }, { name: "Proxy-Authenticate", value: 'Hawk ts=1, error="Stale"' }]),
    [0, 0],
  );
  assert.deepEqual(
    count([{ name: ":path", value: "/x?access_token=H2PATH12345678" }]),
    [1, 1],
  );
  assert.deepEqual(
    count([{ name: "Forwarded", value: `for=x;token=${jwt}` }]),
    [1, 1],
  );
  assert.deepEqual(
    count([{ name: "X-Api-Key", value: 123456789012 }]),
    [1, 1],
  );
});
