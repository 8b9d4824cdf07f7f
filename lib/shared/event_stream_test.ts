/** The event stream reader: HTML §9.2.6, chunk by chunk. */
import assert from "node:assert/strict";
import { EventStreamReader, MAX_EVENT_DATA } from "./event_stream.ts";

/** Every event of `chunks` fed in turn, as [type, data, id]. */
function read(...chunks: string[]): [string, string, string][] {
  const r = new EventStreamReader();
  return chunks.flatMap((c) => r.feed(c)).map((e) => [e.type, e.data, e.id]);
}

const CASES: [string, string[], [string, string, string][]][] = [
  ["ok/one event", ["data: a\n\n"], [["message", "a", ""]]],
  ["ok/named, with an id", ["event: tick\nid: 7\ndata: {}\n\n"], [[
    "tick",
    "{}",
    "7",
  ]]],
  ["ok/data lines join with LF", ["data: a\ndata:b\ndata\n\n"], [[
    "message",
    "a\nb\n",
    "",
  ]]],
  ["ok/CRLF and CR end lines", ["data: a\r\n\r\ndata: b\r\r"], [
    ["message", "a", ""],
    ["message", "b", ""],
  ]],
  ["ok/a CRLF split between chunks is one line end", ["data: a\r", "\n\r\n"], [[
    "message",
    "a",
    "",
  ]]],
  ["ok/lines split anywhere", ["da", "ta: a", "b\n", "\n"], [[
    "message",
    "ab",
    "",
  ]]],
  ["ok/a BOM first is skipped", ["\uFEFFdata: a\n\n"], [["message", "a", ""]]],
  ["ok/comments and unknown fields are ignored", [
    ": hi\nfoo: bar\ndata: a\n\n",
  ], [["message", "a", ""]]],
  ["ok/no data, no event; the id still counts", ["id: 3\n\ndata: a\n\n"], [[
    "message",
    "a",
    "3",
  ]]],
  ["ok/the id persists; one with NUL is ignored", [
    "id: 1\ndata: a\n\nid: x\0y\ndata: b\n\n",
  ], [["message", "a", "1"], ["message", "b", "1"]]],
  ["ok/an empty id resets it", ["id: 1\ndata: a\n\nid\ndata: b\n\n"], [
    ["message", "a", "1"],
    ["message", "b", ""],
  ]],
  ["ok/an unfinished event waits", ["data: a\n"], []],
  ["ok/one space after the colon is dropped, no more", ["data:  a\n\n"], [[
    "message",
    " a",
    "",
  ]]],
];

for (const [name, chunks, want] of CASES) {
  Deno.test(`event stream: ${name}`, () => {
    assert.deepEqual(read(...chunks), want);
  });
}

Deno.test("event stream: ok/retry takes ASCII digits only", () => {
  const r = new EventStreamReader();
  r.feed("retry: 1500\n\n");
  assert.equal(r.retry, 1500);
  r.feed("retry: 2s\nretry: -1\n\n");
  assert.equal(r.retry, 1500);
  assert.equal(r.lastEventId, "");
});

Deno.test("event stream: bad/one event's data is bounded", () => {
  const r = new EventStreamReader();
  const line = "x".repeat(1000);
  let events = 0;
  for (let i = 0; i < 2 * MAX_EVENT_DATA / 1000; i++) {
    events += r.feed(`data: ${line}\n`).length;
  }
  const [e] = r.feed("\n");
  assert.equal(events, 0);
  assert.ok(e.data.length <= MAX_EVENT_DATA, `${e.data.length}`);
  assert.ok(e.data.length > MAX_EVENT_DATA - 2000);
});

Deno.test("event stream: bad/a line too long to hold is dropped whole, its tail not read as a line of its own", () => {
  const r = new EventStreamReader();
  const huge = "x".repeat(MAX_EVENT_DATA + 10);
  let events = r.feed(`data: a\n\ndata: ${huge}`);
  // The tail of the dropped line would read as a field `yy` (ignored) or,
  // here, `data`: it must not become an event.
  events = [...events, ...r.feed(huge), ...r.feed("data: b\n\n")];
  events = [...events, ...r.feed("x\ndata: c\n\n")];
  assert.deepEqual(events.map((e) => e.data), ["a", "c"]);
});
