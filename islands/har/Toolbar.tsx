/**
 * Search, type and status chips (each with its faceted count), the sort
 * select and, for files with several pages, the page selector.
 */
import { type HashState, NO_PAGE } from "./hash_state.ts";
import { SlashKeyToggle } from "../shared/SlashKeyToggle.tsx";
import { formatCount, formatMs } from "../../lib/shared/format.ts";
import {
  SELECT_SORTS,
  SORT_KEYS,
  type SortKey,
  STATUS_CLASSES,
  TYPE_CATEGORIES,
} from "../../lib/har/types.ts";
import type { HarPage } from "../../lib/har/types.ts";
import type { View } from "../../lib/har/view.ts";
import { ChipGroup } from "./Chips.tsx";
import { SearchHelp } from "./SearchHelp.tsx";
import { useState } from "preact/hooks";

const TYPE_LABEL: Record<string, string> = {
  document: "Doc",
  script: "JS",
  stylesheet: "CSS",
  image: "Img",
  font: "Font",
  media: "Media",
  xhr: "Fetch/XHR",
  websocket: "WS",
  other: "Other",
};

const SORT_LABEL: Record<SortKey, string> = {
  start: "Start time (earliest first)",
  "start-desc": "Start time (latest first)",
  duration: "Duration (shortest first)",
  "duration-desc": "Duration (longest first)",
  size: "Size (smallest first)",
  "size-desc": "Size (largest first)",
  status: "Status (lowest first)",
  "status-desc": "Status (highest first)",
  method: "Method (A to Z)",
  "method-desc": "Method (Z to A)",
  name: "Domain and path (A to Z)",
  "name-desc": "Domain and path (Z to A)",
  type: "Type (A to Z)",
  "type-desc": "Type (Z to A)",
  initiator: "Initiator (A to Z)",
  "initiator-desc": "Initiator (Z to A)",
};

/** Props of {@link Toolbar}. */
export interface ToolbarProps {
  state: HashState;
  view: View;
  pages: HarPage[];
  /** True when some entries have no `pageref` (offers "No page"). */
  unpaged: boolean;
  set(patch: Partial<HashState>): void;
  /** The search box's text (ahead of `state.q` while the list follows). */
  text: string;
  /** Sets the search box's text; the list's query follows. */
  onText(text: string): void;
  /** The order the select shows (ahead of `state.sort` while the rows follow). */
  sort: SortKey;
  /** Asks for another order; the rows follow. */
  onSort(sort: SortKey): void;
  /**
   * The id of the note saying a `/pattern/` term does not compile, when
   * one does: the box is marked invalid and described by it, as DevTools
   * marks its filter.
   */
  invalidNote?: string;
}

/** The filter bar. */
export function Toolbar(
  {
    state,
    view,
    pages,
    unpaged,
    set,
    text,
    onText,
    sort,
    onSort,
    invalidNote,
  }: ToolbarProps,
) {
  const showPages = pages.length + (unpaged && pages.length ? 1 : 0) > 1;
  const [help, setHelp] = useState(false);
  // Escape closes the terms it opened, from the toggle or a term, and the
  // keyboard stays on (or goes back to) the toggle.
  const closeHelp = (ev: KeyboardEvent) => {
    if (ev.key !== "Escape" || !help) return;
    ev.preventDefault();
    setHelp(false);
    document.querySelector<HTMLElement>("[data-testid=har-search-help-toggle]")
      ?.focus();
  };
  return (
    <div class="har-toolbar" role="search">
      <label class="har-search">
        <span class="visually-hidden">Search requests</span>
        <input
          type="search"
          data-testid="har-search"
          placeholder="Filter by URL, method, status, MIME"
          aria-invalid={invalidNote ? "true" : undefined}
          aria-describedby={invalidNote}
          value={text}
          onInput={(e) => onText((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label class="har-search-deep">
        <input
          type="checkbox"
          data-testid="har-search-deep"
          checked={state.deep}
          onChange={(e) =>
            set({ deep: (e.currentTarget as HTMLInputElement).checked })}
        />
        Headers and bodies too
      </label>
      <button
        type="button"
        class="har-search-help-toggle"
        data-testid="har-search-help-toggle"
        aria-expanded={help ? "true" : "false"}
        aria-controls="har-search-help"
        onClick={() => setHelp(!help)}
        onKeyDown={closeHelp}
      >
        Search terms
      </button>
      <SlashKeyToggle />
      <ChipGroup
        label="Content type"
        values={TYPE_CATEGORIES}
        selected={state.types}
        counts={view.typeCounts}
        testid="har-type-chip"
        attr="data-type"
        text={(t) => TYPE_LABEL[t]}
        onChange={(types) => set({ types })}
      />
      <ChipGroup
        label="Status class"
        values={STATUS_CLASSES}
        selected={state.statuses}
        counts={view.statusCounts}
        testid="har-status-chip"
        attr="data-class"
        text={(c) => (c === "other" ? "Other" : c)}
        extraClass={(c) => `status-chip s-${c}`}
        onChange={(statuses) => set({ statuses })}
      />
      <div class="har-selects">
        <label>
          <span>Sort</span>
          <select
            data-testid="har-sort"
            value={sort}
            onChange={(e) =>
              onSort((e.currentTarget as HTMLSelectElement).value as SortKey)}
          >
            {SORT_KEYS.filter((k) => SELECT_SORTS.includes(k) || k === sort)
              .map((k) => <option key={k} value={k}>{SORT_LABEL[k]}</option>)}
          </select>
        </label>
        {showPages && (
          <label>
            <span>Page</span>
            <select
              data-testid="har-page"
              value={pages.some((p) => p.id === state.page) ||
                  (unpaged && state.page === NO_PAGE)
                ? state.page
                : ""}
              onChange={(e) =>
                set({ page: (e.currentTarget as HTMLSelectElement).value })}
            >
              <option value="">All pages</option>
              {pages.map((p) => (
                <option key={p.id} value={p.id}>
                  {pageLabel(p)}
                </option>
              ))}
              {unpaged && <option value={NO_PAGE}>No page</option>}
            </select>
          </label>
        )}
      </div>
      {
        // Last, where it shows (below the chips and selects): Tab reaches
        // its terms in the order the page shows them (WCAG 2.4.3).
      }
      {help && (
        <SearchHelp
          onKeyDown={closeHelp}
          onTerm={(term) => {
            // Added once; then the list closes, as DevTools' suggestions
            // do, and the list of requests it filters is in view again.
            const words = text.trim().split(/\s+/).filter(Boolean);
            if (!words.includes(term)) onText([...words, term].join(" "));
            setHelp(false);
            document.querySelector<HTMLInputElement>(
              "[data-testid=har-search]",
            )?.focus();
          }}
        />
      )}
    </div>
  );
}

function pageLabel(p: HarPage): string {
  const name = p.title || p.id;
  const title = name.length > 60 ? name.slice(0, 57) + "…" : name;
  const dcl = p.onContentLoad >= 0 ? `, DCL ${formatMs(p.onContentLoad)}` : "";
  const load = p.onLoad >= 0 ? `, load ${formatMs(p.onLoad)}` : "";
  return `${title} (${formatCount(p.count)} req${dcl}${load})`;
}
