/** The WebSocket frames of an entry (Chrome's `_webSocketMessages`). */
import type { WsMessage } from "../../lib/har/detail.ts";
import { exactMs } from "../../lib/shared/format.ts";

/**
 * WebSocket frames: direction, opcode, time and data (text frames are
 * opcode 1). The time is the offset from the first frame's, the moment (UTC)
 * on hover, as DevTools' Messages tab lists them.
 */
export function WsTable({ rows, total }: { rows: WsMessage[]; total: number }) {
  const first = rows.find((m) => Number.isFinite(m.time))?.time ?? NaN;
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
                {Number.isFinite(m.time)
                  ? `+${exactMs((m.time - first) * 1000)}`
                  : ""}
              </td>
              <td>{m.data}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
