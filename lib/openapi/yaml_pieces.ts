/**
 * A large block-style YAML mapping read in pieces: the members of the top
 * level, and of its large members two levels down at most (`paths`,
 * `components` and its `schemas`), are loaded a run of a few kilobytes at
 * a time and put together in the document's order. js-yaml reads a whole
 * document into one list of events before it builds a value; cold, a 3 MB
 * spec read in pieces took 240-345 ms against 315-405 ms whole (OpenAI's,
 * in Deno), and a reader can stop between pieces to answer something
 * else, or load only the members it needs ({@link YamlPieces.view}).
 *
 * The pieces are cut by lines and indentation, as the outline is
 * (outline_yaml.ts): in a block mapping, everything a member holds sits on
 * its key's line or on lines indented deeper, or on a block sequence's
 * `-` lines at the key's own indent (YAML 1.2.2 §8.2.1, §8.2.2). A piece
 * is its lines copied as they are, so it reads as it does in the whole.
 * What a piece cannot read alone makes the read fail here, and the caller
 * reads the document whole, as before: an alias to an anchor of another
 * piece (unidentified), a duplicate key across pieces, a merge key (`<<`)
 * where pieces are cut, directives or a second document, and anything not
 * a plain mapping where it is cut.
 */
import { drain } from "../shared/steps.ts";

/**
 * Loads one piece: `text` is a mapping of one or more members, found
 * `depth` mappings below the document's root (so a nesting limit can count
 * the levels above it). Throws when the piece does not read.
 */
export type LoadPiece = (text: string, depth: number) => unknown;

/** Options of {@link YamlPieces.plan}. */
export interface PiecesOptions {
  /**
   * Characters of a piece: a member longer than this is cut into its
   * members, and shorter ones are read together up to about this many.
   */
  pieceChars: number;
  /** Levels below the root that are cut at most (2: `components/schemas`). */
  maxDepth: number;
}

/** How a document is cut by default: pieces of about 16 kB. */
export const PIECES: Readonly<PiecesOptions> = Object.freeze({
  pieceChars: 16_384,
  maxDepth: 2,
});

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;

/**
 * Characters a member's line cannot start with here (no plain key starts
 * so, YAML 1.2.2 §7.3.3): a sequence, a flow collection, a complex key, a
 * node's properties, a block scalar, a directive, an alias.
 */
const NOT_MEMBER = new Set([..."-?[]{}&*!|>%@`,"].map((c) => c.charCodeAt(0)));

/** A plain key that loads as its own text (not null, a boolean or a number). */
const PLAIN_KEY = /^[A-Za-z_$/][^:#]*$/;
const SPECIAL_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/** A merge tag: by name, or written with `%` escapes (YAML 1.2.2 §6.8.2). */
const MERGE_TAG = /!!merge|2002:merge|![^\s!]*%/;

/**
 * Text that may be an alias node: `*` then a name, where a node starts.
 * Wider than the grammar (a `*word*` in a plain scalar matches too): a
 * false match only costs details answered from pieces.
 */
const MAY_ALIAS = /(?:^|[\s[{,:-])\*[^\s,[\]{}*]/m;

/** Thrown where the document is not one this cut takes. */
class NotCut extends Error {}

/**
 * Thrown by a {@link YamlPieces.view} member that does not read alone, or
 * reads otherwise than its text said: only the whole read can tell.
 */
export class PieceError extends Error {}

interface Line {
  start: number;
  next: number;
  /** Spaces before its first character (YAML indents with spaces only). */
  indent: number;
  /** False for a line of white space, or a comment after it. */
  content: boolean;
  /** A tab between its indent and its first character (content lines). */
  tabbed: boolean;
}

function lineAt(text: string, at: number): Line {
  let next = text.indexOf("\n", at);
  next = next < 0 ? text.length : next + 1;
  let i = at;
  while (text.charCodeAt(i) === SPACE) i++;
  const indent = i - at;
  // Tabs are white space after the indent (YAML 1.2.2 §6.1): a line of
  // them is blank, but where they lead content, what the indent is only
  // js-yaml can tell.
  while (text.charCodeAt(i) === TAB || text.charCodeAt(i) === SPACE) i++;
  const c = text.charCodeAt(i);
  const content = i < next && c !== NL && c !== CR && c !== HASH;
  return { start: at, next, indent, content, tabbed: i - at > indent };
}

/** `-` then white space or the line's end: a block sequence entry. */
function isDash(text: string, l: Line): boolean {
  const i = l.start + l.indent;
  const d = text.charCodeAt(i + 1);
  return text.charCodeAt(i) === 0x2d &&
    (d === SPACE || d === TAB || d === NL || d === CR || Number.isNaN(d));
}

/** `---` or `...` (three of `c`) then white space or the line's end. */
function marker(text: string, at: number, c: string): boolean {
  if (!text.startsWith(c.repeat(3), at)) return false;
  const d = text.charCodeAt(at + 3);
  return Number.isNaN(d) || d === SPACE || d === TAB || d === NL || d === CR;
}

/** A member of a mapping that is cut: its lines `[start, end)`. */
interface Member {
  start: number;
  end: number;
  indent: number;
  /**
   * Its key as its text says, when that is surely what it loads as (a
   * plain key, or a quoted one without escapes); else null.
   */
  key: string | null;
  /** Its own members, when it is cut too. */
  inner: Member[] | null;
}

/** White space or a line's end after a colon: a key's end (§7.4). */
function endsKey(d: number): boolean {
  return d === SPACE || d === TAB || d === NL || d === CR || Number.isNaN(d);
}

/**
 * The implicit key that starts line `l`: where its colon is, and its text
 * when that surely is what it loads as (a plain key, or a quoted one
 * without escapes); null when the line starts no key. Scanned, not
 * matched: a backtracking pattern took seconds on a line of spaces.
 */
function keyOf(
  text: string,
  l: Line,
): { colon: number; name: string | null } | null {
  const at = l.start + l.indent;
  const end = l.next;
  const q = text[at];
  if (q === '"' || q === "'") {
    let escaped = false;
    let i = at + 1;
    for (; i < end; i++) {
      const c = text[i];
      if (c === "\n") return null;
      if (q === '"' && c === "\\") {
        escaped = true;
        i++;
      } else if (c === q) {
        if (q === "'" && text[i + 1] === "'") {
          escaped = true;
          i++;
        } else break;
      }
    }
    if (i >= end) return null;
    const close = i;
    i++;
    while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
    if (text[i] !== ":" || !endsKey(text.charCodeAt(i + 1))) return null;
    return { colon: i, name: escaped ? null : text.slice(at + 1, close) };
  }
  let colon = text.indexOf(":", at);
  while (colon >= 0 && colon < end && !endsKey(text.charCodeAt(colon + 1))) {
    colon = text.indexOf(":", colon + 1);
  }
  if (colon < 0 || colon >= end) return null;
  let e = colon;
  while (
    e > at &&
    (text.charCodeAt(e - 1) === SPACE || text.charCodeAt(e - 1) === TAB)
  ) e--;
  const name = text.slice(at, e);
  const sure = PLAIN_KEY.test(name) && !SPECIAL_KEY.test(name) &&
    !/[ \t]#/.test(name);
  return { colon, name: sure ? name : null };
}

/**
 * Whether member `m` (key `key`) is a block mapping to cut: its key alone
 * on its line (a comment may follow), its value on deeper lines that do
 * not start a sequence or anything but a key.
 */
function cuttable(text: string, m: Member, key: string | null): boolean {
  if (key === null || !/^[\w$.-]+$/.test(key)) return false;
  const first = lineAt(text, m.start);
  const line = text.slice(first.start + m.indent, first.next);
  if (!/^[^:#\s]+:(?:[ \t]+#.*|[ \t]*)\r?\n?$/.test(line)) return false;
  for (let at = first.next; at < m.end;) {
    const l = lineAt(text, at);
    at = l.next;
    if (!l.content) continue;
    if (l.indent <= m.indent) return false;
    return !NOT_MEMBER.has(text.charCodeAt(l.start + l.indent));
  }
  return false; // no value lines: the member is null, read as it is
}

/**
 * The members of the mapping in `[from, to)`, nested deeper than `parent`
 * and `depth` levels below the root, with those to cut cut.
 */
function plan(
  text: string,
  from: number,
  to: number,
  parent: number,
  depth: number,
  opts: PiecesOptions,
): Member[] {
  const out: Member[] = [];
  let indent = -1;
  for (let at = from; at < to;) {
    const l = lineAt(text, at);
    at = l.next;
    if (!l.content) continue;
    if (indent < 0) {
      if (l.tabbed || l.indent <= parent) throw new NotCut();
      indent = l.indent;
    }
    // A deeper line is the member's, whatever follows its indent (a tab in
    // a block scalar's text); where a member may start, a tab after the
    // indent is left to js-yaml.
    if (l.indent > indent) continue;
    if (l.tabbed) throw new NotCut();
    if (l.indent < indent) throw new NotCut();
    if (isDash(text, l)) {
      if (out.length === 0) throw new NotCut(); // a sequence, not a mapping
      continue; // a compact sequence: the member above's value
    }
    const c = text.charCodeAt(l.start + l.indent);
    if (NOT_MEMBER.has(c) || text.startsWith("<<", l.start + l.indent)) {
      throw new NotCut();
    }
    if (indent === 0 && marker(text, l.start, ".")) throw new NotCut();
    // A member is a key and its value: a line of anything else (a scalar
    // going on at its key's indent) is not cut here.
    const key = keyOf(text, l);
    if (!key) throw new NotCut();
    if (out.length) out[out.length - 1].end = l.start;
    out.push({ start: l.start, end: to, indent, key: key.name, inner: null });
  }
  const keys = new Set<string>();
  for (const m of out) {
    if (m.key !== null) {
      if (keys.has(m.key)) throw new NotCut(); // the whole read says how
      keys.add(m.key);
    }
    if (
      depth < opts.maxDepth && m.end - m.start > opts.pieceChars &&
      cuttable(text, m, m.key)
    ) {
      const body = lineAt(text, m.start).next;
      try {
        m.inner = plan(text, body, m.end, m.indent, depth + 1, opts);
      } catch (err) {
        // Not cut there (a scalar on its own lines, say): read whole.
        if (!(err instanceof NotCut)) throw err;
      }
    }
  }
  return out;
}

/** Sets `key` as js-yaml does (`__proto__` as an own property). */
function setOwn(o: Record<string, unknown>, key: string, value: unknown) {
  if (Object.hasOwn(o, key)) throw new NotCut(); // the whole read says how
  Object.defineProperty(o, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** The members `piece` loaded as, one key each, or a throw. */
function entries(value: unknown, count: number): [string, unknown][] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new PieceError("not a mapping");
  }
  // One key a member: fewer means a merge key or an alias took some.
  const e = Object.entries(value);
  if (e.length !== count) throw new PieceError("members merged");
  return e;
}

/** A YAML document planned to be read in pieces. */
export class YamlPieces {
  readonly #text: string;
  readonly #top: Member[];
  readonly #chars: number;
  /**
   * False when the text may hold an alias (`*name` where a node starts):
   * one to an anchor of another member would not read alone, and a view
   * that met it deep in a schema tree could not answer. The whole read
   * handles them; a view is offered only without them.
   */
  readonly viewable: boolean;

  private constructor(text: string, top: Member[], chars: number) {
    this.#text = text;
    this.#top = top;
    this.#chars = chars;
    this.viewable = !MAY_ALIAS.test(text);
  }

  /**
   * Plans `text` (no byte order mark); null when it is not read in pieces
   * here: too small to gain, or not a block mapping this cut takes.
   */
  static plan(text: string, opts: PiecesOptions = PIECES): YamlPieces | null {
    if (text.length <= opts.pieceChars) return null;
    // Merge keys copy members, and js-yaml caps the copies per load call:
    // pieces would each have the whole cap ("billion laughs" documents).
    // Any `<<` (a key `? <<`, an alias to a `<<` scalar), or a merge tag
    // however written (`!!merge`, `%`-escaped), keeps the document whole.
    if (text.includes("<<") || MERGE_TAG.test(text)) return null;
    // A CR not followed by LF breaks a line for YAML (§5.4), but not here.
    for (let r = text.indexOf("\r"); r >= 0; r = text.indexOf("\r", r + 1)) {
      if (text.charCodeAt(r + 1) !== NL) return null;
    }
    let at = 0;
    let started = false;
    for (;;) {
      if (at >= text.length) return null;
      const l = lineAt(text, at);
      if (!l.content) {
        at = l.next;
        continue;
      }
      // A document start marker alone on the first line starts the mapping;
      // a second one starts a second document.
      if (!marker(text, at, "-")) break;
      if (
        started || !/^---[ \t]*(?:#.*)?\r?\n?$/.test(text.slice(at, l.next))
      ) return null;
      started = true;
      at = l.next;
    }
    try {
      const top = plan(text, at, text.length, -1, 0, opts);
      // One member, not cut: nothing to gain.
      if (top.length < 2 && !top[0]?.inner) return null;
      return new YamlPieces(text, top, opts.pieceChars);
    } catch (err) {
      if (err instanceof NotCut) return null;
      throw err;
    }
  }

  /**
   * Reads the whole document with `load`, yielding between pieces: the
   * document, or null when a piece does not read alone (the whole read
   * then words any error).
   */
  *read(load: LoadPiece): Generator<void, Record<string, unknown> | null> {
    const doc: Record<string, unknown> = {};
    try {
      yield* this.#readMembers(this.#top, 0, doc, load);
    } catch {
      // A piece's own error, or what only the whole read can tell.
      return null;
    }
    return doc;
  }

  /** Reads `members` into `into`, a run of about `#chars` at a time. */
  *#readMembers(
    members: Member[],
    depth: number,
    into: Record<string, unknown>,
    load: LoadPiece,
  ): Generator<void, void> {
    let start = -1; // of the run of members not read yet
    let count = 0;
    let end = 0;
    const flush = () => {
      if (count === 0) return;
      const value = load(this.#text.slice(start, end), depth);
      for (const [k, v] of entries(value, count)) setOwn(into, k, v);
      count = 0;
    };
    for (const m of members) {
      if (m.inner) {
        if (count) {
          flush();
          yield;
        }
        const inner: Record<string, unknown> = {};
        setOwn(into, m.key!, inner);
        yield* this.#readMembers(m.inner, depth + 1, inner, load);
        continue;
      }
      if (count === 0) start = m.start;
      count++;
      end = m.end;
      if (end - start >= this.#chars) {
        flush();
        yield;
      }
    }
    flush();
  }

  /**
   * The document as a read-only view that loads each member with `load`
   * the first time it is looked at, alone: what one operation needs of a
   * 3 MB document costs a few of its pieces. The mappings that are cut
   * are proxies; everything else is as the whole read gives it. Looking
   * at a member that does not read alone, or not as its text said, throws
   * (a {@link PieceError}, or the piece's own error).
   */
  view(load: LoadPiece): Record<string, unknown> {
    return this.#view(this.#top, 0, load);
  }

  #view(
    members: Member[],
    depth: number,
    load: LoadPiece,
  ): Record<string, unknown> {
    const text = this.#text;
    const byKey = new Map<string, Member>();
    const unsure: Member[] = [];
    for (const m of members) {
      if (m.key === null) unsure.push(m);
      else byKey.set(m.key, m);
    }
    const values = new Map<string, unknown>();
    const keyOf = new Map<Member, string>(); // of the unsure ones, once read
    const read = (m: Member): [string, unknown] => {
      if (m.inner) return [m.key!, this.#view(m.inner, depth + 1, load)];
      const [[k, v]] = entries(load(text.slice(m.start, m.end), depth), 1);
      if (m.key !== null && k !== m.key) throw new PieceError("another key");
      return [k, v];
    };
    // Members whose text does not surely name their key are read before
    // any key of their mapping is answered: one may be another's duplicate
    // (the whole read then keeps the last, with a warning).
    let unsureRead = unsure.length === 0;
    const readUnsure = () => {
      if (unsureRead) return;
      const read1 = unsure.map(read);
      const keys = new Set(read1.map(([k]) => k));
      if (keys.size < read1.length || [...keys].some((k) => byKey.has(k))) {
        throw new PieceError("a duplicate key");
      }
      read1.forEach(([k, v], i) => {
        values.set(k, v);
        keyOf.set(unsure[i], k);
      });
      unsureRead = true; // only once all read: a throw throws again
    };
    const get = (key: string): unknown => {
      readUnsure();
      if (values.has(key)) return values.get(key);
      const m = byKey.get(key);
      if (!m) return undefined;
      const v = read(m)[1];
      values.set(key, v);
      return v;
    };
    const has = (key: string) => {
      readUnsure();
      return byKey.has(key) || values.has(key);
    };
    const readOnly = () => {
      throw new TypeError("a YAML pieces view is read-only");
    };
    // What is not a member is the target's, a plain object's (`toString`).
    return new Proxy({} as Record<string, unknown>, {
      get: (t, key) =>
        typeof key === "string" && has(key) ? get(key) : Reflect.get(t, key),
      has: (t, key) => (typeof key === "string" && has(key)) || key in t,
      // An accessor: listing the keys (`Object.keys`) loads no member.
      getOwnPropertyDescriptor: (_t, key) =>
        typeof key === "string" && has(key)
          ? { get: () => get(key), enumerable: true, configurable: true }
          : undefined,
      ownKeys: () => {
        readUnsure();
        const keys = members.map((m) => m.key ?? keyOf.get(m)!);
        // In an object's own order: integer-like keys first, as js-yaml's.
        return Object.keys(Object.fromEntries(keys.map((k) => [k, 0])));
      },
      set: readOnly,
      defineProperty: readOnly,
      deleteProperty: readOnly,
      setPrototypeOf: readOnly,
    });
  }
}

/**
 * Reads `text` in pieces with `load`, with no stop between them; null when
 * it is not read in pieces here (see {@link YamlPieces}).
 */
export function readPieces(
  text: string,
  load: LoadPiece,
  opts: PiecesOptions = PIECES,
): Record<string, unknown> | null {
  const steps = YamlPieces.plan(text, opts)?.read(load);
  return steps ? drain(steps) : null;
}
