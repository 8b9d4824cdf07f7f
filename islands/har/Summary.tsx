/**
 * Summary metrics of the whole file (`data-testid=har-summary`), each with
 * its raw number in `data-value` (printed as JavaScript gives it), plus the
 * page's load events when one page is in scope, and the breakdown.
 */
import type { HarColumns } from "../../lib/har/columns.ts";
import { formatBytes, formatCount, formatMs } from "../../lib/shared/format.ts";
import type { HarMeta, HarPage } from "../../lib/har/types.ts";
import { Breakdown } from "./Breakdown.tsx";

/** Props of {@link Summary}. */
export interface SummaryProps {
  meta: HarMeta;
  columns: HarColumns;
  /** The page in scope, for its load events. */
  page: HarPage | null;
  onSelect(index: number): void;
}

/** id, label, raw value, shown text, colour tone. */
type MetricRow = [string, string, number, string, string?];

function metrics(meta: HarMeta, page: HarPage | null): MetricRow[] {
  const s = meta.summary;
  const count = (
    id: string,
    label: string,
    n: number,
    tone?: string,
  ): MetricRow => [id, label, n, formatCount(n), tone];
  const rows: MetricRow[] = [
    count("requests", "Requests", s.requests),
    [
      "transfer-bytes",
      "Transferred",
      s.transferBytes,
      formatBytes(s.transferBytes),
    ],
    ["content-bytes", "Resources", s.contentBytes, formatBytes(s.contentBytes)],
    ["span-ms", "Span", s.spanMs, formatMs(s.spanMs)],
    count("status-2xx", "2xx", s.status["2xx"], "ok"),
    count("status-3xx", "3xx", s.status["3xx"], "info"),
    count("status-4xx", "4xx", s.status["4xx"], "warn"),
    count("status-5xx", "5xx", s.status["5xx"], "err"),
    count("status-other", "Other", s.status.other),
    count("domains", "Domains", s.domains),
    // The file's pages: a pageref missing from log.pages is warned about
    // and gets a selector option, but is no page of the file.
    count("pages", "Pages", meta.pages.filter((p) => !p.synthetic).length),
  ];
  if (page && page.onContentLoad >= 0) {
    rows.push([
      "on-content-load",
      // A soft hyphen: in a narrow box the word breaks there, not past it.
      "DOMContent\u00adLoaded",
      page.onContentLoad,
      formatMs(page.onContentLoad),
      "dcl",
    ]);
  }
  if (page && page.onLoad >= 0) {
    rows.push(["on-load", "Load", page.onLoad, formatMs(page.onLoad), "load"]);
  }
  return rows;
}

/** The summary strip and its breakdown. */
export function Summary({ meta, columns, page, onSelect }: SummaryProps) {
  return (
    <section class="har-summary-wrap" aria-label="Summary">
      <dl class="har-summary" data-testid="har-summary">
        {metrics(meta, page).map(([id, label, value, text, tone]) => (
          <div
            key={id}
            class={`har-metric${tone ? ` tone-${tone}` : ""}`}
            data-metric={id}
            data-value={String(value)}
          >
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <Breakdown summary={meta.summary} columns={columns} onSelect={onSelect} />
    </section>
  );
}
