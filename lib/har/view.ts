/**
 * Filtering and ordering of the request list over {@link HarColumns}: one
 * pass over a precomputed order, so an update on 50,000 entries costs a few
 * milliseconds and never sorts.
 *
 * Semantics (also in the README):
 * - search: whitespace-separated terms, all must match, case-insensitively,
 *   as substrings of `method url status mime`; a term starting with `-`
 *   excludes entries that contain the rest.
 * - chips: no chip active in a group means the group does not filter; active
 *   chips OR within their group; groups, search and page AND together.
 * - page: null = every entry; an index = entries with that `pageref`;
 *   -1 = entries without a page.
 * - a chip's count is how many entries would match if that chip's own group
 *   were cleared (faceted counts): clicking the only active chip of a group
 *   shows exactly that many rows.
 */
import type { HarColumns } from "./columns.ts";
import { orderOf } from "./orders.ts";
import {
  type DeepMasks,
  HarSearch,
  type PatternMasks,
  searchMask,
} from "./search.ts";
import {
  type SortKey,
  STATUS_CLASSES,
  type StatusClass,
  TYPE_CATEGORIES,
  type TypeCategory,
} from "./types.ts";

/** What the user asked the list to show. */
export interface ViewState {
  /** The search text: whitespace-separated terms, `-term` to exclude; "" for none. */
  q: string;
  /** Active type chips; empty when the type group does not filter. */
  types: TypeCategory[];
  /** Active status chips; empty when the status group does not filter. */
  statuses: StatusClass[];
  /** The list order. */
  sort: SortKey;
  /** Index of the page whose entries are shown, -1 for entries without a page, null for all. */
  page: number | null;
}

/** The list to render and the chip counts. */
export interface View {
  /** Entry indices in list order. */
  rows: Uint32Array;
  /** Number of rows (the length of `rows`). */
  count: number;
  /** Transfer size of the rows, bytes (the status bar's "transferred"). */
  bytes: number;
  /** Content size of the rows, bytes (DevTools' "resources"; sizes >= 0). */
  content: number;
  /**
   * From the rows' earliest start to their latest end, ms (DevTools'
   * "Finish"); 0 without rows.
   */
  finish: number;
  /** Faceted count per type chip, indexed as {@link TYPE_CATEGORIES}. */
  typeCounts: Uint32Array;
  /** Faceted count per status chip, indexed as {@link STATUS_CLASSES}. */
  statusCounts: Uint32Array;
  /** Time range of the page scope (ignoring search and chips), in ms. */
  scopeStart: number;
  /** End of that range (latest start + duration), in ms; 0 with `scopeStart` when the scope is empty. */
  scopeEnd: number;
}

/** A fresh state showing everything in start order. */
export function defaultViewState(): ViewState {
  return { q: "", types: [], statuses: [], sort: "start", page: null };
}

/**
 * Computes the rows and chip counts for `s`; `search` is the file's
 * searcher, kept across views so a chip toggled does not search again;
 * `deep`, the text terms' header and body matches when those are searched;
 * `patterns`, the `/pattern/` terms' answers when tested elsewhere.
 */
export function computeView(
  c: HarColumns,
  s: ViewState,
  search: HarSearch = new HarSearch(c),
  deep: DeepMasks | null = null,
  patterns: PatternMasks | null = null,
): View {
  const mask = search.mask(s.q, deep, patterns);
  let typeSel = 0, statusSel = 0;
  for (const t of s.types) typeSel |= 1 << TYPE_CATEGORIES.indexOf(t);
  for (const k of s.statuses) statusSel |= 1 << STATUS_CLASSES.indexOf(k);
  const typeCounts = new Uint32Array(TYPE_CATEGORIES.length);
  const statusCounts = new Uint32Array(STATUS_CLASSES.length);
  const order = orderOf(c, s.sort);
  const rows = new Uint32Array(c.n);
  const page = s.page;
  let count = 0, bytes = 0, content = 0;
  let first = Infinity, last = -Infinity;
  let scopeStart = Infinity, scopeEnd = -Infinity;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    if (page !== null && c.page[i] !== page) continue;
    const st = c.start[i];
    if (st < scopeStart) scopeStart = st;
    if (st + c.duration[i] > scopeEnd) scopeEnd = st + c.duration[i];
    if (mask && !mask[i]) continue;
    const typeOk = !typeSel || (typeSel & (1 << c.type[i])) !== 0;
    const statusOk = !statusSel || (statusSel & (1 << c.statusClass[i])) !== 0;
    if (statusOk) typeCounts[c.type[i]]++;
    if (typeOk) statusCounts[c.statusClass[i]]++;
    if (typeOk && statusOk) {
      rows[count++] = i;
      bytes += c.size[i];
      if (c.content[i] > 0) content += c.content[i];
      if (st < first) first = st;
      if (st + c.duration[i] > last) last = st + c.duration[i];
    }
  }
  if (scopeStart === Infinity) scopeStart = scopeEnd = 0;
  return {
    rows: rows.subarray(0, count),
    count,
    bytes,
    content,
    finish: count ? last - first : 0,
    typeCounts,
    statusCounts,
    scopeStart,
    scopeEnd,
  };
}

export { pathOf, urlOf } from "./entries.ts";
export { HarSearch, searchMask };
