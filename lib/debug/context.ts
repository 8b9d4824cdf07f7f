/**
 * Per-app state of the debug API: its limits, the catalog built from them,
 * and the shared timer whose counters let tests prove that a client leaving
 * frees its wait.
 */
import { debugCatalog } from "./catalog.ts";
import type { EndpointSpec } from "./catalog_types.ts";
import {
  type DebugLimits,
  DEFAULT_SERVICE_LIMITS,
  type ServiceLimits,
} from "./limits.ts";
import { TimerWheel } from "./timers.ts";
import { Lifecycle } from "./lifecycle.ts";
import { RateLimiter } from "./rate.ts";

export type { TimerCounter } from "./timers.ts";

/** What every debug handler gets besides the request. */
export interface DebugContext {
  readonly limits: DebugLimits;
  readonly catalog: readonly EndpointSpec[];
  /** Every sleep and SSE interval waits here. */
  readonly timers: TimerWheel;
  /** Instance-wide limits (long-request cap, rate limit). */
  readonly service: ServiceLimits;
  /** Long-lived request slots and drain (graceful shutdown). */
  readonly life: Lifecycle;
  /** The per-client rate limit, null when off (the default). */
  readonly rate: RateLimiter | null;
  /** Current time, injectable so SSE `time` fields are testable. */
  now(): Date;
}

/** A fresh context for one `createDebugApi(limits)`. */
export function createContext(
  limits: DebugLimits,
  now: () => Date = () => new Date(),
  service: ServiceLimits = DEFAULT_SERVICE_LIMITS,
): DebugContext {
  return {
    limits,
    catalog: debugCatalog(limits),
    timers: new TimerWheel(),
    service,
    life: new Lifecycle(service.maxLongRequests),
    rate: service.rateLimitPerMinute > 0
      ? new RateLimiter(service.rateLimitPerMinute)
      : null,
    now,
  };
}

/**
 * Waits `ms` unless `signal` aborts first (the client disconnected); then
 * the wait is cancelled at once and the promise resolves false.
 */
export function sleep(
  timers: TimerWheel,
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      cancel();
      resolve(false);
    };
    const cancel = timers.schedule(ms, () => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    });
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
