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
    setCookie: r.headers.get("set-cookie"),
    text,
    json: text.startsWith("{") ? JSON.parse(text) : null,
  };
}

/**
 * A request to a proxy that mounts the API under `/tools` and what comes
 * back: the status, and the field where the prefix shows (`json.url`,
 * `location`, `setCookie`, or a text the body holds).
 */
const PREFIXED: [
  string,
  string,
  Record<string, string>,
  {
    status: number;
    url?: string;
    location?: string;
    cookie?: RegExp;
    body?: string;
  },
][] = [
  ["echo's url", "/api/debug/echo?q", {}, {
    status: 200,
    url: "https://api.test/tools/api/debug/echo?q",
  }],
  ["/anything's url", "/api/debug/anything/x", {}, {
    status: 200,
    url: "https://api.test/tools/api/debug/anything/x",
  }],
  ["/get's url", "/api/debug/get?a=1", {}, {
    status: 200,
    url: "https://api.test/tools/api/debug/get?a=1",
  }],
  ["a status redirect", "/api/debug/status/302", {}, {
    status: 302,
    location: "/tools/api/debug/redirect/0",
  }],
  ["a chain's path Location", "/api/debug/redirect/2?status=307", {}, {
    status: 307,
    location: "/tools/api/debug/redirect/1?status=307",
  }],
  ["a chain's absolute Location", "/api/debug/redirect/2?absolute=true", {}, {
    status: 302,
    location: "https://api.test/tools/api/debug/redirect/1?absolute=true",
  }],
  ["httpbin's relative chain", "/api/debug/relative-redirect/2", {}, {
    status: 302,
    location: "/tools/api/debug/relative-redirect/1",
  }],
  [
    "httpbin's relative chain's last hop",
    "/api/debug/relative-redirect/1",
    {},
    {
      status: 302,
      location: "/tools/api/debug/get",
    },
  ],
  ["httpbin's absolute chain", "/api/debug/absolute-redirect/2", {}, {
    status: 302,
    location: "https://api.test/tools/api/debug/absolute-redirect/1",
  }],
  ["/redirect-to a relative reference", "/api/debug/redirect-to?url=get", {}, {
    status: 302,
    location: "/tools/api/debug/get",
  }],
  ["/redirect-to a path", "/api/debug/redirect-to?url=/status/200", {}, {
    status: 302,
    location: "/tools/api/debug/status/200",
  }],
  [
    "/redirect-to this server's URL as the client names it",
    "/api/debug/redirect-to?url=https://api.test/tools/api/debug/get",
    {},
    { status: 302, location: "https://api.test/tools/api/debug/get" },
  ],
  [
    "/redirect-to another host: still refused",
    "/api/debug/redirect-to?url=//evil.test/",
    {},
    {
      status: 400,
    },
  ],
  ["/cookies/set: Location and Path", "/api/debug/cookies/set?a=1", {}, {
    status: 302,
    location: "/tools/api/debug/cookies",
    cookie: /^a=1; Path=\/tools\/api\/debug; HttpOnly/,
  }],
  ["/cookies/delete: the same Path", "/api/debug/cookies/delete?a", {}, {
    status: 302,
    location: "/tools/api/debug/cookies",
    cookie: /Max-Age=0; .*Path=\/tools\/api\/debug;/,
  }],
  ["/links without offset", "/api/debug/links/3", {}, {
    status: 302,
    location: "/tools/api/debug/links/3/0",
  }],
  ["/links' hrefs", "/api/debug/links/3/0", {}, {
    status: 200,
    body: 'href="/tools/api/debug/links/3/1"',
  }],
  ["the HTML index's links", "/api/debug/", { accept: "text/html" }, {
    status: 200,
    body: 'href="/tools/api/debug/openapi.json"',
  }],
  ["openapi.json's server URL", "/api/debug/openapi.json", {}, {
    status: 200,
    body: '"servers": [\n    {\n      "url": "/tools",',
  }],
  ["the JSON index's openapi", "/api/debug/", {}, {
    status: 200,
    body: '"openapi":"/tools/api/debug/openapi.json"',
  }],
];

for (const [name, path, extra, want] of PREFIXED) {
  Deno.test(`proxy: trusted, X-Forwarded-Prefix: ${name}`, async () => {
    const s = startDebug({ trustedProxies: 1 });
    try {
      const got = await get(s.port, path, {
        ...NGINX,
        "x-forwarded-prefix": "/tools",
        ...extra,
      });
      assert.equal(got.status, want.status);
      if (want.url) assert.equal(got.json.url, want.url);
      if (want.location) assert.equal(got.location, want.location);
      if (want.cookie) assert.match(got.setCookie ?? "", want.cookie);
      if (want.body) assert.ok(got.text.includes(want.body), got.text);
    } finally {
      await s.close();
    }
  });
}

Deno.test("proxy: untrusted, X-Forwarded-Prefix is not read: answers as before", async () => {
  const s = startDebug();
  const here = `127.0.0.1:${s.port}`;
  const prefix = { "x-forwarded-prefix": "/tools" };
  try {
    const echo = await get(s.port, "/api/debug/echo", prefix);
    assert.equal(echo.json.url, `http://${here}/api/debug/echo`);
    const status = await get(s.port, "/api/debug/status/302", prefix);
    assert.equal(status.location, "/api/debug/redirect/0");
    const chain = await get(s.port, "/api/debug/relative-redirect/2", prefix);
    assert.equal(chain.location, "/api/debug/relative-redirect/1");
    const set = await get(s.port, "/api/debug/cookies/set?a=1", prefix);
    assert.match(set.setCookie ?? "", /Path=\/api\/debug;/);
  } finally {
    await s.close();
  }
});

Deno.test("proxy: trusted, an X-Forwarded-Prefix that is no plain path is ignored", async () => {
  const s = startDebug({ trustedProxies: 1 });
  try {
    for (
      const prefix of ["//evil.test", "/a/../b", "https://evil.test", "/%2f"]
    ) {
      const got = await get(s.port, "/api/debug/status/302", {
        "x-forwarded-prefix": prefix,
      });
      assert.equal(got.status, 302, prefix);
      assert.equal(got.location, "/api/debug/redirect/0", prefix);
    }
  } finally {
    await s.close();
  }
});

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

Deno.test("proxy: untrusted, the hot paths read no forwarding header", async () => {
  // In process: what the handler asks of the request's headers.
  const { createDebugHandler } = await import("../../lib/debug/mod.ts");
  const handler = createDebugHandler({});
  for (
    const path of [
      "/status/200",
      "/status/302",
      "/echo?a=1",
      "/anything/x",
      "/relative-redirect/2",
    ]
  ) {
    const req = new Request(`http://127.0.0.1:1/api/debug${path}`, {
      headers: { "x-forwarded-prefix": "/tools" },
    });
    const read: string[] = [];
    const get = req.headers.get.bind(req.headers);
    req.headers.get = (
      name: string,
    ) => (read.push(name.toLowerCase()), get(name));
    const has = req.headers.has.bind(req.headers);
    req.headers.has = (
      name: string,
    ) => (read.push(name.toLowerCase()), has(name));
    const res = await handler(req);
    await res.body?.cancel();
    // X-Forwarded-Proto and the first X-Forwarded-For entry are httpbin's
    // reading, untrusted too; these are read only behind trusted proxies.
    const trustedOnly = ["forwarded", "x-forwarded-host", "x-forwarded-prefix"];
    assert.deepEqual(read.filter((n) => trustedOnly.includes(n)), [], path);
  }
});
