/**
 * Runs a prepared request with fetch: one at a time per runner (a new run
 * cancels the one in flight), cancellable, and cancelled on unmount.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { PreparedRequest } from "./model.ts";
import { runFetch, type RunProgress, type RunResult } from "./run.ts";

/**
 * Milliseconds between two shown byte counts: a body read in many small
 * pieces would otherwise render once per piece.
 */
const PROGRESS_MS = 100;

/** What the runner shows about its fetch. */
export interface FetchRun {
  /** `performance.now()` when the request in flight started, else null. */
  startedAt: number | null;
  /** The request in flight's status, headers and bytes so far, once come. */
  progress: RunProgress | null;
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
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [sent, setSent] = useState<PreparedRequest | null>(null);
  const ctl = useRef<AbortController | null>(null);

  useEffect(() => () => ctl.current?.abort(), []);

  const run = useCallback((r: PreparedRequest) => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    setResult(null);
    setProgress(null);
    setSent(r);
    setStartedAt(performance.now());
    // The headers at once; then the count at most every PROGRESS_MS, the
    // latest one shown when the wait is over.
    let shown = -Infinity;
    let latest: RunProgress | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = undefined;
      if (ctl.current !== c || !latest) return;
      shown = performance.now();
      setProgress(latest);
    };
    const onProgress = (p: RunProgress) => {
      latest = p;
      const wait = p.bytes === 0 ? 0 : shown + PROGRESS_MS - performance.now();
      if (wait <= 0) show();
      else timer ??= setTimeout(show, wait);
    };
    runFetch(r, c.signal, undefined, onProgress).then((res) => {
      clearTimeout(timer);
      if (ctl.current !== c) return; // superseded by a newer run
      ctl.current = null;
      setStartedAt(null);
      setProgress(null);
      setResult(res);
    });
  }, []);

  const cancel = useCallback(() => ctl.current?.abort(), []);
  const clear = useCallback(() => {
    ctl.current?.abort();
    ctl.current = null;
    setStartedAt(null);
    setProgress(null);
    setResult(null);
  }, []);

  return { startedAt, progress, result, sent, run, cancel, clear };
}
