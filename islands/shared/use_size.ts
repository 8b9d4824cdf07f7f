/**
 * An element's size as state, kept by a ResizeObserver: the one way the
 * virtual lists learn their viewport's height and the waterfall its
 * column's width. `initial` stands until the observer's first answer
 * (after the first layout).
 */
import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

/** `ref`'s `clientHeight`, or `clientWidth` with `axis` "width". */
export function useClientSize(
  ref: RefObject<HTMLElement>,
  initial: number,
  axis: "height" | "width" = "height",
): number {
  const [size, setSize] = useState(initial);
  useEffect(() => {
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
