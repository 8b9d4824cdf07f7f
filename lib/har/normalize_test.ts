import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { num, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";

/** The columns of a one-entry file: `entry`'s fields over a bare minimum. */
function oneEntry(entry: Record<string, unknown>) {
  return parseHarText(JSON.stringify({
    log: {
      entries: [{
        startedDateTime: "2024-05-01T10:00:00Z",
        request: { method: "GET", url: "https://x/" },
        response: { status: 200, content: {} },
        timings: {},
        ...entry,
      }],
    },
  })).columns;
}

Deno.test("normalize: loose readers never throw on the wrong type", () => {
  assert.deepEqual(obj(null), {});
  assert.deepEqual(obj([1]), {});
  assert.deepEqual(obj({ a: 1 }), { a: 1 });
  assert.equal(str(5), "");
  assert.equal(str("x"), "x");
  assert.equal(num("12", -1), 12); // numbers as strings, as some exporters write
  assert.equal(num("0x1F4", -1), -1, "JSON numbers only");
  assert.equal(num("nope", -1), -1);
  assert.equal(num(2 ** 60, -1), -1, "beyond 2^53 is corrupt");
});

Deno.test("normalize: duration is time, or the sum of the phases", () => {
  assert.equal(parsedHar([{ time: 40 }]).columns.duration[0], 40);
  const c = oneEntry({
    timings: { blocked: -1, dns: 2, connect: 3, send: 1, wait: 5, receive: 4 },
  });
  assert.equal(c.duration[0], 15);
});

Deno.test("normalize: transfer size is _transferSize, else headers + body", () => {
  assert.equal(parsedHar([{ transfer: 1234 }]).columns.size[0], 1234);
  const c = oneEntry({
    time: 1,
    response: { status: 200, content: {}, headersSize: 100, bodySize: 50 },
  });
  assert.equal(c.size[0], 150);
});
