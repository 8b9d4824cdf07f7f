import { highlightRanges } from "../../lib/openapi/filter.ts";

/** Props of {@link Highlight}. */
export interface HighlightProps {
  text: string;
  /** Lower-case filter terms to mark. */
  terms: readonly string[];
}

/** `text` with every match of the filter terms wrapped in `<mark>`. */
export function Highlight({ text, terms }: HighlightProps) {
  const ranges = highlightRanges(text, terms);
  if (!ranges.length) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={s}>{text.slice(s, e)}</mark>);
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
