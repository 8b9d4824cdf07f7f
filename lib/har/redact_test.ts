import assert from "node:assert/strict";
import {
  DEFAULT_REDACT_WORDS,
  looksSecret,
  nameMatcher,
  parseWordList,
  redactCookieHeader,
  redactCredential,
  REDACTED,
  redactMultipart,
  redactQuery,
  redactSetCookie,
  redactUrl,
  replaceJwts,
} from "./redact.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const secret = nameMatcher(DEFAULT_REDACT_WORDS);

Deno.test("redact: word lists and name matching", () => {
  assert.deepEqual(parseWordList(" token, key\nsecret "), [
    "token",
    "key",
    "secret",
  ]);
  assert.equal(secret("access_token"), true);
  assert.equal(secret("page"), false);
});

Deno.test("redact: credentials keep their scheme, cookies their names", () => {
  assert.equal(redactCredential("Bearer abc.def"), `Bearer ${REDACTED}`);
  assert.equal(redactCookieHeader("a=1; b=2"), `a=${REDACTED}; b=${REDACTED}`);
  assert.match(
    redactSetCookie("sid=abc; Path=/; HttpOnly"),
    /^sid=.*Path=\/; HttpOnly$/,
  );
  assert.ok(!redactSetCookie("sid=abc; Path=/").includes("abc"));
});

Deno.test("redact: secret query parameters in URLs, counted", () => {
  const r = redactUrl("https://h/p?access_token=xyz&page=2#frag", secret);
  assert.ok(!r.text.includes("xyz"));
  assert.ok(r.text.includes("page=2"));
  assert.equal(r.count, 1);
  assert.equal(redactQuery("page=2", secret).count, 0);
});

Deno.test("redact: values that look like secrets", () => {
  assert.equal(looksSecret("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"), true);
  assert.equal(looksSecret("hello"), false);
});

// AWS Signature Version 4: the example of the S3 documentation.
const SIGV4_SIG =
  "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024";
const SIGV4_CRED = "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";
const SIGV4_AUTH = `AWS4-HMAC-SHA256 Credential=${SIGV4_CRED}, ` +
  `SignedHeaders=host;range;x-amz-date, Signature=${SIGV4_SIG}`;

const SIGV4_VALUES: [string, string, boolean][] = [
  ["ok/authorization-value", SIGV4_AUTH, true],
  ["ok/lower-case-scheme", SIGV4_AUTH.toLowerCase(), true],
  ["ok/tab-after-scheme", SIGV4_AUTH.replace(" ", "\t"), true],
  // SigV4a, the multi-region form.
  [
    "ok/sigv4a-value",
    SIGV4_AUTH.replace("AWS4-HMAC-SHA256", "AWS4-ECDSA-P256-SHA256"),
    true,
  ],
  ["bad/sigv4a-algorithm-name-alone", "AWS4-ECDSA-P256-SHA256", false],
  // The algorithm's name alone (X-Amz-Algorithm's value) holds nothing.
  ["bad/algorithm-name-alone", "AWS4-HMAC-SHA256", false],
  ["bad/algorithm-name-space", "AWS4-HMAC-SHA256 ", false],
];
for (const [name, value, want] of SIGV4_VALUES) {
  Deno.test(`redact sigv4 value: ${name}`, () => {
    assert.equal(looksSecret(value), want);
  });
}

Deno.test("redact: a SigV4 Authorization value keeps its scheme only", () => {
  assert.equal(
    redactCredential(SIGV4_AUTH),
    `AWS4-HMAC-SHA256 ${REDACTED}`,
  );
  assert.equal(
    redactCredential(SIGV4_AUTH.toLowerCase()),
    `aws4-hmac-sha256 ${REDACTED}`,
  );
});

Deno.test("redact: a presigned URL loses its credential and signature, and keeps the rest", () => {
  const url =
    "https://b.s3.amazonaws.com/k.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256" +
    `&X-Amz-Credential=${encodeURIComponent(SIGV4_CRED)}` +
    "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400" +
    "&X-Amz-SignedHeaders=host" +
    `&X-Amz-Security-Token=IQoJb3JpZ2luX2VjEJr&X-Amz-Signature=${SIGV4_SIG}`;
  assert.deepEqual(redactUrl(url, secret), {
    text: "https://b.s3.amazonaws.com/k.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256" +
      "&X-Amz-Credential=REDACTED&X-Amz-Date=20130524T000000Z" +
      "&X-Amz-Expires=86400&X-Amz-SignedHeaders=host" +
      "&X-Amz-Security-Token=REDACTED&X-Amz-Signature=REDACTED",
    count: 3,
  });
  // Lower-case names, as some SDKs write them.
  assert.equal(
    redactUrl(`https://h/k?x-amz-signature=${SIGV4_SIG}`, secret).text,
    "https://h/k?x-amz-signature=REDACTED",
  );
});

Deno.test("redact: a SigV4 Authorization value under an innocuous query name is found by its value", () => {
  const CASES: [string, string, string, number][] = [
    [
      "ok/percent-encoded",
      `page=2&h=${encodeURIComponent(SIGV4_AUTH)}`,
      "page=2&h=REDACTED",
      1,
    ],
    [
      "ok/plus-for-space",
      `h=${encodeURIComponent(SIGV4_AUTH).replace("%20", "+")}&page=2`,
      "h=REDACTED&page=2",
      1,
    ],
    ["bad/algorithm-only", "alg=AWS4-HMAC-SHA256", "alg=AWS4-HMAC-SHA256", 0],
  ];
  for (const [name, query, text, count] of CASES) {
    assert.deepEqual(redactQuery(query, secret), { text, count }, name);
  }
});

Deno.test("redact: a multipart body's secret fields lose their content, every other byte kept", () => {
  const mime = "multipart/form-data; boundary=----WebKitFormBoundaryX7";
  const part = (headers: string, content: string) =>
    `------WebKitFormBoundaryX7\r\n${headers}\r\n\r\n${content}\r\n`;
  const text = part('Content-Disposition: form-data; name="user"', "ann") +
    part('Content-Disposition: form-data; name="password"', "hunter2 x") +
    part(
      'Content-Disposition: form-data; name="password"; filename="p.txt"\r\nContent-Type: text/plain',
      "file bytes",
    ) +
    part('Content-Disposition: form-data; name="note"', "Bearer abcdefghijk") +
    "------WebKitFormBoundaryX7--\r\n";
  const seen: string[] = [];
  const r = redactMultipart(text, mime, (name, content) => {
    seen.push(name);
    return name === "password" || content.startsWith("Bearer");
  });
  assert.equal(r.count, 2);
  assert.equal(
    r.text,
    text.replace("hunter2 x", REDACTED).replace("Bearer abcdefghijk", REDACTED),
  );
  // A file's content is a file, not a field: never offered.
  assert.deepEqual(seen, ["user", "password", "note"]);
  // No boundary, or none found: the text as it is.
  for (const [m, t] of [["multipart/form-data", text], [mime, "plain"]]) {
    assert.deepEqual(redactMultipart(t, m, () => true), { text: t, count: 0 });
  }
  // Redacted before: left, not counted.
  assert.equal(
    redactMultipart(r.text, mime, (name) => name !== "user").count,
    0,
  );
});

Deno.test("redact: multipart parts written with bare LFs, an unquoted name, an escaped quote or a spaced boundary parameter are read", () => {
  const secret = (name: string) => name.startsWith("pass");
  const CASES: [string, string, string][] = [
    [
      "ok/bare LFs",
      "multipart/form-data; boundary=XyZ",
      '--XyZ\nContent-Disposition: form-data; name="password"\n\nhunter2\n--XyZ--\n',
    ],
    [
      "ok/spaced boundary parameter",
      "multipart/form-data; boundary=XyZ ; charset=utf-8",
      '--XyZ\r\nContent-Disposition: form-data; name="password"\r\n\r\nhunter2\r\n--XyZ--\r\n',
    ],
    [
      "ok/quoted boundary",
      'multipart/form-data; boundary="Xy Z"',
      '--Xy Z\r\nContent-Disposition: form-data; name="password"\r\n\r\nhunter2\r\n--Xy Z--\r\n',
    ],
    [
      "ok/unquoted name",
      "multipart/form-data; boundary=XyZ",
      "--XyZ\r\nContent-Disposition: form-data; name=password\r\n\r\nhunter2\r\n--XyZ--\r\n",
    ],
    [
      "ok/escaped quote in the name",
      "multipart/form-data; boundary=XyZ",
      '--XyZ\r\nContent-Disposition: form-data; name="pass\\"word"\r\n\r\nhunter2\r\n--XyZ--\r\n',
    ],
  ];
  for (const [name, mime, text] of CASES) {
    const r = redactMultipart(text, mime, secret);
    assert.equal(r.count, 1, name);
    assert.equal(r.text, text.replace("hunter2", REDACTED), name);
  }
});

Deno.test("redact: a multipart body of many parts without a blank line costs one pass", () => {
  const text = "--b\r\nX\r\n".repeat(40_000) + "--b--";
  const ms = cpuMs(() =>
    assert.equal(
      redactMultipart(text, "multipart/form-data; boundary=b", () => true)
        .count,
      0,
    )
  );
  assert.ok(ms < 1000, `${ms} ms`);
});

Deno.test("redact: a multipart value holding a line that starts like the boundary is no delimiter", () => {
  const mime = "multipart/form-data; boundary=XyZ";
  const text =
    '--XyZ\r\nContent-Disposition: form-data; name="password"\r\n\r\n' +
    "hunter2\n--XyZtailsecret99\r\n--XyZ--\r\n";
  const r = redactMultipart(text, mime, (name) => name === "password");
  assert.equal(r.count, 1);
  assert.equal(r.text, text.replace("hunter2\n--XyZtailsecret99", REDACTED));
});

Deno.test("redact: multipart headers of a hostile length cost one pass", () => {
  const text = "--b\r\n" + "content-disposition:".repeat(20_000) +
    "\r\n\r\nx\r\n--b--";
  const ms = cpuMs(() => {
    redactMultipart(text, "multipart/form-data; boundary=b", () => true);
  });
  assert.ok(ms < 500, `${ms} ms`);
});

Deno.test("redact: a Cookie header's empty values stay empty; a URL's userinfo ends at its last @", () => {
  // `c`, without `=`, is a nameless cookie: all value.
  assert.equal(
    redactCookieHeader("a=; b=2; c"),
    `a=; b=${REDACTED}; ${REDACTED}`,
  );
  assert.equal(
    redactSetCookie("a=; Path=/; Max-Age=0\nNAMELESS123; Path=/"),
    `a=; Path=/; Max-Age=0\n${REDACTED}; Path=/`,
  );
  const r = redactUrl("https://u:pa@ssw0rdXYZ@h.example/x", nameMatcher([]));
  assert.deepEqual(r, { text: "https://u:REDACTED@h.example/x", count: 1 });
});

Deno.test("redact: a URL's user alone goes when it is shaped like a token (GitHub's, GitLab's), not when it is a person's name", () => {
  const none = nameMatcher([]);
  const CASES: [string, string, number][] = [
    [
      "https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8@github.com/o/r.git",
      "https://REDACTED@github.com/o/r.git",
      1,
    ],
    [
      "https://glpat-x1y2z3w4v5u6t7s8r9q0@gitlab.example/g",
      "https://REDACTED@gitlab.example/g",
      1,
    ],
    ["https://git@github.com/o/r", "https://git@github.com/o/r", 0],
    [
      "https://firstname.lastname2024@h.example/",
      "https://firstname.lastname2024@h.example/",
      0,
    ],
    [
      "https://averyveryverylongusername@h.example/",
      "https://averyveryverylongusername@h.example/",
      0,
    ],
    ["https://REDACTED@h.example/", "https://REDACTED@h.example/", 0],
    // A known token prefix, whatever its digits.
    [
      "https://ghp_abcdefghijklmnopqrstuvwxyzAB@github.com/",
      "https://REDACTED@github.com/",
      1,
    ],
    [
      "HTTPS://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8:@github.com/x",
      "HTTPS://REDACTED:@github.com/x",
      1,
    ],
    [
      "https://john_smith_the_developer_2@h.example/",
      "https://john_smith_the_developer_2@h.example/",
      0,
    ],
    // 20 characters, a letter and four digits: a token; 19: no user of one.
    ["https://a1234bcdefghijklmnop@h/", "https://REDACTED@h/", 1],
    ["https://a1234bcdefghijklmno@h/", "https://a1234bcdefghijklmno@h/", 0],
    // Digits alone (a phone number) are no token.
    ["https://155512345678901234567@h/", "https://155512345678901234567@h/", 0],
    // A password present: it goes, the user stays.
    [
      "https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8:pw@h/",
      "https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8:REDACTED@h/",
      1,
    ],
    [
      "https://h.example/?u=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3@x",
      "https://h.example/?u=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3@x",
      0,
    ],
  ];
  for (const [url, want, count] of CASES) {
    assert.deepEqual(redactUrl(url, none), { text: want, count }, url);
  }
});

Deno.test("redact: JWTs inside text are found where a word starts, in one pass", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.SIGsig123";
  const CASES: [string, string, string][] = [
    ["ok/alone", jwt, "J"],
    ["ok/in a sentence", `see ${jwt} here.`, "see J here."],
    ["ok/after a dash or =", `t-${jwt};x=${jwt}`, "t-J;x=J"],
    ["ok/an empty signature", "eyJhbGciOi.eyJzdWIi.", "J"],
    ["ok/dotted before and after", `a.b.${jwt}.c`, "a.b.J.c"],
    ["ok/two in a row", `${jwt}.${jwt}`, "J.J"],
    ["bad/glued to a word", `x${jwt}`, `x${jwt}`],
    [
      "ok/after a percent-escape",
      `?next=%2Fcb%3Fx%3D${jwt}`,
      "?next=%2Fcb%3Fx%3DJ",
    ],
    ["bad/after two hex digits with no %", `x3D${jwt}`, `x3D${jwt}`],
    [
      "bad/a payload that is no JSON",
      "eyJhbGciOi.abcdef.sig",
      "eyJhbGciOi.abcdef.sig",
    ],
    ["bad/two segments", "eyJhbGciOi.eyJzdWIi", "eyJhbGciOi.eyJzdWIi"],
  ];
  for (const [name, text, want] of CASES) {
    assert.equal(replaceJwts(text, () => "J"), want, name);
  }
  for (const run of ["eyJ-".repeat(250_000), "eyJa.".repeat(200_000)]) {
    const ms = cpuMs(() => {
      replaceJwts(run, () => "J");
    });
    assert.ok(ms < 1000, `${ms} ms`);
  }
});

Deno.test("redact: a user holding @ before a password, and a single-page app's fragment query", () => {
  const words = nameMatcher(DEFAULT_REDACT_WORDS);
  const CASES: [string, string, number][] = [
    [
      "https://bob@corp.example:S3cretPassw0rd@git.test/r.git",
      "https://bob@corp.example:REDACTED@git.test/r.git",
      1,
    ],
    ["https://a@b.test:8080/x", "https://a@b.test:8080/x", 0],
    [
      "https://app.test/#/callback?code=AUTHCODE123456&state=x",
      "https://app.test/#/callback?code=REDACTED&state=x",
      1,
    ],
    [
      "https://app.test/cb#access_token=abcdefghij&x=1",
      "https://app.test/cb#access_token=REDACTED&x=1",
      1,
    ],
  ];
  for (const [url, want, count] of CASES) {
    assert.deepEqual(redactUrl(url, words), { text: want, count }, url);
  }
});

Deno.test("redact: a credential by its shape, not words that start like one", () => {
  const CASES: [string, boolean][] = [
    ["Bearer abcdefgh1jkl", true],
    ["Token Verification", false],
    ["Bearer required", false],
    ["Bearer abcDEF12345, Basic dXNlcjpwYXNz", true],
    ["Bearer abcDEF12345 extra", true],
    ["Bearer token-required", false],
    ["Negotiate timeouts.", false],
    ["Digest auth=required for this", false],
    ["Hawk id=5 was seen", false],
    [
      'Hawk id="dh37fgj492je", ts="1353832234", nonce="j4h3g2", mac="6R4r="',
      true,
    ],
    [`Basic ${btoa("no colon here")}`, false],
    [`Bearer ${"x".repeat(24)}`, true],
    [`Bearer x${"1".repeat(50_000_000)}`, true],
    ["Token AbCdEfGhIj", true],
    ["Bearer abcdefgh1jkl  ", true],
    ["bearer abc.def-ghi_jkl~mno+p/q==", true],
    [`Basic ${btoa("ann:hunter2")}`, true],
    ["Token abcdefgh12", true],
    ['Digest username="ann", realm="x", response="abc"', true],
    [
      "AWS4-HMAC-SHA256 Credential=AKIA/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=abc123",
      true,
    ],
    ["Token expired, please log in again", false],
    ["Basic plan", false],
    ["Basic planning", false],
    ["Bearer of bad news", false],
    ["Digest of the week", false],
    ["Hawk eyes everywhere", false],
  ];
  for (const [value, want] of CASES) {
    assert.equal(looksSecret(value), want, value);
  }
});
