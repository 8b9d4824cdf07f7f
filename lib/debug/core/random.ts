/**
 * The debug API's pseudo-random numbers: reproducible from a seed, in every
 * isolate, on every machine, after every restart, because the algorithm is
 * fixed here rather than taken from the runtime:
 *
 * 1. the seed text is hashed with 32-bit FNV-1a over its UTF-8 bytes;
 * 2. SplitMix32 expands that hash into the four 32-bit state words;
 * 3. xoshiro128** (Blackman and Vigna, 2018) generates the stream; every
 *    `next()` yields 32 bits, and bytes are taken from each word least
 *    significant first.
 *
 * Not for secrets: a seed is something a test author types into a URL.
 * Without a seed the state comes from `crypto.getRandomValues`.
 *
 * An instance's seed (option `seed`, `DEBUG_SEED`) seeds a stream of
 * generators ({@link seededDraws}): each request without a `seed` of its
 * own takes the next, so a run's answers are reproducible as a sequence
 * while `/unstable` still fails at its rate and `/uuid` still differs.
 */
import { fnv1a } from "../../shared/fnv1a.ts";

/** A stream of pseudo-random 32-bit words. */
export interface Random {
  /** The next unsigned 32-bit integer. */
  next(): number;
  /** A float in [0, 1). */
  float(): number;
  /** `n` bytes. */
  bytes(n: number): Uint8Array;
}

function splitMix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

function xoshiro128ss(state: Uint32Array): Random {
  const s = state;
  // An all-zero state would only ever yield zeros.
  if (!(s[0] | s[1] | s[2] | s[3])) s[0] = 1;
  const next = () => {
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  };
  return {
    next,
    float: () => next() / 4294967296,
    bytes(n) {
      const out = new Uint8Array(n);
      let i = 0;
      for (; i + 4 <= n; i += 4) {
        const w = next();
        out[i] = w & 255;
        out[i + 1] = (w >>> 8) & 255;
        out[i + 2] = (w >>> 16) & 255;
        out[i + 3] = w >>> 24;
      }
      if (i < n) {
        let w = next();
        for (; i < n; i++, w >>>= 8) out[i] = w & 255;
      }
      return out;
    },
  };
}

/**
 * A generator for `seed` (same seed, same stream), or a randomly seeded
 * one when `seed` is undefined.
 */
export function random(seed?: string): Random {
  const state = new Uint32Array(4);
  if (seed === undefined) crypto.getRandomValues(state);
  else {
    const mix = splitMix32(fnv1a(seed));
    for (let i = 0; i < 4; i++) state[i] = mix();
  }
  return xoshiro128ss(state);
}

/**
 * The generator of each request: `seed`'s own when the request gives one
 * (the same answer every time), else the next of a stream seeded by
 * `instanceSeed` (the same requests in the same order get the same
 * answers: each takes its state from four words of the stream, so how
 * much one request draws does not move the next), else a random one.
 */
export function seededDraws(
  instanceSeed: string | undefined,
): (seed: string | undefined) => Random {
  if (instanceSeed === undefined) return (seed) => random(seed);
  const stream = random(instanceSeed);
  return (seed) => {
    if (seed !== undefined) return random(seed);
    const state = new Uint32Array(4);
    for (let i = 0; i < 4; i++) state[i] = stream.next();
    return xoshiro128ss(state);
  };
}
