/**
 * The debug API behind proxies, over real TCP: requests carry the headers
 * nginx, Caddy or an RFC 7239 proxy add (its upstream's name as Host, the
 * client's address, scheme and host in X-Forwarded-* or Forwarded). With
 * `trustedProxies` the API answers with what the client sent the proxy;
 * without it, exactly as before (only X-Forwarded-Proto and the first
 * X-Forwarded-For entry reflected, as httpbin does).
 */
import assert from "node:assert/strict";
import { message, raw, startDebug } from "../helpers/debug_server.ts";

/** What an RFC 7239 proxy in front adds, for a client at 2001:db8::7. */
const RFC7239 = {
  forwarded: 'for="[2001:db8::7]:4711";proto=https;host=api.test',
};
/** What nginx with the usual X-Forwarded-* lines adds. */
const NGINX = {
  "x-forwarded-for": "192.0.2.9",
  "x-forwarded-proto": "https",
  "x-forwarded-host": "api.test",
};

/** GET `path` over a fresh connection with `headers`; status, head and JSON. */
async function get(
  port: number,
  path: string,
  headers: Record<string, string>,
) {
  const r = await raw(
    port,
    // The proxy's own name for the upstream as Host, as nginx sends it.
    message("GET", path, { host: `127.0.0.1:${port}`, ...headers }),
  );
  const text = new TextDecoder().decode(r.body);
  return {
    status: r.status,
    location: r.headers.get("location"),
    json: text.startsWith("{") ? JSON.parse(text) : null,
  };
}

for (
  const [name, headers, origin] of [
    ["Forwarded (RFC 7239)", RFC7239, "2001:db8::7"],
    ["X-Forwarded-*", NGINX, "192.0.2.9"],
  ] as const
) {
  Deno.test(`proxy: trusted, ${name}: origin, url, absolute Locations and /redirect-to follow what the client sent`, async () => {
    const s = startDebug({ trustedProxies: 1 });
    try {
      const ip = await get(s.port, "/api/debug/ip", headers);
      assert.deepEqual(ip.json, { origin });
      const got = await get(s.port, "/api/debug/get?a=1", headers);
      assert.equal(got.json.origin, origin);
      assert.equal(got.json.url, "https://api.test/api/debug/get?a=1");
      const any = await get(s.port, "/api/debug/anything/x", headers);
      assert.equal(any.json.url, "https://api.test/api/debug/anything/x");
      const echo = await get(s.port, "/api/debug/echo?q", headers);
      assert.equal(echo.json.url, "https://api.test/api/debug/echo?q");
      const abs = await get(s.port, "/api/debug/absolute-redirect/2", headers);
      assert.equal(
        abs.location,
        "https://api.test/api/debug/absolute-redirect/1",
      );
      const chain = await get(
        s.port,
        "/api/debug/redirect/2?absolute=true",
        headers,
      );
      assert.equal(
        chain.location,
        "https://api.test/api/debug/redirect/1?absolute=true",
      );
      // The host the client asked for is this server's own.
      const to = await get(
        s.port,
        "/api/debug/redirect-to?url=https://api.test/get",
        headers,
      );
      assert.equal(to.status, 302);
      assert.equal(to.location, "https://api.test/api/debug/get");
      const other = await get(
        s.port,
        "/api/debug/redirect-to?url=https://evil.test/get",
        headers,
      );
      assert.equal(other.status, 400);
    } finally {
      await s.close();
    }
  });
}

Deno.test("proxy: untrusted, Forwarded and X-Forwarded-Host are not read: answers as before", async () => {
  const s = startDebug();
  const here = `127.0.0.1:${s.port}`;
  try {
    const both = { ...RFC7239, "x-forwarded-host": "api.test" };
    const ip = await get(s.port, "/api/debug/ip", both);
    assert.deepEqual(ip.json, { origin: "127.0.0.1" });
    const got = await get(s.port, "/api/debug/get", both);
    assert.equal(got.json.url, `http://${here}/api/debug/get`);
    const echo = await get(s.port, "/api/debug/echo", both);
    assert.equal(echo.json.url, `http://${here}/api/debug/echo`);
    const abs = await get(s.port, "/api/debug/absolute-redirect/2", both);
    assert.equal(abs.location, `http://${here}/api/debug/absolute-redirect/1`);
    const to = await get(
      s.port,
      "/api/debug/redirect-to?url=https://api.test/get",
      both,
    );
    assert.equal(to.status, 400);
    // httpbin's reading, kept: X-Forwarded-Proto and the first
    // X-Forwarded-For entry, which any client can write.
    const nginx = await get(s.port, "/api/debug/get", NGINX);
    assert.equal(nginx.json.origin, "192.0.2.9");
    assert.equal(nginx.json.url, `https://${here}/api/debug/get`);
  } finally {
    await s.close();
  }
});

Deno.test("proxy: trusted, a malformed or over-long Forwarded is ignored and the request served", async () => {
  const s = startDebug({ trustedProxies: 1 });
  const here = `127.0.0.1:${s.port}`;
  try {
    for (
      const forwarded of [
        "for=[2001:db8::7]", // IPv6 must be quoted
        'for="192.0.2.1', // a quote left open
        "for=192.0.2.1;for=192.0.2.2", // a parameter twice
        "host=api.test/x", // no host
        "for=192.0.2.1;" + "x=y;".repeat(3000), // past MAX_FORWARDED_CHARS
        "\u00ff=\u00ff", // not a token
      ]
    ) {
      const got = await get(s.port, "/api/debug/get", { forwarded });
      assert.equal(got.status, 200, forwarded);
      assert.equal(got.json.origin, "127.0.0.1", forwarded);
      assert.equal(got.json.url, `http://${here}/api/debug/get`, forwarded);
    }
  } finally {
    await s.close();
  }
});

Deno.test("proxy: trusted, two proxies: the outermost's element, never what the client wrote", async () => {
  const s = startDebug({ trustedProxies: 2 });
  try {
    const got = await get(s.port, "/api/debug/get", {
      // The client's own element, then the outer and inner proxies'.
      forwarded:
        'for=6.6.6.6;host=evil.test, for=192.0.2.1;proto=https;host="api.test:8443", for=10.0.0.1;proto=http;host=inner.test',
    });
    assert.equal(got.json.origin, "192.0.2.1");
    assert.equal(got.json.url, "https://api.test:8443/api/debug/get");
  } finally {
    await s.close();
  }
});

Deno.test("proxy: trusted, a host no URL can carry is not used: absolute Locations and /redirect-to never 500", async () => {
  const s = startDebug({ trustedProxies: 1 });
  const here = `127.0.0.1:${s.port}`;
  try {
    for (const host of ["1.2.3.999", "api.test:99999", "[:::]"]) {
      for (
        const headers of [
          { "x-forwarded-host": host },
          { forwarded: `host="${host}"` },
        ] as Record<string, string>[]
      ) {
        const abs = await get(
          s.port,
          "/api/debug/absolute-redirect/2",
          headers,
        );
        assert.equal(abs.status, 302, host);
        assert.equal(
          abs.location,
          `http://${here}/api/debug/absolute-redirect/1`,
        );
        const to = await get(
          s.port,
          "/api/debug/redirect-to?url=/get",
          headers,
        );
        assert.equal(to.status, 302, host);
        assert.equal(to.location, "/api/debug/get");
      }
    }
  } finally {
    await s.close();
  }
});
