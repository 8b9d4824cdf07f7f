/** Digest authentication (RFC 7616): header parsing, responses, nonces. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  ALGORITHMS,
  digestResponse,
  NONCE_TTL_MS,
  nonces,
  parseDigest,
} from "./digest.ts";
import { createDebugHandler } from "../mod.ts";

const PARSE: [string, string | null, Record<string, string> | null][] = [
  [
    "ok/tokens and quoted strings",
    'Digest username="Mufasa", nc=00000001, qop=auth',
    {
      username: "Mufasa",
      nc: "00000001",
      qop: "auth",
    },
  ],
  ["ok/scheme case-insensitive, names lower-cased", 'DIGEST UserName="a"', {
    username: "a",
  }],
  ["ok/escaped quote", 'Digest username="a\\"b"', { username: 'a"b' }],
  ["ok/comma inside quotes", 'Digest uri="/a?x=1,2", nc=1', {
    uri: "/a?x=1,2",
    nc: "1",
  }],
  ["ok/spaces around =", "Digest a = 1 , b=2", { a: "1", b: "2" }],
  ["ok/token with slash", "Digest nonce=ab/cd", { nonce: "ab/cd" }],
  ["bad/absent", null, null],
  ["bad/another scheme", 'Basic username="a"', null],
  ["bad/no value", "Digest username", null],
  ["bad/unterminated quote", 'Digest username="abc', null],
  ["bad/trailing backslash", 'Digest username="abc\\', null],
  ["bad/missing comma", 'Digest a="1" b="2"', null],
  [
    "bad/too many parameters",
    "Digest " + Array.from({ length: 33 }, (_, i) => `p${i}=1`).join(", "),
    null,
  ],
  ["bad/too long", `Digest a="${"x".repeat(8200)}"`, null],
];
for (const [name, header, want] of PARSE) {
  Deno.test(`parseDigest: ${name}`, () => {
    assert.deepEqual(parseDigest(header), want);
  });
}

// RFC 7616 §3.9.1: the same request answered with MD5 and SHA-256.
const RFC = {
  username: "Mufasa",
  realm: "http-auth@example.org",
  password: "Circle of Life",
  nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
  nc: "00000001",
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
  qop: "auth",
  method: "GET",
  uri: "/dir/index.html",
};
const KNOWN: [string, string, string][] = [
  ["ok/RFC 7616 §3.9.1 MD5", "MD5", "8ca523f5e9506fed4657c9700eebdbec"],
  [
    "ok/RFC 7616 §3.9.1 SHA-256",
    "SHA-256",
    "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
  ],
];
for (const [name, algorithm, want] of KNOWN) {
  Deno.test(`digestResponse: ${name}`, () => {
    assert.equal(digestResponse({ ...RFC, algorithm }), want);
  });
}

Deno.test("digestResponse: ok/each variant differs, -sess and auth-int change it", () => {
  const seen = new Set<string>();
  for (const algorithm of ALGORITHMS) {
    for (const qop of ["auth", "auth-int"]) {
      seen.add(digestResponse({
        ...RFC,
        algorithm,
        qop,
        body: new TextEncoder().encode("x"),
      }));
    }
  }
  assert.equal(seen.size, ALGORITHMS.length * 2);
  assert.deepEqual(ALGORITHMS, [
    "MD5",
    "MD5-sess",
    "SHA-256",
    "SHA-256-sess",
    "SHA-512",
    "SHA-512-sess",
  ]);
});

Deno.test("digestResponse: ok/auth-int hashes the body", () => {
  const a = digestResponse({ ...RFC, algorithm: "MD5", qop: "auth-int" });
  const b = digestResponse({
    ...RFC,
    algorithm: "MD5",
    qop: "auth-int",
    body: new Uint8Array(0),
  });
  const c = digestResponse({
    ...RFC,
    algorithm: "MD5",
    qop: "auth-int",
    body: new Uint8Array([1]),
  });
  assert.equal(a, b);
  assert.notEqual(a, c);
});

const signer = nonces("k1");
Deno.test("nonces: ok/an issued nonce reads back", () => {
  const n = signer.issue(1_700_000_000_000, 3, "MD5");
  assert.deepEqual(signer.read(n, "MD5"), {
    issued: 1_700_000_000_000,
    limit: 3,
  });
  assert.deepEqual(signer.read(signer.issue(5, -1, "SHA-256"), "SHA-256"), {
    issued: 5,
    limit: -1,
  });
});

const NONCE_BAD: [string, (n: string) => [string, string]][] = [
  ["bad/another algorithm", (n) => [n, "SHA-256"]],
  ["bad/another secret", (n) => [n, "MD5"]],
  ["bad/a changed issue time", (n) => {
    const text = atob(n.replaceAll("-", "+").replaceAll("_", "/"));
    const forged = text.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
    return [
      btoa(forged).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""),
      "MD5",
    ];
  }],
  ["bad/a raised use limit", (n) => {
    const text = atob(n.replaceAll("-", "+").replaceAll("_", "/"));
    const [t, , mac] = text.split(".");
    return [
      btoa(`${t}.-1.${mac}`).replaceAll("+", "-").replaceAll("/", "_").replace(
        /=+$/,
        "",
      ),
      "MD5",
    ];
  }],
  ["bad/one character flipped", (n) => [
    n.slice(0, -1) + (n.endsWith("A") ? "B" : "A"),
    "MD5",
  ]],
  ["bad/not base64url", () => ["not a nonce!", "MD5"]],
  ["bad/empty", () => ["", "MD5"]],
  ["bad/hex like httpbin's", () => ["13f34562431fe7ab10b7225a6e5cb6bc", "MD5"]],
];
for (const [name, change] of NONCE_BAD) {
  Deno.test(`nonces: ${name} is refused`, () => {
    const n = signer.issue(1_700_000_000_000, 3, "MD5");
    const [nonce, algorithm] = change(n);
    const reader = name.includes("secret") ? nonces("k2") : signer;
    assert.equal(reader.read(nonce, algorithm), null);
  });
}

// The handler: a whole handshake against a fixed clock.
let clock = 1_800_000_000_000;
const handler = createDebugHandler({ secret: "s", now: () => new Date(clock) });
/** The same behind one trusted proxy. */
const proxied = createDebugHandler({
  secret: "s",
  now: () => new Date(clock),
  limits: { trustedProxies: 1 },
});
/** What a proxy that mounts the API under /tools adds. */
const TOOLS = { "x-forwarded-prefix": "/tools" };

function challengeOf(res: Response): Record<string, string> {
  const h = res.headers.get("www-authenticate") ?? "";
  assert.match(h, /^Digest /);
  return parseDigest(h)!;
}

async function attempt(
  path: string,
  opts: {
    user?: string;
    password?: string;
    qop?: string;
    nc?: string;
    method?: string;
    body?: string;
    nonce?: string;
    uri?: string;
    extra?: string;
    via?: typeof handler;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const url = `http://wb.test/api/debug${path}`;
  const method = opts.method ?? "GET";
  const via = opts.via ?? handler;
  const headers = opts.headers ?? {};
  const first = await via(
    new Request(url, { method, body: opts.body, headers }),
  );
  await first.body?.cancel();
  assert.equal(first.status, 401);
  const c = challengeOf(first);
  const qop = opts.qop ?? c.qop.split(", ")[0];
  const uri = opts.uri ?? new URL(url).pathname;
  const nonce = opts.nonce ?? c.nonce;
  const nc = opts.nc ?? "00000001";
  const response = digestResponse({
    algorithm: c.algorithm,
    username: opts.user ?? "u",
    realm: c.realm,
    password: opts.password ?? "p",
    nonce,
    nc,
    cnonce: "0a4f113b",
    qop,
    method,
    uri,
    body: new TextEncoder().encode(opts.body ?? ""),
  });
  const authorization = `Digest username="${
    opts.user ?? "u"
  }", realm="${c.realm}", nonce="${nonce}", uri="${uri}", algorithm=${c.algorithm}, qop=${qop}, nc=${nc}, cnonce="0a4f113b", response="${response}", opaque="${c.opaque}"${
    opts.extra ?? ""
  }`;
  return via(
    new Request(url, {
      method,
      body: opts.body,
      headers: { ...headers, authorization },
    }),
  );
}

const HANDSHAKES: [string, string, Parameters<typeof attempt>[1], number][] = [
  ["ok/MD5 auth", "/digest-auth/auth/u/p", {}, 200],
  ["ok/default algorithm is MD5", "/digest-auth/auth/u/p", {}, 200],
  ["ok/SHA-512-sess auth-int POST", "/digest-auth/auth-int/u/p/SHA-512-sess", {
    method: "POST",
    body: "hello",
  }, 200],
  [
    "ok/both qops offered, auth-int chosen",
    "/digest-auth/auth,auth-int/u/p/SHA-256",
    {
      qop: "auth-int",
      method: "PUT",
      body: "x",
    },
    200,
  ],
  [
    "ok/within stale_after",
    "/digest-auth/auth/u/p/MD5/2",
    { nc: "00000002" },
    200,
  ],
  ["bad/wrong password", "/digest-auth/auth/u/p", { password: "x" }, 401],
  ["bad/wrong user", "/digest-auth/auth/u/p", { user: "v" }, 401],
  ["bad/qop not offered", "/digest-auth/auth/u/p", { qop: "auth-int" }, 401],
  ["bad/another uri", "/digest-auth/auth/u/p", { uri: "/api/debug/get" }, 401],
  [
    "ok/behind a proxy mounting the API under a path, the uri sent to it",
    "/digest-auth/auth/u/p",
    {
      via: proxied,
      headers: TOOLS,
      uri: "/tools/api/debug/digest-auth/auth/u/p",
    },
    200,
  ],
  [
    "ok/behind such a proxy, the uri as received too",
    "/digest-auth/auth/u/p",
    { via: proxied, headers: TOOLS },
    200,
  ],
  [
    "bad/a prefix no proxy is trusted for",
    "/digest-auth/auth/u/p",
    { headers: TOOLS, uri: "/tools/api/debug/digest-auth/auth/u/p" },
    401,
  ],
  ["bad/forged nonce", "/digest-auth/auth/u/p", { nonce: "MTIzLjQuYWJj" }, 401],
  [
    "bad/opaque changed",
    "/digest-auth/auth/u/p",
    { extra: ', opaque="zz"' },
    401,
  ],
];
for (const [name, path, opts, status] of HANDSHAKES) {
  Deno.test(`digest handler: ${name}`, async () => {
    const res = await attempt(path, opts);
    const body = await res.json();
    assert.equal(res.status, status, JSON.stringify(body));
    if (status === 200) {
      assert.deepEqual(body, { authenticated: true, user: "u" });
      assert.deepEqual(res.headers.getSetCookie(), [
        "fake=fake_value; Path=/api/debug; HttpOnly; SameSite=Lax",
      ]);
    } else {
      assert.equal(challengeOf(res).stale, "FALSE");
      assert.equal(body.param, "Authorization");
    }
  });
}

Deno.test("digest handler: bad/past stale_after uses, a correct answer gets stale=TRUE", async () => {
  const res = await attempt("/digest-auth/auth/u/p/SHA-256/2", {
    nc: "00000003",
  });
  await res.body?.cancel();
  assert.equal(res.status, 401);
  const c = challengeOf(res);
  assert.equal(c.stale, "TRUE");
  assert.equal(c.algorithm, "SHA-256");
});

Deno.test("digest handler: bad/stale_after 0 makes the first use stale", async () => {
  const res = await attempt("/digest-auth/auth/u/p/MD5/0");
  await res.body?.cancel();
  assert.equal(challengeOf(res).stale, "TRUE");
});

Deno.test("digest handler: bad/a nonce older than its lifetime is stale", async () => {
  const url = "http://wb.test/api/debug/digest-auth/auth/u/p";
  const first = await handler(new Request(url));
  await first.body?.cancel();
  const c = challengeOf(first);
  clock += NONCE_TTL_MS + 1;
  const uri = "/api/debug/digest-auth/auth/u/p";
  const response = digestResponse({
    algorithm: "MD5",
    username: "u",
    realm: c.realm,
    password: "p",
    nonce: c.nonce,
    nc: "00000001",
    cnonce: "c",
    qop: "auth",
    method: "GET",
    uri,
  });
  const res = await handler(
    new Request(url, {
      headers: {
        authorization:
          `Digest username="u", realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", qop=auth, nc=00000001, cnonce="c", response="${response}"`,
      },
    }),
  );
  await res.body?.cancel();
  assert.equal(res.status, 401);
  assert.equal(challengeOf(res).stale, "TRUE");
});

const PARAMS_BAD: [string, string, string][] = [
  ["bad/unknown qop", "/digest-auth/auth-conf/u/p", "qop"],
  ["bad/unknown algorithm", "/digest-auth/auth/u/p/SHA-1", "algorithm"],
  [
    "bad/stale_after not a count",
    "/digest-auth/auth/u/p/MD5/-1",
    "stale_after",
  ],
];
for (const [name, path, param] of PARAMS_BAD) {
  Deno.test(`digest handler: ${name} is 400`, async () => {
    const res = await handler(new Request(`http://wb.test/api/debug${path}`));
    assert.equal(res.status, 400);
    assert.equal((await res.json()).param, param);
  });
}

Deno.test("digest handler: ok/userhash=true carries H(user:realm) instead of the name (RFC 7616 §3.4.4)", async () => {
  const url = "http://wb.test/api/debug/digest-auth/auth/u/p/SHA-256";
  const first = await handler(new Request(url));
  await first.body?.cancel();
  const c = challengeOf(first);
  const uri = "/api/debug/digest-auth/auth/u/p/SHA-256";
  const hashed = (user: string) =>
    createHash("sha256").update(`${user}:wirebench`).digest("hex");
  const send = (username: string) => {
    const response = digestResponse({
      algorithm: "SHA-256",
      username: "u",
      realm: c.realm,
      password: "p",
      nonce: c.nonce,
      nc: "00000001",
      cnonce: "c",
      qop: "auth",
      method: "GET",
      uri,
    });
    return handler(
      new Request(url, {
        headers: {
          authorization:
            `Digest username="${username}", userhash=true, realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", algorithm=SHA-256, qop=auth, nc=00000001, cnonce="c", response="${response}"`,
        },
      }),
    );
  };
  const ok = await send(hashed("u"));
  assert.deepEqual(await ok.json(), { authenticated: true, user: "u" });
  const bad = await send(hashed("v"));
  assert.equal(bad.status, 401);
  await bad.body?.cancel();
});

Deno.test("digest handler: ok/a user name beyond ASCII, as curl sends it (UTF-8 bytes) and as username* (RFC 7616 §3.4.4, RFC 8187)", async () => {
  const url = "http://wb.test/api/debug/digest-auth/auth/%C3%BC/p";
  const uri = "/api/debug/digest-auth/auth/%C3%BC/p";
  const send = async (name: string) => {
    const first = await handler(new Request(url));
    await first.body?.cancel();
    const c = challengeOf(first);
    const response = digestResponse({
      algorithm: c.algorithm,
      username: "ü",
      realm: c.realm,
      password: "p",
      nonce: c.nonce,
      nc: "00000001",
      cnonce: "c",
      qop: "auth",
      method: "GET",
      uri,
    });
    return handler(
      new Request(url, {
        headers: {
          authorization:
            `Digest ${name}, realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", algorithm=${c.algorithm}, qop=auth, nc=00000001, cnonce="c", response="${response}"`,
        },
      }),
    );
  };
  // The header as a server reads it: a character per byte of UTF-8.
  const bytes = String.fromCharCode(...new TextEncoder().encode("ü"));
  for (const name of [`username="${bytes}"`, "username*=UTF-8''%C3%BC"]) {
    const res = await send(name);
    assert.deepEqual(await res.json(), { authenticated: true, user: "ü" });
  }
  for (
    const name of [
      'username="u"',
      "username*=UTF-8''%C3%BD",
      "username*=ISO-8859-1''%FC",
      "username*=UTF-8''%C3",
      "username*=garbage",
    ]
  ) {
    const res = await send(name);
    assert.equal(res.status, 401, name);
    await res.body?.cancel();
  }
});
