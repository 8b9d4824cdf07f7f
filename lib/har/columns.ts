/**
 * The compact, columnar form of a parsed file that the worker posts to the
 * page: typed arrays (transferred, not copied) and a few long strings with
 * offsets (one string clones in a single copy; 50,000 small strings would
 * cost the main thread a long structured-clone task). Headers and bodies
 * stay in the worker and are fetched per selected entry.
 */
import {
  type HarDocument,
  type HarEntry,
  PHASES,
  type SortKey,
  STATUS_CLASSES,
  TYPE_CATEGORIES,
} from "./types.ts";

/** Number of timing values per entry: the seven phases and sslInConnect. */
export const PHASE_STRIDE = PHASES.length + 1;

/** Columns of all entries, indexed by `log.entries` index. */
export interface HarColumns {
  n: number;
  /** URLs joined, `urlOff[i]..urlOff[i+1]` is entry i's URL. */
  urls: string;
  urlOff: Uint32Array;
  /** Offset of the path inside each URL (after scheme and host). */
  pathAt: Uint32Array;
  /** Lower-cased `method url status mime` per entry, joined by "\n". */
  search: string;
  searchOff: Uint32Array;
  methods: string[];
  methodIdx: Uint16Array;
  hosts: string[];
  hostIdx: Uint32Array;
  mimes: string[];
  mimeIdx: Uint32Array;
  status: Int32Array;
  /** Index into STATUS_CLASSES. */
  statusClass: Uint8Array;
  /** Index into TYPE_CATEGORIES. */
  type: Uint8Array;
  /** Index into the document's pages, -1 for none. */
  page: Int32Array;
  start: Float64Array;
  duration: Float64Array;
  size: Float64Array;
  content: Float64Array;
  /** PHASE_STRIDE values per entry: the phases, then 1 if ssl is in connect. */
  phases: Float64Array;
  /** Entry indices in each list order (ties: start order, then index). */
  orders: Record<SortKey, Uint32Array>;
}

function interner(): { list: string[]; id(s: string): number } {
  const map = new Map<string, number>();
  const list: string[] = [];
  return {
    list,
    id(s) {
      let i = map.get(s);
      if (i === undefined) {
        i = list.length;
        map.set(s, i);
        list.push(s);
      }
      return i;
    },
  };
}

/** Builds the columns and the six precomputed orders. */
export function toColumns(doc: HarDocument): HarColumns {
  const es = doc.entries;
  const n = es.length;
  const urlOff = new Uint32Array(n + 1), searchOff = new Uint32Array(n + 1);
  const pathAt = new Uint32Array(n);
  const methods = interner(), hosts = interner(), mimes = interner();
  const methodIdx = new Uint16Array(n), hostIdx = new Uint32Array(n);
  const mimeIdx = new Uint32Array(n);
  const status = new Int32Array(n), statusClass = new Uint8Array(n);
  const type = new Uint8Array(n), page = new Int32Array(n);
  const start = new Float64Array(n), duration = new Float64Array(n);
  const size = new Float64Array(n), content = new Float64Array(n);
  const phases = new Float64Array(n * PHASE_STRIDE);
  const urls: string[] = new Array(n), search: string[] = new Array(n);
  let uo = 0, so = 0;
  for (let i = 0; i < n; i++) {
    const e = es[i];
    urls[i] = e.url;
    urlOff[i] = uo;
    uo += e.url.length;
    const p = e.url.length - e.path.length;
    pathAt[i] = p > 0 && e.url.endsWith(e.path) ? p : hostEnd(e);
    const s = `${e.method} ${e.url} ${e.status} ${e.mimeType}`.toLowerCase();
    search[i] = s;
    searchOff[i] = so;
    so += s.length + 1;
    methodIdx[i] = methods.id(e.method);
    hostIdx[i] = hosts.id(e.host);
    mimeIdx[i] = mimes.id(e.mimeType);
    status[i] = e.status;
    statusClass[i] = STATUS_CLASSES.indexOf(e.statusClass);
    type[i] = TYPE_CATEGORIES.indexOf(e.type);
    page[i] = e.page;
    start[i] = e.startMs;
    duration[i] = e.durationMs;
    size[i] = e.transferSize;
    content[i] = e.contentSize;
    const t = e.timings;
    for (let k = 0; k < PHASES.length; k++) {
      phases[i * PHASE_STRIDE + k] = t[PHASES[k]];
    }
    phases[i * PHASE_STRIDE + PHASES.length] = t.sslInConnect ? 1 : 0;
  }
  urlOff[n] = uo;
  searchOff[n] = so;
  return {
    n,
    urls: urls.join(""),
    urlOff,
    pathAt,
    search: search.join("\n") + "\n",
    searchOff,
    methods: methods.list,
    methodIdx,
    hosts: hosts.list,
    hostIdx,
    mimes: mimes.list,
    mimeIdx,
    status,
    statusClass,
    type,
    page,
    start,
    duration,
    size,
    content,
    phases,
    orders: sortOrders(es),
  };
}

/** Where the path starts when the URL has a fragment or odd authority. */
function hostEnd(e: HarEntry): number {
  const s = e.url.indexOf("://");
  if (s < 0) return 0;
  const slash = e.url.indexOf("/", s + 3);
  return slash < 0 ? e.url.length : slash;
}

/**
 * The six orders. `start` is by offset then index (CONTRACT 5); every other
 * order breaks ties by start order, and the `-desc` orders keep ties in
 * ascending start order too (a stable sort by a descending key).
 */
export function sortOrders(es: HarEntry[]): Record<SortKey, Uint32Array> {
  const n = es.length;
  const byStart = Uint32Array.from(es, (_, i) => i).sort((a, b) =>
    es[a].startMs - es[b].startMs || a - b
  );
  const rank = new Uint32Array(n);
  for (let r = 0; r < n; r++) rank[byStart[r]] = r;
  const start = new Float64Array(n), dur = new Float64Array(n);
  const size = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = es[i].startMs;
    dur[i] = es[i].durationMs;
    size[i] = es[i].transferSize;
  }
  const by = (key: Float64Array) =>
    Uint32Array.from(byStart).sort((a, b) =>
      key[a] - key[b] || rank[a] - rank[b]
    );
  const duration = by(dur), bySize = by(size);
  const orders = {
    start: byStart,
    "start-desc": descending(byStart, start),
    duration,
    "duration-desc": descending(duration, dur),
    size: bySize,
    "size-desc": descending(bySize, size),
  };
  return orders;
}

/**
 * Reverses an ascending order into a descending one while keeping each run
 * of equal keys in its ascending tie order: O(n), no second sort.
 */
function descending(asc: Uint32Array, key: Float64Array): Uint32Array {
  const n = asc.length;
  const out = new Uint32Array(n);
  let w = 0;
  let end = n;
  while (end > 0) {
    let begin = end - 1;
    while (begin > 0 && key[asc[begin - 1]] === key[asc[end - 1]]) begin--;
    for (let k = begin; k < end; k++) out[w++] = asc[k];
    end = begin;
  }
  return out;
}

/** The buffers to transfer with a `HarColumns` (all typed arrays). */
export function transferables(c: HarColumns): ArrayBuffer[] {
  const list: ArrayBuffer[] = [];
  for (const v of Object.values(c)) {
    if (ArrayBuffer.isView(v)) list.push(v.buffer as ArrayBuffer);
  }
  for (const o of Object.values(c.orders)) list.push(o.buffer as ArrayBuffer);
  return list;
}
