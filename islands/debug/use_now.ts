/**
 * `performance.now()` refreshed ten times a second while `active`, for the
 * live "waiting… 1.2 s" counters; idle runners cost no timers.
 */
import { useEffect, useState } from "preact/hooks";

/** The current time in ms (performance clock), ticking while active. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const t = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(t);
  }, [active]);
  return now;
}
