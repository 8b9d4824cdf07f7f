import assert from "node:assert/strict";
import { orderOf, radixSort, sortOrders, startOrders } from "./orders.ts";

function keys(start: number[], duration: number[], size: number[]) {
  return {
    n: start.length,
    start: new Float64Array(start),
    duration: new Float64Array(duration),
    size: new Float64Array(size),
  };
}

Deno.test("orders: start order breaks ties by index; others by start", () => {
  const k = keys([5, 0, 5, 1], [3, 3, 1, 9], [10, 20, 10, 0]);
  const o = sortOrders(k);
  assert.deepEqual([...o.start], [1, 3, 0, 2]);
  assert.deepEqual([...o["start-desc"]], [0, 2, 3, 1]);
  assert.deepEqual([...o.duration], [2, 1, 0, 3]);
  assert.deepEqual([...o["duration-desc"]], [3, 1, 0, 2]);
  assert.deepEqual([...o.size], [3, 0, 2, 1]);
  assert.deepEqual([...o["size-desc"]], [1, 0, 2, 3]);
});

/** Entries with these columns (URLs `https://{host}{path}`). */
function columns(
  start: number[],
  rest: {
    status?: number[];
    method?: string[];
    url?: string[];
    type?: number[];
    initiator?: string[];
  } = {},
): Parameters<typeof orderOf>[0] {
  const n = start.length;
  const k = keys(start, start.map(() => 1), start.map(() => 1));
  const urls = rest.url ?? start.map(() => "https://a.test/");
  const methods = [...new Set(rest.method ?? ["GET"])];
  const hosts = urls.map((u) => new URL(u).host);
  const urlOff = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) urlOff[i + 1] = urlOff[i] + urls[i].length;
  return {
    ...k,
    status: new Int32Array(rest.status ?? start.map(() => 200)),
    methods,
    methodIdx: new Uint32Array(
      (rest.method ?? start.map(() => "GET")).map((m) => methods.indexOf(m)),
    ),
    hosts,
    hostIdx: new Uint32Array(hosts.map((_, i) => i)),
    urls: urls.join(""),
    urlOff,
    pathAt: new Uint32Array(urls.map((u) => u.indexOf("/", 8))),
    type: new Uint8Array(rest.type ?? start.map(() => 0)),
    initiators: [...new Set(rest.initiator ?? [""])],
    initiatorIdx: new Uint32Array(
      (rest.initiator ?? start.map(() => "")).map((t) =>
        [...new Set(rest.initiator ?? [""])].indexOf(t)
      ),
    ),
    orders: startOrders(k),
  };
}

Deno.test("orders: the other orders are computed on first use", () => {
  const c = columns([2, 1]);
  c.duration.set([1, 2]);
  c.size.set([1, 2]);
  assert.equal(c.orders.duration, undefined);
  assert.deepEqual([...orderOf(c, "duration-desc")], [1, 0]);
  assert.ok(c.orders.size, "kept for later");
});

Deno.test("orders: radix sort agrees with a comparator sort, negatives too", () => {
  const key = new Float64Array([3.5, -1, 0, -0, 1e300, -1e-300, 2, 2]);
  const ids = new Uint32Array(key.length).map((_, i) => i);
  const want = [...ids].sort((a, b) => (key[a] + 0) - (key[b] + 0) || a - b);
  assert.deepEqual([...radixSort(ids, key)], want);
});

Deno.test("orders: status, method, name and type, made when first asked, ties in start order", () => {
  const c = columns([4, 3, 2, 1, 0], {
    status: [404, 200, 500, 200, 0],
    method: ["post", "GET", "DELETE", "GET", "POST"],
    url: [
      "https://b.test/a",
      "https://a.test/z",
      "https://a.test/b",
      "https://A.test/b",
      "https://c.test/",
    ],
    // image, document, script, document, other (TYPE_CATEGORIES' indices)
    type: [3, 0, 1, 0, 8],
  });
  assert.equal(c.orders.status, undefined);
  assert.deepEqual([...orderOf(c, "status")], [4, 3, 1, 0, 2]);
  assert.deepEqual([...orderOf(c, "status-desc")], [2, 0, 3, 1, 4]);
  // Method names compare in upper case: DELETE, GET, POST (a lower-case
  // "post" is no later than "POST").
  assert.deepEqual([...orderOf(c, "method")], [2, 3, 1, 4, 0]);
  const lower = columns([1, 0], { method: ["get", "POST"] });
  assert.deepEqual([...orderOf(lower, "method")], [0, 1]);
  // Host (lower-cased) then path.
  assert.deepEqual([...orderOf(c, "name")], [3, 2, 1, 0, 4]);
  assert.deepEqual([...orderOf(c, "name-desc")], [4, 0, 1, 3, 2]);
  // By the type's name: document, image, other, script.
  assert.deepEqual([...orderOf(c, "type")], [3, 1, 0, 4, 2]);
  assert.ok(c.orders["type-desc"], "kept for later");
});

Deno.test("orders: by initiator, A to Z with ties in start order, none recorded last; descending reverses, ties still by start", () => {
  const c = columns([0, 1, 2, 3], {
    initiator: ["b.js:2", "", "a.js:9", "b.js:2"],
  });
  assert.deepEqual([...orderOf(c, "initiator")], [2, 0, 3, 1]);
  assert.deepEqual([...orderOf(c, "initiator-desc")], [1, 0, 3, 2]);
});
