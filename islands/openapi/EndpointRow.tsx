import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";
import type { Endpoint } from "../../lib/openapi/types.ts";
import { Highlight } from "./Highlight.tsx";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { foldText } from "../../lib/shared/fold.ts";
import { visibleBidi } from "../../lib/shared/bidi.ts";

/** Props of {@link EndpointRow}. */
export interface EndpointRowProps {
  endpoint: Endpoint;
  /** Position in the filtered list, and its length (-1 while unknown). */
  index: number;
  count: number;
  /** Offset from the list top and height of the collapsed row, in px. */
  top: number;
  height: number;
  /** Lower-case text terms of the filter, to highlight. */
  terms: readonly string[];
  /** Lower-case tags the filter's tag terms name: their chips are pressed. */
  tags: readonly string[];
  expanded: boolean;
  /** True for the row that arrow keys move from (roving tabindex). */
  active: boolean;
  onToggle: (index: number) => void;
  onTag: (tag: string) => void;
  onKey: (ev: KeyboardEvent, index: number) => void;
  onFocusRow: (index: number) => void;
  /**
   * The row is to be scrolled into view and focused once the list has
   * re-rendered (its detail just closed: focus was deep in it, maybe far
   * below the row, and the list would drop a row out of view).
   */
  onReturn: (index: number) => void;
  /**
   * The pointer came onto the row (`pressed` false), or pressed it (true,
   * a click's first event; a touch comes with no rest before it): it may
   * be opened next.
   */
  onPointerRow: (index: number, pressed: boolean) => void;
  /** The operation detail, shown below the row when expanded. */
  children?: ComponentChildren;
}

/**
 * One endpoint: method badge, path, summary, tag chips and a deprecated
 * mark. A button toggles the detail; tag chips are separate buttons (a
 * button inside a button is invalid HTML) that filter by their tag.
 */
export function EndpointRow(p: EndpointRowProps) {
  const e = p.endpoint;
  const pointed = useRef(false);
  const detailId = `sv-detail-${p.index}`;
  return (
    <div
      class={"sv-row" + (p.expanded ? " is-open" : "") +
        (e.deprecated ? " is-deprecated" : "")}
      role="listitem"
      // The list holds only the rows in view: its place is said from these
      // (WAI-ARIA 1.2, aria-setsize), not counted among them.
      aria-setsize={p.count}
      aria-posinset={p.index + 1}
      // -1 while the list is a file's first rows only (WAI-ARIA 1.2's
      // "set size unknown"), and then no hook either: see EndpointList.
      data-testid={p.count < 0 ? undefined : "endpoint-row"}
      data-method={e.method}
      data-path={e.path}
      data-index={p.index}
      style={{ top: `${p.top}px` }}
      // The row itself takes focus only to hand it to its button, so Enter
      // on the focused row opens it, as a click does: `row.focus()` from a
      // script or a test. A click inside the open detail focuses the row
      // as its nearest focusable box; that focus stays (no scroll to the
      // button).
      tabIndex={-1}
      onPointerDownCapture={() => {
        // Focus from this press comes with its mousedown, before a timer.
        pointed.current = true;
        setTimeout(() => pointed.current = false, 0);
      }}
      onFocus={(ev) => {
        if (ev.target !== ev.currentTarget || pointed.current) return;
        ev.currentTarget.querySelector<HTMLElement>(".sv-row-main")?.focus();
      }}
      // Escape on the open row or anywhere in its detail closes the detail
      // and leaves focus on the row, as a dialog-like disclosure does (and
      // as the HAR viewer's detail does); on a closed row it goes back to
      // the filter box (EndpointList).
      onKeyDown={(ev) => {
        if (ev.key !== "Escape" || !p.expanded || ev.defaultPrevented) return;
        ev.preventDefault();
        // Focused now, so focus never falls to the page meanwhile; then
        // brought into view and focused again after the list re-renders.
        ev.currentTarget.querySelector<HTMLElement>(".sv-row-main")?.focus({
          preventScroll: true,
        });
        p.onToggle(p.index);
        p.onReturn(p.index);
      }}
    >
      <div class="sv-row-line" style={{ height: `${p.height}px` }}>
        <button
          type="button"
          class="sv-row-main"
          id={`sv-row-${p.index}`}
          tabIndex={p.active ? 0 : -1}
          aria-expanded={p.expanded}
          aria-controls={p.expanded ? detailId : undefined}
          onClick={() => p.onToggle(p.index)}
          onKeyDown={(ev) => p.onKey(ev, p.index)}
          onFocus={() => p.onFocusRow(p.index)}
          onPointerEnter={() => p.onPointerRow(p.index, false)}
          onPointerDown={(ev) => {
            // The primary button or a touch: other buttons open nothing.
            if (ev.isPrimary && ev.button === 0) p.onPointerRow(p.index, true);
          }}
        >
          <MethodBadge method={e.method} />
          <span class="sv-path" title={visibleBidi(e.path)}>
            <Highlight text={e.path} terms={p.terms} showControls path />
          </span>
          {
            /* Its direction from its first letter (a Hebrew summary reads
            right to left, cut at its end); the badge, its own, is not
            counted (HTML dir=auto skips what has a dir). */
          }
          <span class="sv-summary" dir="auto">
            {e.deprecated && (
              <span class="sv-deprecated" dir="ltr">deprecated</span>
            )}
            {e.summary
              ? <Highlight text={e.summary} terms={p.terms} />
              : (
                <span class="sv-opid">
                  <Highlight text={e.operationId} terms={p.terms} />
                </span>
              )}
          </span>
        </button>
        {e.tags.length > 0 && (
          <span class="sv-tags">
            {e.tags.slice(0, 3).map((t) => {
              const on = p.tags.includes(foldText(t));
              return (
                <button
                  type="button"
                  key={t}
                  class="sv-tag"
                  tabIndex={-1}
                  aria-pressed={on}
                  title={on
                    ? `Stop filtering by the tag ${t}`
                    : `Show only endpoints tagged ${t}`}
                  onClick={() => p.onTag(t)}
                >
                  <Highlight text={t} terms={p.terms} />
                </button>
              );
            })}
            {e.tags.length > 3 && (
              <span class="sv-tag-more">+{e.tags.length - 3}</span>
            )}
          </span>
        )}
      </div>
      {p.expanded && (
        <div class="sv-detail-wrap" id={detailId}>
          {
            /* The path and summary whole, which a phone's row cuts and no
            hover shows there (the path's title); shown at a phone's width
            only (spec.css). Hidden from assistive technology: the row's
            button reads them out whole already. */
          }
          <p class="sv-row-whole" aria-hidden="true">
            <code class="sv-row-whole-path">
              <Highlight text={e.path} terms={p.terms} showControls path />
            </code>
            {e.summary && (
              <span class="sv-row-whole-summary" dir="auto">
                <Highlight text={e.summary} terms={p.terms} />
              </span>
            )}
          </p>
          {p.children}
        </div>
      )}
    </div>
  );
}
