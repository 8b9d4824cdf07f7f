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
import { fragmentTarget, replaceFragment } from "../shared/fragment.ts";

/**
 * Milliseconds after the last edit before the fragment is written:
 * `history.replaceState` goes to Chromium's browser process and costs
 * milliseconds (more for a long URL), so it is done once the keys stop,
 * not inside each keystroke the user waits on.
 */
const WRITE_AFTER_MS = 150;

/**
 * This tab's sessionStorage key of the edit not yet in the fragment:
 * `{url, fragment}`, the address as it stood and the fragment the edit
 * makes. A reload or a Back within the wait loads the page at `url`: the
 * browser took the address before the page could write it (a write on
 * `pagehide` came too late for Back in Chromium), so the page that comes
 * back at `url` writes `fragment` itself.
 */
const PENDING = "wirebench.debug.pending";

/** The edit kept for a reload or Back, if storage can be used. */
function keepPending(fragment: string | null): void {
  try {
    if (fragment === null) sessionStorage.removeItem(PENDING);
    else {
      sessionStorage.setItem(
        PENDING,
        JSON.stringify({ url: location.href, fragment }),
      );
    }
  } catch {
    // Blocked storage: the fragment alone, written after the wait.
  }
}

/** The fragment of an edit kept for this address and runner `id`, if any. */
function pendingFor(id: string): string | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(PENDING) ?? "null");
    if (p?.url !== location.href || typeof p.fragment !== "string") return null;
    return fragmentTarget(p.fragment).id === id ? p.fragment : null;
  } catch {
    return null;
  }
}

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
  // Once the page is going (a reload or a link took the address), a
  // write no longer reaches the entry it comes back to: the kept edit
  // stays for the page that comes back at that address.
  const leaving = useRef(false);
  useEffect(() => {
    const going = () => leaving.current = true;
    const back = () => leaving.current = false;
    addEventListener("beforeunload", going);
    addEventListener("pagehide", going);
    addEventListener("pageshow", back);
    return () => {
      clearTimeout(timer.current);
      removeEventListener("beforeunload", going);
      removeEventListener("pagehide", going);
      removeEventListener("pageshow", back);
    };
  }, []);

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
    const kept = pendingFor(ep.id);
    if (kept !== null) {
      replaceFragment(kept);
      keepPending(null);
    }
    read();
    const link = () => {
      keepPending(null);
      read();
    };
    addEventListener("hashchange", link);
    return () => removeEventListener("hashchange", link);
  }, [ep]);

  useEffect(() => {
    if (!dirty.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      replaceFragment(formatHash(ep, state));
      if (!leaving.current) keepPending(null);
    }, WRITE_AFTER_MS);
  }, [ep, state]);

  const update = useCallback((patch: StatePatch) => {
    dirty.current = true;
    setState((old) => {
      const next = {
        ...old,
        ...patch,
        values: patch.values ? { ...old.values, ...patch.values } : old.values,
      };
      // Kept at once (sessionStorage is written in the page, not through
      // the browser's history): the key may be the last before a reload.
      keepPending(formatHash(ep, next));
      return next;
    });
  }, [ep]);

  return [state, update, loads];
}
