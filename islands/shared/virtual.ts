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
  const start = Math.max(0, Math.min(n, first - OVERSCAN));
  let end = Math.min(n, last + 1 + OVERSCAN);
  if (start === 0) end = Math.min(n, Math.max(end, MIN_TOP_ROWS));
  return [start, Math.max(start, end)];
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
