/**
 * Window arithmetic of the virtualised lists (the spec viewer's endpoints,
 * the HAR viewer's requests): rows have a fixed height, except an expanded
 * one, which adds `extra` pixels of detail. Pure: the components measure,
 * this decides which rows exist in the DOM and where keys move the cursor.
 */

/**
 * Rows always rendered at the top of a list: scripts and tests that read
 * the DOM find at least the first 20 without scrolling.
 */
export const MIN_TOP_ROWS = 20;
/** Rows rendered beyond each edge of the viewport, for smooth scrolling. */
const OVERSCAN = 8;

/**
 * Index of the row at vertical offset `y`, in rows of height `h` where row
 * `sel` (or -1) is `extra` pixels taller.
 */
export function rowAt(
  y: number,
  h: number,
  sel: number,
  extra: number,
): number {
  if (sel < 0 || y < (sel + 1) * h) return Math.floor(y / h);
  if (y < (sel + 1) * h + extra) return sel;
  return Math.floor((y - extra) / h);
}

/**
 * `[start, end)` of the rows to render for a viewport at `scrollTop` of
 * height `viewH`, in a list of `n` rows of height `h` where row `sel` (or -1)
 * is expanded by `extra` pixels.
 */
export function visibleRange(
  n: number,
  h: number,
  sel: number,
  extra: number,
  scrollTop: number,
  viewH: number,
): [number, number] {
  const first = rowAt(Math.max(0, scrollTop), h, sel, extra);
  const last = rowAt(Math.max(0, scrollTop + viewH), h, sel, extra);
  return around(n, first, last);
}

/** `[start, end)` of `n` rows: `first` to `last` in view, and the margins. */
function around(n: number, first: number, last: number): [number, number] {
  const start = Math.max(0, Math.min(n, first - OVERSCAN));
  let end = Math.min(n, last + 1 + OVERSCAN);
  if (start === 0) end = Math.min(n, Math.max(end, MIN_TOP_ROWS));
  return [start, Math.max(start, end)];
}

/**
 * Index of the row at vertical offset `y` where row `k` starts at
 * `tops[k]` (`n + 1` ascending offsets, the last one the end) and row
 * `sel` (or -1) is `extra` pixels taller: rows of more than one height.
 */
export function rowAtOffset(
  tops: ArrayLike<number>,
  y: number,
  sel: number,
  extra: number,
): number {
  if (sel >= 0 && y >= tops[sel + 1]) {
    if (y < tops[sel + 1] + extra) return sel;
    y -= extra;
  }
  // The last row starting at or above y.
  let lo = 0, hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid] <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * {@link visibleRange} of rows of more than one height: row `k` starts at
 * `tops[k]` (`n + 1` offsets, see {@link rowAtOffset}).
 */
export function visibleRangeOf(
  tops: ArrayLike<number>,
  sel: number,
  extra: number,
  scrollTop: number,
  viewH: number,
): [number, number] {
  const first = rowAtOffset(tops, Math.max(0, scrollTop), sel, extra);
  const last = rowAtOffset(tops, Math.max(0, scrollTop + viewH), sel, extra);
  return around(tops.length - 1, first, last);
}

/**
 * The rows to render, in order: those in `[start, end)`, and the expanded
 * row `sel` (or -1) even out of that range. What a reader opened in its
 * detail is then still open when they scroll back, and the focus in it is
 * kept: the detail's measured height lags a frame behind what was just
 * added to it, so a scroll in between (focus moving far down a tree) could
 * count the row out of range and drop it.
 */
export function renderedRows(
  [start, end]: readonly [number, number],
  sel: number,
): number[] {
  const out: number[] = [];
  if (sel >= 0 && sel < start) out.push(sel);
  for (let i = start; i < end; i++) out.push(i);
  if (sel >= end) out.push(sel);
  return out;
}

/** Rows a PageUp/PageDown moves in a viewport `viewH` high: one stays. */
export function pageRows(viewH: number, h: number): number {
  return Math.max(1, Math.floor(viewH / h) - 1);
}

/**
 * The scroll offset that brings the row spanning `[y, y + h)` into a
 * viewport at `scrollTop` of height `viewH` whose top `cover` pixels are
 * hidden (a sticky header); `scrollTop` itself when it is in view already.
 */
export function revealScroll(
  y: number,
  h: number,
  scrollTop: number,
  viewH: number,
  cover = 0,
): number {
  if (y < scrollTop) return y;
  if (y + h > scrollTop + viewH - cover) return y + h - viewH + cover;
  return scrollTop;
}

/**
 * Where a key press on row `j` of `n` moves the focus: a row index, "exit"
 * (back to the filter box: Escape, or ArrowUp on the first row), or null
 * for keys the list does not handle. `page` is rows per PageUp/PageDown.
 */
export function keyTarget(
  key: string,
  j: number,
  n: number,
  page: number,
): number | "exit" | null {
  const clamp = (k: number) => Math.max(0, Math.min(n - 1, k));
  switch (key) {
    case "ArrowDown":
      return clamp(j + 1);
    case "ArrowUp":
      return j === 0 ? "exit" : clamp(j - 1);
    case "PageDown":
      return clamp(j + page);
    case "PageUp":
      return clamp(j - page);
    case "Home":
      return 0;
    case "End":
      return n - 1;
    case "Escape":
      return "exit";
    default:
      return null;
  }
}
