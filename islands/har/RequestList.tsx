/**
 * The virtualised request list: fixed-height rows, only those in view (plus
 * a margin, and never fewer than the first 20) are in the DOM, so 50,000
 * entries cost the same to render as 50. Keyboard: arrows, Page Up/Down,
 * Home/End move the cursor; Enter or Space opens the detail; Escape closes;
 * the ContextMenu key or Shift+F10 opens the cursor's row menu, as a
 * right-click opens the menu of the row under it.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useClientSize } from "../shared/use_size.ts";
import type { HarColumns } from "../../lib/har/columns.ts";
import type { SortKey } from "../../lib/har/types.ts";
import type { View } from "../../lib/har/view.ts";
import type { Marker } from "../../lib/har/waterfall.ts";
import { ListHead } from "./ListHead.tsx";
import { type Axis, MarkerLayer } from "./Waterfall.tsx";
import { Row } from "./Row.tsx";
import {
  keyTarget,
  pageRows,
  revealScroll,
  visibleRange,
} from "../shared/virtual.ts";

/** Row height in px; must match `.har-row` in har.css. */
export const ROW_H = 28;
/** Height of the sticky column header over the rows, px. */
const HEAD_H = 28;

/** Props of {@link RequestList}. */
export interface RequestListProps {
  c: HarColumns;
  view: View;
  axis: Axis;
  markers: Marker[];
  selected: number;
  /** The order the header shows (asked, maybe not yet the rows'). */
  sort: SortKey;
  /** Asks for another order (deferred on a large file: `pending` says so). */
  onSort(sort: SortKey): void;
  onSelect(index: number): void;
  /**
   * A row opened by a click, a tap or Enter (not the cursor following
   * with arrow keys): where the detail should come into view.
   */
  onOpen?(index: number): void;
  /**
   * True while the rows answer an older search or order than the controls
   * show: the list is marked busy and has no `data-count` until they are
   * current.
   */
  pending?: boolean;
  /** True while the rows answer an older search: they are faded. */
  faded?: boolean;
  /**
   * Opens entry `index`'s row menu at `x`, `y` (viewport px): a
   * right-click's point, or under the row for the keyboard.
   */
  onMenu?(index: number, x: number, y: number): void;
}

/** The list with its sticky header and waterfall column. */
export function RequestList(p: RequestListProps) {
  const { c, view, axis, markers } = p;
  const scroller = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const height = useClientSize(scroller, 600);
  const [cursor, setCursor] = useState(0);
  // Keep the cursor on the selected entry when it is in the list.
  useEffect(() => {
    const at = view.rows.indexOf(p.selected);
    if (at >= 0) {
      setCursor(at);
      reveal(at);
    } else setCursor((k) => Math.min(k, Math.max(0, view.count - 1)));
  }, [view, p.selected]);

  function reveal(k: number) {
    const el = scroller.current;
    if (!el) return;
    const to = revealScroll(
      k * ROW_H,
      ROW_H,
      el.scrollTop,
      el.clientHeight,
      HEAD_H,
    );
    if (to !== el.scrollTop) el.scrollTop = to;
  }

  /** Opens the row menu of list row `k` under it (the keyboard's). */
  function menuAt(k: number) {
    if (!p.onMenu || !view.count) return;
    reveal(k);
    const row = document.getElementById(`har-row-${view.rows[k]}`);
    const r = row?.getBoundingClientRect();
    if (r) p.onMenu(view.rows[k], r.left + 24, r.bottom);
  }

  function onKey(e: KeyboardEvent) {
    if (e.key === "Escape") return p.onSelect(-1);
    if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey)) {
      // Its own menu, not the browser's (which follows this key).
      e.preventDefault();
      return menuAt(cursor);
    }
    if ((e.key === "Enter" || e.key === " ") && view.count) {
      e.preventDefault();
      return (p.onOpen ?? p.onSelect)(view.rows[cursor]);
    }
    const to = keyTarget(e.key, cursor, view.count, pageRows(height, ROW_H));
    if (to === null) return;
    e.preventDefault();
    // ArrowUp on the first row stays there: the list has no box above it.
    const k = to === "exit" ? 0 : Math.max(0, to);
    setCursor(k);
    reveal(k);
    // With a detail open, it follows the cursor, as DevTools' does.
    if (p.selected >= 0 && view.count) p.onSelect(view.rows[k]);
  }

  const initiator = useMemo(() => c.initiators.some(Boolean), [c]);
  const [first, last] = visibleRange(view.count, ROW_H, -1, 0, top, height);
  const rows = [];
  for (let k = first; k < last; k++) {
    const i = view.rows[k];
    rows.push(
      // Keyed by place, not entry: a new sort or filter rewrites the text of
      // the rows in place, where keys by entry removed and re-inserted every
      // row (a new layout object tree each, and the whole list's style and
      // layout with them).
      <Row
        key={k}
        c={c}
        i={i}
        k={k}
        n={view.count}
        selected={i === p.selected}
        active={k === cursor}
        axis={axis}
        initiator={initiator}
      />,
    );
  }
  const active = view.count
    ? `har-row-${view.rows[Math.min(cursor, view.count - 1)]}`
    : undefined;
  return (
    <div
      class="har-scroller"
      ref={scroller}
      onScroll={(e) => setTop((e.currentTarget as HTMLElement).scrollTop)}
    >
      <ListHead
        sort={p.sort}
        onSort={p.onSort}
        axis={axis}
        markers={markers}
      />
      <div
        // Not faded for a sort: its rows follow in the next task, and
        // fading every row took a style and paint of the whole list in the
        // click's frame.
        class={p.faded ? "har-list pending" : "har-list"}
        role="listbox"
        aria-busy={p.pending ? "true" : undefined}
        tabIndex={0}
        aria-label={`Requests, ${view.count} shown`}
        aria-activedescendant={active}
        id="har-requests"
        data-testid="har-list"
        data-count={p.pending ? undefined : String(view.count)}
        data-wf-start={String(axis.start)}
        data-wf-end={String(axis.end)}
        style={`height:${view.count * ROW_H}px`}
        onKeyDown={onKey}
        // One listener for the rows, not one each: a row scrolled in is
        // created without one (and without a closure for it).
        onClick={(e) => {
          const row = (e.target as Element).closest<HTMLElement>(
            "[data-testid=har-row]",
          );
          if (row) (p.onOpen ?? p.onSelect)(Number(row.dataset.index));
        }}
        onContextMenu={(e) => {
          if (!p.onMenu) return;
          e.preventDefault();
          const row = (e.target as Element).closest<HTMLElement>(
            "[data-testid=har-row]",
          );
          // From the keyboard (the list has the focus): the cursor's row.
          if (!row) return menuAt(cursor);
          // The cursor goes to the row, so the menu's Escape returns there.
          setCursor(Number(row.getAttribute("aria-posinset")) - 1);
          p.onMenu(Number(row.dataset.index), e.clientX, e.clientY);
        }}
      >
        {rows}
      </div>
      <MarkerLayer
        height={view.count * ROW_H}
        markers={markers}
        axis={axis}
      />
      {view.count === 0 && (
        <p class="har-empty-list">No request matches the filters.</p>
      )}
    </div>
  );
}
