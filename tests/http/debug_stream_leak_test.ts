/**
 * Abandoned streams over real TCP: 1,000 clients in all open `/drip`,
 * `/stream/{n}`, `/stream-bytes/{n}` or a WebSocket, take a little, then
 * leave (cancel the body, close the socket). In phases, like
 * debug_leak_test.ts: after each one every timer, slot and guarded stream
 * is back to zero, and the heap after a full GC does not grow from phase
 * to phase. The control shows the measurement catches 2 KB kept per
 * abandoned stream.
 */
import assert from "node:assert/strict";
import {
  type DebugServer,
  startDebug,
  waitFor,
} from "../helpers/debug_server.ts";
import { heapAfterGc } from "../helpers/heap.ts";

const PHASES = 5;
const PER_PHASE = 200;
const AT_ONCE = 20;

/** Reads one chunk of a streamed body, then leaves. */
async function readThenCancel(url: string): Promise<void> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  const reader = res.body!.getReader();
  const first = await reader.read();
  assert.ok(!first.done && first.value.length > 0, url);
  await reader.cancel();
}

/** Opens a WebSocket, gets one echo, closes it. */
async function wsOnce(base: string, i: number): Promise<void> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/websocket/echo`);
  const closed = new Promise((r) => ws.addEventListener("close", r));
  try {
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => ws.send(`m${i}`);
      ws.onmessage = (e) => e.data === `m${i}` ? resolve() : reject(e.data);
      ws.onerror = () => reject(new Error("websocket failed"));
    });
  } finally {
    ws.close();
    await closed;
  }
}

function one(s: DebugServer, i: number): Promise<void> {
  switch (i % 4) {
    case 0: // 50 bytes over 5 s: left after the first
      return readThenCancel(`${s.base}/drip?duration=5&numbytes=50&n=${i}`);
    case 1:
      return readThenCancel(`${s.base}/stream/100?n=${i}`);
    case 2:
      return readThenCancel(
        `${s.base}/stream-bytes/1048576?chunk_size=1024&seed=${i}`,
      );
    default:
      return wsOnce(s.base, i);
  }
}

/** Waits until the instance holds nothing: no timer, slot or stream. */
async function settled(s: DebugServer): Promise<void> {
  const c = s.ctx;
  await waitFor(
    () => c.timers.active === 0 && c.life.active === 0 && c.life.streams === 0,
    "every timer, slot and stream released",
    10_000,
  ).catch((err) => {
    throw new Error(
      `${err.message}: timers ${c.timers.active}, slots ${c.life.active}, streams ${c.life.streams}`,
    );
  });
}

/** Heap after GC at the end of each phase, everything settled. */
async function phaseHeaps(
  s: DebugServer,
  keep: (i: number) => void = () => {},
): Promise<number[]> {
  const heaps: number[] = [];
  let n = 0;
  for (let p = 0; p < PHASES; p++) {
    for (let i = 0; i < PER_PHASE; i += AT_ONCE) {
      await Promise.all(Array.from({ length: AT_ONCE }, () => {
        const k = n++;
        keep(k);
        return one(s, k);
      }));
    }
    await settled(s);
    heaps.push(await heapAfterGc());
  }
  return heaps;
}

/** Whether every phase after the warm-up adds more than 150 KB. */
function grows(heaps: number[]): boolean {
  const steps = heaps.slice(2).map((h, i) => h - heaps[i + 1]);
  return steps.every((d) => d > 150_000);
}

const mb = (hs: number[]) => hs.map((h) => (h / 2 ** 20).toFixed(2)).join(", ");

Deno.test("stream leak: 1,000 abandoned drips, streams, byte streams and WebSockets leave nothing behind", async () => {
  const s = startDebug();
  try {
    const heaps = await phaseHeaps(s);
    const c = s.ctx;
    assert.equal(c.timers.active, 0);
    assert.equal(c.life.active, 0);
    assert.equal(c.life.streams, 0);
    // The drips and sockets really held slots, and the drips were left
    // with writes still planned.
    const total = PHASES * PER_PHASE;
    assert.ok(c.life.granted >= total / 2, `${c.life.granted} slots granted`);
    assert.ok(
      c.timers.cancelled >= total / 4,
      `${c.timers.cancelled} drip timers cancelled`,
    );
    assert.ok(!grows(heaps), `heap per phase (MB): ${mb(heaps)}`);
    for (const h of heaps.slice(2)) {
      assert.ok(h - heaps[1] < 2 ** 20, `heap per phase (MB): ${mb(heaps)}`);
    }
  } finally {
    await s.close();
  }
});

Deno.test("stream leak: control - the measurement catches 2 KB kept per stream", async () => {
  const s = startDebug();
  const kept: number[][] = [];
  try {
    // On the JS heap, as a leaked closure or buffer list would be.
    const heaps = await phaseHeaps(
      s,
      (i) => kept.push(new Array(256).fill(i + 0.5)),
    );
    assert.ok(grows(heaps), `heap per phase (MB): ${mb(heaps)}`);
    assert.ok(
      heaps[PHASES - 1] - heaps[1] >= (PHASES - 2) * PER_PHASE * 1800,
      `${kept.length} kept; heap per phase (MB): ${mb(heaps)}`,
    );
  } finally {
    await s.close();
  }
});

/**
 * Upgrades to a WebSocket over raw TCP, sends one masked frame, and drops
 * the connection without a close frame (a client that crashed or lost its
 * network).
 */
async function wsDropped(port: number): Promise<void> {
  const c = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const key = btoa(String.fromCharCode(...crypto.getRandomValues(
      new Uint8Array(16),
    )));
    await c.write(new TextEncoder().encode(
      `GET /api/debug/websocket/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    ));
    const buf = new Uint8Array(1024);
    const n = await c.read(buf);
    const head = new TextDecoder().decode(buf.subarray(0, n ?? 0));
    assert.match(head, /^HTTP\/1\.1 101 /);
    // "hi", masked (RFC 6455 §5.3): a client frame must be.
    const mask = [1, 2, 3, 4];
    await c.write(Uint8Array.from([0x81, 0x82, ...mask, 0x68 ^ 1, 0x69 ^ 2]));
  } finally {
    c.close();
  }
}

Deno.test("stream leak: WebSockets dropped without a close frame leave nothing behind", async () => {
  // Deno's own idle timer (120 s of pings by default) kept each such
  // socket, about 4.5 kB of heap, for some 30 s after it was gone.
  const s = startDebug();
  try {
    const heaps: number[] = [];
    for (let p = 0; p < 4; p++) {
      for (let i = 0; i < 300; i += 30) {
        await Promise.all(Array.from({ length: 30 }, () => wsDropped(s.port)));
      }
      await settled(s);
      heaps.push(await heapAfterGc());
    }
    for (const h of heaps.slice(2)) {
      assert.ok(h - heaps[1] < 2 ** 19, `heap per phase (MB): ${mb(heaps)}`);
    }
  } finally {
    await s.close();
  }
});
