/** Reading what trusted proxies say: Forwarded (RFC 7239) and X-Forwarded-*. */
import assert from "node:assert/strict";
import {
  entryFromRight,
  type ForwardedElement,
  forwardedElement,
  forwardedPrefix,
  proxiedUrl,
} from "./forwarded.ts";
import { clientAddress } from "./http.ts";
import { MAX_FORWARDED_CHARS, MAX_FORWARDED_PREFIX_CHARS } from "./limits.ts";

const ELEMENTS: [string, string, number, ForwardedElement | null][] = [
  // name, Forwarded header, trusted proxies, what is read (null: ignored)
  ["ok/one element", "for=192.0.2.60;proto=https;host=api.test", 1, {
    for: "192.0.2.60",
    proto: "https",
    host: "api.test",
  }],
  [
    "ok/names are case-insensitive, values kept but proto and host lowered",
    'For=192.0.2.60;PROTO=HTTPS;Host="API.test:8443"',
    1,
    {
      for: "192.0.2.60",
      proto: "https",
      host: "api.test:8443",
    },
  ],
  [
    "ok/a quoted IPv6 with a port (RFC 7239 §6)",
    'for="[2001:db8:cafe::17]:4711"',
    1,
    {
      for: "2001:db8:cafe::17",
    },
  ],
  ["ok/a quoted IPv4 with a port", 'for="192.0.2.43:47011"', 1, {
    for: "192.0.2.43",
  }],
  ["ok/unknown (RFC 7239 §6.2)", "for=unknown", 1, { for: "unknown" }],
  ["ok/an obfuscated node and port (§6.3)", 'for="_hidden:_port"', 1, {
    for: "_hidden",
  }],
  [
    "ok/by and extensions are read past",
    'by=10.0.0.1;for=192.0.2.1;ext="a;b,c"',
    1,
    {
      for: "192.0.2.1",
    },
  ],
  [
    "ok/whitespace around ; and the element",
    "  for=192.0.2.1 ; proto=http ",
    1,
    {
      for: "192.0.2.1",
      proto: "http",
    },
  ],
  ["ok/one proxy: the last element", "for=6.6.6.6, for=192.0.2.1", 1, {
    for: "192.0.2.1",
  }],
  [
    "ok/two proxies: the one before the last",
    "for=6.6.6.6, for=192.0.2.1;host=a.test,for=10.0.0.1",
    2,
    {
      for: "192.0.2.1",
      host: "a.test",
    },
  ],
  ["ok/fewer elements than proxies: the first", "for=192.0.2.1", 3, {
    for: "192.0.2.1",
  }],
  ["ok/a comma inside quotes separates nothing", 'for=192.0.2.1;x="a, b"', 1, {
    for: "192.0.2.1",
  }],
  ["ok/an escaped quote inside quotes", 'for=192.0.2.1;x="a\\", b"', 1, {
    for: "192.0.2.1",
  }],
  [
    "ok/what the client wrote left of it is never read",
    'for="[bad, for=(((;;, for=192.0.2.1',
    1,
    {
      for: "192.0.2.1",
    },
  ],
  ["ok/an empty element says nothing", "for=192.0.2.1, ", 1, {}],
  ["bad/an IPv6 not quoted", "for=[2001:db8::1]", 1, null],
  ["bad/a port not quoted", "for=192.0.2.1:80", 1, null],
  ["bad/not a node", 'for="evil.test"', 1, null],
  ["bad/a host with a port not quoted", "host=api.test:8443", 1, null],
  ["bad/a host with a path", 'host="a.test/x"', 1, null],
  ["bad/a host with userinfo", 'host="u@a.test"', 1, null],
  ["bad/a proto that is no scheme", 'proto="ht tp"', 1, null],
  ["bad/a parameter twice", "for=192.0.2.1;for=192.0.2.2", 1, null],
  ["bad/no =", "for", 1, null],
  ["bad/space before =", "for =192.0.2.1", 1, null],
  ["bad/a quote left open", 'for="192.0.2.1', 1, null],
  ["bad/text after a quoted value", 'for="192.0.2.1"x', 1, null],
  ["bad/a token value of other characters", "for=192.0.2.1;x=a/b", 1, null],
  ["bad/no proxy trusted", "for=192.0.2.1", 0, null],
  [
    "bad/longer than the limit",
    "x=" + "a".repeat(MAX_FORWARDED_CHARS) + ", for=192.0.2.1",
    1,
    null,
  ],
];

for (const [name, header, hops, want] of ELEMENTS) {
  Deno.test(`forwardedElement: ${name}`, () => {
    assert.deepEqual(forwardedElement(header, hops), want);
  });
}

const ENTRIES: [string, string, number, string][] = [
  ["ok/the last", "a, b", 1, "b"],
  ["ok/two from the right", "a,b , c", 2, "b"],
  ["ok/fewer than hops: the first", "a", 3, "a"],
  ["ok/empty", "", 1, ""],
];
for (const [name, list, hops, want] of ENTRIES) {
  Deno.test(`entryFromRight: ${name}`, () => {
    assert.equal(entryFromRight(list, hops), want);
  });
}

const URLS: [string, Record<string, string>, number, string][] = [
  // name, request headers, trusted proxies, the URL as the client sent it
  ["ok/nothing forwarded: as received", {}, 1, "http://10.0.0.5:8000/get?a=1"],
  [
    "ok/X-Forwarded-Proto and -Host",
    {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "api.test",
    },
    1,
    "https://api.test/get?a=1",
  ],
  [
    "ok/Forwarded proto and host",
    {
      forwarded: 'for=192.0.2.1;proto=https;host="api.test:8443"',
    },
    1,
    "https://api.test:8443/get?a=1",
  ],
  [
    "ok/X-Forwarded-* before Forwarded",
    {
      "x-forwarded-proto": "http",
      "x-forwarded-host": "x.test",
      forwarded: "proto=https;host=f.test",
    },
    1,
    "http://x.test/get?a=1",
  ],
  [
    "ok/Forwarded fills what X-Forwarded-* leave out",
    {
      "x-forwarded-host": "x.test",
      forwarded: "proto=https;host=f.test",
    },
    1,
    "https://x.test/get?a=1",
  ],
  [
    "ok/the entry of the outermost of two proxies",
    {
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "evil.test, api.test, inner.test",
    },
    2,
    "https://api.test/get?a=1",
  ],
  [
    "ok/X-Forwarded-Ssl: on",
    { "x-forwarded-ssl": "on" },
    1,
    "https://10.0.0.5:8000/get?a=1",
  ],
  [
    "ok/an IPv6 host",
    { "x-forwarded-host": "[2001:DB8::1]:8443" },
    1,
    "http://[2001:db8::1]:8443/get?a=1",
  ],
  [
    "bad/a scheme that is not http(s) is passed over for Forwarded",
    {
      "x-forwarded-proto": "javascript",
      forwarded: "proto=https",
    },
    1,
    "https://10.0.0.5:8000/get?a=1",
  ],
  [
    "bad/a host of other characters falls to Forwarded",
    {
      "x-forwarded-host": "evil.test/path",
      forwarded: "host=api.test",
    },
    1,
    "http://api.test/get?a=1",
  ],
  [
    "bad/a host no URL can carry: as received",
    {
      "x-forwarded-host": "1.2.3.999",
      forwarded: 'host="[:::]"',
    },
    1,
    "http://10.0.0.5:8000/get?a=1",
  ],
  [
    "bad/a scheme that is not http(s), alone: as received",
    {
      "x-forwarded-proto": "ws",
    },
    1,
    "http://10.0.0.5:8000/get?a=1",
  ],
  [
    "bad/a port past 65535: as received",
    {
      "x-forwarded-host": "api.test:99999",
    },
    1,
    "http://10.0.0.5:8000/get?a=1",
  ],
  [
    "bad/a malformed Forwarded is ignored",
    {
      forwarded: "proto=https;host=api.test;host=evil.test",
    },
    1,
    "http://10.0.0.5:8000/get?a=1",
  ],
  [
    "ok/X-Forwarded-Prefix goes before the path",
    {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "api.test",
      "x-forwarded-prefix": "/tools",
    },
    1,
    "https://api.test/tools/get?a=1",
  ],
  [
    "bad/an X-Forwarded-Prefix that is no plain path is ignored",
    { "x-forwarded-prefix": "//evil.test" },
    1,
    "http://10.0.0.5:8000/get?a=1",
  ],
];
for (const [name, headers, hops, want] of URLS) {
  Deno.test(`proxiedUrl: ${name}`, () => {
    const req = new Request("http://10.0.0.5:8000/get?a=1", { headers });
    assert.equal(proxiedUrl(req, hops), want);
  });
}

const PREFIXES: [string, string, number, string][] = [
  // name, X-Forwarded-Prefix, trusted proxies, the prefix read
  ["ok/one segment", "/tools", 1, "/tools"],
  ["ok/the trailing slash dropped", "/tools/", 1, "/tools"],
  ["ok/several segments", "/a/b-c/d_e.f~g", 1, "/a/b-c/d_e.f~g"],
  ["ok/sub-delims, : and @", "/a:b@c=1!$&'()*+", 1, "/a:b@c=1!$&'()*+"],
  ["bad/a semicolon (cookie attributes)", "/a;Max-Age=0;x=", 1, ""],
  ["ok/the root says nothing", "/", 1, ""],
  ["ok/the last of a client's and the proxy's", "/evil, /tools", 1, "/tools"],
  ["ok/the outermost of two proxies", "/evil, /outer, /inner", 2, "/outer"],
  ["ok/no proxy trusted: not read", "/tools", 0, ""],
  ["bad/empty", "", 1, ""],
  ["bad/relative", "tools", 1, ""],
  ["bad/a network-path reference", "//evil.test", 1, ""],
  ["bad/an empty segment", "/a//b", 1, ""],
  ["bad/a scheme", "https://evil.test/x", 1, ""],
  ["bad/a dot-dot segment", "/a/../b", 1, ""],
  ["bad/a dot-dot at the end", "/a/..", 1, ""],
  ["bad/a dot segment", "/./a", 1, ""],
  ["bad/percent-encoding", "/%2e%2e/x", 1, ""],
  ["bad/a backslash", "/\\evil.test", 1, ""],
  ["bad/a query", "/a?b", 1, ""],
  ["bad/a fragment", "/a#b", 1, ""],
  ["bad/a space", "/a b", 1, ""],
  ["bad/a quote", '/a"b', 1, ""],
  ["bad/an angle bracket", "/<script>", 1, ""],
  ["bad/non-ASCII", "/caf\u00e9", 1, ""],
  [
    "bad/past the limit",
    "/" + "a".repeat(MAX_FORWARDED_PREFIX_CHARS),
    1,
    "",
  ],
];
for (const [name, value, hops, want] of PREFIXES) {
  Deno.test(`forwardedPrefix: ${name}`, () => {
    const req = new Request("http://10.0.0.5:8000/get", {
      headers: { "x-forwarded-prefix": value },
    });
    assert.equal(forwardedPrefix(req, hops), want);
  });
}

Deno.test("forwardedPrefix: a prefix at the limit is read", () => {
  const value = "/" + "a".repeat(MAX_FORWARDED_PREFIX_CHARS - 1);
  const req = new Request("http://h/", {
    headers: { "x-forwarded-prefix": value },
  });
  assert.equal(forwardedPrefix(req, 1), value);
});

const ADDRESSES: [string, Record<string, string>, number, string][] = [
  [
    "ok/Forwarded for= when no X-Forwarded-For came",
    {
      forwarded: 'for=6.6.6.6, for="[2001:db8::7]:1234"',
    },
    1,
    "2001:db8::7",
  ],
  [
    "ok/X-Forwarded-For before Forwarded",
    {
      "x-forwarded-for": "192.0.2.9",
      forwarded: "for=6.6.6.6",
    },
    1,
    "192.0.2.9",
  ],
  [
    "ok/no proxy trusted: neither is read",
    { forwarded: "for=6.6.6.6" },
    0,
    "127.0.0.9",
  ],
  [
    "bad/a malformed Forwarded: the peer",
    { forwarded: "for=6.6.6.6:80" },
    1,
    "127.0.0.9",
  ],
  [
    "bad/a Forwarded without for: the peer",
    { forwarded: "proto=https" },
    1,
    "127.0.0.9",
  ],
];
for (const [name, headers, hops, want] of ADDRESSES) {
  Deno.test(`clientAddress with Forwarded: ${name}`, () => {
    const req = new Request("http://wb.test/", { headers });
    const info = { remoteAddr: { hostname: "127.0.0.9" } };
    assert.equal(clientAddress(req, info, hops), want);
  });
}
