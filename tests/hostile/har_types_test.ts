/**
 * Hostile HAR input, wrong JSON types: every field the
 * normaliser, the detail builder and the sanitizer read, given numbers
 * where strings belong and strings, booleans, null, arrays and objects
 * where numbers belong, plus extreme numbers and dates. Each case names
 * what the viewer shows for it.
 */
import assert from "node:assert/strict";
import type { PipelineResult } from "../helpers/har_hostile.ts";
import {
  assertNoPollution,
  bounded,
  checkInvariants,
  entry,
  har,
  outcome,
  printTally,
  withRaw,
} from "../helpers/har_hostile.ts";
import { HarParseError } from "../../lib/har/errors.ts";
import { PHASES } from "../../lib/har/types.ts";

/** Loosely typed JSON. */
// deno-lint-ignore no-explicit-any
type Json = any;

const BOUND = 10_000;
const BIG = "9".repeat(10_000); // a 10,000-digit number: Infinity in JSON.parse
const TINY = "0." + "0".repeat(9_998) + "1";
const OTHERS: unknown[] = [
  true,
  false,
  null,
  [],
  [1, "2"],
  {},
  { toString: 1 },
  "x",
];

/** The entry under test: `log.entries[1]`, after a plain earlier one. */
function run(e: Json, splice: Record<string, string> = {}): PipelineResult {
  const first = entry({ startedDateTime: "2024-05-01T07:59:59.000Z" });
  const text = withRaw(har([first, e]), splice);
  const r = bounded("wrong types", BOUND, () => outcome(text, "types"));
  if (r instanceof HarParseError) assert.fail(`rejected: ${r.message}`);
  assert.equal(r.parsed.columns.n, 2);
  return r;
}

/** Row 1's columns and its detail. */
function row(r: PipelineResult) {
  const c = r.parsed.columns;
  return {
    start: c.start[1],
    valid: c.validStart[1] === 1,
    duration: c.duration[1],
    size: c.size[1],
    content: c.content[1],
    status: c.status[1],
    d: r.details[1],
    warnings: r.parsed.meta.warnings.join(" "),
  };
}

const req = () => entry().request as Json;
const res = () => entry().response as Json;
const TIMED = { send: 2, wait: 3, receive: 4 }; // sums to 9

Deno.test("har types: startedDateTime that is no date string", () => {
  for (
    const v of [
      1714550400000,
      ...OTHERS,
      "",
      "yesterday",
      "2024-13-01T00:00:00Z",
      "2024-02-30T00:00:00Z",
      "2023-02-29T12:00:00Z",
      "2024-01-01T24:00:01Z",
      "+275760-09-13T00:00:00Z",
      "2024-05-01T08:00:00+24:00",
    ]
  ) {
    const r = row(run(entry({ startedDateTime: v })));
    assert.equal(r.valid, false, JSON.stringify(v));
    assert.equal(r.start, 0);
    assert.match(r.warnings, /1 entries have no valid startedDateTime/);
  }
});

Deno.test("har types: dates far in the past and the future", () => {
  const at = (s: string) => entry({ startedDateTime: s });
  const r = run(at("0001-01-01T00:00:00Z"));
  // Entry 1 (year 1) is the earliest: offset 0, and entry 0 is 2023 years on.
  assert.equal(r.parsed.columns.start[1], 0);
  assert.equal(
    r.parsed.columns.start[0],
    Date.UTC(2024, 4, 1, 7, 59, 59) - Date.parse("0001-01-01T00:00:00Z"),
  );
  const far = run(at("9999-12-31T23:59:59.9999999+14:00"));
  assert.ok(
    far.parsed.columns.start[1] > 2.5e14 &&
      Number.isFinite(far.parsed.columns.start[1]),
  );
  // Year 99 is not 1999 (Date.UTC's two-digit years).
  const y99 = run(at("0099-06-01T00:00:00Z"));
  assert.equal(y99.parsed.columns.start[1], 0);
  assert.equal(
    y99.parsed.columns.start[0],
    Date.UTC(2024, 4, 1, 7, 59, 59) - Date.parse("0099-06-01T00:00:00Z"),
  );
  const frac = row(run(at("2024-05-01T08:00:00." + "1".repeat(5000) + "Z")));
  // Offsets are kept to the 100 ns the finest exporter writes.
  assert.ok(
    frac.valid && Math.abs(frac.start - 1111.1111) < 1e-9,
    String(frac.start),
  );
  const leap = row(run(at("2024-02-29T23:59:60Z")));
  assert.equal(leap.valid, true);
});

Deno.test("har types: time that is no number", () => {
  for (const v of [...OTHERS, "10", -5, 1e300]) {
    const r = row(run(entry({ time: v, timings: TIMED })));
    assert.equal(r.duration, 9, `time ${JSON.stringify(v)}: the phases' sum`);
  }
  for (const raw of [BIG, "-" + BIG, "1e400"]) {
    const r = row(run(entry({ time: "@@T@@", timings: TIMED }), { T: raw }));
    assert.equal(r.duration, 9, `time ${raw.slice(0, 10)}`);
  }
  assert.equal(
    row(run(entry({ time: "@@T@@" }), { T: TINY })).duration,
    1e-10000,
  );
});

Deno.test("har types: timings that are no object, phases that are no number", () => {
  for (const v of [[1, 2, 3], "1,2,3", 5, null, true]) {
    const r = row(run(entry({ time: 7, timings: v })));
    assert.equal(r.duration, 7);
    assert.deepEqual(PHASES.map((p) => r.d.entry.timings[p]), [
      -1,
      -1,
      -1,
      -1,
      -1,
      -1,
      -1,
    ]);
  }
  const r = row(
    run(
      entry({
        time: -1,
        timings: {
          send: "2",
          wait: [3],
          receive: { v: 4 },
          dns: true,
          blocked: 1e300,
          connect: "0x10",
          ssl: "1e1",
        },
      }),
    ),
  );
  assert.equal(r.duration, 2, "only the string '2' counts");
  assert.equal(r.d.entry.timings.connect, -1, "hex strings are no numbers");
  assert.equal(r.d.entry.timings.ssl, 10);
  const huge = row(
    run(
      entry({
        time: -1,
        timings: {
          send: 9e15,
          wait: 9e15,
          receive: 9e15,
          dns: 9e15,
          blocked: 9e15,
          connect: 9e15,
        },
      }),
    ),
  );
  assert.ok(
    Number.isFinite(huge.duration) && huge.duration === 5.4e16,
    String(huge.duration),
  );
});

Deno.test("har types: status that is no number", () => {
  const cases: [unknown, number, string][] = [
    ["200", 200, "2xx"],
    [" 404 ", 404, "4xx"],
    ["1e2", 100, "other"],
    ["0x1F4", 0, "other"],
    ["", 0, "other"],
    [200.9, 200, "2xx"],
    [-1, -1, "other"],
    [4294967496, 0, "other"], // 2^32 + 200 must not wrap to 200
    [2147483647, 2147483647, "other"],
    [1e300, 0, "other"],
    ...OTHERS.map((v): [unknown, number, string] => [v, 0, "other"]),
  ];
  for (const [v, status, cls] of cases) {
    const r = run(entry({ response: { ...res(), status: v } }));
    assert.equal(row(r).status, status, JSON.stringify(v));
    assert.equal(row(r).d.entry.statusClass, cls, JSON.stringify(v));
  }
  const big = run(entry({ response: { ...res(), status: "@@S@@" } }), {
    S: BIG,
  });
  assert.equal(row(big).status, 0);
});

Deno.test("har types: sizes that are no number", () => {
  const base = { ...res(), headersSize: 100, bodySize: 5 };
  for (const v of ["123", -1, 1e300, ...OTHERS]) {
    const r = row(run(entry({ response: { ...base, _transferSize: v } })));
    assert.equal(
      r.size,
      105,
      `_transferSize ${JSON.stringify(v)}: headers + body`,
    );
  }
  assert.equal(
    row(run(entry({ response: { ...base, _transferSize: 0 } }))).size,
    0,
  );
  assert.equal(
    row(run(entry({ _transferSize: 5.5, response: base }))).size,
    5.5,
  );
  assert.equal(
    row(
      run(entry({ response: { ...base, _transferSize: "@@B@@" } }), { B: BIG }),
    ).size,
    105,
  );
  assert.equal(
    row(
      run(entry({ response: { ...base, headersSize: "100", bodySize: "x" } })),
    ).size,
    100,
  );
  for (
    const [v, want] of [
      ["100", 100],
      ["abc", -1],
      [-5, -1],
      [1e300, -1],
      [[5], -1],
      [{}, -1],
      [null, -1],
    ] as const
  ) {
    const r = row(
      run(
        entry({
          response: { ...base, content: { size: v, mimeType: "text/plain" } },
        }),
      ),
    );
    assert.equal(r.content, want, `content.size ${JSON.stringify(v)}`);
  }
  // Two entries of 2^53 each still add up to a finite summary.
  const max = Number.MAX_SAFE_INTEGER;
  const r = run(
    entry({
      response: { ...base, _transferSize: max, content: { size: max } },
    }),
  );
  assert.equal(r.parsed.meta.summary.transferBytes, max + 105);
});

Deno.test("har types: strings that are numbers, arrays or objects", () => {
  for (const v of [5, ...OTHERS.filter((x) => typeof x !== "string")]) {
    const r = row(run(entry({
      pageref: v,
      _resourceType: v,
      serverIPAddress: v,
      connection: v,
      request: { ...req(), method: v, url: v, httpVersion: v },
      response: {
        ...res(),
        statusText: v,
        redirectURL: v,
        content: { mimeType: v, text: v, encoding: v, size: 5 },
      },
    })));
    const e = r.d.entry;
    assert.equal(e.method, "");
    assert.equal(e.url, "");
    assert.equal(e.statusText, "");
    assert.equal(e.page, -1);
    assert.equal(e.mimeType, "text/plain", "from the Content-Type header");
    assert.equal(r.d.responseBody.kind, "none");
    assert.equal(typeof r.d.connection, "string");
    assert.match(r.d.curl, /^curl ''/);
  }
});

Deno.test("har types: lists that are no lists, items that are no objects", () => {
  for (
    const v of [{ "Content-Type": "text/css" }, "Accept: */*", 5, null, true]
  ) {
    const r = row(run(entry({
      request: {
        ...req(),
        url: "https://x.test/p?a=1",
        headers: v,
        queryString: v,
        cookies: v,
        postData: v,
      },
      response: { ...res(), headers: v, cookies: v },
      _webSocketMessages: v,
    })));
    assert.deepEqual(r.d.requestHeaders, []);
    assert.deepEqual(r.d.responseHeaders, []);
    assert.deepEqual(
      r.d.query,
      [{ name: "a", value: "1" }],
      "query read from the URL",
    );
    assert.deepEqual([r.d.requestCookies, r.d.responseCookies], [[], []]);
    assert.equal(r.d.requestBody.kind, "none");
    assert.equal(r.d.webSocketMessages, 0);
  }
  const items = ["Accept: */*", 5, null, true, [1], { name: 5, value: 6 }, {
    name: { toString: 1 },
    value: { valueOf: 1 },
  }];
  const r = row(run(entry({
    request: {
      ...req(),
      headers: items,
      queryString: items,
      cookies: items,
      postData: { mimeType: "x", params: items },
    },
    response: { ...res(), headers: items, cookies: items },
    _webSocketMessages: items,
  })));
  assert.equal(r.d.requestHeaders.length, items.length);
  assert.deepEqual(r.d.requestHeaders.at(-2), { name: "5", value: "6" });
  assert.deepEqual(r.d.requestHeaders.at(-1), {
    name: '{"toString":1}',
    value: '{"valueOf":1}',
  });
  assert.equal(r.d.requestCookies.length, items.length);
  assert.equal(r.d.wsMessages.length, items.length);
  assert.match(r.d.curl, /-H '5: 6'/);
});

Deno.test("har types: cookie attributes of any type", () => {
  const cookie = {
    name: "c",
    value: 1,
    domain: { toString: 1 },
    path: [1, [2]],
    expires: 5,
    httpOnly: "yes",
    secure: 0,
    sameSite: null,
  };
  const r = row(run(entry({ request: { ...req(), cookies: [cookie] } })));
  assert.deepEqual(r.d.requestCookies[0], {
    name: "c",
    value: "1",
    attributes: 'Domain={"toString":1}; Path=[1,[2]]; Expires=5; HttpOnly',
  });
});

Deno.test("har types: entries, pages and log members of the wrong type", () => {
  for (
    const [bad, path] of [
      [null, "$.log.entries[1]"],
      ["x", "$.log.entries[1]"],
      [
        5,
        "$.log.entries[1]",
      ],
      [[], "$.log.entries[1]"],
    ] as const
  ) {
    const err = outcome(JSON.stringify(har([entry(), bad])), "entries");
    assert.ok(err instanceof HarParseError);
    assert.equal(err.path, path);
    assert.match(err.message, /expected an entry object/);
  }
  for (
    const pages of [{ id: "p" }, "p", 5, null, [null, 5, "p", [], { id: 5 }, {
      id: "p",
      pageTimings: [1],
      startedDateTime: 5,
      title: { toString: 1 },
    }]]
  ) {
    const r = run(entry({ pageref: "p" }));
    const text = JSON.stringify(
      har([entry(), entry({ pageref: "p" })], {
        pages,
        creator: [1],
        version: 1.2,
        comment: {},
      }),
    );
    const again = outcome(text, "pages");
    assert.ok(!(again instanceof HarParseError));
    checkInvariants(again.parsed);
    const p = again.parsed.meta.pages;
    assert.equal(p.length, 1);
    assert.equal(p[0].id, "p");
    assert.equal(p[0].count, 1);
    assert.equal(again.parsed.meta.creator, "");
    assert.equal(again.parsed.meta.version, "");
    assert.equal(r.parsed.columns.n, 2);
  }
});

Deno.test("har types: a thousand-entry file of random wrong types keeps its invariants", () => {
  const pool = [...OTHERS, 0, -1, 1e300, "200", "2024-05-01T08:00:00Z", 5.5];
  let seed = 7;
  const pick = () =>
    pool[(seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length];
  const entries = Array.from({ length: 1000 }, () => ({
    startedDateTime: pick(),
    time: pick(),
    timings: {
      send: pick(),
      wait: pick(),
      receive: pick(),
      ssl: pick(),
      connect: pick(),
    },
    request: {
      method: pick(),
      url: pick(),
      headers: pick(),
      queryString: pick(),
    },
    response: {
      status: pick(),
      headers: pick(),
      content: { size: pick(), mimeType: pick() },
      _transferSize: pick(),
      headersSize: pick(),
      bodySize: pick(),
    },
    _resourceType: pick(),
    pageref: pick(),
  }));
  const r = bounded(
    "wrong types",
    BOUND,
    () => outcome(JSON.stringify(har(entries)), "random", 1000),
  );
  assert.ok(!(r instanceof HarParseError));
  assert.equal(r.parsed.columns.n, 1000);
  assert.equal(r.details.length, 1000);
  assertNoPollution();
  printTally("HAR hostile inputs (har_hostile_types_test.ts)");
});
