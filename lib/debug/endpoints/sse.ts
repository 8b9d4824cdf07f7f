/**
 * `/sse`: server-sent events (HTML Living Standard §9.2).
 *
 * A `ReadableStream` of strings piped through `TextEncoderStream`; each event
 * is enqueued on its own, and Deno writes every chunk as it comes, so each
 * event is flushed when written. `cancel()` runs when the client leaves
 * (the response body is cancelled and the pipe propagates it) and clears
 * the pending timer; request.signal is not used for this because Deno fires
 * it after successful responses too.
 */
import { type JsonSchema, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, respond, STREAMED_HEADERS } from "../core/http.ts";
import { ParamError, parseInteger } from "../core/params.ts";

/** The `data:` JSON of each server-sent event. */
const SSE_EVENT_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "count", "time"],
  properties: {
    id: { type: "integer", minimum: 1, description: "1-based event number." },
    count: { type: "integer", description: "Total events of the stream." },
    time: { type: "string", format: "date-time" },
  },
};

const HEADERS = {
  ...BASE_HEADERS,
  "content-type": "text/event-stream",
  ...STREAMED_HEADERS,
};

/**
 * The Last-Event-ID the client resumes after (§9.2.4), 0 when absent.
 * Browsers send back an id we gave, so anything else is a client bug.
 */
function lastEventId(req: Request, count: number): number {
  const raw = req.headers.get("last-event-id");
  if (raw === null || raw === "") return 0;
  try {
    // Any id a number can hold exactly: one at or past `count` leaves
    // nothing to send (204).
    return parseInteger("Last-Event-ID", raw, 0, Number.MAX_SAFE_INTEGER);
  } catch (e) {
    if (!(e instanceof ParamError)) throw e;
    throw new ParamError(
      "Last-Event-ID",
      `Last-Event-ID must be an event id, a decimal integer (this stream's are 1 to ${count}), got ${
        JSON.stringify(raw.slice(0, 40))
      }.`,
    );
  }
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

/** `GET /sse`. */
export function sse(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  return defineEndpoint({
    streaming: true,
    summary: "Server-sent events",
    description:
      "A text/event-stream, never compressed, each event flushed when written. An optional `retry:` field comes first. Each event has `id: N` (1-based) and `data:` JSON {id, count, time}. A request with Last-Event-ID K resumes at K+1; when nothing is left it gets 204, which stops an EventSource from reconnecting. HEAD answers at once with the Content-Length the stream would have.",
    params: [{
      name: "count",
      in: "query",
      type: "integer",
      required: false,
      default: 5,
      min: 1,
      max: l.maxSseCount,
      description: `Events to send, 1 to ${l.maxSseCount}.`,
      example: "3",
    }, {
      name: "interval",
      in: "query",
      type: "duration",
      wait: true,
      required: false,
      default: 1000,
      min: 0,
      max: l.maxSseIntervalMs,
      description:
        `Time between events, ms (or with a unit), 0 to ${l.maxSseIntervalMs}.`,
      example: "500",
    }, {
      name: "event",
      in: "query",
      type: "string",
      required: false,
      default: "message",
      maxLength: 64,
      pattern: "[A-Za-z0-9_.:-]+",
      description: "The `event:` name; letters, digits and `_.:-`.",
      example: "tick",
    }, {
      name: "retry",
      in: "query",
      type: "integer",
      required: false,
      min: 0,
      max: l.maxSseIntervalMs,
      description: "Reconnection time sent as a `retry:` field first, ms.",
      example: "2000",
    }, sleepParam(l)],
    requestHeaders: [{
      name: "Last-Event-ID",
      description:
        "Resume after this event id (EventSource sends it on reconnect); 204 when nothing is left.",
    }],
    responses: [{
      status: "200",
      description:
        "The event stream; each event's data is JSON of this schema.",
      contentType: "text/event-stream",
      schema: SSE_EVENT_SCHEMA,
    }, {
      status: "204",
      description: "Last-Event-ID is at or past count: nothing left.",
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({}, "count=3&interval=500"), description: "3 events" },
    ],
    // A bad Last-Event-ID is refused before a sleep: bad input is answered first.
    validate: (params, req) => lastEventId(req, params.count),
    handle: (_req, { params, head, checked: after }) =>
      stream(ctx, params, after, head),
  });
}

/** What a stream is asked for: the parsed query. */
interface StreamAsk {
  readonly count: number;
  readonly interval: number;
  readonly event: string;
  readonly retry: number | undefined;
}

/**
 * The event stream after event `after` (the Last-Event-ID, 0 for a new
 * stream), or its HEAD answer, or 204 when nothing is left.
 */
function stream(
  ctx: DebugContext,
  { count, interval, event, retry }: StreamAsk,
  after: number,
  head: boolean,
): Response {
  if (after >= count) {
    // Nothing left: 204 tells EventSource to stop reconnecting (§9.2.3).
    return respond(null, 204, BASE_HEADERS);
  }
  if (head) {
    // The stream's length is known in advance (ISO times have a fixed
    // width), and RFC 9110 §8.6 allows a HEAD response to state it.
    const now = ctx.now();
    let length = retry === undefined ? 0 : `retry: ${retry}\n\n`.length;
    for (let id = after + 1; id <= count; id++) {
      length += formatEvent(id, count, event, now).length;
    }
    return respond(null, 200, { ...HEADERS, "content-length": String(length) });
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
  return respond(source.pipeThrough(new TextEncoderStream()), 200, HEADERS);
}
