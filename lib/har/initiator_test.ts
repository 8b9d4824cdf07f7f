import assert from "node:assert/strict";
import { initiatorShort } from "./initiator.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

/** [name, entry fields, the list's initiator]. */
const CASES: [string, Record<string, unknown>, string][] = [
  [
    "ok/Chrome: a parser's document and line (0-based, shown from 1)",
    {
      _initiator: {
        type: "parser",
        url: "https://a.test/index.html?x=1",
        lineNumber: 11,
      },
    },
    "index.html:12",
  ],
  [
    "ok/Chrome: a script's first stack frame",
    {
      _initiator: {
        type: "script",
        stack: {
          callFrames: [{
            functionName: "send",
            url: "https://cdn.test/js/beacon.min.js",
            lineNumber: 21,
          }],
        },
      },
    },
    "beacon.min.js:22",
  ],
  ["ok/Chrome: the type alone", { _initiator: { type: "other" } }, "other"],
  [
    "ok/WebPageTest: a URL, its line and type",
    {
      _initiator: "https://a.test/app.js",
      _initiator_line: "40",
      _initiator_type: "script",
    },
    "app.js:40",
  ],
  ["ok/a document's root URL keeps its host", {
    _initiator: { type: "parser", url: "https://a.test/" },
  }, "a.test"],
  ["ok/none recorded", {}, ""],
  ["bad/not an object or a string", { _initiator: 42 }, ""],
  [
    "bad/a hostile URL is cut",
    {
      _initiator: {
        type: "parser",
        url: "https://a.test/" + "x".repeat(5_000_000),
      },
    },
    "x".repeat(200) + "…",
  ],
];

for (const [name, raw, want] of CASES) {
  Deno.test(`initiatorShort: ${name}`, () => {
    const ms = cpuMs(() => {
      assert.equal(initiatorShort(raw), want);
    });
    assert.ok(ms < 500, "bounded");
  });
}
