import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "preact/hooks";
import { useClientSize } from "../shared/use_size.ts";
import type { SideInfo } from "../../lib/openapi/compare/types.ts";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { memo } from "../shared/memo.ts";
import { keyTarget, renderedRows, visibleRangeOf } from "../shared/virtual.ts";
import { ChangeDetail, Sentence } from "./ChangeDetail.tsx";
import { splitCodeSpans } from "../../lib/openapi/compare/code_span.ts";
import { visibleText } from "../../lib/shared/visible_text.ts";
import type { ChangeDetailData, ChangeRow } from "./protocol.ts";
import { type Group, listItems, subjectOf } from "./view.ts";
import { PathText } from "../shared/BidiText.tsx";
import { type SpecTarget, specTarget } from "./spec_link.ts";
import { SpecLink } from "./SpecLink.tsx";

/** Props of {@link ChangeList}. */
export interface ChangeListProps {
  rows: ChangeRow[];
  shown: Uint32Array;
  /** The operation a shown row is listed under, where the filter named it. */
  focus?: ReadonlyMap<number, string>;
  base: SideInfo;
  revision: SideInfo;
  /** Index of the open row, -1 for none. */
  open: number;
  /** Bumped to scroll the open row into view (a link opened it). */
  reveal?: number;
  detail: ChangeDetailData | null;
  busy: boolean;
  /** Height of a row, px (see {@link ITEM_HEIGHT}). */
  itemHeight: number;
  onToggle: (i: number) => void;
  /** The spec viewer's address, for "Open in spec viewer". */
  specUrl: string;
  /** Opens an operation in the spec viewer (stable: rows are memoised on it). */
  onSpec: (t: SpecTarget) => void;
  /** Leaves the list for the filter box (ArrowUp on the first row, Escape). */
  onExit: () => void;
  /** Said under "No change matches…": why the filter may find nothing. */
  emptyHint?: string;
}

/**
 * Lists up to this many items (rows and headers) are rendered whole, so
 * find-in-page and a script counting `change-row`s see every change of a
 * small comparison or a narrow filter; longer ones (Stripe's pair: 445)
 * are virtualised. An item costs about 0.3 ms to render the first time
 * (Stripe, measured): 100 stay within a 50 ms task.
 */
export const ALL_ITEMS = 100;

/** Row heights; keep in sync with `.cmp-item` in static/compare.css. */
export const ITEM_HEIGHT = { wide: 40, narrow: 84 };
/**
 * A group header's height at any width: it is one line (METHOD path,
 * count), where a phone's row is three (level, two of the sentence); as
 * tall as a row it had stood under 60 px of nothing there.
 */
export const HEAD_HEIGHT = 40;
const NARROW = "(max-width: 760px)";

/** The item height of the current viewport. */
export function useItemHeight(): number {
  const [h, setH] = useState(ITEM_HEIGHT.wide);
  useEffect(() => {
    const mq = matchMedia(NARROW);
    const set = () => setH(mq.matches ? ITEM_HEIGHT.narrow : ITEM_HEIGHT.wide);
    set();
    mq.addEventListener("change", set);
    return () => mq.removeEventListener("change", set);
  }, []);
  return h;
}

interface RowProps {
  row: ChangeRow;
  /** The operation it is listed under (`subjectOf`). */
  subject: string;
  /** Position among the rows shown (what arrow keys count in). */
  seq: number;
  /** Place among the list's items (headers too), 1-based, and their count. */
  pos: number;
  size: number;
  top: number;
  height: number;
  open: boolean;
  /** The row arrow keys move from: the one Tab stops at. */
  active: boolean;
  detail: ChangeDetailData | null;
  base: SideInfo;
  revision: SideInfo;
  onToggle: (i: number) => void;
  specUrl: string;
  onSpec: (t: SpecTarget) => void;
  onKey: (ev: KeyboardEvent, seq: number, i: number) => void;
  onFocusRow: (i: number) => void;
}

const Row = memo(function Row(p: RowProps) {
  const r = p.row;
  const detailId = `cmp-detail-${r.i}`;
  const subject = visibleText(p.subject || "API");
  return (
    <div
      class={`cmp-item cmp-row cmp-row-${r.level}` + (p.open ? " is-open" : "")}
      role="listitem"
      aria-posinset={p.pos}
      aria-setsize={p.size}
      data-testid="change-row"
      data-index={r.i}
      data-level={r.level}
      data-id={r.id}
      data-method={r.method}
      data-path={r.path}
      data-operations={r.n}
      style={{ top: `${p.top}px` }}
      onKeyDown={(ev) => {
        // Escape inside the opened detail closes it, as on its row, and
        // hands focus back to the row (the detail and its focus go).
        if (
          ev.key !== "Escape" || !p.open ||
          (ev.target as HTMLElement).id === `cmp-row-${r.i}`
        ) return;
        ev.preventDefault();
        p.onToggle(r.i);
        document.getElementById(`cmp-row-${r.i}`)?.focus();
      }}
    >
      <button
        type="button"
        class="cmp-row-main"
        id={`cmp-row-${r.i}`}
        style={{ height: `${p.height}px` }}
        tabIndex={p.active ? 0 : -1}
        aria-expanded={p.open}
        aria-controls={p.open ? detailId : undefined}
        title={`${subject}: ${
          splitCodeSpans(r.text).map((part) => part.text).join("")
        }`}
        onClick={() => p.onToggle(r.i)}
        onKeyDown={(ev) => p.onKey(ev, p.seq, r.i)}
        onFocus={() => p.onFocusRow(r.i)}
      >
        <span class={`cmp-level cmp-level-${r.level}`}>{r.level}</span>{" "}
        <span class="cmp-sentence">
          <span class="visually-hidden">{`${subject}: `}</span>
          <Sentence text={r.text} />
        </span>
        {r.n > 1 && (
          <span class="cmp-affects" data-testid="change-affects">
            <span class="visually-hidden">,</span>{" "}
            <span>affects {r.n} operations</span>
          </span>
        )}
      </button>
      {p.open && (
        <ChangeDetail
          id={detailId}
          row={r}
          subject={p.subject}
          detail={p.detail && p.detail.index === r.i ? p.detail : null}
          base={p.base}
          revision={p.revision}
          spec={specTarget(r.id, p.subject)}
          specUrl={p.specUrl}
          onSpec={p.onSpec}
        />
      )}
    </div>
  );
});

const Head = memo(function Head(
  { group: g, firstId, top, height, pos, size, specUrl, onSpec }: {
    group: Group;
    /** The id of the group's first change (a removal opens the base). */
    firstId: string;
    top: number;
    height: number;
    pos: number;
    size: number;
    specUrl: string;
    onSpec: (t: SpecTarget) => void;
  },
) {
  const spec = g.method ? specTarget(firstId, g.label) : null;
  return (
    <div
      class="cmp-item cmp-head"
      role="listitem"
      aria-posinset={pos}
      aria-setsize={size}
      data-testid="change-group"
      data-key={g.method ? `${g.method} ${g.path}` : ""}
      data-operations={g.n}
      style={{ top: `${top}px`, height: `${height}px` }}
    >
      <h3 class="cmp-group-head">
        {g.method
          ? (
            <>
              <MethodBadge method={g.method} />{" "}
              <span class="cmp-group-path">
                <PathText text={visibleText(g.path)} />
              </span>
              {g.n > 1 && (
                <span class="cmp-group-more">
                  {` and ${g.n - 1} more operation${g.n === 2 ? "" : "s"}`}
                </span>
              )}
            </>
          )
          : "The API as a whole"}{" "}
        <span class="muted cmp-group-n">
          {g.rows.length} change{g.rows.length === 1 ? "" : "s"}
        </span>
      </h3>
      {spec && (
        <SpecLink
          target={spec}
          specUrl={specUrl}
          onOpen={onSpec}
          testid="group-spec-link"
          compact
        />
      )}
    </div>
  );
});

/**
 * The changes, a header per operation (`METHOD path`) and a row per
 * change reading as a sentence, virtualised: only the items in view (and
 * always the first 20) are in the DOM, at a fixed height; the open row's
 * detail is measured and shifts the items below it. Stripe's 700 changes
 * cost what 30 do. Arrow keys, Page Up/Down, Home and End move between
 * rows (one Tab stop for the list); Enter or Space opens one.
 */
export function ChangeList(p: ChangeListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState(0);
  const viewH = useClientSize(box, 640);
  const [detailH, setDetailH] = useState(0);
  const [active, setActive] = useState(-1);
  const focusTo = useRef(-1);
  const { groups, items, rowAt } = useMemo(
    () => listItems(p.rows, p.shown, p.focus),
    [p.rows, p.shown, p.focus],
  );
  const h = p.itemHeight;
  const n = items.length;
  // Where each item starts, the open row's detail left out; the last is
  // the end.
  const tops = useMemo(() => {
    const t = new Float64Array(n + 1);
    for (let k = 0; k < n; k++) {
      t[k + 1] = t[k] + (items[k] < 0 ? HEAD_HEIGHT : h);
    }
    return t;
  }, [items, h]);
  const sel = p.open >= 0 ? items.indexOf(p.open) : -1;
  const extra = sel >= 0 ? detailH : 0;
  const top = (k: number) => tops[k] + (sel >= 0 && k > sel ? extra : 0);
  // The Tab stop: the row last moved to when it is still listed, else the first.
  const activeRow = active >= 0 && items.includes(active)
    ? active
    : rowAt.length
    ? items[rowAt[0]]
    : -1;

  // A new filter or comparison starts at the top.
  useEffect(() => {
    if (box.current) box.current.scrollTop = 0;
    setScroll(0);
  }, [p.shown]);
  // A row a link opened is scrolled to, its group's header above it, and
  // the page brought to the list.
  // Once per link: a row opened later by hand scrolls nothing.
  const revealed = useRef(0);
  useEffect(() => {
    const el = box.current;
    if (!p.reveal || p.reveal === revealed.current || sel < 0 || !el) return;
    revealed.current = p.reveal;
    el.scrollTop = top(Math.max(0, sel - 1));
    setScroll(el.scrollTop);
    el.scrollIntoView({ block: "nearest" });
  }, [p.reveal, sel >= 0]);

  // Measure the open detail; it grows when its values arrive.
  useLayoutEffect(() => {
    const d = box.current?.querySelector<HTMLElement>(".cmp-detail");
    if (!d) return setDetailH(0);
    const ro = new ResizeObserver(() => setDetailH(d.offsetHeight));
    ro.observe(d);
    return () => ro.disconnect();
  }, [sel, p.detail]);

  const focusPending = () => {
    if (focusTo.current < 0) return;
    const b = document.getElementById(`cmp-row-${focusTo.current}`);
    if (b) {
      // The box has scrolled the row into its view; the page scrolls too
      // when the row is below the window (the box is taller than what is
      // left of it under the page's head), so the focus is on screen.
      b.focus({ preventScroll: true });
      b.scrollIntoView({ block: "nearest" });
      focusTo.current = -1;
    }
  };
  useLayoutEffect(focusPending);

  // Handlers read the latest render through a ref, so rows keep one
  // function each and their memo holds.
  const latest = useRef({ items, rowAt, top, viewH, h, p });
  latest.current = { items, rowAt, top, viewH, h, p };
  const onKey = useCallback((ev: KeyboardEvent, seq: number, i: number) => {
    const { items, rowAt, top, viewH, h, p } = latest.current;
    if (ev.key === "Escape" && i === p.open) {
      ev.preventDefault();
      p.onToggle(i); // closes it; focus stays on the row
      return;
    }
    const page = Math.max(1, Math.floor(viewH / h) - 1);
    const to = keyTarget(ev.key, seq, rowAt.length, page);
    if (to === null) return;
    ev.preventDefault();
    if (to === "exit") {
      p.onExit();
      return;
    }
    const k = rowAt[to];
    const el = box.current!;
    const y = top(k);
    // Scrolling up to a group's first row shows its header too.
    const want = to > 0 && rowAt[to - 1] === k - 1 ? y : top(k - 1);
    if (want < el.scrollTop) el.scrollTop = Math.max(0, want);
    else if (y + h > el.scrollTop + el.clientHeight) {
      el.scrollTop = y + h - el.clientHeight;
    }
    setScroll(el.scrollTop);
    setActive(items[k]);
    focusTo.current = items[k];
    focusPending();
  }, []);
  const onFocusRow = useCallback((i: number) => setActive(i), []);

  const shownItems = [];
  for (
    const k of renderedRows(
      n <= ALL_ITEMS ? [0, n] : visibleRangeOf(tops, sel, extra, scroll, viewH),
      sel,
    )
  ) {
    const it = items[k];
    if (it < 0) {
      shownItems.push(
        <Head
          key={`h${k}`}
          group={groups[~it]}
          firstId={p.rows[groups[~it].rows[0]].id}
          specUrl={p.specUrl}
          onSpec={p.onSpec}
          top={top(k)}
          height={HEAD_HEIGHT}
          pos={k + 1}
          size={n}
        />,
      );
      continue;
    }
    shownItems.push(
      <Row
        // Keyed by change: a new filter keeps the rows it still shows.
        key={it}
        row={p.rows[it]}
        subject={subjectOf(p.rows[it], p.focus)}
        seq={seqOf(rowAt, k)}
        pos={k + 1}
        size={n}
        top={top(k)}
        height={h}
        open={it === p.open}
        active={it === activeRow}
        detail={it === p.open ? p.detail : null}
        base={p.base}
        revision={p.revision}
        onToggle={p.onToggle}
        specUrl={p.specUrl}
        onSpec={p.onSpec}
        onKey={onKey}
        onFocusRow={onFocusRow}
      />,
    );
  }
  return (
    <div
      class="cmp-list"
      ref={box}
      data-testid="change-list"
      data-count={p.shown.length}
      aria-busy={p.busy ? "true" : undefined}
      onScroll={(ev) => setScroll((ev.currentTarget as HTMLElement).scrollTop)}
    >
      <div
        class="cmp-sizer"
        role="list"
        id="cmp-changes"
        aria-label={`${p.shown.length} change${
          p.shown.length === 1 ? "" : "s"
        }, under their operations' headings`}
        style={{ height: `${tops[n] + extra}px` }}
      >
        {shownItems}
      </div>
      {p.shown.length === 0 && (
        <p class="cmp-empty muted" data-testid="compare-empty">
          {p.rows.length
            ? `No change matches the filter and the levels shown.${
              p.emptyHint ? ` ${p.emptyHint}` : ""
            }`
            : "No changes: a client of the base works with the revision."}
        </p>
      )}
    </div>
  );
}

/** Position among the rows of the row at item `k` (rows are in item order). */
function seqOf(rowAt: Int32Array, k: number): number {
  let lo = 0, hi = rowAt.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rowAt[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
