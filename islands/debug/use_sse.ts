/**
 * The SSE side of a runner: the stream read as an EventSource reads it
 * (event_source.ts), with its status, headers and events listed as they
 * come. After the last event (`data.id == data.count`) the runner stops
 * itself: an EventSource would reconnect with `Last-Event-ID: N`, get 204
 * and stop, which costs one more round trip.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { PreparedRequest } from "./model.ts";
import type { RunResult } from "./run.ts";
import { readEventStream, type StreamedEvent } from "./event_source.ts";

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

/** The stream's response, as the first connection got it. */
export interface SseResponse {
  status: number;
  statusText: string;
  /** Lower-case names, as fetch gives them. */
  headers: [string, string][];
}

/** Everything the SSE view shows. */
export interface SseState {
  phase: SsePhase;
  events: SseEvent[];
  /** Milliseconds to the open stream's headers, null before them. */
  openMs: number | null;
  /** The open stream's status and headers, null before them. */
  response: SseResponse | null;
  /** Milliseconds since start at the last event or phase change. */
  ms: number;
  /** The server's answer when it was no event stream. */
  failure: RunResult | null;
}

/** True for this API's last event: its JSON `id` reached its `count`. */
export function isLastTick(e: StreamedEvent): boolean {
  try {
    const d = JSON.parse(e.data);
    return typeof d?.id === "number" && d.id >= d.count;
  } catch {
    return false; // not this API's JSON: keep listening
  }
}

/** The SSE side of a runner. */
export function useSse(): {
  sse: SseState | null;
  start: (r: PreparedRequest, eventName: string) => void;
  stop: () => void;
  clear: () => void;
} {
  const [sse, setSse] = useState<SseState | null>(null);
  const ctl = useRef<AbortController | null>(null);
  // Bumped by every start/clear: late callbacks of older streams are ignored.
  const gen = useRef(0);
  const t0 = useRef(0);

  const close = useCallback(() => {
    ctl.current?.abort();
    ctl.current = null;
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
    const abort = ctl.current = new AbortController();
    setSse({
      phase: "connecting",
      events: [],
      openMs: null,
      response: null,
      ms: 0,
      failure: null,
    });
    void readEventStream(r, eventName, isLastTick, {
      open: (res, first) =>
        patch((s) => ({
          phase: "open",
          openMs: s.openMs ?? ms(),
          response: first
            ? {
              status: res.status,
              statusText: res.statusText,
              headers: [...res.headers],
            }
            : s.response,
          ms: ms(),
        })),
      events: (list) => {
        const at = ms();
        patch((s) => ({
          events: [
            ...s.events,
            ...list.map((e) => ({
              id: e.id,
              event: e.type,
              data: e.data,
              atMs: at,
            })),
          ],
          ms: at,
        }));
      },
      reconnecting: () => patch(() => ({ phase: "reconnecting", ms: ms() })),
      done: (how, failure) => {
        if (ctl.current === abort) ctl.current = null;
        patch(() => ({ phase: how, failure, ms: ms() }));
      },
    }, abort.signal);
  }, [close]);

  const stop = useCallback(() => {
    if (!ctl.current) return;
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
