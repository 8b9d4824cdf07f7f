/**
 * Human-readable numbers for every tool (bytes, durations, counts, axis ticks). Displays round; the `data-*`
 * attributes scripts and tests read never go through these (they print numbers
 * as JavaScript gives them).
 */

/** 1536 -> "1.5 kB" (SI units, like Chrome DevTools). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return "—";
  if (n < 1000) return `${Math.round(n)} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let v = n, u = -1;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** 0.42 -> "0.42 ms", 1234 -> "1.23 s", 90000 -> "1.5 min". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms === 0) return "0 ms";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

// One formatter each: `toLocaleString` builds a new one per call, which
// costs tens of microseconds, and rows format several numbers each.
const EXACT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
const COUNT = new Intl.NumberFormat("en-US");

/** Exact milliseconds for tooltips: up to 3 decimals, no trailing zeros. */
export function exactMs(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  return `${EXACT.format(ms)} ms`;
}

/** Axis labels: 0 -> "0", 2500 -> "2.5 s", 250 -> "250 ms". */
export function formatTick(ms: number): string {
  if (ms === 0) return "0";
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Number(ms.toPrecision(3))} ms`;
  if (abs < 60_000) return `${Number((ms / 1000).toPrecision(3))} s`;
  return `${Number((ms / 60_000).toPrecision(3))} min`;
}

/** 12345 -> "12,345". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/**
 * Tick step for a time axis of `span` ms with about `target` ticks:
 * 1, 2 or 5 times a power of ten.
 */
export function tickStep(span: number, target = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / target;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}
