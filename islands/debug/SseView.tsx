/**
 * A server-sent event stream as it arrives: connection state, status and
 * headers once open, elapsed time, a stop button, and one row per event
 * (id, event name, data, arrival time).
 */
import { ResultView } from "./ResultView.tsx";
import { Duration, HeadersTable } from "./ResponseView.tsx";
import { statusClass } from "../../lib/shared/status.ts";
import { statusText } from "../../lib/debug/core/status_text.ts";
import type { SsePhase, SseState } from "./use_sse.ts";

const PHASE: Record<SsePhase, string> = {
  connecting: "Connecting…",
  open: "Open, receiving events",
  reconnecting: "Connection lost; the browser is reconnecting",
  complete: "Complete: the last event arrived",
  stopped: "Stopped by you",
  closed: "Closed by the server",
  failed: "The stream did not open",
};

/** Props of {@link SseView}. */
export interface SseViewProps {
  sse: SseState | null;
  /** Events the request asked for. */
  expected: number;
  onStop: () => void;
}

function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data));
  } catch {
    return data;
  }
}

/** The result panel of the SSE runner. */
export function SseView({ sse, expected, onStop }: SseViewProps) {
  if (!sse) return null;
  const live = sse.phase === "connecting" || sse.phase === "open" ||
    sse.phase === "reconnecting";
  return (
    <div class="result result-sse" data-phase={sse.phase}>
      <div class="result-summary">
        {sse.response && (
          <span class={`status status-${statusClass(sse.response.status)}`}>
            <span data-testid="result-status">{sse.response.status}</span>{" "}
            <span class="status-text">
              {sse.response.statusText || statusText(sse.response.status)}
            </span>
          </span>
        )}
        <span class={`metric phase phase-${sse.phase}`}>
          {PHASE[sse.phase]}
        </span>
        <span class="metric">
          <span data-testid="sse-count">{sse.events.length}</span> of {expected}
          {" "}
          events
        </span>
        <Duration ms={sse.ms} />
        {live && (
          <button
            type="button"
            class="stop"
            data-testid="stop"
            onClick={onStop}
          >
            Stop
          </button>
        )}
      </div>
      {sse.failure && (
        <>
          <p class="result-note">
            The server's answer was no event stream:
          </p>
          <ResultView
            result={sse.failure}
            startedAt={null}
            sent={null}
            onCancel={() => {}}
          />
        </>
      )}
      {sse.response && (
        <details class="sse-headers" open>
          <summary>
            Response headers ({sse.response.headers.length})
          </summary>
          <HeadersTable headers={sse.response.headers} />
        </details>
      )}
      {sse.events.length > 0 && (
        <ol class="sse-events" data-testid="sse-events" tabIndex={0}>
          {sse.events.map((e, i) => (
            <li
              key={i}
              class="sse-event"
              data-testid="sse-event"
              data-id={e.id}
              data-event={e.event}
            >
              <span class="sse-id">id {e.id || "—"}</span>
              <span class="sse-name">{e.event}</span>
              <code class="sse-data">{pretty(e.data)}</code>
              <span class="sse-at muted">+{e.atMs} ms</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
