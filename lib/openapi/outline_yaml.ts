/**
 * The outline (outline.ts) of a YAML document in block style, cut from its
 * UTF-8 bytes by lines and indentation without decoding the rest. In a
 * block mapping, everything a key holds sits on the key's line or on lines
 * indented deeper (YAML 1.2.2 §8.2.2, §8.1.1.1: a value's lines and a block
 * scalar's content are more indented than its key), so a member is its
 * line and the deeper lines after it, whatever they say; blank and comment
 * lines end nothing.
 *
 * Only members are kept or dropped whole, and the lines kept are copied as
 * they are, so what is kept reads as it did. What could make a member mean
 * more than its lines is not taken: a merge key (`<<`) where members are
 * chosen, a key written with escapes, a complex key, flow style or
 * directives where the structure is read, a CR alone as a line break, and
 * any alias in what is kept (its anchor may be left out, or defined again
 * in a part left out).
 */
import {
  droppedTop,
  joinPieces,
  LISTED_OP_FIELDS,
  NotTaken,
  OPERATION_FIELDS,
  PATH_MAPS,
  type Piece,
  WHOLE_ITEM_FIELDS,
} from "./outline.ts";
import { utf8BomLength } from "../shared/bom.ts";

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const COLON = 0x3a;

/** What the lines of one level are cut to. */
type Level = "top" | "paths" | "item" | "op";

/** A line: where it starts, where the next starts, its indent, if content. */
interface Line {
  start: number;
  next: number;
  indent: number;
  /** False for a blank or comment-only line. */
  content: boolean;
}

/** Characters a plain key cannot start with where structure is read. */
const NOT_KEY_START = new Set(
  [..."-?[]{}&*!|>%@`#,\t"].map((c) => c.charCodeAt(0)),
);

class Cutter {
  /** Spans of the input, and lines of text, to join in order. */
  out: Piece[] = [];
  /** Set once a top-level `paths` member is kept: what an outline is for. */
  paths = false;
  constructor(readonly b: Uint8Array) {}

  line(at: number): Line {
    const b = this.b;
    let next = b.indexOf(NL, at);
    next = next < 0 ? b.length : next + 1;
    let i = at;
    while (b[i] === SPACE) i++;
    const c = b[i];
    const content = i < next && c !== NL && c !== CR && c !== HASH;
    return { start: at, next, indent: i - at, content };
  }

  /**
   * The key of a content line and whether anything but a comment follows
   * its colon on the line.
   */
  key(l: Line): { name: string; rest: boolean } {
    const b = this.b;
    let i = l.start + l.indent;
    const end = l.next;
    const q = b[i];
    let nameEnd: number;
    let nameStart = i;
    if (q === 0x22 || q === 0x27) {
      nameStart = i + 1;
      const close = b.indexOf(q, nameStart);
      if (close < 0 || close >= end) throw new NotTaken();
      // An escape (`\` in double quotes, `''` in single ones) changes the text.
      if (q === 0x22 && b.subarray(nameStart, close).includes(0x5c)) {
        throw new NotTaken();
      }
      if (q === 0x27 && b[close + 1] === 0x27) throw new NotTaken();
      nameEnd = close;
      i = close + 1;
      while (b[i] === SPACE || b[i] === TAB) i++;
      if (b[i] !== COLON) throw new NotTaken();
    } else {
      if (NOT_KEY_START.has(q)) throw new NotTaken();
      for (;; i++) {
        if (i >= end) throw new NotTaken();
        const c = b[i];
        if (c === HASH && (b[i - 1] === SPACE || b[i - 1] === TAB)) {
          throw new NotTaken();
        }
        if (c === COLON) {
          // A colon then white space (a space or a tab, YAML 1.2.2 §6.1)
          // or the line's end ends the key.
          const d = b[i + 1];
          if (
            d === SPACE || d === TAB || d === NL || d === CR || d === undefined
          ) break;
        }
      }
      nameEnd = i;
      while (
        nameEnd > nameStart &&
        (b[nameEnd - 1] === SPACE || b[nameEnd - 1] === TAB)
      ) nameEnd--;
    }
    i++; // past the colon
    while (b[i] === SPACE || b[i] === TAB) i++;
    const c = b[i];
    const rest = !(c === undefined || c === NL || c === CR || c === HASH);
    let name = "";
    for (let k = nameStart; k < nameEnd && k - nameStart <= 32; k++) {
      name += String.fromCharCode(b[k]);
    }
    return { name: nameEnd - nameStart > 32 ? "\0" : name, rest };
  }

  /** Whether a content line is a block sequence entry (`-` then a space). */
  dash(l: Line): boolean {
    const i = l.start + l.indent;
    const d = this.b[i + 1];
    return this.b[i] === 0x2d &&
      (d === SPACE || d === NL || d === CR || d === undefined);
  }

  keep(from: number, to: number): void {
    const last = this.out.at(-1);
    if (typeof last === "object" && last[1] === from) last[1] = to;
    else this.out.push([from, to]);
    // The input's last line, without its newline: lines may follow it.
    if (this.b[to - 1] !== NL) this.out.push("\n");
  }

  /**
   * Cuts the members in `[from, to)` of a mapping nested deeper than
   * `parent` (-1 for the document), as `level` says.
   */
  cut(from: number, to: number, parent: number, level: Level): void {
    let indent = -1;
    let at = from;
    while (at < to) {
      const l = this.line(at);
      if (!l.content) {
        at = l.next;
        continue;
      }
      if (indent < 0) {
        if (l.indent <= parent) throw new NotTaken();
        indent = l.indent;
        // An operation keeps a member even when none of its listed fields
        // is there: `get:` alone would read as null, not as an operation.
        if (level === "op") {
          this.out.push(`${" ".repeat(indent)}x-outline: 0\n`);
        }
      }
      if (l.indent !== indent) throw new NotTaken();
      const { name, rest } = this.key(l);
      if (name === "<<") throw new NotTaken();
      let end = l.next;
      while (end < to) {
        const m = this.line(end);
        // A sequence may sit at its key's own indent (YAML 1.2.2 §8.2.1,
        // "compact" block sequences as mapping values): still its value.
        if (
          m.content && (m.indent < indent ||
            (m.indent === indent && !this.dash(m)))
        ) break;
        end = m.next;
      }
      const then = rest ? null : inner(level, name);
      const keep = keeps(level, name);
      if (level === "top" && name === "paths") this.paths = true;
      if (then) {
        this.keep(l.start, l.next);
        this.cut(l.next, end, indent, then);
      } else if (keep) this.keep(l.start, end);
      at = end;
    }
  }
}

/** The level a member's own members are cut at, or null to keep it whole. */
function inner(level: Level, name: string): Level | null {
  if (level === "top" && PATH_MAPS.has(name)) return "paths";
  if (level === "paths") return "item";
  if (level === "item" && OPERATION_FIELDS.has(name)) return "op";
  return null;
}

/** Whether a member kept whole (or cut, see {@link inner}) is kept. */
function keeps(level: Level, name: string): boolean {
  switch (level) {
    case "top":
      return !droppedTop(name);
    case "paths":
      return true;
    case "item":
      return OPERATION_FIELDS.has(name) || WHOLE_ITEM_FIELDS.has(name);
    case "op":
      return LISTED_OP_FIELDS.has(name);
  }
}

/**
 * The outline of the block-style YAML document in `bytes` as UTF-8 bytes,
 * or null when it is not one this cut takes (see above), or has no `paths`.
 */
export function yamlOutline(bytes: Uint8Array): Uint8Array | null {
  // A CR not followed by LF breaks a line for YAML (§5.4), but not here.
  for (let r = bytes.indexOf(CR); r >= 0; r = bytes.indexOf(CR, r + 1)) {
    if (bytes[r + 1] !== NL) return null;
  }
  const c = new Cutter(bytes);
  let at = utf8BomLength(bytes);
  try {
    // A document start marker alone on the first line is kept out: the
    // outline is the one document either way. Directives are not taken.
    for (;;) {
      if (at >= bytes.length) return null;
      const l = c.line(at);
      if (!l.content) {
        at = l.next;
        continue;
      }
      if (bytes[at] === 0x25) return null; // %YAML, %TAG
      if (startsMarker(bytes, at)) {
        // `--- |`, `--- !!str`: the document is that node, not a mapping.
        let k = at + 3;
        while (bytes[k] === SPACE || bytes[k] === TAB) k++;
        const c = bytes[k];
        if (!(c === NL || c === CR || c === HASH || c === undefined)) {
          return null;
        }
        at = l.next;
      }
      break;
    }
    // A second document's `---`, or an end marker `...`, on a line of its
    // own ends the top-level mapping: neither is a key, so the cut stops.
    c.cut(at, bytes.length, -1, "top");
  } catch (err) {
    if (err instanceof NotTaken) return null;
    throw err;
  }
  if (!c.paths) return null;
  const outline = joinPieces(bytes, c.out);
  return hasAlias(outline) ? null : outline;
}

/**
 * Whether `b` may hold an alias node (`*name` where a node starts): an
 * anchor may be defined again in a part left out (js-yaml takes the latest
 * definition, YAML 1.2.2 §7.1), so the alias could read otherwise in the
 * whole document. Block scalars' lines are text (`**bold**` in a summary);
 * other text that only looks like an alias costs the preview, never a
 * wrong one.
 */
function hasAlias(b: Uint8Array): boolean {
  let block = -1; // the indent of a block scalar's key line, while in it
  for (let at = 0; at < b.length;) {
    let next = b.indexOf(NL, at);
    next = next < 0 ? b.length : next + 1;
    let i = at;
    while (b[i] === SPACE) i++;
    const indent = i - at;
    const blank = i >= next - 1 || b[i] === NL || b[i] === CR;
    if (!blank && !(block >= 0 && indent > block)) {
      block = -1;
      let last = -1; // the last character before a comment, not blank
      for (let k = i; k < next; k++) {
        const c = b[k];
        if (c === HASH && (k === i || b[k - 1] === SPACE || b[k - 1] === TAB)) {
          break;
        }
        if (c === 0x2a) {
          const p = last < 0 ? NL : b[last];
          if (
            p === NL || p === COLON || p === 0x2c || p === 0x5b ||
            p === 0x7b || p === 0x2d || p === 0x3f
          ) return true;
        }
        if (c !== SPACE && c !== TAB && c !== NL && c !== CR) last = k;
      }
      // `key: |`, `- >-`: the lines below, deeper, are the scalar's text.
      let e = last;
      while (e > i && b[e] !== SPACE && b[e] !== TAB) e--;
      const ind = b[e + 1];
      const before = b[e - 1];
      if (
        (ind === 0x7c || ind === 0x3e) && e > i &&
        (before === COLON || before === 0x2d)
      ) block = indent;
    }
    at = next;
  }
  return false;
}

/** `---` then white space or the line's end: a document start marker. */
function startsMarker(b: Uint8Array, at: number): boolean {
  if (b[at] !== 0x2d || b[at + 1] !== 0x2d || b[at + 2] !== 0x2d) return false;
  const d = b[at + 3];
  return d === undefined || d === SPACE || d === NL || d === CR || d === TAB;
}
