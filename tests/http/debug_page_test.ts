/**
 * The /debug page as served over real TCP, without running any script:
 * the reference is complete from the catalog, the runners are there for
 * hydration, and every documented example works against the same server.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { createApp } from "../../server/app.ts";
import { recordSamples } from "../../components/debug/samples.ts";

const app = createApp();
const catalog = app.debug.catalog;

Deno.test("runner page: server-rendered reference covers the whole catalog", async () => {
  const server = startServer(app.fetch);
  try {
    const res = await fetch(`${server.origin}/debug`);
    assert.equal(res.status, 200);
    assert.match(
      res.headers.get("content-security-policy") ?? "",
      /script-src 'self'/,
    );
    const html = await res.text();
    // A JSON data block (the runners' shared catalog) runs nothing: the
    // HTML Standard's "data block", which no CSP governs.
    assert.doesNotMatch(
      html,
      /<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/,
      "no inline script",
    );
    // Relative to the page, so a mount under a path keeps it (app_path.ts).
    assert.match(html, /href="\.\/api\/debug\/openapi.json"/);
    for (const ep of catalog) {
      assert.match(html, new RegExp(`<section[^>]*id="${ep.id}"`), ep.id);
      assert.match(
        html,
        new RegExp(`data-testid="runner" data-endpoint="${ep.id}"`),
        `runner ${ep.id}`,
      );
      for (const p of ep.params) {
        assert.ok(
          html.includes(`data-param-doc="${p.name}"`),
          `${ep.id} ${p.name}`,
        );
      }
      for (const ex of ep.examples) {
        assert.ok(html.includes(ex.url.replaceAll("&", "&amp;")), ex.url);
      }
    }
    // Runner URLs are absolute before hydration too.
    assert.ok(html.includes(`${server.origin}/api/debug/status/418`));
  } finally {
    await server.close();
  }
});

/** What a WebSocket at `url` answers to `message`. */
async function wsEcho(url: URL, message: string): Promise<string> {
  const ws = new WebSocket(url);
  try {
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onerror = fail;
    });
    const reply = new Promise<string>((ok) => {
      ws.onmessage = (e) => ok(String(e.data));
    });
    ws.send(message);
    return await reply;
  } finally {
    const closed = new Promise((ok) => ws.onclose = ok);
    ws.close();
    await closed;
  }
}

Deno.test("runner page: every documented example gets a documented status, never a refusal of its input", async () => {
  const server = startServer(app.fetch);
  try {
    for (const ep of catalog) {
      for (const ex of ep.examples) {
        const url = new URL(ex.url, server.origin);
        url.searchParams.delete("sleep");
        if (ep.responses.some((r) => r.status === "101")) {
          url.protocol = "ws:";
          assert.equal(await wsEcho(url, "ping"), "ping", ex.url);
          continue;
        }
        for (const p of ep.params) {
          if (p.wait) url.searchParams.set(p.name, "0");
        }
        const res = await fetch(url, {
          method: ex.method ?? "GET",
          redirect: "manual",
        });
        const body =
          res.headers.get("content-type") === "application/problem+json"
            ? await res.json()
            : (await res.body?.cancel(), null);
        // 418, 503 and 401 are what those examples ask for; a refusal of
        // the example's own parameters is not.
        const documented = ep.responses.some((r) =>
          r.status === "default" || r.status === String(res.status) ||
          (r.status.endsWith("XX") && r.status[0] === String(res.status)[0] &&
            r !== ep.responses.at(-1))
        );
        assert.ok(documented, `${ex.url}: ${res.status} is documented`);
        assert.ok(
          body === null || ![400, 405, 413, 415].includes(body.status),
          `${ex.url}: ${JSON.stringify(body)}`,
        );
      }
    }
  } finally {
    await server.close();
  }
});

Deno.test("runner page: samples are recorded from the real handlers", async () => {
  const samples = await recordSamples(app.fetch, catalog);
  const teapot = samples.get("status#0")!;
  assert.equal(teapot.status, 418);
  assert.deepEqual(JSON.parse(teapot.body), {
    status: 418,
    statusText: "I'm a teapot",
  });
  assert.equal(samples.get("status#1")!.note, "recorded without the sleep");
  assert.equal(JSON.parse(samples.get("brotli#0")!.body).brotli, true);
  assert.equal(samples.get("redirect#0")!.status, 302);
  assert.match(samples.get("sse#0")!.body, /^id: 1$/m);
  const echo = JSON.parse(samples.get("echo#1")!.body);
  assert.deepEqual(echo.json, { hello: "world" });
});

Deno.test("runner page: recording the samples never waits (a delay's seconds, a drip's duration are 0)", async () => {
  let slowest = ["", 0] as [string, number];
  const timed = async (req: Request) => {
    const t0 = performance.now();
    const res = await app.fetch(req);
    const body = await res.arrayBuffer().catch(() => new ArrayBuffer(0));
    const ms = performance.now() - t0;
    if (ms > slowest[1]) slowest = [req.url, ms];
    return new Response(body, res);
  };
  const samples = await recordSamples(timed, catalog);
  // Every wait in the examples is 1 s or more; answers take milliseconds
  // (the bound leaves a loaded CI machine room, and still sees a wait).
  assert.ok(slowest[1] < 900, `${slowest[0]} took ${slowest[1]} ms`);
  const delay = samples.get("delay#0")!;
  assert.equal(delay.note, "recorded with seconds 0");
  assert.match(JSON.parse(delay.body).url, /\/delay\/0$/);
});

Deno.test("runner page: the samples are recorded whatever the rate limit (the page's requests are not a client's)", async () => {
  const limited = createApp({ debug: { limits: { rateLimitPerMinute: 1 } } });
  const server = startServer(limited.fetch);
  try {
    const html = await (await fetch(`${server.origin}/debug`)).text();
    assert.doesNotMatch(html, /Too Many Requests|status-4[0-9]{2}">429/);
    assert.match(html, /I&#39;m a teapot|I'm a teapot/);
  } finally {
    await server.close();
  }
});
