/**
 * A WebSocket exchange as it happens: connection state, a message box
 * with Send, a Disconnect button, one row per message sent or received
 * (newest last), and the close code and reason once the socket closes.
 */
import { useState } from "preact/hooks";
import { closeText, type WsState } from "./use_websocket.ts";

const PHASE: Record<WsState["phase"], string> = {
  connecting: "Connecting…",
  open: "Open: messages you send come back",
  closed: "Closed",
};

/** Props of {@link WsView}. */
export interface WsViewProps {
  ws: WsState | null;
  uid: string;
  onSend: (text: string) => void;
  onDisconnect: () => void;
}

/** The result panel of the WebSocket runner. */
export function WsView({ ws, uid, onSend, onDisconnect }: WsViewProps) {
  const [text, setText] = useState("hello");
  if (!ws) return null;
  const open = ws.phase === "open";
  const send = (e: Event) => {
    e.preventDefault();
    if (open) onSend(text);
  };
  return (
    <div class="result result-ws" data-testid="ws" data-phase={ws.phase}>
      <div class="result-summary">
        {ws.phase !== "connecting" && (ws.close === null || ws.log.length > 0 ||
          ws.close.code !== 1006) &&
          (
            <span class="status status-2xx">
              <span data-testid="result-status">101</span>{" "}
              <span class="status-text">Switching Protocols</span>
            </span>
          )}
        <span class={`metric phase phase-${ws.phase}`}>{PHASE[ws.phase]}</span>
        {ws.close && (
          <span class="metric" data-testid="ws-close-code">
            {closeText(ws.close)}
          </span>
        )}
        {ws.phase !== "closed" && (
          <button
            type="button"
            class="stop"
            data-testid="ws-disconnect"
            onClick={onDisconnect}
          >
            Disconnect
          </button>
        )}
      </div>
      <form class="ws-send" onSubmit={send}>
        <label for={`${uid}-ws-message`}>Message</label>
        <input
          id={`${uid}-ws-message`}
          data-testid="ws-input"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" data-testid="ws-send" disabled={!open}>
          Send
        </button>
      </form>
      {ws.log.length > 0 && (
        <ol class="sse-events ws-log" data-testid="ws-log" tabIndex={0}>
          {ws.log.map((m, i) => (
            <li
              key={i}
              class={`sse-event ws-${m.dir}`}
              data-testid="ws-message"
              data-dir={m.dir}
            >
              <span class="sse-name">
                {m.dir === "sent" ? "→ sent" : "← received"}
              </span>
              <code class="sse-data">{m.text}</code>
              <span class="sse-at muted">+{Math.round(m.at)} ms</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
