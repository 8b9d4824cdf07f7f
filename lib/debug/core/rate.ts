/**
 * Opt-in per-client rate limit (env `DEBUG_RATE_LIMIT`, requests per minute
 * per client address): a token bucket per address, answered 429 with
 * Retry-After when empty (RFC 6585 §4, RFC 9110 §10.2.3).
 *
 * Memory is bounded without timers: buckets live in a Map kept in
 * least-recently-used order; on each request the oldest buckets that have
 * refilled completely (idle clients) are dropped, and past
 * {@link MAX_CLIENTS} the least recently used one is dropped regardless
 * (it restarts full, which errs on the side of serving).
 */
import { ParamError } from "./params.ts";

/** Most client buckets kept at once (about 100 bytes each). */
export const MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per client key; `perMinute` tokens, refilled continuously. */
export class RateLimiter {
  /** Requests refused with 429. */
  refused = 0;
  readonly #cap: number;
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #max: number;

  /**
   * `perMinute` requests per client and minute, on the clock `now`, keeping
   * at most `maxClients` clients' buckets.
   */
  constructor(
    perMinute: number,
    now: () => number = () => performance.now(),
    maxClients = MAX_CLIENTS,
  ) {
    this.#cap = perMinute;
    this.#perMs = perMinute / 60_000;
    this.#now = now;
    this.#max = maxClients;
  }

  /** Client buckets held now (for tests: bounded memory). */
  get clients(): number {
    return this.#buckets.size;
  }

  /** Takes one token for `key` or throws a 429 ParamError with Retry-After. */
  take(key: string): void {
    const now = this.#now();
    const map = this.#buckets;
    let b = map.get(key);
    if (b) {
      map.delete(key); // re-inserted below: most recently used last
      b.tokens = Math.min(this.#cap, b.tokens + (now - b.at) * this.#perMs);
      b.at = now;
    } else b = { tokens: this.#cap, at: now };
    this.#evict(now);
    map.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return;
    }
    this.refused++;
    const wait = Math.max(1, Math.ceil((1 - b.tokens) / this.#perMs / 1000));
    // Not about a parameter: the problem's `param` is null.
    throw new ParamError(
      null,
      `Too many requests from this address: at most ${this.#cap} a minute (DEBUG_RATE_LIMIT). Retry in ${wait} s.`,
      429,
      { "retry-after": String(wait) },
    );
  }

  #evict(now: number): void {
    const map = this.#buckets;
    // The oldest few: drop those refilled to full (they are idle).
    let look = 4;
    for (const [k, b] of map) {
      if (look-- <= 0) break;
      if (b.tokens + (now - b.at) * this.#perMs >= this.#cap) map.delete(k);
      else break;
    }
    while (map.size >= this.#max) map.delete(map.keys().next().value!);
  }
}
