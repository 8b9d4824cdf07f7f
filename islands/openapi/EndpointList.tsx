import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { useClientSize } from "../shared/use_size.ts";
import type { Endpoint } from "../../lib/openapi/types.ts";
import { EndpointRow } from "./EndpointRow.tsx";
import { usePinBelowToolbar } from "./use_pin_below_toolbar.ts";
import { keyTarget, renderedRows, visibleRange } from "../shared/virtual.ts";
import { afterPaint } from "../shared/after_paint.ts";

/** Props of {@link EndpointList}. */
export interface EndpointListProps {
  endpoints: readonly Endpoint[];
  terms: readonly string[];
  /** Lower-case tags of the filter's tag terms. */
  tags: readonly string[];
  /** Index in `endpoints` of the expanded row, or -1. */
  selected: number;
  /** Row that arrow keys move from; `focusSeq` changes to move focus there. */
  active: number;
  focusSeq: number;
  /**
   * False when `focusSeq` should only show the row (one the address names:
   * a link, compare's hand-over, a reload): at the top of the list, the
   * page scrolled to it.
   */
  focusRow: boolean;
  /**
   * True while `endpoints` are a file's first rows only: the list's count
   * (`data-count`, its label) is not said until the document's is known.
   */
  counting?: boolean;
  /** Changes whenever the list should scroll back to the top (new filter). */
  resetKey: string;
  rowHeight: number;
  onToggle: (index: number) => void;
  onTag: (tag: string) => void;
  onActive: (index: number, focus: boolean) => void;
  /**
   * A row the pointer or the focus came onto, or the pointer pressed
   * (`now`): it may be opened next.
   */
  onIntent: (index: number, now?: boolean) => void;
  /** Arrow up from the first row, Escape: back to the filter box. */
  onExit: () => void;
  /** Detail of the expanded row. */
  detail: ComponentChildren;
  emptyText: string;
}

/**
 * The virtualised endpoint list: only the rows in view (plus overscan,
 * always the first 20 at the top, so tests and find-in-page see them, and
 * the open row) are in the DOM, at fixed height; the expanded row's detail
 * is measured and shifts the rows below it. 10,000 endpoints cost the same
 * as 30.
 */
export function EndpointList(p: EndpointListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState(0);
  const view = useClientSize(box, 640);
  const [detailH, setDetailH] = useState(0);
  const focusTo = useRef(-1);
  // A row the address opened, to scroll the page to once it is rendered.
  const showTo = useRef(-1);
  const n = p.endpoints.length;
  const sel = p.selected;
  const extra = sel >= 0 ? detailH : 0;
  const top = (i: number) =>
    i * p.rowHeight + (sel >= 0 && i > sel ? extra : 0);

  useEffect(() => {
    if (box.current) box.current.scrollTop = 0;
    setScroll(0);
  }, [p.resetKey]);

  // A list shown afresh (a picked file's preview) paints in its first
  // frame only the rows the window shows; the others it renders (the top
  // rows kept for find-in-page, the overscan) follow once that frame is on
  // screen. Under the header and toolbar, 9 of the 25 first rows were in a
  // 1280 x 900 window, and the other 16 cost that frame (the file pick's
  // last step) a fifth of its script, style and layout. Half a window of
  // rows is rendered first; the rows in view are counted once the frame
  // has laid the page out (an observer's first answer comes after that
  // layout and before the paint), and a window that shows more gets them
  // in the same frame. Read in the render's own task, the box's place
  // forced a layout of the whole page there, which the frame then did
  // again for what the render's effects changed.
  const [limit, setLimit] = useState(
    n > 0 ? firstScreenRows(p.rowHeight) : Infinity,
  );
  useLayoutEffect(() => {
    const el = box.current;
    if (limit === Infinity || !el) return;
    const ro = new ResizeObserver(() => {
      ro.disconnect();
      const inView = Math.ceil(
        (innerHeight - el.getBoundingClientRect().top) / p.rowHeight,
      );
      if (inView > limit) setLimit(inView);
    });
    ro.observe(el);
    let gone = false;
    afterPaint(() => gone || setLimit(Infinity));
    return () => {
      gone = true;
      ro.disconnect();
    };
  }, []);
  usePinBelowToolbar(box, sel);

  // Measure the open detail; it changes height when its content loads. The
  // observer's first answer comes after the frame's own layout and before
  // its paint: reading the height here would lay out a new detail twice.
  useLayoutEffect(() => {
    const d = box.current?.querySelector<HTMLElement>(".sv-detail-wrap");
    if (!d) return setDetailH(0);
    const ro = new ResizeObserver(() => setDetailH(d.offsetHeight));
    ro.observe(d);
    return () => ro.disconnect();
  }, [sel, p.detail]);

  // A row opened below an open one closes that detail: every row between
  // moves up by its height, so the scroll moves with them and the row
  // opened stays where it was pressed (else it lands far above the box).
  const was = useRef({ sel: -1, extra: 0 });
  useLayoutEffect(() => {
    const before = was.current;
    const el = box.current;
    if (el && before.sel >= 0 && sel > before.sel && before.extra > 0) {
      el.scrollTop = Math.max(0, el.scrollTop - before.extra);
      setScroll(el.scrollTop);
    }
    was.current = { sel, extra };
  }, [sel]);
  useLayoutEffect(() => {
    was.current.extra = extra;
  }, [extra]);

  // Bring the active row into view, then focus it (now if it is rendered,
  // else after the render the new scroll position causes).
  useEffect(() => {
    if (p.focusSeq === 0 || p.active < 0 || !box.current) return;
    const el = box.current;
    const y = top(p.active);
    if (!p.focusRow) {
      // The operation a link opened at the top of the list, its detail
      // below it, as Swagger UI and Redoc show a linked one: at the list's
      // lower edge (all a focused row needs) it was under the fold, the
      // list's top being low in the window.
      el.scrollTop = y;
      showTo.current = p.active;
    } else if (y < el.scrollTop) el.scrollTop = y;
    else if (y + p.rowHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = y + p.rowHeight - el.clientHeight;
    }
    if (p.focusRow) focusTo.current = p.active;
    setScroll(el.scrollTop);
    focusPending();
  }, [p.focusSeq]);

  const focusPending = () => {
    const shown = showTo.current >= 0
      ? document.getElementById(`sv-row-${showTo.current}`)
      : null;
    if (shown) {
      revealInPage(shown, "start");
      showTo.current = -1;
    }
    if (focusTo.current < 0) return;
    const b = document.getElementById(`sv-row-${focusTo.current}`);
    if (b) {
      b.focus({ preventScroll: true });
      revealInPage(b);
      focusTo.current = -1;
    }
  };
  useLayoutEffect(focusPending);

  const rows = [];
  const [start, end] = visibleRange(n, p.rowHeight, sel, extra, scroll, view);
  for (
    const i of renderedRows([start, Math.min(end, start + limit)], sel)
  ) {
    const e = p.endpoints[i];
    rows.push(
      <EndpointRow
        // Keyed by position: a new filter patches the rendered rows in
        // place instead of replacing them; scrolling adds and drops rows
        // only at the edges.
        key={i}
        endpoint={e}
        index={i}
        count={p.counting ? -1 : n}
        top={top(i)}
        height={p.rowHeight}
        terms={p.terms}
        tags={p.tags}
        expanded={i === sel}
        active={i === p.active || (p.active < 0 && i === 0)}
        onToggle={p.onToggle}
        onTag={p.onTag}
        onFocusRow={(j) => {
          p.onActive(j, false);
          p.onIntent(j);
        }}
        onPointerRow={p.onIntent}
        onReturn={(j) => p.onActive(j, true)}
        onKey={(ev, j) => {
          // On the open row, Escape is the row's: it closes the detail.
          if (ev.key === "Escape" && j === sel) return;
          const page = Math.max(1, Math.floor(view / p.rowHeight) - 1);
          const to = keyTarget(ev.key, j, n, page);
          if (to === null) return;
          ev.preventDefault();
          if (to === "exit") p.onExit();
          else p.onActive(to, true);
        }}
      >
        {i === sel ? p.detail : null}
      </EndpointRow>,
    );
  }
  return (
    <div
      class="sv-list"
      ref={box}
      // A file's first rows carry none of the list's hooks (§4): a test
      // that sees a row then reads the count must read the whole list's.
      data-testid={p.counting ? undefined : "endpoint-list"}
      data-count={p.counting ? undefined : n}
      // A short list is as tall as its rows (and the open detail): the
      // box's fixed height would hide what follows it (webhooks, schemas)
      // behind empty space the wheel cannot scroll.
      style={n
        ? { "--sv-list-content": `${n * p.rowHeight + extra + 2}px` }
        : undefined}
      onScroll={(ev) => setScroll((ev.currentTarget as HTMLElement).scrollTop)}
    >
      <div
        class="sv-sizer"
        role="list"
        id="sv-endpoints"
        aria-label={p.counting
          ? "Endpoints"
          : `${n} endpoint${n === 1 ? "" : "s"}`}
        style={{ height: `${n * p.rowHeight + extra}px` }}
      >
        {rows}
      </div>
      {n === 0 && <p class="sv-empty">{p.emptyText}</p>}
    </div>
  );
}

/**
 * Rows of a list's first frame before the page is laid out: half a window
 * (a list starts below the page's header), at least one.
 */
function firstScreenRows(rowHeight: number): number {
  const h = typeof innerHeight === "number" ? innerHeight : 0;
  return Math.max(1, Math.ceil(h / 2 / rowHeight));
}

/**
 * Scrolls the page (the list box has the row in its view already) so a
 * row just focused (or opened by a link: `block` "start", its top at the
 * window's) is on screen and clear of the toolbar that stays in
 * view over the list (WCAG 2.4.7, 2.4.11): the box is taller than what
 * is left of a window below the page's head, so its lower rows were off
 * screen, focused, with the page never scrolled.
 */
export function revealInPage(
  el: HTMLElement,
  block: ScrollLogicalPosition = "nearest",
): void {
  el.scrollIntoView({ block });
  const bar = el.closest(".sv-browse")?.querySelector(".sv-toolbar");
  if (!bar || getComputedStyle(bar).position !== "sticky") return;
  const cover = bar.getBoundingClientRect().bottom;
  const top = el.getBoundingClientRect().top;
  if (top < cover) scrollBy(0, top - cover);
}
