/**
 * The search box's text, applied to the list a frame later on a large
 * file: a key is painted in the box first, and the search of 50,000
 * entries (hundreds of ms on a slow phone) runs after it, in steps of
 * their own tasks, once for a burst of keys: a key typed meanwhile is
 * handled between two steps, and the search goes on with its text. While
 * the list lags the box it is `pending`, and the list says so rather than
 * passing its old rows off as the answer.
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
 * the file's entry count; `steps`, when given, searches a text in steps
 * (a generator stopping between them) whose answer `apply` then finds
 * done.
 */
export function useDeferredQuery(
  q: string,
  apply: (q: string) => void,
  n: number,
  steps?: (q: string) => Iterator<unknown>,
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
  // The search in steps under way: its text, its searcher's steps (another
  // file's, or none once headers and bodies are searched too, start over)
  // and where it stopped.
  const job = useRef<
    {
      text: string;
      steps: typeof steps;
      it: Iterator<unknown> | null;
    } | null
  >(null);
  const stepsOf = useRef(steps);
  stepsOf.current = steps;
  const task = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => {
    cancelAnimationFrame(timer.current);
    clearTimeout(task.current);
  }, []);

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
      task.current = setTimeout(step, 0)
    );
  }, [apply, n]);

  /**
   * One step of the search of the box's latest text (a newer one than the
   * step before searched starts over), then the next in a task of its
   * own, the keys typed meanwhile handled first; done, it is applied.
   */
  function step() {
    const latest = waiting.current;
    if (latest === null) return;
    let j = job.current;
    const now = stepsOf.current;
    if (!j || j.text !== latest || j.steps !== now) {
      j = job.current = { text: latest, steps: now, it: now?.(latest) ?? null };
    }
    if (j.it && !j.it.next().done) {
      task.current = setTimeout(step, 0);
      return;
    }
    job.current = null;
    waiting.current = null;
    if (latest !== applied.current) mine.current.add(latest);
    apply(latest);
  }

  return { text, onText, pending: text !== q };
}
