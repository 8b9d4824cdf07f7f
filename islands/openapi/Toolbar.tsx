import type { Ref } from "preact";
import { useSlashKeySetting } from "../shared/slash_key.ts";
import { SlashKeyToggle } from "../shared/SlashKeyToggle.tsx";
import { useSettledSay } from "../shared/use_settled_say.ts";

/** Props of {@link Toolbar}. */
export interface ToolbarProps {
  filterRef: Ref<HTMLInputElement>;
  filter: string;
  shown: number;
  total: number;
  /**
   * True while the list is a file's first rows only: `shown` and `total`
   * are not the document's, so no count is shown or said, and the list is
   * not copied (it would miss the rest).
   */
  counting?: boolean;
  /** Text of the copy confirmation, "" when none is showing. */
  copied: string;
  onFilter: (v: string) => void;
  onKey: (ev: KeyboardEvent) => void;
  onCopy: () => void;
}

/**
 * The sentence a screen reader hears for `shown` of `total` endpoints (or
 * other things a filter finds, `noun` in the singular).
 */
export function countSaid(
  shown: number,
  total: number,
  noun = "endpoint",
): string {
  const s = total === 1 ? "" : "s";
  if (shown === total) return `All ${total} ${noun}${s} shown`;
  if (shown === 0) return `No ${noun} matches the filter, of ${total}`;
  return `${shown} of ${total} ${noun}${s} match${shown === 1 ? "es" : ""}`;
}

/**
 * The filter box (`/` focuses it), the match count and the copy button.
 * The count is also said, politely, once the filter settles (WCAG 4.1.3,
 * {@link useSettledSay}); the visible count updates at once.
 */
export function Toolbar(p: ToolbarProps) {
  const [slashOn] = useSlashKeySetting();
  // The toolbar's first count, and a new document's, are the page
  // status's to say ("Parsed … endpoints").
  const said = useSettledSay(
    p.counting ? "" : countSaid(p.shown, p.total),
    p.filter,
    p.total,
  );
  return (
    <div class="sv-toolbar" role="search">
      <label for="sv-filter" class="visually-hidden">Filter endpoints</label>
      <div class="sv-filter-wrap">
        <input
          id="sv-filter"
          ref={p.filterRef}
          type="search"
          data-testid="spec-filter"
          value={p.filter}
          placeholder="Filter: path, summary, tag, operationId or a method (get pets)"
          autocomplete="off"
          spellcheck={false}
          aria-describedby="sv-filter-help"
          aria-controls="sv-endpoints"
          onInput={(ev) =>
            p.onFilter((ev.currentTarget as HTMLInputElement).value)}
          onKeyDown={p.onKey}
        />
        {slashOn && <kbd class="sv-kbd" aria-hidden="true">/</kbd>}
      </div>
      <span id="sv-filter-help" class="visually-hidden">
        Terms separated by spaces must all match; a method name such as get
        matches that method only. Press the down arrow to move into the results,
        Enter to open one.
      </span>
      <span class="sv-shown" data-testid="spec-shown">
        {p.counting
          ? "…"
          : p.shown === p.total
          ? `${p.total} shown`
          : `${p.shown} of ${p.total}`}
      </span>
      <span
        class="visually-hidden"
        role="status"
        aria-live="polite"
        data-testid="spec-shown-said"
      >
        {said}
      </span>
      <SlashKeyToggle />
      <button
        type="button"
        class="primary sv-copy"
        data-testid="spec-copy"
        disabled={p.counting}
        onClick={p.onCopy}
        title="Copy the listed endpoints: METHOD, path, summary, tags (tab-separated)"
      >
        {p.copied ||
          `Copy ${p.shown === p.total ? "list" : `${p.shown} shown`}`}
      </button>
    </div>
  );
}
