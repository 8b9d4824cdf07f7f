/**
 * The debug API's limits (CONTRACT section 3), read from the environment
 * once per process. Browser-safe: {@link DEFAULT_LIMITS} and
 * {@link parseLimits} touch no Deno API; {@link envLimits} only reads
 * `Deno.env` when it exists, so the `/debug` island can import this module.
 *
 * Tests pass tiny limits to `createDebugApi(limits)` instead of setting env.
 */

/** Every limit the debug API enforces. All values are inclusive maxima. */
export interface DebugLimits {
  /** Longest `sleep`, ms. Env `DEBUG_MAX_SLEEP_MS`, default 30 000. */
  readonly maxSleepMs: number;
  /** Largest `/redirect/{count}`. Env `DEBUG_MAX_REDIRECTS`, default 50. */
  readonly maxRedirects: number;
  /** Largest request body, bytes. Env `DEBUG_MAX_BODY_BYTES`, default 1 MiB. */
  readonly maxBodyBytes: number;
  /** Largest SSE `count`. Env `DEBUG_MAX_SSE_COUNT`, default 1000. */
  readonly maxSseCount: number;
  /** Largest SSE `interval` (and `retry`), ms. Env `DEBUG_MAX_SSE_INTERVAL_MS`, default 10 000. */
  readonly maxSseIntervalMs: number;
}

/** The contract's defaults, used when no env variable overrides them. */
export const DEFAULT_LIMITS: DebugLimits = Object.freeze({
  maxSleepMs: 30_000,
  maxRedirects: 50,
  maxBodyBytes: 1_048_576,
  maxSseCount: 1000,
  maxSseIntervalMs: 10_000,
});

/** Env variable name for each limit. */
export const LIMIT_ENV: Readonly<Record<keyof DebugLimits, string>> = Object
  .freeze({
    maxSleepMs: "DEBUG_MAX_SLEEP_MS",
    maxRedirects: "DEBUG_MAX_REDIRECTS",
    maxBodyBytes: "DEBUG_MAX_BODY_BYTES",
    maxSseCount: "DEBUG_MAX_SSE_COUNT",
    maxSseIntervalMs: "DEBUG_MAX_SSE_INTERVAL_MS",
  });

/**
 * Limits that protect a public instance rather than shape one request
 * (README "Reliability and limits"). Kept apart from {@link DebugLimits},
 * which the `/debug` page renders as a table of per-request limits.
 */
export interface ServiceLimits {
  /**
   * Long-lived requests (a `sleep` in progress, an open SSE stream) held at
   * once per isolate; one more gets 503 with Retry-After (RFC 9110 §15.6.4).
   * Env `DEBUG_MAX_LONG_REQUESTS`, default 10 000; 0 turns the cap off.
   */
  readonly maxLongRequests: number;
  /**
   * Requests per minute per client address, a token bucket; over it, 429
   * with Retry-After (RFC 6585 §4). Env `DEBUG_RATE_LIMIT`, default 0 (off).
   */
  readonly rateLimitPerMinute: number;
}

/** Defaults: 10 000 long requests (the benchmark holds 10 000 sleeps), no rate limit. */
export const DEFAULT_SERVICE_LIMITS: ServiceLimits = Object.freeze({
  maxLongRequests: 10_000,
  rateLimitPerMinute: 0,
});

/** Env variable name for each service limit. */
export const SERVICE_LIMIT_ENV: Readonly<Record<keyof ServiceLimits, string>> =
  Object.freeze({
    maxLongRequests: "DEBUG_MAX_LONG_REQUESTS",
    rateLimitPerMinute: "DEBUG_RATE_LIMIT",
  });

function readInts<T>(
  defaults: T,
  names: Readonly<Record<string, string>>,
  get: (name: string) => string | undefined,
): T {
  const out: Record<string, number> = { ...defaults } as Record<string, number>;
  for (const [key, name] of Object.entries(names)) {
    const raw = get(name);
    if (raw === undefined || raw === "") continue;
    if (!/^[0-9]{1,15}$/.test(raw)) {
      throw new RangeError(
        `${name}=${JSON.stringify(raw)}: expected a non-negative integer`,
      );
    }
    out[key] = Number(raw);
  }
  return Object.freeze(out) as T;
}

/**
 * Builds limits from an env lookup. A set but malformed variable throws a
 * RangeError naming it: a typo in deployment config must stop the server at
 * start, not silently fall back to a default.
 */
export function parseLimits(
  get: (name: string) => string | undefined,
): DebugLimits {
  return readInts(DEFAULT_LIMITS, LIMIT_ENV, get);
}

/** {@link ServiceLimits} from an env lookup; malformed values throw too. */
export function parseServiceLimits(
  get: (name: string) => string | undefined,
): ServiceLimits {
  return readInts(DEFAULT_SERVICE_LIMITS, SERVICE_LIMIT_ENV, get);
}

let cached: DebugLimits | undefined;
let cachedService: ServiceLimits | undefined;

function envGetter(): (name: string) => string | undefined {
  const deno = (globalThis as { Deno?: typeof Deno }).Deno;
  if (deno?.env) {
    // Only read env when allowed: a permission prompt in a server is worse
    // than the documented defaults.
    const state = deno.permissions?.querySync?.({ name: "env" }).state;
    if (state === "granted") return (n) => deno.env.get(n);
  }
  return () => undefined;
}

/**
 * The process's limits: env variables over defaults, read on first call and
 * cached. Without `Deno` (a browser) or without env permission, the defaults.
 */
export function envLimits(): DebugLimits {
  return cached ??= parseLimits(envGetter());
}

/** The process's {@link ServiceLimits}, read once like {@link envLimits}. */
export function envServiceLimits(): ServiceLimits {
  return cachedService ??= parseServiceLimits(envGetter());
}
