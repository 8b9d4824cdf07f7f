/**
 * A new list order, asked by a column header or the sort select: on a
 * large file the control shows it first, and the order follows in a task
 * of its own, as the search does (50,000 rows filtered again and every row
 * in view rewritten had held the click's or the change's frame 100-200 ms
 * on a laptop). Until the rows answer it the list is `pending`.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { SortKey } from "../../lib/har/types.ts";
import { DEFER_FROM } from "./use_deferred_query.ts";

/** What {@link useDeferredSort} returns. */
export interface DeferredSort {
  /** The order the controls show: the one asked last, at once. */
  shown: SortKey;
  /** Asks for an order; the rows follow (at once on a small file). */
  onSort(sort: SortKey): void;
  /** True while the rows are in an older order than `shown`. */
  pending: boolean;
}

/**
 * `sort` is the applied order (the URL fragment's), `apply` sets it; `n`
 * is the file's entry count.
 */
export function useDeferredSort(
  sort: SortKey,
  apply: (sort: SortKey) => void,
  n: number,
): DeferredSort {
  const [asked, setAsked] = useState<SortKey | null>(null);
  const frame = useRef(0);
  useEffect(() => setAsked(null), [sort]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const onSort = useCallback((s: SortKey) => {
    if (n < DEFER_FROM) return apply(s);
    setAsked(s);
    cancelAnimationFrame(frame.current);
    // After the frame that paints it (requestAnimationFrame runs before
    // it; the task it posts, after).
    frame.current = requestAnimationFrame(() => setTimeout(() => apply(s), 0));
  }, [apply, n]);
  return {
    shown: asked ?? sort,
    onSort,
    pending: asked !== null && asked !== sort,
  };
}
