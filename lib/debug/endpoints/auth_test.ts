/** Basic, hidden Basic and Bearer authentication. */
import assert from "node:assert/strict";
import { basicCredentials } from "./auth.ts";
import { createDebugHandler } from "../mod.ts";

const b64 = (s: string) => new TextEncoder().encode(s).toBase64();

const CREDS: [
  string,
  string | null,
  { user: string; password: string } | null,
][] = [
  ["ok/plain", `Basic ${b64("alice:secret")}`, {
    user: "alice",
    password: "secret",
  }],
  ["ok/scheme is case-insensitive", `bAsIc ${b64("a:b")}`, {
    user: "a",
    password: "b",
  }],
  ["ok/colon in the password", `Basic ${b64("a:b:c")}`, {
    user: "a",
    password: "b:c",
  }],
  ["ok/empty password", `Basic ${b64("a:")}`, { user: "a", password: "" }],
  ["ok/UTF-8", `Basic ${b64("zoë:pässwörd")}`, {
    user: "zoë",
    password: "pässwörd",
  }],
  ["bad/absent", null, null],
  ["bad/no colon", `Basic ${b64("alice")}`, null],
  ["bad/not base64", "Basic !!!", null],
  ["bad/another scheme", `Bearer ${b64("a:b")}`, null],
  [
    "bad/not UTF-8",
    `Basic ${new Uint8Array([0xff, 0x3a, 0x61]).toBase64()}`,
    null,
  ],
  ["bad/too long", `Basic ${"QUFB".repeat(1100)}`, null],
];
for (const [name, header, want] of CREDS) {
  Deno.test(`basicCredentials: ${name}`, () => {
    assert.deepEqual(basicCredentials(header), want);
  });
}

const handler = createDebugHandler();
const call = async (path: string, authorization?: string, method = "GET") => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, {
      method,
      headers: authorization ? { authorization } : {},
    }),
  );
  return { res, body: await res.json() };
};

const CASES: [string, string, string | undefined, number, string | null][] = [
  // name, path, Authorization, status, WWW-Authenticate
  ["ok/basic", "/basic-auth/u/p", `Basic ${b64("u:p")}`, 200, null],
  ["ok/basic, any method", "/basic-auth/u/p", `Basic ${b64("u:p")}`, 200, null],
  ["ok/hidden", "/hidden-basic-auth/u/p", `Basic ${b64("u:p")}`, 200, null],
  ["ok/bearer", "/bearer", "Bearer abc.DEF-123_~+/=", 200, null],
  [
    "bad/basic, none",
    "/basic-auth/u/p",
    undefined,
    401,
    'Basic realm="wirebench"',
  ],
  [
    "bad/basic, wrong password",
    "/basic-auth/u/p",
    `Basic ${b64("u:x")}`,
    401,
    'Basic realm="wirebench"',
  ],
  [
    "bad/basic, wrong user",
    "/basic-auth/u/p",
    `Basic ${b64("v:p")}`,
    401,
    'Basic realm="wirebench"',
  ],
  [
    "bad/basic, case matters",
    "/basic-auth/u/p",
    `Basic ${b64("U:p")}`,
    401,
    'Basic realm="wirebench"',
  ],
  ["bad/hidden, none", "/hidden-basic-auth/u/p", undefined, 404, null],
  [
    "bad/hidden, wrong",
    "/hidden-basic-auth/u/p",
    `Basic ${b64("u:x")}`,
    404,
    null,
  ],
  ["bad/bearer, none", "/bearer", undefined, 401, "Bearer"],
  [
    "bad/bearer, empty token",
    "/bearer",
    "Bearer ",
    401,
    'Bearer error="invalid_request"',
  ],
  // RFC 6750 §3.1: another scheme's credentials get no error code.
  [
    "bad/bearer, basic scheme",
    "/bearer",
    `Basic ${b64("u:p")}`,
    401,
    "Bearer",
  ],
  ["bad/bearer, a scheme named like it", "/bearer", "xBearer x", 401, "Bearer"],
  ["bad/bearer, Bearer1", "/bearer", "Bearer1 x", 401, "Bearer"],
  [
    "bad/bearer, lower-case and malformed",
    "/bearer",
    "bearer a b",
    401,
    'Bearer error="invalid_request"',
  ],
  [
    "bad/bearer, token with a space",
    "/bearer",
    "Bearer a b",
    401,
    'Bearer error="invalid_request"',
  ],
  [
    "bad/bearer, token with a comma",
    "/bearer",
    "Bearer a,b",
    401,
    'Bearer error="invalid_request"',
  ],
];
for (const [name, path, auth, status, challenge] of CASES) {
  Deno.test(`auth handler: ${name}`, async () => {
    const { res, body } = await call(
      path,
      auth,
      name.includes("any method") ? "DELETE" : "GET",
    );
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal(res.headers.get("www-authenticate"), challenge);
    if (status === 200) {
      assert.equal(body.authenticated, true);
      if (path === "/bearer") assert.equal(body.token, auth!.slice(7));
      else assert.equal(body.user, "u");
    } else {
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.equal(body.param, "Authorization");
    }
  });
}

Deno.test("auth handler: ok/a user name with UTF-8 in the path", async () => {
  const { res, body } = await call(
    "/basic-auth/zo%C3%AB/p%C3%A4ss",
    `Basic ${b64("zoë:päss")}`,
  );
  assert.equal(res.status, 200);
  assert.deepEqual(body, { authenticated: true, user: "zoë" });
});

Deno.test("auth handler: bad/credentials past their bound say so, not that none were sent", async () => {
  const basic = await call("/basic-auth/u/p", `Basic ${"A".repeat(4100)}`);
  assert.equal(basic.res.status, 401);
  assert.match(basic.body.detail, /at most 4096 characters/);
  const bearer = await call("/bearer", `Bearer ${"a".repeat(8193)}`);
  assert.equal(bearer.res.status, 401);
  assert.match(bearer.body.detail, /at most 8192 characters/);
  const params = Array.from({ length: 40 }, (_, i) => `x${i}="v"`).join(", ");
  const digest = await call("/digest-auth/auth/u/p", `Digest ${params}`);
  assert.equal(digest.res.status, 401);
  assert.match(digest.body.detail, /32 parameters/);
  const none = await call("/digest-auth/auth/u/p");
  assert.match(none.body.detail, /Digest credentials are required/);
});

Deno.test("auth handler: bad/a Basic user-id with a colon, which no credentials can carry, is bad input", async () => {
  for (const path of ["/basic-auth/a:b/p", "/hidden-basic-auth/a%3Ab/p"]) {
    const { res, body } = await call(path, `Basic ${b64("a:b:p")}`);
    assert.equal(res.status, 400, path);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal(body.param, "user");
  }
});
