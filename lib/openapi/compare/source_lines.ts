/**
 * Where a change is written: the line of a JSON pointer (RFC 6901) in a
 * document's text, so an annotation can sit on the line a reviewer reads
 * (GitHub shows a workflow's annotations beside the file's lines in a pull
 * request). The document has been parsed already; this reads its text
 * again only along the pointers asked for.
 *
 * - JSON: exact, on the text the parser read (comments blanked, so lines
 *   hold). A key written twice is read where `JSON.parse` reads it, at its
 *   last place.
 * - YAML: block style by lines and indentation (YAML 1.2.2 §8.2.1, §8.2.2:
 *   a mapping's keys share its indent; a value's lines are indented deeper,
 *   or a block sequence's `-` lines sit at its key's indent). Where the
 *   text says more than lines can tell (flow style, an alias, a merge key,
 *   a key written with escapes or a complex key), the walk stops there.
 *
 * A pointer whose end is not found gives the line of the deepest node on
 * its way that is (a removed operation: its path, else `paths`); only the
 * document's root gives no line.
 */
import { jsonValueEnd, skipJsonWs } from "../../shared/json_scan.ts";
import { jsonStringEnd } from "../../shared/parse_error.ts";

/** Lines of pointers in one document's text. */
export interface SourceLines {
  /**
   * The 1-based line of `pointer`'s node (a member's key, an item's
   * start), else of the deepest node on its way; undefined when only the
   * root is found.
   */
  line(pointer: string): number | undefined;
}

/** The segments of an RFC 6901 pointer (`~1` is `/`, `~0` is `~`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) =>
    s.includes("~") ? s.replace(/~1/g, "/").replace(/~0/g, "~") : s
  );
}

/** A pointer segment that names an array item: `0`, `12`, never `01`. */
const INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

/** Line starts of `text`, for offsets to lines by binary search. */
function lineStarts(text: string): Int32Array {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  const starts = new Int32Array(n);
  let k = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    starts[k++] = i + 1;
  }
  return starts;
}

/** The 0-based line holding `offset`. */
function lineAt(starts: Int32Array, offset: number): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** {@link SourceLines} of `text`, JSON or YAML as the parser read it. */
export function sourceLines(
  text: string,
  syntax: "json" | "yaml",
): SourceLines {
  return syntax === "json" ? jsonLines(text) : yamlLines(text);
}

/** A node found: where its line is taken from, and where its value starts. */
interface Found {
  /** Offset (JSON) or line (YAML) the node's line is read at. */
  at: number;
  /** Where its value starts (JSON offset), or the YAML node. */
  value: number;
}

function jsonLines(text: string): SourceLines {
  let starts: Int32Array | null = null;
  // Members and items of each container walked, by its offset: pointers
  // share long prefixes, so each container is stepped over once.
  const members = new Map<number, Map<string, Found>>();
  const items = new Map<number, number[]>();

  const membersOf = (open: number): Map<string, Found> => {
    let m = members.get(open);
    if (m) return m;
    m = new Map();
    let i = skipJsonWs(text, open + 1);
    while (text[i] === '"') {
      const end = jsonStringEnd(text, i);
      if (end < 0) break;
      const raw = text.slice(i + 1, end - 1);
      const key = raw.includes("\\") ? JSON.parse(text.slice(i, end)) : raw;
      const colon = skipJsonWs(text, end);
      if (text[colon] !== ":") break;
      const value = skipJsonWs(text, colon + 1);
      m.set(key, { at: i, value }); // the last of a key written twice wins
      i = skipJsonWs(text, jsonValueEnd(text, value));
      if (text[i] !== ",") break;
      i = skipJsonWs(text, i + 1);
    }
    members.set(open, m);
    return m;
  };
  const itemsOf = (open: number): number[] => {
    let list = items.get(open);
    if (list) return list;
    list = [];
    let i = skipJsonWs(text, open + 1);
    while (i < text.length && text[i] !== "]") {
      list.push(i);
      i = skipJsonWs(text, jsonValueEnd(text, i));
      if (text[i] !== ",") break;
      i = skipJsonWs(text, i + 1);
    }
    items.set(open, list);
    return list;
  };

  return {
    line(pointer) {
      let value = skipJsonWs(text, 0);
      let at = -1;
      for (const seg of pointerSegments(pointer)) {
        const c = text[value];
        let next: Found | undefined;
        if (c === "{") next = membersOf(value).get(seg);
        else if (c === "[" && INDEX.test(seg)) {
          const item = itemsOf(value)[Number(seg)];
          if (item !== undefined) next = { at: item, value: item };
        }
        if (!next) break;
        ({ at, value } = next);
      }
      if (at < 0) return undefined;
      starts ??= lineStarts(text);
      return lineAt(starts, at) + 1;
    },
  };
}

/** A YAML mapping's member: its key's line and its value's node. */
interface Member {
  line: number;
  node: Found | null;
}

const SPACE = 0x20, HASH = 0x23, DASH = 0x2d, TAB = 0x09, CR = 0x0d;

/**
 * YAML by lines. A node is a place where block content starts: a line and
 * a column. A mapping there has its first key at that column and its other
 * keys at the start of later lines indented exactly so; a sequence, its
 * `-` there and on such lines.
 */
function yamlLines(text: string): SourceLines {
  const starts = lineStarts(text);
  const count = starts.length;
  const lineEnd = (l: number) =>
    l + 1 < count ? starts[l + 1] - 1 : text.length;
  // Each line's indent, or -1 for a line with no content (blank, a
  // comment, a document marker or directive).
  const indents = new Int32Array(count);
  for (let l = 0; l < count; l++) {
    let i = starts[l];
    const end = lineEnd(l);
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    const c = text.charCodeAt(i);
    const blank = i >= end || c === HASH || c === CR ||
      (c === TAB && /^\t*(?:#|\r?$)/.test(text.slice(i, end))) ||
      (i === starts[l] && /^(?:---|\.\.\.|%)(?:\s|$)/.test(text.slice(i, end)));
    indents[l] = blank ? -1 : i - starts[l];
  }
  const members = new Map<string, Map<string, Member>>();
  const items = new Map<string, Found[]>();

  /** The block node after a key or `-` that ends line `l`, whose own indent is `indent`. */
  const blockAfter = (
    l: number,
    indent: number,
    key: boolean,
  ): Found | null => {
    for (let j = l + 1; j < count; j++) {
      const n = indents[j];
      if (n < 0) continue;
      if (n > indent) return { at: j, value: starts[j] + n };
      // A block sequence may sit at its key's own indent (§8.2.1); after
      // an empty item, a `-` there is the next item.
      if (key && n === indent && isDash(starts[j] + n, lineEnd(j))) {
        return { at: j, value: starts[j] + n };
      }
      return null;
    }
    return null;
  };
  const isDash = (i: number, end: number) =>
    text.charCodeAt(i) === DASH &&
    (i + 1 >= end || text.charCodeAt(i + 1) === SPACE ||
      text.charCodeAt(i + 1) === CR);

  /**
   * The value of what starts at offset `i` of line `l` (after a key's `:`
   * or a `-`), `indent` the column of that key or dash: on the same line,
   * or the block below when only an anchor, a tag or a comment is left.
   */
  const valueAt = (
    l: number,
    i: number,
    indent: number,
    key = true,
  ): Found | null => {
    const end = lineEnd(l);
    let k = i;
    for (;;) {
      while (k < end && text.charCodeAt(k) === SPACE) k++;
      const c = text[k];
      if (k >= end || c === "#" || c === "\r") {
        return blockAfter(l, indent, key);
      }
      if (c !== "&" && c !== "!") break;
      while (k < end && text.charCodeAt(k) !== SPACE) k++; // &anchor, !tag
    }
    return { at: l, value: k };
  };

  /** The key written at offset `i` and where its `:` is, or null. */
  const keyAt = (at: number, end: number): [string, number] | null => {
    let i = at;
    // An anchor or a tag before the key (`&x b: 1`) is the key's, not it.
    while (text[i] === "&" || text[i] === "!") {
      while (i < end && text.charCodeAt(i) !== SPACE) i++;
      while (i < end && text.charCodeAt(i) === SPACE) i++;
    }
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      let key = "";
      let escaped = false;
      for (; j < end; j++) {
        const d = text[j];
        if (d === c) {
          if (c === "'" && text[j + 1] === "'") {
            key += "'";
            j++;
            continue;
          }
          break;
        }
        if (c === '"' && d === "\\") {
          escaped = true;
          key += d + (text[++j] ?? "");
          continue;
        }
        key += d;
      }
      if (j >= end) return null;
      // Escapes as JSON writes them (`\u00e9`, `\"`); YAML's others
      // (`\x`, `\N`) are not read here.
      if (escaped) {
        try {
          key = JSON.parse(`"${key}"`);
        } catch {
          return null;
        }
      }
      let k = j + 1;
      while (k < end && text.charCodeAt(k) === SPACE) k++;
      return text[k] === ":" ? [key, k] : null;
    }
    if ("{[?&*!|>%@`".includes(c)) return null;
    // A plain key ends at the first `: ` (or `:` at the line's end).
    for (let j = i; j < end; j++) {
      if (text[j] === "#" && text.charCodeAt(j - 1) === SPACE) return null;
      if (
        text[j] === ":" &&
        (j + 1 >= end || text.charCodeAt(j + 1) === SPACE ||
          text.charCodeAt(j + 1) === CR)
      ) {
        return [text.slice(i, j).trimEnd(), j];
      }
    }
    return null;
  };

  /**
   * The lines of a block node's entries, with where each entry starts: the
   * node's own, then each later line at its column, until one less
   * indented (deeper lines are the entries' content).
   */
  function* entries(node: Found): Generator<[number, number]> {
    yield [node.at, node.value];
    const col = node.value - starts[node.at];
    for (let l = node.at + 1; l < count; l++) {
      const n = indents[l];
      if (n < 0 || n > col) continue;
      if (n < col) return;
      yield [l, starts[l] + n];
    }
  }

  const membersOf = (node: Found): Map<string, Member> => {
    const id = `${node.at}:${node.value}`;
    let m = members.get(id);
    if (m) return m;
    m = new Map();
    const col = node.value - starts[node.at];
    for (const [l, i] of entries(node)) {
      const end = lineEnd(l);
      if (l > node.at && isDash(i, end)) continue; // a sequence under a key
      const key = keyAt(i, end);
      if (!key) {
        // The node's own line is no mapping (a scalar, flow style) unless
        // it holds a key this reader cannot spell: then its siblings are
        // still read.
        if (l === node.at && !/:(?:[ \t]|\r?$)/.test(text.slice(i, end))) break;
        continue;
      }
      // A merge key's members are another node's: not followed.
      if (key[0] !== "<<") {
        m.set(key[0], { line: l, node: valueAt(l, key[1] + 1, col) });
      }
    }
    members.set(id, m);
    return m;
  };

  const itemsOf = (node: Found): Found[] => {
    const id = `${node.at}:${node.value}`;
    let list = items.get(id);
    if (list) return list;
    list = [];
    for (const [l, i] of entries(node)) {
      if (!isDash(i, lineEnd(l))) break;
      list.push({ at: l, value: i + 1 });
    }
    items.set(id, list);
    return list;
  };

  return {
    line(pointer) {
      // The root: the first line with content at column 0.
      let node: Found | null = null;
      for (let l = 0; l < count; l++) {
        if (indents[l] >= 0) {
          node = { at: l, value: starts[l] + indents[l] };
          break;
        }
      }
      let line = -1;
      for (const seg of pointerSegments(pointer)) {
        if (!node) break;
        const end = lineEnd(node.at);
        let next: Found | null | undefined;
        let at = -1;
        if (isDash(node.value, end)) {
          if (!INDEX.test(seg)) break;
          const item = itemsOf(node)[Number(seg)];
          if (!item) break;
          at = item.at;
          next = valueAt(
            item.at,
            item.value,
            node.value - starts[node.at],
            false,
          );
        } else {
          const member = membersOf(node).get(seg);
          if (!member) break;
          at = member.line;
          next = member.node;
        }
        line = at;
        node = next ?? null;
      }
      return line < 0 ? undefined : line + 1;
    },
  };
}
