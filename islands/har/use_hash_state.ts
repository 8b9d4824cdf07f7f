/**
 * Keeps the viewer's sort, filters and selection in `location.hash`.
 * Updates replace the history entry (typing a search must not create one
 * Back step per key); editing the fragment by hand, or Back/Forward across
 * documents, flows back in through `hashchange`.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { isAnchorFragment, replaceFragment } from "../shared/fragment.ts";
import { whenIdle } from "../shared/idle.ts";
import { SAY_AFTER_MS } from "../shared/use_settled_say.ts";
import {
  emptyHashState,
  formatHash,
  type HashState,
  parseHash,
} from "./hash_state.ts";

/**
 * Quiet time after an update before the fragment is written (ms): a
 * typing pause, the one after which the list's count is said. Keys come
 * 200-300 ms apart at an ordinary pace, so 150 ms wrote the search of each
 * key of a word ("s", "st", "stat", "static": four writes of states the
 * person was only passing through).
 */
const WRITE_AFTER_MS = SAY_AFTER_MS;
/**
 * Longest wait for an idle period once quiet (ms): a page that draws no
 * frames may have none until the next input, and a reload or a copied
 * address must not lose the view for long.
 */
const WRITE_WITHIN_MS = 1000;

/** The state and a setter that merges a partial update. */
export function useHashState(): [
  HashState,
  (patch: Partial<HashState>) => void,
] {
  // SSR and the first client render agree on the empty state; the real
  // fragment is read after hydration.
  const [state, setState] = useState<HashState>(emptyHashState);
  const latest = useRef(state);
  latest.current = state;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelIdle = useRef(() => {});
  /** Drops a write not yet done. */
  const drop = useCallback(() => {
    clearTimeout(timer.current);
    cancelIdle.current();
  }, []);

  useEffect(() => {
    const read = () => {
      // A skip link's `#main` leaves the view (and puts it back in the URL).
      if (isAnchorFragment(location.hash)) {
        return replaceFragment(formatHash(latest.current));
      }
      // A pending write describes the state before this external change.
      drop();
      setState(parseHash(location.hash));
    };
    read();
    addEventListener("hashchange", read);
    return () => {
      removeEventListener("hashchange", read);
      drop();
    };
  }, []);

  // `history.replaceState` costs milliseconds in Chromium (it goes to the
  // browser process): write the fragment after the burst of updates, in an
  // idle period, so not as a task between a large file's search steps and
  // renders while keys are still coming (each applied query wrote it).
  const write = useCallback(() => {
    cancelIdle.current = whenIdle(
      () => replaceFragment(formatHash(latest.current)),
      2,
      undefined,
      WRITE_WITHIN_MS,
    );
  }, []);

  const update = useCallback((patch: Partial<HashState>) => {
    setState((old) => {
      const next = { ...old, ...patch };
      latest.current = next;
      return next;
    });
    drop();
    timer.current = setTimeout(write, WRITE_AFTER_MS);
  }, []);

  return [state, update];
}
