/**
 * Human-readable numbers for every tool (bytes, durations, counts, axis ticks). Displays round; the `data-*`
 * attributes scripts and tests read never go through these (they print numbers
 * as JavaScript gives them).
 */

/**
 * 1536 -> "1.5 kB", 11180 -> "11.2 kB", 250000 -> "250 kB": SI units, one
 * decimal below 100 of a unit, as Chrome DevTools prints sizes.
 */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return "—";
  if (n < 1000) return `${Math.round(n)} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let v = n, u = -1;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v < 100 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** 0.42 -> "0.42 ms", 1234 -> "1.23 s", 90000 -> "1.5 min", then h and d. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms === 0) return "0 ms";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  if (ms < 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} d`;
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

/**
 * Axis labels: 0 -> "0", 2500 -> "2.5 s", 250 -> "250 ms", then minutes,
 * hours and days (a file recorded over months had read "167000 min").
 */
export function formatTick(ms: number): string {
  if (ms === 0) return "0";
  const abs = Math.abs(ms);
  const at = (unit: number, name: string) =>
    `${Number((ms / unit).toPrecision(3))} ${name}`;
  if (abs < 1000) return at(1, "ms");
  if (abs < 60_000) return at(1000, "s");
  if (abs < 3_600_000) return at(60_000, "min");
  if (abs < 86_400_000) return at(3_600_000, "h");
  return at(86_400_000, "d");
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
