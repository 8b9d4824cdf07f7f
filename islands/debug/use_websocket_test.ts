/**
 * The runner's WebSocket hook speaks for its current socket only: run with
 * no DOM (tests/helpers/hooks.ts) over a stand-in WebSocket.
 */
import assert from "node:assert/strict";
import { renderHook } from "../../tests/helpers/hooks.ts";
import { useWebSocket } from "./use_websocket.ts";

/** A WebSocket whose events the test fires; every one made is kept. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = "blob";
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose:
    | ((e: { code: number; reason: string; wasClean: boolean }) => void)
    | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {} // its close event comes later, as a real socket's does
}

/** `WebSocket` is the stand-in until disposed. */
function fakeSockets() {
  const g = globalThis as { WebSocket: unknown };
  const before = g.WebSocket;
  g.WebSocket = FakeSocket;
  FakeSocket.made = [];
  return { [Symbol.dispose]: () => void (g.WebSocket = before) };
}

Deno.test("runner websocket: a second Connect ignores the first socket's late messages and close", async () => {
  using _ = fakeSockets();
  await using run = await renderHook(() => useWebSocket(), undefined);
  await run.act(() => run.current.connect("http://127.0.0.1:1/ws"));
  const [first] = FakeSocket.made;
  await run.act(() => first.onopen!());
  assert.equal(run.current.ws?.phase, "open");
  await run.act(() => run.current.connect("http://127.0.0.1:1/ws?again"));
  const second = FakeSocket.made[1];
  // The first socket, closing, still delivers what was on its way.
  await run.act(() => {
    first.onmessage!({ data: "hello-from-first" });
    first.onclose!({
      code: 1000,
      reason: "closed by the user",
      wasClean: true,
    });
  });
  assert.deepEqual(run.current.ws, {
    phase: "connecting",
    url: "ws://127.0.0.1:1/ws?again",
    log: [],
    close: null,
  });
  // The second one's own events still count.
  await run.act(() => second.onopen!());
  await run.act(() => second.onmessage!({ data: "echo" }));
  assert.equal(run.current.ws?.phase, "open");
  assert.deepEqual(run.current.ws?.log.map((e) => e.text), ["echo"]);
});
