/**
 * A small brotli writer (RFC 7932) for `/brotli`'s body (a few hundred
 * bytes of JSON): lz77.ts's matches as insert-and-copy commands, literals,
 * commands and distances each under a prefix code built for the body.
 *
 * - One compressed meta-block per 16 MiB (MLEN's limit, §9.2), one block
 *   type per category, one literal and one distance tree (no context map).
 * - Every command names its distance (no "last distance" shortcut), and
 *   the last one's copy is left out when literals end the meta-block
 *   (§9.3: the meta-block ends before the distance is read).
 * - A decoder still reads complex prefix codes with a code-length code,
 *   insert and copy lengths with extra bits, and backward copies.
 *
 * Why not node:zlib's `brotliCompressSync`: each call leaves a native
 * encoder that only a garbage collection frees, and the small JavaScript
 * heap of a busy server collects rarely, so resident memory grew by about
 * 500 MB per 90,000 responses and stayed (tests/http/debug_leak_test.ts
 * checks the resident set; `deno task bench http_compress` compares the
 * speed). Nothing carries from one call to the next (lz77.ts).
 */
import { Lz77 } from "./lz77.ts";
import { PrefixCoder } from "./prefix_code.ts";

/** Alphabet sizes (§3.3): literals, insert-and-copy lengths, distances. */
const LITERALS = 256;
const COMMANDS = 704;
/** 16 + NDIRECT + (48 << NPOSTFIX), both 0 here (§4). */
const DISTANCES = 64;
/** MLEN's largest value (§9.2: six nibbles). */
const MAX_MLEN = 1 << 24;
/** Longest code (§3.5) and longest code-length code (§3.5). */
const MAX_BITS = 15;
const MAX_CL_BITS = 5;

/** The order code-length code lengths are written in (§3.5). */
const CL_ORDER = [1, 2, 3, 4, 0, 5, 17, 6, 16, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/**
 * The static code of a code-length code length 0..5 (§3.5), as written
 * from the least significant bit: its value and bit count.
 */
const CL_STATIC = [0, 7, 3, 2, 1, 15];
const CL_STATIC_BITS = [2, 4, 3, 2, 2, 4];

/** Extra bits of insert and copy length codes 0..23 (§5). */
const INSERT_EXTRA = [
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  4,
  5,
  5,
  6,
  7,
  8,
  9,
  10,
  12,
  14,
  24,
];
const COPY_EXTRA = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  4,
  5,
  5,
  6,
  7,
  8,
  9,
  10,
  24,
];

/** Each code's first length: the previous one's plus its range. */
function bases(extra: number[], first: number): Int32Array {
  const out = new Int32Array(extra.length);
  for (let i = 0, b = first; i < extra.length; i++) {
    out[i] = b;
    b += 1 << extra[i];
  }
  return out;
}
const INSERT_BASE = bases(INSERT_EXTRA, 0);
const COPY_BASE = bases(COPY_EXTRA, 2);

/** The code whose range holds `len`. */
function lengthCode(base: Int32Array, len: number): number {
  let c = 23;
  while (base[c] > len) c--;
  return c;
}

/**
 * First insert-and-copy symbol of the cell for insert codes `8 * row ..`
 * and copy codes `8 * column ..`, in the half that reads a distance (§5).
 */
const CELLS = [[128, 192, 384], [256, 320, 512], [448, 576, 640]];

/** The command symbol of insert code `ic` and copy code `cc`. */
function commandSymbol(ic: number, cc: number): number {
  return CELLS[ic >> 3][cc >> 3] + ((ic & 7) << 3) + (cc & 7);
}

/** Bits written from the least significant end (§2), into a byte array. */
class Bits {
  at = 0;
  #acc = 0;
  #n = 0;
  constructor(readonly out: Uint8Array) {}

  /** Writes the low `bits` (at most 24) bits of `value`. */
  put(value: number, bits: number): void {
    this.#acc |= value << this.#n;
    this.#n += bits;
    while (this.#n >= 8) {
      this.out[this.at++] = this.#acc & 0xff;
      this.#acc >>>= 8;
      this.#n -= 8;
    }
  }

  /** Pads the last byte with zero bits; returns the bytes written. */
  end(): Uint8Array {
    if (this.#n > 0) this.put(0, 8 - this.#n);
    return this.out.subarray(0, this.at);
  }
}

/** One alphabet's code for a meta-block: counts in, lengths and codes out. */
class Code {
  readonly counts: Uint32Array;
  readonly lengths: Uint8Array;
  readonly codes: Uint16Array;
  /** The symbols counted so far, in the order first seen. */
  readonly symbols: Int32Array;
  n = 0;
  constructor(readonly size: number, readonly alphabetBits: number) {
    this.counts = new Uint32Array(size);
    this.lengths = new Uint8Array(size);
    this.codes = new Uint16Array(size);
    this.symbols = new Int32Array(size);
  }

  add(s: number): void {
    if (this.counts[s]++ === 0) this.symbols[this.n++] = s;
  }

  /** Forgets the counts, lengths and codes (only the symbols used). */
  reset(): void {
    for (let k = 0; k < this.n; k++) {
      const s = this.symbols[k];
      this.counts[s] = 0;
      this.lengths[s] = 0;
      this.codes[s] = 0;
    }
    this.n = 0;
  }

  /**
   * Builds the code from the counts and writes it (§3.4, §3.5), with the
   * help of `cl` (the code-length code) and `seq` (room for 2 entries
   * per symbol); a code nothing uses (no distance in a body without
   * copies) names symbol 0.
   */
  write(w: Bits, cl: Code, seq: Uint8Array, coder: PrefixCoder): void {
    const { counts, lengths, n } = this;
    const symbols = this.symbols.subarray(0, n);
    if (n <= 1) {
      // A simple code of one symbol, which then takes no bits (§3.4).
      const sym = n ? symbols[0] : 0;
      w.put(1, 2); // HSKIP 1: a simple code
      w.put(0, 2); // NSYM - 1
      w.put(sym, this.alphabetBits);
      return;
    }
    coder.lengths(counts, symbols, n, MAX_BITS, lengths);
    symbols.sort();
    coder.codes(lengths, symbols, n, this.codes);
    // The lengths of symbols 0 .. the last used, as code-length symbols
    // (pairs: symbol, extra bits): a length 1..15 as itself, a run of
    // zeros as zeros or repeat-zero codes (17).
    let m = 0;
    let from = 0;
    for (let k = 0; k < n; k++) {
      const s = symbols[k];
      m = zeroRun(seq, m, s - from);
      seq[m++] = lengths[s];
      seq[m++] = 0;
      from = s + 1;
    }
    cl.reset();
    for (let i = 0; i < m; i += 2) cl.add(seq[i]);
    w.put(0, 2); // HSKIP 0: a complex code, no length skipped
    if (cl.n === 1) {
      // One length for every symbol (no zeros): all 18 code-length code
      // lengths are read, and then each symbol takes no bits (§3.5).
      for (let i = 0; i < CL_ORDER.length; i++) {
        const v = CL_ORDER[i] === seq[0] ? 1 : 0;
        w.put(CL_STATIC[v], CL_STATIC_BITS[v]);
      }
      return;
    }
    const clSymbols = cl.symbols.subarray(0, cl.n);
    coder.lengths(cl.counts, clSymbols, cl.n, MAX_CL_BITS, cl.lengths);
    clSymbols.sort();
    coder.codes(cl.lengths, clSymbols, cl.n, cl.codes);
    // The decoder stops at the length that completes the code-length
    // code, so none is written after it.
    let stop = CL_ORDER.length - 1;
    while (cl.lengths[CL_ORDER[stop]] === 0) stop--;
    for (let i = 0; i <= stop; i++) {
      const v = cl.lengths[CL_ORDER[i]];
      w.put(CL_STATIC[v], CL_STATIC_BITS[v]);
    }
    for (let i = 0; i < m; i += 2) {
      const v = seq[i];
      w.put(cl.codes[v], cl.lengths[v]);
      if (v === REPEAT_ZERO) w.put(seq[i + 1], 3);
    }
  }
}

/** The code-length symbol that repeats a zero length (§3.5). */
const REPEAT_ZERO = 17;

/**
 * Appends `run` zero lengths to `seq` from `m` (pairs: symbol, extra
 * bits); returns the new end. Runs under 3 are zeros. Longer ones are
 * 17s: one 17 with extra bits e stands for 3 + e zeros, and a 17 right
 * after another turns a run of r into 8(r - 2) + 3 + e (§3.5), so the
 * extra bits are the run's digits in base 8, most significant first.
 * Exported for its test.
 */
export function zeroRun(seq: Uint8Array, m: number, run: number): number {
  if (run < 3) {
    for (let i = 0; i < run; i++) {
      seq[m++] = 0;
      seq[m++] = 0;
    }
    return m;
  }
  // Digits from the last 17 back: r = 8(r' - 2) + 3 + e, r' >= 3.
  let digits = 0;
  const start = m;
  for (let r = run; r >= 3; digits++) {
    if (r <= 10) {
      seq[m++] = REPEAT_ZERO;
      seq[m++] = r - 3;
      break;
    }
    seq[m++] = REPEAT_ZERO;
    seq[m++] = (r - 3) & 7;
    r = ((r - 3) >> 3) + 2;
  }
  // Written last digit first; the decoder wants the first 17 first.
  for (let a = start, b = m - 2; a < b; a += 2, b -= 2) {
    const e = seq[a + 1];
    seq[a + 1] = seq[b + 1];
    seq[b + 1] = e;
  }
  return m;
}

/**
 * A brotli writer. One per endpoint instance: it is synchronous, so calls
 * never interleave, and no call's output depends on an earlier one.
 */
export class BrotliWriter {
  readonly #lz: Lz77;
  readonly #literals = new Code(LITERALS, 8);
  readonly #commands = new Code(COMMANDS, 10);
  readonly #distances = new Code(DISTANCES, 6);
  readonly #cl = new Code(18, 5);
  readonly #coder = new PrefixCoder(COMMANDS);
  /** Code-length symbols of one code: at most two entries per symbol. */
  readonly #seq = new Uint8Array(4 * COMMANDS);

  readonly #blockBytes: number;

  /**
   * Both for tests only: `firstStamp` (see {@link Lz77}), and a meta-block
   * size below MLEN's limit, to have several meta-blocks from small input.
   */
  constructor(firstStamp = 1, blockBytes = MAX_MLEN) {
    this.#lz = new Lz77(firstStamp);
    this.#blockBytes = Math.min(blockBytes, MAX_MLEN);
  }

  /** `data` as a brotli stream. */
  compress(data: Uint8Array): Uint8Array {
    // A literal takes at most 15 bits, a copy of 3 or more bytes at most
    // 15 + 24 + 7 + 15 + 9 bits (command, insert and copy extra bits,
    // distance and its extra bits); each meta-block's header and codes at
    // most about 8,300 bits (up to 8 per symbol of the three alphabets).
    const block = this.#blockBytes;
    const blocks = Math.ceil(data.length / block);
    const w = new Bits(new Uint8Array(data.length * 4 + blocks * 1100 + 8));
    // WBITS 16 (§9.1): distances up to 65,520, far beyond lz77.ts's window
    // (brotli_test.ts checks).
    w.put(0, 1);
    if (data.length === 0) {
      w.put(0b11, 2); // ISLAST, ISLASTEMPTY
      return w.end();
    }
    for (let from = 0; from < data.length; from += block) {
      const to = Math.min(from + block, data.length);
      this.#metaBlock(w, data.subarray(from, to), to === data.length);
    }
    return w.end();
  }

  /** One compressed meta-block of `data` (§9.2, §9.3). */
  #metaBlock(w: Bits, data: Uint8Array, last: boolean): void {
    const n = data.length;
    const count = this.#lz.parse(data);
    const found = this.#lz.matches;
    const lit = this.#literals;
    const cmd = this.#commands;
    const dist = this.#distances;
    // Pass 1: counts. Command m inserts the literals before match m and
    // copies it; a last command inserts what follows the last match.
    const tail = count ? n - found[3 * count - 2] - found[3 * count - 3] : n;
    let i = 0;
    for (let m = 0; m <= count; m++) {
      if (m === count && tail === 0) break;
      const to = m < count ? found[3 * m] : n;
      const ic = lengthCode(INSERT_BASE, to - i);
      const cc = m < count ? lengthCode(COPY_BASE, found[3 * m + 1]) : 0;
      cmd.add(commandSymbol(ic, cc));
      while (i < to) lit.add(data[i++]);
      if (m < count) {
        dist.add(distanceSymbol(found[3 * m + 2]));
        i += found[3 * m + 1];
      }
    }
    // The header (§9.2).
    if (last) w.put(0b01, 2); // ISLAST 1, ISLASTEMPTY 0
    else w.put(0, 1); // ISLAST 0
    const nibbles = n - 1 < 1 << 16 ? 4 : n - 1 < 1 << 20 ? 5 : 6;
    w.put(nibbles - 4, 2); // MNIBBLES
    w.put((n - 1) & 0xffff, 16); // MLEN - 1, low nibbles first
    if (nibbles > 4) w.put((n - 1) >>> 16, 4 * (nibbles - 4));
    if (!last) w.put(0, 1); // ISUNCOMPRESSED 0
    // NBLTYPESL, NBLTYPESI, NBLTYPESD: one each ("0"); NPOSTFIX 0 and
    // NDIRECT 0; the literal context mode LSB6; NTREESL and NTREESD: one
    // each ("0"), so no context maps.
    w.put(0, 3);
    w.put(0, 6);
    w.put(0, 2);
    w.put(0, 2);
    lit.write(w, this.#cl, this.#seq, this.#coder);
    cmd.write(w, this.#cl, this.#seq, this.#coder);
    dist.write(w, this.#cl, this.#seq, this.#coder);
    // Pass 2: the commands (§9.3).
    i = 0;
    for (let m = 0; m <= count; m++) {
      if (m === count && tail === 0) break;
      const to = m < count ? found[3 * m] : n;
      const insert = to - i;
      const copy = m < count ? found[3 * m + 1] : 2;
      const ic = lengthCode(INSERT_BASE, insert);
      const cc = lengthCode(COPY_BASE, copy);
      const sym = commandSymbol(ic, cc);
      w.put(cmd.codes[sym], cmd.lengths[sym]);
      w.put(insert - INSERT_BASE[ic], INSERT_EXTRA[ic]);
      w.put(copy - COPY_BASE[cc], COPY_EXTRA[cc]);
      while (i < to) {
        const c = data[i++];
        w.put(lit.codes[c], lit.lengths[c]);
      }
      if (m === count) break; // the meta-block ends: no distance (§9.3)
      const d = found[3 * m + 2];
      const ds = distanceSymbol(d);
      w.put(dist.codes[ds], dist.lengths[ds]);
      w.put(d + 3 - distanceBase(ds), distanceExtra(ds));
      i += copy;
    }
    lit.reset();
    cmd.reset();
    dist.reset();
  }
}

/**
 * Distance codes with NPOSTFIX 0 and NDIRECT 0 (§4): code 16 + 2(k - 1) +
 * h covers distances from ((2 + h) << k) - 3 on, with k extra bits; 0..15
 * (the last distances) are never written.
 */
function distanceSymbol(d: number): number {
  const x = d + 3;
  const k = 31 - Math.clz32(x) - 1;
  return 16 + 2 * (k - 1) + ((x >> k) & 1);
}

/** The extra bits of distance code `ds` (16 or more). */
function distanceExtra(ds: number): number {
  return 1 + ((ds - 16) >> 1);
}

/** `d + 3` for the first distance of code `ds`. */
function distanceBase(ds: number): number {
  return (2 + ((ds - 16) & 1)) << distanceExtra(ds);
}
