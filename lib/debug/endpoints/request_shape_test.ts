/** httpbin's request and body shapes. */
import assert from "node:assert/strict";
import {
  bodyShape,
  canonicalHeaders,
  clientOrigin,
  dataUrl,
  queryArgs,
  requestShape,
  requestUrl,
} from "./request_shape.ts";
import * as shape from "./request_shape.ts";
import { createDebugHandler } from "../mod.ts";
import { RequestText } from "../core/request_text.ts";

const text = new RequestText();

Deno.test("request_shape: ok/canonicalHeader is imported from core/request_text.ts, not through here", () => {
  assert.equal("canonicalHeader" in shape, false);
});

Deno.test("canonicalHeaders: ok/repeats joined with a comma and a space", () => {
  const h = new Headers();
  h.append("x-a", "1");
  h.append("X-A", "2");
  h.set("accept", "*/*");
  // Set-Cookie too, which Headers hands out one at a time.
  h.append("set-cookie", "a=1");
  h.append("Set-Cookie", "b=2");
  const req = new Request("http://wb.test/", { headers: h });
  req.headers.set("host", "wb.test");
  assert.deepEqual(canonicalHeaders(req, text), {
    Accept: "*/*",
    Host: "wb.test",
    "Set-Cookie": "a=1, b=2",
    "X-A": "1, 2",
  });
});

Deno.test("canonicalHeaders: ok/an HTTP/2 request's :authority shows as Host", () => {
  // Deno puts :authority in the URL and sends no Host header (RFC 9113
  // §8.3.1); a Request made here has none either.
  const req = new Request("https://localhost:8443/get", {
    headers: { accept: "*/*" },
  });
  assert.deepEqual(canonicalHeaders(req, text), {
    Host: "localhost:8443",
    Accept: "*/*",
  });
});

const ARGS: [string, string, Record<string, unknown>][] = [
  ["ok/empty", "", {}],
  ["ok/single", "a=1", { a: "1" }],
  ["ok/repeat is an array", "a=1&a=2&b=3", { a: ["1", "2"], b: "3" }],
  ["ok/no value", "flag", { flag: "" }],
  ["ok/escapes and +", "q=a+b%26c", { q: "a b&c" }],
  ["ok/__proto__", "__proto__=x", { ["__proto__"]: "x" }],
];
for (const [name, query, want] of ARGS) {
  Deno.test(`queryArgs: ${name}`, () => {
    const got = queryArgs(query);
    assert.deepEqual(got, want);
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
  });
}

const ORIGINS: [string, Record<string, string>, string][] = [
  ["ok/peer address", {}, "127.0.0.9"],
  [
    "ok/first X-Forwarded-For",
    { "x-forwarded-for": "203.0.113.5, 10.0.0.1" },
    "203.0.113.5",
  ],
  ["bad/empty X-Forwarded-For falls back to the peer", {
    "x-forwarded-for": " , x",
  }, "127.0.0.9"],
  [
    "bad/a long value is cut",
    { "x-forwarded-for": "a".repeat(500) },
    "a".repeat(100),
  ],
];
for (const [name, headers, want] of ORIGINS) {
  Deno.test(`clientOrigin: ${name}`, () => {
    const info = {
      remoteAddr: { transport: "tcp", hostname: "127.0.0.9", port: 5 },
    };
    assert.equal(
      clientOrigin(new Request("http://x/", { headers }), info),
      want,
    );
  });
}

const URLS: [string, Record<string, string>, string][] = [
  ["ok/as received", {}, "http://wb.test/a?b=1"],
  [
    "ok/https from a proxy",
    { "x-forwarded-proto": "https" },
    "https://wb.test/a?b=1",
  ],
  [
    "ok/upper case proto",
    { "x-forwarded-proto": " HTTPS " },
    "https://wb.test/a?b=1",
  ],
  [
    "bad/another scheme ignored",
    { "x-forwarded-proto": "javascript" },
    "http://wb.test/a?b=1",
  ],
];
for (const [name, headers, want] of URLS) {
  Deno.test(`requestUrl: ${name}`, () => {
    assert.equal(
      requestUrl(new Request("http://wb.test/a?b=1", { headers })),
      want,
    );
  });
}

Deno.test("dataUrl: ok/RFC 2397 URLs", () => {
  assert.equal(
    dataUrl(new Uint8Array([0xff, 0xfe, 0]), "application/octet-stream"),
    "data:application/octet-stream;base64,//4A",
  );
});

const enc = (s: string) => new TextEncoder().encode(s);
const post = (type: string | null) =>
  new Request("http://x/", {
    method: "POST",
    headers: type ? { "content-type": type } : {},
  });

const BODIES: [string, string | null, Uint8Array, Record<string, unknown>][] = [
  ["ok/empty", null, new Uint8Array(0), {
    data: "",
    form: {},
    files: {},
    json: null,
  }],
  ["ok/JSON", "application/json", enc('{"a":[1,2]}'), {
    data: '{"a":[1,2]}',
    form: {},
    files: {},
    json: { a: [1, 2] },
  }],
  ["ok/JSON whatever the type", "text/plain", enc("[1]"), {
    data: "[1]",
    form: {},
    files: {},
    json: [1],
  }],
  ["ok/text that is not JSON", "text/plain", enc("hi"), {
    data: "hi",
    form: {},
    files: {},
    json: null,
  }],
  [
    "ok/urlencoded form",
    "application/x-www-form-urlencoded",
    enc("a=1&a=2&b=x"),
    {
      data: "",
      form: { a: ["1", "2"], b: "x" },
      files: {},
      json: null,
    },
  ],
  [
    "ok/not UTF-8 is a data URL",
    "application/octet-stream",
    new Uint8Array([0xff, 0xfe, 0]),
    {
      data: "data:application/octet-stream;base64,//4A",
      form: {},
      files: {},
      json: null,
    },
  ],
  [
    "bad/a form type with bytes that are not UTF-8 is shown as data",
    "application/x-www-form-urlencoded",
    new Uint8Array([0xff]),
    {
      data: "data:application/octet-stream;base64,/w==",
      form: {},
      files: {},
      json: null,
    },
  ],
];
for (const [name, type, body, want] of BODIES) {
  Deno.test(`bodyShape: ${name}`, async () => {
    assert.deepEqual(await bodyShape(post(type), body, text), want);
  });
}

Deno.test("bodyShape: ok/multipart files are text, or a data URL of their type", async () => {
  const fd = new FormData();
  fd.append("f", "v");
  fd.append("t", new File(["text file"], "t.txt", { type: "text/plain" }));
  fd.append(
    "b",
    new File([new Uint8Array([0xff])], "b.png", { type: "image/png" }),
  );
  fd.append("b", new File([new Uint8Array([0xfe])], "b2"));
  const req = new Request("http://x/", { method: "POST", body: fd });
  const body = new Uint8Array(await req.arrayBuffer());
  assert.deepEqual(await bodyShape(req, body, text), {
    data: "",
    form: { f: "v" },
    files: {
      t: "text file",
      b: [
        "data:image/png;base64,/w==",
        "data:application/octet-stream;base64,/g==",
      ],
    },
    json: null,
  });
});

Deno.test("requestShape: ok/R has exactly httpbin's fields", () => {
  const r = requestShape(
    new Request("http://wb.test/get?a=1&a=2", { headers: { "x-b": "1" } }),
    "a=1&a=2",
    { remoteAddr: { hostname: "::1" } },
    text,
  );
  assert.deepEqual(r, {
    args: { a: ["1", "2"] },
    // No Host header, as over HTTP/2: the URL's authority stands in.
    headers: { Host: "wb.test", "X-B": "1" },
    origin: "::1",
    url: "http://wb.test/get?a=1&a=2",
  });
});

// Through the handler: the field order and set of each reflecting endpoint.
const handler = createDebugHandler({ limits: { maxSleepMs: 2000 } });
const R = ["args", "headers", "origin", "url"];
const RB = [
  "args",
  "data",
  "files",
  "form",
  "headers",
  "json",
  "origin",
  "url",
];
const SHAPES: [string, string, string, string[]][] = [
  ["ok//get", "GET", "/get", R],
  ["ok//post", "POST", "/post", RB],
  ["ok//put", "PUT", "/put", RB],
  ["ok//patch", "PATCH", "/patch", RB],
  ["ok//delete", "DELETE", "/delete", RB],
  ["ok//anything", "PROPFIND", "/anything/a/b", [
    ...RB.slice(0, 6),
    "method",
    ...RB.slice(6),
  ]],
  ["ok//anything QUERY", "QUERY", "/anything", [
    ...RB.slice(0, 6),
    "method",
    ...RB.slice(6),
  ]],
  ["ok//delay/0", "POST", "/delay/0", RB],
  ["ok//delay/0.05", "GET", "/delay/0.05", RB],
  ["ok//headers", "GET", "/headers", ["headers"]],
  ["ok//ip", "GET", "/ip", ["origin"]],
  ["ok//user-agent", "GET", "/user-agent", ["user-agent"]],
];
for (const [name, method, path, keys] of SHAPES) {
  Deno.test(`request handler: ${name}`, async () => {
    const res = await handler(
      new Request(`http://wb.test/api/debug${path}`, {
        method,
        body: method === "GET" ? undefined : "{}",
        headers: { "user-agent": "t/1" },
      }),
    );
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.deepEqual(Object.keys(body), keys);
    if (body.method) assert.equal(body.method, method);
    if (body.json !== undefined) {
      assert.deepEqual(body.json, method === "GET" ? null : {});
    }
  });
}

const WRONG: [string, string, string, string][] = [
  ["bad//get POST", "POST", "/get", "GET, HEAD, OPTIONS"],
  ["bad//post GET", "GET", "/post", "POST, OPTIONS"],
  ["bad//put DELETE", "DELETE", "/put", "PUT, OPTIONS"],
  ["bad//patch PUT", "PUT", "/patch", "PATCH, OPTIONS"],
  ["bad//delete GET", "GET", "/delete", "DELETE, OPTIONS"],
  ["bad//headers POST", "POST", "/headers", "GET, HEAD, OPTIONS"],
];
for (const [name, method, path, allow] of WRONG) {
  Deno.test(`request handler: ${name} is 405 with Allow`, async () => {
    const res = await handler(
      new Request(`http://wb.test/api/debug${path}`, { method }),
    );
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), allow);
    assert.equal((await res.json()).param, "method");
  });
}

Deno.test("request handler: bad//delay over the sleep limit, alone or with sleep", async () => {
  for (
    const path of ["/delay/3", "/delay/1.5?sleep=600", "/delay/-1", "/delay/x"]
  ) {
    const res = await handler(new Request(`http://wb.test/api/debug${path}`));
    assert.equal(res.status, 400, path);
    const p = await res.json();
    assert.ok(["seconds", "sleep"].includes(p.param), path);
  }
});

// python httpbin's get_url also takes X-Forwarded-Protocol, and
// X-Forwarded-Ssl: on as https (httpbin/helpers.py), as some proxies send.
const HTTPBIN_PROXY_SCHEMES: [string, Record<string, string>, string][] = [
  [
    "ok/x-forwarded-protocol",
    { "x-forwarded-protocol": "https" },
    "https",
  ],
  ["ok/x-forwarded-ssl-on", { "x-forwarded-ssl": "on" }, "https"],
  [
    "ok/x-forwarded-proto-first",
    { "x-forwarded-proto": "http", "x-forwarded-ssl": "on" },
    "http",
  ],
  ["bad/x-forwarded-ssl-off", { "x-forwarded-ssl": "off" }, "http"],
];
for (const [name, headers, scheme] of HTTPBIN_PROXY_SCHEMES) {
  Deno.test({
    name: `requestUrl: httpbin's other proxy headers: ${name}`,
    fn: () => {
      assert.equal(
        requestUrl(new Request("http://wb.test/a?b=1", { headers })),
        `${scheme}://wb.test/a?b=1`,
      );
    },
  });
}
