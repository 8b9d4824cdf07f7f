/**
 * The sticky head of the detail panel: method, status and URL, the copy
 * buttons, and jump links to the sections; plus the "General" facts.
 */
import { type HarDetail, type NameValue, shown } from "../../lib/har/detail.ts";
import { exactMs, formatBytes } from "../../lib/shared/format.ts";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { statusWord } from "../../lib/har/entries.ts";
import { PathText } from "../shared/BidiText.tsx";
import { protocolName } from "../../lib/har/protocol_name.ts";
import { commandCopy, type CommandKind } from "./copy_what.ts";

/** The detail's "Copy as" buttons: kind, test id, label, title when whole. */
const COMMANDS: [CommandKind, string, string, string | undefined][] = [
  ["curl", "har-copy-curl", "Copy as cURL", undefined],
  [
    "fetch",
    "har-copy-fetch",
    "Copy as fetch",
    "A fetch call for Node.js and Deno",
  ],
  [
    "python",
    "har-copy-python",
    "Copy as Python",
    "A script for Python's requests",
  ],
];

const SECTIONS = [
  ["general", "General"],
  ["timing", "Timing"],
  ["security", "Security"],
  ["query", "Query"],
  ["request-headers", "Request headers"],
  ["response-headers", "Response headers"],
  ["cookies", "Cookies"],
  ["request-body", "Request body"],
  ["response-body", "Response body"],
];

/**
 * The HTTP version as written, with the protocol as DevTools' Protocol
 * column names it when that is another name, not only another case:
 * `HTTP/2.0 (h2)`, but `HTTP/1.1` alone.
 */
function protocolText(written: string): string {
  const name = protocolName(written);
  return name.toLowerCase() === written.trim().toLowerCase()
    ? written
    : `${written} (${name})`;
}

/** The "General" rows: what, where, when, how big. Empty facts are left out. */
export function generalRows(detail: HarDetail, pageTitle: string): NameValue[] {
  const e = detail.entry;
  const general: NameValue[] = [
    { name: "URL", value: e.url },
    { name: "Method", value: e.method },
    { name: "Status", value: `${statusWord(e.status)} ${e.statusText}`.trim() },
    { name: "Error", value: detail.error },
    { name: "Served from", value: detail.servedFrom },
    { name: "Initiator", value: detail.initiator },
    { name: "HTTP version", value: protocolText(detail.httpVersion) },
    { name: "Priority", value: detail.priority },
    { name: "MIME type", value: e.mimeType },
    { name: "Type", value: e.type },
    {
      // The browser's own word (fetch, ping) where the filter's says less.
      name: "Resource type",
      value: detail.resourceType.toLowerCase() === e.type
        ? ""
        : detail.resourceType,
    },
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
    {
      name: "Started",
      value: e.validStart
        ? `${e.startedDateTime} (+${exactMs(e.startMs)})`
        : `${
          e.startedDateTime || "not recorded"
        } (not a valid date: drawn at offset 0)`,
    },
    { name: "Duration", value: exactMs(e.durationMs) },
    { name: "Remote address", value: detail.serverIP },
    { name: "Connection", value: detail.connection },
    { name: "Comment", value: detail.comment },
    { name: "Page", value: pageTitle },
    { name: "Redirect to", value: detail.redirectURL },
  ].filter((r) => r.value !== "").map((r) => ({ ...r, value: shown(r.value) }));
  if (detail.webSocketMessages) {
    general.push({
      name: "WebSocket messages",
      value: String(detail.webSocketMessages),
    });
  }
  return general;
}

/**
 * In-panel jump without touching `location.hash` (it holds the view). The
 * section lands below the sticky head (the panel's `scroll-padding-top`),
 * and its summary takes focus, so Tab goes on from there, not from the
 * link at the top.
 */
function jump(ev: Event, id: string) {
  ev.preventDefault();
  const sec = document.getElementById(`har-sec-${id}`);
  if (!sec) return;
  sec.scrollIntoView({ block: "start" });
  sec.querySelector<HTMLElement>(":scope > summary")?.focus({
    preventScroll: true,
  });
}

/** The head of the panel. */
export function DetailHeader(
  { detail, url, onClose, onCopy }: {
    detail: HarDetail;
    /** The whole URL (the detail's may be cut). */
    url: string;
    onClose(): void;
    onCopy(text: string, what: string): void;
  },
) {
  const e = detail.entry;
  return (
    <header class="har-detail-head">
      <div class="har-detail-title">
        <MethodBadge method={e.method} label={e.method.slice(0, 40)} />
        <span
          class={`har-status s-${e.statusClass}`}
          title={detail.error || undefined}
        >
          {statusWord(e.status)}
        </span>
        {/* A long URL scrolls in its box: focusable, so keys can scroll it. */}
        <span
          class="har-detail-url"
          tabIndex={0}
          role="region"
          aria-label="URL"
        >
          <PathText text={shown(e.url)} />
        </span>
      </div>
      <div class="har-detail-actions">
        {COMMANDS.map(([kind, testid, label, title]) => {
          const { text, note, what } = commandCopy(detail, kind);
          return (
            <button
              key={kind}
              type="button"
              data-testid={testid}
              disabled={!text}
              title={note || title}
              onClick={() => onCopy(text, what)}
            >
              {label}
            </button>
          );
        })}
        <button type="button" onClick={() => onCopy(url, "URL")}>
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
      {(!detail.curl || !detail.fetch || !detail.python) && (
        // A disabled button's title reaches no keyboard or touch user.
        <p class="har-copy-note muted" data-testid="har-copy-note">
          {[
            ...new Set([
              !detail.curl ? detail.curlNote : "",
              !detail.fetch ? detail.fetchNote : "",
              !detail.python ? detail.pythonNote : "",
            ]),
          ].filter(Boolean).join(" ")}
        </p>
      )}
      <nav class="har-jump" aria-label="Sections">
        {SECTIONS.filter(([s]) =>
          s !== "security" || detail.security.length > 0
        ).map(([s, label]) => (
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
  );
}

/** The panel while the worker fetches the detail, or when it failed. */
export function DetailPlaceholder({ error }: { error: string }) {
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
