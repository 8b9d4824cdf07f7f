/** `/api/debug/sse` over real TCP: framing, flushing, resume, cleanup. */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { message, raw, startDebug, waitFor } from "../helpers/debug_server.ts";

interface Ev {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

/** Parses an event-stream text into its blocks (HTML §9.2.6, simplified). */
function parse(text: string): Ev[] {
  return text.split("\n\n").filter((b) => b.trim()).map((block) => {
    const ev: Record<string, string> = {};
    for (const line of block.split("\n")) {
      const i = line.indexOf(": ");
      ev[line.slice(0, i)] = line.slice(i + 2);
    }
    return ev;
  });
}

Deno.test("sse: count events with id, event, JSON data, then the end", async () => {
  const fixed = new Date("2024-01-02T03:04:05.678Z");
  const s = startDebug({}, () => fixed);
  try {
    const res = await fetch(
      `${s.base}/sse?count=3&interval=0&event=tick&retry=1500`,
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    assert.equal(res.headers.get("cache-control"), "no-store, no-transform");
    assert.equal(res.headers.get("content-encoding"), null);
    const events = parse(await res.text());
    assert.deepEqual(events[0], { retry: "1500" }, "retry first");
    assert.deepEqual(
      events.slice(1),
      [1, 2, 3].map((n) => ({
        id: String(n),
        event: "tick",
        data: JSON.stringify({ id: n, count: 3, time: fixed.toISOString() }),
      })),
    );
  } finally {
    await s.close();
  }
});

Deno.test("sse: defaults are 5 'message' events and no retry field", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/sse?interval=0`);
    const events = parse(await res.text());
    assert.equal(events.length, 5);
    assert.ok(events.every((e) => e.event === "message" && !e.retry));
    const last = JSON.parse(events[4].data!);
    assert.equal(last.id, 5);
    assert.equal(last.count, 5);
    assert.ok(!Number.isNaN(Date.parse(last.time)));
  } finally {
    await s.close();
  }
});

Deno.test("sse: each event is flushed when written", async () => {
  const s = startDebug();
  try {
    const t0 = performance.now();
    const res = await fetch(`${s.base}/sse?count=2&interval=1500`);
    assert.equal(res.status, 200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${text}`);
      text += value;
    }
    const first = performance.now() - t0;
    assert.match(text, /^id: 1\n/);
    assert.ok(
      first < 1000,
      `first event after ${first} ms, before the interval`,
    );
    while (!/id: 2/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const second = performance.now() - t0;
    assert.ok(second >= 1400, `second event after ${second} ms`);
    assert.equal((await reader.read()).done, true);
  } finally {
    await s.close();
  }
});

Deno.test("sse: Last-Event-ID resumes after it; nothing left is 204", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/sse?count=4&interval=0`, {
      headers: { "last-event-id": "2" },
    });
    const ids = parse(await res.text()).map((e) => e.id);
    assert.deepEqual(ids, ["3", "4"]);
    // Any id a number holds exactly is past the stream; one past 2^53 is
    // no id.
    for (const k of ["4", "9", "9007199254740991"]) {
      const done = await fetch(`${s.base}/sse?count=4&interval=0`, {
        headers: { "last-event-id": k },
      });
      assert.equal(done.status, 204);
      assert.equal(await done.text(), "");
      assert.equal(done.headers.get("access-control-allow-origin"), "*");
    }
    for (const id of ["abc", "9007199254740992"]) {
      const bad = await fetch(`${s.base}/sse?count=4`, {
        headers: { "last-event-id": id },
      });
      assert.equal(bad.status, 400);
      const p = await bad.json();
      assert.equal(p.param, "Last-Event-ID");
      assert.match(p.detail, /an event id, a decimal integer/);
    }
  } finally {
    await s.close();
  }
});

Deno.test("sse: never compressed, even when asked", async () => {
  const s = startDebug();
  try {
    const r = await raw(
      s.port,
      message("GET", "/api/debug/sse?count=2&interval=0", {
        "accept-encoding": "gzip, br",
      }),
    );
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("content-encoding"), undefined);
    assert.match(
      new TextDecoder().decode(r.body),
      /id: 1\nevent: message\ndata: /,
    );
    // HEAD answers at once with the length the 5 default events have
    // (RFC 9110 §8.6), without waiting for them.
    // Judged by the server's own timers, not a wall-clock bound a loaded
    // machine can overrun: every wait the debug API serves is one.
    const timers = s.ctx.timers.started;
    const head = await raw(s.port, message("HEAD", "/api/debug/sse"));
    assert.equal(s.ctx.timers.started, timers, "no interval waited");
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("content-type"), "text/event-stream");
    const full = await fetch(`${s.base}/sse?interval=0`);
    assert.equal(
      head.headers.get("content-length"),
      String((await full.arrayBuffer()).byteLength),
    );
    assert.equal(head.body.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("sse: a client leaving mid-stream stops the stream's timer", async () => {
  const s = startDebug();
  try {
    const ac = new AbortController();
    const res = await fetch(`${s.base}/sse?count=100&interval=5000`, {
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    await reader.read(); // the first event
    assert.equal(s.ctx.timers.active, 1, "waiting for event 2");
    ac.abort();
    await reader.closed.catch(() => {});
    await waitFor(() => s.ctx.timers.active === 0, "the timer to be freed");
    assert.equal(s.ctx.timers.cancelled, 1);
  } finally {
    await s.close();
  }
});

Deno.test("sse: over the whole app, too", async () => {
  const s = startServer();
  try {
    const res = await fetch(`${s.origin}/api/debug/sse?count=2&interval=0`);
    assert.equal(parse(await res.text()).length, 2);
  } finally {
    await s.close();
  }
});
