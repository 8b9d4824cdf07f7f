import assert from "node:assert/strict";
import { announcement, socketAnnouncement } from "./announce.ts";
import type { RunResponse } from "./run.ts";
import type { WsEntry, WsState } from "./use_websocket.ts";

function response(patch: Partial<RunResponse>): RunResponse {
  return {
    kind: "response",
    status: 200,
    statusText: "OK",
    headers: [],
    body: "",
    image: null,
    hex: null,
    bytes: 0,
    stream: false,
    redirected: false,
    url: "http://h/",
    ttfbMs: 5,
    ms: 15,
    cutOff: null,
    ...patch,
  };
}

/** [name, response, what the live region says] */
const CASES: [string, Partial<RunResponse>, string][] = [
  ["ok/with a phrase", {}, "Status 200 OK, 15 milliseconds."],
  [
    "ok/no phrase sent (HTTP/2): the registered one",
    { status: 404, statusText: "" },
    "Status 404 Not Found, 15 milliseconds.",
  ],
  [
    "ok/unregistered code without a phrase: no stray space",
    { status: 299, statusText: "" },
    "Status 299 Unassigned, 15 milliseconds.",
  ],
  [
    "ok/redirects followed",
    { redirected: true },
    "Status 200 OK, 15 milliseconds, after following redirects.",
  ],
];
for (const [name, patch, want] of CASES) {
  Deno.test(`announcement: ${name}`, () => {
    const said = announcement(response(patch), null, false);
    assert.equal(said, want);
    assert.doesNotMatch(said, / ,/);
  });
}

function socket(patch: Partial<WsState>, log: [WsEntry["dir"], string][] = []) {
  return {
    phase: "open",
    url: "ws://h/api/debug/websocket/echo",
    close: null,
    ...patch,
    log: log.map(([dir, text], at) => ({ dir, text, binary: false, at })),
  } as WsState;
}

/** [name, socket, what the live region says] */
const SOCKET_CASES: [string, WsState | null, string][] = [
  ["none yet", null, ""],
  [
    "connecting",
    socket({ phase: "connecting" }),
    "Connecting the WebSocket.",
  ],
  [
    "open, nothing sent",
    socket({}),
    "WebSocket open: messages you send come back.",
  ],
  // What the person sent is theirs: only the reply is said, each time
  // (the region empties between, so the same reply is said again).
  ["a message sent", socket({}, [["sent", "hi"]]), ""],
  [
    "its echo received",
    socket({}, [["sent", "hi"], ["received", "hi"]]),
    "Received: hi",
  ],
  [
    "a long message is said in part",
    socket({}, [["received", "x".repeat(500)]]),
    `Received: ${"x".repeat(200)}…`,
  ],
  [
    "closed by the user",
    socket({
      phase: "closed",
      close: { code: 1000, reason: "closed by the user", clean: true },
    }, [["sent", "hi"], ["received", "hi"]]),
    "WebSocket closed: 1000 (normal closure): closed by the user.",
  ],
  [
    "closed without a close frame",
    socket({
      phase: "closed",
      close: { code: 1006, reason: "", clean: false },
    }),
    "WebSocket closed: 1006 (abnormal closure (no close frame)).",
  ],
  [
    "an unnamed code",
    socket({ phase: "closed", close: { code: 4000, reason: "", clean: true } }),
    "WebSocket closed: 4000.",
  ],
];
for (const [name, ws, want] of SOCKET_CASES) {
  Deno.test(`socketAnnouncement: ${name}`, () => {
    assert.equal(socketAnnouncement(ws), want);
  });
}
