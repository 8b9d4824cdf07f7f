/**
 * CommonMark descriptions turned into a small tree of plain data that the
 * page maps to elements: the worker parses (with the reference CommonMark
 * parser), the page never sets HTML from spec text. Safe by construction:
 * only the node kinds below exist, raw HTML becomes literal text, links keep
 * only `http`, `https` and `mailto` targets (anything else, `javascript:`
 * included, is shown as its text), and images are never loaded (a spec must
 * not make the browser fetch anything) but shown as their alt text.
 */
// @ts-types="@types/commonmark"
import { type Node, Parser } from "commonmark";

/** One node of a description: a string is text. */
export type MdNode =
  | string
  | {
    t: "p" | "em" | "strong" | "quote" | "li" | "h" | "span";
    c: MdNode[];
  }
  | { t: "ul"; c: MdNode[] }
  | { t: "ol"; start: number; c: MdNode[] }
  | { t: "a"; href: string; c: MdNode[] }
  | { t: "code" | "pre"; v: string }
  | { t: "br" | "hr" };

/** A description: its blocks. Empty when there is none. */
export type Md = MdNode[];

/** Nodes emitted per description; the rest is cut (hostile nesting). */
const MAX_NODES = 2_000;
/** Nesting kept; deeper content is flattened into its text. */
const MAX_DEPTH = 24;

/** Characters that can start Markdown syntax (or an entity). */
const SYNTAX = /[\\`*_[\]<>&!#|~\n]|^\s*([-+>]|\d+[.)])|https?:|^\s{4}/;

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
  const budget = { left: MAX_NODES };
  return children(doc, budget, 0);
}

function children(n: Node, budget: { left: number }, depth: number): Md {
  const out: Md = [];
  for (let c = n.firstChild; c; c = c.next) {
    if (budget.left-- <= 0) break;
    const m = convert(c, budget, depth + 1);
    if (m === null) continue;
    // Adjacent text runs merge: fewer nodes for the page to render.
    const last = out[out.length - 1];
    if (typeof m === "string" && typeof last === "string") {
      out[out.length - 1] = last + m;
    } else out.push(m);
  }
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

function convert(n: Node, budget: { left: number }, depth: number): MdNode {
  if (depth > MAX_DEPTH) return flat(n);
  const kids = () => children(n, budget, depth);
  switch (n.type) {
    case "text":
    case "html_inline":
      // Raw HTML is shown as written, as text.
      return n.literal ?? "";
    case "html_block":
      return { t: "p", c: [(n.literal ?? "").replace(/\n$/, "")] };
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
