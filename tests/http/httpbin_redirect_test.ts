/**
 * httpbin's redirects over real TCP with real clients: fetch (manual and
 * follow), curl -L, `/redirect-to` refusals (never an open redirect), and
 * a non-default base that every Location stays under.
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { curl, hasCurl } from "../helpers/curl.ts";
import { startDebugServer } from "../../lib/debug/mod.ts";

const CURL = await hasCurl();

Deno.test("redirects: fetch follows relative and absolute chains to /get", async () => {
  const s = startDebug();
  try {
    for (const kind of ["relative", "absolute"]) {
      const res = await fetch(`${s.base}/${kind}-redirect/4`);
      const body = await res.json();
      assert.equal(res.status, 200);
      assert.ok(res.redirected);
      assert.equal(res.url, `${s.base}/get`);
      assert.equal(body.url, `${s.base}/get`);
      assert.deepEqual(Object.keys(body), ["args", "headers", "origin", "url"]);
    }
  } finally {
    await s.close();
  }
});

Deno.test("redirects: manual mode sees every hop", async () => {
  const s = startDebug();
  try {
    let url = `${s.base}/absolute-redirect/3`;
    const hops: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(url, { redirect: "manual" });
      await res.body?.cancel();
      if (res.status !== 302) {
        assert.equal(res.status, 200);
        break;
      }
      const loc = res.headers.get("location")!;
      hops.push(loc);
      url = new URL(loc, url).href;
    }
    assert.deepEqual(hops, [
      `${s.base}/absolute-redirect/2`,
      `${s.base}/absolute-redirect/1`,
      `${s.base}/get`,
    ]);
    const rel = await fetch(`${s.base}/relative-redirect/2`, {
      redirect: "manual",
    });
    await rel.body?.cancel();
    assert.equal(rel.headers.get("location"), "/api/debug/relative-redirect/1");
  } finally {
    await s.close();
  }
});

Deno.test("redirects: /redirect-to with 307 keeps a POST body, 303 turns it into GET", async () => {
  const s = startDebug();
  try {
    const keep = await fetch(
      `${s.base}/redirect-to?url=/anything&status_code=307`,
      {
        method: "POST",
        body: '{"k":1}',
        headers: { "content-type": "application/json" },
      },
    );
    const k = await keep.json();
    assert.equal(k.method, "POST");
    assert.deepEqual(k.json, { k: 1 });
    const see = await fetch(
      `${s.base}/redirect-to?url=anything&status_code=303`,
      { method: "POST", body: "x" },
    );
    const g = await see.json();
    assert.equal(g.method, "GET");
    assert.equal(g.data, "");
  } finally {
    await s.close();
  }
});

const REFUSED: [string, string][] = [
  ["bad/foreign host", "http://example.com/"],
  ["bad/foreign https host", "https://example.com/path"],
  ["bad/protocol-relative", "//example.com/"],
  ["bad/backslash", "/\\example.com"],
  ["bad/scheme without //", "http:example.com"],
  ["bad/javascript:", "javascript:alert(1)"],
  ["bad/data:", "data:text/html,hi"],
  ["bad/tab", "/\t/example.com"],
  ["bad/CR LF", "/get\r\nX: y"],
  ["bad/percent-encoded //", "%2F%2Fexample.com"],
  ["bad/percent-encoded backslash", "%2F%5Cexample.com"],
  ["bad/percent-encoded javascript:", "javascript%3Aalert(1)"],
  ["bad/double percent-encoded //", "%252F%252Fexample.com"],
  ["bad/percent-encoded CR LF", "/get%0D%0ALocation:%20http://example.com"],
  ["bad/userinfo before a foreign host", "http://127.0.0.1@example.com/"],
];
Deno.test("redirects: /redirect-to refuses every foreign or ambiguous target with 400 naming url", async () => {
  const s = startDebug();
  try {
    for (const [name, target] of REFUSED) {
      for (const method of ["GET", "POST"]) {
        const res = await fetch(
          `${s.base}/redirect-to?url=${encodeURIComponent(target)}`,
          {
            method,
            redirect: "manual",
            body: method === "POST" ? "x" : undefined,
          },
        );
        const body = await res.json();
        assert.equal(res.status, 400, `${name} ${method}`);
        assert.equal(res.headers.get("location"), null, name);
        assert.equal(
          res.headers.get("content-type"),
          "application/problem+json",
        );
        assert.equal(body.param, "url", name);
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("redirects: the same host name on another port is this machine, not an open redirect", async () => {
  const s = startDebug();
  const other = startDebug();
  try {
    const target = `${other.base}/get?from=a`;
    const res = await fetch(
      `${s.base}/redirect-to?url=${encodeURIComponent(target)}`,
      { redirect: "manual" },
    );
    await res.body?.cancel();
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), target);
    const followed = await fetch(
      `${s.base}/redirect-to?url=${encodeURIComponent(target)}`,
    );
    assert.equal((await followed.json()).url, target);
    // The same port reached as "localhost" is another host name: refused.
    const renamed = await fetch(
      `${s.base}/redirect-to?url=${
        encodeURIComponent(target.replace("127.0.0.1", "localhost"))
      }`,
      { redirect: "manual" },
    );
    assert.equal(renamed.status, 400);
    await renamed.body?.cancel();
  } finally {
    await s.close();
    await other.close();
  }
});

Deno.test("redirects: a host in redirectHosts is allowed", async () => {
  const s = startDebug({}, undefined, { redirectHosts: ["partner.example"] });
  try {
    const res = await fetch(
      `${s.base}/redirect-to?url=${
        encodeURIComponent("https://partner.example/cb")
      }`,
      { redirect: "manual" },
    );
    await res.body?.cancel();
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "https://partner.example/cb");
  } finally {
    await s.close();
  }
});

Deno.test("redirects: under base /x every Location stays under /x", async () => {
  await using server = await startDebugServer({ base: "/x" });
  const origin = new URL(server.url).origin;
  const cases: [string, string][] = [
    ["/relative-redirect/2", "/x/relative-redirect/1"],
    ["/relative-redirect/1", "/x/get"],
    ["/absolute-redirect/1", `${origin}/x/get`],
    ["/redirect/2", "/x/redirect/1"],
    ["/redirect-to?url=/get", "/x/get"],
    ["/redirect-to?url=get", "/x/get"],
    ["/redirect-to?url=/anything/y", "/x/anything/y"],
    // Dot segments resolve against the path under the base, as a client
    // that only changed the base URL expects (httpbin's `../get` is /get).
    ["/redirect-to?url=../get", "/x/get"],
    ["/redirect-to?url=../../a/../b?q=1", "/x/b?q=1"],
    [
      "/redirect-to?url=" + encodeURIComponent(`${origin}/status/200`),
      `${origin}/x/status/200`,
    ],
    ["/cookies/set?a=1", "/x/cookies"],
    ["/status/302", "/x/redirect/0"],
  ];
  for (const [path, want] of cases) {
    const res = await fetch(server.url + path, { redirect: "manual" });
    await res.body?.cancel();
    assert.equal(res.headers.get("location"), want, path);
  }
  const followed = await fetch(`${server.url}/relative-redirect/3`);
  assert.equal((await followed.json()).url, `${server.url}/get`);
  const cookie = await fetch(`${server.url}/cookies/set?a=1`, {
    redirect: "manual",
  });
  await cookie.body?.cancel();
  assert.match(cookie.headers.getSetCookie()[0], /; Path=\/x;/);
});

// Targets whose dot segments resolve to `//evil.test`: at base `/` they
// were sent as `Location: //evil.test`, an open redirect.
const DOT_SLASH = [
  "..//example.com",
  "/.//example.com",
  ".//example.com",
  "a/..//example.com",
  "%2e%2e//example.com",
];
Deno.test("redirects: /redirect-to refuses dot segments that resolve to //host, at base / and the default base", async () => {
  await using root = await startDebugServer({ base: "/" });
  await using dflt = await startDebugServer();
  for (const server of [root, dflt]) {
    for (const target of DOT_SLASH) {
      // As typed in the query, and percent-encoded as a client would.
      for (const q of [target, encodeURIComponent(target)]) {
        const res = await fetch(`${server.url}/redirect-to?url=${q}`, {
          redirect: "manual",
        });
        const body = await res.json();
        assert.equal(res.status, 400, `${server.url} ${q}`);
        assert.equal(res.headers.get("location"), null);
        assert.equal(body.param, "url");
      }
    }
  }
  // A dot segment that leaves one slash still redirects, at both bases.
  const ok: [typeof root, string][] = [
    [root, "/get"],
    [dflt, "/api/debug/get"],
  ];
  for (const [server, want] of ok) {
    const res = await fetch(`${server.url}/redirect-to?url=../get`, {
      redirect: "manual",
    });
    await res.body?.cancel();
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), want);
  }
});

Deno.test({
  name: "redirects: curl -L follows chains and /redirect-to; refusals stay 400",
  ignore: !CURL,
}, async () => {
  const s = startDebug();
  try {
    for (
      const path of [
        "/relative-redirect/3",
        "/absolute-redirect/3",
        "/redirect-to?url=get",
      ]
    ) {
      const r = await curl([
        "-L",
        "-w",
        "\n%{http_code} %{num_redirects}",
        s.base + path,
      ]);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.split("\n");
      const [status, hops] = lines.pop()!.split(" ");
      assert.equal(status, "200", path);
      assert.equal(hops, path.includes("redirect-to") ? "1" : "3", path);
      assert.equal(JSON.parse(lines.join("\n")).url, `${s.base}/get`);
    }
    const bad = await curl([
      "-L",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{num_redirects}",
      `${s.base}/redirect-to?url=${encodeURIComponent("http://example.com/")}`,
    ]);
    assert.equal(bad.stdout, "400 0");
  } finally {
    await s.close();
  }
});
