/**
 * Free-text search over the columns a person scans a list by: URL,
 * method, status (status 0 is also the word "failed", as the list shows
 * it) and MIME type. Terms are whitespace-separated and all must match, as
 * case-insensitive substrings of one of those fields; `-term` excludes.
 * DevTools' Network panel property filters are read as it reads them:
 * `domain:` (the host without its port, `*` a wildcard), `method:`,
 * `status-code:`, `mime-type:` and `scheme:` (whole values, any case), and
 * `larger-than:` (transfer size at least that many bytes; `k` and `m` are
 * 1024 and 1024²), `has-response-header:` (a name, any case; and ours,
 * `has-request-header:`, which match nothing until the file's header names
 * are given), `is:from-cache` and `is:service-worker-intercepted`. An
 * unknown property, or a value that is not one, is plain text. A term
 * written `/pattern/` is a regular expression tested against the URL, any
 * case, as DevTools reads one (`url_pattern.ts`); a pattern that does not
 * compile is plain text ({@link invalidPatterns} says why). The page has
 * patterns tested off its thread and gives their answers as
 * {@link PatternMasks}.
 * A term holds no whitespace, so it can never span two fields, and each
 * field is searched apart: URLs with `indexOf` over one lower-cased string
 * (native speed, no string per entry), the rest through their small
 * distinct-value tables.
 *
 * With the page's "headers and bodies too", a text term also matches the
 * entries the worker found holding it in headers or bodies
 * (`deep_search.ts`): given per term, as {@link DeepMasks}, OR-ed into
 * what the fields match (an excluded term excludes those entries too).
 */
import type { HarColumns } from "./columns.ts";
import { baseMime } from "./classify.ts";
import type { HeaderNames, NameLists } from "./header_names.ts";
import { ascii, foldText } from "../shared/fold.ts";
import { readableUrl } from "../shared/readable_url.ts";
import { patternError, patternMask, urlPattern } from "./url_pattern.ts";

/**
 * Per text term (as {@link textTerms} gives it), 1 for each entry that
 * holds it in its headers or bodies.
 */
export type DeepMasks = ReadonlyMap<string, Uint8Array>;

/**
 * Per `/pattern/` term (as {@link patternTerms} gives it), 1 for each
 * entry whose URL it matches: tested where a slow pattern can be stopped
 * (a pattern stopped as too slow is given as matching nothing).
 */
export type PatternMasks = ReadonlyMap<string, Uint8Array>;

interface Lowered {
  urls: string;
  off: Uint32Array;
  methods: string[];
  mimes: string[];
}

/**
 * The lower-cased fields of a file, built in steps of {@link SEARCH_STEP}
 * entries where its URLs are folded entry by entry (the generator stops
 * between two), so a file's first search lets keys in meanwhile.
 */
function* lowering(c: HarColumns): Generator<void, Lowered> {
  const methods = c.methods.map((m) => m.toLowerCase());
  const mimes = c.mimes.map((m) => m.toLowerCase());
  // Folded as the spec viewer's filter folds.
  if (plain(c.urls)) {
    return { urls: c.urls.toLowerCase(), off: c.urlOff, methods, mimes };
  }
  // Beyond ASCII, characters can change length when folded (U+0130, ß, an
  // accent written apart; lengths lost and gained can even out), and a
  // mark starting one URL must not join the last letter of the one
  // before: folded entry by entry, the offsets rebuilt.
  //
  // A URL holding UTF-8 percent-encoded (`/%E6%A4%9C%E7%B4%A2`, as
  // browsers record it) is also found by the text it spells (`検索`, as the
  // detail's query shows it): its decoded text follows it on a line of its
  // own, which no term (no white space in one) reaches across.
  //
  // A step's URLs that are all plain are lower-cased whole, unit for unit:
  // one such URL in a file had all 50,000 folded one by one.
  const off = new Uint32Array(c.n + 1);
  const parts: string[] = [];
  for (let from = 0; from < c.n; from += SEARCH_STEP) {
    const to = Math.min(c.n, from + SEARCH_STEP);
    const run = c.urls.slice(c.urlOff[from], c.urlOff[to]);
    if (plain(run)) {
      parts.push(run.toLowerCase());
      const shift = off[from] - c.urlOff[from];
      for (let i = from + 1; i <= to; i++) off[i] = c.urlOff[i] + shift;
    } else {
      for (let i = from; i < to; i++) {
        const raw = c.urls.slice(c.urlOff[i], c.urlOff[i + 1]);
        let u = foldText(raw);
        if (ESCAPED_UTF8.test(raw)) {
          const spelled = readableUrl(raw);
          if (spelled !== raw) u += `\n${foldText(spelled)}`;
        }
        off[i + 1] = off[i] + u.length;
        parts.push(u);
      }
    }
    if (to < c.n) yield;
  }
  return { urls: parts.join(""), off, methods, mimes };
}

/**
 * Per file's columns, its lowered fields or their lowering under way:
 * shared by its searchers (the page makes a new one when the file's header
 * names come), so none lowers them again, nor a search a key replaced.
 */
const LOWERED = new WeakMap<
  HarColumns,
  { it: Generator<void, Lowered>; done: Lowered | null }
>();

/** One step of lowering `c`'s fields ({@link LOWERED}). */
function lowerStep(c: HarColumns): void {
  let l = LOWERED.get(c);
  if (!l) LOWERED.set(c, l = { it: lowering(c), done: null });
  if (!l.done) {
    const r = l.it.next();
    if (r.done) l.done = r.value;
  }
}

/**
 * True when URLs `s` fold as they lower-case, unit for unit: all ASCII,
 * no UTF-8 percent-escaped.
 */
function plain(s: string): boolean {
  return ascii(s) && !ESCAPED_UTF8.test(s);
}

/** A percent-escape of a byte beyond ASCII: part of a UTF-8 character. */
const ESCAPED_UTF8 = /%[89a-f][0-9a-f]/i;

/**
 * Sets `hit[i]` for each entry `from <= i < to` one of whose fields
 * contains `term`.
 */
function termHits(
  c: HarColumns,
  l: Lowered,
  term: string,
): (hit: Uint8Array, from: number, to: number) => void {
  const method = l.methods.map((m) => m.includes(term));
  const mime = l.mimes.map((m) => m.includes(term));
  const status = new Map<number, boolean>();
  return (hit, from, to) => {
    // Every text holds the empty word (and the walk below would not move).
    if (!term) return void hit.fill(1, from, to);
    const { urls, off } = l;
    const end = off[to];
    let e = from, at = urls.indexOf(term, off[from]);
    while (at >= 0 && at < end) {
      while (off[e + 1] <= at) e++;
      if (at + term.length <= off[e + 1]) {
        hit[e] = 1;
        at = urls.indexOf(term, off[e + 1]); // next entry
      } else at = urls.indexOf(term, at + 1); // straddled two URLs
    }
    for (let i = from; i < to; i++) {
      if (hit[i] || method[c.methodIdx[i]] || mime[c.mimeIdx[i]]) {
        hit[i] = 1;
        continue;
      }
      const s = c.status[i];
      let h = status.get(s);
      // A status of 0 or less is what the list shows as "failed": found by
      // that word too.
      if (h === undefined) {
        status.set(s, h = `${s}${s <= 0 ? " failed" : ""}`.includes(term));
      }
      if (h) hit[i] = 1;
    }
  };
}

/** A test of entries: does entry i carry the header name `v`? */
function hasHeader(
  h: HeaderNames | null,
  side: (h: HeaderNames) => NameLists,
  v: string,
): (i: number) => boolean {
  const id = h ? h.names.indexOf(v) : -1;
  if (!h || id < 0) return () => false;
  const { off, ids } = side(h);
  return (i) => {
    for (let k = off[i]; k < off[i + 1]; k++) if (ids[k] === id) return true;
    return false;
  };
}

/** The property filters, each a test of one entry by its value. */
const PROPERTIES: Record<
  string,
  (
    c: HarColumns,
    l: Lowered,
    v: string,
    h: HeaderNames | null,
  ) => ((i: number) => boolean) | null
> = {
  "domain": (c, _l, v) => {
    const ok = c.hosts.map((h) => glob(hostName(h), v));
    return (i) => ok[c.hostIdx[i]];
  },
  "method": (c, l, v) => {
    const ok = l.methods.map((m) => m === v);
    return (i) => ok[c.methodIdx[i]];
  },
  "mime-type": (c, l, v) => {
    // As written, or without its parameters, as DevTools compares it: a
    // HAR keeps `application/json; charset=utf-8` as written.
    const ok = l.mimes.map((m) => m === v || baseMime(m) === v);
    return (i) => ok[c.mimeIdx[i]];
  },
  "status-code": (c, _l, v) => (i) => String(c.status[i]) === v,
  "scheme": (_c, l, v) => {
    const prefix = `${v}:`;
    return (i) => l.urls.startsWith(prefix, l.off[i]);
  },
  "larger-than": (c, _l, v) => {
    const m = SIZE.exec(v);
    if (!m) return null;
    const min = Number(m[1]) *
      (m[2] === "k" ? 1024 : m[2] === "m" ? 1024 ** 2 : 1);
    return (i) => c.size[i] >= min;
  },
  "has-response-header": (_c, _l, v, h) => hasHeader(h, (x) => x.response, v),
  "has-request-header": (_c, _l, v, h) => hasHeader(h, (x) => x.request, v),
  // DevTools' names for what came without the network (SERVED_FROM).
  "is": (c, _l, v) =>
    v === "from-cache"
      ? (i) => c.served[i] === 1 || c.served[i] === 2
      : v === "service-worker-intercepted"
      ? (i) => c.served[i] === 3
      : null,
};

/** A `larger-than:` value. */
const SIZE = /^(\d+(?:\.\d+)?)([km]?)$/;

/** Whether folded `term` is a property filter (else it is text). */
function isProperty(term: string): boolean {
  const colon = term.indexOf(":");
  if (colon <= 0 || colon >= term.length - 1) return false;
  const name = term.slice(0, colon), v = term.slice(colon + 1);
  if (!Object.hasOwn(PROPERTIES, name)) return false;
  if (name === "larger-than") return SIZE.test(v);
  if (name === "is") {
    return v === "from-cache" || v === "service-worker-intercepted";
  }
  return true;
}

/** The search's words: a word that folds to nothing (an accent mark alone) is none. */
function wordsOf(q: string): string[] {
  return q.split(/\s+/).filter((t) =>
    foldText(t.length > 1 && t.startsWith("-") ? t.slice(1) : t) !== ""
  );
}

/**
 * The text terms of `q`, folded as the list's fields are (the headers and
 * bodies are folded alike, so `cafe` finds `café` there too), each once,
 * `-` taken off: what the headers and bodies are searched for (not
 * property filters, not `/patterns/`).
 */
export function textTerms(q: string): string[] {
  const out = new Set<string>();
  for (const t of wordsOf(q)) {
    const raw = t.length > 1 && t.startsWith("-") ? t.slice(1) : t;
    if (urlPattern(raw)) continue;
    const folded = foldText(raw);
    if (!isProperty(folded)) out.add(folded);
  }
  return [...out];
}

/**
 * The `/pattern/` terms of `q` that compile, as written, each once, `-`
 * taken off: what is tested against the URLs off the page's thread.
 */
export function patternTerms(q: string): string[] {
  const out = new Set<string>();
  for (const t of wordsOf(q)) {
    const raw = t.length > 1 && t.startsWith("-") ? t.slice(1) : t;
    if (urlPattern(raw)) out.add(raw);
  }
  return [...out];
}

/**
 * The terms of `q` written `/pattern/` that do not compile, as written,
 * each once, `-` taken off, with the engine's reason: searched as text,
 * which the page says.
 */
export function invalidPatterns(q: string): [term: string, why: string][] {
  const out = new Map<string, string>();
  for (const t of wordsOf(q)) {
    const raw = t.length > 1 && t.startsWith("-") ? t.slice(1) : t;
    const why = patternError(raw);
    if (why !== null) out.set(raw, why);
  }
  return [...out];
}

/**
 * True when `pattern`, where `*` stands for any run of characters, matches
 * all of `text`: parts in order, the first at the start and the last at
 * the end. No regular expression, so a hostile run of stars stays linear.
 */
export function glob(text: string, pattern: string): boolean {
  const parts = pattern.split("*");
  if (parts.length === 1) return text === pattern;
  const first = parts[0], last = parts[parts.length - 1];
  if (
    first.length + last.length > text.length || !text.startsWith(first) ||
    !text.endsWith(last)
  ) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let k = 1; k < parts.length - 1; k++) {
    const found = text.indexOf(parts[k], at);
    if (found < 0 || found + parts[k].length > end) return false;
    at = found + parts[k].length;
  }
  return true;
}

/** A host without its port (`[::1]:8080` is `[::1]`). */
function hostName(host: string): string {
  const colon = host.lastIndexOf(":");
  return colon > host.lastIndexOf("]") ? host.slice(0, colon) : host;
}

/**
 * What one term matches, filled in a range of entries at a time: sets
 * `hit[i]` for each entry `from <= i < to` that `raw` matches, a regular
 * expression, a property or text (the last two lower-cased).
 */
function hits(
  c: HarColumns,
  l: Lowered,
  h: HeaderNames | null,
  raw: string,
  deep: DeepMasks | null,
  patterns: PatternMasks | null,
): (hit: Uint8Array, from: number, to: number) => void {
  const re = urlPattern(raw);
  if (re) {
    // Tested here only for a caller that keeps no worker (a script, a
    // test); the page gives every pattern's mask.
    const m = patterns ? patterns.get(raw) : patternMask(c.urls, c.urlOff, re);
    return (hit, from, to) => {
      if (m) { for (let i = from; i < to; i++) hit[i] |= m[i]; }
    };
  }
  const term = foldText(raw);
  const colon = term.indexOf(":");
  const test = colon > 0 && colon < term.length - 1 &&
      Object.hasOwn(PROPERTIES, term.slice(0, colon))
    ? PROPERTIES[term.slice(0, colon)](c, l, term.slice(colon + 1), h)
    : null;
  if (test) {
    return (hit, from, to) => {
      for (let i = from; i < to; i++) if (test(i)) hit[i] = 1;
    };
  }
  const fields = termHits(c, l, term);
  const more = deep?.get(term);
  return (hit, from, to) => {
    fields(hit, from, to);
    if (more) { for (let i = from; i < to; i++) hit[i] |= more[i]; }
  };
}

/**
 * Entries a search step covers: on 50,000 entries a term is searched in
 * seven steps, each a few ms on a laptop at a quarter of its speed.
 */
export const SEARCH_STEP = 8192;

/**
 * Searches one file: its lower-cased fields are built on the first search
 * (or beforehand, {@link HarSearch.prepare}), and the last answer is
 * remembered, so toggling a chip does not search again. One per file (the
 * page keeps it beside the file's columns).
 */
export class HarSearch {
  #lowered: Lowered | null = null;
  #last: {
    q: string;
    deep: DeepMasks | null;
    patterns: PatternMasks | null;
    mask: Uint8Array | null;
  } | null = null;

  /**
   * A searcher over `columns`, the file's columns, and `headers`, its
   * header names when known (both kept, never copied).
   */
  constructor(
    readonly columns: HarColumns,
    readonly headers: HeaderNames | null = null,
  ) {}

  /**
   * 1 for entries matching every search term (and none of the `-` terms),
   * else 0; null when the search is empty. `deep`, when given, adds to
   * each text term the entries holding it in headers or bodies (a term it
   * lacks is matched by the fields alone). `patterns`, when given, are
   * the `/pattern/` terms' answers, and a pattern is never tested here
   * (see {@link HarSearch.steps} for one it lacks); else each is tested
   * here.
   */
  mask(
    q: string,
    deep: DeepMasks | null = null,
    patterns: PatternMasks | null = null,
  ): Uint8Array | null {
    const steps = this.steps(q, deep, patterns);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * Lowers the file's fields, as its first search does, in the steps it
   * takes them in (stopping after each; none once they are): for a page to
   * do it in idle time after a file loads, before any key needs it.
   */
  *prepare(): Generator<void, void> {
    const c = this.columns;
    while (!(this.#lowered ??= LOWERED.get(c)?.done ?? null)) {
      lowerStep(c);
      yield;
    }
  }

  /**
   * {@link HarSearch.mask} in steps: the generator stops after each step
   * of lower-casing the fields (the file's first search) and after each
   * {@link SEARCH_STEP} entries of each term, so a page can let a key in
   * between and drop a search a newer one replaced. Its answer, once it
   * is done, is the one `mask` then gives without searching again. When
   * `patterns` lacks one of the query's patterns, there is no answer yet:
   * null at once, remembered for nothing (the page waits for the mask).
   */
  *steps(
    q: string,
    deep: DeepMasks | null = null,
    patterns: PatternMasks | null = null,
  ): Generator<void, Uint8Array | null> {
    const last = this.#last;
    if (
      last && last.q === q && last.deep === deep && last.patterns === patterns
    ) return last.mask;
    if (patterns && patternTerms(q).some((t) => !patterns.has(t))) return null;
    const c = this.columns;
    const terms = wordsOf(q);
    let mask: Uint8Array | null = null;
    if (terms.length) {
      yield* this.prepare();
      const l = this.#lowered!;
      mask = new Uint8Array(c.n).fill(1);
      for (const t of terms) {
        const exclude = t.length > 1 && t.startsWith("-");
        const fill = hits(
          c,
          l,
          this.headers,
          exclude ? t.slice(1) : t,
          deep,
          patterns,
        );
        const hit = new Uint8Array(c.n);
        for (let from = 0; from < c.n; from += SEARCH_STEP) {
          const to = Math.min(c.n, from + SEARCH_STEP);
          fill(hit, from, to);
          for (let i = from; i < to; i++) {
            if (hit[i] === (exclude ? 1 : 0)) mask[i] = 0;
          }
          yield;
        }
      }
    }
    this.#last = { q, deep, patterns, mask };
    return mask;
  }
}

/** {@link HarSearch.mask} once, for a caller that keeps no searcher. */
export function searchMask(
  c: HarColumns,
  q: string,
  headers: HeaderNames | null = null,
  deep: DeepMasks | null = null,
  patterns: PatternMasks | null = null,
): Uint8Array | null {
  return new HarSearch(c, headers).mask(q, deep, patterns);
}
