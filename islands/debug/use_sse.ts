/**
 * Reads a server-sent event stream with the browser's own `EventSource`
 * (HTML §9.2), listing events as they arrive.
 *
 * EventSource hides why a connection failed (no status, no body), so when
 * the stream fails before opening, one diagnostic fetch of the same URL gets
 * the server's answer (typically a 400 problem+json) to show instead.
 * After the last event (`data.id == data.count`) the runner closes the
 * source itself: a plain EventSource would reconnect with
 * `Last-Event-ID: N`, get 204 and stop, which costs one more round trip.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { PreparedRequest } from "./model.ts";
import { runFetch, type RunResult } from "./run.ts";

/** One received event. */
export interface SseEvent {
  /** `lastEventId` after the event (its `id:` field). */
  id: string;
  /** Event type (`event:` field, `message` by default). */
  event: string;
  data: string;
  /** Milliseconds since the runner started the stream. */
  atMs: number;
}

/** Where the stream is. */
export type SsePhase =
  | "connecting"
  | "open"
  | "reconnecting"
  | "complete"
  | "stopped"
  | "closed"
  | "failed";

/** Everything the SSE view shows. */
export interface SseState {
  phase: SsePhase;
  events: SseEvent[];
  /** Milliseconds to the open event, null before it. */
  openMs: number | null;
  /** Milliseconds since start at the last event or phase change. */
  ms: number;
  /** The diagnostic fetch's outcome when the stream failed to open. */
  failure: RunResult | null;
}

/** The SSE side of a runner. */
export function useSse(): {
  sse: SseState | null;
  start: (r: PreparedRequest, eventName: string) => void;
  stop: () => void;
  clear: () => void;
} {
  const [sse, setSse] = useState<SseState | null>(null);
  const src = useRef<EventSource | null>(null);
  // Bumped by every start/clear: late callbacks of older streams are ignored.
  const gen = useRef(0);
  const t0 = useRef(0);

  const close = useCallback(() => {
    src.current?.close();
    src.current = null;
  }, []);
  useEffect(() => () => {
    gen.current++;
    close();
  }, [close]);

  const start = useCallback((r: PreparedRequest, eventName: string) => {
    close();
    const g = ++gen.current;
    const begin = t0.current = performance.now();
    const ms = () => Math.round(performance.now() - begin);
    const patch = (f: (s: SseState) => Partial<SseState>) =>
      setSse((s) => (s && gen.current === g ? { ...s, ...f(s) } : s));
    let opened = false;
    const es = new EventSource(r.url);
    src.current = es;
    setSse({
      phase: "connecting",
      events: [],
      openMs: null,
      ms: 0,
      failure: null,
    });
    es.onopen = () => {
      opened = true;
      patch(() => ({ phase: "open", openMs: ms(), ms: ms() }));
    };
    es.addEventListener(eventName, (e) => {
      const m = e as MessageEvent<string>;
      let last = false;
      try {
        const d = JSON.parse(m.data);
        last = typeof d?.id === "number" && d.id >= d.count;
      } catch { /* not this API's JSON: keep listening */ }
      const ev = { id: m.lastEventId, event: m.type, data: m.data, atMs: ms() };
      patch((s) => ({
        events: [...s.events, ev],
        ms: ev.atMs,
        phase: last ? "complete" : "open",
      }));
      if (last) close();
    });
    es.onerror = () => {
      if (gen.current !== g || src.current !== es) return;
      if (opened) {
        const again = es.readyState === EventSource.CONNECTING;
        patch(() => ({ phase: again ? "reconnecting" : "closed", ms: ms() }));
        if (!again) close();
        return;
      }
      // Never opened: ask the server what it answers, then give up.
      close();
      runFetch({ ...r, stream: false }).then((failure) =>
        patch(() => ({ phase: "failed", failure, ms: ms() }))
      );
    };
  }, [close]);

  const stop = useCallback(() => {
    if (!src.current) return;
    close();
    const ms = Math.round(performance.now() - t0.current);
    setSse((s) => (s ? { ...s, phase: "stopped", ms } : s));
  }, [close]);

  const clear = useCallback(() => {
    gen.current++;
    close();
    setSse(null);
  }, [close]);

  return { sse, start, stop, clear };
}
