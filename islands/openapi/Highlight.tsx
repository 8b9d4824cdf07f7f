import type { ComponentChildren } from "preact";
import { highlightRanges } from "../../lib/openapi/filter.ts";
import { splitBidi } from "../../lib/shared/bidi.ts";

/** Props of {@link Highlight}. */
export interface HighlightProps {
  text: string;
  /** Lower-case filter terms to mark. */
  terms: readonly string[];
  /**
   * Show bidirectional controls as `U+202E` badges rather than obey them
   * (a path's `/files/\u202Egnp.exe` would read `/files/exe.png`).
   */
  showControls?: boolean;
}

/** `s`, its bidirectional controls shown as badges when asked. */
function shown(s: string, controls: boolean, key: number): ComponentChildren {
  if (!controls) return s;
  const parts = splitBidi(s);
  if (parts.length === 1 && typeof parts[0] === "string") return s;
  return parts.map((p, i) =>
    typeof p === "string" ? p : (
      <span
        key={`${key}-${i}`}
        class="sv-bidi"
        title={`A bidirectional control (${p.control}): it would reorder the text after it`}
      >
        {p.control}
      </span>
    )
  );
}

/** `text` with every match of the filter terms wrapped in `<mark>`. */
export function Highlight(
  { text, terms, showControls = false }: HighlightProps,
) {
  const ranges = highlightRanges(text, terms);
  if (!ranges.length) return <>{shown(text, showControls, 0)}</>;
  const parts = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) parts.push(shown(text.slice(at, s), showControls, at));
    parts.push(<mark key={s}>{shown(text.slice(s, e), showControls, s)}</mark>);
    at = e;
  }
  if (at < text.length) parts.push(shown(text.slice(at), showControls, at));
  return <>{parts}</>;
}
