import assert from "node:assert/strict";
import { harDoc, harFixture } from "../../tests/helpers/har_doc.ts";
import { countHarSecrets } from "./secrets.ts";
import { sanitizeHar } from "./sanitize.ts";
import { parseHarText, parseHarValue } from "./parse.ts";
import {
  DEFAULT_REDACT_WORDS,
  looksSecret,
  nameMatcher,
  redactUrl,
} from "./redact.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

/** Loosely typed JSON, for digging into sanitized output. */
// deno-lint-ignore no-explicit-any
type Json = any;

const text = await harFixture("mixed.har");

const NAMES: [string, boolean][] = [
  ["access_token", true],
  ["X-CSRF-Token", true],
  ["x-api-key", true],
  ["apiKey", true],
  ["client_secret", true],
  ["password", true],
  ["JSESSIONID", true],
  ["PHPSESSID", true],
  ["X-Amz-Signature", true],
  ["X-Amz-Credential", true],
  ["Ocp-Apim-Subscription-Key", true],
  ["code", true],
  ["key", true],
  ["sig", true],
  ["countryCode", false],
  ["monkey", false],
  [":authority", false],
  ["author", false],
  ["page", false],
  ["Content-Type", false],
];
const isSecret = nameMatcher(DEFAULT_REDACT_WORDS);
for (const [name, want] of NAMES) {
  Deno.test(`redact name: ${want ? "ok" : "bad"}/${name}`, () => {
    assert.equal(isSecret(name), want);
  });
}

Deno.test("redact: credential-shaped values and URLs", () => {
  assert.ok(looksSecret("Bearer abcdef123456"));
  assert.ok(looksSecret("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"));
  assert.ok(!looksSecret("hello world"));
  assert.deepEqual(
    redactUrl(
      "https://x.test/cb?code=abc&state=1#access_token=t&x=2",
      isSecret,
    ),
    {
      text: "https://x.test/cb?code=REDACTED&state=1#access_token=REDACTED&x=2",
      count: 2,
    },
  );
  assert.equal(redactUrl("https://x.test/a", isSecret).count, 0);
});

Deno.test("sanitize: credentials are gone, everything else is kept", () => {
  const root = JSON.parse(text);
  const before = JSON.stringify(root);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.equal(JSON.stringify(root), before, "input untouched");
  const out = JSON.stringify(har);
  assertGone(out, [
    "hunter2",
    "s3cr3t",
    "abc.def.ghi",
    "xyz",
    "ws-secret",
    '"cs"',
    "session=abc",
  ]);
  // Structure and harmless values survive; a sanitized copy still parses.
  const { doc } = parseHarValue(har);
  assert.equal(doc.entries.length, 8);
  assert.equal(doc.summary.transferBytes, 7700);
  const e = (har as Json).log.entries;
  assert.equal(e[2].request.headers[0].value, "Bearer [REDACTED]");
  assert.equal(e[2].request.headers[1].value, "application/json");
  assert.equal(JSON.parse(e[2].request.postData.text).user, "ann");
  assert.equal(
    e[6].request.headers[0].value,
    "sid=[REDACTED]; theme=[REDACTED]",
  );
  assert.equal(e[6].request.cookies[0].value, "[REDACTED]");
  assert.equal(
    e[7].response.headers[0].value,
    "session=[REDACTED]; Path=/; HttpOnly",
  );
  assert.equal(
    e[7].request.url,
    "https://example.com/api/data?access_token=REDACTED&page=2",
  );
  assert.deepEqual(e[7].request.queryString[1], { name: "page", value: "2" });
  assert.deepEqual(JSON.parse(e[7].response.content.text), {
    error: "x",
    token: "[REDACTED]",
    nested: { client_secret: "[REDACTED]" },
  });
  assert.equal(
    (har as Json).log.pages[0].title,
    "https://example.com/?session=REDACTED",
  );
  assert.equal(
    e[3].response.content.text,
    root.log.entries[3].response.content.text,
    "base64 kept",
  );
  assert.ok(redacted >= 10, String(redacted));
});

Deno.test("sanitize: custom words and dropped bodies", () => {
  const root = JSON.parse(text);
  const { har } = sanitizeHar(root, { words: ["=user"], dropBodies: true });
  const e = (har as Json).log.entries;
  assert.equal(JSON.parse(e[2].request.postData.text).user, "[REDACTED]");
  // Without "password" in the list, only the always-secret parts go.
  assert.equal(JSON.parse(e[2].request.postData.text).password, "hunter2");
  assert.equal(e[7].response.content.text, undefined);
  assert.equal(e[6].request.cookies[0].value, "[REDACTED]");
});

Deno.test("sanitize: the corpus-like counts match what gets redacted", () => {
  const { doc } = parseHarText(text);
  assert.deepEqual(doc.secrets, { cookies: 2, authorization: 1, tokens: 1 });
});

Deno.test("sanitize: a value redacted in one place is redacted wherever else it appears, and the input stays as it was", () => {
  const session = "pvnzao4525kprh2z121oqv55";
  const token = "tok_4f9a8b7c6d5e4f3a2b1c";
  const root = {
    log: {
      version: "1.2",
      entries: [
        {
          request: {
            method: "GET",
            url: `https://a.example/(S(${session}))/page?q=1`,
            headers: [
              { name: "Cookie", value: `sid=${session}; lang=en` },
              { name: "Authorization", value: `Bearer ${token}` },
            ],
            queryString: [],
            cookies: [{ name: "sid", value: session }],
          },
          response: {
            status: 302,
            headers: [{ name: "Location", value: `/(S(${session}))/next` }],
            redirectURL: `/(S(${session}))/next`,
            content: {
              mimeType: "text/html",
              text: `<a href="/x?t=${token}">${session}</a> en`,
            },
          },
          _webSocketMessages: [{ type: "send", data: `hello ${token}` }],
          _full_url: `https://a.example/?id=${session}`,
        },
      ],
    },
  };
  const before = JSON.stringify(root);
  const { har } = sanitizeHar(root, { words: [...DEFAULT_REDACT_WORDS] });
  const out = JSON.stringify(har);
  assert.ok(!out.includes(session), "the session id is gone everywhere");
  assert.ok(!out.includes(token), "the token is gone everywhere");
  const e = (har as Json).log.entries[0];
  assert.equal(e.request.url, "https://a.example/(S([REDACTED]))/page?q=1");
  assert.equal(e.response.redirectURL, "/(S([REDACTED]))/next");
  assert.equal(e._webSocketMessages[0].data, "hello [REDACTED]");
  // Short values (`en`) are not hunted for elsewhere.
  assert.match(e.response.content.text, / en$/);
  assert.equal(JSON.stringify(root), before, "the input is untouched");
});

/** An entry of `method url`, its request body `postData` and response body `content`. */
function bodyEntry(
  method: string,
  url: string,
  postData: Json,
  content: Json,
): Json {
  return {
    request: {
      method,
      url,
      headers: [],
      queryString: [],
      cookies: [],
      ...(postData ? { postData } : {}),
    },
    response: { status: 200, headers: [], cookies: [], content },
  };
}

Deno.test("sanitize: a textual body recorded as base64 is redacted as its text is, and stays base64", () => {
  const b64 = (s: string) => btoa(s);
  const token = "s3cr3t-v4lue-123";
  const root = {
    log: {
      version: "1.2",
      entries: [
        bodyEntry("POST", "https://a.example/login", {
          mimeType: "application/json",
          encoding: "base64",
          text: b64('{"password":"hunter2hunter2","user":"ann"}'),
        }, {
          mimeType: "application/json",
          encoding: "base64",
          text: b64(`{"access_token":"${token}","n":1}`),
        }),
        // Bytes, not text: kept as they are.
        bodyEntry("GET", `https://a.example/echo?v=${token}`, null, {
          mimeType: "image/png",
          encoding: "base64",
          text: b64("\x89PNG" + token),
        }),
      ],
    },
  };
  const { har, redacted } = sanitizeHar(root, {
    words: DEFAULT_REDACT_WORDS,
    dropBodies: false,
  });
  const [e0, e1] = (har as Json).log.entries;
  assert.equal(e0.response.content.encoding, "base64");
  assert.deepEqual(JSON.parse(atob(e0.response.content.text)), {
    access_token: "[REDACTED]",
    n: 1,
  });
  assert.equal(e0.request.postData.encoding, "base64");
  assert.deepEqual(JSON.parse(atob(e0.request.postData.text)), {
    password: "[REDACTED]",
    user: "ann",
  });
  // The token found in the body is also gone from the other entry's URL.
  assert.doesNotMatch(e1.request.url, new RegExp(token));
  assert.equal(
    e1.response.content.text,
    root.log.entries[1].response.content.text,
    "an image's bytes are kept",
  );
  assert.ok(redacted >= 3, String(redacted));
});

// AWS Signature Version 4: the example of the S3 documentation.
const SIG = "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024";
const KEY_ID = "AKIAIOSFODNN7EXAMPLE";
const CRED = `${KEY_ID}/20130524/us-east-1/s3/aws4_request`;
const SIGV4 = `AWS4-HMAC-SHA256 Credential=${CRED}, ` +
  `SignedHeaders=host;range;x-amz-date, Signature=${SIG}`;
const SIGV4_OTHER = SIGV4.replace(SIG, [...SIG].reverse().join(""));
const PRESIGNED = "https://b.s3.amazonaws.com/k.txt" +
  "?X-Amz-Algorithm=AWS4-HMAC-SHA256" +
  `&X-Amz-Credential=${encodeURIComponent(CRED)}` +
  "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400" +
  `&X-Amz-SignedHeaders=host&X-Amz-Signature=${SIG}`;
const PRESIGNED_REDACTED = "https://b.s3.amazonaws.com/k.txt" +
  "?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=REDACTED" +
  "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400" +
  "&X-Amz-SignedHeaders=host&X-Amz-Signature=REDACTED";

Deno.test("sanitize: AWS SigV4 credentials go, by name and by value; the request's other AWS headers stay", () => {
  const root = harDoc([{
    // By value: a SigV4 Authorization value (another request's, so no
    // other field holds it) in an innocuous parameter.
    url: `https://api.test/a?page=2&fwd=${encodeURIComponent(SIGV4_OTHER)}`,
    requestHeaders: [
      // By value: an innocuous name carrying a SigV4 Authorization value.
      { name: "X-Upstream-Auth", value: SIGV4 },
      { name: "Authorization", value: SIGV4 },
      { name: "X-Amz-Credential", value: CRED },
      { name: "X-Amz-Signature", value: SIG },
      { name: "X-Amz-Date", value: "20130524T000000Z" },
      {
        name: "X-Amz-Content-Sha256",
        value:
          "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      },
    ],
    mime: "application/json",
    text: JSON.stringify({ forwarded: SIGV4, region: "us-east-1" }),
  }, { url: PRESIGNED, mime: "text/plain", text: "ok" }]);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assert.ok(!out.includes(SIG), "the signature is gone everywhere");
  assert.ok(
    !out.includes([...SIG].reverse().join("")),
    "the other signature is gone everywhere",
  );
  assert.ok(!out.includes(KEY_ID), "the access key id is gone everywhere");
  const [a, b] = (har as Json).log.entries;
  assert.equal(a.request.url, "https://api.test/a?page=2&fwd=REDACTED");
  assert.deepEqual(a.request.queryString, [
    { name: "page", value: "2" },
    { name: "fwd", value: "[REDACTED]" },
  ]);
  assert.deepEqual(
    a.request.headers.map((h: { value: string }) => h.value),
    [
      "AWS4-HMAC-SHA256 [REDACTED]",
      "AWS4-HMAC-SHA256 [REDACTED]",
      "[REDACTED]",
      "[REDACTED]",
      "20130524T000000Z",
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    ],
  );
  assert.deepEqual(JSON.parse(a.response.content.text), {
    forwarded: "[REDACTED]",
    region: "us-east-1",
  });
  assert.equal(b.request.url, PRESIGNED_REDACTED);
  assert.deepEqual(
    b.request.queryString.map((q: { value: string }) => q.value),
    [
      "AWS4-HMAC-SHA256",
      "[REDACTED]",
      "20130524T000000Z",
      "86400",
      "host",
      "[REDACTED]",
    ],
  );
  // 4 headers, 1 JSON field, 3 URL parameters, 3 query list values.
  assert.equal(redacted, 11);
  // The banner counts them before any download: the Authorization header,
  // and 3 headers and 3 query parameters as tokens.
  assert.deepEqual(
    countHarSecrets((root as Json).log.entries),
    { cookies: 0, authorization: 1, tokens: 6 },
  );
  assert.deepEqual(parseHarText(JSON.stringify(root)).doc.secrets, {
    cookies: 0,
    authorization: 1,
    tokens: 6,
  });
});

Deno.test({
  name:
    "sanitize: a presigned URL inside a JSON body loses its credential and signature, as it does in a URL field",
  fn: () => {
    // The usual upload flow: the app's API hands out a presigned S3 URL;
    // the HAR need not hold the upload itself.
    const root = harDoc([{
      url: "https://api.test/upload-url",
      mime: "application/json",
      text: JSON.stringify({ url: PRESIGNED, expires: 86400 }),
    }]);
    const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
    const e = (har as Json).log.entries[0];
    assert.deepEqual(JSON.parse(e.response.content.text), {
      url: PRESIGNED_REDACTED,
      expires: 86400,
    });
    // A URL without a secret parameter, and a string that only looks like
    // a query, leave the body's text as it was written.
    const plain = ' {"next": "https://api.test/items?page=2&size=10",' +
      ' "q": "a=b?c=d"}';
    const kept = sanitizeHar(
      harDoc([{
        url: "https://api.test/x",
        mime: "application/json",
        text: plain,
      }]),
      { words: DEFAULT_REDACT_WORDS },
    );
    assert.equal(
      (kept.har as Json).log.entries[0].response.content.text,
      plain,
    );
    assert.equal(kept.redacted, 0);
  },
});

Deno.test("sanitize: a URL's password goes, wherever the URL or the password is written", () => {
  const root = harDoc([{
    url: "https://bob:hunter2pass@a.com/x?page=1",
    requestHeaders: [{ name: "X-Note", value: "pw was hunter2pass" }],
  }]);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const e = (har as Json).log.entries[0];
  assert.equal(e.request.url, "https://bob:REDACTED@a.com/x?page=1");
  assert.ok(!JSON.stringify(har).includes("hunter2pass"));
  assert.ok(redacted >= 2, String(redacted));
});

Deno.test("sanitize: HTTP/2's :path header loses the query secrets its URL loses", () => {
  const root = harDoc([{
    url: "https://a.com/cb?code=abc123&page=2",
    requestHeaders: [{ name: ":path", value: "/cb?code=abc123&page=2" }],
  }]);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const e = (har as Json).log.entries[0];
  assert.equal(e.request.url, "https://a.com/cb?code=REDACTED&page=2");
  assert.equal(e.request.headers[0].value, "/cb?code=REDACTED&page=2");
});

/**
 * A file of one response whose body is `text` of type `mime`, sanitized
 * with the default words: the body's text as saved, and the count.
 */
function sanitizedBody(
  text: string,
  mime: string,
): { text: string; redacted: number } {
  const root = harDoc([{ url: "https://a.com/", mime, text }]);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  return { text: (har as Json).log.entries[0].response.content.text, redacted };
}

/** Asserts that none of `secrets` is left in `out`, naming the first left. */
function assertGone(out: string, secrets: readonly string[]): void {
  for (const secret of secrets) assert.ok(!out.includes(secret), secret);
}

Deno.test("sanitize: a JSON body keeps every byte but its secrets", () => {
  const body =
    '{\n  "id": 12345678901234567890,\n  "price": 1.50,\n  "huge": 1e400,\n  "token": "abcdefghijkl",\n  "a": 1, "a": 2\n}';
  const { text: out } = sanitizedBody(body, "application/json");
  assert.equal(
    out,
    body.replace('"abcdefghijkl"', '"[REDACTED]"'),
  );
});

Deno.test("sanitize: a sanitized file sanitized again is the same, with nothing counted", () => {
  const planted = harDoc([{
    url: "https://bob:pw12345678@a.com/x?access_token=abcdefghijkl",
    requestHeaders: [
      { name: "Authorization", value: "Bearer abcdefghijkl" },
      { name: "Cookie", value: "a=1; b=2" },
    ],
    responseHeaders: [{ name: "Set-Cookie", value: "s=3; Path=/" }],
    mime: "application/json",
    text: '{"refresh_token": "zyxwvutsrqpo", "n": 1.50}',
  }]);
  for (const doc of [JSON.parse(text), planted]) {
    const once = sanitizeHar(doc, { words: DEFAULT_REDACT_WORDS });
    assert.ok(once.redacted > 0);
    const twice = sanitizeHar(once.har, { words: DEFAULT_REDACT_WORDS });
    assert.equal(JSON.stringify(twice.har), JSON.stringify(once.har));
    assert.equal(twice.redacted, 0);
    // Nor does the banner count anything in it: no alarm on a clean copy.
    assert.deepEqual(
      countHarSecrets((once.har as Json).log.entries),
      { cookies: 0, authorization: 0, tokens: 0 },
    );
  }
});

Deno.test("sanitize: Chrome's initiator URLs, a multipart upload recorded as text and an Azure Functions key lose their secrets", () => {
  const boundary = "----WebKitFormBoundaryQ";
  const multipart =
    `--${boundary}\r\nContent-Disposition: form-data; name="user"\r\n\r\nann\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nhunter2hunter2\r\n--${boundary}--\r\n`;
  const root = harDoc([{
    method: "POST",
    url: "https://a.com/login",
    requestHeaders: [{ name: "x-functions-key", value: "fk_abcdefghij" }],
  }]) as Json;
  const e = root.log.entries[0];
  e.request.postData = {
    mimeType: `multipart/form-data; boundary=${boundary}`,
    text: multipart,
  };
  e._initiator = {
    type: "script",
    url: "https://a.com/app.js?access_token=initsecret123",
    stack: {
      callFrames: [{
        functionName: "f",
        url: "https://a.com/cb?code=framesecret12",
        lineNumber: 1,
      }],
    },
  };
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assertGone(out, [
    "initsecret123",
    "framesecret12",
    "hunter2hunter2",
    "fk_abcdefghij",
  ]);
  const s = (har as Json).log.entries[0];
  assert.equal(s._initiator.stack.callFrames[0].functionName, "f");
  assert.equal(
    s.request.postData.text,
    multipart.replace("hunter2hunter2", "[REDACTED]"),
  );
  // An initiator without secrets is the object recorded.
  const plain = harDoc([{}]) as Json;
  plain.log.entries[0]._initiator = { type: "parser", url: "https://a.com/" };
  const kept = sanitizeHar(plain, { words: DEFAULT_REDACT_WORDS }).har as Json;
  assert.equal(kept.log.entries[0]._initiator, plain.log.entries[0]._initiator);
});

Deno.test("sanitize: each cookie in a Cookie or Set-Cookie header is one value redacted", () => {
  const root = harDoc([{
    requestHeaders: [{ name: "Cookie", value: "a=1; b=2; c=3" }],
    responseHeaders: [{ name: "Set-Cookie", value: "s=1; Path=/\nt=2" }],
  }]);
  assert.equal(sanitizeHar(root, { words: DEFAULT_REDACT_WORDS }).redacted, 5);
});

Deno.test("sanitize: a password in any URL goes: one in a JSON body or an initiator without a query, and one with a plus noted as written", () => {
  const root = harDoc([{
    url: "https://bob:pass+word123@h.example/x",
    mime: "application/json",
    text: '{"db": "postgres://admin:s3cretpw@db:5432/app", "n": 1}',
  }]) as Json;
  const e = root.log.entries[0];
  e._full_url = "https://bob:pass+word123@h.example/x";
  e._initiator = {
    type: "script",
    url: "https://u:initpassword@cdn.example/a.js",
  };
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assertGone(out, ["s3cretpw", "pass+word123", "initpassword"]);
  const s = (har as Json).log.entries[0];
  assert.equal(
    s.response.content.text,
    '{"db": "postgres://admin:REDACTED@db:5432/app", "n": 1}',
  );
  assert.equal(s._initiator.url, "https://u:REDACTED@cdn.example/a.js");
});

Deno.test("sanitize: a JWT in an HTML or script body goes, the rest of the text stays", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
  const html = `<script>window.boot = { blob: '${jwt}', n: 1.50 };</script>`;
  const { text: out, redacted } = sanitizedBody(html, "text/html");
  assert.equal(
    out,
    html.replace(jwt, "[REDACTED]"),
  );
  assert.equal(redacted, 1);
});

Deno.test("sanitize: JSON written into a JSON string is redacted as JSON is", () => {
  const inner = JSON.stringify({ token: "abcdefghijkl", n: 1 });
  const body = JSON.stringify({ payload: inner, id: 2 });
  const { text, redacted } = sanitizedBody(body, "application/json");
  const out = JSON.parse(text);
  assert.deepEqual(JSON.parse(out.payload), { token: "[REDACTED]", n: 1 });
  assert.equal(out.id, 2);
  assert.equal(redacted, 1);
});

Deno.test("sanitize: a key written twice in a JSON body does not hide the first value's secrets", () => {
  const CASES: [string, string][] = [
    [
      "ok/secret under the first",
      '{"user": {"password": "hunter2hunter2"}, "user": null}',
    ],
    ["ok/credential-shaped first", '{"a": "Bearer abcdefghijklm9", "a": 1}'],
    [
      "ok/escaped colons cannot balance the count",
      '{"a": {"password": "hunter2hunter2"}, "a": "\\u003a\\u003a"}',
    ],
  ];
  for (const [name, body] of CASES) {
    const root = harDoc([{
      url: "https://a.com/",
      mime: "application/json",
      text: body,
    }]) as Json;
    root.log.entries[0]._webSocketMessages = [{
      type: "send",
      time: 1,
      opcode: 1,
      data: body,
    }];
    const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
    const out = JSON.stringify(har);
    assert.ok(
      !out.includes("hunter2hunter2") && !out.includes("abcdefghijklmn"),
      name,
    );
  }
});

Deno.test("sanitize: an initiator's member of a secret name goes, whoever wrote it", () => {
  const root = harDoc([{}]) as Json;
  root.log.entries[0]._initiator = { type: "other", token: "initsecret123" };
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.equal((har as Json).log.entries[0]._initiator.token, "[REDACTED]");
  assert.equal(redacted, 1);
});

Deno.test("sanitize: a URL's password, from a Referer too, goes wherever else it is written, decoded as userinfo is", () => {
  const root = harDoc([{
    url: "https://a.example/x",
    requestHeaders: [{ name: "Referer", value: "https://u:p%2Bss+word12@h/" }],
    mime: "application/json",
    text:
      '{"note": "p+ss+word12", "raw": "p%2Bss+word12", "db": "postgres://a:x@y12345678@db/app"}',
  }]);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const s = (har as Json).log.entries[0];
  assert.equal(s.request.headers[0].value, "https://u:REDACTED@h/");
  assert.deepEqual(JSON.parse(s.response.content.text), {
    note: "[REDACTED]",
    raw: "[REDACTED]",
    // A password holding `@`, in a body too: to the authority's last `@`.
    db: "postgres://a:REDACTED@db/app",
  });
});

Deno.test("sanitize: an empty cookie in a Cookie header stays empty, and banner and count agree", () => {
  const root = harDoc([{
    requestHeaders: [{ name: "Cookie", value: "a=; b=2" }],
  }]) as Json;
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.equal(
    (har as Json).log.entries[0].request.headers[0].value,
    "a=; b=[REDACTED]",
  );
  assert.equal(redacted, 1);
  assert.equal(countHarSecrets(root.log.entries).cookies, 1);
});

Deno.test("sanitize: a secret in an array of a JSON body goes", () => {
  const body = '[{"password": "hunter2hunter2"}, {"n": 1}]';
  const { text: out } = sanitizedBody(body, "application/json");
  assert.equal(
    out,
    '[{"password": "[REDACTED]"}, {"n": 1}]',
  );
});

Deno.test("sanitize: a JSON list of name/value pairs loses the values of secret names", () => {
  const body =
    '{"fields": [{"name": "user", "value": "ann"}, {"name": "password", "value": "hunter2hunter2"}]}';
  const { text: out, redacted } = sanitizedBody(body, "application/json");
  assert.equal(
    out,
    body.replace('"hunter2hunter2"', '"[REDACTED]"'),
  );
  assert.equal(redacted, 1);
});

Deno.test("sanitize: a name/value pair written value first loses its value too, wherever else it is written", () => {
  const body =
    '{"fields": [{"value": "hunter2hunter2", "name": "password"}], "echo": "hunter2hunter2"}';
  const { text: out, redacted } = sanitizedBody(body, "application/json");
  assert.equal(out, body.replaceAll('"hunter2hunter2"', '"[REDACTED]"'));
  assert.equal(redacted, 2);
});

Deno.test("sanitize: a SOAP password, a page's hidden CSRF field and its meta tag go, and go wherever else they are written", () => {
  const soap =
    '<?xml version="1.0"?><s:Envelope><s:Header><wsse:Security><wsse:UsernameToken><wsse:Username>ann</wsse:Username><wsse:Password Type="#PasswordText">hunter2hunter2</wsse:Password></wsse:UsernameToken></wsse:Security></s:Header><s:Body><Echo>hunter2hunter2</Echo></s:Body></s:Envelope>';
  const xml = sanitizedBody(soap, "application/soap+xml; charset=utf-8");
  // The UsernameToken's name says it is secret, so all of its text goes
  // (as a JSON member's whole value does), the user name with it.
  assert.equal(
    xml.text,
    soap.replace(">ann<", ">[REDACTED]<").replace(
      ">hunter2hunter2</wsse:",
      ">[REDACTED]</wsse:",
    ).replace("<Echo>hunter2hunter2", "<Echo>[REDACTED]"),
  );
  assert.equal(xml.redacted, 3);
  const page =
    '<html><head><meta name="csrf-token" content="abcdefgh12345678"></head><body><form><input type="hidden" name="authenticity_token" value="zyxwvuts87654321"><code>token</code></form></body></html>';
  const html = sanitizedBody(page, "text/html");
  assert.equal(
    html.text,
    page.replace("abcdefgh12345678", "[REDACTED]").replace(
      "zyxwvuts87654321",
      "[REDACTED]",
    ),
  );
  assert.equal(html.redacted, 2);
  // XHTML is HTML: its elements are markup, not fields.
  const xhtml =
    '<p><code>abcdefgh</code><input name="token" value="v1v1v1v1"/></p>';
  assert.equal(
    sanitizedBody(xhtml, "application/xhtml+xml").text,
    xhtml.replace("v1v1v1v1", "[REDACTED]"),
  );
  // A plain text body is no markup: a tag-like line in it stays.
  const plain = '<input name="token" value="abcdefgh12345678">';
  assert.equal(sanitizedBody(plain, "text/plain").text, plain);
});

Deno.test("sanitize: a token written as a URL's user goes, wherever else it is written", () => {
  const token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
  const root = harDoc([{
    url: `https://${token}@github.com/o/r.git/info/refs`,
    requestHeaders: [{ name: "X-Note", value: `cloned with ${token}` }],
  }]);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const e = (har as Json).log.entries[0];
  assert.equal(e.request.url, "https://REDACTED@github.com/o/r.git/info/refs");
  assert.ok(!JSON.stringify(har).includes(token));
  assert.equal(redacted, 2);
});

Deno.test("sanitize: WebSocket messages: Socket.IO packets, STOMP frames and JWTs in text lose their secrets; other frames stay", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIz";
  const CASES: [string, string, string][] = [
    [
      "ok/a Socket.IO event",
      '42["auth",{"token":"abcdefghijkl"}]',
      '42["auth",{"token":"[REDACTED]"}]',
    ],
    [
      "ok/a Socket.IO event in a namespace with an ack id",
      '42/chat,17["login",{"password":"hunter2hunter2"}]',
      '42/chat,17["login",{"password":"[REDACTED]"}]',
    ],
    [
      "ok/a STOMP CONNECT frame",
      "CONNECT\naccept-version:1.2\nlogin:ann\npasscode:hunter2hunter2\n\n\u0000",
      "CONNECT\naccept-version:1.2\nlogin:ann\npasscode:[REDACTED]\n\n\u0000",
    ],
    [
      "ok/a STOMP frame's Authorization header, CRLF, the body kept",
      "SEND\r\nAuthorization:Bearer abcdefghijkl\r\ndestination:/q\r\n\r\ntoken:body\u0000",
      "SEND\r\nAuthorization:Bearer [REDACTED]\r\ndestination:/q\r\n\r\ntoken:body\u0000",
    ],
    ["ok/a JWT in a text frame", `auth ${jwt}`, "auth [REDACTED]"],
    ["ok/other frames stay", "2probe", "2probe"],
    [
      "ok/a Socket.IO event without secrets stays",
      '42["chat","hi"]',
      '42["chat","hi"]',
    ],
  ];
  for (const [name, data, want] of CASES) {
    const root = harDoc([{}]) as Json;
    root.log.entries[0]._webSocketMessages = [{
      type: "send",
      opcode: 1,
      data,
    }];
    const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
    assert.equal(
      (har as Json).log.entries[0]._webSocketMessages[0].data,
      want,
      name,
    );
  }
});

Deno.test("sanitize: a JWT inside a longer string or header value goes, beside other redactions; a header name's stray space is no disguise", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.SIGsig123";
  const body = `{"password":"hunter2hunter2","note":"see ${jwt} here"}`;
  const { text, redacted } = sanitizedBody(body, "application/json");
  assert.equal(
    text,
    '{"password":"[REDACTED]","note":"see [REDACTED] here"}',
  );
  assert.equal(redacted, 2);
  const root = harDoc([{
    requestHeaders: [
      { name: "Forwarded", value: `for=192.0.2.1;token=${jwt}` },
      { name: "Cookie ", value: "sid=abcdefgh" },
    ],
  }]);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const headers = (har as Json).log.entries[0].request.headers;
  assert.equal(headers[0].value, "for=192.0.2.1;token=[REDACTED]");
  assert.equal(headers[1].value, "sid=[REDACTED]");
  // Sanitized again: nothing left, nothing counted.
  const again = sanitizeHar(har, { words: DEFAULT_REDACT_WORDS });
  assert.equal(again.redacted, 0);
});

Deno.test("sanitize: a nameless cookie's value goes, wherever else it is written; an empty Set-Cookie value stays; banner and count agree", () => {
  const root = harDoc([{
    url: "https://a.test/p?ref=NAMELESSSESSION123",
    requestHeaders: [{ name: "Cookie", value: "NAMELESSSESSION123; a=" }],
    responseHeaders: [
      { name: "Set-Cookie", value: "a=; Path=/; Max-Age=0" },
      { name: "Set-Cookie", value: "OTHERNAMELESS456; Path=/" },
    ],
  }]) as Json;
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const e = (har as Json).log.entries[0];
  assert.equal(e.request.headers[0].value, "[REDACTED]; a=");
  assert.equal(e.response.headers[0].value, "a=; Path=/; Max-Age=0");
  assert.equal(e.response.headers[1].value, "[REDACTED]; Path=/");
  assert.equal(e.request.url, "https://a.test/p?ref=[REDACTED]");
  assert.equal(countHarSecrets(root.log.entries).cookies, 2);
  // Two cookies, and the value spread to the URL and its queryString.
  assert.equal(redacted, 4);
});

Deno.test('sanitize: words that only start like a credential stay ("Token expired", "Basic plan")', () => {
  const body =
    '{"error":"Token expired, please log in again","plan":"Basic plan"}';
  assert.deepEqual(sanitizedBody(body, "application/json"), {
    text: body,
    redacted: 0,
  });
  const root = harDoc([{
    url: "https://a.test/search?q=Basic%20plan%20pricing",
    requestHeaders: [{ name: "X-Plan", value: "Token expired" }],
  }]);
  const { har, redacted } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.equal(redacted, 0);
  assert.equal(JSON.stringify(har), JSON.stringify(root));
});

Deno.test("sanitize: JSON after a byte order mark or an anti-script prefix, JSON in a string with white space around it, a path's query in JSON, a base64 multipart form, numbers as values, and a password field", () => {
  const CASES: [string, string, string, string][] = [
    [
      "ok/a byte order mark",
      "application/json",
      '\uFEFF{"access_token":"BOMTOKEN1234567890"}',
      '\uFEFF{"access_token":"[REDACTED]"}',
    ],
    [
      "ok/an anti-script prefix",
      "application/json",
      ')]}\'\n{"access_token":"XSSITOKEN1234567890"}',
      ')]}\'\n{"access_token":"[REDACTED]"}',
    ],
    [
      "ok/JSON in a string with a line break after it",
      "application/json",
      '{"payload":"{\\"password\\":\\"JIJNL123456789\\"}\\n"}',
      '{"payload":"{\\"password\\":\\"[REDACTED]\\"}\\n"}',
    ],
    [
      "ok/a path with a query",
      "application/json",
      '{"next":"/api/items?access_token=RELURLTOKEN12345&page=2"}',
      '{"next":"/api/items?access_token=REDACTED&page=2"}',
    ],
    [
      "ok/a password field",
      "text/html",
      '<input name="password_field" value="PWFIELD12345">',
      '<input name="password_field" value="[REDACTED]">',
    ],
  ];
  for (const [name, mime, body, want] of CASES) {
    assert.equal(sanitizedBody(body, mime).text, want, name);
  }
  const form =
    '--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nMPB64SECRET12345\r\n--b--\r\n';
  const root = harDoc([{}]) as Json;
  // An exporter that wrote numbers where HAR has strings.
  root.log.entries[0].request.headers = [{
    name: "X-Api-Key",
    value: 123456789012345,
  }];
  root.log.entries[0].request.postData = {
    mimeType: "multipart/form-data; boundary=b",
    encoding: "base64",
    text: btoa(form),
  };
  root.log.entries[0].request.cookies = [{ name: "sid", value: 987654321 }];
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const req = (har as Json).log.entries[0].request;
  assert.equal(
    atob(req.postData.text),
    form.replace("MPB64SECRET12345", "[REDACTED]"),
  );
  assert.equal(req.headers[0].value, "[REDACTED]");
  assert.equal(req.cookies[0].value, "[REDACTED]");
});

Deno.test("sanitize: a value redacted somewhere goes from Chrome's initiator and page titles too, and where a URL carries it percent-encoded", () => {
  const root = harDoc([{
    url:
      "https://a.test/(S(SPREADSESS12345))/p.aspx?next=abc%2Bdef%2Fghi12%3D%3D",
    requestHeaders: [{
      name: "Cookie",
      value: "ASP.NET_SessionId=SPREADSESS12345; sid=abc+def/ghi12==",
    }],
  }], [{
    id: "page_1",
    title: "https://a.test/(S(SPREADSESS12345))/p.aspx",
  }]) as Json;
  root.log.entries[0]._initiator = {
    type: "script",
    url: "https://a.test/(S(SPREADSESS12345))/p.aspx",
    stack: {
      callFrames: [{ url: "https://a.test/(S(SPREADSESS12345))/a.js" }],
    },
  };
  const before = JSON.stringify(root);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assert.ok(!out.includes("SPREADSESS12345"), out);
  assert.ok(!out.includes("abc%2Bdef%2Fghi12%3D%3D"), out);
  assert.equal(
    (har as Json).log.pages[0].title,
    "https://a.test/(S([REDACTED]))/p.aspx",
  );
  assert.equal(JSON.stringify(root), before, "the input is untouched");
});

Deno.test("sanitize: an event stream's JSON data lines and a STOMP frame's JSON body lose their secrets", () => {
  const sse =
    'event: token\ndata: {"access_token":"SSETOKEN1234567890","n":1}\n\ndata: plain text\n\n';
  assert.equal(
    sanitizedBody(sse, "text/event-stream").text,
    sse.replace("SSETOKEN1234567890", "[REDACTED]"),
  );
  const root = harDoc([{}]) as Json;
  const frame =
    'SEND\ndestination:/app/login\ncontent-type:application/json\n\n{"password":"STOMPBODY1234567"}\u0000';
  root.log.entries[0]._webSocketMessages = [{ type: "send", data: frame }];
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.equal(
    (har as Json).log.entries[0]._webSocketMessages[0].data,
    frame.replace("STOMPBODY1234567", "[REDACTED]"),
  );
});

Deno.test("sanitize: XML elements are secret by the words they contain, not the exact short ones (an S3 listing's <Key>index.html</Key> is a file's name)", () => {
  const xml =
    "<ListBucketResult><Contents><Key>index.html</Key></Contents><Contents><Key>a1b2c3d4e5f6</Key></Contents></ListBucketResult>";
  const root = harDoc([
    { url: "https://s3.test/", mime: "application/xml", text: xml },
    {
      url: "https://s3.test/app.js",
      mime: "application/javascript",
      text: 'load("index.html"); load("a1b2c3d4e5f6");',
    },
  ]);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const entries = (har as Json).log.entries;
  // An element named by an exact word (`=key`) holds data; a word it
  // contains names a secret (`<AccessKeyId>` holds `accesskey`).
  assert.equal(entries[0].response.content.text, xml);
  assert.equal(
    entries[1].response.content.text,
    'load("index.html"); load("a1b2c3d4e5f6");',
  );
  const creds = sanitizedBody(
    "<Result><AccessKeyId>AKIA1234567890</AccessKeyId><Code>NoSuchKey</Code><SessionToken>tok123tok123</SessionToken></Result>",
    "text/xml",
  ).text;
  assert.equal(
    creds,
    "<Result><AccessKeyId>[REDACTED]</AccessKeyId><Code>NoSuchKey</Code><SessionToken>[REDACTED]</SessionToken></Result>",
  );
});

Deno.test("sanitize: a JWT in a URL's path goes, from the URL and the page title", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.PATHSIG123";
  const root = harDoc([{ url: `https://a.test/verify/${jwt}?x=1` }], [{
    id: "page_1",
    title: `https://a.test/verify/${jwt}`,
  }]);
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  assert.ok(!JSON.stringify(har).includes("PATHSIG123"));
  assert.equal(
    (har as Json).log.entries[0].request.url,
    "https://a.test/verify/[REDACTED]?x=1",
  );
});

Deno.test("sanitize: several STOMP frames in one message, and a value spread lower-case encoded or JSON-escaped", () => {
  const root = harDoc([{
    url: "https://a.test/p?next=abc%2bdef%2fghi12%3d%3d",
    requestHeaders: [{ name: "Cookie", value: "sid=abc+def/ghi12==" }],
    mime: "application/json",
    text: '{"echo":"abc+def\\/ghi12=="}',
  }]) as Json;
  root.log.entries[0]._webSocketMessages = [{
    type: "send",
    data:
      "CONNECT\nlogin:ann\npasscode:FIRSTFRAME123\n\n\u0000\nSEND\ndestination:/q\npasscode:SECONDFRAME456\n\nhi\u0000",
  }];
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assertGone(out, [
    "FIRSTFRAME123",
    "SECONDFRAME456",
    "abc%2bdef",
    "def\\\\/ghi",
  ]);
  assert.equal(
    (har as Json).log.entries[0]._webSocketMessages[0].data,
    "CONNECT\nlogin:ann\npasscode:[REDACTED]\n\n\u0000\nSEND\ndestination:/q\npasscode:[REDACTED]\n\nhi\u0000",
  );
});

Deno.test("sanitize: review findings: short exact words name XML secrets, a base64 form with a file, URLs in headers, spread forms, textareas and password inputs, SockJS and heart-beats", () => {
  // XML elements named by the exact short words, all but =key and =code.
  const xml = sanitizedBody(
    "<r><pwd>hunter2</pwd><pass>zz9xq</pass><auth>abc123</auth><otp>123456</otp><sid>abcd1234</sid><Key>index.html</Key></r>",
    "application/xml",
  );
  assert.equal(
    xml.text,
    "<r><pwd>[REDACTED]</pwd><pass>[REDACTED]</pass><auth>[REDACTED]</auth><otp>[REDACTED]</otp><sid>[REDACTED]</sid><Key>index.html</Key></r>",
  );
  // HTML: a secret textarea's text; a password input whatever its name.
  assert.equal(
    sanitizedBody(
      '<textarea name="csrf_token"> aB3kf9Zq </textarea><input type=password name=p value=hunter2>',
      "text/html",
    ).text,
    '<textarea name="csrf_token"> [REDACTED] </textarea><input type=password name=p value=[REDACTED]>',
  );
  // CDATA next to text in one secret element: one marker, then nothing.
  const once = sanitizedBody(
    "<Password><![CDATA[ab]]>cd</Password>",
    "text/xml",
  );
  assert.deepEqual(once, {
    text: "<Password>[REDACTED]</Password>",
    redacted: 1,
  });
  assert.deepEqual(sanitizedBody(once.text, "text/xml").redacted, 0);

  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.HDRSIG123";
  const file = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
  const head = new TextEncoder().encode(
    '--b\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n',
  );
  const tail = new TextEncoder().encode(
    '\r\n--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nhunter22\r\n--b--\r\n',
  );
  const body = new Uint8Array([...head, ...file, ...tail]);
  const root = harDoc([{
    url: "https://a.test/p?q=Abc%2bdef%2f1234&r=a+b+c1x9",
    requestHeaders: [
      { name: "Cookie", value: "s=Abc+def/1234; t=a b c1x9; u=x[REDACTED]" },
      { name: "Authorization", value: "Bearer\tzQ9abcdefgh12" },
      { name: "Referer", value: `https://x.io/verify/${jwt}` },
      { name: "X-Note", value: "zQ9abcdefgh12 huntertwo99" },
    ],
    responseHeaders: [{ name: "Location", value: `https://x.io/go/${jwt}` }],
  }]) as Json;
  const req = root.log.entries[0].request;
  req.postData = {
    mimeType: "multipart/form-data; boundary=b",
    encoding: "base64",
    text: btoa(String.fromCharCode(...body)),
  };
  root.log.entries[0]._webSocketMessages = [
    {
      type: "send",
      data:
        'a["SEND\\ndestination:/q\\n\\n{\\"token\\":\\"abc12345\\"}\\u0000"]',
    },
    {
      type: "send",
      data: '\nSEND\ndestination:/q\n\n{"token":"def67890"}\u0000',
    },
  ];
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const e = (har as Json).log.entries[0];
  const out = JSON.stringify(har);
  assertGone(out, [
    "Abc%2bdef",
    "a+b+c1x9",
    "HDRSIG123",
    "abc12345",
    "def67890",
  ]);
  assert.equal(e.request.headers[3].value, "[REDACTED] huntertwo99");
  assert.equal(
    e.request.headers[0].value,
    "s=[REDACTED]; t=[REDACTED]; u=x[REDACTED]",
  );
  const sent = Uint8Array.from(
    atob(e.request.postData.text),
    (c) => c.charCodeAt(0),
  );
  assert.deepEqual([...sent.slice(head.length, head.length + 4)], [...file]);
  assert.match(
    new TextDecoder("latin1").decode(sent),
    /\r\n\r\n\[REDACTED\]\r\n--b--/,
  );
});

Deno.test("sanitize: .NET's Name/Value pairs and a for(;;); prefix, through the sanitizer", () => {
  assert.equal(
    sanitizedBody(
      'for(;;);[{"Name":"password","Value":"NETPAIR123456"}]',
      "application/json",
    ).text,
    'for(;;);[{"Name":"password","Value":"[REDACTED]"}]',
  );
});

Deno.test("sanitize: Postman's and AWS's key/value pairs: a secret key's value goes, tags stay; a key alone still goes", () => {
  const body =
    '{"values":[{"key":"password","value":"PMPAIR123456"}],"Tags":[{"Key":"Environment","Value":"prod"}],"api":{"key":"AIzaSyABCDEF123"}}';
  assert.deepEqual(sanitizedBody(body, "application/json"), {
    text:
      '{"values":[{"key":"password","value":"[REDACTED]"}],"Tags":[{"Key":"Environment","Value":"prod"}],"api":{"key":"[REDACTED]"}}',
    redacted: 2,
  });
});

Deno.test("sanitize: URLs in free text lose their secrets: a page's links, a text body's URLs; a megabyte of near-URLs costs one pass", () => {
  const page =
    '<p>Reset: <a href="/reset?token=RESETTOKEN123&amp;lang=en">here</a> or https://a.test/cb?code=CODE12345678#x, see /docs?page=2</p>';
  assert.equal(
    sanitizedBody(page, "text/html").text,
    '<p>Reset: <a href="/reset?token=REDACTED&amp;lang=en">here</a> or https://a.test/cb?code=REDACTED#x, see /docs?page=2</p>',
  );
  const log = "GET postgres://bob:DBPASS12345@db.test/app?sslmode=require ok";
  assert.equal(
    sanitizedBody(log, "text/plain").text,
    "GET postgres://bob:REDACTED@db.test/app?sslmode=require ok",
  );
  for (
    const text of [
      "a".repeat(1_000_000) + "=?",
      "a://".repeat(250_000) + "?x=1",
      "/?token=".repeat(120_000),
    ]
  ) {
    const ms = cpuMs(() => {
      sanitizedBody(text, "text/plain");
    });
    assert.ok(ms < 2000, `${ms} ms`);
  }
});

Deno.test("sanitize: a JSON body whose only secret is a JWT inside a longer string is read", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.ONLYSIG123";
  assert.deepEqual(
    sanitizedBody(`{"note": "see token=${jwt} here"}`, "application/json"),
    { text: '{"note": "see token=[REDACTED] here"}', redacted: 1 },
  );
});

Deno.test("sanitize: a megabyte of event-stream lines that are no JSON costs no thrown parse per line", () => {
  const ms = cpuMs(() => {
    sanitizedBody("data: {\n".repeat(130_000), "text/event-stream");
  });
  assert.ok(ms < 1000, `${ms} ms`);
});

Deno.test("sanitize: a binary WebSocket message that is UTF-8 text (base64, as Chrome and mitmproxy record opcode 2) loses its secrets; bytes that are not text stay", () => {
  const b64 = (s: string) => btoa(s);
  const root = harDoc([{}]) as Json;
  root.log.entries[0]._webSocketMessages = [
    { type: "send", opcode: 2, data: b64('{"password":"hunter2hunter2"}') },
    { type: "send", opcode: 2, data: "/wD+AQ==" },
  ];
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const [text, bytes] = (har as Json).log.entries[0]._webSocketMessages;
  assert.equal(atob(text.data), '{"password":"[REDACTED]"}');
  assert.equal(bytes.data, "/wD+AQ==");
});

Deno.test("sanitize: tokens sent as WebSocket subprotocols (after a secret-named protocol, Kubernetes' bearer prefix, token-shaped) are redacted and counted alike", () => {
  const CASES: [string, string, string, number][] = [
    [
      "ok/after access_token",
      "access_token, s3cr3tValue99",
      "access_token, [REDACTED]",
      1,
    ],
    [
      "ok/Kubernetes' bearer subprotocol",
      "base64url.bearer.authorization.k8s.io.ZXlKaGJHY2lPaUpTVXpJMU5pSjk, base64.binary.k8s.io",
      "base64url.bearer.authorization.k8s.io.[REDACTED], base64.binary.k8s.io",
      1,
    ],
    [
      "ok/plain protocols stay",
      "graphql-ws, chat.v2",
      "graphql-ws, chat.v2",
      0,
    ],
    [
      "ok/a protocol name after a secret-named one stays",
      "authorization, v12.stomp, token, chat",
      "authorization, v12.stomp, token, chat",
      0,
    ],
    [
      "ok/a token-shaped subprotocol alone",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIz, chat",
      "[REDACTED], chat",
      1,
    ],
    [
      "ok/already redacted: nothing more",
      "base64url.bearer.authorization.k8s.io.[REDACTED], access_token, [REDACTED]",
      "base64url.bearer.authorization.k8s.io.[REDACTED], access_token, [REDACTED]",
      0,
    ],
  ];
  for (const [name, value, want, n] of CASES) {
    const root = harDoc([{
      requestHeaders: [{ name: "Sec-WebSocket-Protocol", value }],
    }]) as Json;
    const { har, redacted: count } = sanitizeHar(root, {
      words: DEFAULT_REDACT_WORDS,
    });
    const h = (har as Json).log.entries[0].request.headers[0];
    assert.equal(h.value, want, name);
    assert.equal(count, n, name);
    const c = countHarSecrets((root as Json).log.entries);
    assert.equal(c.tokens, n, name);
  }
});

Deno.test("sanitize: a value redacted elsewhere is hunted in HAR comments too (the log's, a page's, an entry's, its request's and response's)", () => {
  const secret = "s3cr3t-T0ken-value-42";
  const root = harDoc([{
    requestHeaders: [{ name: "Authorization", value: `Bearer ${secret}` }],
  }]) as Json;
  root.log.comment = `captured with ${secret}`;
  root.log.pages = [{ id: "p", title: "t", comment: `page ${secret}` }];
  const e = root.log.entries[0];
  e.comment = `retry with ${secret}`;
  e.request.comment = `req ${secret}`;
  e.response.comment = `res ${secret}`;
  const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
  const out = JSON.stringify(har);
  assert.ok(!out.includes(secret), out);
  const h = har as Json;
  assert.equal(h.log.comment, "captured with [REDACTED]");
  assert.equal(h.log.pages[0].comment, "page [REDACTED]");
  assert.equal(h.log.entries[0].comment, "retry with [REDACTED]");
  // The input is not changed.
  assert.ok(root.log.comment.includes(secret));
});

Deno.test("sanitize: a base64 body in another charset (ISO-8859-1, windows-1252, Shift_JIS, UTF-16) loses its secrets, and every other byte is written back as it was", () => {
  const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  const back = (t: string) => Uint8Array.from(atob(t), (c) => c.charCodeAt(0));
  const utf16 = (s: string, be: boolean) => {
    const out = new Uint8Array(s.length * 2);
    const v = new DataView(out.buffer);
    for (let i = 0; i < s.length; i++) v.setUint16(i * 2, s.charCodeAt(i), !be);
    return out;
  };
  // "Jürgen" with ü as one byte (0xFC); "東京" in Shift_JIS (93 8C 8B 9E).
  const latin1 = bytes('{"password":"geheimnis-12345","name":"J\xfcrgen"}');
  const sjis = bytes(
    '{"access_token":"tok-12345678","city":"\x93\x8c\x8b\x9e"}',
  );
  const cases: [string, Uint8Array, Uint8Array][] = [
    [
      "application/json; charset=ISO-8859-1",
      latin1,
      bytes('{"password":"[REDACTED]","name":"J\xfcrgen"}'),
    ],
    [
      "application/json; charset=windows-1252",
      bytes('{"password":"geheimnis-12345","note":"\x80 5"}'),
      bytes('{"password":"[REDACTED]","note":"\x80 5"}'),
    ],
    [
      "application/json; charset=Shift_JIS",
      sjis,
      bytes('{"access_token":"[REDACTED]","city":"\x93\x8c\x8b\x9e"}'),
    ],
    [
      "application/json; charset=utf-16le",
      utf16('{"password":"geheimnis-12345","name":"Jürgen"}', false),
      utf16('{"password":"[REDACTED]","name":"Jürgen"}', false),
    ],
    [
      "application/json; charset=UTF-16BE",
      utf16('{"password":"geheimnis-12345","name":"Jürgen"}', true),
      utf16('{"password":"[REDACTED]","name":"Jürgen"}', true),
    ],
    // The label says UTF-16 and the mark says big-endian: the mark decides,
    // and stays.
    [
      "application/json; charset=utf-16",
      utf16('\ufeff{"password":"geheimnis-12345"}', true),
      utf16('\ufeff{"password":"[REDACTED]"}', true),
    ],
    // Other labels of UTF-16LE (Encoding Standard §4.2).
    [
      "application/json; charset=csUnicode",
      utf16('{"password":"geheimnis-12345"}', false),
      utf16('{"password":"[REDACTED]"}', false),
    ],
    [
      "application/json; charset=iso-10646-ucs-2",
      utf16('{"password":"geheimnis-12345"}', false),
      utf16('{"password":"[REDACTED]"}', false),
    ],
    // A lone surrogate is written back as it came.
    [
      "application/json; charset=utf-16le",
      utf16('{"password":"geheimnis-12345","x":"\ud800"}', false),
      utf16('{"password":"[REDACTED]","x":"\ud800"}', false),
    ],
  ];
  for (const [mimeType, sent, expected] of cases) {
    const body = { mimeType, encoding: "base64", text: b64(sent) };
    const root = {
      log: {
        version: "1.2",
        entries: [bodyEntry("POST", "https://a.example/login", body, body)],
      },
    };
    const { har, redacted } = sanitizeHar(root, {
      words: DEFAULT_REDACT_WORDS,
      dropBodies: false,
    });
    const e = (har as Json).log.entries[0];
    assert.deepEqual(back(e.request.postData.text), expected, mimeType);
    assert.deepEqual(back(e.response.content.text), expected, mimeType);
    assert.equal(e.response.content.encoding, "base64");
    assert.equal(redacted, 2, mimeType);
  }
});

/** The secret every case below plants, and a file of `entries` sanitized. */
const PLANTED = "hunter2SECRETvalue99";
function sanitizedEntries(entries: Json[]): { text: string; redacted: number } {
  const { har, redacted } = sanitizeHar(
    { log: { version: "1.2", creator: { name: "t", version: "1" }, entries } },
    { words: DEFAULT_REDACT_WORDS },
  );
  return { text: JSON.stringify(har), redacted };
}

const LEAKS: [string, Json, RegExp?][] = [
  [
    "bad/a form sent as text/plain (fetch with a string body)",
    bodyEntry("POST", "https://a.test/login", {
      mimeType: "text/plain;charset=UTF-8",
      text: `username=bob&password=${PLANTED}`,
    }, {}),
    /username=bob&password=\[REDACTED\]/,
  ],
  [
    "bad/a form with no recorded type: the Content-Type header says it",
    {
      ...bodyEntry("POST", "https://a.test/", { text: `pwd=${PLANTED}` }, {}),
      request: {
        method: "POST",
        url: "https://a.test/",
        headers: [{
          name: "Content-Type",
          value: "application/x-www-form-urlencoded",
        }],
        postData: { text: `user={"password":"${PLANTED}"}` },
      },
    },
  ],
  [
    "bad/JSON in a query value (GraphQL's variables), in the URL and the queryString",
    {
      request: {
        method: "GET",
        url: `https://a.test/graphql?operationName=Verify&variables=${
          encodeURIComponent(JSON.stringify({ token: PLANTED }))
        }`,
        headers: [],
        queryString: [
          { name: "operationName", value: "Verify" },
          { name: "variables", value: JSON.stringify({ token: PLANTED }) },
        ],
      },
      response: { status: 200, headers: [], content: {} },
    },
    /operationName=Verify&variables=/,
  ],
  [
    "bad/NDJSON, each line read as JSON",
    bodyEntry("GET", "https://a.test/", null, {
      mimeType: "application/x-ndjson",
      text: `{"a":1}\n{"access_token":"${PLANTED}"}\n`,
    }),
    /\{\\"a\\":1\}\\n\{\\"access_token\\":\\"\[REDACTED\]\\"\}\\n/,
  ],
  [
    "bad/JSONP",
    bodyEntry("GET", "https://a.test/", null, {
      mimeType: "application/javascript",
      text: `cb({"access_token":"${PLANTED}"});`,
    }),
    /cb\(\{\\"access_token\\":\\"\[REDACTED\]\\"\}\);/,
  ],
  [
    "bad/a multipart type recorded without its boundary",
    bodyEntry("POST", "https://a.test/", {
      mimeType: "multipart/form-data",
      text:
        `------x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${PLANTED}\r\n------x--\r\n`,
    }, {}),
  ],
  [
    "bad/a script's token assigned to a secret name",
    bodyEntry("GET", "https://a.test/", null, {
      mimeType: "text/html",
      text:
        `<script>window.__TOKEN__ = "${PLANTED}"; var apiKey='${PLANTED}x'; var title = "kept";</script>`,
    }),
    /var title = \\"kept\\"/,
  ],
  [
    "bad/a Basic credential echoed by the server, decoded",
    {
      request: {
        method: "GET",
        url: "https://a.test/",
        headers: [{
          name: "Authorization",
          value: `Basic ${btoa(`bob:${PLANTED}`)}`,
        }],
      },
      response: {
        status: 200,
        headers: [],
        content: {
          mimeType: "text/plain",
          text: `you sent bob:${PLANTED}`,
        },
      },
    },
  ],
];

for (const [name, entry, kept] of LEAKS) {
  Deno.test(`sanitize: ${name}`, () => {
    const { text, redacted } = sanitizedEntries([entry]);
    assert.ok(!text.includes(PLANTED), text);
    assert.ok(redacted >= 1, `${redacted} redacted`);
    if (kept) assert.match(text, kept);
  });
}

Deno.test("sanitize: ok/a body that only looks like a form or a script stays as it was", () => {
  const { text: plain } = sanitizedBody("a = b and c=d here", "text/plain");
  assert.equal(plain, "a = b and c=d here");
  const { text: js } = sanitizedBody(
    `const name = "Ada"; const mode = 'dark';`,
    "application/javascript",
  );
  assert.equal(js, `const name = "Ada"; const mode = 'dark';`);
});

Deno.test("sanitize: ok/JSON in a URL's query value is redacted in place, the rest of it kept and encoded again", () => {
  const vars = JSON.stringify({ token: PLANTED, id: 7 });
  const url = `https://a.test/graphql?op=V&variables=${
    encodeURIComponent(vars)
  }`;
  const { text } = sanitizedEntries([{
    request: { method: "GET", url, headers: [] },
    response: { status: 200, headers: [], content: {} },
  }]);
  const out = JSON.parse(text).log.entries[0].request.url;
  assert.equal(
    out,
    `https://a.test/graphql?op=V&variables=${
      encodeURIComponent(JSON.stringify({ token: "[REDACTED]", id: 7 }))
    }`,
  );
});

Deno.test("sanitize: ok/an urlencoded body keeps every byte but the secret's value", () => {
  const { text } = sanitizedEntries([
    bodyEntry("POST", "https://a.test/", {
      mimeType: "application/x-www-form-urlencoded",
      text: `user=bob&password=${PLANTED}&remember=1`,
    }, {}),
  ]);
  assert.equal(
    JSON.parse(text).log.entries[0].request.postData.text,
    "user=bob&password=[REDACTED]&remember=1",
  );
});

/** A response body sanitized alone (its own text, not the whole file). */
function responseText(mimeType: string, text: string): string {
  const { text: out } = sanitizedEntries([
    bodyEntry("GET", "https://a.test/", null, { mimeType, text }),
  ]);
  return JSON.parse(out).log.entries[0].response.content.text;
}

Deno.test("sanitize: ok/each new body reader keeps every byte but the secret (JSON text sequences, JSONP with a dotted name, a script's backtick literal and quoted key)", () => {
  assert.equal(
    responseText(
      "application/json-seq",
      `\x1e{"access_token":"${PLANTED}"}\r\n`,
    ),
    '\x1e{"access_token":"[REDACTED]"}\r\n',
  );
  assert.equal(
    responseText(
      "application/javascript",
      `jQuery.cb_1({"token":"${PLANTED}","n":1});`,
    ),
    'jQuery.cb_1({"token":"[REDACTED]","n":1});',
  );
  assert.equal(
    responseText(
      "text/html",
      `<script>var apiKey=\`${PLANTED}\`; x = {"token": "${PLANTED}x"}</script>`,
    ),
    '<script>var apiKey=`[REDACTED]`; x = {"token": "[REDACTED]"}</script>',
  );
  // A name no secret word is in keeps its value.
  assert.equal(
    responseText("application/javascript", 'var title = "hunter2";'),
    'var title = "hunter2";',
  );
});
