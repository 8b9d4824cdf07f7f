/**
 * A long list rendered in slices: its first rows in the frame that shows
 * it, the others a slice per frame once that frame is painted, so no one
 * frame restyles and lays out every row (Stripe's 200 named schemas were
 * most of the 1,600 elements restyled in the frame after its whole parse,
 * one task of ~90 ms).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { afterPaint } from "./after_paint.ts";

/** Rows rendered in the list's first frame. */
export const FIRST_SLICE = 20;
/** Rows added in each frame after it. */
export const NEXT_SLICE = 40;

/**
 * How many of a list's `total` rows to render now, starting over at
 * {@link FIRST_SLICE} whenever `key` changes (another document's list),
 * and growing by {@link NEXT_SLICE} a frame after each paint until all
 * are. `reach(n)` renders at least the first `n` at once: a row asked for
 * (a link to it) is not left for later frames.
 */
export function useSlices(
  key: unknown,
  total: number,
): { shown: number; reach: (n: number) => void } {
  const [at, setAt] = useState({ key, shown: FIRST_SLICE });
  // Read in the render a new key arrives with, before its effect resets the
  // state: that render already shows only the first slice.
  const shown = at.key === key ? at.shown : FIRST_SLICE;
  const latest = useRef(key);
  latest.current = key;
  useEffect(() => {
    if (shown >= total) return;
    let gone = false;
    afterPaint(() => {
      if (gone || latest.current !== key) return;
      setAt((a) => ({
        key,
        shown: (a.key === key ? a.shown : FIRST_SLICE) + NEXT_SLICE,
      }));
    });
    return () => void (gone = true);
  }, [key, shown, total]);
  return {
    shown,
    reach: (n: number) =>
      setAt((a) => {
        const now = a.key === key ? a.shown : FIRST_SLICE;
        return n > now ? { key, shown: n } : a;
      }),
  };
}
