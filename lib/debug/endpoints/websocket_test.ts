/** The subprotocol the WebSocket echo agrees to (RFC 6455 §4.2.2). */
import assert from "node:assert/strict";
import { firstSubprotocol } from "./websocket.ts";

const CASES: [string, string | null, string | undefined][] = [
  ["ok/the first offered", "chat, superchat", "chat"],
  ["ok/empty list elements skipped", " , ,chat", "chat"],
  ["ok/none offered", null, undefined],
  ["bad/not a token", "a b, chat", undefined],
  ["bad/only empty elements", " , ", undefined],
];

for (const [name, header, want] of CASES) {
  Deno.test(`firstSubprotocol: ${name}`, () => {
    const h = new Headers();
    if (header !== null) h.set("sec-websocket-protocol", header);
    assert.equal(firstSubprotocol(h), want);
  });
}
