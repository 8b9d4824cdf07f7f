/**
 * CommonMark descriptions turned into a small tree of plain data that the
 * page maps to elements: the worker parses (with the reference CommonMark
 * parser), the page never sets HTML from spec text. Safe by construction:
 * only the node kinds below exist, links keep only `http`, `https` and
 * `mailto` targets (anything else, `javascript:` included, is shown as its
 * text), and images are never loaded (a spec must not make the browser
 * fetch anything) but shown as their alt text.
 *
 * Raw HTML: CommonMark lets a description carry inline HTML and HTML blocks
 * (CommonMark 0.31 §4.6 and §6.6), and real specs use it (Stripe writes
 * every operation description as `<p>…<code>…</code>…</p>`). An allowlist
 * of harmless elements becomes the same nodes as the Markdown that means
 * the same thing (`<b>` and `**`); their attributes are dropped, except an
 * `<a>`'s `href` under the link rule above and an `<ol>`'s `start`. Every
 * other tag (script, style, iframe, form, object, img, ...) is shown as
 * the text it is written as, never as markup, and comments are dropped.
 * The HTML is tokenized by htmlparser2, which needs no DOM (this runs in a
 * Web Worker).
 *
 * Two GitHub Flavored Markdown extensions that API descriptions are
 * written with, as Redoc, Scalar and GitHub render them: pipe tables (GFM
 * 0.29 §4.10: a header row, a delimiter row of as many cells, body rows;
 * cells hold inline content) and bare `http(s)://` and `www.` links and
 * e-mail addresses (§6.9), under the link rule above. Neither changes what any other
 * CommonMark text means.
 */
// @ts-types="@types/commonmark"
import { type Node, Parser } from "commonmark";
import { Parser as HtmlParser } from "htmlparser2";

/** Nodes that hold other nodes. */
export type Container =
  | "p"
  | "em"
  | "strong"
  | "quote"
  | "li"
  | "h"
  | "span"
  | "table"
  | "thead"
  | "tbody"
  | "tr";

/** One node of a description: a string is text. */
export type MdNode =
  | string
  | { t: Container; c: MdNode[] }
  | { t: "ul"; c: MdNode[] }
  | { t: "ol"; start: number; c: MdNode[] }
  | { t: "a"; href: string; c: MdNode[] }
  // `align`: a GFM table column's (§4.10: `:--`, `:-:`, `--:`).
  | { t: "th" | "td"; c: MdNode[]; align?: "left" | "center" | "right" }
  | { t: "code" | "pre"; v: string }
  | { t: "br" | "hr" };

/** A description: its blocks. Empty when there is none. */
export type Md = MdNode[];

/** Nodes emitted per description; the rest is cut (hostile nesting). */
const MAX_NODES = 2_000;
/** Nesting kept; deeper content is flattened into its text. */
const MAX_DEPTH = 24;

/** Characters that can start Markdown syntax (or an entity, or a bare link). */
const SYNTAX =
  /[\\`*_[\]<>&!#|~\n]|^\s*([-+>]|\d+[.)])|https?:|www\.|@|^\s{4}/i;

/** True for a link target the page may follow. */
export function safeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

/** Parses `text` as CommonMark into {@link Md}; plain text skips the parser. */
export function markdown(text: string): Md {
  const s = text.trim();
  if (!s) return [];
  if (!SYNTAX.test(s)) return [{ t: "p", c: [s] }];
  const doc = new Parser({ smart: false }).parse(s);
  const budget: Budget = { left: MAX_NODES, lines: s.split("\n") };
  return children(doc, budget, 0);
}

/** Nodes still to emit, and the source's lines (a table is read from them). */
interface Budget {
  left: number;
  lines?: string[];
}

/** A node kind (what the `t` of an element node says). */
type Kind = Exclude<MdNode, string>["t"];

/**
 * The allowlisted HTML elements, and the node kind each becomes (a Map: a
 * tag named `constructor` must not find an object's prototype).
 */
const ALLOWED = new Map<string, Kind>([
  ["p", "p"],
  ["em", "em"],
  ["i", "em"],
  ["strong", "strong"],
  ["b", "strong"],
  ["blockquote", "quote"],
  ["li", "li"],
  ["h1", "h"],
  ["h2", "h"],
  ["h3", "h"],
  ["h4", "h"],
  ["h5", "h"],
  ["h6", "h"],
  ["ul", "ul"],
  ["ol", "ol"],
  ["a", "a"],
  ["code", "code"],
  ["pre", "pre"],
  ["br", "br"],
  ["table", "table"],
  ["thead", "thead"],
  ["tbody", "tbody"],
  ["tr", "tr"],
  ["th", "th"],
  ["td", "td"],
]);

/** Kinds whose content is text between elements (whitespace there is layout). */
const STRUCTURE = new Set<Kind>(["table", "thead", "tbody", "tr", "ul", "ol"]);
/** Kinds that stand as blocks of a description, not inside a paragraph. */
const BLOCKS = new Set<Kind>([
  "p",
  "quote",
  "li",
  "h",
  "ul",
  "ol",
  "pre",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
]);

interface Frame {
  /** The HTML element (lower case); "" for the root. */
  tag: string;
  attrs: Record<string, string>;
  out: Md;
}

/**
 * Builds nodes from a run of HTML tags and other nodes: an allowlisted
 * element collects what follows until its end tag (or the end of the run).
 */
class Builder {
  #stack: Frame[] = [{ tag: "", attrs: {}, out: [] }];
  #budget: Budget;
  #depth: number;

  constructor(budget: Budget, depth: number) {
    this.#budget = budget;
    this.#depth = depth;
  }

  /** Levels of nesting below the root, the run's own included. */
  get depth(): number {
    return this.#depth + this.#stack.length - 1;
  }

  /** Appends a node (or text) to the innermost open element. */
  add(m: MdNode): void {
    const top = this.#stack[this.#stack.length - 1];
    const out = top.out;
    const last = out[out.length - 1];
    if (typeof m === "string") {
      if (!m) return;
      const kind = ALLOWED.get(top.tag);
      if (kind && STRUCTURE.has(kind) && !m.trim()) return;
      // Adjacent text runs merge: fewer nodes for the page to render.
      if (typeof last === "string") {
        out[out.length - 1] = last + m;
        return;
      }
    }
    out.push(m);
  }

  /** An allowlisted start tag. */
  open(tag: string, attrs: Record<string, string>): void {
    // Too deep, or too many: the element is left out, its content kept as
    // its parent's.
    if (this.depth >= MAX_DEPTH || this.#budget.left-- <= 0) return;
    if (tag === "br") return this.add({ t: "br" });
    this.#stack.push({ tag, attrs, out: [] });
  }

  /**
   * An allowlisted end tag: closes its element and any opened inside it
   * and left open. False when no such element is open.
   */
  close(tag: string): boolean {
    let i = this.#stack.length - 1;
    while (i > 0 && this.#stack[i].tag !== tag) i--;
    if (i === 0) return false;
    while (this.#stack.length > i) this.#pop();
    return true;
  }

  /** Closes what is left open; the nodes of the run. */
  finish(): Md {
    while (this.#stack.length > 1) this.#pop();
    return this.#stack[0].out;
  }

  #pop(): void {
    const f = this.#stack.pop()!;
    this.add(element(f));
  }
}

/** The node of a closed allowlisted element. */
function element({ tag, attrs, out }: Frame): MdNode {
  const t = ALLOWED.get(tag)!;
  switch (t) {
    case "code":
    case "pre":
      // Code is literal: markup inside it keeps only its text.
      return { t, v: mdText(out) };
    case "a": {
      const href = (attrs.href ?? "").trim();
      // A refused target keeps its text, without the link.
      return safeHref(href) ? { t, href, c: out } : { t: "span", c: out };
    }
    case "ol": {
      const start = /^\d{1,9}$/.test(attrs.start ?? "")
        ? Number(attrs.start)
        : 1;
      return { t, start, c: out };
    }
    case "ul":
      return { t, c: out };
    case "br":
    case "hr":
      return { t };
    case "th":
    case "td":
      return { t, c: out };
    default:
      return { t: t as Container, c: out };
  }
}

/** An end tag as CommonMark reads one (§6.6): `</name>`. */
const END_TAG = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>$/;

/** A start tag without attributes (`<code>`, `<br/>`). */
const BARE_TAG = /^<([A-Za-z][A-Za-z0-9-]*)\s*\/?>$/;

/** The name and attributes of one start tag (`<a href="…">`), or null. */
function startTag(
  html: string,
): { name: string; attrs: Record<string, string> } | null {
  const bare = BARE_TAG.exec(html);
  if (bare) return { name: bare[1].toLowerCase(), attrs: {} };
  let found: { name: string; attrs: Record<string, string> } | null = null;
  const p = new HtmlParser({
    onopentag(name, attrs) {
      found ??= { name, attrs };
    },
  }, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  p.end(html);
  return found;
}

/** One piece of inline HTML (a tag, a comment, a declaration) into `b`. */
function inlineHtml(html: string, b: Builder): void {
  if (html.startsWith("<!--")) return; // a comment: not content
  const end = END_TAG.exec(html);
  if (end) {
    const tag = end[1].toLowerCase();
    // A stray end tag of an allowlisted element closes nothing: dropped.
    if (!ALLOWED.has(tag)) b.add(html);
    else b.close(tag);
    return;
  }
  const start = html.startsWith("<") && /^<[A-Za-z]/.test(html)
    ? startTag(html)
    : null;
  if (start && ALLOWED.has(start.name)) b.open(start.name, start.attrs);
  else b.add(html); // shown as written, as text
}

/**
 * An HTML block (CommonMark §4.6) into blocks: its allowlisted elements as
 * nodes, text and inline elements outside any block gathered in paragraphs.
 */
function blockHtml(html: string, budget: Budget, depth: number): Md {
  const b = new Builder(budget, depth);
  // The source of the current tag, for a tag shown as text.
  const source = () => html.slice(p.startIndex, p.endIndex + 1);
  const p: HtmlParser = new HtmlParser({
    onopentag(name, attrs, implied) {
      if (ALLOWED.has(name)) b.open(name, attrs);
      else if (!implied) b.add(source());
    },
    onclosetag(name, implied) {
      if (ALLOWED.has(name)) b.close(name);
      else if (!implied && html.startsWith("</", p.startIndex)) {
        b.add(source());
      }
    },
    ontext(text) {
      if (budget.left > 0) b.add(text);
    },
  }, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  p.end(html.replace(/\n$/, ""));
  const out: Md = [];
  let run: MdNode[] | null = null;
  for (const m of b.finish()) {
    if (typeof m !== "string" && BLOCKS.has(m.t)) {
      run = null;
      out.push(m);
    } else if (run) {
      if (typeof m === "string" && typeof run[run.length - 1] === "string") {
        run[run.length - 1] += m;
      } else run.push(m);
    } else if (typeof m !== "string" || m.trim()) {
      run = [m];
      out.push({ t: "p", c: run });
    }
  }
  // Whitespace that only opens or ends a paragraph is layout, not content.
  for (const m of out) {
    if (typeof m === "string" || m.t !== "p" || !m.c.length) continue;
    if (typeof m.c[0] === "string") m.c[0] = m.c[0].trimStart();
    const n = m.c.length - 1;
    if (typeof m.c[n] === "string") m.c[n] = (m.c[n] as string).trimEnd();
  }
  return out;
}

function children(n: Node, budget: Budget, depth: number): Md {
  const b = new Builder(budget, depth);
  for (let c = n.firstChild; c; c = c.next) {
    // A tag costs the budget only when it becomes a node (Builder.open).
    if (c.type === "html_inline") {
      inlineHtml(c.literal ?? "", b);
      continue;
    }
    if (budget.left-- <= 0) break;
    if (c.type === "html_block") {
      for (const m of blockHtml(c.literal ?? "", budget, b.depth + 1)) b.add(m);
    } else if (c.type === "paragraph" && tableIn(c, budget, b)) {
      continue;
    } else b.add(convert(c, budget, b.depth + 1));
  }
  const out = b.finish();
  // Most runs hold no bare link: the list is copied only when one may.
  return out.some(mayLink) && !inLink(n) ? out.flatMap(autolinks) : out;
}

/** True when `n` is a link or inside one (a link holds no other link). */
function inLink(n: Node): boolean {
  for (let p: Node | null = n; p; p = p.parent) {
    if (p.type === "link") return true;
  }
  return false;
}

/**
 * A GFM delimiter row (§4.10): cells of dashes, each with an optional
 * colon at either end, between pipes.
 */
const DELIMITER_ROW =
  /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * A table row's cells: split at pipes, a leading and a trailing one
 * dropped; `\|` is a pipe in a cell, code spans included (§4.10).
 */
function rowCells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\" && s[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (s[i] === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += s[i];
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * What each container around `p` puts before its content on a line,
 * outermost first: `>` for a block quote, for a list item the columns its
 * content is indented by (its marker's offset and width with the spaces
 * after it, CommonMark §5.2).
 */
function containerPrefixes(p: Node): (">" | number)[] {
  const out: (">" | number)[] = [];
  for (let a = p.parent; a; a = a.parent) {
    if (a.type === "block_quote") out.push(">");
    else if (a.type === "item") {
      // commonmark.js keeps the item's layout on the node, unexported.
      const d = (a as unknown as { _listData?: ListLayout })._listData;
      out.push((d?.markerOffset ?? 0) + (d?.padding ?? 0));
    }
  }
  return out.reverse();
}

/** A list item's layout as commonmark.js records it. */
interface ListLayout {
  markerOffset?: number;
  padding?: number;
}

/** `line` after its block quote marker; null when it has none (lazy). */
function quoteContent(line: string): string | null {
  const marker = /^ {0,3}> ?/.exec(line);
  return marker ? line.slice(marker[0].length) : null;
}

/**
 * `line` less `columns` columns of indent (a tab reaching the next
 * multiple of 4, CommonMark §2.2; what it passes stays as spaces); null
 * when it is indented less (lazy).
 */
function dedent(line: string, columns: number): string | null {
  let col = 0, i = 0;
  while (col < columns && i < line.length) {
    if (line[i] === " ") col++;
    else if (line[i] === "\t") col += 4 - col % 4;
    else break;
    i++;
  }
  if (col < columns) return null;
  return " ".repeat(col - columns) + line.slice(i);
}

/**
 * A paragraph that holds a GFM table, written into `b` as the paragraph
 * of the lines above the table (if any) and the table; false, writing
 * nothing, for any other paragraph. CommonMark parsed the table's lines
 * as a paragraph, so they are read again from the source, less what its
 * containers put before each line.
 */
function tableIn(p: Node, budget: Budget, b: Builder): boolean {
  const src = budget.lines;
  const pos = p.sourcepos;
  if (!src || !pos) return false;
  const prefixes = containerPrefixes(p);
  const first = pos[0][0] - 1, last = pos[1][0] - 1;
  if (last - first < 1 || last >= src.length) return false;
  // The first line from the paragraph's own column: a list item's marker
  // (`- `, `1. `) before it is the item's, not the paragraph's. The lines
  // after it lose what each enclosing container, outermost first, puts
  // before its content: a block quote's `>` (CommonMark §5.1), a list
  // item's indent (§5.2), so a quote in an item indented four columns or
  // more is still read. A lazy line, short of them, is the paragraph's,
  // not a table row: the table's rows end before it (as GitHub renders
  // it).
  const lines: string[] = [];
  let lazy = -1;
  for (const [i, l] of src.slice(first, last + 1).entries()) {
    let line = i === 0 ? l.slice(pos[0][1] - 1) : l;
    for (const prefix of i === 0 ? [] : prefixes) {
      if (lazy >= 0) break;
      const rest = prefix === ">" ? quoteContent(line) : dedent(line, prefix);
      if (rest === null) lazy = i;
      else line = rest;
    }
    lines.push(line.trim());
  }
  const end = lazy < 0 ? lines.length : lazy;
  let head = -1;
  for (let i = 0; i + 1 < end; i++) {
    if (
      lines[i].includes("|") && DELIMITER_ROW.test(lines[i + 1]) &&
      rowCells(lines[i]).length === rowCells(lines[i + 1]).length
    ) {
      head = i;
      break;
    }
  }
  // A link reference definition above is not part of the paragraph's text.
  if (head < 0 || lines.slice(0, head).some((l) => /^\[[^\]]+\]:/.test(l))) {
    return false;
  }
  const depth = b.depth + 1;
  if (head > 0) {
    const text = lines.slice(0, head).join("\n");
    b.add({ t: "p", c: inlineOf(text, budget, depth + 1) });
  }
  const width = rowCells(lines[head]).length;
  const aligns = rowCells(lines[head + 1]).map((d) =>
    d.startsWith(":")
      ? d.endsWith(":") && d.length > 1 ? "center" as const : "left" as const
      : d.endsWith(":")
      ? "right" as const
      : undefined
  );
  const row = (line: string, cell: "th" | "td"): MdNode => {
    const cells = rowCells(line);
    const c: MdNode[] = [];
    // As many cells as the header: more are dropped, fewer left empty.
    for (let i = 0; i < width && budget.left-- > 0; i++) {
      const align = aligns[i];
      c.push({
        t: cell,
        c: i < cells.length ? inlineOf(cells[i], budget, depth + 3) : [],
        ...(align ? { align } : {}),
      });
    }
    return { t: "tr", c };
  };
  const body: MdNode[] = [];
  for (const line of lines.slice(head + 2, end)) {
    if (budget.left-- <= 0) break;
    body.push(row(line, "td"));
  }
  b.add({
    t: "table",
    c: [
      { t: "thead", c: [row(lines[head], "th")] },
      ...(body.length ? [{ t: "tbody" as const, c: body }] : []),
    ],
  });
  if (end < lines.length) {
    const text = lines.slice(end).join("\n");
    b.add({ t: "p", c: inlineOf(text, budget, depth + 1) });
  }
  return true;
}

/**
 * `text`'s inline content: a table cell, or the lines above a table, as a
 * paragraph holds them (a cell that would start a list or a heading is
 * text, as GFM reads cells).
 */
function inlineOf(text: string, budget: Budget, depth: number): MdNode[] {
  if (!text) return [];
  if (!SYNTAX.test(text)) return [text];
  const doc = new Parser({ smart: false }).parse(text);
  const p = doc.firstChild;
  if (!p || p.type !== "paragraph" || p.next) return [text];
  // The cell's own source positions are not the description's lines.
  const inner: Budget = { left: budget.left };
  const out = children(p, inner, depth);
  budget.left = inner.left;
  return out;
}

/**
 * A GFM extended autolink (§6.9): `http://` or `https://`, or `www.`, at
 * a line's start or after white space or `*`, `_`, `~`, `(`, running to
 * white space or `<`.
 */
const AUTOLINK = /(^|[\s*_~(])((?:https?:\/\/|www\.)[^\s<]+)/gi;

/** A link's end that §6.9 leaves out: trailing punctuation. */
const TRAILING = /[?!.,:*_~'"]+$/;

/**
 * A GFM extended email autolink (§6.9): letters, digits, `.`, `-`, `_` or
 * `+`, an `@`, then a domain of at least two parts, not ending in `-` or
 * `_`; linked with `mailto:` (written before it, `mailto:` is part of the
 * link, as GitHub links it). A local part is taken whole (it may not
 * follow one of its own characters, nor a `/`: `a/b@c.d` is a path).
 */
const EMAIL =
  /(^|[^\w.+\-/:])((?:mailto:)?[\w.+-]+@[a-z\d_-]+(?:\.[a-z\d_-]+)+)/gi;

/** Text that may hold a bare link (§6.9: a scheme, `www.` or an `@`). */
function mayLink(m: MdNode): m is string {
  return typeof m === "string" && /https?:\/\/|www\.|@/i.test(m);
}

/** Text with its bare links and e-mail addresses as links. */
function autolinks(m: MdNode): MdNode[] {
  if (!mayLink(m)) return [m];
  return urlLinks(m).flatMap((x) =>
    typeof x === "string" && x.includes("@") ? emailLinks(x) : [x]
  );
}

/** `m` with its bare e-mail addresses as `mailto:` links. */
function emailLinks(m: string): MdNode[] {
  const out: MdNode[] = [];
  let from = 0;
  for (const hit of m.matchAll(EMAIL)) {
    const address = hit[2];
    if (/[-_]$/.test(address)) continue;
    const at = hit.index! + hit[1].length;
    if (at > from) out.push(m.slice(from, at));
    const href = /^mailto:/i.test(address) ? address : `mailto:${address}`;
    out.push({ t: "a", href, c: [address] });
    from = at + address.length;
  }
  if (from === 0) return [m];
  if (from < m.length) out.push(m.slice(from));
  return out;
}

/** `m` with its bare `http(s)://` and `www.` links as links. */
function urlLinks(m: string): MdNode[] {
  const out: MdNode[] = [];
  let from = 0;
  for (const hit of m.matchAll(AUTOLINK)) {
    let url = hit[2];
    // Trailing punctuation, and a `)` with no `(` of its own, end it.
    for (;;) {
      const cut = url.replace(TRAILING, "");
      const open = cut.split("(").length, close = cut.split(")").length;
      const trimmed = cut.endsWith(")") && close > open
        ? cut.slice(0, -1)
        : cut;
      if (trimmed === url) break;
      url = trimmed;
    }
    const href = /^www\./i.test(url) ? `http://${url}` : url;
    // A valid domain must follow (§6.9: periods between its parts).
    if (!/^[\w-]+(?:\.[\w-]+)+/.test(href.replace(/^https?:\/\//i, ""))) {
      continue;
    }
    const at = hit.index! + hit[1].length;
    if (at > from) out.push(m.slice(from, at));
    out.push({ t: "a", href, c: [url] });
    from = at + url.length;
  }
  if (from === 0) return [m];
  if (from < m.length) out.push(m.slice(from));
  return out;
}

/** Text content of `n`, for nodes too deep to keep their structure. */
function flat(n: Node): string {
  let s = "";
  const w = n.walker();
  for (let e = w.next(); e; e = w.next()) {
    if (e.entering && e.node.literal) s += e.node.literal;
    if (s.length > 20_000) break;
  }
  return s;
}

function convert(n: Node, budget: Budget, depth: number): MdNode {
  if (depth > MAX_DEPTH) return flat(n);
  const kids = () => children(n, budget, depth);
  switch (n.type) {
    case "text":
      return n.literal ?? "";
    case "softbreak":
      return "\n";
    case "linebreak":
      return { t: "br" };
    case "code":
      return { t: "code", v: n.literal ?? "" };
    case "code_block":
      return { t: "pre", v: (n.literal ?? "").replace(/\n$/, "") };
    case "emph":
      return { t: "em", c: kids() };
    case "strong":
      return { t: "strong", c: kids() };
    case "paragraph":
      return { t: "p", c: kids() };
    case "heading":
      return { t: "h", c: kids() };
    case "block_quote":
      return { t: "quote", c: kids() };
    case "item":
      return { t: "li", c: kids() };
    case "list":
      return n.listType === "ordered"
        ? { t: "ol", start: n.listStart ?? 1, c: kids() }
        : { t: "ul", c: kids() };
    case "thematic_break":
      return { t: "hr" };
    case "link": {
      const href = n.destination ?? "";
      // A refused target keeps its text, without the link.
      return safeHref(href)
        ? { t: "a", href, c: kids() }
        : { t: "span", c: kids() };
    }
    case "image":
      // Never loaded: its alt text stands in.
      return `[image: ${flat(n)}]`;
    default:
      return flat(n);
  }
}

/** The text of a description, without its markup (for tests and search). */
export function mdText(md: Md): string {
  let out = "";
  const walk = (n: MdNode): void => {
    if (typeof n === "string") out += n;
    else if ("v" in n) out += n.v;
    else if ("c" in n) n.c.forEach(walk);
  };
  md.forEach(walk);
  return out;
}
