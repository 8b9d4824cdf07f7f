/**
 * `GET /api/debug/sse`: server-sent events (HTML Living Standard §9.2).
 *
 * A `ReadableStream` of strings piped through `TextEncoderStream`; each event
 * is enqueued on its own, and Deno writes every chunk as it comes, so each
 * event is flushed when written. `cancel()` runs when the client leaves
 * (the response body is cancelled and the pipe propagates it) and clears
 * the pending timer; request.signal is not used for this because Deno fires
 * it after successful responses too.
 */
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS } from "./http.ts";
import { ParamError } from "./params.ts";

const HEADERS = {
  ...BASE_HEADERS,
  "content-type": "text/event-stream",
  // Proxies such as nginx would otherwise buffer the stream.
  "x-accel-buffering": "no",
};

/**
 * The Last-Event-ID the client resumes after (§9.2.4), 0 when absent.
 * Browsers send back an id we gave, so anything else is a client bug.
 */
function lastEventId(req: Request, count: number): number {
  const raw = req.headers.get("last-event-id");
  if (raw === null || raw === "") return 0;
  if (!/^(?:0|[1-9][0-9]{0,15})$/.test(raw)) {
    throw new ParamError(
      "Last-Event-ID",
      `Last-Event-ID must be an event id from this stream (1 to ${count}), got ${
        JSON.stringify(raw.slice(0, 40))
      }.`,
    );
  }
  return Number(raw);
}

/** One event's text: `id`, `event` and a one-line JSON `data` field. */
export function formatEvent(
  id: number,
  count: number,
  event: string,
  time: Date,
): string {
  const data = JSON.stringify({ id, count, time: time.toISOString() });
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
}

/** The SSE family handler. */
export const sseHandler: FamilyHandler = (req, { params, head }, ctx) => {
  const count = params.count as number;
  const interval = params.interval as number;
  const event = params.event as string;
  const retry = params.retry as number | undefined;
  const after = lastEventId(req, count);
  if (after >= count) {
    // Nothing left: 204 tells EventSource to stop reconnecting (§9.2.3).
    return new Response(null, { status: 204, headers: BASE_HEADERS });
  }
  if (head) {
    // An empty stream, not null: with a null body Deno would announce
    // Content-Length: 0, which the GET (chunked) response does not have.
    const empty = new ReadableStream({ start: (c) => c.close() });
    return new Response(empty, { status: 200, headers: HEADERS });
  }
  let next = after + 1;
  let cancelTimer: (() => void) | undefined;
  const source = new ReadableStream<string>({
    start(controller) {
      if (retry !== undefined) controller.enqueue(`retry: ${retry}\n\n`);
      const send = () => {
        cancelTimer = undefined;
        // interval 0: no timer per event, write the rest at once.
        do {
          controller.enqueue(formatEvent(next, count, event, ctx.now()));
          if (next++ >= count) return controller.close();
        } while (interval === 0);
        cancelTimer = ctx.timers.schedule(interval, send);
      };
      send();
    },
    cancel() {
      cancelTimer?.();
    },
  });
  return new Response(source.pipeThrough(new TextEncoderStream()), {
    status: 200,
    headers: HEADERS,
  });
};
