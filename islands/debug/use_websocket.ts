/**
 * The runner's WebSocket: connects to the prepared URL (http → ws), keeps
 * a log of what was sent and received, and reports how the socket closed
 * (RFC 6455 §7.4 code and reason). One socket per runner; a new connect
 * closes the old one, and leaving the page closes it.
 */
import { useEffect, useRef, useState } from "preact/hooks";

/** One line of the exchange. */
export interface WsEntry {
  dir: "sent" | "received";
  /** The text, or a description of a binary message. */
  text: string;
  binary: boolean;
  /** Milliseconds since the socket was opened. */
  at: number;
}

/** The socket's state as shown. */
export interface WsState {
  phase: "connecting" | "open" | "closed";
  url: string;
  log: WsEntry[];
  /** How it closed, once it has. */
  close: { code: number; reason: string; clean: boolean } | null;
}

/** RFC 6455 §7.4.1 names of the codes the echo endpoint uses. */
const CODES: Record<number, string> = {
  1000: "normal closure",
  1001: "going away",
  1006: "abnormal closure (no close frame)",
  1009: "message too big",
};

/** How a socket closed, as shown and said: "1000 (normal closure): why". */
export function closeText(close: NonNullable<WsState["close"]>): string {
  return `${close.code}${CODES[close.code] ? ` (${CODES[close.code]})` : ""}${
    close.reason ? `: ${close.reason}` : ""
  }`;
}

/** The `ws:`/`wss:` URL for an `http:`/`https:` one. */
export function socketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http/, "ws");
}

/** Most entries kept: a long session must not grow the page without bound. */
const MAX_LOG = 200;

/** Hook: `ws` state and its controls. */
export function useWebSocket() {
  const [ws, setWs] = useState<WsState | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const opened = useRef(0);

  const push = (e: Omit<WsEntry, "at">) =>
    setWs((s) =>
      s && {
        ...s,
        log: [...s.log, { ...e, at: performance.now() - opened.current }]
          .slice(-MAX_LOG),
      }
    );

  const disconnect = () => socket.current?.close(1000, "closed by the user");

  const connect = (httpUrl: string) => {
    disconnect();
    const url = socketUrl(httpUrl);
    const s = new WebSocket(url);
    s.binaryType = "arraybuffer";
    socket.current = s;
    opened.current = performance.now();
    setWs({ phase: "connecting", url, log: [], close: null });
    // Each handler speaks only for the runner's current socket: one closed
    // by a newer Connect still delivers its last messages and its close
    // event, which would land in the new socket's log and mark it closed.
    s.onopen = () => {
      if (socket.current !== s) return;
      opened.current = performance.now();
      setWs((w) => w && { ...w, phase: "open" });
    };
    s.onmessage = (e) => {
      if (socket.current !== s) return;
      const binary = typeof e.data !== "string";
      push({
        dir: "received",
        binary,
        text: binary
          ? `(binary, ${(e.data as ArrayBuffer).byteLength} bytes)`
          : e.data,
      });
    };
    s.onclose = (e) => {
      if (socket.current !== s) return;
      socket.current = null;
      setWs((w) =>
        w && {
          ...w,
          phase: "closed",
          close: { code: e.code, reason: e.reason, clean: e.wasClean },
        }
      );
    };
  };

  const send = (text: string) => {
    const s = socket.current;
    if (!s || s.readyState !== WebSocket.OPEN) return;
    s.send(text);
    push({ dir: "sent", binary: false, text });
  };

  useEffect(() => () => socket.current?.close(1001, "page closed"), []);

  return { ws, connect, send, disconnect };
}
