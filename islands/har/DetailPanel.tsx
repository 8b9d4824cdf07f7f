/**
 * The detail panel of the selected entry (`data-testid=har-detail`): general
 * facts, timing, query parameters, headers, cookies and bodies, in one
 * scrolling panel with jump links (nothing hidden behind tabs), and
 * "Copy as cURL".
 */
import { useEffect, useRef } from "preact/hooks";
import type { HarDetail } from "../../lib/har/detail.ts";
import { BodyView } from "./BodyView.tsx";
import { NO_BODY } from "../../lib/har/body.ts";
import {
  DetailHeader,
  DetailPlaceholder,
  generalRows,
} from "./DetailHeader.tsx";
import { Section } from "./Section.tsx";
import { CookieTable, KvTable, TimingTable } from "./Tables.tsx";
import { WsTable } from "./WsTable.tsx";

/** The name/value sections: anchor id, title, list. */
const LISTS = [
  ["query", "Query parameters", "query"],
  ["request-headers", "Request headers", "requestHeaders"],
  ["response-headers", "Response headers", "responseHeaders"],
] as const;

/** Props of {@link DetailPanel}. */
export interface DetailPanelProps {
  detail: HarDetail | null;
  /** Set when the worker could not build the detail. */
  error: string;
  pageTitle: string;
  /** The entry's whole URL, for "Copy URL". */
  url: string;
  onClose(): void;
  onCopy(text: string, what: string): void;
  /** Saves the entry's whole request or response body. */
  onSaveBody(side: "request" | "response"): void;
  /** The entry its redirect led to (`lib/har/redirect.ts`), -1 for none. */
  redirectTo?: number;
  /** Opens entry `i`'s detail. */
  onGoTo?(i: number): void;
}

/** The panel; shows a placeholder while the worker fetches the detail. */
export function DetailPanel(
  {
    detail,
    error,
    pageTitle,
    url,
    onClose,
    onCopy,
    onSaveBody,
    redirectTo,
    onGoTo,
  }: DetailPanelProps,
) {
  const box = useRef<HTMLElement>(null);
  useHeadPadding(box, !!detail);
  if (!detail) return <DetailPlaceholder error={error} />;
  const e = detail.entry;
  // Files from before `more` existed have none (old workers in cache).
  const more = detail.more ?? {};
  const general = generalRows(detail, pageTitle);
  // A body the file left out is said where it would be, not "No body".
  const hasRequestBody = detail.requestBody.kind !== "none" ||
    detail.requestBody.reason !== NO_BODY || detail.postParams.length > 0;
  // Form fields recorded without the body's text (Charles, Insomnia) are
  // the body as the file has it: no "No body" under them.
  const fieldsOnly = detail.postParams.length > 0 &&
    detail.requestBody.kind === "none" &&
    detail.requestBody.reason === NO_BODY;
  return (
    <aside
      class="har-detail"
      ref={box}
      data-testid="har-detail"
      data-index={String(e.index)}
      aria-label="Request detail"
      tabIndex={-1}
      onKeyDown={(ev) => {
        if (ev.key === "Escape") onClose();
      }}
    >
      <DetailHeader
        detail={detail}
        url={url}
        onClose={onClose}
        onCopy={onCopy}
      />
      <div class="har-detail-body">
        <Section id="general" title="General">
          <KvTable rows={general} label="General" />
          {redirectTo !== undefined && redirectTo >= 0 && onGoTo && (
            // As DevTools links a redirect to the request it caused.
            <button
              type="button"
              class="small"
              data-testid="har-redirect-next"
              onClick={() => onGoTo(redirectTo)}
            >
              Open the request it redirected to (entry {redirectTo})
            </button>
          )}
        </Section>
        <Section id="timing" title="Timing">
          <TimingTable
            timings={e.timings}
            total={e.durationMs}
            extra={detail.extraTimings}
            split={detail.blockedSplit}
          />
        </Section>
        {detail.security.length > 0 && (
          // As DevTools' Security panel: the connection's TLS facts.
          <Section id="security" title="Security">
            <KvTable rows={detail.security} label="Security" />
          </Section>
        )}
        {LISTS.map(([id, title, key]) => (
          <Section
            key={id}
            id={id}
            title={title}
            count={detail[key].length + (more[key] ?? 0)}
          >
            <KvTable rows={detail[key]} label={title} more={more[key]} />
          </Section>
        ))}
        <Section
          id="cookies"
          title="Cookies"
          count={detail.requestCookies.length + detail.responseCookies.length +
            (more.requestCookies ?? 0) + (more.responseCookies ?? 0)}
        >
          <h3>Sent</h3>
          <CookieTable
            rows={detail.requestCookies}
            label="Request cookies"
            more={more.requestCookies}
          />
          <h3>Received</h3>
          <CookieTable
            rows={detail.responseCookies}
            label="Response cookies"
            more={more.responseCookies}
          />
        </Section>
        <Section id="request-body" title="Request body">
          {hasRequestBody
            ? (
              <>
                {detail.postMime && <p class="muted small">{detail.postMime}
                </p>}
                {detail.postParams.length > 0 && (
                  <KvTable
                    rows={detail.postParams}
                    label="Form fields"
                    more={more.postParams}
                  />
                )}
                {!fieldsOnly && (
                  <BodyView
                    body={detail.requestBody}
                    side="request"
                    onSave={() => onSaveBody("request")}
                  />
                )}
              </>
            )
            : <p class="muted">No request body.</p>}
        </Section>
        {detail.webSocketMessages > 0 && (
          <Section
            id="ws"
            title="WebSocket messages"
            count={detail.webSocketMessages}
          >
            <WsTable
              rows={detail.wsMessages}
              total={detail.webSocketMessages}
            />
          </Section>
        )}
        <Section id="response-body" title="Response body">
          <BodyView
            body={detail.responseBody}
            onSave={() => onSaveBody("response")}
          />
        </Section>
      </div>
    </aside>
  );
}

/**
 * Keeps `--har-head-h` on the panel at its sticky head's height, which
 * wraps with the URL and the width: the panel's `scroll-padding-top`, so
 * whatever gets focus by Tab, Shift+Tab or a section link scrolls in below
 * the head, not under it (WCAG 2.4.11).
 */
function useHeadPadding(box: { current: HTMLElement | null }, shown: boolean) {
  useEffect(() => {
    const el = box.current;
    const head = el?.querySelector<HTMLElement>(".har-detail-head");
    if (!el || !head) return;
    const set = () =>
      el.style.setProperty("--har-head-h", `${head.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(head);
    return () => ro.disconnect();
  }, [shown]);
}
