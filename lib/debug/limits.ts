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
 * Builds limits from an env lookup. A set but malformed variable throws a
 * RangeError naming it: a typo in deployment config must stop the server at
 * start, not silently fall back to a default.
 */
export function parseLimits(
  get: (name: string) => string | undefined,
): DebugLimits {
  const out: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [key, name] of Object.entries(LIMIT_ENV)) {
    const raw = get(name);
    if (raw === undefined || raw === "") continue;
    if (!/^[0-9]{1,15}$/.test(raw)) {
      throw new RangeError(
        `${name}=${JSON.stringify(raw)}: expected a non-negative integer`,
      );
    }
    out[key] = Number(raw);
  }
  return Object.freeze(out as unknown as DebugLimits);
}

let cached: DebugLimits | undefined;

/**
 * The process's limits: env variables over defaults, read on first call and
 * cached. Without `Deno` (a browser) or without env permission, the defaults.
 */
export function envLimits(): DebugLimits {
  if (cached) return cached;
  const deno = (globalThis as { Deno?: typeof Deno }).Deno;
  let get: (name: string) => string | undefined = () => undefined;
  if (deno?.env) {
    // Only read env when allowed: a permission prompt in a server is worse
    // than the documented defaults.
    const state = deno.permissions?.querySync?.({ name: "env" }).state;
    if (state === "granted") get = (n) => deno.env.get(n);
  }
  cached = parseLimits(get);
  return cached;
}
