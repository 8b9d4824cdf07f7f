/**
 * Reading YAML source text beyond what `load` returns: how a scalar was
 * written (`version: 1.0` loads as the number 1; the viewer shows `1.0`),
 * and better locations for two errors js-yaml reports late or not at all
 * (a second document, an unclosed flow collection). Run only in those cases.
 */
import {
  type Event,
  EVENT_ID,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
} from "js-yaml";

/**
 * Deepest nesting of YAML collections read. Real specs rarely pass 50
 * levels; js-yaml recurses per level, and Chromium's worker stack ran out
 * near 1,000 nested flow mappings, so the limit stays well below that.
 */
export const YAML_MAX_DEPTH = 500;

/** Index of the event after the node starting at `i`. */
function skipNode(ev: Event[], i: number): number {
  const t = ev[i].type;
  if (t !== EVENT_ID.MAPPING && t !== EVENT_ID.SEQUENCE) return i + 1;
  let depth = 0;
  for (let j = i; j < ev.length; j++) {
    const u = ev[j].type;
    if (u === EVENT_ID.MAPPING || u === EVENT_ID.SEQUENCE) depth++;
    else if (u === EVENT_ID.POP && --depth === 0) return j + 1;
  }
  return ev.length;
}

/**
 * The node each alias names (the latest node before it with that anchor,
 * YAML 1.2 §3.2.2.2), found in one pass over the events.
 */
function aliasTargets(text: string, ev: Event[]): Map<number, number> {
  const out = new Map<number, number>();
  const latest = new Map<string, number>();
  for (let i = 0; i < ev.length; i++) {
    const e = ev[i];
    if (e.type === EVENT_ID.ALIAS) {
      out.set(i, latest.get(text.slice(e.anchorStart, e.anchorEnd)) ?? -1);
    } else if (
      (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE ||
        e.type === EVENT_ID.SCALAR) && e.anchorEnd > e.anchorStart
    ) latest.set(text.slice(e.anchorStart, e.anchorEnd), i);
  }
  return out;
}

/** Reads mapping keys through aliases and merge keys. */
class Lookup {
  #targets: Map<number, number> | null = null;
  constructor(readonly text: string, readonly ev: Event[]) {}

  /** The node `i` names: an alias's target, else `i` (-1 when none). */
  unalias(i: number): number {
    if (this.ev[i]?.type !== EVENT_ID.ALIAS) return i;
    this.#targets ??= aliasTargets(this.text, this.ev);
    return this.#targets.get(i) ?? -1;
  }

  /**
   * The value node of key `want` in the mapping at `map`, or -1: its own
   * key (the last when written twice), else the first merged mapping that
   * has it (YAML 1.1 merge keys: `<<: *a` or `<<: [*a, *b]`, earlier ones
   * first, explicit keys winning). Each mapping is searched once: merges
   * that fan out through shared anchors cost no more than their mappings.
   */
  valueOf(map: number, want: string, searched = new Set<number>()): number {
    const { text, ev } = this;
    if (ev[map]?.type !== EVENT_ID.MAPPING || searched.has(map)) return -1;
    searched.add(map);
    let found = -1;
    const merged: number[] = [];
    let i = map + 1;
    while (i < ev.length && ev[i].type !== EVENT_ID.POP) {
      const k = ev[i];
      const valueAt = skipNode(ev, i);
      if (k.type === EVENT_ID.SCALAR) {
        const key = getScalarValue(text, k);
        if (key === want) found = valueAt;
        else if (key === "<<" && k.style === SCALAR_STYLE.PLAIN) {
          merged.push(valueAt);
        }
      }
      i = skipNode(ev, valueAt);
    }
    if (found >= 0) return this.unalias(found);
    for (const at of merged) {
      const m = this.unalias(at);
      const parts: number[] = [];
      if (ev[m]?.type === EVENT_ID.SEQUENCE) {
        for (let j = m + 1; j < ev.length && ev[j].type !== EVENT_ID.POP;) {
          parts.push(this.unalias(j));
          j = skipNode(ev, j);
        }
      } else parts.push(m);
      for (const part of parts) {
        const v = this.valueOf(part, want, searched);
        if (v >= 0) return v;
      }
    }
    return -1;
  }
}

/**
 * The source text of the plain scalar at `keys` (mapping keys only), e.g.
 * `1.0` for `info:\n  version: 1.0`, followed through aliases and merge
 * keys to where it is written; null when absent or not a scalar (then the
 * caller falls back to the loaded value). Duplicate keys resolve to the
 * last one.
 */
export function yamlScalarSource(
  text: string,
  keys: readonly string[],
): string | null {
  let ev: Event[];
  try {
    ev = parseEvents(text, { maxDepth: YAML_MAX_DEPTH });
  } catch {
    return null;
  }
  // ev[0] is the document event, ev[1] its root node.
  const lookup = new Lookup(text, ev);
  let node = 1;
  for (const want of keys) {
    node = lookup.valueOf(node, want);
    if (node < 0) return null;
  }
  const v = ev[node];
  if (!v || v.type !== EVENT_ID.SCALAR) return null;
  return text.slice(v.valueStart, v.valueEnd);
}

/**
 * The offset after the quoted scalar opening at `i` (`"` with backslash
 * escapes, `'` with `''`), or -1 when it never closes. A loop: a regular
 * expression would overflow V8's backtracking stack on a 50 MB scalar.
 */
function quotedEnd(text: string, i: number): number {
  const q = text[i];
  for (let j = text.indexOf(q, i + 1); j >= 0; j = text.indexOf(q, j + 1)) {
    if (q === "'") {
      if (text[j + 1] !== "'") return j + 1;
      j++; // '' is an escaped quote
      continue;
    }
    let k = j - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
  return -1;
}

/**
 * Offset of the first mapping key that is itself a mapping or a sequence
 * (`? [a, b]`, `{[x]: 1}`): js-yaml refuses those without saying where.
 */
export function complexKeyOffset(text: string): number | null {
  let ev: Event[];
  try {
    ev = parseEvents(text, { maxDepth: YAML_MAX_DEPTH });
  } catch {
    return null;
  }
  // Per open collection: a mapping waiting for a key or a value, or a sequence.
  const stack: ("key" | "value" | "seq")[] = [];
  const done = () => {
    const i = stack.length - 1;
    if (i >= 0 && stack[i] !== "seq") {
      stack[i] = stack[i] === "key" ? "value" : "key";
    }
  };
  for (const e of ev) {
    if (e.type === EVENT_ID.DOCUMENT) continue;
    if (e.type === EVENT_ID.POP) {
      if (stack.pop()) done();
    } else if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) {
      if (stack[stack.length - 1] === "key") return e.start;
      stack.push(e.type === EVENT_ID.MAPPING ? "key" : "seq");
    } else done();
  }
  return null;
}

const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;

/**
 * Offset of the marker that starts a second YAML document: the first `---`
 * or `...` line with content (not only comments) before it.
 */
export function secondDocumentOffset(text: string): number | null {
  MARKER.lastIndex = 0;
  let prev = 0;
  for (let m = MARKER.exec(text); m; m = MARKER.exec(text)) {
    if (/^[ \t]*[^#\s]/m.test(text.slice(prev, m.index))) return m.index;
    prev = m.index + m[0].length;
  }
  return null;
}

/**
 * Where an unclosed flow collection (`[` or `{`) opens, if the text before
 * `end` leaves one open. A best-effort scan: it follows quotes, comments and
 * block scalars (`|`, `>`), which is enough to point at the usual culprit,
 * e.g. `tags: [a, b` with the `]` forgotten.
 */
export function unclosedFlow(
  text: string,
  end: number,
): { offset: number; char: string } | null {
  const stack: number[] = [];
  let blockIndent = -1; // inside a block scalar more indented than this
  let lineStart = 0;
  let i = 0;
  let resume = -1; // mid-line offset after a multi-line quoted scalar
  while (i < end) {
    const indent = /^[ ]*/.exec(text.slice(lineStart, lineStart + 200))![0]
      .length;
    const eol = text.indexOf("\n", lineStart);
    const lineEnd = eol < 0 ? text.length : eol;
    const blank = text.slice(lineStart, lineEnd).trim() === "";
    if (resume < 0 && blockIndent >= 0 && (blank || indent > blockIndent)) {
      i = lineStart = lineEnd + 1;
      continue;
    }
    blockIndent = -1;
    i = resume >= 0 ? resume : lineStart + indent;
    // At a node start in block context, `[`/`{` open a flow collection and
    // `|`/`>` a block scalar; elsewhere in a plain scalar they are text.
    let nodeStart = resume < 0 && stack.length === 0;
    resume = -1;
    while (i < lineEnd && i < end) {
      const c = text[i];
      if (c === "#" && (i === lineStart || /\s/.test(text[i - 1]))) break;
      if (c === '"' || c === "'") {
        if (stack.length || nodeStart) {
          const close = quotedEnd(text, i);
          if (close < 0) return null;
          i = close;
          nodeStart = false;
          continue;
        }
      } else if (c === "[" || c === "{") {
        if (stack.length || nodeStart) stack.push(i);
      } else if (c === "]" || c === "}") {
        if (stack.length) stack.pop();
      } else if ((c === "|" || c === ">") && nodeStart && !stack.length) {
        blockIndent = indent;
        break;
      } else if (c === "-" && nodeStart && /\s/.test(text[i + 1] ?? " ")) {
        i += 2;
        continue;
      } else if (c === ":" && /\s/.test(text[i + 1] ?? " ")) {
        nodeStart = !stack.length;
        i += 2;
        continue;
      } else if ((c === "&" || c === "!") && nodeStart) {
        while (i < lineEnd && !/\s/.test(text[i])) i++;
        continue;
      } else if (c !== " " && c !== "\t" && c !== ",") nodeStart = false;
      i++;
    }
    if (i > lineEnd) {
      // A quoted scalar ran over several lines: go on from its end.
      lineStart = text.lastIndexOf("\n", i - 1) + 1;
      resume = i;
      continue;
    }
    if (eol < 0) break;
    lineStart = lineEnd + 1;
    i = lineStart;
  }
  if (!stack.length) return null;
  const at = stack[stack.length - 1];
  return { offset: at, char: text[at] };
}
