/**
 * One request row (`data-testid=har-row`). Its `data-*` attributes are
 * what scripts and tests read, so they print numbers exactly as JavaScript
 * does, never rounded for display.
 */
import { Component, type JSX } from "preact";
import type { HarColumns } from "../../lib/har/columns.ts";
import { formatBytes, formatMs } from "../../lib/shared/format.ts";
import { STATUS_CLASSES, TYPE_CATEGORIES } from "../../lib/har/types.ts";
import { errorOf, pathOf, statusWord, urlOf } from "../../lib/har/entries.ts";
import { readableUrl } from "../../lib/shared/readable_url.ts";
import { SERVED_FROM } from "../../lib/har/served.ts";
import { type Axis, WaterfallBar } from "./Waterfall.tsx";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { PathText } from "../shared/BidiText.tsx";

const ROW_H = 28;

/** Props of {@link Row}. */
export interface RowProps {
  c: HarColumns;
  /** Entry index in `log.entries`. */
  i: number;
  /** Position in the list, and its length. */
  k: number;
  n: number;
  selected: boolean;
  active: boolean;
  axis: Axis;
  /**
   * Whether the file records initiators: without, the row has no
   * Initiator cell (the column is never shown).
   */
  initiator: boolean;
}

/**
 * A cell shows one line: text past what fits is never seen, and Chromium
 * lays out all of it (a 50 MB URL would stall the page for seconds).
 */
function clip(s: string): string {
  return s.length > 500 ? s.slice(0, 500) + "…" : s;
}

function renderRow(
  { c, i, k, n, selected, active, axis, initiator }: RowProps,
) {
  const method = c.methods[c.methodIdx[i]];
  const cls = STATUS_CLASSES[c.statusClass[i]];
  const host = c.hosts[c.hostIdx[i]];
  const url = urlOf(c, i);
  // Why it failed (net::ERR_...), as DevTools' Status column tells it.
  const err = errorOf(c, i);
  // A method is a short token (RFC 9110 9.1); a hostile 50 MB one would be
  // copied into every rendered row's attribute.
  const methodAttr = method.length > 1000 ? method.slice(0, 1000) : method;
  return (
    <div
      id={`har-row-${i}`}
      role="option"
      aria-selected={selected ? "true" : "false"}
      // The list holds only the rows in view: its place is said from these
      // (WAI-ARIA 1.2, aria-setsize), not counted among them.
      aria-setsize={n}
      aria-posinset={k + 1}
      class={`har-row${selected ? " selected" : ""}${active ? " active" : ""}${
        k % 2 ? " odd" : ""
      }`}
      style={`top:${k * ROW_H}px`}
      data-testid="har-row"
      data-index={String(i)}
      data-method={methodAttr}
      data-status={String(c.status[i])}
      data-start-ms={String(c.start[i])}
      data-duration-ms={String(c.duration[i])}
      data-size={String(c.size[i])}
      data-type={TYPE_CATEGORIES[c.type[i]]}
    >
      <span
        class={`har-col c-status s-${cls}${
          c.status[i] >= 100 && c.status[i] < 200 ? " s-1xx" : ""
        }`}
        title={err || undefined}
      >
        {statusWord(c.status[i])}
        {err && <span class="visually-hidden">{` (${err})`}</span>}
      </span>
      <span class="har-col c-method">
        <MethodBadge
          method={methodAttr}
          label={method.length > 40 ? method.slice(0, 40) + "…" : method || "—"}
        />
      </span>
      <span
        class="har-col c-name"
        title={url.length > 2000 ? url.slice(0, 2000) + "…" : url}
      >
        {host && <span class="har-host">{host}</span>}
        {/* Clipped first: a 50 MB URL is not decoded for one line. */}
        <span class="har-path">
          <PathText text={readableUrl(clip(host ? pathOf(c, i) : url))} />
        </span>
      </span>
      <span class="har-col c-type">
        {/* DevTools' name where the category says less (fetch, ping). */}
        {c.typeNames[c.typeNameIdx[i]] || TYPE_CATEGORIES[c.type[i]]}
      </span>
      {initiator && (
        <span class="har-col c-init">{c.initiators[c.initiatorIdx[i]]}</span>
      )}
      <span
        class="har-col c-size"
        title={c.served[i]
          ? `${formatBytes(c.size[i])} transferred`
          : undefined}
      >
        {
          /* As DevTools writes it: what came without the network says
          where from, not its few bytes. */
        }
        {c.served[i] ? `(${SERVED_FROM[c.served[i]]})` : formatBytes(c.size[i])}
      </span>
      <span class="har-col c-time">{formatMs(c.duration[i])}</span>
      <span class="har-col c-wf">
        <WaterfallBar c={c} i={i} axis={axis} />
      </span>
    </div>
  );
}

/**
 * A row re-renders only when its entry, position, state or axis changed:
 * scrolling re-renders the list, and most rows stay as they are.
 */
export class Row extends Component<RowProps> {
  override shouldComponentUpdate(n: RowProps): boolean {
    const o = this.props;
    return o.c !== n.c || o.i !== n.i || o.k !== n.k || o.n !== n.n ||
      o.selected !== n.selected || o.active !== n.active ||
      o.axis !== n.axis || o.initiator !== n.initiator;
  }

  override render(): JSX.Element {
    return renderRow(this.props);
  }
}
