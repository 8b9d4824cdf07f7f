/** The WebSocket frames of an entry (Chrome's `_webSocketMessages`). */
import type { WsMessage } from "../../lib/har/detail.ts";

/** WebSocket frames: direction, opcode and data (text frames are opcode 1). */
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
              <td>{m.data}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
