/**
 * Window arithmetic of the virtualised endpoint list: rows have a fixed
 * height, except the expanded one, which adds `extra` pixels of detail.
 */

/** The contract asks for at least the first 20 rows in the DOM at the top. */
export const MIN_TOP_ROWS = 20;
/** Rows rendered beyond each edge of the viewport, for smooth scrolling. */
export const OVERSCAN = 8;

/** Index of the row at vertical offset `y`. */
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
