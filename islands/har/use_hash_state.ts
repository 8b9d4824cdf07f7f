/**
 * Keeps the viewer's sort, filters and selection in `location.hash`.
 * Updates replace the history entry (typing a search must not create one
 * Back step per key); editing the fragment by hand, or Back/Forward across
 * documents, flows back in through `hashchange`.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import {
  emptyHashState,
  formatHash,
  type HashState,
  parseHash,
} from "../../lib/har/hash_state.ts";

/** The state and a setter that merges a partial update. */
export function useHashState(): [
  HashState,
  (patch: Partial<HashState>) => void,
] {
  // SSR and the first client render agree on the empty state; the real
  // fragment is read after hydration.
  const [state, setState] = useState<HashState>(emptyHashState);

  useEffect(() => {
    const read = () => setState(parseHash(location.hash));
    read();
    addEventListener("hashchange", read);
    return () => removeEventListener("hashchange", read);
  }, []);

  const update = useCallback((patch: Partial<HashState>) => {
    setState((old) => {
      const next = { ...old, ...patch };
      const hash = formatHash(next);
      if (hash !== location.hash && !(hash === "" && location.hash === "#")) {
        history.replaceState(
          history.state,
          "",
          hash || location.pathname + location.search,
        );
      }
      return next;
    });
  }, []);

  return [state, update];
}
