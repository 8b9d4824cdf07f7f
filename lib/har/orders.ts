/**
 * The list orders (the `har-sort` select): by start (offset, then index),
 * and by duration and by size with ties in start order, each ascending and
 * descending. Radix-sorted in linear time.
 */
import type { SortKey } from "./types.ts";

/** The columns an order reads (a subset of `HarColumns`). */
export interface Keys {
  n: number;
  start: Float64Array;
  duration: Float64Array;
  size: Float64Array;
}

/** Entry indices per list order; the start orders come first. */
export type SortOrders = Partial<Record<SortKey, Uint32Array>>;

/**
 * The six orders. `start` is by offset then index (stable for equal
 * offsets, so a reload shows the same list); every other
 * order breaks ties by start order, and the `-desc` orders keep ties in
 * ascending start order too (a stable sort by a descending key).
 */
export function sortOrders(c: Keys): Record<SortKey, Uint32Array> {
  const start = startOrders(c);
  return { ...start, ...otherOrders(c, start.start) };
}

/** The start orders: what the first rows need. */
export function startOrders(
  c: Keys,
): Pick<Record<SortKey, Uint32Array>, "start" | "start-desc"> {
  const identity = new Uint32Array(c.n);
  for (let i = 0; i < c.n; i++) identity[i] = i;
  const byStart = radixSort(identity, c.start);
  return { start: byStart, "start-desc": descending(byStart, c.start) };
}

/** The duration and size orders, from the start order. */
export function otherOrders(
  c: Keys,
  byStart: Uint32Array,
): Omit<Record<SortKey, Uint32Array>, "start" | "start-desc"> {
  // Stable sorts of the start order: ties stay in start order.
  const byDuration = radixSort(byStart, c.duration);
  const bySize = radixSort(byStart, c.size);
  return {
    duration: byDuration,
    "duration-desc": descending(byDuration, c.duration),
    size: bySize,
    "size-desc": descending(bySize, c.size),
  };
}

/**
 * The order for `sort`, computing (and keeping) the duration and size
 * orders when they have not arrived yet.
 */
export function orderOf(
  c: Keys & { orders: SortOrders },
  sort: SortKey,
): Uint32Array {
  let o = c.orders[sort];
  if (!o) {
    Object.assign(c.orders, otherOrders(c, c.orders.start!));
    o = c.orders[sort]!;
  }
  return o;
}

/**
 * Stable LSD radix sort of `order` by the float keys `key[order[k]]`: six
 * 11-bit passes over an order-preserving integer image of each double,
 * skipping digits that are the same for every key. Linear time; a
 * comparator sort calls back into JavaScript ~800,000 times for 50,000
 * entries, three times over.
 */
export function radixSort(order: Uint32Array, key: Float64Array): Uint32Array {
  const n = order.length;
  // IEEE 754 doubles order like sign-magnitude integers: flip negatives
  // entirely and set the sign bit of positives to get unsigned order.
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = key[i] + 0; // -0 -> 0
  const words = new Uint32Array(f.buffer); // little-endian: [lo, hi] pairs
  let andLo = ~0, andHi = ~0, orLo = 0, orHi = 0;
  for (let i = 0; i < n; i++) {
    let lo = words[2 * i], hi = words[2 * i + 1];
    if (hi & 0x80000000) {
      lo = ~lo >>> 0;
      hi = ~hi >>> 0;
    } else hi = (hi | 0x80000000) >>> 0;
    words[2 * i] = lo;
    words[2 * i + 1] = hi;
    andLo &= lo;
    andHi &= hi;
    orLo |= lo;
    orHi |= hi;
  }
  const varying = [andLo ^ orLo, andHi ^ orHi];
  let src = order.slice(), dst = new Uint32Array(n);
  const count = new Uint32Array(2048);
  for (let pass = 0; pass < 6; pass++) {
    const word = pass < 3 ? 0 : 1, shift = (pass % 3) * 11;
    // A digit that is the same in every key orders nothing: skip it.
    if (((varying[word] >>> shift) & 0x7ff) === 0) continue;
    count.fill(0);
    for (let k = 0; k < n; k++) {
      count[(words[2 * src[k] + word] >>> shift) & 0x7ff]++;
    }
    let sum = 0;
    for (let d = 0; d < 2048; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let k = 0; k < n; k++) {
      const i = src[k];
      dst[count[(words[2 * i + word] >>> shift) & 0x7ff]++] = i;
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/**
 * Reverses an ascending order into a descending one while keeping each run
 * of equal keys in its ascending tie order: O(n), no second sort.
 */
function descending(asc: Uint32Array, key: Float64Array): Uint32Array {
  const out = new Uint32Array(asc.length);
  let w = 0, end = asc.length;
  while (end > 0) {
    let begin = end - 1;
    while (begin > 0 && key[asc[begin - 1]] === key[asc[end - 1]]) begin--;
    for (let k = begin; k < end; k++) out[w++] = asc[k];
    end = begin;
  }
  return out;
}
