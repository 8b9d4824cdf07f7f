/**
 * Responses built once and cloned per request.
 *
 * Why: in Deno 2.9, `new Response(body, { headers })` converts and validates
 * every header name and value through WebIDL on each call, about 3-4 µs for
 * the debug API's five headers: a third of a whole hello-world request's
 * server time. `clone()` copies the already-validated header list and keeps a
 * string or byte body static (no stream), about 0.3 µs
 * (bench/http_micro_bench.ts). The bytes on the wire are identical, so this
 * is a cache of work, never of behaviour.
 *
 * Only static bodies (string, Uint8Array, null) may be cached: cloning a
 * stream body would tee it.
 */

/** Builds a response once; each call returns a fresh clone of it. */
export function prebuilt(
  body: string | Uint8Array | null,
  init: ResponseInit,
): () => Response {
  const proto = new Response(body as BodyInit | null, init);
  return () => proto.clone();
}

/**
 * A bounded least-recently-used map from an exact key (the uncompressed
 * body the response is derived from) to a prebuilt response. Load
 * generators and test suites repeat the same request, so the same key
 * recurs; a key never seen before costs one extra Map lookup.
 */
export class ResponseCache {
  readonly #map = new Map<string, Response>();
  /** At most this many responses are kept (oldest use evicted first). */
  readonly maxEntries: number;
  /** Longer keys are answered but never stored, which bounds the memory. */
  readonly maxKeyLength: number;

  /** Defaults: 256 entries of keys up to 4 KiB, about 2 MB at worst. */
  constructor(maxEntries = 256, maxKeyLength = 4096) {
    this.maxEntries = maxEntries;
    this.maxKeyLength = maxKeyLength;
  }

  /** How many responses are stored. */
  get size(): number {
    return this.#map.size;
  }

  /**
   * A clone of the response stored under `key`, built with `make` (which
   * must give a static body) when absent.
   */
  respond(key: string, make: () => Response): Response {
    const map = this.#map;
    let proto = map.get(key);
    if (proto) {
      // Map keeps insertion order: re-inserting marks it most recent.
      map.delete(key);
      map.set(key, proto);
      return proto.clone();
    }
    proto = make();
    if (key.length > this.maxKeyLength) return proto;
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!);
    map.set(key, proto);
    return proto.clone();
  }
}
