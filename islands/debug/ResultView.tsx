/**
 * A fetch run's outcome: waiting (with a live counter and Cancel), a
 * failure, an unfollowed redirect, or the response.
 */
import { type PreparedRequest, sameRequest } from "./model.ts";
import type { RunResult } from "./run.ts";
import { Duration, ResponseView } from "./ResponseView.tsx";
import { useNow } from "./use_now.ts";

/** Props of {@link ResultView}. */
export interface ResultViewProps {
  result: RunResult | null;
  /** Start of the request in flight, or null. */
  startedAt: number | null;
  sent: PreparedRequest | null;
  /** The request the fields describe now (none: never said stale). */
  current?: PreparedRequest;
  onCancel: () => void;
}

/** The result panel of a fetch runner. */
export function ResultView(
  { result, startedAt, sent, current, onCancel }: ResultViewProps,
) {
  const now = useNow(startedAt !== null);
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
