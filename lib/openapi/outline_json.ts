/**
 * The outline (outline.ts) of a JSON document, cut from its UTF-8 bytes
 * without decoding the rest: JSON's structural characters are ASCII and
 * never occur inside a multi-byte UTF-8 sequence (RFC 8259 §8.1, RFC 3629
 * §3), so brackets and quotes can be matched on bytes. Strings are skipped
 * by a byte loop that steps over the byte after each backslash: faster
 * than `Uint8Array.prototype.indexOf` per string (a call for each of
 * Stripe's 75,000 strings, most of them short, and a look back over
 * backslashes at each quote found), which took Stripe's scan 1.5 times as
 * long in Deno. Where a word of four bytes holds none of the bytes a loop
 * stops at (a quote or a backslash in a string; a quote or a bracket
 * between strings; anything but spaces in indentation) it is passed whole:
 * Stripe's scan 15% sooner in Deno and Chromium (half its bytes are in
 * strings, nearly half indentation).
 *
 * The scan checks structure, not every token: a document it accepts may
 * still be refused by `JSON.parse` (a stray comma deep in `components`);
 * the whole parse that follows decides, and its answer replaces the preview.
 */
import {
  CutShort,
  DROPPED_TOP,
  droppedTop,
  joinPieces,
  LISTED_OP_FIELDS,
  NotTaken,
  OPERATION_FIELDS,
  PATH_MAPS,
  type Piece,
  type Span,
  WHOLE_ITEM_FIELDS,
} from "./outline.ts";
import { utf8BomLength } from "../shared/bom.ts";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;

/** `0x01` in each byte of a word. */
const ONES = 0x01010101;
/** Four spaces, as a word. */
const SPACES = 0x20202020;
/** The high bit of each byte of a word. */
const HIGHS = 0x80808080 | 0;

/**
 * Nonzero when a byte of `v ^ byte * ONES` is zero, that is when word `v`
 * holds the byte `x` was made from: the borrow of `x - ONES` reaches a
 * byte's high bit only through a zero byte (`~x` drops bytes whose own
 * high bit was set). A word without that byte gives 0.
 */
function zeroByte(x: number): number {
  return ((x - ONES) & ~x) & HIGHS;
}

/**
 * The first word from `w` (a word index) holding a quote or a backslash:
 * the text of a string up to there needs no look.
 */
function plainWords(words: Uint32Array, w: number): number {
  const n = words.length;
  while (w < n) {
    const v = words[w] | 0;
    if ((zeroByte(v ^ 0x22222222) | zeroByte(v ^ 0x5c5c5c5c)) !== 0) break;
    w++;
  }
  return w;
}

/**
 * The first word from `w` holding a quote or a bracket of either kind:
 * between strings, nothing else changes the depth. `[` and `{` differ in
 * one bit (0x20), as do `]` and `}`; no other byte ORed with 0x20 gives
 * either.
 */
function quietWords(words: Uint32Array, w: number): number {
  const n = words.length;
  while (w < n) {
    const v = words[w] | 0;
    const x = v | 0x20202020;
    if (
      (zeroByte(v ^ 0x22222222) | zeroByte(x ^ 0x7b7b7b7b) |
        zeroByte(x ^ 0x7d7d7d7d)) !== 0
    ) break;
    w++;
  }
  return w;
}

/** Walks one document's bytes. */
class Scanner {
  i = 0;
  /**
   * The bytes four at a time (empty when they do not start on a multiple
   * of four): long strings and indentation are passed a word per step.
   */
  readonly words: Uint32Array;
  constructor(readonly b: Uint8Array) {
    this.words = b.byteOffset % 4 === 0
      ? new Uint32Array(b.buffer, b.byteOffset, b.length >> 2)
      : new Uint32Array(0);
  }

  ws(): void {
    const b = this.b;
    const words = this.words;
    let i = this.i;
    for (;;) {
      const c = b[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        // Indentation: four spaces a step.
        if ((++i & 3) === 0) {
          let w = i >> 2;
          while (w < words.length && words[w] === SPACES) w++;
          i = w << 2;
        }
      } else break;
    }
    this.i = i;
  }

  expect(c: number): void {
    const d = this.b[this.i];
    if (d !== c) throw d === undefined ? new CutShort() : new NotTaken();
    this.i++;
  }

  /** Past the string whose opening quote is at `from`: its end. */
  stringEnd(from: number): number {
    const b = this.b;
    const words = this.words;
    let i = from + 1;
    for (;;) {
      if ((i & 3) === 0) i = plainWords(words, i >> 2) << 2;
      const c = b[i++];
      if (c === QUOTE) return i;
      if (c === BACKSLASH) i++; // the escaped byte, a quote or not
      else if (c === undefined) throw new CutShort();
    }
  }

  string(): Span {
    if (this.b[this.i] !== QUOTE) this.expect(QUOTE);
    const start = this.i;
    this.i = this.stringEnd(start);
    return [start, this.i];
  }

  /** Skips any value; its span. */
  value(): Span {
    const b = this.b;
    const start = this.i;
    const c = b[start];
    if (c === QUOTE) return this.string();
    if ((c | 0x20) === OPEN_OBJ) {
      const words = this.words;
      let i = start + 1;
      let depth = 1;
      const n = b.length;
      // Most bytes between strings are indentation: one test passes them.
      // `[` and `{` differ in one bit (0x20), as do `]` and `}`.
      while (i < n) {
        if ((i & 3) === 0) i = quietWords(words, i >> 2) << 2;
        const d = b[i++];
        if (d <= COMMA) {
          if (d !== QUOTE) continue;
          // Inline, not a call: a spec has a string every few bytes.
          for (;;) {
            if ((i & 3) === 0) i = plainWords(words, i >> 2) << 2;
            const e = b[i++];
            if (e === QUOTE) break;
            if (e === BACKSLASH) i++;
            else if (e === undefined) throw new CutShort();
          }
        } else if ((d | 0x20) === OPEN_OBJ) depth++;
        else if ((d | 0x20) === CLOSE_OBJ && --depth === 0) {
          this.i = i;
          return [start, i];
        }
      }
      throw new CutShort();
    }
    // A number, true, false or null: up to the next delimiter.
    let i = start;
    for (;;) {
      const d = b[i];
      if (
        d === undefined || d === COMMA || (d | 0x20) === CLOSE_OBJ ||
        d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09
      ) break;
      i++;
    }
    if (i === start) throw c === undefined ? new CutShort() : new NotTaken();
    this.i = i;
    return [start, i];
  }

  /**
   * Calls `member` with each key's span of the object starting here, when
   * the value is next; `member` must consume the value.
   */
  members(member: (key: Span) => void): void {
    this.expect(OPEN_OBJ);
    this.ws();
    if (this.b[this.i] === CLOSE_OBJ) {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      const k = this.string();
      this.ws();
      this.expect(COLON);
      this.ws();
      member(k);
      this.ws();
      const c = this.b[this.i++];
      if (c === CLOSE_OBJ) return;
      if (c !== COMMA) throw c === undefined ? new CutShort() : new NotTaken();
    }
  }

  /**
   * A key's text for comparing with field names ({@link FIELD_NAMES}): the
   * name it spells, `x-` for any extension, else a text no field has. The
   * key is matched on its bytes, never copied into a string (building each
   * key a character at a time was an eighth of the scan, and its garbage
   * more). A key with an escape is not taken (`"g\u0065t"` is `get`).
   */
  key([s, e]: Span): string {
    const b = this.b;
    const from = s + 1, to = e - 1;
    for (let i = from; i < to; i++) {
      if (b[i] === BACKSLASH) throw new NotTaken();
    }
    if (to - from >= 2 && b[from] === 0x78 && b[from + 1] === 0x2d) {
      return "x-";
    }
    const names = BY_LENGTH[to - from];
    if (names === undefined) return "\0";
    next: for (let n = 0; n < names.length; n++) {
      const name = names[n];
      for (let i = 0; i < name.length; i++) {
        if (b[from + i] !== name.charCodeAt(i)) continue next;
      }
      return name;
    }
    return "\0";
  }
}

/**
 * Every field name the outline compares keys with (all ASCII, none with a
 * character JSON escapes), by length.
 */
const FIELD_NAMES = [
  ...DROPPED_TOP,
  ...PATH_MAPS,
  ...OPERATION_FIELDS,
  ...WHOLE_ITEM_FIELDS,
  ...LISTED_OP_FIELDS,
];
const BY_LENGTH: string[][] = [];
for (const name of new Set(FIELD_NAMES)) {
  (BY_LENGTH[name.length] ??= []).push(name);
}
for (let i = 0; i < BY_LENGTH.length; i++) BY_LENGTH[i] ??= [];

/**
 * The outline of the JSON document in `bytes` as UTF-8 bytes, or null when
 * it is not a JSON object this scan takes (YAML, broken structure, a
 * UTF-16 file, no `paths`). A UTF-8 byte order mark is left out.
 */
export function jsonOutline(bytes: Uint8Array): Uint8Array | null {
  try {
    return outline(bytes, null);
  } catch (err) {
    if (err instanceof NotTaken) return null;
    throw err;
  }
}

/** The outline of the first bytes of a JSON document ({@link jsonOutlineHead}). */
export interface OutlineHead {
  /** An outline document: the path items read whole, `paths` closed after them. */
  outline: Uint8Array;
  /** Path items it keeps. */
  paths: number;
  /**
   * Whether their keys came in the list's order (code-point order, ASCII
   * keys without escapes): a document written sorted, whose rest is likely
   * to sort after them.
   */
  sorted: boolean;
}

/** Where the last whole path item of `paths` ended in an outline. */
interface HeadCut {
  /** Pieces of the outline up to it. */
  pieces: number;
  paths: number;
  sorted: boolean;
  /** The last path key's span (its quotes included). */
  last: Span | null;
  /** The outline's pieces, all of them. */
  out: Piece[];
}

/**
 * The outline of the path items a JSON document's first bytes hold whole
 * (`bytes`, cut anywhere: in a string, an escape, a key, a UTF-8 sequence),
 * the members before `paths` kept as {@link jsonOutline} keeps them: the
 * first rows of a large file, listed before the rest is read. Null when the
 * bytes end before `paths` holds a whole path item, or are not a JSON
 * object this scan takes, or hold the whole document (read it whole). A
 * path item is kept only once its closing brace is read, so no cut value
 * is ever in the outline.
 */
export function jsonOutlineHead(bytes: Uint8Array): OutlineHead | null {
  const cut: HeadCut = {
    pieces: 0,
    paths: 0,
    sorted: true,
    last: null,
    out: [],
  };
  try {
    outline(bytes, cut);
    return null; // the whole document
  } catch (err) {
    if (!(err instanceof CutShort)) {
      if (err instanceof NotTaken) return null;
      throw err;
    }
  }
  if (!cut.paths) return null;
  const out = cut.out.slice(0, cut.pieces);
  out.push("}}"); // `paths`, then the document
  return {
    outline: joinPieces(bytes, out),
    paths: cut.paths,
    sorted: cut.sorted,
  };
}

/**
 * The outline of `bytes` (see {@link jsonOutline}); with `head`, each
 * whole path item of `paths` is noted there, for a cut short scan.
 */
function outline(
  bytes: Uint8Array,
  head: HeadCut | null,
): Uint8Array | null {
  const s = new Scanner(bytes);
  s.i = utf8BomLength(bytes);
  const out: Piece[] = head ? head.out : [];
  let paths = false;
  s.ws();
  out.push("{");
  let first = true;
  s.members((k) => {
    const key = s.key(k);
    if (droppedTop(key)) return void s.value();
    if (!first) out.push(",");
    first = false;
    out.push(k, ":");
    if (PATH_MAPS.has(key) && s.b[s.i] === OPEN_OBJ) {
      const isPaths = key === "paths";
      paths ||= isPaths;
      pathMap(s, out, isPaths ? head : null);
    } else out.push(s.value());
  });
  out.push("}");
  s.ws();
  if (s.i !== bytes.length) return null; // more after the document
  return paths ? joinPieces(bytes, out) : null;
}

/**
 * Whether key `k` (a span with its quotes) is ASCII without escapes: its
 * bytes sort as the list sorts its text. (UTF-8's byte order is code-point
 * order, RFC 3629 §1, but the list sorts by UTF-16 units, which differ past
 * U+FFFF; and an escape's bytes are not its character's.)
 */
function plainKey(bytes: Uint8Array, [s, e]: Span): boolean {
  for (let i = s + 1; i < e - 1; i++) {
    if (bytes[i] >= 0x80 || bytes[i] === BACKSLASH) return false;
  }
  return true;
}

/** Whether plain key `b` sorts after plain key `a` ({@link plainKey}). */
function sortsAfter(bytes: Uint8Array, a: Span, b: Span): boolean {
  const n = Math.min(a[1] - a[0], b[1] - b[0]) - 1;
  for (let i = 1; i < n; i++) {
    const x = bytes[a[0] + i], y = bytes[b[0] + i];
    if (x !== y) return y > x;
  }
  // One is a prefix of the other (the closing quote is reached first).
  return b[1] - b[0] > a[1] - a[0];
}

/**
 * A `paths` or `webhooks` map: each path item cut down to its operations
 * (and `$ref`), each operation to the fields a list entry reads. Path keys
 * are copied, never compared: an escape there is fine.
 */
function pathMap(s: Scanner, out: Piece[], head: HeadCut | null): void {
  out.push("{");
  let firstPath = true;
  s.members((p) => {
    if (head) {
      head.sorted &&= plainKey(s.b, p) &&
        (!head.last || sortsAfter(s.b, head.last, p));
      head.last = p;
    }
    if (!firstPath) out.push(",");
    firstPath = false;
    out.push(p, ":");
    if (s.b[s.i] !== OPEN_OBJ) return void out.push(s.value());
    out.push("{");
    let firstField = true;
    s.members((f) => {
      const field = s.key(f);
      const op = OPERATION_FIELDS.has(field);
      if (!op && !WHOLE_ITEM_FIELDS.has(field)) return void s.value();
      if (!firstField) out.push(",");
      firstField = false;
      out.push(f, ":");
      if (!op || s.b[s.i] !== OPEN_OBJ) return void out.push(s.value());
      out.push("{");
      let firstOpField = true;
      s.members((o) => {
        const opField = s.key(o);
        const v = s.value();
        if (!LISTED_OP_FIELDS.has(opField)) return;
        if (!firstOpField) out.push(",");
        firstOpField = false;
        out.push(o, ":", v);
      });
      out.push("}");
    });
    out.push("}");
    if (head) {
      head.pieces = out.length;
      head.paths++;
    }
  });
  out.push("}");
}
