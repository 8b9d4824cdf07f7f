/**
 * `/digest-auth` over real TCP: the handshake computed here, independently
 * of lib/debug/endpoints/digest.ts (checked first against RFC 7616 §3.9.1's answers),
 * for every algorithm and qop; stale nonces, forged nonces, and curl.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { startDebug } from "../helpers/debug_server.ts";
import { curl, hasCurl } from "../helpers/curl.ts";
import { serveMain } from "../helpers/processes.ts";

const CURL = await hasCurl();

const HASH: Record<string, string> = {
  "MD5": "md5",
  "SHA-256": "sha256",
  "SHA-512": "sha512",
};

/** RFC 7616 §3.4.1's response, written out here from the RFC. */
function response(p: {
  algorithm: string;
  user: string;
  realm: string;
  password: string;
  nonce: string;
  nc: string;
  cnonce: string;
  qop: string;
  method: string;
  uri: string;
  body?: Uint8Array;
}): string {
  const name = HASH[p.algorithm.replace(/-sess$/, "")];
  const H = (x: string | Uint8Array) =>
    createHash(name).update(x).digest("hex");
  let ha1 = H(`${p.user}:${p.realm}:${p.password}`);
  if (p.algorithm.endsWith("-sess")) ha1 = H(`${ha1}:${p.nonce}:${p.cnonce}`);
  const ha2 = p.qop === "auth-int"
    ? H(`${p.method}:${p.uri}:${H(p.body ?? new Uint8Array(0))}`)
    : H(`${p.method}:${p.uri}`);
  return H(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
}

/** A WWW-Authenticate Digest challenge's parameters. */
function challenge(header: string | null): Record<string, string> {
  assert.ok(header?.startsWith("Digest "), `a Digest challenge: ${header}`);
  const out: Record<string, string> = {};
  for (
    const m of header!.slice(7).matchAll(/([a-z]+)=(?:"([^"]*)"|([^,\s]+))/gi)
  ) {
    out[m[1].toLowerCase()] = m[2] ?? m[3];
  }
  return out;
}

const RFC = {
  user: "Mufasa",
  password: "Circle of Life",
  realm: "http-auth@example.org",
  nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
  nc: "00000001",
  qop: "auth",
  method: "GET",
  uri: "/dir/index.html",
};

Deno.test("digest (this test's own computation): RFC 7616 §3.9.1 known answers", () => {
  assert.equal(
    response({ ...RFC, algorithm: "MD5" }),
    "8ca523f5e9506fed4657c9700eebdbec",
  );
  assert.equal(
    response({ ...RFC, algorithm: "SHA-256" }),
    "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
  );
});

interface Try {
  method?: string;
  body?: string;
  qop?: string;
  nc?: string;
  password?: string;
  nonce?: (n: string) => string;
  /** Clients for the challenge and the answer (fresh connections each). */
  clients?: [Deno.HttpClient, Deno.HttpClient];
}

/** 401 challenge, then the answer; returns the second response. */
async function handshake(url: string, t: Try = {}): Promise<Response> {
  const method = t.method ?? "GET";
  const first = await fetch(url, {
    method,
    body: t.body,
    client: t.clients?.[0],
  });
  await first.body?.cancel();
  assert.equal(first.status, 401);
  const c = challenge(first.headers.get("www-authenticate"));
  assert.equal(c.stale, "FALSE");
  const uri = new URL(url).pathname + new URL(url).search;
  const qop = t.qop ?? c.qop.split(/,\s*/)[0];
  const nc = t.nc ?? "00000001";
  const nonce = t.nonce ? t.nonce(c.nonce) : c.nonce;
  const cnonce = crypto.randomUUID().replaceAll("-", "");
  const r = response({
    algorithm: c.algorithm,
    user: "alice",
    realm: c.realm,
    password: t.password ?? "s3cret",
    nonce,
    nc,
    cnonce,
    qop,
    method,
    uri,
    body: new TextEncoder().encode(t.body ?? ""),
  });
  return fetch(url, {
    method,
    body: t.body,
    client: t.clients?.[1],
    headers: {
      authorization:
        `Digest username="alice", realm="${c.realm}", nonce="${nonce}", uri="${uri}", algorithm=${c.algorithm}, qop=${qop}, nc=${nc}, cnonce="${cnonce}", response="${r}", opaque="${c.opaque}"`,
    },
  });
}

const ALGORITHMS = [
  "MD5",
  "MD5-sess",
  "SHA-256",
  "SHA-256-sess",
  "SHA-512",
  "SHA-512-sess",
];

Deno.test("digest over TCP: ok/every algorithm with qop auth and auth-int", async () => {
  const s = startDebug();
  try {
    for (const algorithm of ALGORITHMS) {
      for (const qop of ["auth", "auth-int"]) {
        const url = `${s.base}/digest-auth/${qop}/alice/s3cret/${algorithm}`;
        const res = await handshake(url, {
          method: "POST",
          body: `{"a":"${algorithm}"}`,
        });
        const body = await res.json();
        assert.equal(
          res.status,
          200,
          `${algorithm} ${qop}: ${JSON.stringify(body)}`,
        );
        assert.deepEqual(body, { authenticated: true, user: "alice" });
        const first = challenge(
          (await fetch(url).then(async (r) => (await r.body?.cancel(), r)))
            .headers.get("www-authenticate"),
        );
        assert.equal(first.algorithm, algorithm);
        assert.equal(first.qop, qop);
        assert.equal(first.realm, "wirebench");
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("digest over TCP: ok/default MD5, both qops offered, a query in the uri", async () => {
  const s = startDebug();
  try {
    const url = `${s.base}/digest-auth/auth,auth-int/alice/s3cret?x=1`;
    const first = await fetch(url);
    await first.body?.cancel();
    const c = challenge(first.headers.get("www-authenticate"));
    assert.equal(c.algorithm, "MD5");
    assert.equal(c.qop, "auth, auth-int");
    assert.deepEqual(first.headers.getSetCookie(), [
      "fake=fake_value; Path=/api/debug; HttpOnly; SameSite=Lax",
    ]);
    for (const qop of ["auth", "auth-int"]) {
      const res = await handshake(url, { qop, method: "PUT", body: "x" });
      assert.equal(res.status, 200, qop);
      await res.body?.cancel();
    }
  } finally {
    await s.close();
  }
});

const REFUSED: [string, string, Try][] = [
  ["bad/wrong password", "auth/alice/s3cret/SHA-256", { password: "nope" }],
  ["bad/forged nonce", "auth/alice/s3cret", {
    nonce: () =>
      btoa(`${Date.now()}.-1.AAAAAAAAAAAAAAAAAAAAAA`).replace(/=+$/, ""),
  }],
  ["bad/tampered nonce (use limit raised)", "auth/alice/s3cret/MD5/1", {
    nonce: (n) => {
      const text = atob(n.replaceAll("-", "+").replaceAll("_", "/"));
      const [t, , mac] = text.split(".");
      return btoa(`${t}.99.${mac}`).replaceAll("+", "-").replaceAll("/", "_")
        .replace(/=+$/, "");
    },
  }],
  ["bad/two characters of the nonce changed", "auth/alice/s3cret/SHA-512", {
    nonce: (n) => n.slice(0, -2) + (n.endsWith("AA") ? "BB" : "AA"),
  }],
];
for (const [name, path, t] of REFUSED) {
  Deno.test(`digest over TCP: ${name} gets a fresh challenge, stale=FALSE`, async () => {
    const s = startDebug();
    try {
      const url = `${s.base}/digest-auth/${path}`;
      const res = await handshake(url, t);
      const body = await res.json();
      assert.equal(res.status, 401, JSON.stringify(body));
      assert.equal(body.param, "Authorization");
      assert.equal(
        challenge(res.headers.get("www-authenticate")).stale,
        "FALSE",
      );
    } finally {
      await s.close();
    }
  });
}

Deno.test("digest over TCP: bad/auth-int with the body changed after hashing gets a fresh challenge", async () => {
  const s = startDebug();
  try {
    const url = `${s.base}/digest-auth/auth-int/alice/s3cret`;
    let res: Response;
    {
      // Answer for one body, send another.
      const first = await fetch(url, { method: "POST", body: "x" });
      await first.body?.cancel();
      const c = challenge(first.headers.get("www-authenticate"));
      const uri = new URL(url).pathname;
      const r = response({
        algorithm: "MD5",
        user: "alice",
        realm: c.realm,
        password: "s3cret",
        nonce: c.nonce,
        nc: "00000001",
        cnonce: "abc",
        qop: "auth-int",
        method: "POST",
        uri,
        body: new TextEncoder().encode("x"),
      });
      res = await fetch(url, {
        method: "POST",
        body: "y",
        headers: {
          authorization:
            `Digest username="alice", realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", qop=auth-int, nc=00000001, cnonce="abc", response="${r}"`,
        },
      });
    }
    const body = await res.json();
    assert.equal(res.status, 401, JSON.stringify(body));
    assert.equal(challenge(res.headers.get("www-authenticate")).stale, "FALSE");
  } finally {
    await s.close();
  }
});

Deno.test("digest over TCP: stale_after=2: uses 1 and 2 pass, use 3 gets stale=TRUE, the new nonce passes", async () => {
  const s = startDebug();
  try {
    const url = `${s.base}/digest-auth/auth/alice/s3cret/SHA-256/2`;
    const first = await fetch(url);
    await first.body?.cancel();
    const c = challenge(first.headers.get("www-authenticate"));
    const uri = new URL(url).pathname;
    const answer = (nonce: string, nc: string) => {
      const r = response({
        algorithm: "SHA-256",
        user: "alice",
        realm: c.realm,
        password: "s3cret",
        nonce,
        nc,
        cnonce: "c0ffee",
        qop: "auth",
        method: "GET",
        uri,
      });
      return fetch(url, {
        headers: {
          authorization:
            `Digest username="alice", realm="${c.realm}", nonce="${nonce}", uri="${uri}", algorithm=SHA-256, qop=auth, nc=${nc}, cnonce="c0ffee", response="${r}", opaque="${c.opaque}"`,
        },
      });
    };
    for (const nc of ["00000001", "00000002"]) {
      const ok = await answer(c.nonce, nc);
      assert.equal(ok.status, 200, `use ${nc}`);
      await ok.body?.cancel();
    }
    const stale = await answer(c.nonce, "00000003");
    assert.equal(stale.status, 401);
    await stale.body?.cancel();
    const again = challenge(stale.headers.get("www-authenticate"));
    assert.equal(again.stale, "TRUE");
    assert.notEqual(again.nonce, c.nonce);
    const fresh = await answer(again.nonce, "00000001");
    assert.equal(fresh.status, 200);
    await fresh.body?.cancel();
  } finally {
    await s.close();
  }
});

Deno.test("digest over TCP: a nonce of another instance (another secret) is refused; a shared secret accepts it", async () => {
  const a = startDebug({}, undefined, { secret: "one" });
  const b = startDebug({}, undefined, { secret: "two" });
  const c2 = startDebug({}, undefined, { secret: "one" });
  try {
    const path = "/digest-auth/auth/alice/s3cret";
    const first = await fetch(a.base + path);
    await first.body?.cancel();
    const c = challenge(first.headers.get("www-authenticate"));
    const uri = "/api/debug" + path;
    const r = response({
      algorithm: "MD5",
      user: "alice",
      realm: c.realm,
      password: "s3cret",
      nonce: c.nonce,
      nc: "00000001",
      cnonce: "x",
      qop: "auth",
      method: "GET",
      uri,
    });
    const authorization =
      `Digest username="alice", realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", qop=auth, nc=00000001, cnonce="x", response="${r}"`;
    const other = await fetch(b.base + path, { headers: { authorization } });
    assert.equal(other.status, 401);
    await other.body?.cancel();
    const shared = await fetch(c2.base + path, { headers: { authorization } });
    assert.equal(shared.status, 200);
    await shared.body?.cancel();
  } finally {
    await a.close();
    await b.close();
    await c2.close();
  }
});

Deno.test({
  name: "digest with curl --digest: MD5 and SHA-256, right and wrong password",
  ignore: !CURL,
}, async () => {
  const s = startDebug();
  try {
    for (const algorithm of ["MD5", "SHA-256"]) {
      const url = `${s.base}/digest-auth/auth/alice/s3cret/${algorithm}`;
      const ok = await curl([
        "--digest",
        "-u",
        "alice:s3cret",
        "-w",
        "\n%{http_code}",
        url,
      ]);
      assert.equal(ok.code, 0, ok.stderr);
      const [body, status] = ok.stdout.split("\n");
      assert.equal(status, "200", `${algorithm}: ${ok.stdout}`);
      assert.deepEqual(JSON.parse(body), {
        authenticated: true,
        user: "alice",
      });
      const bad = await curl([
        "--digest",
        "-u",
        "alice:wrong",
        "-o",
        "/dev/null",
        "-w",
        "%{http_code}",
        url,
      ]);
      assert.equal(bad.stdout, "401", algorithm);
    }
  } finally {
    await s.close();
  }
});

Deno.test({
  name:
    "digest: under deno serve --parallel, a nonce one isolate issued is accepted by another",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  fn: async () => {
    // Each challenge and answer on a connection of its own, so they land
    // on the isolates as they come: a key per isolate failed about half.
    const { child, origin } = await serveMain();
    try {
      for (let i = 0; i < 12; i++) {
        const clients: [Deno.HttpClient, Deno.HttpClient] = [
          Deno.createHttpClient({}),
          Deno.createHttpClient({}),
        ];
        try {
          const r = await handshake(
            `${origin}/api/debug/digest-auth/auth/alice/s3cret`,
            { clients },
          );
          await r.body?.cancel();
          assert.equal(r.status, 200, `handshake ${i}`);
        } finally {
          for (const c of clients) c.close();
        }
      }
    } finally {
      child.kill("SIGKILL");
      await child.status;
      await child.stderr.cancel();
    }
  },
});
