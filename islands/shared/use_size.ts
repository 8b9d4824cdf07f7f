/**
 * An element's size as state, kept by a ResizeObserver: the one way the
 * virtual lists learn their viewport's height and the waterfall its
 * column's width. `initial` stands until the observer's first answer,
 * which comes in the first frame: observed from a layout effect, the
 * answer follows that frame's layout and comes before its paint, so a
 * list taller than `initial` renders the rows it shows in that frame (an
 * effect observed after the paint: a 1600 px window's first frame lacked
 * two rows in view).
 */
import type { RefObject } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";

/** `ref`'s `clientHeight`, or `clientWidth` with `axis` "width". */
export function useClientSize(
  ref: RefObject<HTMLElement>,
  initial: number,
  axis: "height" | "width" = "height",
): number {
  const [size, setSize] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() =>
      setSize(axis === "width" ? el.clientWidth : el.clientHeight)
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return size;
}
