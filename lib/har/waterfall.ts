/**
 * Waterfall geometry. The axis starts at the earliest request start of the
 * scope (offset 0 for the whole file, as every row's `data-start-ms`), never at a page's own
 * start or the first request in array order, which is how other viewers end
 * up drawing bars from the wrong origin.
 */
import {
  type HarColumns,
  PHASE_STRIDE,
  SSL_APART,
  SSL_TWICE,
} from "./columns.ts";
import type { HarPage } from "./types.ts";
import { formatTick, tickStep } from "../shared/format.ts";

/**
 * A coloured part of a bar. `gap` is time the exporter did not account
 * for; `twice` the TLS time its `time` counts a second time (Playwright).
 */
export interface Segment {
  /** The HAR timing phase it shows, or `gap`. */
  phase:
    | "blocked"
    | "dns"
    | "connect"
    | "ssl"
    | "send"
    | "wait"
    | "receive"
    | "twice"
    | "gap";
  /** Its width in the bar, in ms. */
  ms: number;
  /**
   * The phase as the file records it (for the tooltip): more than `ms`
   * when the phases add up to more than the duration and are scaled down
   * to fit the bar.
   */
  recorded: number;
}

/** Legend order and labels (Chrome DevTools' names in brackets). */
export const SEGMENT_LABELS: Record<Segment["phase"], string> = {
  blocked: "Blocked (queueing, stalled)",
  dns: "DNS",
  connect: "Connect",
  ssl: "TLS",
  send: "Send",
  wait: "Wait (TTFB)",
  receive: "Receive",
  twice: "TLS counted twice (in Connect, again in time)",
  gap: "Unaccounted",
};

/**
 * The segments of entry `i`, in order, summing to its duration: `connect`
 * without the TLS part when TLS was counted inside it (HAR 1.2), phases
 * scaled down if they add up to more than the duration, the TLS time that
 * `time` holds a second time as `twice`, and the rest as a `gap`.
 */
export function segmentsOf(c: HarColumns, i: number): Segment[] {
  const b = i * PHASE_STRIDE;
  const p = c.phases;
  const pos = (v: number) => (v > 0 ? v : 0);
  const ssl = pos(p[b + 3]);
  const inConnect = p[b + 7] !== SSL_APART;
  const phase = (
    phase: Segment["phase"],
    ms: number,
    recorded = ms,
  ): Segment => ({ phase, ms, recorded });
  const raw: Segment[] = [
    phase("blocked", pos(p[b])),
    phase("dns", pos(p[b + 1])),
    // Drawn without its TLS part, told as recorded (DevTools' "Initial
    // connection" holds its "SSL" too).
    phase("connect", pos(inConnect ? p[b + 2] - ssl : p[b + 2]), pos(p[b + 2])),
    phase("ssl", ssl),
    phase("send", pos(p[b + 4])),
    phase("wait", pos(p[b + 5])),
    phase("receive", pos(p[b + 6])),
  ];
  // The duration is `time` as written (HAR 1.2 §4.2: the exporter's own
  // total): the second count is drawn as what it is, not as time the
  // exporter left unaccounted.
  if (p[b + 7] === SSL_TWICE) raw.push(phase("twice", ssl));
  const total = c.duration[i];
  const sum = raw.reduce((a, s) => a + s.ms, 0);
  const scale = sum > total && sum > 0 ? total / sum : 1;
  const out = raw.filter((s) => s.ms > 0).map((s) => ({
    ...s,
    ms: s.ms * scale,
  }));
  if (sum * scale < total) {
    const gap = total - sum * scale;
    out.push({ phase: "gap", ms: gap, recorded: gap });
  }
  return out;
}

/** A vertical line for a page event. */
export interface Marker {
  /** `dcl` for the page's DOMContentLoaded (`onContentLoad`), `load` for `onLoad`. */
  kind: "dcl" | "load";
  /** Offset from the earliest start, in ms. */
  at: number;
  /** `DOMContentLoaded` or `Load`, followed by the page id when the file has several pages. */
  label: string;
}

/** onContentLoad/onLoad of the pages in scope, as offsets on the axis. */
export function markersOf(pages: HarPage[], page: number | null): Marker[] {
  const out: Marker[] = [];
  pages.forEach((p, k) => {
    if (page !== null && page !== k) return;
    if (!Number.isFinite(p.startMs)) return;
    const id = p.id.length > 60 ? p.id.slice(0, 60) + "…" : p.id;
    const name = pages.length > 1 ? ` (${id})` : "";
    if (p.onContentLoad >= 0) {
      out.push({
        kind: "dcl",
        at: p.startMs + p.onContentLoad,
        label: `DOMContentLoaded${name}`,
      });
    }
    if (p.onLoad >= 0) {
      out.push({
        kind: "load",
        at: p.startMs + p.onLoad,
        label: `Load${name}`,
      });
    }
  });
  return out;
}

/**
 * The axis: [start, end] in ms (offsets from the file's earliest start, as
 * the rows' `data-start-ms`), widened to show the markers, and `origin`,
 * the scope's start, which its labels count from.
 */
export function axisOf(
  scopeStart: number,
  scopeEnd: number,
  markers: Marker[],
): { start: number; end: number; origin: number } {
  let start = scopeStart, end = scopeEnd;
  for (const m of markers) {
    if (m.at < start) start = m.at;
    if (m.at > end) end = m.at;
  }
  if (!(end > start)) end = start + 1;
  return { start, end, origin: scopeStart };
}

/** A tick of the axis: where it is drawn (a file offset) and its label. */
export interface Tick {
  /** Offset from the file's earliest start, ms (where {@link pct} puts it). */
  at: number;
  /** Time from the scope's start: "0", "20 ms", "1.5 s". */
  label: string;
}

/**
 * About `count` ticks (at most 12) over the axis, on round times from its
 * `origin`, labelled from there: a page's requests 7.7 s into the file
 * read 0-60 ms, as DevTools and HAR Analyzer label a page's waterfall.
 */
export function axisTicks(
  axis: { start: number; end: number; origin: number },
  count: number,
): Tick[] {
  const step = tickStep(axis.end - axis.start, count);
  const o = axis.origin;
  const ticks: Tick[] = [];
  for (
    let k = Math.ceil((axis.start - o) / step);
    o + k * step <= axis.end && ticks.length < 12;
    k++
  ) {
    // k * step, not a running sum: 0.1 + 0.2 labels no "0.30000000000000004".
    ticks.push({ at: o + k * step, label: formatTick(k * step) });
  }
  return ticks;
}

/** Percentage of the axis for an offset. */
export function pct(ms: number, axis: { start: number; end: number }): number {
  return ((ms - axis.start) / (axis.end - axis.start)) * 100;
}
