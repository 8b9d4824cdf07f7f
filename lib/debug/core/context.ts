/**
 * One debug API instance's options and state. Everything a handler may keep
 * between requests lives here, built by {@link createContext} from the
 * options: two instances in one process share no limit, timer, rate counter,
 * key or shutdown state.
 */
import { type DebugLimits, resolveLimits } from "./limits.ts";
import { TimerWheel } from "./timers.ts";
import { Lifecycle } from "./lifecycle.ts";
import { RateLimiter } from "./rate.ts";
import { type Random, seededDraws } from "./random.ts";
import { RequestText } from "./request_text.ts";

/** How an embedder configures a debug API instance. */
export interface DebugOptions {
  /**
   * Path the API lives under: `/api/debug` by default, `/` for the root.
   * Every route, Location and `openapi.json` URL follows it.
   */
  base?: string;
  /** Any subset of the limits; the rest keep their defaults. */
  limits?: Partial<DebugLimits>;
  /**
   * Hosts (`host` or `host:port`, case-insensitive) that `/redirect-to` may
   * send a client to besides the request's own host.
   */
  redirectHosts?: readonly string[];
  /**
   * Origins (`https://app.test`, `http://localhost:3000`) whose browser
   * requests may carry credentials (cookies, HTTP authentication): their
   * responses name the origin with `Access-Control-Allow-Credentials:
   * true`, as httpbin answers every origin. None by default: every other
   * origin gets `*`, so a page cannot read through `/cookies` or `/echo`
   * the cookies its browser holds for this host, which cookies share
   * across ports and sibling subdomains (RFC 6265 §8.5), HttpOnly ones too.
   */
  corsOrigins?: readonly string[];
  /**
   * Seed of the pseudo-random choices made when a request gives no `seed`
   * (a weighted `/status` pick, `/unstable`, `/uuid`, `/bytes`,
   * `/stream-bytes`): each such request takes the next generator of a
   * stream it seeds, so a test run that sends the same requests in the same
   * order gets the same answers, while `/unstable` still fails at its rate
   * and `/uuid` still differs. Without it those choices are random.
   */
  seed?: string | number;
  /**
   * Key material for the digest-auth nonces' HMAC. Instances that share it
   * accept each other's nonces (several isolates behind one address);
   * without it each instance draws a random key.
   */
  secret?: string;
  /** The clock of SSE `time` fields and dates (tests fix it). */
  now?: () => Date;
}

/** What every handler of one instance shares. */
export interface DebugContext {
  /** The base path without a trailing slash: `/api/debug`, or `""` for `/`. */
  readonly base: string;
  /** Every limit of the instance: its options' over the defaults. */
  readonly limits: DebugLimits;
  /** Lower-cased `host` / `host:port` entries `/redirect-to` may target. */
  readonly redirectHosts: ReadonlySet<string>;
  /** Lower-cased origins allowed credentialed CORS (see {@link DebugOptions}). */
  readonly corsOrigins: ReadonlySet<string>;
  /** The instance's seed, or undefined for random choices. */
  readonly seed: string | undefined;
  /**
   * A request's generator: its own `seed`'s, else the next of the
   * instance's seeded stream, else random (see core/random.ts).
   */
  readonly random: (seed: string | undefined) => Random;
  /** Key material for signed values (digest nonces). */
  readonly secret: string;
  /** Every wait of the instance is scheduled here. */
  readonly timers: TimerWheel;
  /** Long-lived request slots and drain (graceful shutdown). */
  readonly life: Lifecycle;
  /** The per-client rate limit, null when off. */
  readonly rate: RateLimiter | null;
  /** Strict UTF-8 decoding and canonical header names (bounded memo). */
  readonly text: RequestText;
  /** Current time. */
  now(): Date;
}

// A path segment of RFC 3986 §3.3 (pchar), without percent-escapes (a base
// is written by a person, and an encoded one would match nothing) and
// without `:`, `*`, `(`, `)` and `+`, which a router reads as a parameter,
// a wildcard or a group (`/:tenant` had served every first segment).
const SEGMENT = /^[A-Za-z0-9._~!$&',;=@-]+$/;
// `host` or `host:port`: a DNS name, IPv4 or bracketed IPv6 (RFC 3986 §3.2.2).
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The base path in canonical form: starts with `/`, no empty, `.` or `..`
 * segment, no trailing slash (`""` for the root). Throws a RangeError on
 * anything else.
 */
export function normalizeBase(base: string, label = "debug base"): string {
  if (typeof base !== "string" || !base.startsWith("/")) {
    throw new RangeError(
      `${label} must be a path starting with "/", got ${JSON.stringify(base)}`,
    );
  }
  const trimmed = base.endsWith("/") ? base.slice(0, -1) : base;
  if (trimmed === "") return "";
  for (const seg of trimmed.slice(1).split("/")) {
    if (!SEGMENT.test(seg) || seg === "." || seg === "..") {
      throw new RangeError(
        `${label} ${JSON.stringify(base)} has an invalid segment ${
          JSON.stringify(seg)
        }: letters, digits and ._~!$&',;=@- only`,
      );
    }
  }
  return trimmed;
}

/**
 * Redirect hosts, lower-cased: each `host` or `host:port`. Throws a
 * RangeError naming `label` (the option, or the env variable it came
 * from) on anything else.
 */
export function hostSet(
  list: readonly string[] = [],
  label = "redirectHosts",
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const h of list) {
    // A number or null is no host, not the text "null".
    if (typeof h !== "string") {
      throw new RangeError(`${label}: ${String(h)} is not a string`);
    }
    const host = String(h).trim().toLowerCase();
    if (!HOST.test(host)) {
      throw new RangeError(
        `${label}: ${JSON.stringify(h)} is not a host or host:port`,
      );
    }
    out.add(host);
  }
  return out;
}

// An origin as a browser serializes it (URL Standard §4.6 / RFC 6454 §6.1):
// scheme, host and an explicit port, nothing after.
const ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * CORS origins as a browser serializes them. Throws a RangeError naming
 * `label` (the option, or the env variable it came from) on anything else.
 */
export function originSet(
  list: readonly string[] = [],
  label = "corsOrigins",
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const o of list) {
    // A number or null is no origin, not the text "null".
    if (typeof o !== "string") {
      throw new RangeError(`${label}: ${String(o)} is not a string`);
    }
    const origin = String(o).trim().toLowerCase();
    if (!ORIGIN.test(origin)) {
      throw new RangeError(
        `${label}: ${
          JSON.stringify(o)
        } is not an origin (scheme://host[:port])`,
      );
    }
    // As a browser serializes it: a default port is left out
    // (`https://x.test:443` is sent as `https://x.test`).
    if (!URL.canParse(origin)) {
      throw new RangeError(
        `${label}: ${JSON.stringify(o)} is not an origin (a bad host or port)`,
      );
    }
    out.add(new URL(origin).origin);
  }
  return out;
}

/**
 * 32 random bytes as hex: an instance's key when the options give none,
 * and the one key `deno task start` hands every isolate it serves with.
 */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The names of {@link DebugOptions}. */
export const DEBUG_OPTION_NAMES: readonly string[] = [
  "base",
  "limits",
  "redirectHosts",
  "corsOrigins",
  "seed",
  "secret",
  "now",
];

/** The options `startDebugServer` adds to {@link DebugOptions}. */
export const SERVER_OPTION_NAMES: readonly string[] = [
  "port",
  "hostname",
  "tls",
];

/**
 * Throws a RangeError naming the first option of `options` that is not in
 * `known` or is not of its type: a typo (`limit` for `limits`) or a string
 * where a list goes must fail at once, as a bad limit does, not be ignored
 * or read a character at a time.
 */
export function checkOptionShape(
  options: unknown,
  known: readonly string[] = DEBUG_OPTION_NAMES,
): void {
  if (typeof options !== "object" || options === null) {
    throw new RangeError("debug options must be an object");
  }
  const o = options as Record<string, unknown>;
  for (const name of Object.keys(o)) {
    // An option left undefined is no option; a server's own options (one
    // object given to both functions, as the types allow) are not the
    // handler's to refuse.
    if (o[name] === undefined || SERVER_OPTION_NAMES.includes(name)) continue;
    if (!known.includes(name)) {
      throw new RangeError(
        `unknown debug option ${JSON.stringify(name)}; known: ${
          known.join(", ")
        }`,
      );
    }
  }
  const want = (name: string, ok: (v: unknown) => boolean, what: string) => {
    if (o[name] !== undefined && !ok(o[name])) {
      throw new RangeError(`${name} must be ${what}`);
    }
  };
  const plain = (v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  want("base", (v) => typeof v === "string", "a string");
  want("limits", plain, "an object of limits");
  want("redirectHosts", Array.isArray, "an array of hosts");
  want("corsOrigins", Array.isArray, "an array of origins");
  want(
    "seed",
    (v) => typeof v === "string" || Number.isFinite(v),
    "a string or a number",
  );
  want(
    "secret",
    (v) => typeof v === "string" && v !== "",
    "a non-empty string",
  );
  want("now", (v) => typeof v === "function", "a function returning a Date");
}

/** A fresh instance state from `options`; throws RangeError on bad options. */
export function createContext(options: DebugOptions = {}): DebugContext {
  checkOptionShape(options);
  const limits = resolveLimits(options.limits);
  const timers = new TimerWheel();
  const now = options.now ?? (() => new Date());
  // Asked once now: a clock that returns no Date must fail here, not as a
  // 500 at the first SSE event or digest challenge.
  const probe: unknown = now();
  if (!(probe instanceof Date) || Number.isNaN(probe.getTime())) {
    throw new RangeError("now must return a valid Date");
  }
  const seed = options.seed === undefined ? undefined : String(options.seed);
  return {
    base: normalizeBase(options.base ?? "/api/debug"),
    limits,
    redirectHosts: hostSet(options.redirectHosts),
    corsOrigins: originSet(options.corsOrigins),
    seed,
    random: seededDraws(seed),
    secret: options.secret ?? randomSecret(),
    timers,
    life: new Lifecycle(limits.maxLongRequests, timers),
    rate: limits.rateLimitPerMinute > 0
      ? new RateLimiter(limits.rateLimitPerMinute)
      : null,
    text: new RequestText(),
    now,
  };
}
