import assert from "node:assert/strict";
import { headerNamesOf } from "./header_names.ts";

const names = (
  h: ReturnType<typeof headerNamesOf>,
  side: "request" | "response",
  i: number,
) => {
  const { off, ids } = h[side];
  return [...ids.subarray(off[i], off[i + 1])].map((id) => h.names[id]);
};

Deno.test("header names: each entry's, lower-cased, each once, a side apart", () => {
  const h = headerNamesOf([
    {
      request: { headers: [{ name: "Cookie" }, { name: "Accept" }] },
      response: {
        headers: [
          { name: "Set-Cookie" },
          { name: "set-cookie" },
          { name: "ETag" },
        ],
      },
    },
    { request: {}, response: { headers: [{ name: "etag" }] } },
    // Not what HAR 1.2 says a header is: skipped, the entry kept.
    {
      request: { headers: "Accept" },
      response: { headers: [null, { name: 7 }, "x", { name: "Vary" }] },
    },
    {},
  ]);
  assert.deepEqual(h.names, ["cookie", "accept", "set-cookie", "etag", "vary"]);
  assert.deepEqual(names(h, "request", 0), ["cookie", "accept"]);
  assert.deepEqual(names(h, "response", 0), ["set-cookie", "etag"]);
  assert.deepEqual(names(h, "request", 1), []);
  assert.deepEqual(names(h, "response", 1), ["etag"]);
  assert.deepEqual(names(h, "request", 2), []);
  assert.deepEqual(names(h, "response", 2), ["vary"]);
  assert.deepEqual(names(h, "response", 3), []);
  assert.equal(h.response.off.length, 5);
});

Deno.test("header names: past the first buffer's size", () => {
  const raw = Array.from({ length: 600 }, (_, i) => ({
    response: { headers: [{ name: `x-${i % 7}` }, { name: "date" }] },
  }));
  const h = headerNamesOf(raw);
  assert.equal(h.response.ids.length, 1200);
  assert.deepEqual(names(h, "response", 599), [`x-${599 % 7}`, "date"]);
});

Deno.test("header names: past 64 distinct names in one entry, a repeat is still one", () => {
  const headers = Array.from({ length: 70 }, (_, i) => ({ name: `x-${i}` }));
  headers.push({ name: "X-3" });
  const h = headerNamesOf([{ response: { headers } }, {
    response: { headers: [{ name: "x-69" }, { name: "x-69" }] },
  }]);
  assert.equal(names(h, "response", 0).length, 70);
  assert.deepEqual(names(h, "response", 1), ["x-69"]);
});
