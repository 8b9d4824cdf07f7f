/**
 * Keeps the viewer's sort, filters and selection in `location.hash`.
 * Updates replace the history entry (typing a search must not create one
 * Back step per key); editing the fragment by hand, or Back/Forward across
 * documents, flows back in through `hashchange`.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { isAnchorFragment, replaceFragment } from "../shared/fragment.ts";
import {
  emptyHashState,
  formatHash,
  type HashState,
  parseHash,
} from "./hash_state.ts";

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

  useEffect(() => {
    const read = () => {
      // A skip link's `#main` leaves the view (and puts it back in the URL).
      if (isAnchorFragment(location.hash)) {
        return replaceFragment(formatHash(latest.current));
      }
      // A pending write describes the state before this external change.
      clearTimeout(timer.current);
      setState(parseHash(location.hash));
    };
    read();
    addEventListener("hashchange", read);
    return () => removeEventListener("hashchange", read);
  }, []);

  // `history.replaceState` costs milliseconds in Chromium (it goes to the
  // browser process): write the fragment after the burst of updates, not
  // inside the update the user waits for.
  const write = useCallback(
    () => replaceFragment(formatHash(latest.current)),
    [],
  );

  const update = useCallback((patch: Partial<HashState>) => {
    setState((old) => {
      const next = { ...old, ...patch };
      latest.current = next;
      return next;
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(write, 150);
  }, []);

  return [state, update];
}
