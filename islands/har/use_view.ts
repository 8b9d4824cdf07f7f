/**
 * Derives what the list shows from the loaded columns and the hash state:
 * the page in scope, the filtered and sorted rows with chip counts, the
 * page-event markers and the waterfall axis. Each piece is memoised on
 * exactly what it reads, so a keystroke recomputes the rows only.
 */
import { useEffect, useMemo, useRef } from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";
import type { HeaderNames } from "../../lib/har/header_names.ts";
import { type HashState, NO_PAGE } from "./hash_state.ts";
import type { HarPage } from "../../lib/har/types.ts";
import { computeView, HarSearch, type View } from "../../lib/har/view.ts";
import {
  type DeepMasks,
  type PatternMasks,
  patternTerms,
  textTerms,
} from "../../lib/har/search.ts";
import { axisOf, type Marker, markersOf } from "../../lib/har/waterfall.ts";
import type { Axis } from "./Waterfall.tsx";
import { whenIdle } from "../shared/idle.ts";

/**
 * Time an idle period must have left for a step of lowering a file's
 * fields (ms): a step of 8,192 URLs takes a few on a laptop.
 */
const PREPARE_MS = 5;

/** The derived view; `view` is null before a file is loaded. */
export interface DerivedView {
  /** null = all pages, -1 = entries without a page, else a page index. */
  page: number | null;
  view: View | null;
  markers: Marker[];
  axis: Axis;
  /** True when some entries have no `pageref`. */
  unpaged: boolean;
  /**
   * The text terms to look for in headers and bodies whose masks have not
   * come (empty when the search does not look there): while there are
   * some, `view` is the last one shown, and the list says it is pending.
   */
  deepMissing: string[];
  /**
   * The `/pattern/` terms whose masks have not come from the pattern
   * worker: while there are some, `view` is the last one shown too (no
   * pattern is tested on the page's thread).
   */
  patternMissing: string[];
  /** The file's searcher, which the view's search goes through (null before a file). */
  search: HarSearch | null;
}

/** See the module comment. */
export function useView(
  c: HarColumns | null,
  headers: HeaderNames | null,
  pages: HarPage[],
  hs: HashState,
  deepMasks: DeepMasks | null = null,
  patternMasks: PatternMasks | null = null,
): DerivedView {
  const page = useMemo(() => {
    if (!hs.page) return null;
    if (hs.page === NO_PAGE) return -1;
    const k = pages.findIndex((p) => p.id === hs.page);
    return k >= 0 ? k : null;
  }, [pages, hs.page]);
  // One searcher per file (a new one when its header names come): its
  // lower-cased fields and its last answer.
  const search = useMemo(() => c && new HarSearch(c, headers), [c, headers]);
  // The fields are lowered in idle time after the file loads, steps while
  // an idle period lasts, so the first key typed does not wait for them (tens of ms on
  // 50,000 entries at a quarter of a laptop's speed).
  useEffect(() => {
    if (!search) return;
    const it = search.prepare();
    let cancel = () => {};
    const step = (left: () => number) => {
      while (!it.next().done) {
        if (left() < PREPARE_MS) {
          return void (cancel = whenIdle(step, PREPARE_MS));
        }
      }
    };
    cancel = whenIdle(step, PREPARE_MS);
    return () => cancel();
  }, [search]);
  // With "headers and bodies too", the masks of the query's text terms:
  // until all have come, the list keeps what it showed.
  const deepMissing = useMemo(
    () => hs.deep ? textTerms(hs.q).filter((t) => !deepMasks?.has(t)) : [],
    [hs.deep, hs.q, deepMasks],
  );
  // Likewise the patterns' masks (given by a page that tests them apart).
  const patternMissing = useMemo(
    () =>
      patternMasks
        ? patternTerms(hs.q).filter((t) => !patternMasks.has(t))
        : [],
    [hs.q, patternMasks],
  );
  const shown = useRef<{ c: HarColumns; view: View } | null>(null);
  const ready = deepMissing.length === 0 && patternMissing.length === 0;
  const view = useMemo(
    () => {
      const last = shown.current;
      if (!ready && last && last.c === c) return last.view;
      return c && search &&
        computeView(
          c,
          {
            q: hs.q,
            types: hs.types,
            statuses: hs.statuses,
            sort: hs.sort,
            page,
          },
          search,
          hs.deep ? deepMasks : null,
          patternMasks,
        );
    },
    [
      c,
      search,
      hs.q,
      hs.types,
      hs.statuses,
      hs.sort,
      page,
      hs.deep,
      ready && deepMasks,
      ready && patternMasks,
      ready,
    ],
  );
  shown.current = c && view ? { c, view } : null;
  const markers = useMemo(() => markersOf(pages, page), [pages, page]);
  // The axis keeps its identity while the scope does, so rows do not
  // re-render when only the search changed.
  const axis = useMemo(
    () => axisOf(view?.scopeStart ?? 0, view?.scopeEnd ?? 1, markers),
    [view?.scopeStart, view?.scopeEnd, markers],
  );
  const unpaged = useMemo(() => !!c && c.page.includes(-1), [c]);
  return {
    page,
    view,
    markers,
    axis,
    unpaged,
    deepMissing,
    patternMissing,
    search,
  };
}
