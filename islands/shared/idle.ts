/**
 * Work the page can put off (storing a spec for a reload, writing the URL
 * fragment) done in the browser's idle periods only (W3C Cooperative
 * Scheduling of Background Tasks), so it never lands between the frames of
 * something a person waits for, such as an operation filling in.
 */

/** `requestIdleCallback`, as {@link whenIdle} uses it. */
export type IdleScheduler = (
  run: (deadline: { timeRemaining(): number }) => void,
) => void;

/** The page's `requestIdleCallback`; undefined where there is none (Safari). */
function pageIdle(): IdleScheduler | undefined {
  return typeof requestIdleCallback === "function"
    ? (run) => requestIdleCallback(run)
    : undefined;
}

/**
 * Runs `f` in an idle period with at least `ms` left, however long that
 * takes: never as a task of its own between busy frames (a callback with a
 * timeout runs as one when the page stays busy, with no time left). `f` is
 * given the time left in that period, to do more while it lasts. Where
 * there is no idle callback, soon, with time for one `ms` step. With
 * `within`, `f` runs at the latest that many milliseconds on, in a task of
 * its own (with no time left), for work a person may look for: a page
 * that draws no frames (headless Chromium, a still page) can go on without
 * an idle period until the next input. Returns a function that cancels the
 * run if it has not started.
 */
export function whenIdle(
  f: (left: () => number) => void,
  ms: number,
  idle: IdleScheduler | undefined = pageIdle(),
  within?: number,
): () => void {
  let cancelled = false;
  if (!idle) {
    const t = setTimeout(() => f(() => 0), 16);
    return () => clearTimeout(t);
  }
  let late: ReturnType<typeof setTimeout> | undefined;
  const run = (left: () => number) => {
    if (cancelled) return;
    cancelled = true;
    clearTimeout(late);
    f(left);
  };
  const wait = () =>
    idle((d) => {
      if (cancelled) return;
      if (d.timeRemaining() >= ms) run(() => d.timeRemaining());
      else wait();
    });
  wait();
  if (within !== undefined) late = setTimeout(() => run(() => 0), within);
  return () => {
    cancelled = true;
    clearTimeout(late);
  };
}
