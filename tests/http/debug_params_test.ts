/**
 * The bad-input table over real TCP: every invalid code, count, duration,
 * method or oversized body gets a 4xx problem+json naming the parameter,
 * before anything else happens; valid edge values are answered.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { message, raw, startDebug } from "../helpers/debug_server.ts";

type Case = [
  name: string,
  method: string,
  path: string,
  status: number,
  param?: string,
];

const BAD: Case[] = [
  ["status 1xx", "GET", "/status/100", 400, "code"],
  ["status 101", "GET", "/status/101", 400, "code"],
  ["status 600", "GET", "/status/600", 400, "code"],
  ["status 99", "GET", "/status/99", 400, "code"],
  ["status word", "GET", "/status/ok", 400, "code"],
  ["status hex", "GET", "/status/0x1F", 400, "code"],
  ["status plus", "GET", "/status/+200", 400, "code"],
  ["status encoded space", "GET", "/status/%20200", 400, "code"],
  ["status exponent", "GET", "/status/2e2", 400, "code"],
  ["status 1e309", "GET", "/status/1e309", 400, "code"],
  ["status huge", "GET", "/status/" + "9".repeat(40), 400, "code"],
  ["status bad escape", "GET", "/status/%ZZ", 400, "code"],
  ["status lone percent", "GET", "/status/%", 400, "code"],
  ["status overlong utf8", "GET", "/status/%C0%AF", 400, "code"],
  ["status negative", "GET", "/status/-404", 400, "code"],
  ["status 1xx with sleep", "GET", "/status/100?sleep=5s", 400, "code"],
  ["sleep negative", "GET", "/status/200?sleep=-1", 400, "sleep"],
  ["sleep NaN", "GET", "/status/200?sleep=NaN", 400, "sleep"],
  ["sleep over limit", "GET", "/status/200?sleep=30001", 400, "sleep"],
  ["sleep over limit s", "GET", "/status/200?sleep=31s", 400, "sleep"],
  ["sleep unit", "GET", "/status/200?sleep=1h", 400, "sleep"],
  ["sleep empty", "GET", "/status/200?sleep=", 400, "sleep"],
  ["sleep 1e309", "GET", "/status/200?sleep=1e309", 400, "sleep"],
  ["sleep hex", "GET", "/status/200?sleep=0x1F", 400, "sleep"],
  ["sleep plus (encoded)", "GET", "/status/200?sleep=%2B5", 400, "sleep"],
  ["sleep plus (space)", "GET", "/status/200?sleep=+5", 400, "sleep"],
  ["sleep twice", "GET", "/status/200?sleep=1&sleep=2", 400, "sleep"],
  ["sleep on echo", "POST", "/echo?sleep=abc", 400, "sleep"],
  ["sleep on gzip", "GET", "/gzip?sleep=-5ms", 400, "sleep"],
  ["sleep on sse", "GET", "/sse?sleep=99s", 400, "sleep"],
  ["sleep on openapi", "GET", "/openapi.json?sleep=x", 400, "sleep"],
  ["sleep on redirect", "GET", "/redirect/2?sleep=1.5.5s", 400, "sleep"],
  ["redirect count 51", "GET", "/redirect/51", 400, "count"],
  ["redirect count -1", "GET", "/redirect/-1", 400, "count"],
  ["redirect count float", "GET", "/redirect/1.5", 400, "count"],
  ["redirect count empty-ish", "GET", "/redirect/%20", 400, "count"],
  ["redirect status 300", "GET", "/redirect/1?status=300", 400, "status"],
  ["redirect status 304", "GET", "/redirect/1?status=304", 400, "status"],
  ["redirect status text", "GET", "/redirect/1?status=found", 400, "status"],
  ["redirect absolute yes", "GET", "/redirect/1?absolute=yes", 400, "absolute"],
  ["sse count 0", "GET", "/sse?count=0", 400, "count"],
  ["sse count 1001", "GET", "/sse?count=1001", 400, "count"],
  ["sse count float", "GET", "/sse?count=2.5", 400, "count"],
  ["sse interval over", "GET", "/sse?interval=10001", 400, "interval"],
  ["sse interval negative", "GET", "/sse?interval=-1", 400, "interval"],
  ["sse event newline", "GET", "/sse?event=a%0Adata:x", 400, "event"],
  ["sse event empty", "GET", "/sse?event=", 400, "event"],
  ["sse retry over", "GET", "/sse?retry=10001", 400, "retry"],
  ["sse retry word", "GET", "/sse?retry=soon", 400, "retry"],
  ["gzip POST", "POST", "/gzip", 405, "method"],
  ["deflate PUT", "PUT", "/deflate", 405, "method"],
  ["brotli DELETE", "DELETE", "/brotli", 405, "method"],
  ["sse POST", "POST", "/sse", 405, "method"],
  ["openapi PATCH", "PATCH", "/openapi.json", 405, "method"],
  ["echo custom method", "FROB", "/echo", 405, "method"],
  ["unknown path", "GET", "/nope", 404],
  ["status without code", "GET", "/status", 404],
  ["status extra segment", "GET", "/status/200/x", 404],
  ["echo trailing slash", "GET", "/echo/", 404],
  ["double slash", "GET", "//echo", 404],
];

const OK: [name: string, method: string, path: string, status: number][] = [
  ["status 200", "GET", "/status/200", 200],
  ["status 599", "GET", "/status/599", 599],
  ["status 299 unassigned", "GET", "/status/299", 299],
  ["status encoded digits", "GET", "/status/%32%30%31", 201],
  ["status any method", "FROB", "/status/202", 202],
  ["status QUERY", "QUERY", "/status/200", 200],
  ["sleep 0", "GET", "/status/200?sleep=0", 200],
  ["sleep 1ms", "GET", "/status/200?sleep=1ms", 200],
  ["sleep 0.01s", "GET", "/status/200?sleep=0.01s", 200],
  ["sleep encoded", "GET", "/status/200?sleep=1%6Ds", 200],
  ["unknown query ignored", "GET", "/status/200?foo=bar&foo=baz", 200],
  ["redirect 0", "GET", "/redirect/0", 200],
  ["redirect 50", "GET", "/redirect/50", 302],
  ["redirect status 308", "GET", "/redirect/1?status=308", 308],
  ["echo QUERY", "QUERY", "/echo", 200],
  ["echo OPTIONS", "OPTIONS", "/echo", 200],
  ["echo DELETE", "DELETE", "/echo", 200],
  ["gzip OPTIONS", "OPTIONS", "/gzip", 204],
  ["sse count 1 interval 0", "GET", "/sse?count=1&interval=0", 200],
  ["sse event name", "GET", "/sse?count=1&interval=0&event=a.b:c", 200],
  ["openapi", "GET", "/openapi.json", 200],
];

function problemChecks(res: Response, body: Record<string, unknown>, c: Case) {
  const [name, , , status, param] = c;
  assert.equal(res.status, status, name);
  assert.equal(
    res.headers.get("content-type"),
    "application/problem+json",
    name,
  );
  assert.equal(res.headers.get("access-control-allow-origin"), "*", name);
  assert.match(res.headers.get("access-control-expose-headers")!, /Location/);
  assert.equal(
    res.headers.get("cache-control"),
    "no-store, no-transform",
    name,
  );
  assert.equal(body.type, "about:blank");
  assert.equal(body.status, status);
  assert.equal(typeof body.title, "string");
  assert.ok((body.detail as string).length > 10, name);
  if (param) {
    assert.equal(body.param, param, name);
    assert.ok(
      (body.detail as string).includes(param),
      `${name}: detail names ${param}`,
    );
  }
  if (status === 405) assert.ok(res.headers.get("allow"), `${name}: Allow`);
}

Deno.test("debug http bad/: every invalid input gets a 4xx problem naming it", async (t) => {
  const s = startServer();
  try {
    for (const c of BAD) {
      await t.step(`bad/${c[0]}`, async () => {
        const started = Date.now();
        const res = await fetch(s.origin + "/api/debug" + c[2], {
          method: c[1],
        });
        const body = await res.json();
        problemChecks(res, body, c);
        // Refused before anything else: no sleep was served first (the
        // one valid sleep in the table is 5 s; half of it leaves a loaded
        // machine room, where 1 s did not).
        assert.ok(Date.now() - started < 2500, `${c[0]} answered at once`);
      });
    }
  } finally {
    await s.close();
  }
});

/**
 * Checks of a whole value or a header, which the endpoint itself makes:
 * refused before a 3 s sleep begins too. [name, path, headers, status,
 * param].
 */
const BAD_CHECKED: [string, string, Record<string, string>, number, string][] =
  [
    ["redirect-to //host", "/redirect-to?url=//evil&sleep=3s", {}, 400, "url"],
    [
      "redirect-to a foreign host",
      "/redirect-to?url=http%3A%2F%2Fevil.example%2F&sleep=3s",
      {},
      400,
      "url",
    ],
    [
      "redirect-to javascript:",
      "/redirect-to?url=javascript:x&sleep=3s",
      {},
      400,
      "url",
    ],
    [
      "sse Last-Event-ID a word",
      "/sse?sleep=3s",
      { "last-event-id": "abc" },
      400,
      "Last-Event-ID",
    ],
    [
      "image nothing acceptable",
      "/image?sleep=3s",
      { accept: "text/html" },
      406,
      "Accept",
    ],
  ];

Deno.test("debug http bad/: an endpoint's own checks come before the sleep", async (t) => {
  const s = startServer();
  try {
    for (const [name, path, headers, status, param] of BAD_CHECKED) {
      await t.step(`bad/${name}`, async () => {
        const started = Date.now();
        const res = await fetch(s.origin + "/api/debug" + path, { headers });
        const body = await res.json();
        problemChecks(res, body, [name, "GET", path, status, param]);
        const ms = Date.now() - started;
        assert.ok(ms < 1500, `${name} answered at once, not after ${ms} ms`);
      });
    }
  } finally {
    await s.close();
  }
});

Deno.test("debug http ok/: valid edge values are answered", async (t) => {
  const s = startServer();
  try {
    for (const [name, method, path, status] of OK) {
      await t.step(`ok/${name}`, async () => {
        const res = await fetch(s.origin + "/api/debug" + path, {
          method,
          redirect: "manual",
        });
        await res.body?.cancel();
        assert.equal(res.status, status, name);
        assert.equal(res.headers.get("access-control-allow-origin"), "*");
      });
    }
  } finally {
    await s.close();
  }
});

Deno.test("debug http bad/: limits come from the limits module", async () => {
  const s = startDebug({
    maxSleepMs: 50,
    maxRedirects: 3,
    maxSseCount: 2,
    maxSseIntervalMs: 20,
  });
  try {
    const cases: Case[] = [
      ["tiny sleep", "GET", "/status/200?sleep=51", 400, "sleep"],
      ["tiny redirects", "GET", "/redirect/4", 400, "count"],
      ["tiny sse count", "GET", "/sse?count=3", 400, "count"],
      ["tiny interval", "GET", "/sse?interval=21", 400, "interval"],
    ];
    for (const c of cases) {
      const res = await fetch(s.base + c[2], { method: c[1] });
      const body = await res.json();
      problemChecks(res, body, c);
      assert.match(
        body.detail,
        /between 0( ms)? and (50|3|20)|between 1 and 2/,
      );
    }
    const ok = await fetch(s.base + "/status/200?sleep=50");
    await ok.body?.cancel();
    assert.equal(ok.status, 200);
  } finally {
    await s.close();
  }
});

Deno.test("debug http bad/: fuzzed paths and queries never get a 500", async () => {
  const s = startServer();
  const pieces = [
    "%",
    "%%",
    "%FF",
    "%C3%28",
    "%00",
    "1e309",
    "0x1F",
    "+5",
    "%205",
    "",
    "-0",
    "9".repeat(30),
    "NaN",
    "Infinity",
    "ğ",
    "%E2%80%AE",
    "..",
    "a=b=c",
    "&&",
    "__proto__",
    "constructor",
  ];
  const seen = new Set<number>();
  try {
    for (const p of pieces) {
      for (
        const path of [
          `/status/${p}`,
          `/redirect/${p}`,
          `/status/200?sleep=${p}`,
          `/redirect/2?status=${p}&absolute=${p}`,
          `/sse?count=${p}&interval=${p}`,
          `/sse?event=${p}&retry=${p}`,
          `/echo?${p}=${p}`,
          `/${p}`,
          `/echo/${p}`,
        ]
      ) {
        const res = await fetch(s.origin + "/api/debug" + path, {
          redirect: "manual",
        });
        const text = await res.text();
        seen.add(res.status);
        assert.ok(res.status < 500, `${path} -> ${res.status} ${text}`);
        assert.notEqual(res.status, 0);
        assert.ok(
          res.status === 204 || res.status === 302 || text.length > 0,
          `${path}: a reply with content`,
        );
        if (
          res.status >= 400 &&
          new URL(res.url).pathname.startsWith("/api/debug")
        ) {
          assert.equal(
            res.headers.get("content-type"),
            "application/problem+json",
          );
          assert.equal(JSON.parse(text).status, res.status);
        }
      }
    }
    assert.ok(seen.has(400) && seen.has(404) && seen.has(200));
  } finally {
    await s.close();
  }
});

Deno.test("debug http: TRACE (which fetch refuses to send) over raw TCP", async () => {
  const s = startServer();
  try {
    const echo = await raw(s.port, message("TRACE", "/api/debug/echo"));
    assert.equal(echo.status, 405);
    assert.match(echo.headers.get("allow")!, /QUERY/);
    assert.equal(
      JSON.parse(new TextDecoder().decode(echo.body)).param,
      "method",
    );
    const status = await raw(s.port, message("TRACE", "/api/debug/status/203"));
    assert.equal(status.status, 203);
  } finally {
    await s.close();
  }
});
