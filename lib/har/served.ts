/**
 * Where an entry was served from without the network, as the exporters
 * record it: Chrome's `_fromCache` (`memory`, `disk`) and service-worker
 * flags, Safari's `_fetchType`. DevTools writes it in the Size column
 * (`(disk cache)`); the detail says it in words.
 */
import { str } from "../shared/value.ts";

/** The places, by index: 0 is the network. */
export const SERVED_FROM = [
  "",
  "memory cache",
  "disk cache",
  "service worker",
] as const;

/** Where entry `raw` was served from: an index into {@link SERVED_FROM}. */
export function servedFromIndex(raw: Record<string, unknown>): number {
  const chrome = str(raw._fromCache).toLowerCase();
  if (chrome === "memory") return 1;
  if (chrome === "disk") return 2;
  if (
    raw._fromServiceWorker === true || raw._fetchedViaServiceWorker === true
  ) {
    return 3;
  }
  // Safari: "Memory Cache", "Disk Cache", "Service Worker", "Network Load".
  const safari = SERVED_FROM.indexOf(
    str(raw._fetchType).toLowerCase() as typeof SERVED_FROM[number],
  );
  return safari > 0 ? safari : 0;
}
