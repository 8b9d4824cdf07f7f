/** `/api/debug/status/{code}` and `/api/debug/redirect/{count}` over real TCP. */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { message, raw, startDebug } from "../helpers/debug_server.ts";
import { statusText } from "../../lib/debug/core/status_text.ts";

const NO_BODY = [204, 205, 304];

Deno.test("status: every code 200-599 answers itself with its JSON", async () => {
  const s = startServer();
  try {
    for (let code = 200; code <= 599; code++) {
      const res = await fetch(`${s.origin}/api/debug/status/${code}`, {
        redirect: "manual",
      });
      const text = await res.text();
      assert.equal(res.status, code);
      assert.equal(res.headers.get("cache-control"), "no-store, no-transform");
      assert.equal(res.headers.get("access-control-allow-origin"), "*");
      if (NO_BODY.includes(code)) {
        assert.equal(text, "", `${code} has no body`);
        assert.equal(res.headers.get("content-type"), null);
      } else {
        assert.deepEqual(JSON.parse(text), {
          status: code,
          statusText: statusText(code),
        });
        assert.equal(res.headers.get("content-type"), "application/json");
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("status: the headers a client expects come with the code", async () => {
  const s = startServer();
  const expect: [number, string, RegExp][] = [
    [401, "www-authenticate", /^Basic realm=/],
    [407, "proxy-authenticate", /^Basic realm=/],
    [405, "allow", /GET/],
    [429, "retry-after", /^\d+$/],
    [503, "retry-after", /^\d+$/],
    [301, "location", /^\/api\/debug\/redirect\/0$/],
    [302, "location", /^\/api\/debug\/redirect\/0$/],
    [303, "location", /^\/api\/debug\/redirect\/0$/],
    [307, "location", /^\/api\/debug\/redirect\/0$/],
    [308, "location", /^\/api\/debug\/redirect\/0$/],
  ];
  try {
    for (const [code, header, re] of expect) {
      const res = await fetch(`${s.origin}/api/debug/status/${code}`, {
        redirect: "manual",
      });
      await res.body?.cancel();
      assert.match(res.headers.get(header) ?? "", re, `${code} ${header}`);
    }
    for (const code of [200, 400, 404, 500, 300, 304]) {
      const res = await fetch(`${s.origin}/api/debug/status/${code}`, {
        redirect: "manual",
      });
      await res.body?.cancel();
      assert.equal(
        res.headers.get("location"),
        null,
        `${code} has no Location`,
      );
      assert.equal(res.headers.get("retry-after"), null);
      assert.equal(res.headers.get("www-authenticate"), null);
    }
    // Following the 302 lands on the end of a redirect chain.
    const followed = await fetch(`${s.origin}/api/debug/status/302`);
    assert.deepEqual(await followed.json(), { done: true });
  } finally {
    await s.close();
  }
});

Deno.test("status: a 426 over HTTP/1.1 names the protocol in Upgrade, listed in Connection (RFC 9110 §15.5.22)", async () => {
  const s = startDebug();
  try {
    for (const method of ["GET", "HEAD"]) {
      const r = await raw(
        s.port,
        `${method} /api/debug/status/426 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(r.status, 426, method);
      assert.equal(r.headers.get("upgrade"), "HTTP/3.0", method);
      // The server adds its own `Connection: close` line for this one-shot
      // connection; ours lists upgrade (RFC 9110 §7.8).
      assert.match(r.head, /^connection: upgrade\r?$/mi, method);
    }
    // A weighted pick of 426 carries it too; other codes carry neither.
    const picked = await raw(
      s.port,
      "GET /api/debug/status/426:1,500:0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert.equal(picked.headers.get("upgrade"), "HTTP/3.0");
    const other = await raw(
      s.port,
      "GET /api/debug/status/400 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert.equal(other.headers.get("upgrade"), undefined);
  } finally {
    await s.close();
  }
});

Deno.test("status: raw 204, 205, 304 and HEAD carry no body bytes", async () => {
  const s = startServer();
  try {
    for (const code of NO_BODY) {
      const r = await raw(s.port, message("GET", `/api/debug/status/${code}`));
      assert.equal(r.status, code);
      assert.equal(r.body.length, 0, `${code}: nothing after the head`);
      assert.ok(!r.headers.has("transfer-encoding"), `${code}: not chunked`);
    }
    const get = await raw(s.port, message("GET", "/api/debug/status/200"));
    const head = await raw(s.port, message("HEAD", "/api/debug/status/200"));
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers.get("content-length"), String(get.body.length));
    const head404 = await raw(s.port, message("HEAD", "/api/debug/status/404"));
    assert.equal(head404.status, 404);
    assert.equal(head404.body.length, 0);
    assert.equal(head404.headers.get("content-type"), "application/json");
  } finally {
    await s.close();
  }
});

Deno.test("status: bodies sent with any method are counted and dropped", async () => {
  const s = startDebug({ maxBodyBytes: 10 });
  try {
    const ok = await fetch(`${s.base}/status/201`, {
      method: "POST",
      body: "0123456789",
    });
    assert.equal(ok.status, 201);
    assert.equal((await ok.json()).status, 201);
    const big = await fetch(`${s.base}/status/201`, {
      method: "PUT",
      body: "0123456789X",
    });
    assert.equal(big.status, 413);
    assert.equal((await big.json()).param, "body");
  } finally {
    await s.close();
  }
});

Deno.test('redirect: fetch follows a 5-hop chain to {"done":true}', async () => {
  const s = startServer();
  try {
    const res = await fetch(`${s.origin}/api/debug/redirect/5`);
    assert.equal(res.status, 200);
    assert.equal(res.redirected, true);
    assert.equal(new URL(res.url).pathname, "/api/debug/redirect/0");
    assert.equal(await res.text(), '{"done":true}');
    assert.equal(res.headers.get("content-type"), "application/json");
  } finally {
    await s.close();
  }
});

Deno.test("redirect: each hop by hand, query kept, status and absolute honoured", async () => {
  const s = startServer();
  try {
    let url = `${s.origin}/api/debug/redirect/3?status=307&x=a%20b&x=2`;
    const seen: string[] = [];
    for (;;) {
      const res = await fetch(url, { redirect: "manual" });
      await res.body?.cancel();
      if (res.status === 200) break;
      assert.equal(res.status, 307);
      const loc = res.headers.get("location")!;
      seen.push(loc);
      url = new URL(loc, url).href;
    }
    assert.deepEqual(seen, [
      "/api/debug/redirect/2?status=307&x=a%20b&x=2",
      "/api/debug/redirect/1?status=307&x=a%20b&x=2",
      "/api/debug/redirect/0?status=307&x=a%20b&x=2",
    ]);
    for (const status of [301, 302, 303, 307, 308]) {
      const res = await fetch(
        `${s.origin}/api/debug/redirect/1?status=${status}&absolute=true`,
        { redirect: "manual" },
      );
      await res.body?.cancel();
      assert.equal(res.status, status);
      assert.equal(
        res.headers.get("location"),
        `${s.origin}/api/debug/redirect/0?status=${status}&absolute=true`,
      );
    }
    // A 307 chain keeps the method and body; fetch re-sends them.
    const post = await fetch(`${s.origin}/api/debug/redirect/2?status=307`, {
      method: "POST",
      body: "x",
    });
    assert.deepEqual(await post.json(), { done: true });
  } finally {
    await s.close();
  }
});

Deno.test("redirect: Location never leaves /api/debug (no open redirect)", async () => {
  const s = startServer();
  const tries = [
    "/api/debug/redirect/1?next=https://evil.example/",
    "/api/debug/redirect/1?absolute=true&url=//evil.example",
    "/api/debug/redirect/%2F%2Fevil.example",
    "/api/debug/redirect/1/..%2F..%2F..%2Fevil",
  ];
  try {
    for (const t of tries) {
      const r = await raw(
        s.port,
        message("GET", t, { host: "127.0.0.1:" + s.port }),
      );
      const loc = r.headers.get("location");
      if (loc === undefined) {
        assert.ok(r.status === 400 || r.status === 404, `${t}: ${r.status}`);
        continue;
      }
      const target = new URL(loc, s.origin);
      assert.equal(target.origin, s.origin, t);
      assert.match(target.pathname, /^\/api\/debug\/redirect\/\d+$/, t);
    }
  } finally {
    await s.close();
  }
});
