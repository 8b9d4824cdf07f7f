/**
 * Instance limits over real TCP: the long-request cap (503 + Retry-After,
 * slots freed on completion, disconnect and stream cancel), the opt-in
 * per-client rate limit (429 + Retry-After) and drain without signals.
 */
import assert from "node:assert/strict";
import type { DebugLimits } from "../../lib/debug/mod.ts";
import { startDebug, waitFor } from "../helpers/debug_server.ts";

function start(limits: Partial<DebugLimits>) {
  return startDebug(limits);
}

async function assertRefused(res: Response, status: number, retry: string) {
  assert.equal(res.status, status);
  assert.equal(res.headers.get("retry-after"), retry);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.match(
    res.headers.get("access-control-expose-headers") ?? "",
    /Retry-After/,
  );
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = await res.json();
  assert.equal(body.status, status);
  assert.equal(typeof body.detail, "string");
}

Deno.test("cap: sleeps hold slots; one more gets 503 before sleeping; disconnect and completion free them", async () => {
  const s = start({ maxLongRequests: 2 });
  const held = [new AbortController(), new AbortController()];
  const pending = held.map((ac) =>
    fetch(`${s.base}/status/200?sleep=10s`, { signal: ac.signal }).catch(
      () => null,
    )
  );
  try {
    await waitFor(() => s.ctx.life.active === 2, "two sleeps held");
    const t0 = performance.now();
    await assertRefused(await fetch(`${s.base}/echo?sleep=5s`), 503, "1");
    // Wall time is the point: the sleep would take 5 s.
    assert.ok(performance.now() - t0 < 2000, "refused before sleeping");
    assert.equal(s.ctx.timers.active, 2, "the refused request set no timer");
    // Short requests are not long-lived: still served.
    const ok = await fetch(`${s.base}/status/201`);
    assert.equal(ok.status, 201);
    await ok.body?.cancel();
    held[0].abort();
    await waitFor(() => s.ctx.life.active === 1, "disconnect frees a slot");
    const short = await fetch(`${s.base}/status/200?sleep=20ms`);
    assert.equal(short.status, 200);
    await short.body?.cancel();
    assert.equal(s.ctx.life.active, 1, "completion frees its slot");
    held[1].abort();
    await waitFor(() => s.ctx.life.active === 0, "all slots free");
    assert.equal(s.ctx.timers.active, 0);
  } finally {
    held.forEach((ac) => ac.abort());
    await Promise.all(pending);
    await s.close();
  }
});

Deno.test("cap: an SSE stream holds a slot until it ends or the client cancels", async () => {
  const s = start({ maxLongRequests: 1 });
  try {
    const res = await fetch(`${s.base}/sse?count=5&interval=10s`);
    const reader = res.body!.getReader();
    await reader.read(); // first event
    assert.equal(s.ctx.life.active, 1);
    assert.equal(s.ctx.life.streams, 1);
    await assertRefused(await fetch(`${s.base}/sse?interval=0`), 503, "1");
    // HEAD and a finished resume (204) hold nothing.
    const head = await fetch(`${s.base}/sse`, { method: "HEAD" });
    assert.equal(head.status, 200);
    await reader.cancel();
    await waitFor(() => s.ctx.life.active === 0, "cancel frees the slot");
    assert.equal(s.ctx.life.streams, 0);
    await waitFor(() => s.ctx.timers.active === 0, "and its timer");
    const done = await fetch(`${s.base}/sse?count=3&interval=0`);
    assert.equal((await done.text()).split("id: ").length - 1, 3);
    await waitFor(() => s.ctx.life.active === 0, "completion frees the slot");
    const gone = await fetch(`${s.base}/sse?count=3`, {
      headers: { "last-event-id": "3" },
    });
    assert.equal(gone.status, 204);
    assert.equal(s.ctx.life.active, 0);
  } finally {
    await s.close();
  }
});

Deno.test("rate: opt-in per-client limit answers 429 with Retry-After; preflights pass", async () => {
  const s = start({ rateLimitPerMinute: 3 });
  try {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${s.base}/status/200`);
      assert.equal(r.status, 200);
      await r.body?.cancel();
    }
    await assertRefused(await fetch(`${s.base}/status/200`), 429, "20");
    await assertRefused(await fetch(`${s.base}/nope`), 429, "20");
    const pre = await fetch(`${s.base}/echo`, {
      method: "OPTIONS",
      headers: { "access-control-request-method": "PUT" },
    });
    assert.equal(pre.status, 204);
    assert.equal(s.ctx.rate!.clients, 1);
  } finally {
    await s.close();
  }
});

Deno.test("rate: off by default", async () => {
  const s = start({});
  try {
    assert.equal(s.ctx.rate, null);
    for (let i = 0; i < 50; i++) {
      const r = await fetch(`${s.base}/status/204`);
      assert.equal(r.status, 204);
    }
  } finally {
    await s.close();
  }
});

Deno.test("drain: SSE ends cleanly with a comment, waiting sleeps and new long requests get 503", async () => {
  const s = start({});
  try {
    const sse = await fetch(`${s.base}/sse?count=100&interval=10s`);
    const reader = sse.body!.pipeThrough(new TextDecoderStream()).getReader();
    assert.match((await reader.read()).value!, /^id: 1\n/);
    const sleeping = fetch(`${s.base}/status/200?sleep=20s`);
    await waitFor(() => s.ctx.life.active === 2, "both held");
    s.ctx.life.drain();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += value;
    }
    assert.match(rest, /^: server shutting down/);
    await assertRefused(await sleeping, 503, "5");
    await assertRefused(await fetch(`${s.base}/status/200?sleep=1`), 503, "5");
    await assertRefused(await fetch(`${s.base}/sse`), 503, "5");
    const short = await fetch(`${s.base}/echo`, { method: "POST", body: "x" });
    assert.equal(short.status, 200);
    await short.body?.cancel();
    await waitFor(() => s.ctx.life.active === 0, "nothing held");
    assert.equal(s.ctx.timers.active, 0);
    assert.equal(s.ctx.life.streams, 0);
  } finally {
    await s.close();
  }
});

Deno.test("rate and origin behind a trusted proxy: the client is the X-Forwarded-For entry it vouches for, so each client has its own bucket and none can write its address; without the option, httpbin's first entry and one bucket", async () => {
  const behind = start({ rateLimitPerMinute: 2, trustedProxies: 1 });
  try {
    const as = async (xff: string, path = "/status/200") => {
      const r = await fetch(`${behind.base}${path}`, {
        headers: { "x-forwarded-for": xff },
      });
      return r;
    };
    // A client that writes its own entry first: the proxy's is the last.
    const ip = await as("6.6.6.6, 10.0.0.1", "/ip");
    assert.deepEqual(await ip.json(), { origin: "10.0.0.1" });
    assert.equal((await as("10.0.0.1")).status, 200);
    await assertRefused(await as("10.0.0.1"), 429, "30");
    // Another client behind the same proxy keeps its own bucket.
    const other = await as("10.0.0.2", "/get");
    assert.equal(other.status, 200);
    assert.equal((await other.json()).origin, "10.0.0.2");
    assert.equal(behind.ctx.rate!.clients, 2);
  } finally {
    await behind.close();
  }
  const plain = start({ rateLimitPerMinute: 2 });
  try {
    const r = await fetch(`${plain.base}/ip`, {
      headers: { "x-forwarded-for": "6.6.6.6, 10.0.0.1" },
    });
    assert.deepEqual(await r.json(), { origin: "6.6.6.6" });
    const again = await fetch(`${plain.base}/ip`, {
      headers: { "x-forwarded-for": "10.0.0.2" },
    });
    await again.body?.cancel();
    // Both from this machine: one bucket.
    assert.equal(plain.ctx.rate!.clients, 1);
  } finally {
    await plain.close();
  }
});
