/**
 * The detail panel of the selected entry (CONTRACT 5 `har-detail`): general
 * facts, timing, query parameters, headers, cookies and bodies, in one
 * scrolling panel with jump links (nothing hidden behind tabs), and
 * "Copy as cURL".
 */
import type { ComponentChildren } from "preact";
import type { HarDetail } from "../../lib/har/detail.ts";
import { exactMs, formatBytes } from "../../lib/har/format.ts";
import { BodyView } from "./BodyView.tsx";
import { CookieTable, KvTable, TimingTable } from "./Tables.tsx";

const SECTIONS = [
  ["general", "General"],
  ["timing", "Timing"],
  ["query", "Query"],
  ["request-headers", "Request headers"],
  ["response-headers", "Response headers"],
  ["cookies", "Cookies"],
  ["request-body", "Request body"],
  ["response-body", "Response body"],
];

/** Props of {@link DetailPanel}. */
export interface DetailPanelProps {
  detail: HarDetail | null;
  /** Set when the worker could not build the detail. */
  error: string;
  pageTitle: string;
  onClose(): void;
  onCopy(text: string, what: string): void;
}

function Section(
  { id, title, count, children }: {
    id: string;
    title: string;
    count?: number;
    children: ComponentChildren;
  },
) {
  return (
    <details class="har-section" id={`har-sec-${id}`} open>
      <summary>
        {title}
        {count !== undefined && <span class="chip-count">{count}</span>}
      </summary>
      {children}
    </details>
  );
}

/** The panel; shows a placeholder while the worker fetches the detail. */
export function DetailPanel(
  { detail, error, pageTitle, onClose, onCopy }: DetailPanelProps,
) {
  if (!detail) {
    return (
      <aside
        class="har-detail"
        data-testid="har-detail"
        aria-label="Request detail"
        aria-busy={error ? "false" : "true"}
      >
        <p class={error ? "har-detail-error" : "muted"}>
          {error
            ? `This entry could not be shown: ${error}`
            : "Loading the request…"}
        </p>
      </aside>
    );
  }
  const e = detail.entry;
  const m = e.method.toLowerCase();
  const general: { name: string; value: string }[] = [
    { name: "URL", value: e.url },
    { name: "Method", value: e.method },
    { name: "Status", value: `${e.status} ${e.statusText}`.trim() },
    { name: "HTTP version", value: detail.httpVersion },
    { name: "MIME type", value: e.mimeType },
    { name: "Type", value: e.type },
    {
      name: "Transfer size",
      value: `${formatBytes(e.transferSize)} (${e.transferSize} B)`,
    },
    {
      name: "Content size",
      value: e.contentSize >= 0
        ? `${formatBytes(e.contentSize)} (${e.contentSize} B)`
        : "unknown",
    },
    { name: "Started", value: `${e.startedDateTime} (+${exactMs(e.startMs)})` },
    { name: "Duration", value: exactMs(e.durationMs) },
    { name: "Remote address", value: detail.serverIP },
    { name: "Connection", value: detail.connection },
    { name: "Page", value: pageTitle },
    { name: "Redirect to", value: detail.redirectURL },
  ].filter((r) => r.value !== "");
  if (detail.webSocketMessages) {
    general.push({
      name: "WebSocket messages",
      value: String(detail.webSocketMessages),
    });
  }
  const hasRequestBody = detail.requestBody.kind !== "none" ||
    detail.postParams.length > 0;
  return (
    <aside
      class="har-detail"
      data-testid="har-detail"
      data-index={String(e.index)}
      aria-label="Request detail"
      tabIndex={-1}
    >
      <header class="har-detail-head">
        <div class="har-detail-title">
          <span class={`method method-${m}`}>{e.method}</span>
          <span class={`har-status s-${e.statusClass}`}>
            {e.status || "failed"}
          </span>
          <span class="har-detail-url">{e.url}</span>
        </div>
        <div class="har-detail-actions">
          <button
            type="button"
            data-testid="har-copy-curl"
            onClick={() => onCopy(detail.curl, "cURL command")}
          >
            Copy as cURL
          </button>
          <button type="button" onClick={() => onCopy(e.url, "URL")}>
            Copy URL
          </button>
          <button
            type="button"
            class="har-close"
            aria-label="Close detail"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <nav class="har-jump" aria-label="Sections">
          {SECTIONS.map(([s, label]) => (
            <a
              key={s}
              href={`#har-sec-${s}`}
              onClick={(ev) => jump(ev, s)}
            >
              {label}
            </a>
          ))}
        </nav>
      </header>
      <div class="har-detail-body">
        <Section id="general" title="General">
          <KvTable rows={general} label="General" />
        </Section>
        <Section id="timing" title="Timing">
          <TimingTable
            timings={e.timings}
            total={e.durationMs}
            extra={detail.extraTimings}
          />
        </Section>
        <Section
          id="query"
          title="Query parameters"
          count={detail.query.length}
        >
          <KvTable rows={detail.query} label="Query parameters" />
        </Section>
        <Section
          id="request-headers"
          title="Request headers"
          count={detail.requestHeaders.length}
        >
          <KvTable rows={detail.requestHeaders} label="Request headers" />
        </Section>
        <Section
          id="response-headers"
          title="Response headers"
          count={detail.responseHeaders.length}
        >
          <KvTable rows={detail.responseHeaders} label="Response headers" />
        </Section>
        <Section
          id="cookies"
          title="Cookies"
          count={detail.requestCookies.length + detail.responseCookies.length}
        >
          <h4>Sent</h4>
          <CookieTable rows={detail.requestCookies} label="Request cookies" />
          <h4>Received</h4>
          <CookieTable rows={detail.responseCookies} label="Response cookies" />
        </Section>
        <Section id="request-body" title="Request body">
          {hasRequestBody
            ? (
              <>
                {detail.postMime && <p class="muted small">{detail.postMime}
                </p>}
                {detail.postParams.length > 0 && (
                  <KvTable rows={detail.postParams} label="Form fields" />
                )}
                <BodyView body={detail.requestBody} />
              </>
            )
            : <p class="muted">No request body.</p>}
        </Section>
        <Section id="response-body" title="Response body">
          <BodyView body={detail.responseBody} />
        </Section>
      </div>
    </aside>
  );
}

/** In-panel jump without touching `location.hash` (it holds the view). */
function jump(ev: Event, id: string) {
  ev.preventDefault();
  document.getElementById(`har-sec-${id}`)?.scrollIntoView({ block: "start" });
}
