/**
 * Waterfall pieces: one row's bar (coloured phase segments, a tooltip with
 * the exact milliseconds), the page-event markers, the time axis header and
 * the legend.
 */
import { useRef } from "preact/hooks";
import { useClientSize } from "../shared/use_size.ts";
import type { HarColumns } from "../../lib/har/columns.ts";
import { PHASES } from "../../lib/har/types.ts";
import { exactMs } from "../../lib/shared/format.ts";
import {
  axisTicks,
  type Marker,
  pct,
  SEGMENT_LABELS,
  segmentsOf,
} from "../../lib/har/waterfall.ts";
import { barPaint } from "./bar_paint.ts";

/** Axis of the waterfall in ms (offsets from the file's earliest start). */
export interface Axis {
  start: number;
  end: number;
  /** The scope's start, which the labels count from. */
  origin: number;
}

/**
 * The tooltip text of a bar: start (from the axis' origin, as its labels
 * read: the page's start in page scope), duration and every phase.
 */
function barTitle(c: HarColumns, i: number, origin: number): string {
  const at = c.start[i] - origin;
  const lines = [
    `Start: ${at < 0 ? "-" : "+"}${exactMs(Math.abs(at))}`,
    `Duration: ${exactMs(c.duration[i])}`,
  ];
  for (const s of segmentsOf(c, i)) {
    // The file's values, even where the bar had to scale them to fit.
    lines.push(`${SEGMENT_LABELS[s.phase]}: ${exactMs(s.recorded)}`);
  }
  return lines.join("\n");
}

/** The markers drawn across a row. */
function Markers({ markers, axis }: { markers: Marker[]; axis: Axis }) {
  return (
    <>
      {markers.map((m, k) => (
        <i
          key={k}
          class={`wf-marker wf-${m.kind}`}
          style={`left:${pct(m.at, axis)}%`}
          title={`${m.label}: ${m.at < axis.origin ? "-" : "+"}${
            exactMs(Math.abs(m.at - axis.origin))
          }`}
        />
      ))}
    </>
  );
}

/**
 * The page-event lines over the whole list, drawn once in a layer that
 * shares the rows' grid (so it sits exactly on the waterfall column)
 * instead of once per row.
 */
export function MarkerLayer(
  { height, markers, axis }: { height: number; markers: Marker[]; axis: Axis },
) {
  return (
    <div class="wf-layer" aria-hidden="true" style={`height:${height}px`}>
      <span class="wf-layer-col">
        <Markers markers={markers} axis={axis} />
      </span>
    </div>
  );
}

/** One entry's bar. */
export function WaterfallBar(
  { c, i, axis }: { c: HarColumns; i: number; axis: Axis },
) {
  const dur = c.duration[i];
  const left = pct(c.start[i], axis);
  const width = (dur / (axis.end - axis.start)) * 100;
  // Its phases are its background, not elements (see bar_paint.ts).
  const paint = dur > 0 ? barPaint(segmentsOf(c, i), dur) : "";
  return (
    <span
      class="wf-bar"
      data-testid="har-bar"
      style={`left:${left}%;width:${width}%${paint && ";" + paint}`}
      title={barTitle(c, i, axis.origin)}
    />
  );
}

/** Pixels a tick label needs, its gap included ("1,200 ms"). */
const TICK_PX = 80;

/**
 * Tick labels above the waterfall column, as many as its width holds: four
 * in a narrow column overlapped ("100 ms 3200 ms" at 1280 px). They count
 * from the scope's start (the axis' `origin`: 0 for the whole file).
 */
export function AxisHeader(
  { axis, markers }: { axis: Axis; markers: Marker[] },
) {
  const box = useRef<HTMLSpanElement>(null);
  const width = useClientSize(box, 4 * TICK_PX, "width");
  // Labelled from the scope's start: a page 7.7 s into the file reads
  // 0-60 ms, where the rows' data-start-ms stay the file's offsets.
  const ticks = axisTicks(
    axis,
    Math.max(1, Math.min(8, Math.floor(width / TICK_PX))),
  );
  return (
    <span class="wf-axis" aria-hidden="true" ref={box}>
      {ticks.map(({ at: t, label }) => {
        const at = pct(t, axis);
        // Near the right edge the label goes left of its line, not past
        // the column's end (where it was cut).
        return (
          <span
            key={t}
            class={at > 80 ? "wf-tick wf-tick-end" : "wf-tick"}
            style={`left:${at}%`}
          >
            {label}
          </span>
        );
      })}
      <Markers markers={markers} axis={axis} />
    </span>
  );
}

/** The colour legend of phases and markers. */
export function Legend() {
  return (
    <ul class="wf-legend" aria-label="Waterfall legend">
      {PHASES.map((p) => (
        <li key={p}>
          <span class={`wf-swatch wf-${p}`} />
          {SEGMENT_LABELS[p]}
        </li>
      ))}
      <li>
        <span class="wf-swatch wf-line wf-dcl" />DOMContentLoaded
      </li>
      <li>
        <span class="wf-swatch wf-line wf-load" />Load
      </li>
    </ul>
  );
}
