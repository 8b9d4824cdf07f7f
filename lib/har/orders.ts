/**
 * The list orders (the `har-sort` select): by start (offset, then index),
 * and by duration, size, status, method, name (host and path), type and
 * initiator
 * with ties in start order, each ascending and descending. Radix-sorted
 * in linear time; the column orders are made when first asked for.
 */
import { type SortKey, TYPE_CATEGORIES } from "./types.ts";

/** The columns an order reads (a subset of `HarColumns`). */
export interface Keys {
  n: number;
  start: Float64Array;
  duration: Float64Array;
  size: Float64Array;
}

/** What the column orders read besides {@link Keys} (of `HarColumns`). */
export interface ColumnKeys extends Keys {
  status: Int32Array;
  methods: string[];
  methodIdx: Uint32Array;
  hosts: string[];
  hostIdx: Uint32Array;
  urls: string;
  urlOff: Uint32Array;
  pathAt: Uint32Array;
  type: Uint8Array;
  initiators: string[];
  initiatorIdx: Uint32Array;
}

/** The orders made on demand, by the column they sort. */
type ColumnSort = "status" | "method" | "name" | "type" | "initiator";

/** Entry indices per list order; the start orders come first. */
export type SortOrders = Partial<Record<SortKey, Uint32Array>>;

/** The orders made with the file: start, duration and size. */
type FileSort =
  | "start"
  | "start-desc"
  | "duration"
  | "duration-desc"
  | "size"
  | "size-desc";

/**
 * The orders made with the file. `start` is by offset then index (stable for equal
 * offsets, so a reload shows the same list); every other
 * order breaks ties by start order, and the `-desc` orders keep ties in
 * ascending start order too (a stable sort by a descending key).
 */
export function sortOrders(c: Keys): Record<FileSort, Uint32Array> {
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
): Omit<Record<FileSort, Uint32Array>, "start" | "start-desc"> {
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
 * orders when they have not arrived yet, and a column's order when first
 * asked for.
 */
export function orderOf(
  c: ColumnKeys & { orders: SortOrders },
  sort: SortKey,
): Uint32Array {
  let o = c.orders[sort];
  if (!o) {
    const column = sort.replace(/-desc$/, "");
    if (column === "duration" || column === "size") {
      Object.assign(c.orders, otherOrders(c, c.orders.start!));
    } else {
      const key = columnKey(c, column as ColumnSort);
      const asc = radixSort(c.orders.start!, key);
      c.orders[column as ColumnSort] = asc;
      c.orders[`${column}-desc` as SortKey] = descending(asc, key);
    }
    o = c.orders[sort]!;
  }
  return o;
}

/**
 * Each entry's place by `column`, as a number to radix-sort: the status
 * code; for text (the method, host and path, the type's name), its rank
 * among the distinct values in UTF-16 order, equal texts equal.
 */
function columnKey(c: ColumnKeys, column: ColumnSort): Float64Array {
  const key = new Float64Array(c.n);
  if (column === "status") {
    for (let i = 0; i < c.n; i++) key[i] = c.status[i];
  } else if (column === "method") {
    const rank = ranks(c.methods.map((m) => m.toUpperCase()));
    for (let i = 0; i < c.n; i++) key[i] = rank[c.methodIdx[i]];
  } else if (column === "initiator") {
    // None recorded sorts last, as an empty cell reads.
    const rank = ranks(c.initiators.map((t) => t || "\uffff"));
    for (let i = 0; i < c.n; i++) key[i] = rank[c.initiatorIdx[i]];
  } else if (column === "type") {
    const rank = ranks(TYPE_CATEGORIES);
    for (let i = 0; i < c.n; i++) key[i] = rank[c.type[i]];
  } else {
    const names = new Array<string>(c.n);
    for (let i = 0; i < c.n; i++) {
      names[i] = c.hosts[c.hostIdx[i]] +
        c.urls.slice(c.urlOff[i] + c.pathAt[i], c.urlOff[i + 1]);
    }
    const rank = ranks(names);
    for (let i = 0; i < c.n; i++) key[i] = rank[i];
  }
  return key;
}

/** The rank of each of `values` in UTF-16 order (equal values, one rank). */
function ranks(values: readonly string[]): Float64Array {
  const order = values.map((_, i) => i).sort((a, b) =>
    values[a] < values[b] ? -1 : values[a] > values[b] ? 1 : 0
  );
  const rank = new Float64Array(values.length);
  for (let k = 1; k < order.length; k++) {
    rank[order[k]] = values[order[k]] === values[order[k - 1]]
      ? rank[order[k - 1]]
      : k;
  }
  return rank;
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
