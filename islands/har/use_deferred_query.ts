/**
 * The search box's text, applied to the list a frame later on a large
 * file: a key is painted in the box first, and the search of 50,000
 * entries (hundreds of ms on a slow phone) runs in a task of its own,
 * once for a burst of keys. While the list lags the box it is `pending`,
 * and the list says so rather than passing its old rows off as the answer.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

/** Entries from which the search waits for the box to paint. */
export const DEFER_FROM = 5000;

/** What {@link useDeferredQuery} returns. */
export interface DeferredQuery {
  /** The box's text: what was typed, at once. */
  text: string;
  /** Sets the text; the query follows (at once on a small file). */
  onText(text: string): void;
  /** True while the list shows the rows of an older query. */
  pending: boolean;
}

/**
 * `q` is the applied query (the URL fragment's), `apply` sets it; `n` is
 * the file's entry count.
 */
export function useDeferredQuery(
  q: string,
  apply: (q: string) => void,
  n: number,
): DeferredQuery {
  const [text, setText] = useState(q);
  const waiting = useRef<string | null>(null);
  const timer = useRef(0);
  // The queries the box applied that no render's effect has seen yet: an
  // effect may run after the next key's text went out, and must not put
  // back the text that key replaced.
  const mine = useRef(new Set<string>());
  // The applied query as the callbacks see it: a text equal to it changes
  // nothing, so no effect would ever take it back out of `mine`, and a
  // later change from elsewhere to that text would be taken for the box's.
  const applied = useRef(q);
  applied.current = q;
  // A query set elsewhere (the fragment edited, a link opened) is the
  // box's text, unless a typed one is on its way.
  useEffect(() => {
    if (mine.current.delete(q)) return;
    if (waiting.current === null) setText(q);
  }, [q]);
  useEffect(() => () => cancelAnimationFrame(timer.current), []);

  const onText = useCallback((t: string) => {
    setText(t);
    if (n < DEFER_FROM) {
      waiting.current = null;
      if (t !== applied.current) mine.current.add(t);
      return apply(t);
    }
    const first = waiting.current === null;
    waiting.current = t;
    if (!first) return; // the burst's last text is applied
    // After the frame that paints the key (requestAnimationFrame runs
    // before it; the task it posts, after).
    timer.current = requestAnimationFrame(() =>
      setTimeout(() => {
        const latest = waiting.current;
        waiting.current = null;
        if (latest === null) return;
        if (latest !== applied.current) mine.current.add(latest);
        apply(latest);
      }, 0)
    );
  }, [apply, n]);

  return { text, onText, pending: text !== q };
}
