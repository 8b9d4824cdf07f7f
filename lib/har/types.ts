/**
 * Plain data shapes of a parsed HAR file (HAR 1.2, W3C Web Performance WG
 * draft "HTTP Archive (HAR) format"). Everything here is JSON-friendly so it
 * can cross a Web Worker boundary.
 */

/** Content-type categories, in chip order (Chrome DevTools' filter bar). */
export const TYPE_CATEGORIES = [
  "document",
  "script",
  "stylesheet",
  "image",
  "font",
  "media",
  "xhr",
  "websocket",
  "other",
] as const;
/** One content-type category; `xhr` covers XHR, fetch and EventSource. */
export type TypeCategory = typeof TYPE_CATEGORIES[number];

export { STATUS_CLASSES, type StatusClass } from "../shared/status.ts";
import type { StatusClass } from "../shared/status.ts";

/**
 * The list orders: the six of the `har-sort` select ({@link SELECT_SORTS}),
 * then one each way per other column, which its header chooses, as
 * DevTools sorts by any column.
 */
export const SORT_KEYS = [
  "start",
  "start-desc",
  "duration",
  "duration-desc",
  "size",
  "size-desc",
  "status",
  "status-desc",
  "method",
  "method-desc",
  "name",
  "name-desc",
  "type",
  "type-desc",
  "initiator",
  "initiator-desc",
] as const;
/** The orders the sort select always offers (a header's shows while chosen). */
export const SELECT_SORTS: readonly SortKey[] = SORT_KEYS.slice(0, 6);
/** One list order. */
export type SortKey = typeof SORT_KEYS[number];

/** The HAR 1.2 timing phases, in the order a request goes through them. */
export const PHASES = [
  "blocked",
  "dns",
  "connect",
  "ssl",
  "send",
  "wait",
  "receive",
] as const;
/** One timing phase name. */
export type Phase = typeof PHASES[number];

/** Timing phases in ms; -1 means "does not apply / unknown" (HAR 1.2 4.2.16). */
export type Timings = Record<Phase, number> & {
  /**
   * True when `ssl` is part of `connect` (what HAR 1.2 prescribes). Firefox
   * and mitmproxy report it apart; we tell from `time` which one a file did.
   */
  sslInConnect: boolean;
  /**
   * True when `ssl` is part of `connect` and `time` adds it once more
   * (Playwright): the duration is the phases plus the TLS time again.
   */
  sslTwice: boolean;
};

/** One normalised entry: the scalars the list, filters and summary need. */
export interface HarEntry {
  /** Index in `log.entries` (array order, not time order). */
  index: number;
  /** `request.method` as written, "" when absent. */
  method: string;
  /** `request.url` as written, "" when absent. */
  url: string;
  /** Lower-cased host with port, "" for URLs without an authority (data:). */
  host: string;
  /** Path and query, or the whole URL when it has no authority. */
  path: string;
  /** `response.status` as an integer; 0 when absent, unusable or beyond 32 bits. */
  status: number;
  /** `response.statusText` as written, "" when absent. */
  statusText: string;
  /** The class of `status` (`2xx`, `4xx`, ...) the status filter uses. */
  statusClass: StatusClass;
  /**
   * `response.content.mimeType` as written (or the Content-Type header when
   * it is missing), "" when absent.
   */
  mimeType: string;
  /** The content-type category the type filter uses. */
  type: TypeCategory;
  /** `startedDateTime` as written (an ISO 8601 date-time), "" when absent. */
  startedDateTime: string;
  /** False when `startedDateTime` could not be parsed (drawn at offset 0). */
  validStart: boolean;
  /** Offset in ms from the earliest start in the file. */
  startMs: number;
  /** `time`, or the sum of phases >= 0 without ssl when `time` is unusable. */
  durationMs: number;
  /** `_transferSize` when >= 0, else max(headersSize,0) + max(bodySize,0). */
  transferSize: number;
  /** `response.content.size`, or -1 when absent or negative. */
  contentSize: number;
  /** The entry's timing phases, each -1 when absent or not applicable. */
  timings: Timings;
  /** Index into {@link HarDocument.pages}, -1 when the entry has no page. */
  page: number;
}

/** A page of `log.pages`, or a stand-in for an unknown `pageref`. */
export interface HarPage {
  /** The page's `id` (the entries' `pageref`), never "". */
  id: string;
  /** The page's `title`; for a stand-in, its id and `(not in log.pages)`. */
  title: string;
  /** Offset of the page start from the earliest entry start; NaN if unknown. */
  startMs: number;
  /** ms after the page start, -1 when not recorded (HAR 1.2 4.2.2). */
  onContentLoad: number;
  /** ms after the page start until its `load` event, -1 when not recorded (HAR 1.2 4.2.2). */
  onLoad: number;
  /** Entries referring to this page. */
  count: number;
  /** True when entries name this page but `log.pages` lacks it. */
  synthetic: boolean;
}

/** Count and transfer bytes of one category. */
export interface TypeTotal {
  /** Entries of the category. */
  count: number;
  /** Sum of their {@link HarEntry.transferSize}, in bytes. */
  bytes: number;
}

/** Summary metrics, computed once at parse time. */
export interface HarSummary {
  /** Number of entries. */
  requests: number;
  /** Sum of every entry's {@link HarEntry.transferSize}, in bytes. */
  transferBytes: number;
  /** Sum of the `response.content.size` values >= 0, in bytes (unknown sizes not counted). */
  contentBytes: number;
  /** Latest start offset + duration over the entries, in ms from the earliest start. */
  spanMs: number;
  /** Entries per status class (every class present, 0 when none). */
  status: Record<StatusClass, number>;
  /** Entries and bytes per content-type category (every category present). */
  byType: Record<TypeCategory, TypeTotal>;
  /** Entry indices, slowest first (at most 5). */
  slowest: number[];
  /** Entry indices, largest transfer first (at most 5). */
  largest: number[];
  /** Distinct non-empty hosts (host with port, lower-cased). */
  domains: number;
  /** The earliest `startedDateTime` as written in the file ("" if none). */
  firstStart: string;
}

/** Values a shared HAR would leak, counted at parse time. */
export interface SecretCounts {
  /** Cookies of requests and responses: their `cookies` arrays, else their Cookie and Set-Cookie headers. */
  cookies: number;
  /** Authorization and Proxy-Authorization headers. */
  authorization: number;
  /** Token-like query parameters and headers (default word list). */
  tokens: number;
}

/** Everything about a parsed file except its per-entry data. */
export interface HarMeta {
  /** `log.version` as written (`1.2`), "" when absent. */
  version: string;
  /** `log.creator` name and version joined by a space, cut to 200 characters; "" when absent. */
  creator: string;
  /** `log.pages` in written order (duplicate ids dropped), then stand-ins for unknown `pageref`s. */
  pages: HarPage[];
  /** Totals over all entries. */
  summary: HarSummary;
  /** Null until counted (the worker counts after the first rows are up). */
  secrets: SecretCounts | null;
  /** Oddities worth telling the user about; never fatal. */
  warnings: string[];
}

/** A parsed, normalised HAR file. */
export interface HarDocument {
  /** `log.version` as written (`1.2`), "" when absent. */
  version: string;
  /** `log.creator` name and version joined by a space, cut to 200 characters; "" when absent. */
  creator: string;
  /** Every entry of `log.entries`, in array order. */
  entries: HarEntry[];
  /** `log.pages` in written order (duplicate ids dropped), then stand-ins for unknown `pageref`s. */
  pages: HarPage[];
  /** Totals over all entries. */
  summary: HarSummary;
  /** Secret values found, counted with the default word list. */
  secrets: SecretCounts;
  /** Oddities worth telling the user about; never fatal. */
  warnings: string[];
}
