/** The WebSocket frames of an entry (Chrome's `_webSocketMessages`). */
import type { WsMessage } from "../../lib/har/detail.ts";
import { exactMs, formatCount } from "../../lib/shared/format.ts";

/** A frame's time from the request's start: `+141.394 ms`. */
function offset(ms: number): string {
  if (!Number.isFinite(ms)) return "";
  return `${ms >= 0 ? "+" : ""}${exactMs(ms)}`;
}

/**
 * WebSocket frames: direction, opcode, time, length and data (text frames
 * are opcode 1), as DevTools' Messages tab lists them: the time from the
 * request's start (the moment, UTC, on hover), the length in bytes (a
 * binary frame's decoded).
 */
export function WsTable({ rows, total }: { rows: WsMessage[]; total: number }) {
  return (
    <>
      {total > rows.length && (
        <p class="muted small">First {rows.length} of {total} messages.</p>
      )}
      <table class="har-kv har-ws" aria-label="WebSocket messages">
        <thead>
          <tr>
            <th scope="col">Direction</th>
            <th scope="col">Time</th>
            <th scope="col">Length</th>
            <th scope="col">Data</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m, k) => (
            <tr key={k} class={`ws-${m.type}`}>
              <th scope="row">
                {m.type === "send"
                  ? "↑ sent"
                  : m.type === "receive"
                  ? "↓ received"
                  : m.type}
                {m.opcode > 1 && ` (opcode ${m.opcode})`}
              </th>
              <td
                class="har-ws-time"
                title={Number.isFinite(m.time) && Math.abs(m.time) < 1e11
                  ? new Date(m.time * 1000).toISOString()
                  : undefined}
              >
                {/* Files from before `at` existed have none (old workers). */}
                {offset(m.at ?? NaN)}
              </td>
              <td
                class="har-ws-length"
                title={m.length === undefined
                  ? undefined
                  : `${formatCount(m.length)} ${
                    m.length === 1 ? "byte" : "bytes"
                  }`}
              >
                {m.length === undefined ? "" : formatCount(m.length)}
              </td>
              <td>{m.data}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
