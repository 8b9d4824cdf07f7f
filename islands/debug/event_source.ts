/**
 * An event stream read with `fetch` as a browser's EventSource reads it
 * (HTML §9.2): `Accept: text/event-stream` (the prepared request's), the
 * stream parsed as it arrives (lib/shared/event_stream.ts), reconnection
 * after the stream's `retry` with `Last-Event-ID` when it ends or breaks,
 * and a 204 (or anything but a 200 event stream) on reconnecting that
 * stops it for good. Unlike an EventSource it hands over the response's
 * status and headers, and a first answer that is no event stream as the
 * server sent it. DOM-free: the runner's hook renders what it reports, and
 * tests run it against a real server.
 */
import type { PreparedRequest } from "./model.ts";
import { resultOf, runFetch, type RunResult } from "./run.ts";
import { EventStreamReader } from "../../lib/shared/event_stream.ts";

/**
 * Milliseconds before reconnecting when the stream set no `retry`
 * (HTML §9.2.2 leaves it to the browser; Chromium waits 3 s).
 */
export const DEFAULT_RETRY_MS = 3_000;

/** An event of the type listened to. */
export interface StreamedEvent {
  /** The last event id after it. */
  id: string;
  type: string;
  data: string;
}

/** What {@link readEventStream} reports, as it happens. */
export interface StreamCallbacks {
  /** The stream opened (first time: its status and headers). */
  open(res: Response, first: boolean): void;
  /** Events of the type listened to, from one chunk. */
  events(list: StreamedEvent[]): void;
  /** It ended or broke: reconnecting after `ms`. */
  reconnecting(ms: number): void;
  /** The end: the last event came, the server said no more, or it failed. */
  done(
    how: "complete" | "closed" | "failed",
    failure: RunResult | null,
  ): void;
}

/**
 * Reads `r`'s stream until `isLast` says an event is the last, the server
 * stops it, or `signal` aborts; events of type `eventName` only (what
 * `addEventListener(eventName)` hears).
 */
export async function readEventStream(
  r: PreparedRequest,
  eventName: string,
  isLast: (e: StreamedEvent) => boolean,
  on: StreamCallbacks,
  signal: AbortSignal,
  wait: (ms: number) => Promise<void> = (ms) =>
    new Promise((done) => setTimeout(done, ms)),
): Promise<void> {
  const reader = new EventStreamReader();
  for (let again = false;; again = true) {
    if (again) {
      const ms = reader.retry ?? DEFAULT_RETRY_MS;
      on.reconnecting(ms);
      await wait(ms);
      if (signal.aborted) return;
    }
    const headers = new Headers();
    for (const h of r.headers) headers.append(h.name, h.value);
    if (reader.lastEventId) headers.set("Last-Event-ID", reader.lastEventId);
    const sent = performance.now();
    let res: Response;
    try {
      res = await fetch(r.url, {
        headers,
        cache: "no-store",
        credentials: "same-origin",
        signal,
      });
    } catch {
      if (signal.aborted) return;
      if (again) continue;
      // No response: why, in the words any runner uses.
      return on.done("failed", await runFetch({ ...r, stream: false }));
    }
    // HTML §9.2.3: a 204 ends it for good; anything but a 200 event
    // stream fails it, shown as the server sent it.
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !/^text\/event-stream\b/i.test(type)) {
      if (again) {
        await res.body?.cancel();
        return on.done("closed", null);
      }
      return on.done("failed", await resultOf(res, sent, performance.now()));
    }
    on.open(res, !again);
    const body = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const chunk = await body?.read();
        if (!chunk || chunk.done) break;
        const got = reader.feed(chunk.value)
          .filter((e) => e.type === eventName);
        if (!got.length) continue;
        on.events(got);
        if (got.some(isLast)) {
          await body?.cancel();
          return on.done("complete", null);
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    if (signal.aborted) return;
  }
}
