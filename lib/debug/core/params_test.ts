import assert from "node:assert/strict";
import { endpoint, type EndpointSpec, type ParamSpec } from "./catalog.ts";
import {
  checkParam,
  ParamError,
  paramParser,
  parseInteger,
  parseParam,
  queryPairs,
  queryValues,
} from "./params.ts";
import { createDebugApi } from "../api.ts";

const catalog = createDebugApi().catalog;
const parseParams = (
  ep: EndpointSpec,
  path: Record<string, string>,
  query: string,
) => paramParser(ep)(path, query);
const param = (id: Parameters<typeof endpoint>[1], name: string): ParamSpec =>
  endpoint(catalog, id).params.find((p) => p.name === name)!;

const code = param("status", "code");
const sleep = param("status", "sleep");
const count = param("redirect", "count");
const redirectStatus = param("redirect", "status");
const absolute = param("redirect", "absolute");
const sseCount = param("sse", "count");
const interval = param("sse", "interval");
const event = param("sse", "event");
const retry = param("sse", "retry");
const delaySeconds = param("delay", "seconds");

const OK: [string, ParamSpec, string, unknown][] = [
  ["code 200", code, "200", 200],
  ["code 599", code, "599", 599],
  ["code 418", code, "418", 418],
  ["sleep bare ms", sleep, "250", 250],
  ["sleep ms unit", sleep, "250ms", 250],
  ["sleep seconds", sleep, "1.5s", 1500],
  ["sleep zero", sleep, "0", 0],
  ["sleep max", sleep, "30000", 30000],
  ["sleep max in s", sleep, "30s", 30000],
  ["sleep fraction ms", sleep, "0.5", 0.5],
  ["sleep leading zero fraction", sleep, "0.25s", 250],
  ["sleep six decimals", sleep, "0.000001s", 0.001],
  ["count 0", count, "0", 0],
  ["count 50", count, "50", 50],
  ["redirect status 307", redirectStatus, "307", 307],
  ["absolute true", absolute, "true", true],
  ["absolute 1", absolute, "1", true],
  ["absolute empty (flag)", absolute, "", true],
  ["absolute false", absolute, "false", false],
  ["absolute 0", absolute, "0", false],
  ["sse count 1", sseCount, "1", 1],
  ["sse count 1000", sseCount, "1000", 1000],
  ["interval 0", interval, "0", 0],
  ["interval 10s", interval, "10s", 10000],
  ["event name", event, "tick.tock:1-a_b", "tick.tock:1-a_b"],
  ["retry 0", retry, "0", 0],
  ["delay 0", delaySeconds, "0", 0],
  ["delay 0.5", delaySeconds, "0.5", 0.5],
  ["delay 500ms, as go-httpbin takes it", delaySeconds, "500ms", 0.5],
  ["delay 1.5s", delaySeconds, "1.5s", 1.5],
  ["delay 0ms", delaySeconds, "0ms", 0],
  ["delay 700ms is 0.7 exactly", delaySeconds, "700ms", 0.7],
  ["delay 9ms is 0.009 exactly", delaySeconds, "9ms", 0.009],
];

for (const [name, spec, raw, want] of OK) {
  Deno.test(`params ok/${name}`, () => {
    assert.equal(parseParam(spec, raw), want);
    assert.equal(checkParam(spec, raw), null);
  });
}

const BAD: [string, ParamSpec, string, RegExp][] = [
  ["code 1xx explains why", code, "100", /informational.*final response/],
  ["code 199", code, "199", /informational/],
  ["code 600", code, "600", /between 200 and 599/],
  ["code 99", code, "99", /between 200 and 599/],
  ["code 0", code, "0", /between 200 and 599/],
  ["code negative", code, "-200", /between 200 and 599/],
  ["count minus zero", count, "-0", /decimal integer/],
  ["delay minus zero", delaySeconds, "-0", /must be seconds like 1\.5/],
  ["delay minus zero point zero", delaySeconds, "-0.0", /must be seconds/],
  ["delay a minute", delaySeconds, "1m", /must be seconds like 1\.5, 1500ms/],
  [
    "delay past its limit, in its unit",
    delaySeconds,
    "31s",
    /between 0 s and 30 s/,
  ],
  ["code empty", code, "", /decimal integer/],
  ["code hex", code, "0x1F", /decimal integer/],
  ["code plus", code, "+200", /decimal integer/],
  ["code space", code, " 200", /decimal integer/],
  ["code trailing space", code, "200 ", /decimal integer/],
  ["code exponent", code, "2e2", /decimal integer/],
  ["code float", code, "200.0", /decimal integer/],
  ["code leading zero", code, "0200", /decimal integer/],
  ["code huge", code, "1e309", /decimal integer/],
  ["code many digits", code, "99999999999999999999999", /between/],
  ["code Infinity", code, "Infinity", /decimal integer/],
  ["code NaN", code, "NaN", /decimal integer/],
  ["code unicode digits", code, "٢٠٠", /decimal integer/],
  ["sleep negative", sleep, "-1", /duration/],
  ["sleep NaN", sleep, "NaN", /duration/],
  ["sleep over limit", sleep, "30001", /between 0 ms and 30000 ms/],
  ["sleep over limit in s", sleep, "31s", /between 0 ms and 30000 ms/],
  ["sleep garbage unit", sleep, "5m", /duration/],
  ["sleep upper-case unit", sleep, "5MS", /duration/],
  ["sleep minutes", sleep, "1min", /duration/],
  ["sleep empty", sleep, "", /duration/],
  ["sleep dot only", sleep, ".5s", /duration/],
  ["sleep trailing dot", sleep, "5.", /duration/],
  ["sleep 1e309", sleep, "1e309", /duration/],
  ["sleep huge digits", sleep, "9".repeat(400), /between/],
  ["sleep hex", sleep, "0x10", /duration/],
  ["sleep plus", sleep, "+5", /duration/],
  ["sleep space", sleep, " 5", /duration/],
  ["sleep leading zeros", sleep, "0".repeat(5000) + "1", /duration/],
  ["sleep leading zero", sleep, "05s", /duration/],
  ["sleep rounding onto the limit", sleep, "30000.0000000000001", /decimals/],
  [
    "sleep seconds rounding onto the limit",
    sleep,
    "30.00000000000000000001s",
    /decimals/,
  ],
  ["count 51", count, "51", /between 0 and 50/],
  ["count -1", count, "-1", /between 0 and 50/],
  [
    "redirect status 300",
    redirectStatus,
    "300",
    /one of 301, 302, 303, 307, 308/,
  ],
  ["redirect status 200", redirectStatus, "200", /one of/],
  ["redirect status text", redirectStatus, "found", /one of/],
  ["absolute yes", absolute, "yes", /true or false/],
  ["absolute TRUE", absolute, "TRUE", /true or false/],
  ["sse count 0", sseCount, "0", /between 1 and 1000/],
  ["sse count 1001", sseCount, "1001", /between 1 and 1000/],
  ["interval over", interval, "10001", /between 0 ms and 10000 ms/],
  ["event newline", event, "a\nb", /matching/],
  ["event empty", event, "", /1 to 64/],
  ["event too long", event, "a".repeat(65), /1 to 64/],
  ["event space", event, "a b", /matching/],
  ["event colon-injection", event, "x\ndata: evil", /matching/],
  ["retry over", retry, "10001", /between 0 and 10000/],
];

for (const [name, spec, raw, want] of BAD) {
  Deno.test(`params bad/${name}`, () => {
    assert.throws(
      () => parseParam(spec, raw),
      (e) =>
        e instanceof ParamError && e.param === spec.name &&
        e.status === 400 && want.test(e.message),
    );
    if (raw !== "") assert.match(checkParam(spec, raw)!, want);
  });
}

Deno.test("params: absent query params take their defaults", () => {
  const sse = endpoint(catalog, "sse");
  const got = parseParams(sse, {}, "");
  assert.deepEqual(got, {
    count: 5,
    interval: 1000,
    event: "message",
    retry: undefined,
    sleep: 0,
  });
});

Deno.test("params bad/a known parameter given twice is refused", () => {
  assert.throws(
    () =>
      parseParams(
        endpoint(catalog, "status"),
        { code: "200" },
        "sleep=1&sleep=2",
      ),
    (e) =>
      e instanceof ParamError && e.param === "sleep" &&
      /2 times/.test(e.message),
  );
});

Deno.test("params ok/unknown query names are ignored, repeated or not", () => {
  const got = parseParams(
    endpoint(catalog, "status"),
    { code: "201" },
    "a=1&a=2&b",
  );
  assert.deepEqual(got, { code: 201, seed: undefined, sleep: 0 });
});

Deno.test("params ok/query values are form-decoded", () => {
  const wanted = new Set(["sleep", "event", "x y"]);
  const got = queryValues("sleep=1%2e5s&event=a+b&x+y=%ZZ&other=1&=&&", wanted);
  assert.deepEqual([...got], [["sleep", ["1.5s"]], ["event", ["a b"]], [
    "x y",
    ["%ZZ"],
  ]]);
  assert.equal(
    parseParams(endpoint(catalog, "status"), { code: "200" }, "sleep=1%2e5s")
      .sleep,
    1500,
  );
});

Deno.test("params ok/query values are read-only (checked by deno check)", () => {
  const wanted = new Set(["sleep"]);
  const none = queryValues("", wanted);
  const some = queryValues("sleep=1", wanted);
  // The empty query's map is shared by every request: the types must
  // refuse a write. Never called; `deno check` fails when a write compiles.
  const write = () => {
    // @ts-expect-error: a ReadonlyMap has no set
    none.set("sleep", []);
    // @ts-expect-error: the value lists are read-only too
    some.get("sleep")?.push("2");
  };
  assert.equal(typeof write, "function");
  assert.equal(none.size, 0);
  assert.deepEqual([...some], [["sleep", ["1"]]]);
});

Deno.test("params bad/a missing path parameter names it", () => {
  assert.throws(
    () => parseParams(endpoint(catalog, "status"), {}, ""),
    (e) => e instanceof ParamError && e.param === "code",
  );
});

/** [name, raw, min, max, value]. */
const INTEGER_OK: [string, string, number, number, number][] = [
  ["zero", "0", 0, 10, 0],
  ["the max", "10", 0, 10, 10],
  ["16 digits", "9999999999999999", 0, 10 ** 16, 1e16],
  ["negative within bounds", "-3", -5, 5, -3],
];

for (const [name, raw, min, max, want] of INTEGER_OK) {
  Deno.test(`parseInteger ok/${name}`, () => {
    assert.equal(parseInteger("Last-Event-ID", raw, min, max), want);
  });
}

/** [name, raw, min, max]: each a ParamError naming the value. */
const INTEGER_BAD: [string, string, number, number][] = [
  ["empty", "", 0, 10],
  ["a word", "abc", 0, 10],
  ["over the max", "11", 0, 10],
  ["under the min", "-1", 0, 10],
  ["leading zero", "01", 0, 10],
  ["plus sign", "+1", 0, 10],
  ["a fraction", "1.0", 0, 10],
  ["17 digits", "10000000000000000", 0, 10 ** 17],
];

for (const [name, raw, min, max] of INTEGER_BAD) {
  Deno.test(`parseInteger bad/${name}`, () => {
    assert.throws(
      () => parseInteger("stale_after", raw, min, max),
      (e) =>
        e instanceof ParamError && e.param === "stale_after" &&
        e.status === 400,
    );
  });
}

Deno.test("params: queryPairs keeps the query's pairs in order but sleep, and refuses more than the cap naming query", () => {
  assert.deepEqual(queryPairs("?a=1&sleep=5&b=2&a=3", 3, "things"), [
    ["a", "1"],
    ["b", "2"],
    ["a", "3"],
  ]);
  assert.deepEqual(queryPairs("", 3, "things"), []);
  assert.throws(
    () => queryPairs("a=1&b=2&c=3&d=4", 3, "things"),
    (e) =>
      e instanceof ParamError && e.param === "query" &&
      /At most 3 things at once, got 4/.test(e.message),
  );
});
