/**
 * A fetch run's outcome: status (coloured by class), elapsed time, size,
 * Content-Encoding, where redirects ended, a problem+json summary, the
 * response headers and the body.
 */
import { statusText } from "../../lib/debug/status_text.ts";
import { BodyView } from "./BodyView.tsx";
import type { PreparedRequest } from "./model.ts";
import {
  formatBytes,
  type RunResponse,
  type RunResult,
  statusClass,
} from "./run.ts";
import { useNow } from "./use_now.ts";

/** Props of {@link ResultView}. */
export interface ResultViewProps {
  result: RunResult | null;
  /** Start of the request in flight, or null. */
  startedAt: number | null;
  sent: PreparedRequest | null;
  onCancel: () => void;
}

/** `[data-testid=result-duration]` with the elapsed milliseconds. */
export function Duration({ ms, label }: { ms: number; label?: string }) {
  const n = Math.round(ms);
  return (
    <span class="metric" data-testid="result-duration" data-ms={String(n)}>
      {label ?? ""}
      {n} ms
    </span>
  );
}

function header(r: RunResponse, name: string): string | null {
  return r.headers.find(([k]) => k === name)?.[1] ?? null;
}

function Problem({ r }: { r: RunResponse }) {
  const type = header(r, "content-type") ?? "";
  if (!/^application\/problem\+json/i.test(type)) return null;
  let p: { title?: unknown; detail?: unknown; param?: unknown };
  try {
    p = JSON.parse(r.body);
  } catch {
    return null;
  }
  return (
    <div class="error-box problem" data-testid="result-problem">
      <strong>{String(p.title ?? "Error")}</strong>
      {p.detail !== undefined && <span>: {String(p.detail)}</span>}
      {typeof p.param === "string" && (
        <span class="muted">
          (parameter <code>{p.param}</code>)
        </span>
      )}
    </div>
  );
}

function emptyNote(r: RunResponse, sent: PreparedRequest | null): string {
  if (r.stream) return "An event stream: use the events runner to read it.";
  if (sent?.method === "HEAD") return "No body: HEAD responses never have one.";
  if ([204, 205, 304].includes(r.status)) {
    return `No body: a ${r.status} response never has one.`;
  }
  return "Empty body.";
}

function Response(
  { r, sent }: { r: RunResponse; sent: PreparedRequest | null },
) {
  const enc = header(r, "content-encoding");
  const len = header(r, "content-length");
  return (
    <>
      <div class="result-summary">
        <span class={`status status-${statusClass(r.status)}`}>
          <span data-testid="result-status">{r.status}</span>{" "}
          <span class="status-text">
            {r.statusText || statusText(r.status)}
          </span>
        </span>
        <Duration ms={r.ms} />
        <span class="metric muted">
          headers after {Math.round(r.ttfbMs)} ms
        </span>
        <span class="metric muted">
          {formatBytes(r.bytes)}
          {enc && len ? ` (${formatBytes(Number(len))} on the wire)` : ""}
        </span>
        {enc && (
          <span class="metric tag" data-testid="result-encoding">
            Content-Encoding: {enc}
          </span>
        )}
      </div>
      {enc && (
        <p class="result-note">
          The body arrived{" "}
          {enc}-compressed; the browser decoded it (the cURL command has
          --compressed to do the same).
        </p>
      )}
      {r.redirected && (
        <p class="result-note" data-testid="result-redirect">
          The browser followed the redirects and ended at <code>{r.url}</code>.
        </p>
      )}
      <Problem r={r} />
      <h4 class="result-h">Response headers</h4>
      <table class="headers" data-testid="result-headers">
        <tbody>
          {r.headers.map(([k, v], i) => (
            <tr key={i}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 class="result-h">Body</h4>
      <BodyView
        body={r.body}
        contentType={header(r, "content-type")}
        emptyNote={emptyNote(r, sent)}
      />
    </>
  );
}

/** The result panel of a fetch runner. */
export function ResultView(
  { result, startedAt, sent, onCancel }: ResultViewProps,
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
  if (result.kind === "error") {
    return (
      <div class="result">
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
      <Response r={result} sent={sent} />
    </div>
  );
}
