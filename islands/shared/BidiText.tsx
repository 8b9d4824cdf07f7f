/**
 * Text that must read left to right in its own order though it holds
 * right-to-left words: a path or URL (its segments), JSON or a command
 * (its quoted strings). Each right-to-left run is isolated in a `<bdi>`
 * (UAX #9 §2.7), so separators and punctuation between them keep the
 * line's direction; the text itself, copied or selected, is unchanged (no
 * control character is added). Text without right-to-left letters is
 * returned as it is, so the common case adds no element.
 */
import type { ComponentChildren } from "preact";
import { pathPieces, type Piece, quotedPieces } from "../../lib/shared/bidi.ts";

function isolated(text: string, pieces: Piece[]): ComponentChildren {
  if (pieces.length === 1 && !pieces[0][2]) return text;
  return pieces.map(([from, to, iso]) =>
    iso ? <bdi key={from}>{text.slice(from, to)}</bdi> : text.slice(from, to)
  );
}

/** A path or URL, its right-to-left segments isolated. */
export function PathText({ text }: { text: string }) {
  return <>{isolated(text, pathPieces(text))}</>;
}

/** JSON or a command, its right-to-left quoted strings isolated. */
export function QuotedText({ text }: { text: string }) {
  return <>{isolated(text, quotedPieces(text))}</>;
}
