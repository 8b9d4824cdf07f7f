/**
 * Runs a prepared request with fetch: one at a time per runner (a new run
 * cancels the one in flight), cancellable, and cancelled on unmount.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { PreparedRequest } from "./model.ts";
import { runFetch, type RunResult } from "./run.ts";

/** What the runner shows about its fetch. */
export interface FetchRun {
  /** `performance.now()` when the request in flight started, else null. */
  startedAt: number | null;
  result: RunResult | null;
  /** The request the result belongs to. */
  sent: PreparedRequest | null;
  run: (r: PreparedRequest) => void;
  cancel: () => void;
  clear: () => void;
}

/** The fetch side of a runner. */
export function useFetchRun(): FetchRun {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [sent, setSent] = useState<PreparedRequest | null>(null);
  const ctl = useRef<AbortController | null>(null);

  useEffect(() => () => ctl.current?.abort(), []);

  const run = useCallback((r: PreparedRequest) => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    setResult(null);
    setSent(r);
    setStartedAt(performance.now());
    runFetch(r, c.signal).then((res) => {
      if (ctl.current !== c) return; // superseded by a newer run
      ctl.current = null;
      setStartedAt(null);
      setResult(res);
    });
  }, []);

  const cancel = useCallback(() => ctl.current?.abort(), []);
  const clear = useCallback(() => {
    ctl.current?.abort();
    ctl.current = null;
    setStartedAt(null);
    setResult(null);
  }, []);

  return { startedAt, result, sent, run, cancel, clear };
}
