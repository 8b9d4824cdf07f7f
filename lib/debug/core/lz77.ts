/**
 * Greedy LZ77 matching within a 1 KiB window, shared by the compressed
 * endpoints' writers (deflate.ts for `/gzip` and `/deflate`, brotli.ts for
 * `/brotli`): each finds the same repeats and codes them its own way.
 *
 * - At most {@link MAX_CHAIN} candidates per position (zlib's level 1
 *   tries as many), so a client's decoder still sees literals,
 *   length/distance pairs and overlapping copies.
 * - The hash tables are kept between calls and only the matches are
 *   written, so a call allocates nothing once its buffer has grown.
 * - Nothing carries from one call to the next: each call stamps the table
 *   entries it writes with positions above every earlier call's, and
 *   ignores older stamps, so a body can never refer to an earlier
 *   request's bytes and the same input always gives the same output.
 */

/** How far back a match may reach (RFC 1951 §2; zlib's CINFO 2). */
export const WINDOW = 1024;
/** Shortest match taken (RFC 1951 §3.2.5's shortest length). */
export const MIN_MATCH = 3;
/** Longest match taken (DEFLATE's longest length, §3.2.5). */
export const MAX_MATCH = 258;
/** Candidates tried per position: zlib level 1's `max_chain`. */
const MAX_CHAIN = 4;
const HASH_BITS = 12;
/** Stamps stay below 2^31 (Int32Array); tables are cleared before that. */
const MAX_STAMP = 0x7fffffff;

/** The hash of the 3 bytes at `i`. */
function hash3(data: Uint8Array, i: number): number {
  return Math.imul(
    data[i] | (data[i + 1] << 8) | (data[i + 2] << 16),
    0x1e35a7bd,
  ) >>> (32 - HASH_BITS);
}

/**
 * A matcher with its hash tables. One per writer: it is synchronous, so
 * calls never interleave.
 */
export class Lz77 {
  /** Last position (stamp) per hash of 3 bytes. */
  readonly #head = new Int32Array(1 << HASH_BITS);
  /** Previous position with the same hash, by position modulo the window. */
  readonly #prev = new Int32Array(WINDOW);
  /** The next call's first stamp; everything below it is from the past. */
  #stamp: number;
  /**
   * The last {@link parse}'s matches, three numbers each: position,
   * length, distance; in order, none overlapping the next.
   */
  matches = new Int32Array(3 * 64);

  /**
   * `firstStamp` is for tests only: a high value makes the next calls
   * cross the point where the tables are cleared.
   */
  constructor(firstStamp = 1) {
    this.#stamp = firstStamp;
  }

  /** Finds `data`'s matches into {@link matches}; returns how many. */
  parse(data: Uint8Array): number {
    const n = data.length;
    const head = this.#head;
    const prev = this.#prev;
    if (this.#stamp > MAX_STAMP - n - 1) {
      // Stamps would overflow: forget everything (0 is below any stamp).
      head.fill(0);
      prev.fill(0);
      this.#stamp = 1;
    }
    // Positions of this call are stamped b0 + i; any entry below b0 was
    // written by an earlier call and is never followed.
    const b0 = this.#stamp;
    this.#stamp += n + 1;
    let found = this.matches;
    let count = 0;
    let i = 0;
    while (i + MIN_MATCH <= n) {
      let bestLen = 0;
      let bestDist = 0;
      const h = hash3(data, i);
      const limit = Math.min(MAX_MATCH, n - i);
      let cand = head[h];
      for (let chain = 0; chain < MAX_CHAIN && cand >= b0; chain++) {
        const j = cand - b0;
        const dist = i - j;
        if (dist > WINDOW) break;
        // Within the window, prev[j] still holds j's link: a later
        // position sharing its slot would be a window or more after j.
        if (data[j + bestLen] === data[i + bestLen]) {
          let len = 0;
          while (len < limit && data[j + len] === data[i + len]) len++;
          if (len > bestLen) {
            bestLen = len;
            bestDist = dist;
            if (len === limit) break;
          }
        }
        cand = prev[j & (WINDOW - 1)];
      }
      prev[i & (WINDOW - 1)] = head[h];
      head[h] = b0 + i;
      if (bestLen < MIN_MATCH) {
        i++;
        continue;
      }
      if (3 * count + 3 > found.length) {
        const grown = new Int32Array(found.length * 2);
        grown.set(found);
        this.matches = found = grown;
      }
      found[3 * count] = i;
      found[3 * count + 1] = bestLen;
      found[3 * count + 2] = bestDist;
      count++;
      // Positions inside the match join the chains too, so a later
      // repeat of any part of it can be found.
      const end = i + bestLen;
      for (i++; i < end; i++) {
        if (i + MIN_MATCH > n) continue;
        const hh = hash3(data, i);
        prev[i & (WINDOW - 1)] = head[hh];
        head[hh] = b0 + i;
      }
    }
    return count;
  }
}
