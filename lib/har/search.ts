/**
 * Free-text search over the columns a person scans a list by: URL,
 * method, status and MIME type. Terms are whitespace-separated and all must match, as
 * case-insensitive substrings of one of those fields; `-term` excludes.
 * A term holds no whitespace, so it can never span two fields, and each
 * field is searched apart: URLs with `indexOf` over one lower-cased string
 * (native speed, no string per entry), the rest through their small
 * distinct-value tables.
 */
import type { HarColumns } from "./columns.ts";

interface Lowered {
  urls: string;
  off: Uint32Array;
  methods: string[];
  mimes: string[];
}

/** The lower-cased fields of a file. */
function lower(c: HarColumns): Lowered {
  let urls = c.urls.toLowerCase();
  let off = c.urlOff;
  // A few characters change length when lower-cased (U+0130): then the
  // offsets are rebuilt entry by entry.
  if (urls.length !== c.urls.length) {
    off = new Uint32Array(c.n + 1);
    const parts: string[] = [];
    for (let i = 0; i < c.n; i++) {
      const u = c.urls.slice(c.urlOff[i], c.urlOff[i + 1]).toLowerCase();
      off[i + 1] = off[i] + u.length;
      parts.push(u);
    }
    urls = parts.join("");
  }
  return {
    urls,
    off,
    methods: c.methods.map((m) => m.toLowerCase()),
    mimes: c.mimes.map((m) => m.toLowerCase()),
  };
}

/** 1 for each entry one of whose fields contains `term`. */
function termHits(c: HarColumns, l: Lowered, term: string): Uint8Array {
  const hit = new Uint8Array(c.n);
  const { urls, off } = l;
  let e = 0, at = urls.indexOf(term);
  while (at >= 0) {
    while (off[e + 1] <= at) e++;
    if (at + term.length <= off[e + 1]) {
      hit[e] = 1;
      at = urls.indexOf(term, off[e + 1]); // next entry
    } else at = urls.indexOf(term, at + 1); // straddled two URLs
  }
  const method = l.methods.map((m) => m.includes(term));
  const mime = l.mimes.map((m) => m.includes(term));
  const status = new Map<number, boolean>();
  for (let i = 0; i < c.n; i++) {
    if (hit[i] || method[c.methodIdx[i]] || mime[c.mimeIdx[i]]) {
      hit[i] = 1;
      continue;
    }
    const s = c.status[i];
    let h = status.get(s);
    if (h === undefined) status.set(s, h = String(s).includes(term));
    if (h) hit[i] = 1;
  }
  return hit;
}

/**
 * Searches one file: its lower-cased fields are built on the first search,
 * and the last answer is remembered, so toggling a chip does not search
 * again. One per file (the page keeps it beside the file's columns).
 */
export class HarSearch {
  #lowered: Lowered | null = null;
  #last: { q: string; mask: Uint8Array | null } | null = null;

  /** A searcher over `columns`, the file's columns (kept, never copied). */
  constructor(readonly columns: HarColumns) {}

  /**
   * 1 for entries matching every search term (and none of the `-` terms),
   * else 0; null when the search is empty.
   */
  mask(q: string): Uint8Array | null {
    if (this.#last && this.#last.q === q) return this.#last.mask;
    const c = this.columns;
    const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
    let mask: Uint8Array | null = null;
    if (terms.length) {
      const l = this.#lowered ??= lower(c);
      mask = new Uint8Array(c.n).fill(1);
      for (const t of terms) {
        const exclude = t.length > 1 && t.startsWith("-");
        const hit = termHits(c, l, exclude ? t.slice(1) : t);
        for (let i = 0; i < c.n; i++) {
          if (hit[i] === (exclude ? 1 : 0)) mask[i] = 0;
        }
      }
    }
    this.#last = { q, mask };
    return mask;
  }
}

/** {@link HarSearch.mask} once, for a caller that keeps no searcher. */
export function searchMask(c: HarColumns, q: string): Uint8Array | null {
  return new HarSearch(c).mask(q);
}
