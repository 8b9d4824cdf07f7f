/**
 * The columnar form of a parsed file: typed arrays and a few long strings
 * with offsets. The normaliser writes straight into it (no object per entry,
 * which keeps garbage collection off a 50,000-entry parse), the worker posts
 * it to the page (typed arrays are transferred, one long string clones in a
 * single copy where 50,000 small ones would cost the main thread a long
 * task), and the list filters and sorts over it. Headers and bodies stay in
 * the worker and are fetched per selected entry.
 */
import { type SortOrders, sortOrders, startOrders } from "./orders.ts";
import { Classifier } from "./classify.ts";
import { PHASES } from "./types.ts";

/** Characters of a failure text kept for the list (the detail has it whole). */
export const FAILURE_CHARS = 300;

/** Values per entry in `phases`: the seven phases, then a {@link SslPlace}. */
export const PHASE_STRIDE = PHASES.length + 1;

/**
 * Where an entry's `ssl` is counted, the last of its {@link PHASE_STRIDE}
 * values: {@link SSL_APART}, {@link SSL_INSIDE} or {@link SSL_TWICE}.
 */
export type SslPlace = 0 | 1 | 2;
/** `ssl` is apart from `connect`, and `time` adds it (Firefox, mitmproxy). */
export const SSL_APART = 0;
/** `ssl` is inside `connect` and `time` counts it once (HAR 1.2 §4.2.16). */
export const SSL_INSIDE = 1;
/**
 * `ssl` is inside `connect`, and `time` adds it again (Playwright): the
 * duration holds the TLS time twice.
 */
export const SSL_TWICE = 2;

/** Columns of all entries, indexed by `log.entries` index. */
export interface HarColumns {
  /** Number of entries: each per-entry array has this many values. */
  n: number;
  /** URLs joined, `urlOff[i]..urlOff[i+1]` is entry i's URL. */
  urls: string;
  /** Start of each entry's URL in `urls`, then the end of the last (n + 1 values). */
  urlOff: Uint32Array;
  /** Offset of the path inside each URL (after scheme and host). */
  pathAt: Uint32Array;
  /** Each distinct `request.method` once, as written. */
  methods: string[];
  /** Index into `methods` of each entry's method. */
  methodIdx: Uint32Array;
  /** Each distinct host once (lower-cased, with port; "" for URLs without one). */
  hosts: string[];
  /** Index into `hosts` of each entry's host. */
  hostIdx: Uint32Array;
  /** Each distinct media type once, as `HarEntry.mimeType`. */
  mimes: string[];
  /** Index into `mimes` of each entry's media type. */
  mimeIdx: Uint32Array;
  /** Each entry's status, as `HarEntry.status`. */
  status: Int32Array;
  /** Index into STATUS_CLASSES. */
  statusClass: Uint8Array;
  /** Index into TYPE_CATEGORIES. */
  type: Uint8Array;
  /** Index into the file's pages, -1 for none. */
  page: Int32Array;
  /** 1 when `startedDateTime` parsed (else the entry is drawn at 0). */
  validStart: Uint8Array;
  /** Offset from the earliest start, ms. */
  start: Float64Array;
  /** Each entry's duration in ms, as `HarEntry.durationMs`. */
  duration: Float64Array;
  /** Transfer size, bytes. */
  size: Float64Array;
  /** `response.content.size`, -1 when absent or negative. */
  content: Float64Array;
  /** Where each entry was served from: an index into `SERVED_FROM` (0: the network). */
  served: Uint8Array;
  /**
   * Each distinct failure text once (`response._error`,
   * `net::ERR_INTERNET_DISCONNECTED`; see `failureText`), cut to
   * {@link FAILURE_CHARS}.
   */
  failures: string[];
  /** The entries that record a failure, ascending: kept for those only. */
  failAt: Uint32Array;
  /** Index into `failures` of each `failAt` entry's text. */
  failIdx: Uint32Array;
  /**
   * DevTools' names of the entries' resource types (`fetch`, `ping`), each
   * once, "" first: the Type column says these where the category would
   * say less (`xhr`, `other`).
   */
  typeNames: string[];
  /** Index into `typeNames` of each entry's (0: none, the category says it). */
  typeNameIdx: Uint8Array;
  /** Each distinct initiator as the list shows it once (`initiatorShort`). */
  initiators: string[];
  /** Index into `initiators` of each entry's ("" when none recorded). */
  initiatorIdx: Uint32Array;
  /**
   * {@link PHASE_STRIDE} values per entry: the seven timing phases in ms
   * (-1 when absent), then where `ssl` is counted (a {@link SslPlace}).
   */
  phases: Float64Array;
  /**
   * Entry indices in each list order (ties: start order, then index). The
   * start orders are always there; the others may be filled in later (the
   * worker posts them after the first rows): use `orderOf` (orders.ts).
   */
  orders: SortOrders;
}

/** A string table: each distinct string once, entries hold indices. */
class Interner {
  readonly list: string[] = [];
  #map = new Map<string, number>();

  /** The index of `s`, added on first sight. */
  id(s: string): number {
    let i = this.#map.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.#map.set(s, i);
      this.list.push(s);
    }
    return i;
  }
}

/**
 * The host table: each distinct lower-cased host once. Looked up straight
 * from the URL's characters (hashed and compared case-insensitively in
 * place), so a host seen before costs no string allocation.
 */
class HostTable {
  readonly list: string[] = [];
  #buckets = new Map<number, number[]>();

  /** The index of the host `url[start..end)`, added on first sight. */
  idAt(url: string, start: number, end: number): number {
    let h = end - start;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + fold(url, i)) | 0;
    const ids = this.#buckets.get(h);
    if (ids) {
      for (const id of ids) {
        if (sameHost(url, start, end, this.list[id])) return id;
      }
    }
    const id = this.list.length;
    this.list.push(url.slice(start, end).toLowerCase());
    if (ids) ids.push(id);
    else this.#buckets.set(h, [id]);
    return id;
  }
}

/** The char code at `i`, ASCII letters lower-cased. */
function fold(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 65 && c <= 90 ? c | 32 : c;
}

function sameHost(url: string, start: number, end: number, host: string) {
  if (host.length !== end - start) return false;
  for (let k = 0; k < host.length; k++) {
    if (fold(url, start + k) !== host.charCodeAt(k)) return false;
  }
  return true;
}

/** Columns being filled, entry by entry, before offsets and orders exist. */
export class ColumnBuilder {
  readonly urls: string[];
  readonly pathAt: Uint32Array;
  readonly methods = new Interner();
  readonly methodIdx: Uint32Array;
  readonly hosts = new HostTable();
  readonly hostIdx: Uint32Array;
  readonly mimes = new Interner();
  readonly mimeIdx: Uint32Array;
  readonly status: Int32Array;
  readonly statusClass: Uint8Array;
  readonly type: Uint8Array;
  readonly page: Int32Array;
  readonly validStart: Uint8Array;
  /** Whole ms since the epoch, and the sub-ms rest, of each start. */
  readonly startMs: Float64Array;
  readonly startFrac: Float64Array;
  readonly duration: Float64Array;
  readonly size: Float64Array;
  readonly content: Float64Array;
  readonly served: Uint8Array;
  readonly phases: Float64Array;
  /**
   * The exporter's `connect` holds TLS whatever its `time` says
   * (Playwright): set before entries are written.
   */
  tlsInConnect = false;
  readonly failures = new Interner();
  /** Entries with a failure text, in index order, and their texts' ids. */
  readonly failAt: number[] = [];
  readonly failIdx: number[] = [];
  /** DevTools' resource type names seen ("" first): a few dozen at most. */
  readonly typeNames = new Interner();
  readonly typeNameIdx: Uint8Array;
  readonly initiators = new Interner();
  readonly initiatorIdx: Uint32Array;
  /** The file's classifier, with what it has seen of this file's types. */
  readonly classify = new Classifier();
  /**
   * Scratch outputs of the per-entry scanners (`hostRange`, the start
   * instant), so nothing is allocated per entry.
   */
  readonly range = new Int32Array(3);
  readonly instant = new Float64Array(2);

  constructor(readonly n: number) {
    this.urls = new Array(n);
    this.pathAt = new Uint32Array(n);
    this.methodIdx = new Uint32Array(n);
    this.hostIdx = new Uint32Array(n);
    this.mimeIdx = new Uint32Array(n);
    this.initiatorIdx = new Uint32Array(n);
    this.typeNameIdx = new Uint8Array(n);
    this.typeNames.id("");
    this.status = new Int32Array(n);
    this.statusClass = new Uint8Array(n);
    this.type = new Uint8Array(n);
    this.page = new Int32Array(n).fill(-1);
    this.validStart = new Uint8Array(n);
    this.startMs = new Float64Array(n);
    this.startFrac = new Float64Array(n);
    this.duration = new Float64Array(n);
    this.size = new Float64Array(n);
    this.content = new Float64Array(n);
    this.served = new Uint8Array(n);
    this.phases = new Float64Array(n * PHASE_STRIDE);
  }

  /**
   * Records entry `i`'s failure text (entries are written in index order),
   * cut to {@link FAILURE_CHARS}; "" records nothing.
   */
  fail(i: number, text: string): void {
    if (!text) return;
    const cut = text.length > FAILURE_CHARS
      ? text.slice(0, FAILURE_CHARS) + "…"
      : text;
    this.failAt.push(i);
    this.failIdx.push(this.failures.id(cut));
  }

  /** Completes the columns once `start` holds offsets. */
  finish(start: Float64Array, allOrders = true): HarColumns {
    const n = this.n;
    const urlOff = new Uint32Array(n + 1);
    let uo = 0;
    for (let i = 0; i < n; i++) {
      urlOff[i] = uo;
      uo += this.urls[i].length;
    }
    urlOff[n] = uo;
    const cols: Omit<HarColumns, "orders"> = {
      n,
      urls: this.urls.join(""),
      urlOff,
      pathAt: this.pathAt,
      methods: this.methods.list,
      methodIdx: this.methodIdx,
      hosts: this.hosts.list,
      hostIdx: this.hostIdx,
      mimes: this.mimes.list,
      mimeIdx: this.mimeIdx,
      status: this.status,
      statusClass: this.statusClass,
      type: this.type,
      page: this.page,
      validStart: this.validStart,
      start,
      duration: this.duration,
      size: this.size,
      content: this.content,
      served: this.served,
      failures: this.failures.list,
      failAt: Uint32Array.from(this.failAt),
      failIdx: Uint32Array.from(this.failIdx),
      typeNames: this.typeNames.list,
      typeNameIdx: this.typeNameIdx,
      initiators: this.initiators.list,
      initiatorIdx: this.initiatorIdx,
      phases: this.phases,
    };
    return {
      ...cols,
      orders: allOrders ? sortOrders(cols) : startOrders(cols),
    };
  }
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
