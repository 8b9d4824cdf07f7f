/**
 * The summary's fold-out: the slowest and largest requests (click to open
 * one) and count and bytes per content type.
 */
import type { HarColumns } from "../../lib/har/columns.ts";
import { pathOf } from "../../lib/har/entries.ts";
import { readableUrl } from "../../lib/shared/readable_url.ts";
import { formatBytes, formatCount, formatMs } from "../../lib/shared/format.ts";
import type { HarSummary } from "../../lib/har/types.ts";

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
      <h2>{title}</h2>
      <ol>
        {items.map((i) => (
          <li key={i}>
            <button type="button" class="linkish" onClick={() => onSelect(i)}>
              <span class="har-top-path">
                {readableUrl(pathOf(columns, i).slice(0, 500))}
              </span>
              <span class="har-top-value">{value(i)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Slowest, largest, and bytes by type. */
export function Breakdown(
  { summary, columns, onSelect }: {
    summary: HarSummary;
    columns: HarColumns;
    onSelect(index: number): void;
  },
) {
  return (
    <details class="har-breakdown">
      <summary>Slowest, largest and bytes by type</summary>
      <div class="har-breakdown-grid">
        <TopList
          title="Slowest"
          items={summary.slowest}
          columns={columns}
          value={(i) => formatMs(columns.duration[i])}
          onSelect={onSelect}
        />
        <TopList
          title="Largest"
          items={summary.largest}
          columns={columns}
          value={(i) => formatBytes(columns.size[i])}
          onSelect={onSelect}
        />
        <div class="har-top">
          <h2>By type</h2>
          <table class="har-kv">
            <tbody>
              {Object.entries(summary.byType).filter(([, t]) => t.count).map((
                [k, t],
              ) => (
                <tr
                  key={k}
                  data-type={k}
                  data-count={String(t.count)}
                  data-bytes={String(t.bytes)}
                >
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
  );
}
