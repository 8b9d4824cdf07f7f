/**
 * A fetch run's outcome: waiting (with a live counter and Cancel), a
 * failure, an unfollowed redirect, or the response.
 */
import { type PreparedRequest, sameRequest } from "./model.ts";
import type { RunProgress, RunResult } from "./run.ts";
import { Duration, HeadersTable, ResponseView } from "./ResponseView.tsx";
import { useNow } from "./use_now.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { statusClass } from "../../lib/shared/status.ts";
import { statusText } from "../../lib/debug/core/status_text.ts";

/** Props of {@link ResultView}. */
export interface ResultViewProps {
  result: RunResult | null;
  /** Start of the request in flight, or null. */
  startedAt: number | null;
  /** What has come of the request in flight's response, if anything. */
  progress?: RunProgress | null;
  sent: PreparedRequest | null;
  /** The request the fields describe now (none: never said stale). */
  current?: PreparedRequest;
  onCancel: () => void;
}

/** The result panel of a fetch runner. */
export function ResultView(
  { result, startedAt, progress, sent, current, onCancel }: ResultViewProps,
) {
  const now = useNow(startedAt !== null);
  if (startedAt !== null && progress) {
    return (
      <Receiving
        p={progress}
        seconds={Math.max(0, now - startedAt) / 1000}
        onCancel={onCancel}
      />
    );
  }
  if (startedAt !== null) {
    return (
      <div class="result result-pending" aria-busy="true">
        <span class="spinner" aria-hidden="true" />
        <span>
          Waiting for the response…{" "}
          {(Math.max(0, now - startedAt) / 1000).toFixed(1)} s
        </span>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    );
  }
  if (!result) return null;
  // Fields edited since: the result is of another request, and says so.
  const stale = sent && current && !sameRequest(sent, current)
    ? (
      <p class="result-note" data-testid="result-stale">
        The fields changed since this was sent: it answers{" "}
        <code>{sent.method} {sent.url}</code>. Send again for the request shown
        above.
      </p>
    )
    : null;
  if (result.kind === "error") {
    return (
      <div class="result">
        {stale}
        <div class="error-box" data-testid="result-error">{result.message}</div>
        <div class="result-summary">
          <Duration ms={result.ms} label="after " />
        </div>
      </div>
    );
  }
  if (result.kind === "opaque-redirect") {
    return (
      <div class="result">
        {stale}
        <div class="result-summary">
          <span class="status status-3xx">Redirect, not followed</span>
          <Duration ms={result.ms} />
        </div>
        <p class="result-note" data-testid="result-opaque">
          The server answered with a redirect. Browsers hide an unfollowed
          redirect's status, headers and Location from pages (an
          "opaque-redirect" response, Fetch standard): run the cURL command to
          see them, or turn Follow redirects on.
        </p>
      </div>
    );
  }
  return (
    <div class="result">
      {stale}
      <ResponseView r={result} sent={sent} />
    </div>
  );
}

/**
 * A response whose headers came and whose body is still coming, shown as
 * DevTools shows it: status and headers at once, the bytes as they come.
 * Its status is not the result's `result-status` yet: that, the duration
 * and the body come together, once the body has all come.
 */
function Receiving(
  { p, seconds, onCancel }: {
    p: RunProgress;
    seconds: number;
    onCancel: () => void;
  },
) {
  const len = p.headers.find(([k]) => k === "content-length")?.[1];
  const coded = p.headers.some(([k]) => k === "content-encoding");
  return (
    <div class="result" aria-busy="true">
      <div class="result-summary" data-testid="result-progress">
        <span class={`status status-${statusClass(p.status)}`}>
          {p.status} {p.statusText || statusText(p.status)}
        </span>
        <span class="metric muted">
          headers after {Math.round(p.ttfbMs)} ms
        </span>
        <span class="spinner" aria-hidden="true" />
        <span class="metric" data-testid="result-received">
          Receiving the body… {formatBytes(p.bytes)}
          {/* Content-Length counts coded bytes; these are decoded. */}
          {len && !coded ? ` of ${formatBytes(Number(len))}` : ""} in{" "}
          {seconds.toFixed(1)} s
        </span>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
      <h4 class="result-h">Response headers</h4>
      {/* The contract's result-* hooks wait for the whole result. */}
      <HeadersTable headers={p.headers} testid="progress-headers" />
    </div>
  );
}
