/**
 * One runner's form state, kept in the URL fragment once the user edits it
 * (so the configured request can be shared as a link), and loaded from the
 * fragment on arrival and whenever it changes (the reference's "Try" links
 * are fragments). Edits replace the history entry: typing must not add one
 * Back step per key.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { EndpointSpec } from "../../lib/debug/core/catalog.ts";
import { initialState, type RunnerState } from "./model.ts";
import { formatHash, parseHash } from "./hash.ts";
import { replaceFragment } from "../shared/fragment.ts";

/**
 * Milliseconds after the last edit before the fragment is written:
 * `history.replaceState` goes to Chromium's browser process and costs
 * milliseconds (more for a long URL), so it is done once the keys stop,
 * not inside each keystroke the user waits on.
 */
const WRITE_AFTER_MS = 150;

/** A partial update; `values` merges into the current values. */
export type StatePatch = Partial<Omit<RunnerState, "values">> & {
  values?: Record<string, string>;
};

/**
 * The state, a merging setter, and a counter that grows each time the state
 * was loaded from the fragment (so the runner can scroll to itself).
 */
export function useRunnerState(
  ep: EndpointSpec,
): [RunnerState, (patch: StatePatch) => void, number] {
  // SSR and the first client render agree on the fresh form; the fragment
  // is read after hydration.
  const [state, setState] = useState<RunnerState>(() => initialState(ep));
  const [loads, setLoads] = useState(0);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const read = () => {
      const s = parseHash(ep, location.hash);
      if (!s) return;
      // A pending write describes the state before this link.
      clearTimeout(timer.current);
      dirty.current = false;
      setState(s);
      setLoads((n) => n + 1);
    };
    read();
    addEventListener("hashchange", read);
    return () => removeEventListener("hashchange", read);
  }, [ep]);

  useEffect(() => {
    if (!dirty.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => replaceFragment(formatHash(ep, state)),
      WRITE_AFTER_MS,
    );
  }, [ep, state]);

  const update = useCallback((patch: StatePatch) => {
    dirty.current = true;
    setState((old) => ({
      ...old,
      ...patch,
      values: patch.values ? { ...old.values, ...patch.values } : old.values,
    }));
  }, []);

  return [state, update, loads];
}
