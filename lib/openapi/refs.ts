/**
 * Local `$ref` resolution (JSON Reference, RFC 6901 pointers in a URI
 * fragment). Only references into the same document (`#/...`) are followed:
 * the viewer never fetches, so a reference to another file is reported, not
 * resolved. Chains are followed with a visited set, so cycles end in an error
 * instead of a frozen tab.
 */
import { clip } from "../shared/parse_error.ts";

/** Result of following a `$ref` chain. */
export interface Deref {
  /** The value at the end of the chain (the input when it is not a `$ref`). */
  value: unknown;
  /** Why the chain could not be followed to the end, when it could not. */
  error?: string;
  /** The last `$ref` followed (or the one that failed). */
  ref?: string;
}

const MISSING = Symbol("missing");

/** True for a plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The `$ref` (or 2020-12 `$dynamicRef`) string of `v`, when it has one. */
export function refOf(v: unknown): string | null {
  if (!isObject(v)) return null;
  const r = v.$ref;
  if (typeof r === "string") return r;
  // JSON Schema 2020-12 §8.2.3.2: `$dynamicRef: "#node"` names the schema
  // whose `$dynamicAnchor` is `node`; read statically, as the document's
  // first such anchor (what it means unless another schema extends it).
  const d = v.$dynamicRef;
  return typeof d === "string" ? d : null;
}

/**
 * Last segment of a `$ref`, decoded: `#/components/schemas/Pet` → `Pet`;
 * an anchor's name without its `#` (`#node` → `node`).
 */
export function refName(ref: string): string {
  const slash = ref.lastIndexOf("/");
  const last = slash >= 0
    ? ref.slice(slash + 1) || ref
    : ref.startsWith("#") && ref.length > 1
    ? ref.slice(1)
    : ref;
  try {
    return clip(
      decodeURIComponent(last).replace(/~1/g, "/").replace(/~0/g, "~"),
    );
  } catch {
    return clip(last);
  }
}

/**
 * `target` as the Reference Object `raw` presents it: its own `summary` and
 * `description` override the component's (OpenAPI 3.1 §4.8.23), so a
 * shared parameter or response reads as this use describes it. `target`
 * itself when `raw` overrides nothing.
 */
export function asReferenced(
  raw: unknown,
  target: Record<string, unknown>,
): Record<string, unknown> {
  if (refOf(raw) === null) return target;
  const r = raw as Record<string, unknown>;
  let out = target;
  for (const k of ["summary", "description"]) {
    if (typeof r[k] === "string") {
      if (out === target) out = { ...target };
      out[k] = r[k];
    }
  }
  return out;
}

/** Decodes one pointer segment: percent-escapes first (URI fragment), then `~1` and `~0` (RFC 6901 §4, §6). */
function segment(raw: string): string {
  let s = raw;
  if (s.includes("%")) {
    try {
      s = decodeURIComponent(s);
    } catch { /* keep the raw text: a literal % in a key */ }
  }
  return s.includes("~") ? s.replace(/~1/g, "/").replace(/~0/g, "~") : s;
}

/**
 * The JSON pointer a local `$ref` names (`#/components/schemas/Pet` →
 * `/components/schemas/Pet`), still escaped as RFC 6901 writes it; "" for
 * a reference to another document.
 */
export function refPointer(ref: string): string {
  if (!ref.startsWith("#")) return "";
  const frag = ref.slice(1);
  if (!frag.includes("%")) return frag;
  try {
    return decodeURIComponent(frag);
  } catch {
    return frag;
  }
}

/** A JSON pointer one key deeper (RFC 6901 §3: `~` and `/` escaped). */
export function childPointer(pointer: string, key: string | number): string {
  const k = String(key);
  return `${pointer}/${
    k.includes("~") || k.includes("/")
      ? k.replace(/~/g, "~0").replace(/\//g, "~1")
      : k
  }`;
}

/**
 * Answers computed once per object of one document: through YAML aliases
 * one object (a path item, a `required` list) can sit under thousands of
 * keys. Its resolver keeps it, so it lives and dies with the document.
 */
export class Memo {
  #tables = new Map<string, WeakMap<object, unknown>>();

  /** `make(key)` the first time `table` is asked for `key`, then its answer. */
  get<K extends object, V>(table: string, key: K, make: (key: K) => V): V {
    let t = this.#tables.get(table);
    if (!t) this.#tables.set(table, t = new WeakMap());
    if (t.has(key)) return t.get(key) as V;
    const v = make(key);
    t.set(key, v);
    return v;
  }
}

/** OpenAPI versions whose schemas apply the keywords beside a `$ref`. */
const SIBLINGS_APPLY = /^(3\.[1-9]|[4-9]\.)/;

/** `raw`'s reference as the first `allOf` part of its other keywords. */
function withSiblings(raw: Record<string, unknown>): Record<string, unknown> {
  // `$dynamicRef` takes its siblings as `$ref` does (2020-12 §8.2.3).
  const key = typeof raw.$ref === "string" ? "$ref" : "$dynamicRef";
  const { [key]: ref, ...siblings } = raw;
  if (Object.keys(siblings).length === 0) return raw;
  // A sibling `allOf` joins the reference's (not replaced by it).
  const more = Array.isArray(siblings.allOf) ? siblings.allOf : [];
  return { ...siblings, allOf: [{ [key]: ref }, ...more] };
}

/**
 * The base a relative `$self` is read against: a name of no real host
 * (RFC 6761 §6.4 `.invalid`), so no reference can mean it by chance.
 */
const SELF_BASE = "https://document.invalid/";

/** Characters of a schema's resolved `$id` at most (see `#index`). */
const MAX_ID_URL = 4096;

/** Nodes walked to find the `$anchor`s of a document. */
const MAX_ANCHOR_NODES = 1_000_000;

/** Names that lead to a schema, each → its JSON pointer. */
interface Names {
  /** `$anchor` and `$dynamicAnchor` names. */
  anchors: Map<string, string>;
  /** Schema `$id`s, absolute, without a fragment. */
  ids: Map<string, string>;
  /**
   * Each `$ref` object inside a schema with an `$id` of its own (an
   * embedded resource): that `$id` (the base its references are read
   * against, JSON Schema 2020-12 §8.2.1) and the resource's pointer.
   */
  bases: WeakMap<object, { base: URL; at: string }>;
}

/** Resolves local references within one parsed document, with a cache. */
export class RefResolver {
  #root: unknown;
  #cache = new Map<string, unknown>();
  /**
   * The document's `$anchor`/`$dynamicAnchor` names and schema `$id`s
   * (absolute, no fragment), each → the JSON pointer of its schema; read
   * by one bounded walk, the first time a reference needs them.
   */
  #names: Names | null = null;
  /** {@link local}'s answers for references that are not `#…`. */
  #locals = new Map<string, string>();
  /**
   * {@link deref}'s answers, for each `$ref` object a chain followed to
   * its end went through: a chain is walked once, not once per link
   * (a named schema per link of a 5,000-long chain had taken minutes).
   */
  #ends = new WeakMap<object, Readonly<Deref>>();
  /** {@link #inResource}'s answers, for each `$ref` object asked. */
  #inside = new WeakMap<object, { ref: string; local: string | null }>();
  /** Per-object answers about this document (see {@link Memo}). */
  readonly memo: Memo = new Memo();
  /**
   * Follows `$ref`s as schemas read them ({@link read}: 3.1's keywords
   * beside a reference applied), for merging `allOf` and reading flags.
   */
  readonly schemas: { deref(value: unknown): Deref } = {
    deref: (v) => this.deref(this.read(v)),
  };

  /**
   * The text the document was read from, "" when not known: read again
   * only for what a parse forgets (written_integers.ts).
   */
  readonly source: string;

  /** `root` is the whole parsed document; `source`, its text when known. */
  constructor(root: unknown, source = "") {
    this.#root = root;
    this.source = source;
  }

  /**
   * Resolves from `root` from now on: a document first seen through a view
   * of its pieces (yaml_pieces.ts), once it is read whole. What was
   * answered stays cached: it is what the whole document holds.
   */
  rebase(root: unknown): void {
    this.#root = root;
    this.#names = null;
    this.#locals.clear();
  }

  /**
   * The document's own URI (OpenAPI 3.2 `$self`), absolute; null without
   * one. A relative `$self` (`/apis/pets/openapi.yaml`) is read against
   * {@link SELF_BASE}: the document's base is unknown, but references
   * relative to it resolve against `$self` alike (OpenAPI 3.2 §4.3, RFC
   * 3986 §5.1), so `openapi.yaml#/…` still names this document.
   */
  #self(): URL | null {
    const self = isObject(this.#root) ? this.#root.$self : undefined;
    if (typeof self !== "string") return null;
    try {
      return new URL(self, SELF_BASE);
    } catch {
      return null;
    }
  }

  /**
   * `ref` as a reference within this document (`#/components/…`, `#name`)
   * when it names the document itself by its `$self` (OpenAPI 3.2 §4.3:
   * the base URI of its references), or a schema of it by that schema's
   * `$id` (JSON Schema 2020-12 §8.2.1, an embedded resource); otherwise
   * `ref` as given (another document). Relative references resolve
   * against `$self`; an `$id` is read against the `$id`s and `$self`
   * around it.
   */
  local(ref: string): string {
    // `#` and `#/…`: a pointer already, the common case.
    if (ref.startsWith("#") && (ref.length === 1 || ref[1] === "/")) {
      return ref;
    }
    let hit = this.#locals.get(ref);
    if (hit === undefined) this.#locals.set(ref, hit = this.#localOf(ref));
    return hit;
  }

  #localOf(ref: string): string {
    // A plain name (`#node`): the schema whose `$anchor` (or
    // `$dynamicAnchor`) it is (JSON Schema 2020-12 §8.2.2), by its
    // pointer, so it is named and located as any reference to it.
    if (ref.startsWith("#")) {
      const at = this.#index().anchors.get(ref.slice(1));
      return at === undefined ? ref : `#${at}`;
    }
    const self = this.#self();
    let url: URL;
    try {
      url = self ? new URL(ref, self) : new URL(ref);
    } catch {
      return ref; // relative, with no base to read it against
    }
    const frag = url.hash;
    url.hash = "";
    const key = url.href;
    if (self) {
      self.hash = "";
      if (self.href === key) return frag || "#";
    }
    const at = this.#index().ids.get(key);
    if (at === undefined) return ref;
    // A name after the `$id` is an anchor (looked up document-wide).
    return frag.startsWith("#/") || frag.length <= 1
      ? `#${at}${frag.slice(1)}`
      : this.local(frag);
  }

  /**
   * The anchors and `$id`s of the document (see {@link #names}): one
   * bounded walk in document order, each object once (YAML aliases), the
   * first of a name kept.
   */
  #index(): Names {
    if (this.#names) return this.#names;
    const anchors = new Map<string, string>();
    const ids = new Map<string, string>();
    const bases = new WeakMap<object, { base: URL; at: string }>();
    const self = this.#self();
    const seen = new Set<unknown>();
    // Each node with its pointer, its base URI and its resource's pointer
    // ("" for the document itself).
    const stack: [unknown, string, URL | null, string][] = [[
      this.#root,
      "",
      self,
      "",
    ]];
    let left = MAX_ANCHOR_NODES;
    while (stack.length && --left > 0) {
      const [v, at, base, resource] = stack.pop()!;
      if (typeof v !== "object" || v === null || seen.has(v)) continue;
      seen.add(v);
      // Children pushed last first: the walk meets them in document order.
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) {
          stack.push([v[i], childPointer(at, i), base, resource]);
        }
        continue;
      }
      const o = v as Record<string, unknown>;
      for (const a of [o.$anchor, o.$dynamicAnchor]) {
        if (typeof a === "string" && !anchors.has(a)) anchors.set(a, at);
      }
      let here = base;
      let inside = resource;
      // A base past a URL's usual length names nothing more: `$id: a/`
      // nested thousands deep would make each URL longer than the last
      // and the walk quadratic.
      if (
        typeof o.$id === "string" && at !== "" &&
        (base?.href.length ?? 0) + o.$id.length <= MAX_ID_URL
      ) {
        try {
          const id = base ? new URL(o.$id, base) : new URL(o.$id);
          id.hash = "";
          if (!ids.has(id.href)) ids.set(id.href, at);
          here = id;
          inside = at;
        } catch { /* a relative $id with no base: names nothing here */ }
      }
      if (inside && here && typeof (o.$ref ?? o.$dynamicRef) === "string") {
        bases.set(o, { base: here, at: inside });
      }
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        // A `%` in a key is escaped: the pointer is read back as a URI
        // fragment, percent-decoded (see `segment`).
        const key = keys[i].includes("%")
          ? keys[i].replace(/%/g, "%25")
          : keys[i];
        stack.push([o[keys[i]], childPointer(at, key), here, inside]);
      }
    }
    return this.#names = { anchors, ids, bases };
  }

  /**
   * `ref` written in `holder` (a `$ref` object) as a local reference:
   * as {@link local} reads it, else, where that names another file or
   * nothing, against the schema resource around `holder`.
   */
  localIn(holder: unknown, ref: string): string {
    const r = this.local(ref);
    if (r.startsWith("#") && this.pointer(r) !== undefined) return r;
    return this.#inResource(holder, ref) ?? r;
  }

  /**
   * `ref`, written in `holder`, read against the `$id` of the schema
   * resource around it (JSON Schema 2020-12 §8.2.1: `#/$defs/x` there is
   * that schema's `$defs`, `address` a sibling of its `$id`), as a local
   * reference; null when `holder` is in no such resource or it names
   * nothing known. Asked only when the document-wide reading failed.
   */
  #inResource(holder: unknown, ref: string): string | null {
    if (!isObject(holder)) return null;
    const known = this.#inside.get(holder);
    if (known?.ref === ref) return known.local;
    const local = this.#inResourceOf(holder, ref);
    this.#inside.set(holder, { ref, local });
    return local;
  }

  #inResourceOf(holder: object, ref: string): string | null {
    const ctx = this.#index().bases.get(holder);
    if (!ctx) return null;
    if (ref.startsWith("#/") || ref === "#") return `#${ctx.at}${ref.slice(1)}`;
    if (ref.startsWith("#")) return null; // an anchor: document-wide
    let url: URL;
    try {
      url = new URL(ref, ctx.base);
    } catch {
      return null;
    }
    const frag = url.hash;
    url.hash = "";
    const at = this.#index().ids.get(url.href);
    if (at === undefined) return null;
    return frag.startsWith("#/") || frag.length <= 1
      ? `#${at}${frag.slice(1)}`
      : null;
  }

  /**
   * The value a single `$ref` points at, or `undefined` when the pointer
   * leads nowhere; external references give `undefined`. Throws only what
   * a view of a document's pieces throws, where it cannot tell.
   */
  pointer(ref: string): unknown {
    ref = this.local(ref);
    let hit = this.#cache.get(ref);
    if (hit === undefined) {
      hit = this.#walk(ref);
      this.#cache.set(ref, hit);
    }
    return hit === MISSING ? undefined : hit;
  }

  #walk(ref: string): unknown {
    if (!ref.startsWith("#")) return MISSING;
    const frag = ref.slice(1);
    if (frag === "") return this.#root;
    // A plain name left as it is (`#node`): no schema has that anchor
    // (see `local`).
    if (!frag.startsWith("/")) return MISSING;
    let cur: unknown = this.#root;
    for (const raw of frag.slice(1).split("/")) {
      const key = segment(raw);
      if (Array.isArray(cur)) {
        if (!/^(0|[1-9][0-9]*)$/.test(key)) return MISSING;
        cur = cur[Number(key)];
      } else if (isObject(cur) && Object.hasOwn(cur, key)) {
        cur = cur[key];
      } else return MISSING;
      if (cur === undefined) return MISSING;
    }
    return cur;
  }

  /**
   * `raw` as a schema reads: in OpenAPI 3.1 and later (JSON Schema 2020-12
   * §8.2.3.1) the keywords beside a `$ref` apply too, so `{$ref: X,
   * maxLength: 5}` reads as `{maxLength: 5, allOf: [{$ref: X}]}`, one
   * object per `raw` (callers memoize on it); 3.0 (§4.7.24) and 2.0 ignore
   * them. `raw` itself when nothing stands beside its reference.
   */
  read(raw: unknown): unknown {
    if (!isObject(raw) || refOf(raw) === null) return raw;
    const v = isObject(this.#root) ? this.#root.openapi : undefined;
    if (typeof v !== "string" || !SIBLINGS_APPLY.test(v)) return raw;
    return this.memo.get("siblings", raw, withSiblings);
  }

  /** Follows `$ref` after `$ref` from `value` until a non-reference. */
  deref(value: unknown): Deref {
    let cur = value;
    let ref: string | undefined;
    // Most chains are one hop: a set of the refs seen only from the second.
    let first: string | undefined;
    let seen: Set<string> | undefined;
    const links: object[] = [];
    for (let r = refOf(cur); r !== null; r = refOf(cur)) {
      // A link a chain went through to its end before: the same end (a
      // cycle through the links before it would have been one there too).
      const end = this.#ends.get(cur as object);
      if (end) {
        for (const l of links) this.#ends.set(l, end);
        return end;
      }
      links.push(cur as object);
      r = this.localIn(cur, r);
      ref = r;
      if (!r.startsWith("#")) {
        return this.#ended(links, {
          value: cur,
          ref,
          error: `$ref "${
            clip(r)
          }" points to another file, which the viewer does not load`,
        });
      }
      if (r === first || seen?.has(r)) {
        return {
          value: cur,
          ref,
          error: `$ref "${clip(r)}" is part of a reference cycle`,
        };
      }
      if (first === undefined) first = r;
      else (seen ??= new Set([first])).add(r);
      const next = this.pointer(r);
      if (next === undefined) {
        return this.#ended(links, {
          value: cur,
          ref,
          error: `$ref "${clip(r)}" points to nothing in this document`,
        });
      }
      cur = next;
    }
    return this.#ended(links, { value: cur, ref });
  }

  /**
   * `end`, remembered as the end of each of `links`: the same wherever
   * the chain is entered (a cycle's message names where it was entered,
   * so it is not remembered).
   */
  #ended(links: readonly object[], end: Deref): Deref {
    const frozen = Object.freeze(end);
    for (const l of links) this.#ends.set(l, frozen);
    return frozen;
  }
}
