/**
 * The debug API at its boundaries, over real TCP: each bound and check of
 * §3 and §7 refuses just past it, naming its parameter, and what httpbin
 * and the RFCs cited accept is accepted; a HEAD says its GET's length; the
 * safety headers are on every kind of response.
 */
import assert from "node:assert/strict";
import { message, raw, startDebug } from "../helpers/debug_server.ts";

/** [name, path, extra request headers, status, `param` of the 400] */
const REFUSED: [string, string, Record<string, string>, number, string][] = [
  [
    "bad/Max-Age not an integer never counts as a deletion (a cookie bomb)",
    "/response-headers?Set-Cookie=a%3Db%3B%20Path%3D%2F%3B%20Max-Age%3D0x0%3B%20Expires%3DFri%2C%2001%20Jan%202100%2000%3A00%3A00%20GMT",
    {},
    400,
    "Set-Cookie",
  ],
  [
    "bad/a backslash in a redirect",
    "/redirect-to?url=/get%5Cx",
    {},
    400,
    "url",
  ],
  ["bad/an empty redirect url", "/redirect-to?url=", {}, 400, "url"],
  [
    "bad/an allowed host name on a port not allowed",
    "/redirect-to?url=http://example.com:8080/",
    {},
    400,
    "url",
  ],
  ["bad/Trailer", "/response-headers?Trailer=X", {}, 400, "Trailer"],
  ["bad/TE", "/response-headers?TE=trailers", {}, 400, "TE"],
  [
    "bad/a header name over 256 characters",
    `/response-headers?X-${"n".repeat(300)}=v`,
    {},
    400,
    `X-${"n".repeat(300)}`,
  ],
  [
    "bad/a cookie name over 256 characters",
    `/cookies/set?${"n".repeat(300)}=v`,
    {},
    400,
    "n".repeat(300),
  ],
  [
    "bad/an /anything path over 2048",
    `/anything/${"a".repeat(2100)}`,
    {},
    400,
    "path",
  ],
  ["bad/abort past the body limit", "/abort?after=1048577", {}, 400, "after"],
  ["bad/a duration with 7 decimals", "/get?sleep=1.0000001", {}, 400, "sleep"],
  [
    "bad/a number of 25 characters",
    "/delay/0.00000000000000000000001",
    {},
    400,
    "seconds",
  ],
  [
    "bad/a status weight over a million",
    "/status/200:2000000",
    {},
    400,
    "code",
  ],
];

Deno.test("debug boundaries: refusals name their parameter", async () => {
  const s = startDebug({}, undefined, { redirectHosts: ["example.com"] });
  try {
    for (const [name, path, headers, status, param] of REFUSED) {
      const res = await fetch(s.base + path, { headers, redirect: "manual" });
      const body = await res.text();
      assert.equal(res.status, status, `${name}: ${body.slice(0, 200)}`);
      // Long names are shortened where the problem quotes them.
      assert.ok(
        String(JSON.parse(body).param).startsWith(param.slice(0, 100)),
        name,
      );
    }
  } finally {
    await s.close();
  }
});

Deno.test("debug boundaries: accepted as httpbin and the RFCs accept them", async () => {
  const s = startDebug();
  try {
    // A base64 text up to 8192 characters (it fell back to 256 without).
    const b64 = await fetch(`${s.base}/base64/${"Q".repeat(600)}`);
    assert.equal(b64.status, 200);
    await b64.body?.cancel();
    // Auth schemes are case-insensitive (RFC 9110 §11.1).
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const bearer = await fetch(`${s.base}/bearer`, {
        headers: { authorization: `${scheme} abc` },
      });
      assert.deepEqual(await bearer.json(), {
        authenticated: true,
        token: "abc",
      }, scheme);
    }
    // An empty Last-Event-ID is no id (HTML §9.2.4): the stream starts.
    const sse = await raw(
      s.port,
      message("GET", "/api/debug/sse?count=1&interval=0", {
        "last-event-id": "",
      }),
    );
    assert.equal(sse.status, 200);
    // retry=0 is written (0 is a value).
    const retry = await (await fetch(
      `${s.base}/sse?count=1&interval=0&retry=0`,
    )).text();
    assert.match(retry, /^retry: 0\n/);
    // No User-Agent: null, as python httpbin reflects it.
    const ua = await raw(s.port, message("GET", "/api/debug/user-agent"));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(ua.body)), {
      "user-agent": null,
    });
    // An Accept of only white space is no Accept (RFC 9110 §12.5.1).
    const img = await raw(
      s.port,
      message("GET", "/api/debug/image", { accept: "  " }),
    );
    assert.equal(img.status, 200);
    // A WebSocket upgrade's token is case-insensitive (RFC 6455 §4.2.1).
    // Read by hand: raw() passes over 1xx heads.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    try {
      await conn.write(
        new TextEncoder().encode(
          message("GET", "/api/debug/websocket/echo", {
            connection: "Upgrade",
            upgrade: "WebSocket",
            "sec-websocket-version": "13",
            "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
          }),
        ),
      );
      const buf = new Uint8Array(1024);
      const n = await conn.read(buf);
      assert.match(
        new TextDecoder().decode(buf.subarray(0, n ?? 0)),
        /^HTTP\/1\.1 101 /,
      );
    } finally {
      conn.close();
    }
    const zero = await raw(
      s.port,
      message("GET", "/api/debug/websocket/echo?max_message_size=0", {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      }),
      1000, // the connection stays open after the 400
    );
    assert.equal(zero.status, 400);
  } finally {
    await s.close();
  }
});

Deno.test("debug boundaries: a HEAD's Content-Length is its GET's", async () => {
  const s = startDebug();
  try {
    const cases: [string, Record<string, string>][] = [
      ["/sse?count=2&retry=100&interval=0", {}],
      ["/sse?count=3&interval=0", { "last-event-id": "1" }],
      ["/anything", {}],
    ];
    for (const [path, headers] of cases) {
      // The same request both times (fetch adds headers /anything reflects);
      // the event streams are chunked, so their GET is read by fetch.
      const bytes = path.startsWith("/sse")
        ? (await (await fetch(`${s.base}${path}`, { headers })).arrayBuffer())
          .byteLength
        : (await raw(s.port, message("GET", `/api/debug${path}`, headers)))
          .body.length;
      const head = await raw(
        s.port,
        message("HEAD", `/api/debug${path}`, headers),
      );
      assert.equal(head.headers.get("content-length"), String(bytes), path);
    }
  } finally {
    await s.close();
  }
});

Deno.test("debug boundaries: headers that make responses safe and revalidation work", async () => {
  const s = startDebug();
  try {
    const h = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(s.base + path, init);
      await res.body?.cancel();
      return res.headers;
    };
    assert.equal(
      (await h("/etag/v1")).get("cache-control"),
      "no-cache, no-transform",
    );
    assert.equal(
      (await h("/sse?count=1&interval=0")).get("x-accel-buffering"),
      "no",
    );
    for (const path of ["/stream/1", "/base64/YWJj", "/nope"]) {
      const got = await h(path);
      assert.ok(got.get("content-security-policy"), path);
      assert.ok(got.get("referrer-policy"), path);
    }
    const pre = await h("/get", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "PUT" },
    });
    assert.match(pre.get("vary") ?? "", /Origin/);
    assert.match(pre.get("vary") ?? "", /Access-Control-Request-Method/);
    assert.match(
      (await h("/get")).get("access-control-expose-headers") ?? "",
      /Accept-Ranges/i,
    );
    const miss = await fetch(`${s.base}/status/200/extra`);
    assert.match((await miss.json()).detail, /Did you mean/);
  } finally {
    await s.close();
  }
});

Deno.test("debug boundaries: /delay holds a long-request slot", async () => {
  const s = startDebug({ maxLongRequests: 1 });
  try {
    const first = fetch(`${s.base}/delay/1`);
    await new Promise((r) => setTimeout(r, 200));
    const second = await fetch(`${s.base}/delay/1`);
    assert.equal(second.status, 503);
    assert.ok(second.headers.get("retry-after"));
    await second.body?.cancel();
    await (await first).body?.cancel();
  } finally {
    await s.close();
  }
});
