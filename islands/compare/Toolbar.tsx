import type { Ref } from "preact";
import {
  type Counts,
  type Level,
  LEVELS,
} from "../../lib/openapi/compare/types.ts";
import type { ViewQuery } from "./protocol.ts";
import { exportScope } from "./view.ts";
import { SlashKeyToggle } from "../shared/SlashKeyToggle.tsx";
import { useSettledSay } from "../shared/use_settled_say.ts";

/** Props of {@link Toolbar}. */
export interface ToolbarProps {
  filterRef: Ref<HTMLInputElement>;
  view: ViewQuery;
  counts: Counts | null;
  /** Changes listed now, and in all (at the levels toggled on). */
  shown: number;
  /** No comparison yet: exports are off. */
  empty: boolean;
  /** Text of an export's confirmation, "" when none is showing. */
  note: string;
  onFilter: (filter: string) => void;
  onToggle: (level: Level) => void;
  onKey: (ev: KeyboardEvent) => void;
  onCopy: () => void;
  onDownload: () => void;
}

/**
 * What each toggle says: the level's badge, as rows show it (which also
 * loads the badges' font with the page rather than in the frame that
 * first lists changes), or plain words for documentation ("Show
 * documentation changes").
 */
function label(l: Level) {
  if (l === "doc") return "Show documentation changes";
  return <span class={`cmp-level cmp-level-${l}`}>{l}</span>;
}

/**
 * The filter box with its count (said politely once the filter settles,
 * WCAG 4.1.3), a toggle per level and the exports. The Markdown button
 * says whether it copies every change (the CLI's Markdown) or only those
 * shown; the JSON is always the whole comparison.
 */
export function Toolbar(p: ToolbarProps) {
  const scope = exportScope(p.view);
  // Said once the filter or a level toggle settles, not once per key; a
  // new comparison's count is the page status's to say.
  const said = useSettledSay(
    p.empty ? "" : `${p.shown} change${p.shown === 1 ? "" : "s"} shown`,
    `${p.view.filter}\n${p.view.levels}`,
    p.counts,
  );
  return (
    <div class="cmp-toolbar">
      <div class="cmp-filter-row" role="search">
        <label for="cmp-filter" class="visually-hidden">Filter changes</label>
        <input
          id="cmp-filter"
          ref={p.filterRef}
          type="search"
          data-testid="compare-filter"
          value={p.view.filter}
          placeholder="Filter: path, property, change id, a method (post) or a level (breaking)"
          autocomplete="off"
          spellcheck={false}
          aria-describedby="cmp-filter-help"
          aria-controls={p.empty ? undefined : "cmp-changes"}
          onInput={(ev) =>
            p.onFilter((ev.currentTarget as HTMLInputElement).value)}
          onKeyDown={p.onKey}
        />
        <span id="cmp-filter-help" class="visually-hidden">
          Terms separated by spaces must all match; a method name such as post
          matches that method only, a level name such as breaking that level
          only. Press the down arrow to move into the changes, Enter to open
          one.
        </span>
        <span class="cmp-shown" data-testid="compare-shown">
          {p.empty ? "" : `${p.shown} shown`}
        </span>
        <span
          class="visually-hidden"
          role="status"
          data-testid="compare-shown-said"
        >
          {said}
        </span>
        <SlashKeyToggle />
      </div>
      <div class="cmp-tool-row">
        <div class="cmp-levels" role="group" aria-label="Levels shown">
          {LEVELS.map((l) => (
            <button
              key={l}
              type="button"
              class={`cmp-toggle cmp-toggle-${l}`}
              data-testid={`compare-level-${l}`}
              data-level={l}
              aria-pressed={p.view.levels.includes(l)}
              onClick={() => p.onToggle(l)}
            >
              <span class="cmp-tick" aria-hidden="true" />
              {label(l)}
              {p.counts && <span class="cmp-toggle-n">({p.counts[l]})</span>}
            </button>
          ))}
        </div>
        <div class="cmp-exports">
          <button
            type="button"
            class="primary"
            data-testid="compare-copy-md"
            data-scope={scope}
            disabled={p.empty}
            onClick={p.onCopy}
            title={scope === "all"
              ? "Copy every change as Markdown (what deno task diff --format markdown prints)"
              : "Copy the changes shown as Markdown"}
          >
            {scope === "all"
              ? "Copy all as Markdown"
              : `Copy ${p.shown} shown as Markdown`}
          </button>
          <button
            type="button"
            data-testid="compare-download-json"
            disabled={p.empty}
            onClick={p.onDownload}
            title="Download the whole comparison as JSON (what deno task diff --format json prints), whatever the filter; documentation changes included when shown"
          >
            Download all as JSON
          </button>
        </div>
      </div>
      <p class="cmp-note" role="status" data-testid="compare-note">{p.note}</p>
    </div>
  );
}
