/**
 * Prefix (Huffman) codes for the compressed endpoints' writers: code
 * lengths from symbol counts, limited to a longest code, and the
 * canonical codes those lengths stand for (RFC 1951 §3.2.2, which RFC 7932
 * §3.2 uses too).
 */

/** Reverses the low `bits` bits of `code`. */
export function reverseBits(code: number, bits: number): number {
  let r = 0;
  for (let i = 0; i < bits; i++) {
    r = (r << 1) | (code & 1);
    code >>= 1;
  }
  return r;
}

/**
 * Builds prefix codes for alphabets of up to `maxSize` symbols, reusing its
 * work arrays from one code to the next (a small typed array costs a
 * native allocation, which dominated a per-response encoder's time). A
 * code is given by the symbols it uses and their counts, so a large
 * alphabet of which a body uses a few costs only those few.
 */
export class PrefixCoder {
  readonly #keys: Float64Array;
  readonly #weight: Float64Array;
  readonly #parent: Int32Array;
  readonly #depth: Uint8Array;
  readonly #perLength = new Uint16Array(16);
  readonly #next = new Uint16Array(16);

  constructor(maxSize: number) {
    this.#keys = new Float64Array(maxSize);
    this.#weight = new Float64Array(2 * maxSize);
    this.#parent = new Int32Array(2 * maxSize);
    this.#depth = new Uint8Array(2 * maxSize);
  }

  /**
   * Code lengths, none longer than `maxBits`, into `lengths` for the `n`
   * (2 or more) distinct `symbols` with `counts` (indexed by symbol). Too
   * long a code is avoided as brotli's reference encoder does: counts
   * below a floor are raised to it, the floor doubling until the tree is
   * shallow enough (all counts equal give a balanced tree, so it ends).
   */
  lengths(
    counts: Uint32Array,
    symbols: Int32Array,
    n: number,
    maxBits: number,
    lengths: Uint8Array,
  ): void {
    // Nodes: the leaves (sorted by count, then symbol) 0 .. n - 1, then
    // the internal nodes in the order they are made, which is also by
    // weight (the two-queue construction).
    const keys = this.#keys.subarray(0, n);
    const weight = this.#weight;
    const parent = this.#parent;
    const depth = this.#depth;
    for (let floor = 1;; floor *= 2) {
      for (let k = 0; k < n; k++) {
        const s = symbols[k];
        keys[k] = Math.max(counts[s], floor) * 1024 + s;
      }
      keys.sort();
      for (let i = 0; i < n; i++) weight[i] = Math.floor(keys[i] / 1024);
      let leaf = 0;
      let inner = n;
      for (let made = n; made < 2 * n - 1; made++) {
        // The lighter of the next leaf and the next internal node, twice;
        // a leaf wins a tie (shallower trees).
        const a = leaf < n && (inner >= made || weight[leaf] <= weight[inner])
          ? leaf++
          : inner++;
        const b = leaf < n && (inner >= made || weight[leaf] <= weight[inner])
          ? leaf++
          : inner++;
        weight[made] = weight[a] + weight[b];
        parent[a] = parent[b] = made;
      }
      const root = 2 * n - 2;
      depth[root] = 0;
      let deepest = 0;
      for (let node = root - 1; node >= 0; node--) {
        depth[node] = depth[parent[node]] + 1;
        if (node < n && depth[node] > deepest) deepest = depth[node];
      }
      if (deepest > maxBits) continue;
      for (let i = 0; i < n; i++) lengths[keys[i] % 1024] = depth[i];
      return;
    }
  }

  /**
   * The canonical code of each of the `n` `symbols` (in ascending order)
   * into `codes`, bit-reversed: codes are packed most significant bit
   * first into streams filled from the least significant bit (RFC 1951
   * §3.1.1, RFC 7932 §3.1).
   */
  codes(
    lengths: Uint8Array,
    symbols: Int32Array,
    n: number,
    codes: Uint16Array,
  ): void {
    const perLength = this.#perLength;
    const next = this.#next;
    perLength.fill(0);
    for (let k = 0; k < n; k++) perLength[lengths[symbols[k]]]++;
    for (let bits = 1, code = 0; bits < 16; bits++) {
      code = (code + perLength[bits - 1]) << 1;
      next[bits] = code;
    }
    for (let k = 0; k < n; k++) {
      const s = symbols[k];
      const len = lengths[s];
      codes[s] = reverseBits(next[len]++, len);
    }
  }
}
