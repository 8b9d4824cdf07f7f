import type { ComponentChildren } from "preact";
import { highlightRanges } from "../../lib/openapi/filter.ts";
import { pathPieces, splitBidi } from "../../lib/shared/bidi.ts";

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
  /**
   * A path: its right-to-left segments isolated (`<bdi>`), so it reads in
   * its order (islands/shared/BidiText.tsx says why).
   */
  path?: boolean;
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

/**
 * `text`'s `[from, to)` with the parts inside `ranges` wrapped in `<mark>`
 * (a range crossing either end is cut there).
 */
function marked(
  text: string,
  ranges: readonly (readonly [number, number])[],
  from: number,
  to: number,
  controls: boolean,
): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let at = from;
  for (const [s0, e0] of ranges) {
    const s = Math.max(s0, from), e = Math.min(e0, to);
    if (e <= s) continue;
    if (s > at) parts.push(shown(text.slice(at, s), controls, at));
    parts.push(<mark key={s}>{shown(text.slice(s, e), controls, s)}</mark>);
    at = e;
  }
  if (at < to) parts.push(shown(text.slice(at, to), controls, at));
  return parts;
}

/** `text` with every match of the filter terms wrapped in `<mark>`. */
export function Highlight(
  { text, terms, showControls = false, path = false }: HighlightProps,
) {
  const ranges = highlightRanges(text, terms);
  const pieces = path ? pathPieces(text) : null;
  if (!pieces || (pieces.length === 1 && !pieces[0][2])) {
    if (!ranges.length) return <>{shown(text, showControls, 0)}</>;
    return <>{marked(text, ranges, 0, text.length, showControls)}</>;
  }
  return (
    <>
      {pieces.map(([from, to, iso]) => {
        const kids = marked(text, ranges, from, to, showControls);
        return iso ? <bdi key={`b${from}`}>{kids}</bdi> : kids;
      })}
    </>
  );
}
