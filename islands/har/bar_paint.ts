/**
 * A waterfall row's phases painted as the bar's own background, one
 * colour stop per phase, where each phase was an element of its own:
 * 4-7 of a row's 17 elements, each a style, a layout box and a paint in
 * the frame that scrolls the row in, and a rounded clip (the bar's
 * `overflow: hidden`) around them. The bar's background colour is the gap
 * (`--wf-gap`), so time no phase accounts for is what shows past the last
 * stop; TLS counted twice is a striped layer of its own over its span.
 */
import type { Segment } from "../../lib/har/waterfall.ts";

/** A percentage, short: three decimals are a thousandth of a 100 px bar. */
function pc(n: number): string {
  return `${Math.round(n * 1000) / 1000}%`;
}

/**
 * The inline style (`background-*` longhands, so the class's colour
 * stays) that paints `segs` across a bar of `dur` ms; "" when no phase
 * is drawn (a bar of zero length, or all of it unaccounted).
 */
export function barPaint(segs: readonly Segment[], dur: number): string {
  if (!(dur > 0)) return "";
  const stops: string[] = [];
  let at = 0;
  // The end of the last stop: the gap's colour shows from there.
  let end = 0;
  // TLS counted twice: where its layer sits and how wide it is.
  let twice: { x: number; w: number } | null = null;
  for (const s of segs) {
    const from = at;
    at += (s.ms / dur) * 100;
    if (s.phase === "gap") continue;
    if (s.phase === "twice") {
      const w = at - from;
      // A layer w% wide at from%: its position is a percentage of the
      // room beside it (CSS Backgrounds 3, background-position).
      twice = { x: w < 100 ? (from / (100 - w)) * 100 : 0, w };
    } else {
      stops.push(`var(--wf-${s.phase}) ${pc(from)} ${pc(at)}`);
      end = at;
    }
  }
  if (!stops.length && !twice) return "";
  const phases = stops.length
    ? `linear-gradient(90deg,${stops.join(",")},transparent ${pc(end)})`
    : "none";
  if (!twice) return `background-image:${phases}`;
  return `background-image:var(--wf-stripes),${phases};` +
    `background-position:${pc(twice.x)} 0,0 0;` +
    `background-size:${pc(twice.w)} 100%,100% 100%;` +
    "background-repeat:no-repeat";
}
