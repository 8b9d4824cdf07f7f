/**
 * Summary metrics of the whole file (CONTRACT 5 `har-summary`), each with
 * its raw number in `data-value`, plus the slowest and largest requests and
 * the selected page's load events.
 */
import { formatBytes, formatCount, formatMs } from "../../lib/har/format.ts";
import type { HarMeta } from "../../lib/har/protocol.ts";
import type { HarPage } from "../../lib/har/types.ts";
import type { HarColumns } from "../../lib/har/columns.ts";
import { pathOf } from "../../lib/har/entries.ts";

/** Props of {@link Summary}. */
export interface SummaryProps {
  meta: HarMeta;
  columns: HarColumns;
  /** The page in scope, for its load events. */
  page: HarPage | null;
  onSelect(index: number): void;
}

function Metric(
  { id, label, value, text, tone }: {
    id: string;
    label: string;
    value: number;
    text: string;
    tone?: string;
  },
) {
  return (
    <div
      class={`har-metric${tone ? ` tone-${tone}` : ""}`}
      data-metric={id}
      data-value={String(value)}
    >
      <dt>{label}</dt>
      <dd>{text}</dd>
    </div>
  );
}

function TopList(
  { title, items, columns, value, onSelect }: {
    title: string;
    items: number[];
    columns: HarColumns;
    value: (i: number) => string;
    onSelect(i: number): void;
  },
) {
  if (!items.length) return null;
  return (
    <div class="har-top">
      <h3>{title}</h3>
      <ol>
        {items.map((i) => (
          <li key={i}>
            <button type="button" class="linkish" onClick={() => onSelect(i)}>
              <span class="har-top-path">{pathOf(columns, i)}</span>
              <span class="har-top-value">{value(i)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The summary strip and its breakdown. */
export function Summary({ meta, columns, page, onSelect }: SummaryProps) {
  const s = meta.summary;
  return (
    <section class="har-summary-wrap" aria-label="Summary">
      <dl class="har-summary" data-testid="har-summary">
        <Metric
          id="requests"
          label="Requests"
          value={s.requests}
          text={formatCount(s.requests)}
        />
        <Metric
          id="transfer-bytes"
          label="Transferred"
          value={s.transferBytes}
          text={formatBytes(s.transferBytes)}
        />
        <Metric
          id="content-bytes"
          label="Resources"
          value={s.contentBytes}
          text={formatBytes(s.contentBytes)}
        />
        <Metric
          id="span-ms"
          label="Span"
          value={s.spanMs}
          text={formatMs(s.spanMs)}
        />
        <Metric
          id="status-2xx"
          label="2xx"
          value={s.status["2xx"]}
          text={formatCount(s.status["2xx"])}
          tone="ok"
        />
        <Metric
          id="status-3xx"
          label="3xx"
          value={s.status["3xx"]}
          text={formatCount(s.status["3xx"])}
          tone="info"
        />
        <Metric
          id="status-4xx"
          label="4xx"
          value={s.status["4xx"]}
          text={formatCount(s.status["4xx"])}
          tone="warn"
        />
        <Metric
          id="status-5xx"
          label="5xx"
          value={s.status["5xx"]}
          text={formatCount(s.status["5xx"])}
          tone="err"
        />
        <Metric
          id="status-other"
          label="Other"
          value={s.status.other}
          text={formatCount(s.status.other)}
        />
        <Metric
          id="domains"
          label="Domains"
          value={s.domains}
          text={formatCount(s.domains)}
        />
        <Metric
          id="pages"
          label="Pages"
          value={meta.pages.length}
          text={formatCount(meta.pages.length)}
        />
        {page && page.onContentLoad >= 0 && (
          <Metric
            id="on-content-load"
            label="DOMContentLoaded"
            value={page.onContentLoad}
            text={formatMs(page.onContentLoad)}
            tone="dcl"
          />
        )}
        {page && page.onLoad >= 0 && (
          <Metric
            id="on-load"
            label="Load"
            value={page.onLoad}
            text={formatMs(page.onLoad)}
            tone="load"
          />
        )}
      </dl>
      <details class="har-breakdown">
        <summary>Slowest, largest and bytes by type</summary>
        <div class="har-breakdown-grid">
          <TopList
            title="Slowest"
            items={s.slowest}
            columns={columns}
            value={(i) => formatMs(columns.duration[i])}
            onSelect={onSelect}
          />
          <TopList
            title="Largest"
            items={s.largest}
            columns={columns}
            value={(i) => formatBytes(columns.size[i])}
            onSelect={onSelect}
          />
          <div class="har-top">
            <h3>By type</h3>
            <table class="har-kv">
              <tbody>
                {Object.entries(s.byType).filter(([, t]) => t.count).map((
                  [k, t],
                ) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{formatCount(t.count)}</td>
                    <td>{formatBytes(t.bytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </details>
    </section>
  );
}
