import { visibleText } from "../../lib/shared/visible_text.ts";
import { specHref, type SpecTarget } from "./spec_link.ts";

/** Props of {@link SpecLink}. */
export interface SpecLinkProps {
  target: SpecTarget;
  /** The spec viewer's address (see `specHref`). */
  specUrl: string;
  /** Opens the viewer in a new tab and hands it the document. */
  onOpen: (t: SpecTarget) => void;
  testid: string;
  /**
   * A group heading's: an arrow at a phone's width, and no Tab stop (the
   * open change's own link is the keyboard's, as the list has one stop).
   */
  compact?: boolean;
}

/**
 * "Open in spec viewer": the operation in full, in the version that has
 * it, in a new tab. Its address is the viewer's deep link; the click
 * (or a middle click) opens it through `onOpen`, which hands the document
 * over, as an address alone carries none.
 */
export function SpecLink(p: SpecLinkProps) {
  const t = p.target;
  const open = (ev: MouseEvent) => {
    ev.preventDefault();
    p.onOpen(t);
  };
  return (
    <a
      class={"cmp-spec-link" + (p.compact ? " is-compact" : "")}
      href={specHref(p.specUrl, t)}
      target="_blank"
      data-testid={p.testid}
      data-side={t.side}
      aria-label={`Open in spec viewer: ${t.method.toUpperCase()} ${
        visibleText(t.path)
      }, as the ${t.side} has it`}
      tabIndex={p.compact ? -1 : undefined}
      onClick={open}
      onAuxClick={(ev) => {
        if (ev.button === 1) open(ev);
      }}
    >
      <span class="cmp-spec-words">Open in spec viewer</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}
