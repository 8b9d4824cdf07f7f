/**
 * The HAR viewer's selected entry, tied to the file it was picked in. A
 * row can be clicked on the list still shown while the next file loads;
 * its index means another request in that next file, so such a selection
 * is dropped once the file it was made in is replaced.
 */
import { useCallback, useEffect, useRef } from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";

/**
 * `c` is the shown file's columns, `sel` the fragment's selection, `set`
 * writes the fragment. The selection to show (-1 for none) and the way to
 * select.
 */
export function useFileSelection(
  c: HarColumns | null,
  sel: number,
  set: (patch: { sel: number }) => void,
): { sel: number; select: (i: number) => void } {
  // The file the last selection was made in; null when it came with the
  // page's fragment (a reload keeps the first file's selection).
  const madeIn = useRef<HarColumns | null>(null);
  const stale = madeIn.current !== null && madeIn.current !== c;
  useEffect(() => {
    if (!stale) return;
    madeIn.current = null;
    set({ sel: -1 });
  }, [stale]);
  const select = useCallback((i: number) => {
    madeIn.current = c;
    set({ sel: i });
  }, [c, set]);
  return { sel: c && !stale && sel < c.n ? sel : -1, select };
}
