/**
 * The embeddable API over real TCP: options, a free port, `await using`,
 * and two instances side by side that share nothing.
 */
import assert from "node:assert/strict";
import { createDebugHandler, startDebugServer } from "./mod.ts";
import { STOP_GRACE_MS } from "./core/serve_stop.ts";

Deno.test("mod: startDebugServer picks a free port, serves under the base, closes with await using", async () => {
  let url: string;
  {
    await using server = await startDebugServer();
    url = server.url;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/api\/debug$/);
    assert.ok(server.port > 0);
    const res = await fetch(`${url}/status/418`);
    assert.equal(res.status, 418);
    assert.deepEqual(await res.json(), {
      status: 418,
      statusText: "I'm a teapot",
    });
    const outside = await fetch(url.replace("/api/debug", "/other"));
    assert.equal(outside.status, 404);
    assert.equal(
      outside.headers.get("content-type"),
      "application/problem+json",
    );
    await outside.body?.cancel();
  }
  await assert.rejects(fetch(`${url}/status/200`), "closed after the scope");
});

Deno.test("mod: two instances with different options see nothing of each other", async () => {
  await using a = await startDebugServer({
    limits: { maxSleepMs: 50, rateLimitPerMinute: 2 },
  });
  await using b = await startDebugServer({
    base: "/",
    limits: { maxRedirects: 1 },
  });
  // Limits: each enforces its own.
  const slow = await fetch(`${a.url}/status/200?sleep=60`);
  assert.equal(slow.status, 400);
  assert.equal((await slow.json()).param, "sleep");
  const ok = await fetch(`${b.url}/status/200?sleep=60`);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  const far = await fetch(`${b.url}/redirect/2`, { redirect: "manual" });
  assert.equal(far.status, 400);
  await far.body?.cancel();
  // Rate counters: a's two tokens are spent (the refused sleep took one);
  // b has no limit at all.
  const second = await fetch(`${a.url}/status/200`);
  assert.equal(second.status, 200);
  await second.body?.cancel();
  const third = await fetch(`${a.url}/status/200`);
  assert.equal(third.status, 429);
  await third.body?.cancel();
  for (let i = 0; i < 5; i++) {
    const r = await fetch(`${b.url}/status/204`);
    assert.equal(r.status, 204);
  }
  assert.equal(a.handler.context.rate?.clients, 1);
  assert.equal(b.handler.context.rate, null);
  // Timers and shutdown: b's sleep is b's alone, and draining b leaves a.
  const sleeping = fetch(`${b.url}/status/200?sleep=20s`);
  while (b.handler.context.timers.active === 0) {
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(a.handler.context.timers.active, 0);
  b.handler.drain();
  const refused = await sleeping;
  assert.equal(refused.status, 503);
  await refused.body?.cancel();
  assert.equal(a.handler.context.life.draining, false);
  assert.equal(b.handler.context.life.draining, true);
});

Deno.test("mod: every Location and openapi.json URL follows the base, the root included", async () => {
  for (const base of ["/", "/api/debug", "/ci/http-bin"]) {
    await using s = await startDebugServer({ base });
    const prefix = base === "/" ? "" : base;
    assert.equal(s.url, `http://127.0.0.1:${s.port}${prefix}`);
    const hop = await fetch(`${s.url}/redirect/2?x=1`, { redirect: "manual" });
    assert.equal(hop.headers.get("location"), `${prefix}/redirect/1?x=1`);
    const abs = await fetch(`${s.url}/redirect/1?absolute=true`, {
      redirect: "manual",
    });
    assert.equal(
      abs.headers.get("location"),
      `http://127.0.0.1:${s.port}${prefix}/redirect/0?absolute=true`,
    );
    const found = await fetch(`${s.url}/status/302`, { redirect: "manual" });
    assert.equal(found.headers.get("location"), `${prefix}/redirect/0`);
    await found.body?.cancel();
    const followed = await fetch(`${s.url}/redirect/3`);
    assert.deepEqual(await followed.json(), { done: true });
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    for (const p of Object.keys(doc.paths)) {
      assert.ok(
        p === (prefix || "/") || p.startsWith(`${prefix}/`),
        `${base}: ${p}`,
      );
    }
    if (base !== "/api/debug") {
      assert.ok(!JSON.stringify(doc).includes("/api/debug"), base);
    }
  }
});

Deno.test("mod: the handler is a plain fetch handler and refuses bad options", async () => {
  const handler = createDebugHandler({ base: "/x/" });
  assert.equal(handler.base, "/x");
  const res = await handler(new Request("http://h/x/status/201"));
  assert.equal(res.status, 201);
  await res.body?.cancel();
  for (
    const bad of [
      { base: "x" },
      { base: "/a/../b" },
      { base: "/a//b" },
      // Router patterns: a parameter, a wildcard, a group.
      { base: "/:tenant" },
      { base: "/a*" },
      { base: "/(a)" },
      { limits: { toString: 1 } },
      { limits: { constructor: 1 } },
      { redirectHosts: [null] },
      { redirectHosts: [1] },
      { corsOrigins: [null] },
      { now: () => 0 },
      { now: () => new Date(NaN) },
      { limits: { maxSleep: 1 } },
      { limits: { maxSleepMs: -5 } },
      { redirectHosts: ["http://x"] },
      { corsOrigins: ["*"] },
      { corsOrigins: ["https://x.test/"] },
      { corsOrigins: ["x.test"] },
      { corsOrigins: ["http://x.test:99999"] },
      { corsOrigins: ["http://1.2.3.256"] },
    ]
  ) {
    assert.throws(
      () => createDebugHandler(bad as Parameters<typeof createDebugHandler>[0]),
      RangeError,
      JSON.stringify(bad),
    );
  }
  // Of the wrong type, or unknown: refused by name, not ignored or coerced
  // (a string of origins was read a character at a time).
  const named: [Record<string, unknown>, RegExp][] = [
    [{ limit: { maxSleepMs: 1 } }, /unknown debug option "limit"/],
    [{ limits: null }, /limits must be an object/],
    [{ limits: [1] }, /limits must be an object/],
    // A number written as a string says it was one.
    [
      { limits: { maxSleepMs: "5" } },
      /limit maxSleepMs must be a non-negative integer, got "5"$/,
    ],
    [{ redirectHosts: ["http://x"] }, /^redirectHosts: "http:\/\/x"/],
    [{ redirectHosts: "example.com" }, /redirectHosts must be an array/],
    [{ corsOrigins: "https://x.test" }, /corsOrigins must be an array/],
    [{ seed: { a: 1 } }, /seed must be a string or a number/],
    [{ seed: NaN }, /seed must be a string or a number/],
    [{ secret: 5 }, /secret must be a non-empty string/],
    [{ secret: "" }, /secret must be a non-empty string/],
    [{ now: "today" }, /now must be a function/],
    [{ base: 5 }, /base must be a string/],
  ];
  for (const [bad, message] of named) {
    assert.throws(
      () => createDebugHandler(bad as Parameters<typeof createDebugHandler>[0]),
      { name: "RangeError", message },
      JSON.stringify(bad),
    );
  }
});

Deno.test("mod: a default above a lowered limit is the limit, served and documented alike", async () => {
  const handler = createDebugHandler({
    limits: {
      maxSseCount: 3,
      maxSseIntervalMs: 50,
      maxBytes: 5,
      maxSleepMs: 1000,
    },
  });
  const get = (path: string) =>
    handler(new Request(`http://127.0.0.1/api/debug${path}`));
  // 3 events (not the default 5), 50 ms apart at most (not 1000).
  const t0 = performance.now();
  const sse = await (await get("/sse")).text();
  assert.equal(sse.match(/^id: /gm)?.length, 3);
  // Wall time is the point: the default interval would take 2 s.
  assert.ok(
    performance.now() - t0 < 1_900,
    "the default interval is the limit",
  );
  // /drip's 10 bytes by default are the 5 maxBytes allows, over 1 s at most.
  const drip = await get("/drip?duration=0");
  assert.equal(drip.status, 200);
  assert.equal(await drip.text(), "*****");
  const doc = await (await get("/openapi.json")).json();
  // Parameters are shared components, referenced by each operation.
  const param = (path: string, name: string) => {
    for (const ref of doc.paths[`/api/debug${path}`].get.parameters) {
      const p = doc.components.parameters[ref.$ref.split("/").pop()];
      if (p.name === name) return p.schema;
    }
  };
  assert.equal(param("/sse", "count").default, 3);
  assert.equal(param("/drip", "numbytes").default, 5);
  assert.equal(param("/drip", "duration").default, "1");
});

/** A connection that sends 3 of the 10 body bytes it announces, then waits. */
async function quietUpload(port: number): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(
      "POST /api/debug/post HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc",
    ),
  );
  return conn;
}

/** The first bytes the server sends on `conn`, as text. */
async function firstReply(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(4096);
  const n = await conn.read(buf);
  return new TextDecoder().decode(buf.subarray(0, n ?? 0));
}

/** Whether `server.close()` settles within `ms`. */
async function closesWithin(
  server: { close(): Promise<void> },
  ms: number,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = await Promise.race([
    server.close().then(() => true),
    new Promise<false>((r) => timer = setTimeout(() => r(false), ms)),
  ]);
  clearTimeout(timer);
  return closed;
}

Deno.test("mod: close() returns at once though a client that went quiet mid-body still holds its connection after the 408", async () => {
  const server = await startDebugServer({ limits: { bodyIdleMs: 100 } });
  const conn = await quietUpload(server.port);
  try {
    assert.match(await firstReply(conn), /^HTTP\/1\.1 408 /);
    const t0 = performance.now();
    assert.ok(
      await closesWithin(server, 3000),
      "close() still pending after 3 s",
    );
    // Wall time is the point: waiting on the upload takes the whole grace.
    assert.ok(performance.now() - t0 < STOP_GRACE_MS);
  } finally {
    conn.close();
  }
});

Deno.test("mod: close() returns at once when it cuts an upload whose client went quiet, which reads its 503", async () => {
  // Shut down before the cut upload's 503 was handed over, Deno waited for
  // the rest of the body: close() hung as long as the client stayed.
  const server = await startDebugServer();
  const conn = await quietUpload(server.port);
  try {
    // The handler is waiting for the rest of the body.
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(
      await closesWithin(server, 3000),
      "close() still pending after 3 s",
    );
    assert.match(await firstReply(conn), /^HTTP\/1\.1 503 /);
  } finally {
    conn.close();
  }
});

Deno.test("mod: a server on all interfaces gives a url its own certificate verifies", async () => {
  await using server = await startDebugServer({
    hostname: "0.0.0.0",
    tls: true,
  });
  assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+\/api\/debug$/);
  const client = Deno.createHttpClient({ caCerts: [server.certificate!] });
  try {
    const res = await fetch(`${server.url}/get`, { client });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  } finally {
    client.close();
  }
});

Deno.test("mod: startDebugServer refuses a bad port, hostname or tls with a RangeError, before listening", async () => {
  const named: [Record<string, unknown>, RegExp][] = [
    [{ port: 1.5 }, /port must be an integer from 0 to 65535/],
    [{ port: NaN }, /port must be an integer from 0 to 65535/],
    [{ port: -1 }, /port must be an integer from 0 to 65535/],
    [{ port: 70000 }, /port must be an integer from 0 to 65535/],
    [{ hostname: "" }, /hostname must be a non-empty string/],
    [{ tls: "yes" }, /tls must be true, false or \{ cert, key \}/],
    [{ tls: 1 }, /tls must be true, false or \{ cert, key \}/],
    [{ tls: null }, /tls must be true, false or \{ cert, key \}/],
    [{ basePath: "/x" }, /unknown debug option "basePath"/],
    // The server's own options are among those it names.
    [
      { signal: 1 },
      /unknown debug option "signal"; known: .*port, hostname, tls/,
    ],
    [{ hostname: "bad host" }, /^hostname "bad host" is not a host/],
  ];
  for (const [bad, message] of named) {
    await assert.rejects(
      () => startDebugServer(bad as Parameters<typeof startDebugServer>[0]),
      { name: "RangeError", message },
      JSON.stringify(bad),
    );
  }
});

Deno.test("mod: finished settles once the server has stopped", async () => {
  const server = await startDebugServer();
  let done = false;
  const finished = server.finished.then(() => done = true);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(done, false);
  await server.close();
  await finished;
  assert.equal(done, true);
});

Deno.test("mod: an option left undefined, or a server's options given to the handler, are accepted", () => {
  const options: Parameters<typeof startDebugServer>[0] = {
    base: "/",
    port: 0,
    hostname: "127.0.0.1",
    tls: false,
    seed: undefined,
  };
  assert.equal(createDebugHandler(options).base, "/");
});

Deno.test("mod: corsOrigins: Vary names Origin once beside the endpoint's own, never beside *; without the option nothing varies by Origin", async () => {
  const allowed = "https://suite.test";
  const listed = createDebugHandler({
    corsOrigins: [allowed],
    limits: { rateLimitPerMinute: 1 },
  });
  const plain = createDebugHandler();
  const call = async (
    handler: typeof plain,
    path: string,
    headers: Record<string, string> = {},
    method = "GET",
  ) => {
    const res = await handler(
      new Request(`http://wb.test/api/debug${path}`, { method, headers }),
      // Each call its own client, so the rate limit of 1 is only met below.
      {
        remoteAddr: {
          transport: "tcp",
          hostname: `10.0.0.${++peer}`,
          port: 1,
        },
      } as Deno.ServeHandlerInfo,
    );
    await res.body?.cancel();
    return {
      status: res.status,
      vary: res.headers.get("vary"),
      acao: res.headers.get("access-control-allow-origin"),
      acac: res.headers.get("access-control-allow-credentials"),
    };
  };
  let peer = 0;
  const from = { origin: allowed };
  const CASES: [string, typeof plain, string, Record<string, string>, {
    status: number;
    vary: string | null;
    acao: string;
    acac: string | null;
  }, string?][] = [
    // The allowed origin depends on the request: every answer varies.
    ["ok/own-vary-kept", listed, "/gzip", from, {
      status: 200,
      vary: "Accept-Encoding, Origin",
      acao: allowed,
      acac: "true",
    }],
    ["ok/other-origin", listed, "/get", { origin: "https://evil.test" }, {
      status: 200,
      vary: "Origin",
      acao: "*",
      acac: null,
    }],
    ["ok/no-origin", listed, "/etag/v1", {}, {
      status: 200,
      vary: "Origin",
      acao: "*",
      acac: null,
    }],
    // Fetch serializes origins in lower case; one sent otherwise is still
    // the listed origin, and the answer names it as sent.
    ["ok/origin-any-case", listed, "/get", { origin: "HTTPS://Suite.Test" }, {
      status: 200,
      vary: "Origin",
      acao: "HTTPS://Suite.Test",
      acac: "true",
    }],
    ["bad/origin-null", listed, "/get", { origin: "null" }, {
      status: 200,
      vary: "Origin",
      acao: "*",
      acac: null,
    }],
    ["bad/other-scheme", listed, "/get", { origin: "http://suite.test" }, {
      status: 200,
      vary: "Origin",
      acao: "*",
      acac: null,
    }],
    // Already named, in any case, or covered by *: not added again.
    ["ok/vary-origin-lower", listed, "/response-headers?Vary=origin", from, {
      status: 200,
      vary: "origin",
      acao: allowed,
      acac: "true",
    }],
    ["ok/vary-list", listed, "/response-headers?Vary=Accept,%20Origin", from, {
      status: 200,
      vary: "Accept, Origin",
      acao: allowed,
      acac: "true",
    }],
    ["ok/vary-star", listed, "/response-headers?Vary=*", from, {
      status: 200,
      vary: "*",
      acao: allowed,
      acac: "true",
    }],
    // Outside every endpoint: the 404 and a preflight there.
    ["ok/unknown-path", listed, "/nope", from, {
      status: 404,
      vary: "Origin",
      acao: allowed,
      acac: "true",
    }],
    ["ok/unknown-path-preflight", listed, "/nope", {
      ...from,
      "access-control-request-method": "PUT",
    }, {
      status: 204,
      vary:
        "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      acao: allowed,
      acac: "true",
    }, "OPTIONS"],
    // Without the option every origin gets the same `*`: nothing varies.
    ["ok/default-get", plain, "/get", from, {
      status: 200,
      vary: null,
      acao: "*",
      acac: null,
    }],
    ["ok/default-gzip", plain, "/gzip", from, {
      status: 200,
      vary: "Accept-Encoding",
      acao: "*",
      acac: null,
    }],
    ["ok/default-unknown-path", plain, "/nope", from, {
      status: 404,
      vary: null,
      acao: "*",
      acac: null,
    }],
  ];
  for (const [name, handler, path, headers, want, method] of CASES) {
    assert.deepEqual(await call(handler, path, headers, method), want, name);
  }
  // The rate limit's 429 outside every endpoint keeps the origin's answer.
  const info = {
    remoteAddr: { transport: "tcp", hostname: "10.9.9.9", port: 1 },
  } as Deno.ServeHandlerInfo;
  let last: Response | undefined;
  for (let i = 0; i < 2; i++) {
    last = await listed(
      new Request("http://wb.test/api/debug/nope", { headers: from }),
      info,
    );
    await last.body?.cancel();
  }
  assert.equal(last!.status, 429);
  assert.equal(last!.headers.get("access-control-allow-origin"), allowed);
  assert.equal(last!.headers.get("vary"), "Origin");
});
