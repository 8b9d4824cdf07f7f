/**
 * The runner's event stream reader against a real server (Deno.serve over
 * TCP): events as they come, reconnection with Last-Event-ID after the
 * stream's retry, the end on a 204, and a first answer that is no stream.
 */
import assert from "node:assert/strict";
import { readEventStream, type StreamedEvent } from "./event_source.ts";
import { isLastTick } from "./use_sse.ts";
import { preparedRequest } from "../../tests/helpers/prepared_request.ts";

/** What one read reported, in order. */
async function readAll(
  handler: (req: Request, n: number) => Response,
  eventName = "message",
): Promise<{ log: string[]; asked: (string | null)[] }> {
  const asked: (string | null)[] = [];
  const server = Deno.serve({ port: 0, onListen() {} }, (req) => {
    asked.push(req.headers.get("last-event-id"));
    return handler(req, asked.length);
  });
  const log: string[] = [];
  const ctl = new AbortController();
  try {
    await readEventStream(
      preparedRequest({
        url: `http://127.0.0.1:${server.addr.port}/sse`,
        headers: [{ name: "Accept", value: "text/event-stream" }],
        stream: true,
      }),
      eventName,
      isLastTick,
      {
        open: (res, first) =>
          log.push(`open ${res.status} ${first ? "first" : "again"}`),
        events: (list: StreamedEvent[]) =>
          log.push(...list.map((e) => `event ${e.id} ${e.data}`)),
        reconnecting: (ms) => log.push(`reconnecting ${ms}`),
        done: (how, failure) =>
          log.push(
            `done ${how}${
              failure?.kind === "response" ? ` ${failure.status}` : ""
            }`,
          ),
      },
      ctl.signal,
      () => Promise.resolve(),
    );
  } finally {
    ctl.abort();
    await server.shutdown();
  }
  return { log, asked };
}

const stream = (text: string) =>
  new Response(text, { headers: { "content-type": "text/event-stream" } });
const tick = (id: number, count: number) =>
  `id: ${id}\ndata: {"id":${id},"count":${count}}\n\n`;

Deno.test("event source: ok/a stream cut short is read again from its last id, and ends at its last event", async () => {
  const { log, asked } = await readAll((_req, n) =>
    n === 1
      ? stream("retry: 25\n" + tick(1, 3) + tick(2, 3))
      : stream(tick(3, 3))
  );
  assert.deepEqual(asked, [null, "2"]);
  assert.deepEqual(log, [
    "open 200 first",
    'event 1 {"id":1,"count":3}',
    'event 2 {"id":2,"count":3}',
    "reconnecting 25",
    "open 200 again",
    'event 3 {"id":3,"count":3}',
    "done complete",
  ]);
});

Deno.test("event source: ok/a 204 on reconnecting ends it; other event types are not heard", async () => {
  const { log } = await readAll(
    (_req, n) =>
      n === 1
        ? stream("event: other\ndata: x\n\nevent: tick\ndata: y\n\n")
        : new Response(null, { status: 204 }),
    "tick",
  );
  assert.deepEqual(log, [
    "open 200 first",
    "event  y",
    "reconnecting 3000",
    "done closed",
  ]);
});

Deno.test("event source: bad/a first answer that is no event stream is the result, as sent", async () => {
  const { log, asked } = await readAll(() =>
    Response.json({ param: "retry" }, { status: 400 })
  );
  assert.deepEqual(log, ["done failed 400"]);
  assert.equal(asked.length, 1, "one request");
});
