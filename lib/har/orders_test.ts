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

Deno.test("orders: the other orders are computed on first use", () => {
  const k = keys([2, 1], [1, 2], [1, 2]);
  const c: Parameters<typeof orderOf>[0] = { ...k, orders: startOrders(k) };
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
