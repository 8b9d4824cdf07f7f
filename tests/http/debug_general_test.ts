/**
 * The rules every debug endpoint follows, over real TCP: CORS and
 * preflight, HEAD, Cache-Control, sleep timing and a client leaving during
 * the sleep.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { createApp } from "../../server/app.ts";
import { message, raw, startDebug, waitFor } from "../helpers/debug_server.ts";

/** One URL per GET endpoint (and the error kinds), all with a CORS check. */
const EVERY = [
  ["GET", "/api/debug/status/200"],
  ["POST", "/api/debug/status/503"],
  ["GET", "/api/debug/status/204"],
  ["GET", "/api/debug/redirect/2"],
  ["GET", "/api/debug/redirect/0"],
  ["PUT", "/api/debug/echo"],
  ["GET", "/api/debug/gzip"],
  ["GET", "/api/debug/deflate"],
  ["GET", "/api/debug/brotli"],
  ["GET", "/api/debug/sse?count=1&interval=0"],
  ["GET", "/api/debug/openapi.json"],
  ["GET", "/api/debug/status/100"],
  ["POST", "/api/debug/gzip"],
  ["GET", "/api/debug/nope"],
  ["GET", "/api/debug"],
];

Deno.test("cors: every response, errors included, is readable cross-origin", async () => {
  const s = startServer();
  try {
    for (const [method, path] of EVERY) {
      const res = await fetch(s.origin + path, {
        method,
        redirect: "manual",
        headers: { origin: "https://client.example" },
      });
      await res.body?.cancel();
      // Not credentialed: no origin is allowed credentials by default.
      assert.equal(res.headers.get("access-control-allow-origin"), "*", path);
      assert.equal(
        res.headers.get("access-control-allow-credentials"),
        null,
        path,
      );
      const expose = res.headers.get("access-control-expose-headers")!
        .toLowerCase().split(/\s*,\s*/);
      for (
        const h of [
          "location",
          "retry-after",
          "content-encoding",
          "content-length",
        ]
      ) {
        assert.ok(expose.includes(h), `${path} exposes ${h}`);
      }
      assert.equal(
        res.headers.get("cache-control"),
        "no-store, no-transform",
        path,
      );
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
    }
  } finally {
    await s.close();
  }
});

Deno.test("cors: 413 carries CORS headers too", async () => {
  const s = startDebug({ maxBodyBytes: 4 });
  try {
    const res = await fetch(s.base + "/echo", {
      method: "POST",
      body: "12345",
    });
    await res.body?.cancel();
    assert.equal(res.status, 413);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(
      res.headers.get("access-control-expose-headers")!,
      /Retry-After/,
    );
  } finally {
    await s.close();
  }
});

Deno.test("cors: an origin named in corsOrigins gets credentials, on every kind of answer; others keep *", async () => {
  const origin = "https://suite.example";
  const s = startServer(
    createApp({
      debug: { corsOrigins: ["HTTPS://Suite.Example:443", "http://b.test"] },
    }).fetch,
  );
  try {
    for (
      const [path, status] of [
        ["/api/debug/get", 200],
        ["/api/debug/status/418", 418],
        ["/api/debug/cookies/set?a=b", 302],
        ["/api/debug/status/abc", 400],
        ["/api/debug/nope", 404],
        ["/api/debug/sse?count=1&interval=0", 200],
        ["/api/debug/delay/0", 200],
      ] as const
    ) {
      const res = await fetch(s.origin + path, {
        headers: { origin },
        redirect: "manual",
      });
      await res.body?.cancel();
      assert.equal(res.status, status, path);
      assert.equal(
        res.headers.get("access-control-allow-origin"),
        origin,
        path,
      );
      assert.equal(
        res.headers.get("access-control-allow-credentials"),
        "true",
        path,
      );
      assert.match(res.headers.get("vary") ?? "", /\bOrigin\b/, path);
    }
    // Another origin, or none: `*`, no credentials, and Vary: Origin, so
    // no shared cache hands that answer to the allowed origin.
    for (const other of [{ origin: "https://evil.example" }, undefined]) {
      const plain = await fetch(s.origin + "/api/debug/cache/60", {
        headers: other,
      });
      await plain.body?.cancel();
      assert.equal(plain.headers.get("access-control-allow-origin"), "*");
      assert.equal(
        plain.headers.get("access-control-allow-credentials"),
        null,
      );
      assert.match(plain.headers.get("vary") ?? "", /(^|, )Origin(,|$)/);
    }
    // A preflight from it: credentials too, Origin once in Vary.
    const pre = await fetch(s.origin + "/api/debug/echo", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "PUT" },
    });
    await pre.body?.cancel();
    assert.equal(pre.headers.get("access-control-allow-origin"), origin);
    assert.equal(pre.headers.get("access-control-allow-credentials"), "true");
    assert.equal(pre.headers.get("vary")!.match(/\bOrigin\b/g)?.length, 1);
    // A Vary the response names itself keeps it, with Origin beside it.
    const named = await fetch(
      s.origin + "/api/debug/response-headers?Vary=X-Origin-Id",
      { headers: { origin } },
    );
    await named.body?.cancel();
    assert.match(named.headers.get("vary")!, /X-Origin-Id.*, Origin$/);
    // A WebSocket handshake with an Origin still upgrades (the origin is
    // read before the upgrade closes the request).
    const port = Number(new URL(s.origin).port);
    using conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(
      new TextEncoder().encode(
        "GET /api/debug/websocket/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          `Origin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" +
          "Sec-WebSocket-Version: 13\r\n\r\n",
      ),
    );
    const buf = new Uint8Array(1024);
    const n = await conn.read(buf);
    assert.match(
      new TextDecoder().decode(buf.subarray(0, n ?? 0)),
      /^HTTP\/1\.1 101 /,
    );
  } finally {
    await s.close();
  }
});

Deno.test("cors: a preflight anywhere under /api/debug gets 204 allowing it", async () => {
  const s = startServer();
  try {
    for (
      const [path, method] of [
        ["/api/debug/echo", "PUT"],
        ["/api/debug/gzip", "DELETE"],
        ["/api/debug/status/200", "QUERY"],
        ["/api/debug/sse", "GET"],
        ["/api/debug/nope", "PATCH"],
        ["/api/debug/redirect/3", "X-CUSTOM"],
      ]
    ) {
      const res = await fetch(s.origin + path, {
        method: "OPTIONS",
        headers: {
          origin: "https://client.example",
          "access-control-request-method": method,
          "access-control-request-headers":
            "authorization, x-trace-id, content-type",
        },
      });
      assert.equal(res.status, 204, path);
      assert.equal(await res.text(), "");
      assert.equal(res.headers.get("access-control-allow-origin"), "*");
      const methods = res.headers.get("access-control-allow-methods")!.split(
        ", ",
      );
      for (
        const m of [
          "GET",
          "HEAD",
          "POST",
          "PUT",
          "PATCH",
          "DELETE",
          "OPTIONS",
          "QUERY",
          method,
        ]
      ) {
        assert.ok(methods.includes(m), `${path} allows ${m}`);
      }
      assert.equal(
        res.headers.get("access-control-allow-headers"),
        "authorization, x-trace-id, content-type",
      );
      assert.ok(Number(res.headers.get("access-control-max-age")) > 0);
    }
  } finally {
    await s.close();
  }
});

/** The payload of a chunked HTTP/1.1 body (RFC 9112 §7.1). */
function dechunk(body: Uint8Array): Uint8Array {
  const text = new TextDecoder("latin1").decode(body);
  let out = "";
  let at = 0;
  for (;;) {
    const eol = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, eol), 16);
    if (!size) break;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}

Deno.test("HEAD: wherever GET works, same status and headers, no body; Content-Length of the GET body", async () => {
  const s = startServer();
  const paths = [
    "/api/debug/status/200",
    "/api/debug/status/418",
    "/api/debug/status/204",
    "/api/debug/status/301",
    "/api/debug/redirect/2?status=307",
    "/api/debug/redirect/0",
    "/api/debug/echo?a=1",
    "/api/debug/gzip",
    "/api/debug/deflate",
    "/api/debug/brotli",
    "/api/debug/openapi.json",
    "/api/debug/sse?count=1",
    "/api/debug/nope",
    "/api/debug/status/100",
  ];
  const skip = new Set(["date", "transfer-encoding"]);
  try {
    for (const path of paths) {
      const get = await raw(s.port, message("GET", path));
      const head = await raw(s.port, message("HEAD", path));
      assert.equal(head.status, get.status, path);
      assert.equal(head.body.length, 0, `${path}: HEAD has no body`);
      const names = new Set([...get.headers.keys(), ...head.headers.keys()]);
      if (get.headers.get("transfer-encoding") === "chunked") {
        // A stream: HEAD states the length the GET body has (RFC 9110 §8.6).
        assert.equal(
          head.headers.get("content-length"),
          String(dechunk(get.body).length),
          `${path} content-length`,
        );
        names.delete("content-length");
      }
      for (const name of names) {
        if (skip.has(name)) continue;
        assert.equal(
          head.headers.get(name),
          get.headers.get(name),
          `${path} ${name}`,
        );
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("sleep: the response starts after the delay, any unit", async () => {
  const s = startServer();
  try {
    for (
      const [q, ms] of [["300", 300], ["300ms", 300], ["0.3s", 300]] as const
    ) {
      const t0 = performance.now();
      const res = await fetch(`${s.origin}/api/debug/status/200?sleep=${q}`);
      await res.body?.cancel();
      const took = performance.now() - t0;
      assert.equal(res.status, 200);
      assert.ok(took >= ms - 2, `sleep=${q} took ${took} ms`);
      assert.ok(took < ms + 1500, `sleep=${q} took ${took} ms`);
    }
    for (
      const path of [
        "/api/debug/echo",
        "/api/debug/gzip",
        "/api/debug/redirect/0",
      ]
    ) {
      const t0 = performance.now();
      const res = await fetch(`${s.origin}${path}?sleep=200`, {
        redirect: "manual",
      });
      await res.body?.cancel();
      assert.ok(performance.now() - t0 >= 198, path);
    }
    const t0 = performance.now();
    const sse = await fetch(
      `${s.origin}/api/debug/sse?count=1&interval=0&sleep=250`,
    );
    await sse.text();
    assert.ok(performance.now() - t0 >= 248, "sse sleeps before the stream");
  } finally {
    await s.close();
  }
});

Deno.test("sleep: a client leaving during the sleep frees the timer", async () => {
  const s = startDebug();
  try {
    const ac = new AbortController();
    const pending = fetch(`${s.base}/status/200?sleep=20000`, {
      signal: ac.signal,
    })
      .catch((e) => e);
    await waitFor(() => s.ctx.timers.active === 1, "the sleep to start");
    ac.abort();
    assert.equal((await pending).name, "AbortError");
    await waitFor(() => s.ctx.timers.active === 0, "the timer to be freed");
    assert.equal(s.ctx.timers.cancelled, 1);
    // Many at once, then all gone: each one is freed, none fires.
    const many = Array.from({ length: 50 }, () => new AbortController());
    const reqs = many.map((c) =>
      fetch(`${s.base}/echo?sleep=20s`, { signal: c.signal }).catch(() => null)
    );
    await waitFor(() => s.ctx.timers.active === 50, "50 sleeps");
    many.forEach((c) => c.abort());
    await Promise.all(reqs);
    await waitFor(() => s.ctx.timers.active === 0, "all timers freed");
    assert.equal(s.ctx.timers.cancelled, 51);
  } finally {
    await s.close();
  }
});

Deno.test("sleep: over the whole app, an abandoned sleep leaves no timer", async () => {
  const app = createApp();
  const s = startServer(app.fetch);
  const timers = app.debug.ctx.timers;
  const before = timers.cancelled;
  try {
    const ac = new AbortController();
    const pending = fetch(`${s.origin}/api/debug/status/200?sleep=20s`, {
      signal: ac.signal,
    }).catch(() => null);
    await waitFor(() => timers.active === 1, "the sleep to start");
    ac.abort();
    await pending;
    await waitFor(() => timers.active === 0, "the timer to be freed");
    assert.equal(timers.cancelled, before + 1);
  } finally {
    await s.close();
  }
});

Deno.test("openapi.json: gzipped for a client that takes gzip (the spec viewer's example over a phone's link), as it is for one that does not; both vary by Accept-Encoding", async () => {
  const s = startServer();
  try {
    const url = `${s.origin}/api/debug/openapi.json`;
    const plain = await fetch(url, {
      headers: { "accept-encoding": "identity" },
    });
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.match(plain.headers.get("vary") ?? "", /accept-encoding/i);
    const text = await plain.text();
    assert.equal(JSON.parse(text).openapi, "3.1.0");
    for (const accept of ["gzip, deflate, br", "*", "br;q=1, gzip;q=0.5"]) {
      const packed = await raw(
        s.port,
        message("GET", "/api/debug/openapi.json", {
          "accept-encoding": accept,
        }),
      );
      assert.equal(packed.status, 200);
      assert.equal(packed.headers.get("content-encoding"), "gzip", accept);
      assert.match(packed.headers.get("vary") ?? "", /accept-encoding/i);
      assert.match(packed.headers.get("cache-control") ?? "", /no-transform/);
      const body = packed.headers.get("transfer-encoding") === "chunked"
        ? dechunk(packed.body)
        : packed.body;
      assert.ok(body.length * 5 < text.length, `${accept}: ${body.length}`);
      const unpacked = await new Response(
        new Blob([Uint8Array.from(body)]).stream().pipeThrough(
          new DecompressionStream("gzip"),
        ),
      ).text();
      assert.equal(unpacked, text);
    }
    const refused = await raw(
      s.port,
      message("GET", "/api/debug/openapi.json", {
        "accept-encoding": "gzip;q=0",
      }),
    );
    assert.equal(refused.headers.get("content-encoding") ?? null, null);
  } finally {
    await s.close();
  }
});

Deno.test("streamed bodies tell a proxy not to buffer them (X-Accel-Buffering: no: nginx held a drip whole until its end), GET and HEAD; others say nothing", async () => {
  const s = startServer();
  try {
    for (
      const [path, streamed] of [
        ["/api/debug/sse?count=1&interval=0", true],
        ["/api/debug/drip?duration=0&numbytes=2", true],
        ["/api/debug/stream/2", true],
        ["/api/debug/stream-bytes/64", true],
        ["/api/debug/bytes/64", false],
        ["/api/debug/get", false],
      ] as const
    ) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(s.origin + path, { method });
        await res.body?.cancel();
        assert.equal(res.status, 200, `${method} ${path}`);
        assert.equal(
          res.headers.get("x-accel-buffering"),
          streamed ? "no" : null,
          `${method} ${path}`,
        );
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("websocket: a handshake whose Upgrade a proxy dropped is told so; a plain GET is told to use a WebSocket client", async () => {
  const s = startServer();
  try {
    const ask = async (headers: Record<string, string>) => {
      const res = await fetch(`${s.origin}/api/debug/websocket/echo`, {
        headers,
      });
      assert.equal(res.status, 400);
      const p = await res.json();
      assert.equal(p.param, "Upgrade");
      return p.detail as string;
    };
    assert.match(
      await ask({
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        "sec-websocket-version": "13",
      }),
      /a proxy in between probably dropped the Upgrade and Connection headers/,
    );
    assert.match(await ask({}), /connect with a WebSocket client/);
  } finally {
    await s.close();
  }
});
