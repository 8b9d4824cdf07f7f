import assert from "node:assert/strict";
import { wsDataLength, wsMessages } from "./ws.ts";
import { corpusDir } from "../../tests/helpers/corpus.ts";
import { parseHarText } from "./parse.ts";
import { entryDetail } from "./detail.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

Deno.test("ws: a binary frame's length is its base64 decoded, a text frame's its UTF-8", () => {
  assert.equal(wsDataLength("AAEC", 2), 3);
  assert.equal(wsDataLength("AAECAw==", 2), 4);
  assert.equal(wsDataLength("AAECAwQ=", 2), 5);
  assert.equal(wsDataLength("AAEC\nAwQ=", 2), 5);
  // Text, and a binary frame whose data is no base64, count as UTF-8.
  assert.equal(wsDataLength("AAECAw==", 1), 8);
  assert.equal(wsDataLength("€uro!", 2), 7);
  assert.equal(wsDataLength('{"a":"é"}', 1), 10);
});

Deno.test("ws: frames are timed from the request's start, lengths from the whole data", () => {
  const long = "é".repeat(2000);
  const rows = wsMessages([
    { type: "receive", time: 1693314200.336985, opcode: 1, data: "hi" },
    { type: "send", time: 1693314201.5, opcode: 2, data: "AAECAw==" },
    { type: "send", time: 1693314202, opcode: 1, data: long },
    { type: "send", opcode: 1, data: "no time" },
  ], "2023-08-29T13:03:20.195591+00:00");
  assert.deepEqual(rows.map((m) => m.at), [141.394, 1304.409, 1804.409, NaN]);
  assert.deepEqual(rows.map((m) => m.length), [2, 4, 4000, 7]);
  // The data is cut for display, the length is not.
  assert.ok(rows[2].data.length < 600);
  // No start recorded: no offset.
  assert.ok(Number.isNaN(wsMessages([{ time: 1, data: "" }], "")[0].at));
});

const DIR = corpusDir("har");
Deno.test({
  name:
    "ws: mitmproxy-websocket.har's first frame came 141 ms after the request started",
  ignore: DIR === null,
  fn: async () => {
    const { doc, raw } = parseHarText(
      await Deno.readTextFile(`${DIR}mitmproxy-websocket.har`),
    );
    const d = entryDetail(raw[0], doc.entries[0]);
    assert.equal(d.wsMessages[0].at, 141.394);
    assert.equal(d.wsMessages[0].length, 27);
  },
});

Deno.test("wsDataLength: bad/a binary frame of thousands of spaces and a stray character is measured in linear time", () => {
  const data = " ".repeat(100_000) + "!";
  // Not base64: its UTF-8 length.
  const ms = cpuMs(() => assert.equal(wsDataLength(data, 2), data.length));
  assert.ok(ms < 500, `${ms} ms`);
  // Base64 with white space between its characters still decodes.
  assert.equal(wsDataLength("aGVs\nbG8=", 2), 5);
});
