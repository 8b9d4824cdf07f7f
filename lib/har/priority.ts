/**
 * An entry's priority as DevTools' Priority column says it: Chrome writes
 * the network stack's names (`VeryHigh`, `VeryLow`) where the column reads
 * Highest and Lowest; Firefox writes those words already, Safari lower
 * case (`high`).
 */
import type { Obj } from "./normalize.ts";

const WORDS: Record<string, string> = {
  veryhigh: "Highest",
  highest: "Highest",
  high: "High",
  medium: "Medium",
  low: "Low",
  lowest: "Lowest",
  verylow: "Lowest",
};

/** One priority value as DevTools says it; "" when none is written. */
function word(v: unknown): string {
  if (typeof v !== "string") return "";
  const t = v.trim();
  return WORDS[t.toLowerCase()] ?? t;
}

/**
 * `_priority` as DevTools says it, with `_initialPriority` (chrome-har)
 * when the browser changed it: `Low (initially High)`; "" when absent.
 */
export function priorityOf(raw: Obj): string {
  const now = word(raw._priority);
  const first = word(raw._initialPriority);
  if (!now) return first;
  return first && first !== now ? `${now} (initially ${first})` : now;
}
