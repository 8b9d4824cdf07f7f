/**
 * Compares two schemas where an operation uses them (a parameter, a body,
 * a response header) and records what a client would notice. Each pair of
 * schema objects is compared once per direction and role, whatever the
 * number of paths leading to it, so shared components, cycles and YAML
 * aliases cost one visit each; a change found inside a named component is
 * placed at the component (`schema Charge: amount`) and listed with every
 * operation that reaches it.
 *
 * The direction decides the level: a request schema that accepts less
 * breaks clients that send what it used to accept; a response schema that
 * may hold more (a new enum value, a raised maximum, a new null) breaks
 * clients that read what it used to promise.
 */
import { CompareLimitError, type Level, levelRank } from "./types.ts";
import { formatCount } from "../../shared/format.ts";
import { isObject, refName, refOf } from "../refs.ts";
import type { Report } from "./report.ts";
import { Scope } from "./report.ts";
import type { SchemaAt } from "./model.ts";
import {
  type Alternative,
  type BoundName,
  BOUNDS,
  json,
  type Link,
  linkPointer,
  OTHER_KEYWORDS,
  type SchemaReader,
  type SchemaView,
} from "./schema_view.ts";
import { codeSpan } from "./code_span.ts";

/** Which way the data flows: what the client sends, or what it reads. */
export type Direction = "request" | "response";

/** What the schema is to the operation. */
export type Role = "parameter" | "header" | "body" | "property";

/** Where a comparison starts. */
export interface Context {
  dir: Direction;
  role: Role;
  /** The start of `where`: `request body`, `query parameter limit`. */
  root: string;
  /** The thing itself in a sentence: `request body`, `query parameter \`limit\``. */
  subject: string;
  /** The parameter's or header's name, which its nested properties start with. */
  name?: string;
  /**
   * How sentences call this side (`request`, `response`), when not its
   * direction: a webhook's payload is read by the client (`payload`).
   */
  word?: string;
}

interface Place extends Context {
  /** Property path below the root (`data[].id`), "" at the root. */
  path: string;
  /**
   * At an alternative: the names the object holding it requires of every
   * alternative, in the base and in the revision (JSON Schema applies its
   * `required` whichever alternative matches).
   */
  required?: readonly [ReadonlySet<string>, ReadonlySet<string>];
}

/** A pair waiting to be compared. */
interface Task {
  scope: Scope;
  /** The schema objects compared (null: "anything"). */
  bt: object | null;
  rt: object | null;
  b: () => SchemaView;
  r: () => SchemaView;
  at: Place;
  /** The links that lead to the pair, when a property or items do. */
  links?: [Link, Link];
}

const ID_PREFIX: Record<Direction, Record<Role, string>> = {
  request: {
    parameter: "request-parameter",
    header: "request-parameter",
    body: "request-body",
    property: "request-property",
  },
  response: {
    parameter: "response-property",
    header: "response-header",
    body: "response-body",
    property: "response-property",
  },
};

/**
 * The pair with a side's `unevaluatedProperties` read as the
 * `additionalProperties` the other side writes in its place, where it
 * means the same (`SchemaView.unevaluated`): a rewrite from one to the
 * other changes nothing. Changes of `unevaluatedProperties` alone keep
 * their own ids.
 */
function asAdditional(
  b: SchemaView,
  r: SchemaView,
): [SchemaView, SchemaView] {
  const onlyAdditional = (v: SchemaView) =>
    v.additional !== null && !v.others.has("unevaluatedProperties");
  const read = (v: SchemaView): SchemaView => {
    const others = new Map(v.others);
    others.delete("unevaluatedProperties");
    return { ...v, additional: v.unevaluated!, others };
  };
  if (b.unevaluated !== undefined && onlyAdditional(r)) return [read(b), r];
  if (r.unevaluated !== undefined && onlyAdditional(b)) return [b, read(r)];
  return [b, r];
}

/** A schema taking anything: where one side has no `anyOf` beside its `oneOf`. */
const ANYTHING_RAW: Readonly<Record<string, never>> = Object.freeze({});

/** oasdiff's id for a value lost from a response body's own enum. */
const MEDIATYPE_ENUM_REMOVED = "response-mediatype-enum-value-removed";

/**
 * The id's start for a place: `request-property-…`; a property inside a
 * parameter's schema (a `deepObject` query) is `request-parameter-property-…`.
 */
function idPrefix(at: Place): string {
  return at.role === "property" && at.name !== undefined && at.dir === "request"
    ? "request-parameter-property"
    : ID_PREFIX[at.dir][at.role];
}

/**
 * A property's change id in the family of its place: inside a parameter's
 * schema (a `deepObject` query, a 3.2 `querystring`) every id says
 * `request-parameter-property`, as {@link idPrefix} does for its type and
 * bounds (`request-property-became-required` →
 * `request-parameter-property-became-required`).
 */
function family(id: string, at: Place): string {
  return idPrefix(at) === "request-parameter-property"
    ? id.replace("request-property", "request-parameter-property")
    : id;
}

/** Compares schema pairs of two documents, each pair once. */
export class SchemaDiff {
  #report: Report;
  #base: SchemaReader;
  #rev: SchemaReader;
  #maxPairs: number;
  #pairs = 0;
  #memo = new Map<object, Map<object, Map<string, Scope>>>();
  #work: Task[] = [];
  #equal = new WeakMap<object, WeakMap<object, boolean>>();
  #alike = new WeakMap<object, WeakMap<object, number>>();
  #prints = new WeakMap<SchemaView, string[]>();
  /** Each alternative's view without its nullability (see {@link #unnulled}). */
  #unnulledViews = new WeakMap<SchemaView, SchemaView>();
  #printIds = new Map<string, string>();
  #enums = new WeakMap<SchemaView, string[]>();
  #values = new WeakMap<object, string>();
  #texts = new WeakMap<object, string>();
  #alikeBudget = MAX_ALIKE_TOTAL;

  constructor(
    report: Report,
    base: SchemaReader,
    rev: SchemaReader,
    maxPairs: number,
  ) {
    this.#report = report;
    this.#base = base;
    this.#rev = rev;
    this.#maxPairs = maxPairs;
  }

  /** Distinct schema pairs compared so far (bounded by `maxPairs`). */
  get pairs(): number {
    return this.#pairs;
  }

  /**
   * Compares the schemas `base` and `rev` used as `ctx` says; returns the
   * scope holding what was found (attach an operation to it), or null when
   * either side has no schema.
   */
  compare(
    base: SchemaAt | null,
    rev: SchemaAt | null,
    ctx: Context,
  ): Scope | null {
    if (!base || !rev) return null;
    const scope = this.#pair(
      this.#base.view(base.raw, base.pointer),
      this.#rev.view(rev.raw, rev.pointer),
      { ...ctx, path: "" },
    );
    // Pairs are compared from a work list, not by recursion: a chain of a
    // thousand components, or a schema nested 10,000 levels, costs a list
    // entry per level, never a stack frame.
    for (let task = this.#work.pop(); task; task = this.#work.pop()) {
      this.#run(task);
    }
    return scope;
  }

  /** The scope of the schemas two links lead to, compared when needed. */
  #link(bl: Link, rl: Link, at: Place): Scope {
    return this.#enqueue(
      this.#base.target(bl.raw),
      this.#rev.target(rl.raw),
      () => this.#base.view(bl.raw, bl),
      () => this.#rev.view(rl.raw, rl),
      at,
      [bl, rl],
    );
  }

  /** The memo's scopes of the pair `b`, `r` (created on first use). */
  #scopes(b: object, r: object): Map<string, Scope> {
    let m = this.#memo.get(b);
    if (!m) this.#memo.set(b, m = new Map());
    let byRev = m.get(r);
    if (!byRev) m.set(r, byRev = new Map());
    return byRev;
  }

  #pair(b: SchemaView, r: SchemaView, at: Place): Scope {
    return this.#enqueue(b.obj, r.obj, () => b, () => r, at);
  }

  /**
   * The scope of the pair of schema objects `bt`, `rt` at `at`: the memo's,
   * or a new one whose comparison joins the work list. The views are read
   * only when the pair is compared and turns out not written alike.
   */
  #enqueue(
    bt: object | null,
    rt: object | null,
    b: () => SchemaView,
    r: () => SchemaView,
    at: Place,
    links?: [Link, Link],
  ): Scope {
    const key = scopeKey(at);
    let scope: Scope | undefined;
    let byRev: Map<string, Scope> | undefined;
    if (bt && rt) {
      byRev = this.#scopes(bt, rt);
      scope = byRev.get(key);
      if (scope) return scope;
    }
    if (++this.#pairs > this.#maxPairs) {
      throw new CompareLimitError(
        `The documents hold more than ${
          formatCount(this.#maxPairs)
        } distinct schema pairs to compare (at ${where(at)})`,
      );
    }
    scope = new Scope();
    byRev?.set(key, scope);
    this.#work.push({ scope, bt, rt, b, r, at, links });
    return scope;
  }

  /** Compares one pair into its scope; further pairs join the work list. */
  #run(task: Task): void {
    const { scope, bt, rt } = task;
    let at = task.at;
    if (
      bt && rt && this.#same(bt, rt) && !this.#base.subtyped(bt) &&
      !this.#rev.subtyped(rt)
    ) {
      // Written alike: only what they reference may differ (a discriminated
      // schema's subtypes are written elsewhere, and compared below), unless
      // a component they reference became read-only or stopped being so: a
      // property of theirs did, said where they are compared.
      if (this.#references(scope, bt, rt, at)) return;
    }
    const [b, r] = asAdditional(task.b(), task.r());
    // A named component is its own place: what changes inside it is said
    // once, wherever it is used. The same component on both sides is said
    // as a schema whether a body, an array's items or a property reaches
    // it, so each reach finds the same change and the report lists it once
    // with all their operations; a body that now names another component
    // is still a change of that body.
    if (
      b.name && b.name === r.name &&
      (at.role === "property" || at.role === "body")
    ) {
      at = {
        ...at,
        role: "property",
        root: `schema ${r.name}`,
        path: "",
        name: undefined,
      };
    }
    const bi = b.inner ? this.#base.view(b.inner.raw, b.inner) : b;
    const ri = r.inner ? this.#rev.view(r.inner.raw, r.inner) : r;
    if ((b.inner || r.inner) && bi.name && ri.name) {
      // One side annotates a component the other names (or both do): the
      // annotations belong here, the component's own changes to it. A side
      // that only names it is pointed at where it names it (the property),
      // not at the component.
      const here = (v: SchemaView, l: Link | undefined) =>
        v.inner || !l ? v : { ...v, pointer: linkPointer(l) };
      this.#annotations(
        scope,
        here(b, task.links?.[0]),
        here(r, task.links?.[1]),
        at,
      );
      scope.reach(this.#pair(bi, ri, at));
      return;
    }
    this.#annotations(scope, b, r, at);
    // A side that could not be read (another file, a broken `$ref`) is
    // unknown, not "anything": nothing is claimed against it (no type
    // change, no bound set), the note it left (`ref-not-followed`) says why.
    if (unread(b) || unread(r)) return;
    const alts = this.#alternatives(b, r);
    // Types read off alternatives are compared as the alternatives.
    this.#shape(scope, b, r, at, !alts || !(b.altTyped || r.altTyped), alts);
    // An array that became an object (or the like) is one change: its
    // properties are not compared with items that are no longer there.
    // A request schema that now takes anything takes every property the
    // old one listed: the widened type says it all.
    if (at.dir === "request" && unconstrained(r)) return;
    if (alts || !disjoint(b, r)) this.#children(scope, b, r, at, alts);
    if (b.also || r.also) {
      // An `anyOf` beside a `oneOf`: compared as the schema it is, one side
      // without it taking anything there.
      const none = (v: SchemaView): Link => ({
        raw: ANYTHING_RAW,
        under: "",
        key: "",
        known: v.pointer,
      });
      scope.reach(this.#link(b.also ?? none(b), r.also ?? none(r), at));
    }
  }

  /**
   * What the revision's `items` (`rl`, null when unsaid: anything) takes at
   * a tuple position the base listed as `bl`: the same schema, less (it
   * takes nothing: `false`), more (anything), or other.
   */
  #tail(bl: Link, rl: Link | null): "same" | "less" | "more" | "other" {
    const bt = this.#base.target(bl.raw);
    const rt = rl ? this.#rev.target(rl.raw) : null;
    if (bt && rt && this.#same(bt, rt)) return "same";
    const was = this.#base.view(bl.raw, bl);
    const now = rl ? this.#rev.view(rl.raw, rl) : null;
    const never = (v: SchemaView | null) =>
      v !== null && v.types?.length === 0 &&
      unconstrained({ ...v, types: null });
    const any = (v: SchemaView | null) => v === null || unconstrained(v);
    if ((any(was) && any(now)) || (never(was) && never(now))) return "same";
    return never(now) ? "less" : any(now) ? "more" : "other";
  }

  /**
   * What a tuple position the revision lists (`rl`) takes against what the
   * base took there, its `items` (`bl`; null when unsaid: anything).
   */
  #listed(bl: Link | null, rl: Link): "same" | "less" | "more" | "other" {
    const now = this.#rev.view(rl.raw, rl);
    const anyNow = unconstrained(now);
    if (!bl) return anyNow ? "same" : "less";
    const was = this.#base.view(bl.raw, bl);
    if (was.types?.length === 0 && unconstrained({ ...was, types: null })) {
      return "more"; // nothing was allowed there
    }
    if (unconstrained(was)) return anyNow ? "same" : "less";
    const t = this.#tail(bl, rl);
    return t;
  }

  /**
   * The alternatives of two schemas paired, or null when neither side has
   * any. A schema without alternatives facing one with them counts as a
   * list of one (an `anyOf: [Circle, Square]` that became `Circle` lost
   * `Square`), when it pairs with one of them; else null, and the two are
   * compared as schemas.
   */
  #alternatives(b: SchemaView, r: SchemaView): AltMatch | null {
    if (!b.alts && !r.alts) return null;
    const kind = (b.alts ?? r.alts)!.kind === "oneOf" ? "one-of" : "any-of";
    const [pairs, lost, gained] = matchAlternatives(
      b.alts?.list ?? [itself(b)],
      r.alts?.list ?? [itself(r)],
      (x, y) => {
        const bt = this.#base.target(x.raw), rt = this.#rev.target(y.raw);
        return bt !== null && rt !== null && this.#same(bt, rt);
      },
      (x, y) => this.#likeness(x, y),
      (a, before) => {
        const t = (before ? this.#base : this.#rev).target(a.raw);
        if (!t) return undefined;
        let text = this.#texts.get(t);
        if (text === undefined) this.#texts.set(t, text = json(t)!);
        return text;
      },
      (a, before) => {
        const reader = before ? this.#base : this.#rev;
        return this.#print(
          reader,
          this.#unnulled(reader.view(a.raw, a)),
          PRINT_DEPTH,
        );
      },
    );
    if ((!b.alts || !r.alts) && !pairs.length) return null;
    return { kind, pairs, lost, gained, own: !!b.alts && !!r.alts };
  }

  /**
   * True when the revision's alternative `y` is the base's schema `x` as
   * it was: written alike, or meaning the same {@link PRINT_DEPTH} levels
   * down (the likeness alternatives pair by).
   */
  #keeps(x: Alternative, y: Alternative): boolean {
    const bt = this.#base.target(x.raw), rt = this.#rev.target(y.raw);
    if (bt !== null && rt !== null && this.#same(bt, rt)) return true;
    return this.#print(this.#base, this.#base.view(x.raw, x), PRINT_DEPTH) ===
      this.#print(this.#rev, this.#rev.view(y.raw, y), PRINT_DEPTH);
  }

  /**
   * An alternative's view as alternatives pair by: whether null passes is
   * the schema's, read off them all (schema_view.ts), so one that only
   * stopped saying it (3.0's `nullable` moved beside the `oneOf`) is the
   * same alternative. The same object each time, so its print is kept.
   */
  #unnulled(v: SchemaView): SchemaView {
    if (!v.nullable) return v;
    let u = this.#unnulledViews.get(v);
    if (!u) this.#unnulledViews.set(v, u = { ...v, nullable: false });
    return u;
  }

  /**
   * What a schema means, as text, `depth` levels down (see
   * {@link fingerprint}); each view's once.
   */
  #print(reader: SchemaReader, v: SchemaView, depth: number): string {
    let byDepth = this.#prints.get(v);
    if (!byDepth) this.#prints.set(v, byDepth = []);
    const known = byDepth[depth];
    if (known !== undefined) return known;
    const child = (l: Link | null | false) =>
      l && depth > 0
        ? this.#print(reader, reader.view(l.raw, l), depth - 1)
        : "";
    // A child's print is a short id, so a parent's text is its own fields
    // and a few ids: linear, however many levels and children.
    const text = fingerprint(v, child, this.#enumTexts(v));
    let id = this.#printIds.get(text);
    if (id === undefined) {
      this.#printIds.set(text, id = `#${this.#printIds.size}`);
    }
    byDepth[depth] = id;
    return id;
  }

  /**
   * A value as stable text ({@link json}), an object's once: YAML aliases
   * put one huge value in many enums.
   */
  #valueText(x: unknown): string {
    if (typeof x !== "object" || x === null) return json(x) ?? "";
    let t = this.#values.get(x);
    if (t === undefined) this.#values.set(x, t = json(x) ?? "");
    return t;
  }

  /**
   * A view's enum values as sorted texts, the first ones within one budget
   * for the whole enum (a hostile enum of huge objects is cut, once).
   */
  #enumTexts(v: SchemaView): string[] | null {
    if (!v.enum) return null;
    let t = this.#enums.get(v);
    if (!t) {
      t = [];
      let budget = MAX_ENUM_TEXT;
      for (const x of v.enum) {
        if (t.length >= MAX_LIKENESS_NAMES) break;
        const text = this.#valueText(x);
        budget -= text.length;
        if (budget < 0) break;
        t.push(text);
      }
      t.sort();
      this.#enums.set(v, t);
    }
    return t;
  }

  /**
   * {@link likeness} of two alternatives, read as schemas (so `nullable`
   * and a `"null"` type, an enum and a `const`, `allOf` parts in any order
   * read alike), each pair once.
   */
  #likeness(x: Alternative, y: Alternative): number {
    const bt = this.#base.target(x.raw), rt = this.#rev.target(y.raw);
    if (!bt || !rt) return 0;
    let m = this.#alike.get(bt);
    if (!m) this.#alike.set(bt, m = new WeakMap());
    let n = m.get(rt);
    if (n === undefined) {
      const b = this.#base.view(x.raw, x), r = this.#rev.view(y.raw, y);
      n = likeness(b, r, this.#enumTexts(b), this.#enumTexts(r));
      m.set(rt, n);
    }
    return n;
  }

  /**
   * True when two schema objects are written alike, `$ref`s compared as
   * written (most of a new version is the old one: comparing their text
   * costs far less than reading them as schemas).
   */
  #same(a: object, b: object): boolean {
    let m = this.#equal.get(a);
    if (!m) this.#equal.set(a, m = new WeakMap());
    let same = m.get(b);
    if (same === undefined) {
      // Past the budget every pair is compared as schemas (memoized), so
      // YAML aliases fanning out cannot make the text comparison explode.
      const nodes = Math.min(MAX_ALIKE_NODES, this.#alikeBudget);
      const [alike, used] = writtenAlike(a, b, nodes);
      this.#alikeBudget -= used;
      same = alike;
      m.set(b, same);
    }
    return same;
  }

  /**
   * Compares what two schemas written alike reference, pair by pair: a
   * change inside a referenced component is still found, and placed there.
   */
  #references(scope: Scope, a: object, b: object, at: Place): boolean {
    const hidden = at.dir === "request" ? "readOnly" : "writeOnly";
    const child: Place = { ...at, role: "property" };
    const key = scopeKey(child);
    const [xs, ys] = referencePairs(a, b, hidden);
    // A referenced component hidden on one side only (`readOnly` dropped in
    // a request): the property naming it is shown or hidden now, which
    // only the schemas' own comparison says (see #children).
    for (let i = 0; i < xs.length; i++) {
      const bt = this.#base.target(xs[i]), rt = this.#rev.target(ys[i]);
      if (
        bt && rt &&
        ((bt as Record<string, unknown>)[hidden] === true) !==
          ((rt as Record<string, unknown>)[hidden] === true)
      ) return false;
    }
    for (let i = 0; i < xs.length; i++) {
      // Most references lead to a pair already compared: found without
      // reading either schema (a thousand-way fan-out costs lookups only).
      const bt = this.#base.target(xs[i]), rt = this.#rev.target(ys[i]);
      if (bt && rt) {
        // Hidden on both sides (one side alone returned above): never
        // sent (read), so nothing inside it can break that side.
        if (bt[hidden] === true) continue;
        const known = this.#scopes(bt, rt).get(key);
        if (known) {
          scope.reach(known);
          continue;
        }
      }
      const x = xs[i], y = ys[i];
      scope.reach(
        this.#enqueue(
          bt,
          rt,
          () => this.#base.view(x, ""),
          () => this.#rev.view(y, ""),
          child,
        ),
      );
    }
    return true;
  }

  #add(
    scope: Scope,
    at: Place,
    b: SchemaView,
    r: SchemaView,
    suffix: string,
    level: Level,
    text: string,
  ): void {
    this.#report.add(scope, {
      id: suffix === MEDIATYPE_ENUM_REMOVED
        ? suffix
        : `${idPrefix(at)}-${suffix}`,
      level,
      where: where(at),
      pointer: { base: b.pointer || null, revision: r.pointer || null },
      text: `${subject(at)} ${text}`,
    });
  }

  /** Checks of what the schema says about its value: null, default, words. */
  #annotations(scope: Scope, b: SchemaView, r: SchemaView, at: Place): void {
    const req = at.dir === "request";
    const add = (suffix: string, level: Level, text: string) =>
      this.#add(scope, at, b, r, suffix, level, text);
    if (b.nullable !== r.nullable) {
      if (r.nullable) {
        add("became-nullable", req ? "info" : "breaking", "became nullable");
      } else {
        add(
          "became-not-nullable",
          req ? "breaking" : "info",
          "is no longer nullable",
        );
      }
    }
    const bd = json(b.default), rd = json(r.default);
    if (bd !== rd) {
      // Values are the document's text: code spans, as names are, so a
      // default cannot write Markdown of its own into a comment.
      const was = bd === undefined ? "" : codeSpan(bd);
      const is = rd === undefined ? "" : codeSpan(rd);
      // A client that leaves a parameter out gets the server's default:
      // another one, or none said, may change what it gets (oasdiff: an
      // error), which the document does not say enough to decide. One said
      // where none was names what the server did unsaid, and a property's
      // default only describes (info).
      const param = req && (at.role === "parameter" || at.role === "header");
      if (bd === undefined) {
        add("default-value-added", "info", `now has a default of ${is}`);
      } else if (rd === undefined) {
        add(
          "default-value-removed",
          param ? "warning" : "info",
          `no longer has a default (was ${was})`,
        );
      } else {
        add(
          "default-value-changed",
          param ? "warning" : "info",
          `default changed from ${was} to ${is}`,
        );
      }
    }
    if (b.deprecated !== r.deprecated && at.role !== "body") {
      if (r.deprecated) add("deprecated", "info", "was deprecated");
      else add("reactivated", "info", "is no longer deprecated");
    }
    // A parameter's or header's own description is compared with it (in
    // 2.0 the parameter is its own schema: the same words).
    if (
      b.description !== r.description &&
      (at.role === "property" || at.role === "body")
    ) {
      add("description-changed", "doc", "description changed");
    }
    if (
      (at.role === "property" || at.role === "body") &&
      json(b.example) !== json(r.example)
    ) {
      add("example-changed", "doc", "example changed");
    }
  }

  /**
   * A query, header or cookie parameter that became a list of what it was:
   * a client sending one value still sends a valid list (RFC 6570 form
   * expansion; OpenAPI 3.1 §4.8.12.4 `style: form`).
   */
  #becameList(b: SchemaView, r: SchemaView, at: Place): boolean {
    if (at.role !== "parameter" || at.root.startsWith("path ")) return false;
    if (b.types?.length !== 1 || b.types[0] === "array") return false;
    if (r.types?.join() !== "array" || !r.items) return false;
    return widens(b, this.#rev.view(r.items.raw, r.items));
  }

  /** Checks of the values the schema allows: type, enum, bounds, pattern. */
  #shape(
    scope: Scope,
    b: SchemaView,
    r: SchemaView,
    at: Place,
    types: boolean,
    alts: AltMatch | null = null,
  ): void {
    const req = at.dir === "request";
    const add = (suffix: string, level: Level, text: string) =>
      this.#add(scope, at, b, r, suffix, level, text);

    // A schema that says nothing of its type on one side, and on the other
    // only has `properties` or `items` (which limit no type), changed no
    // type: what changed is said by those keywords' own changes (a
    // required property removed). Two shapes (`properties` against
    // `items`), an enum's or const's values, and a format still compare.
    const inferred = !b.typeSaid && !r.typeSaid && b.format === r.format &&
      (b.types === null || r.types === null);
    // A side that takes null alone facing an enum: the values gained or
    // lost say all that changed, the type's change again would not.
    const valuesSay = (nullOnly(b) && r.enum !== null) ||
      (nullOnly(r) && b.enum !== null);
    const typeMoved = types && !sameTypes(b, r) && !inferred && !valuesSay;
    // A parameter that became a list still takes one value: only if the
    // list's bounds let one item through, which they say themselves.
    const becameList = typeMoved && this.#becameList(b, r, at);
    // A keyword of a type one side does not have came or went with its type
    // (`maxLength` of a string that became an object): the type's change
    // says it, once.
    const moot = (kind: JsonKind, had: boolean, has: boolean) =>
      typeMoved && !becameList && had !== has &&
      !limitsKind(had ? r : b, kind);
    let typeBroke = false;
    if (typeMoved) {
      const typeText = `${typeName(b)} to ${typeName(r)}`;
      // oasdiff's ids: a 3.1 list of types (`[string, integer]`) that
      // gained or lost a type is `list-of-types-widened`/`-narrowed`; one
      // type that took in another (integer to number) `type-generalized`,
      // breaking in a response, whose reader gets values it never did.
      const listed = b.types !== null && r.types !== null &&
        (b.types.length > 1 || r.types.length > 1);
      const wider = listed ? "list-of-types-widened" : "type-generalized";
      const narrower = listed ? "list-of-types-narrowed" : "type-specialized";
      if (becameList) {
        add(
          "type-generalized",
          "info",
          `type widened from ${typeText} (one value is still a valid list)`,
        );
      } else if (req && widens(b, r)) {
        add(wider, "info", `type widened from ${typeText}`);
      } else if (!req && widens(r, b)) {
        add(narrower, "info", `type narrowed from ${typeText}`);
      } else if (!req && widens(b, r)) {
        add(wider, "breaking", `type widened from ${typeText}`);
        typeBroke = true;
      } else if (req && listed && widens(r, b)) {
        add(narrower, "breaking", `type narrowed from ${typeText}`);
        typeBroke = true;
      } else {
        add("type-changed", "breaking", `type changed from ${typeText}`);
        typeBroke = true;
      }
    }
    // Enums whose values changed kind with a type change that breaks
    // (`[1, 2]` that became `["1", "2"]`): every value lost and gained says
    // it again. Beside a widening, the values lost are the breaking news.
    if (!(typeBroke && b.enum && r.enum && disjointKinds(b.enum, r.enum))) {
      this.#enum(b, r, req, add, at);
    }
    this.#extensible(b, r, req, add);
    // The same string carrying other bytes (`image/png` → `image/jpeg`), or
    // the same bytes written another way (`base64` → `base64url`): neither
    // side reads what the other writes (oasdiff's ids).
    for (const k of ["contentMediaType", "contentEncoding"] as const) {
      const x = b[k], y = r[k];
      if (x === y) continue;
      if (!x || !y) {
        // An encoding said or dropped beside a format written on both
        // sides (`format: binary`): the string's bytes are now encoded, or
        // no longer (2020-12 Validation §8.3), which no format change says.
        // Without one the format read off it (`byte`) moved and says it.
        if (
          k === "contentEncoding" && b.format === r.format &&
          b.types?.includes("string") && r.types?.includes("string")
        ) {
          add(
            "content-encoding-changed",
            "breaking",
            x
              ? `no longer has ${codeSpan(k)} ${codeSpan(x)}`
              : `now has ${codeSpan(k)} ${codeSpan(y)}`,
          );
        }
        continue;
      }
      add(
        k === "contentEncoding"
          ? "content-encoding-changed"
          : "content-media-type-changed",
        "breaking",
        `${codeSpan(k)} changed from ${codeSpan(x)} to ${codeSpan(y)}`,
      );
    }
    for (const bound of BOUNDS) {
      const had = b.bounds[bound] !== undefined;
      const has = r.bounds[bound] !== undefined;
      if (moot(BOUND_KINDS[bound], had, has)) continue;
      // `minimum: 0` that became exclusive (`exclusiveMinimum: true` in
      // 3.0, or `exclusiveMinimum: 0`) is one change, the exclusive
      // bound's: the inclusive one at the same number did not go.
      const twin = bound === "min"
        ? "exclusive-min"
        : bound === "max"
        ? "exclusive-max"
        : null;
      if (
        twin && had !== has &&
        (had
          ? r.bounds[twin] === b.bounds[bound]
          : b.bounds[twin] === r.bounds[bound])
      ) continue;
      this.#bound(bound, b, r, req, add);
    }
    if (!moot("number", b.multipleOf !== null, r.multipleOf !== null)) {
      this.#multiples(b, r, req, add);
    }
    if (
      b.uniqueItems !== r.uniqueItems &&
      !moot("array", b.uniqueItems, r.uniqueItems)
    ) {
      // Narrower (no repeats) breaks what a client sends; wider, what it reads.
      const narrower = r.uniqueItems;
      add(
        narrower ? "unique-items-set" : "unique-items-unset",
        narrower === req ? "breaking" : "info",
        narrower ? "now holds no repeated items" : "may now repeat items",
      );
    }
    this.#discriminator(b, r, req, add, alts);
    // A conditional limits values only when `if` has a `then` or an `else`
    // (2020-12 Core §10.2.2: each is ignored without `if`, and `if` alone
    // asserts nothing): it came or went as one, said once.
    const cond = (v: SchemaView) =>
      v.others.has("if") && (v.others.has("then") || v.others.has("else"));
    const condWas = cond(b), condIs = cond(r);
    let condSaid = false;
    for (const k of OTHER_KEYWORDS) {
      const x = b.others.get(k), y = r.others.get(k);
      if (x === y) continue;
      if (k === "dependentRequired") {
        this.#dependentRequired(x, y, req, add);
        continue;
      }
      const conditional = k === "if" || k === "then" || k === "else";
      if (conditional && condWas !== condIs && condSaid) continue;
      condSaid ||= conditional;
      // kebab-case of the keyword: `dependentRequired` → `dependent-required`;
      // oasdiff names a map of schemas by one entry (`pattern-property-added`).
      const id = k === "patternProperties"
        ? "pattern-property"
        : k === "dependentSchemas"
        ? "dependent-schema"
        : k.replace(/[A-Z]/g, (c: string) => `-${c.toLowerCase()}`);
      // Whether each side's value limits what passes, for the keywords
      // whose direction is plain (NARROWING); null for the others, whose
      // change stays a warning.
      const limits = (
        text: string | undefined,
        v: SchemaView,
        had: boolean,
      ) =>
        text !== undefined &&
        (conditional ? had : limitsValues(k, text, v));
      // `patternProperties` beside `additionalProperties` (either side)
      // moves the names it matches out of that keyword's reach (2020-12
      // Core §10.3.2.3): it may take in what was refused, so its direction
      // is not plain.
      const narrowing = conditional ||
        (NARROWING.has(k) &&
          !(k === "patternProperties" &&
            (b.additional !== null || r.additional !== null)));
      const was = narrowing ? limits(x, b, condWas) : null;
      const is = narrowing ? limits(y, r, condIs) : null;
      // Narrower breaks what a client sends; wider, what it reads; a value
      // that limits on both sides, changed, may do either.
      let level: Level = was === null || (was && is)
        ? "warning"
        : !was && !is
        ? "info"
        : is === req
        ? "breaking"
        : "info";
      // `unevaluatedProperties: false` closes an object as
      // `additionalProperties: false` does, and is ranked as that is
      // (#additional): set where other properties were left unsaid, or
      // lifted from a response, a warning.
      if (
        k === "unevaluatedProperties" && level === "breaking" &&
        (req ? y === "false" && b.additional === null : x === "false")
      ) level = "warning";
      add(
        x === undefined
          ? `${id}-added`
          : y === undefined
          ? `${id}-removed`
          : `${id}-changed`,
        level,
        x === undefined
          ? `now has ${codeSpan(k)}`
          : y === undefined
          ? `no longer has ${codeSpan(k)}`
          : `${codeSpan(k)} changed`,
      );
    }
    if (
      b.pattern !== r.pattern &&
      !moot("string", b.pattern !== null, r.pattern !== null)
    ) {
      // A pattern added to a request narrows what was any string, as a
      // maxLength set does (breaking; oasdiff: an error). One changed may
      // or may not take what clients send, which the document does not
      // say: a warning, as oasdiff and §9's table rank it.
      if (b.pattern === null) {
        add(
          "pattern-added",
          req ? "breaking" : "info",
          `gained pattern ${codeSpan(r.pattern ?? "")}`,
        );
      } else if (r.pattern === null) {
        add(
          "pattern-removed",
          req ? "info" : "warning",
          `lost pattern ${codeSpan(b.pattern)}`,
        );
      } else if (req && r.pattern === ".*") {
        add(
          "pattern-generalized",
          "info",
          `pattern relaxed from ${codeSpan(b.pattern)} to \`.*\``,
        );
      } else {
        add(
          "pattern-changed",
          "warning",
          `pattern changed from ${codeSpan(b.pattern)} to ${
            codeSpan(r.pattern)
          }`,
        );
      }
    }
  }

  /**
   * `dependentRequired` (2020-12 §6.5.4): a property that brings others
   * along is a `required` list that applies when it is present, compared
   * as one: a name now required with another refuses what a client sent
   * (breaking in a request), one no longer required drops what a client
   * read (breaking in a response, as a required property made optional).
   */
  #dependentRequired(
    x: string | undefined,
    y: string | undefined,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
  ): void {
    const read = (s: string | undefined): Record<string, unknown> => {
      try {
        const v = s ? JSON.parse(s) : {};
        return isObject(v) ? v : {};
      } catch {
        return {};
      }
    };
    const was = read(x), is = read(y);
    const names = (o: Record<string, unknown>, k: string) =>
      new Set(Array.isArray(o[k]) ? o[k].map(String) : []);
    const gained: string[] = [], lost: string[] = [];
    for (const k of new Set([...Object.keys(was), ...Object.keys(is)])) {
      const before = names(was, k), after = names(is, k);
      const more = [...after].filter((n) => !before.has(n));
      const fewer = [...before].filter((n) => !after.has(n));
      if (more.length) gained.push(`with ${codeSpan(k)}, ${list(more)}`);
      if (fewer.length) lost.push(`with ${codeSpan(k)}, ${list(fewer)}`);
    }
    if (gained.length) {
      add(
        "dependent-required-added",
        req ? "breaking" : "info",
        `now requires ${gained.join("; ")}`,
      );
    }
    if (lost.length) {
      add(
        "dependent-required-removed",
        req ? "info" : "breaking",
        `no longer requires ${lost.join("; ")}`,
      );
    }
  }

  #enum(
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
    at: Place,
  ): void {
    if (!b.enum && !r.enum) return;
    // Null alone against no enum: its type's change says it, not an enum
    // of no values that came or went.
    if ((nullOnly(b) && !r.enum) || (nullOnly(r) && !b.enum)) return;
    // A 3.1 `const` on either side, no enum beside it: oasdiff's const
    // checks. One value that became another is every value the client
    // sent refused, and every value it reads new.
    const bc = onlyConst(b), rc = onlyConst(r);
    if ((bc || rc) && (bc || !b.enum) && (rc || !r.enum)) {
      const was = bc ? codeSpan(this.#valueText(b.const)) : "";
      const is = rc ? codeSpan(this.#valueText(r.const)) : "";
      if (was === is) return;
      if (bc && rc) {
        add("const-changed", "breaking", `const changed from ${was} to ${is}`);
      } else if (rc) {
        add(
          "const-added",
          req ? "breaking" : "info",
          `now has to be ${is} (const)`,
        );
      } else {add(
          "const-removed",
          req ? "info" : "warning",
          `no longer has to be ${was} (const)`,
        );}
      return;
    }
    if (!b.enum) {
      add(
        "became-enum",
        req ? "breaking" : "info",
        `became an enum (${list(r.enum!)})`,
      );
      return;
    }
    if (!r.enum) {
      add(
        "enum-removed",
        req ? "info" : "warning",
        "is no longer limited to an enum",
      );
      return;
    }
    if (
      b.enum.length === r.enum.length &&
      b.enum.every((v, i) => v === r.enum![i])
    ) return; // the same scalars in the same order: the usual case
    const had = new Set(b.enum.map((v) => this.#valueText(v)));
    const has = new Set(r.enum.map((v) => this.#valueText(v)));
    for (const v of had) {
      if (has.has(v)) continue;
      // oasdiff names a response body's own enum by its media type, an id
      // outside the place's family.
      const suffix = !req && at.role === "body"
        ? MEDIATYPE_ENUM_REMOVED
        : "enum-value-removed";
      add(suffix, req ? "breaking" : "info", `lost enum value ${codeSpan(v)}`);
    }
    for (const v of has) {
      if (!had.has(v)) {
        add(
          "enum-value-added",
          req ? "info" : "warning",
          `gained enum value ${codeSpan(v)}`,
        );
      }
    }
  }

  /**
   * `x-extensible-enum`: the values a server knows today, in a list that
   * promises to grow, so a client that reads one must take new ones (a
   * value gained, or lost from a response: info). A value a client sends
   * that the request's list no longer names is one the server may refuse,
   * as an enum value removed (oasdiff: an error).
   */
  #extensible(
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
  ): void {
    if (!b.extensible && !r.extensible) return;
    const had = new Set((b.extensible ?? []).map((v) => this.#valueText(v)));
    const has = new Set((r.extensible ?? []).map((v) => this.#valueText(v)));
    for (const v of had) {
      if (has.has(v)) continue;
      add(
        "x-extensible-enum-value-removed",
        req ? "breaking" : "info",
        `lost x-extensible-enum value ${codeSpan(v)}`,
      );
    }
    for (const v of has) {
      if (had.has(v)) continue;
      add(
        "x-extensible-enum-value-added",
        "info",
        `gained x-extensible-enum value ${codeSpan(v)}`,
      );
    }
  }

  /**
   * `multipleOf`: a revision's step that every value of the base's is a
   * multiple of (0.01 → 0.001) accepts more; any other accepts less.
   */
  #multiples(
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
  ): void {
    const x = b.multipleOf, y = r.multipleOf;
    if (x === y) return;
    const wider = y === null || (x !== null && isMultiple(x, y));
    // In words, as a bound is (see boundSaid).
    const text = y === null
      ? `no longer has to be a multiple of ${x}`
      : x === null
      ? `now has to be a multiple of ${y}`
      : `now has to be a multiple of ${y} (was ${x})`;
    const suffix = y === null
      ? "multiple-of-unset"
      : x === null
      ? "multiple-of-set"
      : "multiple-of-changed";
    // Narrower breaks what a client sends; wider, what it reads.
    add(suffix, wider === req ? "info" : "breaking", text);
  }

  /**
   * A discriminator's property and its mapping: a client picks (or reads)
   * the schema by that value, so a renamed property breaks both sides; a
   * value dropped or pointed elsewhere breaks a client that sends it, a
   * value added one that reads (as an enum value, warning).
   */
  #discriminator(
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
    alts: AltMatch | null,
  ): void {
    // A component renamed is the same alternative (paired above): a value
    // that names it under its new name picks what it picked.
    const renamed = new Map(alts?.pairs.map(([x, y]) => [x.label, y.label]));
    if (b.discriminator !== r.discriminator) {
      if (b.discriminator && r.discriminator) {
        add(
          "discriminator-property-name-changed",
          "breaking",
          `discriminator changed from ${codeSpan(b.discriminator)} to ${
            codeSpan(r.discriminator)
          }`,
        );
      } else if ((b.discriminator ? b : r).alts?.list.length === 1) {
        // A discriminator over one alternative picks nothing: that schema
        // written on its own is no change of the choice.
      } else if (b.discriminator) {
        add(
          "discriminator-removed",
          "warning",
          "no longer has a discriminator",
        );
      } else add("discriminator-added", "info", "now has a discriminator");
      return;
    }
    for (const [value, target] of b.mapping) {
      const now = r.mapping.get(value);
      if (now === undefined) {
        add(
          "discriminator-mapping-deleted",
          req ? "breaking" : "info",
          `discriminator value ${codeSpan(value)} was removed`,
        );
      } else if (
        refTail(now) !== refTail(target) &&
        renamed.get(refTail(target)) !== refTail(now)
      ) {
        add(
          "discriminator-mapping-changed",
          "breaking",
          `discriminator value ${codeSpan(value)} now names ${
            codeSpan(
              refTail(now),
            )
          } (was ${codeSpan(refTail(target))})`,
        );
      }
    }
    for (const value of r.mapping.keys()) {
      if (b.mapping.has(value)) continue;
      add(
        "discriminator-mapping-added",
        req ? "info" : "warning",
        `discriminator value ${codeSpan(value)} was added`,
      );
    }
    this.#defaultMapping(b, r, req, add, renamed);
  }

  /**
   * 3.2's `defaultMapping` (OpenAPI 3.2, Discriminator Object): the
   * schema a payload is read by when it lacks the discriminator's property
   * or carries a value no mapping names. Only such payloads meet it, and
   * the document does not say whether a client sends (or a server writes)
   * any: another schema there may refuse them, a warning, as oasdiff ranks
   * what it cannot decide (it has no check of its own for this keyword).
   * One gone leaves a request's such payloads no schema (a warning), a
   * response's none to meet (info); one added takes in requests no value
   * named (info) and may hand a reader a value it never met (a warning,
   * as a mapping value added).
   */
  #defaultMapping(
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
    renamed: Map<string, string>,
  ): void {
    const x = b.defaultMapping, y = r.defaultMapping;
    if (x === y) return;
    const was = refTail(x), is = refTail(y);
    if (x && y) {
      if (was === is || renamed.get(was) === is) return;
      add(
        "discriminator-default-mapping-changed",
        "warning",
        `discriminator's \`defaultMapping\` now names ${codeSpan(is)} (was ${
          codeSpan(was)
        })`,
      );
    } else if (x) {
      add(
        "discriminator-default-mapping-removed",
        req ? "warning" : "info",
        `discriminator's \`defaultMapping\` (${codeSpan(was)}) was removed`,
      );
    } else {
      add(
        "discriminator-default-mapping-added",
        req ? "info" : "warning",
        `discriminator's \`defaultMapping\` (${codeSpan(is)}) was added`,
      );
    }
  }

  #bound(
    bound: BoundName,
    b: SchemaView,
    r: SchemaView,
    req: boolean,
    add: (suffix: string, level: Level, text: string) => void,
  ): void {
    const x = b.bounds[bound], y = r.bounds[bound];
    if (x === y) return;
    const upper = bound.startsWith("max") || bound === "exclusive-max";
    // Does the revision accept less (narrower) than the base?
    let narrower: boolean, suffix: string, text: string;
    if (x === undefined) {
      narrower = true;
      suffix = "set";
      text = `now has ${boundSaid(bound, y!)}`;
    } else if (y === undefined) {
      narrower = false;
      suffix = "unset";
      text = `no longer has ${boundSaid(bound, x)}`;
    } else {
      narrower = upper ? y < x : y > x;
      suffix = y < x ? "decreased" : "increased";
      text = `${BOUND_WORDS[bound]} ${
        y < x ? "lowered" : "raised"
      } from ${x} to ${y}`;
    }
    // Narrower breaks what a client sends; wider breaks what it reads,
    // unless an enum already keeps every value the client meets within the
    // bound it relied on: the values it sends (the base's) within the
    // revision's bound, the values it reads (the revision's) within the
    // base's (`maxLength: 5000` that became `enum: [auto, required]`).
    const [values, limit] = req ? [b.enum, y] : [r.enum, x];
    const fits = values !== null && limit !== undefined &&
      values.every((v) => withinBound(bound, limit, v));
    const level: Level = narrower === req && !fits ? "breaking" : "info";
    add(
      `${bound}-${suffix}`,
      level,
      narrower === req && fits
        ? `${text} (every value its enum allows is within ${limit})`
        : text,
    );
  }

  /**
   * `additionalProperties: false` set or lifted on an object: a request
   * that refuses properties it let through (said with a schema or `true`:
   * breaking; left unsaid, which JSON Schema reads as allowed: warning), or
   * a response that may now hold properties it promised it would not
   * (warning: a strict reader fails).
   */
  #additional(scope: Scope, b: SchemaView, r: SchemaView, at: Place): void {
    const bAllows = b.additional !== false, rAllows = r.additional !== false;
    if (bAllows === rAllows) return;
    const object = (v: SchemaView) =>
      v.props.size > 0 || (v.types?.includes("object") ?? false);
    if (!object(b) && !object(r)) return;
    const req = at.dir === "request";
    if (!rAllows) {
      this.#add(
        scope,
        at,
        b,
        r,
        "additional-properties-disallowed",
        req ? (b.additional ? "breaking" : "warning") : "info",
        "no longer allows properties it does not list",
      );
    } else {
      this.#add(
        scope,
        at,
        b,
        r,
        "additional-properties-allowed",
        req ? "info" : "warning",
        "now allows properties it does not list",
      );
    }
  }

  /**
   * The names `required` lists that no property compared here declares
   * (left undeclared, so any value goes, or declared in the alternatives):
   * a request must send them and a response holds them all the same (JSON
   * Schema validation 2020-12 §6.5.3). A name every alternative requires
   * is required here too, so moving it up changes nothing. Alternatives
   * on one side only, or lost or gained, are compared as such instead.
   */
  #requiredOnly(
    scope: Scope,
    b: SchemaView,
    r: SchemaView,
    at: Place,
    handled: ReadonlySet<string>,
    alts: AltMatch | null,
    inherited: Place["required"],
  ): void {
    // Alternatives on one side only, lost or gained say what changed of
    // theirs already.
    if (alts && (!alts.own || alts.lost.length || alts.gained.length)) return;
    const was = this.#mustHave(this.#base, b);
    const now = this.#mustHave(this.#rev, r);
    const req = at.dir === "request";
    // A read-only name is never sent, a write-only one never read (OpenAPI
    // 3.1 §4.8.24.1), wherever it is declared: its required says nothing
    // to that side.
    const flag = req ? "readOnly" : "writeOnly";
    const hidden = (reader: SchemaReader, v: SchemaView, name: string) =>
      [
        v,
        ...(v.alts?.list ?? []).slice(0, MAX_REQUIRED_ALTS).map((a) =>
          reader.view(a.raw, a)
        ),
      ].some((x) => {
        const l = x.props.get(name);
        return l !== undefined && reader.marked(l.raw, flag);
      });
    for (const name of new Set([...was, ...now])) {
      if (handled.has(name) || was.has(name) === now.has(name)) continue;
      if (hidden(this.#base, b, name) || hidden(this.#rev, r, name)) continue;
      // Required by the object holding this alternative all the same.
      if (
        inherited &&
        (was.has(name) || inherited[0].has(name)) ===
          (now.has(name) || inherited[1].has(name))
      ) continue;
      const required = now.has(name);
      const child = {
        ...at,
        role: "property" as const,
        path: join(at.path, name),
      };
      const word = required ? "required" : "optional";
      this.#report.add(scope, {
        id: family(
          `${req ? "request" : "response"}-property-became-${word}`,
          child,
        ),
        // As for a declared property: a request needing more, or a
        // response promising less, breaks.
        level: req === required ? "breaking" : "info",
        where: where(child),
        pointer: { base: b.pointer || null, revision: r.pointer || null },
        text: `${subject(child)} became ${word}`,
      });
    }
    // An untyped base took objects too: its `{}` is refused beside the
    // non-objects a `oneOf` now rules out, which its type change says.
    if (
      req && !alts && !b.alts && r.alts &&
      (b.types === null || typesCover(r, b))
    ) {
      this.#requiredByEach(scope, b, r, at, was, now);
    }
  }

  /**
   * A request schema without alternatives that became a `oneOf`/`anyOf`
   * pairing with none of them (`{}` → `oneOf: [{required: [a]},
   * {required: [b]}]`), its type no narrower: where every alternative
   * requires a name the base did not, a value the base took (`{}`) matches
   * none and is refused (JSON Schema validation 2020-12 §6.5.3, Core
   * §10.2.1.2-3), whichever alternative a client aims at. Each such name
   * became required in its alternative, as when the base pairs with one.
   * Names every alternative requires (`now`) were said already.
   */
  #requiredByEach(
    scope: Scope,
    b: SchemaView,
    r: SchemaView,
    at: Place,
    was: ReadonlySet<string>,
    now: ReadonlySet<string>,
  ): void {
    const list = r.alts!.list;
    if (list.length > MAX_REQUIRED_ALTS) return;
    const added = list.map((a) => {
      const v = this.#rev.view(a.raw, a);
      return [...this.#mustHave(this.#rev, v)].filter((n) =>
        !was.has(n) && !now.has(n) &&
        !this.#rev.marked(v.props.get(n)?.raw ?? {}, "readOnly")
      );
    });
    // One alternative that asks nothing new still takes what the base did.
    if (added.some((names) => !names.length)) return;
    list.forEach((a, i) => {
      for (const name of added[i]) {
        const child = {
          ...at,
          role: "property" as const,
          path: join(
            at.path ? `${at.path} (${a.label})` : `(${a.label})`,
            name,
          ),
        };
        this.#report.add(scope, {
          id: family("request-property-became-required", child),
          level: "breaking",
          where: where(child),
          pointer: { base: b.pointer || null, revision: linkPointer(a) },
          text: `${subject(child)} became required`,
        });
      }
    });
  }

  /**
   * The names an instance of `v` must have: its `required`, and those
   * every one of its alternatives requires (at most
   * {@link MAX_REQUIRED_ALTS} alternatives are read; past them, its own).
   */
  #mustHave(
    reader: SchemaReader,
    v: SchemaView,
    depth = 0,
  ): ReadonlySet<string> {
    const list = v.alts?.list ?? [];
    if (
      !list.length || list.length > MAX_REQUIRED_ALTS ||
      depth >= MAX_REQUIRED_DEPTH
    ) return v.required;
    // An alternative's own alternatives count for it (a oneOf in a oneOf).
    const [first, ...rest] = list.map((a) =>
      this.#mustHave(reader, reader.view(a.raw, a), depth + 1)
    );
    const common = [...first].filter((n) => rest.every((q) => q.has(n)));
    return common.length ? new Set([...v.required, ...common]) : v.required;
  }

  /** Properties, items, additional properties and alternatives. */
  #children(
    scope: Scope,
    b: SchemaView,
    r: SchemaView,
    at: Place,
    alts: AltMatch | null,
  ): void {
    const { required: inherited, ...here } = at;
    at = here;
    const req = at.dir === "request";
    // A read-only property is never sent, a write-only one never read
    // (OpenAPI 3.1 §4.8.24.1): its changes cannot break that side.
    const flag = req ? "readOnly" : "writeOnly";
    // Properties that only the alternatives hold on one side are compared
    // there, alternative with alternative.
    const own = !alts || alts.own || (b.alts ? b.props.size : r.props.size);
    const names = new Set(own ? [...b.props.keys(), ...r.props.keys()] : []);
    this.#requiredOnly(scope, b, r, at, names, alts, inherited);
    for (const name of names) {
      const bl = b.props.get(name), rl = r.props.get(name);
      const child = {
        ...at,
        role: "property" as const,
        path: join(at.path, name),
      };
      // Whether a side hides the property: read from the schema object,
      // not a full view (the view is read only if the pair is compared).
      const bh = bl ? this.#base.marked(bl.raw, flag) : false;
      const rh = rl ? this.#rev.marked(rl.raw, flag) : false;
      const bReq = b.required.has(name), rReq = r.required.has(name);
      const add = (id: string, level: Level, text: string) =>
        this.#report.add(scope, {
          id: family(id, child),
          level,
          where: where(child),
          pointer: {
            base: bl ? linkPointer(bl) : null,
            revision: rl ? linkPointer(rl) : null,
          },
          text: `${subject(child)} ${text}`,
        });
      // A property that became read-only in a request (write-only in a
      // response) is gone from that side, one that stopped being so is new
      // there: the same levels as a removal and an addition.
      const flagWord = req ? "read-only" : "write-only";
      if (bl && !bh && (!rl || rh)) {
        const flip = !!rl;
        const id = (removed: string) =>
          flip
            ? `${req ? "request" : "response"}-property-became-${flagWord}`
            : removed;
        const said = flip ? `became ${flagWord}` : "was removed";
        if (req) {
          // A warning, as §9's table has it, whether a server ignores the
          // property or refuses it; a revision that says it refuses what it
          // does not list says so in the sentence.
          add(
            id("request-property-removed"),
            "warning",
            !flip && closed(r)
              ? `${said}, and properties not listed are refused`
              : said,
          );
        } else if (bReq) {
          add(id("response-required-property-removed"), "breaking", said);
        } else {
          add(id("response-optional-property-removed"), "warning", said);
        }
        continue;
      }
      if (rl && !rh && (!bl || bh)) {
        const flip = !!bl;
        const id = (added: string) =>
          flip
            ? `${req ? "request" : "response"}-property-became-not-${flagWord}`
            : added;
        const said = flip ? `is no longer ${flagWord}` : "was added";
        if (req) {
          if (rReq) {
            // oasdiff names one with a default apart: still required, so
            // still refused when left out.
            const withDefault = !flip &&
              this.#rev.view(rl.raw, rl).default !== undefined;
            add(
              id(
                withDefault
                  ? "new-required-request-property-with-default"
                  : "new-required-request-property",
              ),
              "breaking",
              flip ? `${said} and is required` : "was added as required",
            );
          } else add(id("new-optional-request-property"), "info", said);
        } else {
          add(
            id(
              rReq
                ? "response-required-property-added"
                : "response-optional-property-added",
            ),
            "info",
            said,
          );
        }
        continue;
      }
      // Both sides have it, shown on this side (or hidden on both).
      if (!bl || !rl || (bh && rh)) continue;
      // An alternative whose own `required` changed while the object
      // holding it requires the name all the same (moved up or down)
      // changed nothing.
      const held = inherited &&
        (bReq || inherited[0].has(name)) === (rReq || inherited[1].has(name));
      if (bReq !== rReq && !rh && !held) {
        if (req) {
          if (rReq) {
            // oasdiff names one with a default apart, as a new one: still
            // refused when left out (the default is the server's).
            const withDefault =
              this.#rev.view(rl.raw, rl).default !== undefined;
            add(
              withDefault
                ? "request-property-became-required-with-default"
                : "request-property-became-required",
              "breaking",
              "became required",
            );
          } else {add(
              "request-property-became-optional",
              "info",
              "became optional",
            );}
        } else {
          if (bReq) {
            add(
              "response-property-became-optional",
              "breaking",
              "became optional",
            );
          } else {add(
              "response-property-became-required",
              "info",
              "became required",
            );}
        }
      }
      scope.reach(this.#link(bl, rl, child));
    }
    const deeper = (suffix: string, bl: Link, rl: Link) =>
      scope.reach(
        this.#link(bl, rl, { ...at, role: "property", path: at.path + suffix }),
      );
    // A side that says no type may be an array too (its items anything);
    // one that could not be read (another file, a broken `$ref`) says
    // nothing, and nothing below it is compared.
    const arrayOrAny = (v: SchemaView) =>
      (v.types === null && !v.note) || (v.types?.includes("array") ?? false);
    const objectOrAny = (v: SchemaView) =>
      (v.types === null && !v.note) || (v.types?.includes("object") ?? false);
    const never = (reader: SchemaReader, l: Link | null) => {
      if (!l) return false;
      const v = reader.view(l.raw, l);
      return v.types?.length === 0 && unconstrained({ ...v, types: null });
    };
    // A tuple closed (`items: false` beside `prefixItems`) or opened: said
    // of the tuple, not as items whose type became `never`.
    // Open past the positions: `items` unsaid, `true` or `{}`.
    const open = (reader: SchemaReader, l: Link | null) =>
      l === null || unconstrained(reader.view(l.raw, l));
    const sealed = (open(this.#base, b.items) && never(this.#rev, r.items)) ||
      (open(this.#rev, r.items) && never(this.#base, b.items));
    if (sealed && b.prefix.length && r.prefix.length) {
      const shut = never(this.#rev, r.items);
      this.#add(
        scope,
        at,
        b,
        r,
        shut ? "prefix-items-closed" : "prefix-items-opened",
        // Closed refuses a client's extra items; opened, a response may be
        // longer than a reader knew (as maxItems raised).
        shut === req ? "breaking" : "info",
        shut
          ? `no longer takes items past its ${r.prefix.length} listed`
          : `now takes items past its ${r.prefix.length} listed`,
      );
    } else if (b.items && r.items) deeper("[]", b.items, r.items);
    else if ((b.items || r.items) && arrayOrAny(b) && arrayOrAny(r)) {
      // Items said on one side only: the other's are anything (a tuple
      // that gained `items: false` no longer takes more than it lists; an
      // untyped `items` dropped lost what it required of each item).
      deeper("[]", b.items ?? unsaid(), r.items ?? unsaid());
    }
    // A tuple (3.1 `prefixItems`) by position; one longer or shorter is said
    // as a change of the array (its item bounds say the rest).
    const tuple = Math.min(b.prefix.length, r.prefix.length);
    for (let i = 0; i < tuple; i++) deeper(`[${i}]`, b.prefix[i], r.prefix[i]);
    if (b.prefix.length !== r.prefix.length) {
      const longer = r.prefix.length > b.prefix.length;
      const n = r.prefix.length;
      // A position no longer listed takes what the revision's `items` says
      // (JSON Schema 2020-12 §10.3.1.2), anything when it says nothing: the
      // same schema changes nothing, one that takes nothing (`items: false`)
      // takes less, anything takes more; another may do either (warning).
      let level: Level | null = null;
      // A position now listed took what the base's `items` said: nothing
      // past a closed tuple (the array may now be longer: as maxItems
      // raised), anything when unsaid (now limited), or another schema.
      for (let i = b.prefix.length; i < n; i++) {
        const now = this.#listed(b.items, r.prefix[i]);
        if (now === "same") continue;
        const l: Level = now === "other"
          ? "warning"
          : now === "less"
          ? (req ? "breaking" : "info")
          : (req ? "info" : "breaking");
        if (!level || levelRank(l) < levelRank(level)) level = l;
      }
      if (longer && !level) level = "info";
      for (let i = n; i < b.prefix.length; i++) {
        const bl = b.prefix[i];
        const now = this.#tail(bl, r.items);
        if (now === "same") {
          // Written alike: what it references may still change.
          if (r.items) deeper(`[${i}]`, bl, r.items);
          continue;
        }
        // Taking less refuses what a client sent, and sends a reader only
        // what it knew; taking more may hand a reader what it never met (as
        // any response constraint lifted: warning).
        const l: Level = now === "other"
          ? "warning"
          : now === "less"
          ? (req ? "breaking" : "info")
          : (req ? "info" : "warning");
        if (!level || levelRank(l) < levelRank(level)) level = l;
      }
      if (level) {
        this.#add(
          scope,
          at,
          b,
          r,
          longer ? "prefix-items-added" : "prefix-items-removed",
          level,
          `now lists ${n} position${
            n === 1 ? "" : "s"
          } (was ${b.prefix.length})`,
        );
      }
    }
    if (b.additional && r.additional) deeper(".*", b.additional, r.additional);
    else if (
      (b.additional || r.additional) && b.additional !== false &&
      r.additional !== false && objectOrAny(b) && objectOrAny(r) &&
      (!alts || alts.own) && !(b.additional ? r : b).alts
    ) {
      // A value schema said on one side only: unsaid is `{}`, any value
      // (JSON Schema 2020-12 §10.3.2.3), compared as the `items` above
      // (`false` is a closed object, said by `#additional`). Where the side
      // that leaves it unsaid has alternatives, they may each say it, and
      // are compared as alternatives.
      deeper(".*", b.additional || unsaid(), r.additional || unsaid());
    }
    this.#additional(scope, b, r, at);
    // Subtypes (components that extend a discriminated schema) pair by
    // name, the value on the wire: one renamed is a value removed and one
    // added, which the discriminator's mapping says.
    if (b.subtypes.length && r.subtypes.length) {
      const now = new Map(r.subtypes.map((x) => [x.label, x]));
      for (const x of b.subtypes) {
        const y = now.get(x.label);
        if (!y) continue;
        scope.reach(
          this.#link(x, y, {
            ...at,
            role: "property",
            path: at.path ? `${at.path} (${y.label})` : `(${y.label})`,
          }),
        );
      }
    }
    if (!alts) return;
    const add = (suffix: string, level: Level, text: string, p: Pointers) =>
      this.#report.add(scope, {
        id: `${idPrefix(at)}-${alts.kind}-${suffix}`,
        level,
        where: where(at),
        pointer: p,
        text: `${subject(at)} ${text}`,
      });
    // Each alternative knows what the object holding it requires.
    const required = [
      new Set([...b.required, ...(inherited?.[0] ?? [])]),
      new Set([...r.required, ...(inherited?.[1] ?? [])]),
    ] as const;
    // Whether null passes is the schema's, read off its alternatives
    // (schema_view.ts) and compared above: not again for each of them.
    const unnulled = (v: SchemaView) =>
      v.nullable ? { ...v, nullable: false } : v;
    for (const [x, y] of alts.pairs) {
      const label = at.path ? ` (${y.label})` : `(${y.label})`;
      scope.reach(
        this.#enqueue(
          this.#base.target(x.raw),
          this.#rev.target(y.raw),
          () => unnulled(this.#base.view(x.raw, x)),
          () => unnulled(this.#rev.view(y.raw, y)),
          { ...at, role: "property", path: at.path + label, required },
          [x, y],
        ),
      );
    }
    // An alternative kept as it was takes no more of what the `oneOf`
    // refuses (every string of one beside an untyped `{properties: …}`
    // matches both, 2020-12 Core §10.2.1.3): a request's that no longer
    // reaches a type was sent it, a response's that now reaches one never
    // sent it. Said once, as the type change it is.
    if (alts.kind === "one-of" && (b.altTyped || r.altTyped)) {
      for (const [x, y] of alts.pairs) {
        const bv = b.alts ? this.#base.view(x.raw, x) : b;
        const rv = r.alts ? this.#rev.view(y.raw, y) : r;
        if (!bv.types || !rv.types || !sameTypes(bv, rv)) continue;
        const was = (b.alts ? reachedTypes(b, bv) : bv.types) ?? [];
        const now = (r.alts ? reachedTypes(r, rv) : rv.types) ?? [];
        const [from, to] = req ? [was, now] : [now, was];
        const moved = from.find((t) =>
          !typesCover({ ...rv, types: to }, {
            ...rv,
            types: [t],
          })
        );
        if (moved === undefined) continue;
        this.#add(
          scope,
          at,
          b,
          r,
          "type-changed",
          "breaking",
          `type changed from ${typeName(b)} to ${typeName(r)}: a ${
            codeSpan(moved)
          } ${
            req
              ? `matches ${altName(y)} and another alternative, and is refused`
              : `matched ${
                altName(x)
              } and another alternative, and was never sent`
          }`,
        );
        break;
      }
    }
    // A request's `oneOf` refused a value two alternatives took: a lost
    // one every value of which the base refused (another alternative took
    // it too) was never sent, so losing it refuses nothing more.
    const before = req && alts.kind === "one-of" && b.alts &&
        b.discriminator === ""
      ? b.alts.list.slice(0, MAX_OVERLAP_ALTS).map((y) =>
        [y, this.#base.view(y.raw, y)] as const
      )
      : [];
    for (const a of alts.lost) {
      const view = before.length ? this.#base.view(a.raw, a) : null;
      const within = view
        ? before.find(([y, v]) =>
          y !== a && mayOverlap(v, view, false) &&
          nested(v, view) === "within"
        )
        : undefined;
      const none = within !== undefined ||
        (view !== null && tookNone(b, view));
      add(
        "removed",
        req && !none ? "breaking" : "info",
        `lost alternative ${
          within
            ? `${altName(a)}, every value of which ${
              altName(within[0])
            } took too: each matched both, so none was taken`
            : none
            ? `${
              altName(a)
            }, every value of which matched another alternative too, so none was taken`
            : altName(a)
        }`,
        { base: linkPointer(a), revision: r.pointer || null },
      );
    }
    // A response that may hold a new variant of a type it had is as an
    // enum that gained a value (warning): a client that reads it strictly
    // may fail. One of a type it never had (a string that may now be an
    // integer) breaks, as that type change written as `type` does.
    // A request schema wrapped in a `oneOf` that keeps it as one
    // alternative (`{$ref: A}` → `oneOf: [A, B]`): what a client sends
    // still matches A, but `oneOf` refuses a value that matches two
    // alternatives (2020-12 Core §10.2.1.3). Where B can take a value A
    // takes, a payload that passed may now be refused: one warning, with
    // oasdiff's id. Alternatives told apart (a discriminator, types or
    // closed objects that share no value) leave it info, as before.
    const wrapped = req && alts.kind === "one-of" && !b.alts && r.alts &&
      alts.pairs.length === 1;
    const overlapping = wrapped
      ? alts.gained.filter((a) =>
        mayOverlap(b, this.#rev.view(a.raw, a), r.discriminator !== "")
      )
      : [];
    if (overlapping.length) {
      const [was, kept] = alts.pairs[0];
      // The alternative it pairs with may be itself changed (properties
      // moved out to the others): not the original preserved, which is
      // oasdiff's other id. Its own changes are listed as they are; the
      // risk of a value matching two stays a warning either way, unless
      // it is certain.
      const same = this.#keeps(was, kept);
      // One that takes all the other takes (or all it takes is taken)
      // refuses those values for certain: breaking.
      const keptView = this.#rev.view(kept.raw, kept);
      const hows = overlapping.map((a) =>
        nested(keptView, this.#rev.view(a.raw, a))
      );
      this.#report.add(scope, {
        id: `${idPrefix(at)}-wrapped-in-one-of${
          same ? "-original-preserved" : ""
        }`,
        level: hows.some((h) => h !== "") ? "breaking" : "warning",
        where: where(at),
        pointer: { base: b.pointer || null, revision: r.pointer || null },
        text: `${subject(at)} was wrapped in a \`oneOf\` ${
          same ? "" : `as ${altName(kept)}, changed, `
        }beside ${
          takes(
            overlapping.map(altName).join(", "),
            same ? altName(kept) : "it",
            // Said of all when it holds of each alike.
            hows.every((h) => h === hows[0]) ? hows[0] : "",
          )
        }`,
      });
    }
    // A `oneOf` a request had gaining an alternative is the same risk as
    // the wrapping above: a value that matched one alternative kept may
    // match the new one too, and is refused. Where it may, a warning
    // (oasdiff's id; its level, info, does not weigh it); told apart, info.
    const kept = req && alts.kind === "one-of" && alts.own
      ? alts.pairs.slice(0, MAX_OVERLAP_ALTS).map(([, y]) =>
        [y, this.#rev.view(y.raw, y)] as const
      )
      : [];
    // The same alternatives under the other keyword: `anyOf` takes a value
    // that matches two of them, `oneOf` refuses it (2020-12 Core
    // §10.2.1.2-§10.2.1.3). A request's `anyOf` that became a `oneOf` may
    // refuse what a client sent, and a response's `oneOf` that became an
    // `anyOf` may hold what a client that reads exactly one cannot: a
    // warning where two alternatives the revision lists may share a value,
    // news otherwise and the other way round.
    const was = b.alts?.kind, now = r.alts?.kind;
    if (was && now && was !== now) {
      const views = r.alts!.list.slice(0, MAX_OVERLAP_ALTS).map((y) =>
        [y, this.#rev.view(y.raw, y)] as const
      );
      const risky = req === (now === "oneOf");
      let shared: [Alternative, Alternative] | null = null;
      // A request's two alternatives one of which takes all the other
      // takes: those values, sent before, are refused for certain.
      let sure = false;
      for (let i = 0; risky && !sure && i < views.length; i++) {
        for (let j = i + 1; j < views.length; j++) {
          const [x, y] = [views[i][1], views[j][1]];
          if (!mayOverlap(x, y, r.discriminator !== "")) continue;
          if (!shared) shared = [views[i][0], views[j][0]];
          if (req && nested(x, y)) {
            shared = [views[i][0], views[j][0]];
            sure = true;
            break;
          }
        }
      }
      const [from, to] = now === "oneOf" ? ["any-of", "one-of"] : [
        "one-of",
        "any-of",
      ];
      this.#report.add(scope, {
        id: `${idPrefix(at)}-${from}-became-${to}`,
        level: sure ? "breaking" : shared ? "warning" : "info",
        where: where(at),
        pointer: { base: b.pointer || null, revision: r.pointer || null },
        text: `${subject(at)} changed from \`${was}\` to \`${now}\`${
          !shared
            ? ""
            : req
            ? `: a value matching both ${altName(shared[0])} and ${
              altName(shared[1])
            } is refused`
            : `: a value may match both ${altName(shared[0])} and ${
              altName(shared[1])
            }`
        }`,
      });
    }
    // A response's `oneOf` refuses a value two alternatives take: a gained
    // one every value of which another alternative takes too (`integer`
    // beside `number`) sends none, and the response narrowed.
    const others = !req && alts.kind === "one-of" && r.alts &&
        r.discriminator === ""
      ? r.alts.list.slice(0, MAX_OVERLAP_ALTS).map((y) =>
        [y, this.#rev.view(y.raw, y)] as const
      )
      : [];
    for (const a of alts.gained) {
      if (overlapping.includes(a)) continue;
      const view = this.#rev.view(a.raw, a);
      // The types the whole schema takes apply to the alternative too: a
      // `type` beside the `oneOf`, or the kinds a `oneOf` refuses since
      // every value of them matches two untyped alternatives (a string
      // beside two `{properties: …}`, 2020-12 Core §10.2.1.3). One left
      // with no type takes no value, and is news only.
      const within = others.find(([y, v]) =>
        y !== a && mayOverlap(v, view, false) && nested(v, view) === "within"
      );
      const none = within !== undefined || tookNone(r, view);
      const newType = !req &&
        !typesCover(b, { ...view, types: reachedTypes(r, view) });
      const shared = kept.find(([, v]) =>
        mayOverlap(v, view, r.discriminator !== "")
      );
      const how = shared ? nested(shared[1], view) : "";
      add(
        "added",
        how
          ? "breaking"
          : none
          ? "info"
          : shared || (!req && !newType)
          ? "warning"
          : req
          ? "info"
          : "breaking",
        `gained alternative ${
          shared
            ? takes(altName(a), altName(shared[0]), how)
            : within
            ? `${altName(a)}, every value of which ${
              altName(within[0])
            } takes too: each matches both, so none is sent`
            : altName(a)
        }`,
        { base: b.pointer || null, revision: linkPointer(a) },
      );
    }
  }
}

/**
 * The types of an alternative that the whole schema `by` takes: a `type`
 * beside the `oneOf`, or the kinds the `oneOf` lets through (schema_view.ts
 * `oneOfKinds`), apply to each alternative too.
 */
function reachedTypes(by: SchemaView, v: SchemaView): string[] | null {
  return by.types && v.types
    ? v.types.filter((t) =>
      by.types!.includes(t) ||
      (t === "integer" && by.types!.includes("number"))
    )
    : v.types;
}

/**
 * Whether an alternative of `by` takes no value `by` lets through: it has
 * types, and none of them is one `by` takes.
 */
function tookNone(by: SchemaView, v: SchemaView): boolean {
  return v.types !== null && v.types.length > 0 &&
    reachedTypes(by, v)?.length === 0;
}

/** True for a schema that could not be read at all (its view is a note). */
function unread(v: SchemaView): boolean {
  return v.note !== "" && v.obj === null;
}

/**
 * A keyword's schema where a side leaves it unsaid (`items`,
 * `additionalProperties`): anything, written nowhere, so the changes it
 * takes part in point at nothing on that side (null, as §9 has it).
 */
function unsaid(): Link {
  return { raw: {}, under: "", key: "", known: "" };
}

/**
 * An alternative as a sentence names it: its label, and for one labelled
 * by its position the types it writes (`` `#2` (string) ``), which the
 * position alone does not say.
 */
function altName(a: Alternative): string {
  return a.kind ? `${codeSpan(a.label)} (${a.kind})` : codeSpan(a.label);
}

/** Nodes compared per pair before two schemas count as different. */
const MAX_ALIKE_NODES = 100_000;
/** Nodes compared as text in one comparison (Stripe's pair uses ~300,000). */
const MAX_ALIKE_TOTAL = 5_000_000;

/**
 * Whether `a` and `b` hold the same keys and values (keys in any order,
 * `$ref`s as written), and how many nodes it took to tell. Iterative and
 * bounded: a pair larger than `max` nodes counts as different and is
 * compared schema by schema instead.
 */
export function writtenAlike(
  a: unknown,
  b: unknown,
  max = MAX_ALIKE_NODES,
): [alike: boolean, nodes: number] {
  const stack: [unknown, unknown][] = [[a, b]];
  let left = max;
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (
      typeof x !== "object" || typeof y !== "object" || x === null ||
      y === null || Array.isArray(x) !== Array.isArray(y) || --left < 0
    ) return [false, max - left];
    if (Array.isArray(x)) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return [false, max - left];
      for (let i = 0; i < x.length; i++) stack.push([x[i], ya[i]]);
      continue;
    }
    const xo = x as Record<string, unknown>, yo = y as Record<string, unknown>;
    let n = 0;
    for (const k in xo) {
      if (!Object.hasOwn(yo, k)) return [false, max - left];
      stack.push([xo[k], yo[k]]);
      n++;
    }
    for (const _ in yo) n--;
    if (n !== 0) return [false, max - left];
  }
  return [true, max - left];
}

/** Keywords whose values are data, not schemas: never searched for `$ref`s. */
const DATA_KEYWORDS = new Set([
  "example",
  "examples",
  "default",
  "enum",
  "const",
]);

/**
 * The `$ref` objects of two schemas written alike, pair by pair, without
 * following them; subschemas marked `hidden` (`readOnly` in a request,
 * `writeOnly` in a response) are left out, as the comparison leaves them.
 */
function referencePairs(
  a: object,
  b: object,
  hidden: string,
): [object[], object[]] {
  const xs: object[] = [], ys: object[] = [];
  // Two stacks walked in step (the trees are alike): no pair per node.
  const sx: unknown[] = [a], sy: unknown[] = [b];
  const seen = new Set<unknown>();
  while (sx.length) {
    const x = sx.pop(), y = sy.pop();
    if (typeof x !== "object" || x === null || seen.has(x)) continue;
    seen.add(x);
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        sx.push(x[i]);
        sy.push((y as unknown[])[i]);
      }
      continue;
    }
    const xo = x as Record<string, unknown>, yo = y as Record<string, unknown>;
    if (x !== a && typeof xo.$ref === "string") {
      xs.push(xo);
      ys.push(yo);
      continue;
    }
    if (x !== a && xo[hidden] === true) continue;
    for (const k in xo) {
      if (!DATA_KEYWORDS.has(k) && !k.startsWith("x-")) {
        sx.push(xo[k]);
        sy.push(yo[k]);
      }
    }
  }
  return [xs, ys];
}

/**
 * Alternatives of two `oneOf`/`anyOf` lists paired: by `$ref` name or
 * title first; then each left with one written alike (a list reordered,
 * one alternative put in front, a `$ref` replaced by its copy: no change);
 * then an inline one with the most alike of the rest (`score`, above 0:
 * the same type, shared property names), so an edited or retitled
 * alternative is compared for what it holds. The rest are lost or gained.
 * Positions never pair two alternatives.
 */
export function matchAlternatives(
  before: readonly Alternative[],
  after: readonly Alternative[],
  alike: (a: Alternative, b: Alternative) => boolean,
  score: (a: Alternative, b: Alternative) => number,
  text: (a: Alternative, before: boolean) => string | undefined = () =>
    undefined,
  print: (a: Alternative, before: boolean) => string | undefined = () =>
    undefined,
): [[Alternative, Alternative][], Alternative[], Alternative[]] {
  const pairs: [Alternative, Alternative][] = [];
  const used = new Set<Alternative>();
  const take = (a: Alternative, b: Alternative) => {
    pairs.push([a, b]);
    used.add(b);
  };
  const byLabel = new Map(
    after.filter((a) => !a.byPosition).map((a) => [a.label, a]),
  );
  let left: Alternative[] = [];
  for (const a of before) {
    const m = a.byPosition ? undefined : byLabel.get(a.label);
    if (m && !used.has(m)) take(a, m);
    else left.push(a);
  }
  /** The alternatives of `after` still free, by `key` (a lookup each). */
  const index = (
    key: (a: Alternative, before: boolean) => string | undefined,
  ) => {
    const by = new Map<string, Alternative[]>();
    for (const b of after) {
      if (used.has(b)) continue;
      const k = key(b, false);
      if (k === undefined) continue;
      const list = by.get(k);
      if (list) list.push(b);
      else by.set(k, [b]);
    }
    return by;
  };
  /** Pairs each alternative left with the first free one `find` gives. */
  const pass = (find: (a: Alternative) => Alternative | undefined) => {
    const stillLeft: Alternative[] = [];
    for (const a of left) {
      const b = find(a);
      if (b) take(a, b);
      else stillLeft.push(a);
    }
    left = stillLeft;
  };
  const free = () => after.filter((b) => !used.has(b)).slice(0, MAX_TRIES);
  // 1. Written alike: by their text, else among the first others left.
  const byText = index(text);
  pass((a) => {
    const t = text(a, true);
    return (t === undefined
      ? undefined
      : byText.get(t)?.find((b) => !used.has(b) && alike(a, b))) ??
      free().find((b) => alike(a, b));
  });
  // 2. Read alike as schemas (a 3.0 `nullable` and a 3.1 `"null"` type, an
  //    enum of one and a `const`): the same fingerprint.
  const byPrint = index(print);
  pass((a) => {
    const p = print(a, true);
    return p === undefined
      ? undefined
      : byPrint.get(p)?.find((b) => !used.has(b));
  });
  // 3. The most alike of the rest, one side inline.
  const inline = (a: Alternative) => typeof refOf(a.raw) !== "string";
  pass((a) => {
    let best: Alternative | undefined, bestScore = 0;
    for (const b of free()) {
      if (!inline(a) && !inline(b)) continue;
      const s = score(a, b);
      if (s > bestScore) [best, bestScore] = [b, s];
    }
    return best;
  });
  return [pairs, left, after.filter((a) => !used.has(a))];
}

/**
 * True when `v` refuses properties it does not list: `additionalProperties:
 * false`, or 3.1's `unevaluatedProperties: false` (JSON Schema 2020-12
 * §10.3.2.3, §11.3).
 */
function closed(v: SchemaView): boolean {
  // Keys a pattern, a condition or an alternative may still take are not
  // told apart here: only a schema that lists all it takes counts.
  if (
    v.alts ||
    ["patternProperties", "dependentSchemas", "if"].some((k) => v.others.has(k))
  ) return false;
  return v.additional === false ||
    v.others.get("unevaluatedProperties") === "false";
}

/** Alternatives read for the names they all require, at most. */
const MAX_REQUIRED_ALTS = 50;
/** Levels of alternatives within alternatives read for them, at most. */
const MAX_REQUIRED_DEPTH = 3;
/**
 * Alternatives a request's `oneOf` kept that one it gained is weighed
 * against, at most; past them it is not (info).
 */
const MAX_OVERLAP_ALTS = 50;

/** Two schemas' alternatives paired (see `SchemaDiff#alternatives`). */
interface AltMatch {
  kind: "one-of" | "any-of";
  pairs: [Alternative, Alternative][];
  lost: Alternative[];
  gained: Alternative[];
  /** Both sides have alternatives of their own. */
  own: boolean;
}

type Pointers = { base: string | null; revision: string | null };

/**
 * A schema without alternatives, as the one alternative it is: a named
 * component (or an annotated `$ref` to one) by its name, a schema that
 * annotates a sole alternative as that alternative.
 */
function itself(v: SchemaView): Alternative {
  const ref = v.inner ? refOf(v.inner.raw) : null;
  const label = v.name || (ref ? refName(ref) : "") || v.title;
  return {
    raw: v.inner ? v.inner.raw : v.obj ?? {},
    under: "",
    key: "",
    known: v.pointer,
    label: label || "#1",
    byPosition: !label,
  };
}

/**
 * Alternatives an alternative is tried against: a hostile list of a
 * thousand costs 100,000 tries, not a million.
 */
const MAX_TRIES = 100;

/** Property names {@link likeness} compares per pair. */
const MAX_LIKENESS_NAMES = 200;

/** Characters of enum values read per schema for pairing alternatives. */
const MAX_ENUM_TEXT = 100_000;

/** Levels below an alternative that its print reads. */
const PRINT_DEPTH = 3;

/**
 * What a schema means, as text: its types, null, format, values (sorted),
 * bounds, pattern, required names, and `child`'s text of each property (by
 * name), its items, additional properties and alternatives (sorted, so
 * their order says nothing). Two alternatives with the same print mean the
 * same as far as it reads (a 3.0 `nullable` and a 3.1 `"null"` type, an
 * enum of one and a `const`) and are paired before any guess by likeness.
 */
function fingerprint(
  v: SchemaView,
  child: (l: Link | null | false) => string,
  enums: string[] | null,
): string {
  const cap = MAX_LIKENESS_NAMES;
  return json([
    v.types,
    v.nullable,
    v.format,
    enums,
    v.multipleOf,
    v.uniqueItems,
    v.readOnly,
    v.writeOnly,
    v.discriminator,
    [...v.others].sort(),
    v.prefix.slice(0, cap).map((l) => child(l)),
    v.bounds,
    v.pattern,
    [...v.required].slice(0, cap).sort(),
    [...v.props].slice(0, cap).map(([k, l]) => [k, child(l)]).sort(),
    child(v.items),
    v.additional === false ? false : child(v.additional),
    v.alts?.list.slice(0, cap).map((a) => child(a)).sort() ?? null,
  ])!;
}

/**
 * How alike two schemas are, for pairing alternatives: 1 for the same
 * types, 1 for alternatives of the same kind, 1 for a shared enum value,
 * 2 per property name they share (listed or required); 0 when nothing says
 * they are one.
 */
function likeness(
  b: SchemaView,
  r: SchemaView,
  be: string[] | null,
  re: string[] | null,
): number {
  let n = 0;
  if (b.types && r.types && b.types.join() === r.types.join()) n += 1;
  if (b.alts && r.alts && b.alts.kind === r.alts.kind) n += 1;
  if (be && re) {
    const had = new Set(be);
    if (re.some((t) => had.has(t))) n += 1;
  }
  // The first names tell two alternatives apart; a hostile schema's
  // thousands more would cost a walk per try. A name either lists or
  // requires counts: `{required: [a]}` that now also describes `a` is the
  // same alternative.
  let left = MAX_LIKENESS_NAMES;
  const has = (k: string) => r.props.has(k) || r.required.has(k);
  for (const k of b.props.keys()) {
    if (--left < 0) break;
    if (has(k)) n += 2;
  }
  for (const k of b.required) {
    if (--left < 0) break;
    if (!b.props.has(k) && has(k)) n += 2;
  }
  return n;
}

/**
 * The memo key of a place: a property is one scope per direction; a
 * parameter's or header's sentences name it, so one scope per name.
 */
function scopeKey(at: Place): string {
  const key = at.role === "property"
    ? at.dir
    : `${at.dir} ${at.role} ${at.subject}`;
  // An alternative is compared anew under other required names.
  return at.required
    ? `${key} ${[...at.required[0]].sort()} ${[...at.required[1]].sort()}`
    : key;
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function where(at: Place): string {
  return at.path ? `${at.root}: ${at.path}` : at.root;
}

/**
 * A property as a sentence names it: `` `amount` ``, `` `items[].id` ``,
 * `` `q[].plan` `` (inside parameter `q`), `` `tag` in `Pet` `` (inside a
 * named component), `` `Pet` `` (the component itself).
 */
function named(at: Place): string {
  const schema = at.root.startsWith("schema ") ? at.root.slice(7) : "";
  const owner = schema ? "" : at.name ?? "";
  let path = at.path;
  if (owner && path) {
    path = path.startsWith("[") ? owner + path : `${owner}.${path}`;
  }
  if (!path) return `${codeSpan(schema || owner || at.root)}`;
  return schema
    ? `${codeSpan(path)} in ${codeSpan(schema)}`
    : `${codeSpan(path)}`;
}

function subject(at: Place): string {
  if (at.role !== "property") return at.subject;
  // Inside a parameter or header (not a component it names): the sentence
  // says which (`query parameter \`tags[]\``), not "request property", in
  // the words its own changes use (`200 response header \`X-A.a\``).
  const tail = at.name === undefined ? "" : ` ${codeSpan(at.name)}`;
  const own = tail && !at.root.startsWith("schema ") &&
      at.subject.endsWith(tail)
    ? at.subject.slice(0, -tail.length)
    : "";
  if (own) return `${own} ${named(at)}`;
  // A named component itself, however it is reached: `response schema `Pet``.
  const kind = !at.path && at.root.startsWith("schema ")
    ? "schema"
    : "property";
  // Inside a named component the sentence is the component's, whoever
  // reaches it (a response and a callback's payload): one change, said
  // once, listing both.
  const word = at.root.startsWith("schema ") ? at.dir : at.word ?? at.dir;
  return `${word} ${kind} ${named(at)}`;
}

/** A bound in words, as a sentence names it changed: `maximum length`. */
const BOUND_WORDS: Readonly<Record<BoundName, string>> = {
  "max": "maximum",
  "exclusive-max": "exclusive maximum",
  "max-length": "maximum length",
  "max-items": "maximum number of items",
  "max-properties": "maximum number of properties",
  "min": "minimum",
  "exclusive-min": "exclusive minimum",
  "min-length": "minimum length",
  "min-items": "minimum number of items",
  "min-properties": "minimum number of properties",
};

/**
 * A bound of `n` as a sentence says it set or unset ("now has a maximum of
 * 100", oasdiff: "added the maximum value"), not the keyword's short name.
 */
function boundSaid(bound: BoundName, n: number): string {
  const [word, counted] = BOUND_WORDS[bound].split(" number of ");
  if (counted) {
    const one = counted === "items" ? "item" : "property";
    return `a ${word} of ${n} ${n === 1 ? one : counted}`;
  }
  return `${word.startsWith("e") ? "an" : "a"} ${word} of ${n}`;
}

function sameTypes(b: SchemaView, r: SchemaView): boolean {
  const bt = b.types?.join() ?? null, rt = r.types?.join() ?? null;
  return bt === rt && b.format === r.format;
}

/** True when `v` takes null and nothing else (`type: "null"`, `enum: [null]`). */
function nullOnly(v: SchemaView): boolean {
  return v.types?.length === 0 && v.nullable;
}

/** True when `v`'s values are its `const` alone (no enum beside it). */
function onlyConst(v: SchemaView): boolean {
  return v.const !== undefined && v.enum?.length === 1 &&
    json(v.enum[0]) === json(v.const);
}

/** Whether every type `v` allows, `by` allows too (untyped allows all). */
function typesCover(by: SchemaView, v: SchemaView): boolean {
  if (by.types === null) return true;
  if (v.types === null) return false;
  return v.types.every((t) =>
    by.types!.includes(t) || (t === "integer" && by.types!.includes("number"))
  );
}

/**
 * Whether a value `a` accepts may also match `g`, an alternative beside
 * it in a `oneOf`: not when a discriminator picks the alternative, when
 * their types share no value, or when one is a closed object that cannot
 * hold a property the other requires. Otherwise the document does not say
 * (open objects overlap on any value that carries both's properties).
 */
function mayOverlap(
  a: SchemaView,
  g: SchemaView,
  discriminated: boolean,
): boolean {
  // A schema that takes no value (3.1's `false`) shares none.
  if (discriminated || a.types?.length === 0 || g.types?.length === 0) {
    return false;
  }
  if (a.types && g.types && !typesCover(a, g) && !typesCover(g, a)) {
    const shared = a.types.some((t) =>
      g.types!.includes(t) ||
      (t === "integer" && g.types!.includes("number")) ||
      (t === "number" && g.types!.includes("integer"))
    );
    if (!shared) return false;
  }
  const objects = (v: SchemaView) =>
    v.types === null || v.types.includes("object");
  if (
    objects(a) && objects(g) && a.types?.length === 1 && g.types?.length === 1
  ) {
    const refuses = (closedOne: SchemaView, other: SchemaView) =>
      closed(closedOne) &&
      [...other.required].some((n) => !closedOne.props.has(n));
    if (refuses(a, g) || refuses(g, a)) return false;
  }
  return true;
}

/**
 * How `g`, an alternative gained beside `a` in a `oneOf`, overlaps it for
 * certain: "all" when `g` takes every value `a` takes (it limits nothing
 * but its types, and they hold `a`'s: `number` beside `integer`), "within"
 * when `a` takes every value `g` takes, else "". Each such value matches
 * two and is refused, whatever a server reads: no "may" about it. Asked
 * only of two that {@link mayOverlap}, so each takes some value.
 */
function nested(a: SchemaView, g: SchemaView): "all" | "within" | "" {
  const holds = (by: SchemaView, v: SchemaView) =>
    !unread(by) && !unread(v) && typesCover(by, v) &&
    unconstrained({ ...by, types: null, nullable: false });
  return holds(g, a) ? "all" : holds(a, g) ? "within" : "";
}

/** A gained alternative `g` said beside `a`, as {@link nested} finds it. */
function takes(g: string, a: string, how: "all" | "within" | ""): string {
  return how === "all"
    ? `${g}, which takes every value ${a} takes: each matches both and is refused`
    : how === "within"
    ? `${g}, every value of which ${a} takes too: each matches both and is refused`
    : `${g}, which may also take what ${a} takes: a value matching both is refused`;
}

/** Whether no value of `a` is of a JSON type a value of `b` has. */
function disjointKinds(a: unknown[], b: unknown[]): boolean {
  const kind = (v: unknown) =>
    v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
  const of = new Set(a.map(kind));
  return !b.some((v) => of.has(kind(v)));
}

/** The JSON types the validation keywords limit. */
type JsonKind = "string" | "number" | "array" | "object";

/**
 * The type each bound limits (JSON Schema Validation §6.2-6.5: a keyword
 * of another type's values is ignored).
 */
const BOUND_KINDS: Readonly<Record<BoundName, JsonKind>> = {
  "max": "number",
  "exclusive-max": "number",
  "min": "number",
  "exclusive-min": "number",
  "max-length": "string",
  "min-length": "string",
  "max-items": "array",
  "min-items": "array",
  "max-properties": "object",
  "min-properties": "object",
};

/** Whether a keyword limiting `kind`'s values can apply to `v`'s. */
function limitsKind(v: SchemaView, kind: JsonKind): boolean {
  return v.types === null || v.types.includes(kind) ||
    (kind === "number" && v.types.includes("integer"));
}

/**
 * Formats that hold every value of others (OpenAPI 3.1 §4.2, Data Type
 * Format: signed 32 and 64 bits, single and double precision): int32 →
 * int64 and float → double widen, as integer → number does.
 */
const WIDER_FORMATS: Readonly<Record<string, readonly string[]>> = {
  int64: ["int32"],
  double: ["float"],
};

/** True when every value `from` accepts, `to` accepts too. */
function widens(from: SchemaView, to: SchemaView): boolean {
  if (
    to.format && to.format !== from.format &&
    !(Object.hasOwn(WIDER_FORMATS, to.format) &&
      WIDER_FORMATS[to.format].includes(from.format))
  ) return false;
  if (to.types === null) return true;
  if (from.types === null) return false;
  return from.types.every((t) =>
    to.types!.includes(t) || (t === "integer" && to.types!.includes("number"))
  );
}

/**
 * True when the schema limits nothing (`{}`, `true`, only words): every
 * value is valid (JSON Schema 2020-12 §4.3.2).
 */
function unconstrained(v: SchemaView): boolean {
  return v.types === null && v.enum === null && !v.nullable && !v.alts &&
    !v.props.size && !v.required.size && !v.items && v.additional === null &&
    !v.prefix.length && v.pattern === null && v.multipleOf === null &&
    !v.uniqueItems && !v.others.size && !v.format &&
    Object.keys(v.bounds).length === 0;
}

/**
 * True when the value `v` meets the bound `bound` of `limit`. A bound
 * limits values of its own type only (JSON Schema 2020-12 §6.2-§6.5): a
 * length bound says nothing of a number. Lengths count code points (§6.3.1).
 */
function withinBound(bound: BoundName, limit: number, v: unknown): boolean {
  let n: number;
  if (bound.endsWith("length")) {
    if (typeof v !== "string") return true;
    n = 0;
    for (const _ of v) n++;
  } else if (bound.endsWith("items")) {
    if (!Array.isArray(v)) return true;
    n = v.length;
  } else if (bound.endsWith("properties")) {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return true;
    n = Object.keys(v).length;
  } else {
    if (typeof v !== "number") return true;
    if (bound === "exclusive-max") return v < limit;
    if (bound === "exclusive-min") return v > limit;
    n = v;
  }
  return bound.startsWith("max") ? n <= limit : n >= limit;
}

/**
 * True when both are typed and share no type (an array and an object):
 * their children (properties, items) are not compared. An integer and a
 * number count as sharing none: neither has children.
 */
function disjoint(b: SchemaView, r: SchemaView): boolean {
  if (!b.types || !r.types) return false;
  const bt = new Set(b.types);
  return !r.types.some((t) => bt.has(t));
}

function typeName(v: SchemaView): string {
  // No type but null (`type: "null"`) is said as written; none at all,
  // 3.1's `false`, takes no value.
  const t = v.types === null
    ? "any"
    : v.types.join(" | ") || (v.nullable ? "null" : "never");
  return `${codeSpan(v.format ? `${t} (${v.format})` : t)}`;
}

function list(values: unknown[]): string {
  // Each the document's text, in a code span (see the defaults).
  const shown = values.slice(0, 5).map((v) => codeSpan(json(v) ?? "")).join(
    ", ",
  );
  return values.length > 5 ? `${shown}, …` : shown;
}

/** True when every multiple of `x` is a multiple of `y` (x = k·y). */
function isMultiple(x: number, y: number): boolean {
  const k = x / y;
  return Math.abs(k - Math.round(k)) < 1e-9 * Math.max(1, Math.abs(k));
}

/** A mapping target's schema name (`#/components/schemas/Cat` → `Cat`). */
function refTail(target: string): string {
  return target.slice(target.lastIndexOf("/") + 1);
}

/**
 * Keywords that only take values away where they are said (2020-12 Core
 * §10.3.1.3 `contains`, §10.3.2.4 `propertyNames`, §10.2.2.4
 * `dependentSchemas`, §10.3.2.2 `patternProperties`, §11 `unevaluated*`):
 * one added narrows what passes, one removed widens it. A conditional
 * (`if` with `then`/`else`) is read the same way, as one.
 */
const NARROWING = new Set<string>([
  "contains",
  "propertyNames",
  "patternProperties",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
]);

/**
 * True when keyword `k` written as `text` (stable JSON) limits values on
 * the side `v`: `true`, `{}` and an empty map let everything through, while
 * `contains: {}` still asks for one item. `unevaluatedProperties` limits
 * nothing beside `additionalProperties`, nor `unevaluatedItems` beside
 * `items`, which evaluate every property or item left (2020-12 Core §11.2,
 * §11.3).
 */
function limitsValues(k: string, text: string, v: SchemaView): boolean {
  if (k === "contains") return true;
  if (k === "unevaluatedProperties" && v.additional !== null) return false;
  if (k === "unevaluatedItems" && v.items !== null) return false;
  return text !== "true" && text !== "{}";
}
