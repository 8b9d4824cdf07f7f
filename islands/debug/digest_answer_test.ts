/**
 * The runner's Digest answer: RFC 7616's own example computed with the
 * page's hashes, and real runs against the debug API's `/digest-auth` over
 * TCP, each algorithm and qop the server offers.
 */
import assert from "node:assert/strict";
import { createDebugHandler } from "../../lib/debug/mod.ts";
import { digestAuthorization } from "./digest_answer.ts";
import { runFetch } from "./run.ts";
import { parseDigestParams } from "../../lib/shared/digest.ts";
import {
  MAX_DIGEST_HEADER,
  MAX_DIGEST_PARAMS,
} from "../../lib/debug/core/limits.ts";
import { preparedRequest } from "../../tests/helpers/prepared_request.ts";

// RFC 7616 §3.9.1: its challenge, answered with its cnonce.
const CHALLENGE = (algorithm: string) =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`;
const MUFASA = { user: "Mufasa", passwd: "Circle of Life" };
const CNONCE = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ";

const KNOWN: [string, string, string][] = [
  ["ok/RFC 7616 §3.9.1 MD5", "MD5", "8ca523f5e9506fed4657c9700eebdbec"],
  [
    "ok/RFC 7616 §3.9.1 SHA-256",
    "SHA-256",
    "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
  ],
];
for (const [name, algorithm, want] of KNOWN) {
  Deno.test(`digest answer: ${name}`, () => {
    const a = digestAuthorization(
      CHALLENGE(algorithm),
      MUFASA,
      "GET",
      "/dir/index.html",
      undefined,
      CNONCE,
    );
    assert.ok("header" in a, JSON.stringify(a));
    assert.equal(
      a.header,
      `Digest username="Mufasa", realm="http-auth@example.org", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", uri="/dir/index.html", algorithm=${algorithm}, qop=auth, nc=00000001, cnonce="${CNONCE}", response="${want}", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
    );
  });
}

const BAD: [string, string | null, RegExp][] = [
  ["bad/no challenge", null, /no Digest challenge/],
  ["bad/a Basic challenge", 'Basic realm="x"', /no Digest challenge/],
  [
    "bad/an algorithm it has no hash for",
    'Digest realm="r", nonce="n", qop="auth", algorithm=SHA3-256',
    /algorithm SHA3-256/,
  ],
  [
    "bad/no qop: RFC 2069's answer is obsolete",
    'Digest realm="r", nonce="n"',
    /no qop/,
  ],
];
for (const [name, challenge, why] of BAD) {
  Deno.test(`digest answer: ${name}`, () => {
    const a = digestAuthorization(challenge, MUFASA, "GET", "/", "", "c");
    assert.ok("reason" in a && why.test(a.reason), JSON.stringify(a));
  });
}

const D = (params: string) =>
  `Digest realm="r", nonce="n", qop="auth", ${params}`;
/**
 * [name, WWW-Authenticate, the algorithm answered and realm, or why
 * none]: several challenges in one value (or several fields, which
 * `Headers.get` joins with ", "), the strongest Digest answered (RFC 9110
 * §11.6.1), the server's first among equals (RFC 7616 §3.7).
 */
const SEVERAL: [string, string, string | RegExp][] = [
  [
    "a Basic before the Digest",
    `Basic realm="x", Digest realm="y", nonce=abc, qop=auth, algorithm=SHA-256`,
    "SHA-256 y",
  ],
  [
    "a Digest before the Basic, charset after",
    `Digest realm="y", nonce="n", qop="auth", Basic realm="x", charset="UTF-8"`,
    "MD5 y",
  ],
  [
    "MD5 first, SHA-256 second: the stronger",
    `${D("algorithm=MD5")}, ${D("algorithm=SHA-256")}`,
    "SHA-256 r",
  ],
  [
    "SHA-256 first, MD5 second",
    `${D("algorithm=SHA-256")}, ${D("algorithm=MD5")}`,
    "SHA-256 r",
  ],
  [
    "-sess as strong as its hash; SHA-512 strongest",
    `${D("algorithm=MD5-sess")}, ${D("algorithm=SHA-512")}, ${
      D("algorithm=SHA-256-sess")
    }`,
    "SHA-512 r",
  ],
  [
    "equals in the server's order",
    `${D("algorithm=SHA-512-256")}, ${D("algorithm=SHA-256")}`,
    "SHA-512-256 r",
  ],
  [
    "one it cannot hash, then one it can",
    `${D("algorithm=SHA3-256")}, ${D("algorithm=MD5")}`,
    "MD5 r",
  ],
  [
    "one without qop, then one with",
    `Digest realm="old", nonce="n", ${D("algorithm=SHA-256")}`,
    "SHA-256 r",
  ],
  [
    "a token68 challenge and empty list elements",
    `Negotiate YIIx==, , Digest realm="a, b=\\"c\\"", nonce="n", qop=auth,`,
    'MD5 a, b="c"',
  ],
  [
    "a Digest over MAX_DIGEST_PARAMS is passed over",
    `Digest realm="big", nonce="n", qop=auth, ${
      Array.from({ length: 40 }, (_, i) => `x${i}=1`).join(", ")
    }, ${D("algorithm=MD5")}`,
    "MD5 r",
  ],
  ["only Basic", `Basic realm="x", Bearer realm="y"`, /no Digest challenge/],
  [
    "none it can answer: the first one's reason",
    `${D("algorithm=SHA3-256")}, ${D("algorithm=SHA3-512")}`,
    /algorithm SHA3-256/,
  ],
  [
    "an unclosed quote",
    `Basic realm="x, ${D("algorithm=MD5")}`,
    /no Digest challenge/,
  ],
  [
    "a parameter before any scheme",
    `realm="x", ${D("algorithm=MD5")}`,
    /no Digest challenge/,
  ],
  [
    "longer than MAX_DIGEST_HEADER",
    `${D("algorithm=MD5")}, Basic realm="${"x".repeat(MAX_DIGEST_HEADER)}"`,
    /no Digest challenge/,
  ],
];
for (const [name, challenge, want] of SEVERAL) {
  Deno.test(`digest answer: several challenges/${name}`, () => {
    const a = digestAuthorization(challenge, MUFASA, "GET", "/", "", "c");
    if (want instanceof RegExp) {
      assert.ok("reason" in a && want.test(a.reason), JSON.stringify(a));
      return;
    }
    assert.ok("header" in a, JSON.stringify(a));
    const p = parseDigestParams(a.header, MAX_DIGEST_HEADER, MAX_DIGEST_PARAMS);
    assert.equal(`${p?.algorithm} ${p?.realm}`, want);
  });
}

Deno.test("digest answer: ok/a user name beyond ASCII goes as username* (RFC 8187)", () => {
  const a = digestAuthorization(
    CHALLENGE("MD5"),
    { user: "Jäsøn Doe", passwd: "p" },
    "GET",
    "/",
    undefined,
    "c",
  );
  assert.ok("header" in a);
  assert.match(a.header, /^Digest username\*=UTF-8''J%C3%A4s%C3%B8n%20Doe, /);
});

Deno.test("runFetch: answers /digest-auth's challenge over TCP, each algorithm and qop, a body and a name beyond ASCII", async () => {
  const handler = createDebugHandler({ base: "/" });
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    handler,
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  try {
    for (
      const [qop, algorithm, user, body] of [
        ["auth", "MD5", "u", undefined],
        ["auth", "SHA-256", "u", undefined],
        ["auth", "SHA-512-sess", "u", undefined],
        ["auth-int", "MD5", "u", '{"a": "ü"}'],
        ["auth", "MD5", "Jäsøn", undefined],
      ] as const
    ) {
      const path = `/digest-auth/${qop}/${
        encodeURIComponent(user)
      }/pw/${algorithm}`;
      const r = await runFetch(preparedRequest({
        url: `${origin}${path}?x=1`,
        method: body ? "POST" : "GET",
        body,
        digest: { user, passwd: "pw" },
      }));
      assert.equal(r.kind, "response", JSON.stringify(r));
      if (r.kind !== "response") continue;
      assert.equal(r.status, 200, `${path}: ${r.body}`);
      assert.equal(r.digest, "answered");
      assert.equal(JSON.parse(r.body).user, user);
      // The wrong password: answered, and refused.
      const wrong = await runFetch(preparedRequest({
        url: `${origin}${path}`,
        digest: { user, passwd: "not it" },
      }));
      assert.ok(wrong.kind === "response" && wrong.status === 401);
    }
    // Without credentials, no second request.
    const plain = await runFetch(preparedRequest({
      url: `${origin}/digest-auth/auth/u/pw`,
    }));
    assert.ok(plain.kind === "response" && plain.status === 401);
    assert.equal(plain.digest, undefined);
  } finally {
    await server.shutdown();
  }
});

Deno.test("runFetch: a 401 with three WWW-Authenticate fields (Basic, Digest MD5, Digest SHA-256) is answered once, with SHA-256", async () => {
  const seen: (string | null)[] = [];
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    (req) => {
      seen.push(req.headers.get("authorization"));
      if (seen.length > 1) return new Response("ok");
      const h = new Headers();
      h.append("WWW-Authenticate", 'Basic realm="x"');
      for (const a of ["MD5", "SHA-256"]) {
        h.append("WWW-Authenticate", D(`algorithm=${a}`));
      }
      return new Response("no", { status: 401, headers: h });
    },
  );
  try {
    const r = await runFetch(preparedRequest({
      url: `http://127.0.0.1:${server.addr.port}/p`,
      digest: { user: "u", passwd: "pw" },
    }));
    assert.ok(r.kind === "response" && r.status === 200, JSON.stringify(r));
    assert.equal(r.digest, "answered");
    assert.equal(seen.length, 2);
    assert.match(
      seen[1]!,
      /^Digest username="u", realm="r", .*algorithm=SHA-256,/,
    );
  } finally {
    await server.shutdown();
  }
});
