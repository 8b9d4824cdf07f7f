/**
 * Every limit of the debug API, in one place: what each bounds, its default,
 * and the env variable the server entries (`main.ts`, `server/debug_only.ts`)
 * read it from. The module reads no environment itself: an embedder passes
 * `limits` to `createDebugHandler`, an entry passes {@link limitsFromEnv}'s
 * result. Browser-safe (the `/debug` page renders {@link LIMITS}).
 */

/** Every limit the debug API enforces. All values are inclusive maxima. */
export interface DebugLimits {
  /** Longest `sleep` (and `/delay`, `/drip` in total), ms. */
  readonly maxSleepMs: number;
  /** Longest redirect chain (`/redirect`, `/relative-redirect`, `/absolute-redirect`). */
  readonly maxRedirects: number;
  /** Largest request body after decoding, bytes. */
  readonly maxBodyBytes: number;
  /** Largest SSE `count`. */
  readonly maxSseCount: number;
  /** Longest SSE `interval` (and `retry`), ms. */
  readonly maxSseIntervalMs: number;
  /**
   * Long-lived requests (a wait in progress, an open stream or WebSocket)
   * held at once; one more gets 503 with Retry-After (RFC 9110 §15.6.4).
   * 0 turns the cap off.
   */
  readonly maxLongRequests: number;
  /**
   * Requests per minute per client address (a token bucket); over it, 429
   * with Retry-After (RFC 6585 §4). 0 turns the rate limit off.
   */
  readonly rateLimitPerMinute: number;
  /**
   * Proxies in front of the server that append the address they got a
   * request from to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`):
   * the client is the entry that many from the right, which no client can
   * write, for `origin` and the rate limit. The scheme and host the client
   * asked for, for `url` and absolute Locations, are read the same way from
   * X-Forwarded-Proto and X-Forwarded-Host; the RFC 7239 Forwarded header's
   * `for`, `proto` and `host` fill what those leave out (see
   * core/forwarded.ts). The path a proxy mounts the API under
   * (X-Forwarded-Prefix, a plain path) goes before the path of every URL
   * and Location of this server, and of cookies' Path. 0: none trusted;
   * `origin` reads the first X-Forwarded-For entry and `url`
   * X-Forwarded-Proto (httpbin's), the rate limit the TCP peer; Forwarded,
   * X-Forwarded-Host and X-Forwarded-Prefix are not read.
   */
  readonly trustedProxies: number;
  /**
   * Largest generated body (`/bytes`, `/stream-bytes`, `/range`, `/drip`,
   * and the bytes `/abort` sends before it stops), bytes.
   */
  readonly maxBytes: number;
  /** Most lines of `/stream/{n}`. */
  readonly maxStreamLines: number;
  /** Most links of `/links/{n}`. */
  readonly maxLinks: number;
  /** Longest pause between two bytes of a request body before 408, ms. */
  readonly bodyIdleMs: number;
  /** Largest WebSocket message echoed; a larger one closes with 1009. */
  readonly maxWsMessageBytes: number;
  /**
   * WebSockets open at once; one more gets 503 with Retry-After before the
   * upgrade. Deno (2.9) buffers a whole incoming message, up to its own
   * 64 MiB, before `maxWsMessageBytes` can be checked, so each open socket
   * may hold that much: this is the bound on it. 0: no cap of its own
   * (each socket still holds a `maxLongRequests` slot).
   */
  readonly maxWebSockets: number;
}

/** One limit's documentation. */
export interface LimitInfo {
  /** Env variable the server entries read it from. */
  readonly env: string;
  /** What it bounds, for the `/debug` page and `openapi.json`. */
  readonly text: string;
  /** What 0 means, when 0 turns the limit off. */
  readonly zero?: string;
}

/** The defaults: what a plain `deno task start` enforces. */
export const DEFAULT_LIMITS: DebugLimits = Object.freeze({
  maxSleepMs: 30_000,
  maxRedirects: 50,
  maxBodyBytes: 1_048_576,
  maxSseCount: 1000,
  maxSseIntervalMs: 10_000,
  maxLongRequests: 10_000,
  rateLimitPerMinute: 0,
  trustedProxies: 0,
  maxBytes: 1_048_576,
  maxStreamLines: 100,
  maxLinks: 200,
  bodyIdleMs: 10_000,
  maxWsMessageBytes: 1_048_576,
  maxWebSockets: 0,
});

/** Documentation of every limit, in display order. */
export const LIMITS: Readonly<Record<keyof DebugLimits, LimitInfo>> = Object
  .freeze({
    maxSleepMs: {
      env: "DEBUG_MAX_SLEEP_MS",
      text: "Longest sleep or delay, ms",
    },
    maxRedirects: {
      env: "DEBUG_MAX_REDIRECTS",
      text: "Longest redirect chain",
    },
    maxBodyBytes: {
      env: "DEBUG_MAX_BODY_BYTES",
      text: "Largest request body (after decoding), bytes",
    },
    maxSseCount: { env: "DEBUG_MAX_SSE_COUNT", text: "Most SSE events" },
    maxSseIntervalMs: {
      env: "DEBUG_MAX_SSE_INTERVAL_MS",
      text: "Longest SSE interval and retry, ms",
    },
    maxLongRequests: {
      env: "DEBUG_MAX_LONG_REQUESTS",
      text:
        "Sleeps, streams and WebSockets held at once, per isolate (then 503)",
      zero: "no cap",
    },
    rateLimitPerMinute: {
      env: "DEBUG_RATE_LIMIT",
      text: "Requests per minute per client address (then 429)",
      zero: "off",
    },
    trustedProxies: {
      env: "DEBUG_TRUSTED_PROXIES",
      text:
        "Proxies in front that append to X-Forwarded-For: the client is the entry that many from the right, for origin and the rate limit; X-Forwarded-Proto and -Host (else RFC 7239 Forwarded) give url's scheme and host, X-Forwarded-Prefix the path every URL, Location and cookie Path of this server goes under",
      zero:
        "none (origin: the first entry; rate limit: the TCP peer; Forwarded, X-Forwarded-Host and -Prefix not read)",
    },
    maxBytes: {
      env: "DEBUG_MAX_BYTES",
      text: "Largest generated body (bytes, range, drip, abort), bytes",
    },
    maxStreamLines: {
      env: "DEBUG_MAX_STREAM_LINES",
      text: "Most lines of /stream",
    },
    maxLinks: { env: "DEBUG_MAX_LINKS", text: "Most links of /links" },
    bodyIdleMs: {
      env: "DEBUG_BODY_IDLE_MS",
      text: "Longest pause inside a request body before 408, ms",
    },
    maxWsMessageBytes: {
      env: "DEBUG_MAX_WS_MESSAGE_BYTES",
      text: "Largest WebSocket message, bytes (then close 1009)",
    },
    maxWebSockets: {
      env: "DEBUG_MAX_WEBSOCKETS",
      text:
        "WebSockets open at once, per isolate (then 503); each may buffer a 64 MiB message in Deno before it is refused",
      zero: "no cap of its own",
    },
  });

/** The names of every limit, in display order. */
export const LIMIT_NAMES: readonly (keyof DebugLimits)[] = Object.freeze(
  Object.keys(LIMITS) as (keyof DebugLimits)[],
);

const NON_NEGATIVE = /^[0-9]{1,15}$/;

/**
 * The limits in force: `partial` over the defaults. A name that is not a
 * limit, or a value that is not a non-negative safe integer, throws a
 * RangeError naming it: a typo in an embedder's options must fail at once,
 * not fall back to a default.
 */
export function resolveLimits(
  partial: Readonly<Partial<Record<string, unknown>>> = {},
): DebugLimits {
  const out: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(partial)) {
    // Own names only: `toString` is "in" every object.
    if (!Object.hasOwn(LIMITS, name)) {
      throw new RangeError(
        `unknown debug limit ${JSON.stringify(name)}; known: ${
          LIMIT_NAMES.join(", ")
        }`,
      );
    }
    if (value === undefined) continue;
    if (
      typeof value !== "number" || !Number.isSafeInteger(value) || value < 0
    ) {
      throw new RangeError(
        `debug limit ${name} must be a non-negative integer, got ${
          typeof value === "string" ? JSON.stringify(value) : String(value)
        }`,
      );
    }
    out[name] = value;
  }
  return Object.freeze(out) as unknown as DebugLimits;
}

/**
 * The limits set in the environment (`get` looks a variable up), for the
 * server entries. A set but malformed variable throws a RangeError naming
 * it: a typo in deployment config must stop the server at start.
 */
export function limitsFromEnv(
  get: (name: string) => string | undefined,
): Partial<DebugLimits> {
  const out: Record<string, number> = {};
  for (const name of LIMIT_NAMES) {
    const env = LIMITS[name].env;
    const raw = get(env);
    if (raw === undefined || raw === "") continue;
    if (!NON_NEGATIVE.test(raw)) {
      throw new RangeError(
        `${env}=${JSON.stringify(raw)}: expected a non-negative integer`,
      );
    }
    out[name] = Number(raw);
  }
  return out as Partial<DebugLimits>;
}

/*
 * Fixed limits: bounds on header and parameter text that no embedder needs
 * to tune (each far above what a real client sends). Not part of
 * {@link DebugLimits} and not configurable; named here so every limit of
 * the debug API is in this one module.
 */

/**
 * Deepest JSON body reflected (`json` of `/echo`, `/anything`, `/post`...);
 * deeper gets 400. The depth Go's `encoding/json` refuses past, so
 * go-httpbin refuses such a body too.
 */
export const MAX_JSON_DEPTH = 10_000;
/**
 * Most writes of one `/stream-bytes` body: a `chunk_size` that cuts `n`
 * into more gets 400 (a million one-byte writes cost the server seconds of
 * CPU; at the default `maxBytes`, 16-byte chunks still pass).
 */
export const MAX_STREAM_WRITES = 65_536;
/** Most ranges read from one Range header; more and it is ignored (RFC 9110 §14.2). */
export const MAX_RANGES = 16;
/** Most headers one `/response-headers` request sets. */
export const MAX_RESPONSE_HEADERS = 50;
/** Longest header value `/response-headers` sets, characters. */
export const MAX_RESPONSE_HEADER_VALUE = 8192;
/**
 * Longest `Set-Cookie` value `/response-headers` sets for a session cookie
 * whose Path is outside the base (the app's pages get it): a browser keeps
 * about 180 cookies per host, so at this size they stay well under the
 * server's request header limit (about 64 KB) and cannot make the pages
 * answer 400 (a cookie bomb).
 */
export const MAX_OUTSIDE_COOKIE = 256;
/** Most cookies one `/cookies/set` or `/cookies/delete` request names. */
export const MAX_SET_COOKIES = 50;
/** Longest cookie value `/cookies/set` sets, characters. */
export const MAX_COOKIE_VALUE = 4096;
/** Most `;`-separated pairs of a Cookie header (RFC 6265 §5.4); more gets 431. */
export const MAX_COOKIE_PAIRS = 500;
/** Longest `url` of `/redirect-to`, characters. */
export const MAX_REDIRECT_URL = 2048;
/** Longest Basic credentials (their base64 text), characters (RFC 7617 §2). */
export const MAX_BASIC_CREDENTIALS = 4096;
/** Longest Bearer token, characters (RFC 6750 §2.1). */
export const MAX_BEARER_TOKEN = 8192;
/** Longest Digest Authorization header, characters (RFC 7616 §3.4). */
export const MAX_DIGEST_HEADER = 8192;
/** Most uses of one nonce a `/digest-auth` `stale_after` can ask for. */
export const MAX_STALE_AFTER = 99_999_999;
/** Most auth-params in one Digest Authorization header (RFC 7616 §3.4). */
export const MAX_DIGEST_PARAMS = 32;
/** Longest Accept header read, characters; longer gets 431 (RFC 6585 §5). */
export const MAX_ACCEPT_CHARS = 4096;
/** Most content codings of one request body (Content-Encoding); more gets 415. */
export const MAX_REQUEST_CODINGS = 4;
/**
 * Longest X-Forwarded-For entry reflected as `origin`, characters: an
 * address is at most 45 (IPv6 with a zone is longer, but not by this much);
 * a longer first entry is shown cut, as it names no address anyway.
 */
export const MAX_ORIGIN_CHARS = 100;
/**
 * Longest Forwarded header read, characters (RFC 7239 §4); a longer one is
 * ignored as if absent. Each proxy adds an element of a few dozen
 * characters, so this is hundreds of hops.
 */
export const MAX_FORWARDED_CHARS = 8192;
/**
 * Longest X-Forwarded-Prefix entry read, characters; a longer one is
 * ignored as if absent. A prefix is a proxy's mount point (`/tools`), a
 * few segments, and it is copied into every URL the API builds.
 */
export const MAX_FORWARDED_PREFIX_CHARS = 256;
/** Most media ranges of one Accept header (RFC 9110 §12.5.1); more gets 431. */
export const MAX_ACCEPT_RANGES = 64;
