import type { Ref } from "preact";

/** Props of {@link Toolbar}. */
export interface ToolbarProps {
  filterRef: Ref<HTMLInputElement>;
  filter: string;
  shown: number;
  total: number;
  /** Text of the copy confirmation, "" when none is showing. */
  copied: string;
  onFilter: (v: string) => void;
  onKey: (ev: KeyboardEvent) => void;
  onCopy: () => void;
}

/** The filter box (`/` focuses it), the match count and the copy button. */
export function Toolbar(p: ToolbarProps) {
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
        <kbd class="sv-kbd" aria-hidden="true">/</kbd>
      </div>
      <span id="sv-filter-help" class="visually-hidden">
        Terms separated by spaces must all match; a method name such as get
        matches that method only. Press the down arrow to move into the results,
        Enter to open one.
      </span>
      <span class="sv-shown" data-testid="spec-shown">
        {p.shown === p.total ? `${p.total} shown` : `${p.shown} of ${p.total}`}
      </span>
      <button
        type="button"
        class="primary sv-copy"
        data-testid="spec-copy"
        onClick={p.onCopy}
        title="Copy the listed endpoints: METHOD, path, summary, tags (tab-separated)"
      >
        {p.copied ||
          `Copy ${p.shown === p.total ? "list" : `${p.shown} shown`}`}
      </button>
    </div>
  );
}
