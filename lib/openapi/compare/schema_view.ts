/**
 * A schema read for comparison: its `$ref` followed, its `allOf` merged
 * (lib/openapi/merge.ts, as the viewer reads it), and the keywords that
 * decide what a client may send or receive taken as values, not text.
 * `nullable: true` (3.0), `x-nullable` (2.0), a `"null"` in a 3.1 type list
 * and a `{type: "null"}` alternative all read as one flag, so a document
 * moved from 3.0 to 3.1 compares as unchanged.
 */
import {
  marked,
  type Merged,
  mergedRequired,
  mergeParts,
  pick,
} from "../merge.ts";
import {
  childPointer,
  isObject,
  refName,
  refOf,
  refPointer,
  type RefResolver,
} from "../refs.ts";
import { setOwn, str } from "../../shared/value.ts";
import { CompareLimitError, type Side } from "./types.ts";
import { formatCount } from "../../shared/format.ts";

/** A numeric bound, named as oasdiff names its checks. */
export type BoundName =
  | "max"
  | "exclusive-max"
  | "max-length"
  | "max-items"
  | "max-properties"
  | "min"
  | "exclusive-min"
  | "min-length"
  | "min-items"
  | "min-properties";

/** JSON Schema keyword of each bound. */
export const BOUND_KEYWORDS: Readonly<Record<BoundName, string>> = {
  "max": "maximum",
  "exclusive-max": "exclusiveMaximum",
  "max-length": "maxLength",
  "max-items": "maxItems",
  "max-properties": "maxProperties",
  "min": "minimum",
  "exclusive-min": "exclusiveMinimum",
  "min-length": "minLength",
  "min-items": "minItems",
  "min-properties": "minProperties",
};

/** Bounds in the order they are checked. */
export const BOUNDS = Object.keys(BOUND_KEYWORDS) as BoundName[];

/**
 * A link to another schema: a property, the items, an alternative. Its
 * pointer is `key` under `under`, written out only when needed (most links
 * of a large document never are).
 */
export interface Link {
  raw: unknown;
  under: string;
  key: string | number;
  /** A pointer known already (an object that stands for a 2.0 parameter). */
  known?: string;
}

/** The JSON pointer of `link`. */
export function linkPointer(link: Link): string {
  return link.known ?? childPointer(link.under, link.key);
}

/** One `oneOf`/`anyOf` alternative. */
export interface Alternative extends Link {
  /** `$ref` name, else `title`, else its position (`#2`). */
  label: string;
  /** True when the label is only its position: it names nothing. */
  byPosition: boolean;
  /**
   * For one labelled by position, the types it writes (`string`,
   * `object`, `integer or string`), "" when it writes none: a sentence
   * says what `#2` was.
   */
  kind?: string;
}

/** A schema as compared. */
export interface SchemaView {
  /** The resolved schema object: what the comparison memoizes on; null for "anything". */
  obj: object | null;
  /** Component name when reached through a `$ref`, else "". */
  name: string;
  pointer: string;
  /** Types besides null, sorted; null when any type goes. */
  types: string[] | null;
  nullable: boolean;
  format: string;
  enum: unknown[] | null;
  /**
   * `x-extensible-enum` (Zalando's guidelines): the values known today,
   * a list that promises to grow, so it limits nothing a client reads.
   */
  extensible: unknown[] | null;
  default: unknown;
  const: unknown;
  pattern: string | null;
  /**
   * 3.1's `contentEncoding` (3.0's `format: byte` is `base64`) and
   * `contentMediaType`, lower-cased, "" when unsaid.
   */
  contentEncoding: string;
  contentMediaType: string;
  bounds: Partial<Record<BoundName, number>>;
  /** `multipleOf`, null when unsaid. */
  multipleOf: number | null;
  /** `uniqueItems: true`. */
  uniqueItems: boolean;
  /** 3.1 `prefixItems`: a tuple's schemas by position. */
  prefix: Link[];
  /** `discriminator.propertyName`, "" when none. */
  discriminator: string;
  /**
   * `discriminator.mapping`: value → the schema it names; with the
   * implicit values (a named alternative's, a subtype's name).
   */
  mapping: Map<string, string>;
  /**
   * 3.2's `discriminator.defaultMapping` as written (a schema name or a
   * reference), "" when none: the schema a payload is read by when it
   * lacks the property or carries a value no mapping names.
   */
  defaultMapping: string;
  /**
   * Beside a discriminator, the components that extend this schema
   * (`allOf: [{$ref: this}]`) and are no alternative of it: each a value
   * of the discriminator (OpenAPI 3.1 §4.8.25.2), compared as one.
   */
  subtypes: Alternative[];
  /**
   * Keywords compared as written, not as schemas ({@link OTHER_KEYWORDS}):
   * each present one's value as stable text.
   */
  others: Map<string, string>;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description: string;
  title: string;
  /** `example`, else `examples` (JSON Schema's list), as written. */
  example: unknown;
  props: Map<string, Link>;
  required: Set<string>;
  items: Link | null;
  /** `additionalProperties`: a schema, or false when none are allowed; null when unsaid. */
  additional: Link | false | null;
  /**
   * `unevaluatedProperties` where it means what `additionalProperties`
   * would (nothing beside it evaluates properties, and no
   * `additionalProperties`): its schema, or false; absent otherwise.
   */
  unevaluated?: Link | false;
  alts: { kind: "oneOf" | "anyOf"; list: Alternative[] } | null;
  /**
   * An `anyOf` beside a `oneOf` (`alts`): a value passes both (JSON Schema
   * 2020-12 §10.2.1), so the `anyOf` is a schema of its own the value
   * meets too, linked here to be compared as one; null otherwise.
   */
  also: Link | null;
  /** True when `types` were read off the alternatives, not said here. */
  altTyped: boolean;
  /**
   * True when the types limit the value: a `type` is written (here or on
   * every alternative), or read off an enum's or const's values. Types
   * read off `properties` or `items` say how the document is used but
   * limit nothing (JSON Schema 2020-12 §10.3.2.1: `properties` applies to
   * objects only, and any other value passes).
   */
  typeSaid: boolean;
  /** Why the schema could not be read (another file, a broken `$ref`). */
  note: string;
  /**
   * The schema this one only annotates (`allOf: [{$ref: X}]`, or a
   * `oneOf`/`anyOf` of one schema, with a description or `nullable`), else
   * null.
   */
  inner: Link | null;
}

/**
 * JSON Schema keywords that limit values in ways the comparison does not
 * read as schemas (conditions, negations, dependencies, key patterns): a
 * change to one is reported as written, a warning, since the document does
 * not say enough to decide, unless the keyword only narrows what passes
 * (schema_diff.ts `NARROWING`), which sets the direction.
 */
export const OTHER_KEYWORDS = [
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "propertyNames",
  "patternProperties",
  "contains",
  "minContains",
  "maxContains",
  "unevaluatedProperties",
  "unevaluatedItems",
  // What a string carries (2020-12 Validation §8.5): its own schema.
  "contentSchema",
] as const;

/**
 * Keywords whose subschemas apply in place and evaluate properties, which
 * `unevaluatedProperties` then does not apply to (JSON Schema 2020-12
 * §11.3); `dependencies` as 2019's `dependentSchemas`.
 */
const IN_PLACE = [
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependencies",
  "$ref",
  "$dynamicRef",
] as const;

/*
 * Past these a schema is not compared: the comparison stops with an error
 * naming it (CompareLimitError). Comparing a part of a list would miss
 * changes past the cut and report values that only moved across it.
 */
/** Properties per schema: far more than real schemas have. */
const MAX_PROPS = 10_000;
/** Alternatives per `oneOf`/`anyOf` (they are paired, so fewer). */
const MAX_ALTS = 1_000;
/** Enum values per schema (and values of `const` alternatives). */
const MAX_ENUM = 100_000;

const ANYTHING: SchemaView = Object.freeze({
  obj: null,
  name: "",
  pointer: "",
  types: null,
  nullable: false,
  format: "",
  enum: null,
  extensible: null,
  default: undefined,
  const: undefined,
  pattern: null,
  contentEncoding: "",
  contentMediaType: "",
  multipleOf: null,
  uniqueItems: false,
  prefix: [],
  discriminator: "",
  mapping: new Map(),
  defaultMapping: "",
  subtypes: [],
  others: new Map(),
  bounds: {},
  readOnly: false,
  writeOnly: false,
  deprecated: false,
  description: "",
  title: "",
  example: undefined,
  props: new Map(),
  required: new Set<string>(),
  items: null,
  additional: null,
  alts: null,
  also: null,
  altTyped: false,
  typeSaid: false,
  note: "",
  inner: null,
}) as SchemaView;

/** True for a discriminator as 3.x (an object) or 2.0 (a name) writes it. */
function discriminated(
  d: unknown,
): d is Record<string, unknown> | string {
  return isObject(d) || (typeof d === "string" && d !== "");
}

/** JSON Schema's type of a value (`integer` for whole numbers). */
function valueType(x: unknown): string {
  if (Array.isArray(x)) return "array";
  if (typeof x === "number") return Number.isInteger(x) ? "integer" : "number";
  return typeof x;
}

/**
 * The types a schema object says it has without reading it further:
 * `type` (null left out), else object or array by `properties` or
 * `items`; null when it does not say.
 */
function writtenTypes(s: unknown): string[] | null {
  if (!isObject(s)) return null;
  const t = s.type;
  if (typeof t === "string") return t === "null" ? null : [t];
  if (Array.isArray(t)) {
    const ts = t.filter((x): x is string =>
      typeof x === "string" && x !== "null"
    );
    return ts.length ? ts : null;
  }
  if (isObject(s.properties)) return ["object"];
  if (s.items !== undefined) return ["array"];
  return null;
}

/**
 * Whether an alternative takes null and nothing else: `type: "null"` (or a
 * list naming only it), or, untyped, `const: null` or an enum of nulls
 * alone (JSON Schema 2020-12 §6.1.1-§6.1.3). Beside others in a `oneOf`
 * or `anyOf` it is the schema's nullability, however it is written.
 */
function nullOnly(s: unknown): boolean {
  if (!isObject(s)) return false;
  const t = s.type;
  if (t === "null") return true;
  if (Array.isArray(t)) return t.length > 0 && t.every((x) => x === "null");
  if (t !== undefined) return false;
  if (s.const !== undefined) return s.const === null;
  return Array.isArray(s.enum) && s.enum.length > 0 &&
    s.enum.every((x) => x === null);
}

/**
 * Whether an alternative lets null through beside other values, as written
 * on it (not through its own `allOf` or alternatives): 3.0's `nullable:
 * true` (2.0's `x-nullable`), beside an enum too, as {@link SchemaReader}
 * reads it, or 3.1's `type` listing `"null"` with no enum that leaves null
 * out. An untyped alternative is read as the kinds its keywords say, as
 * `oneOf: [{$ref: Pet}, {type: "null"}]` is meant, not as taking null.
 */
function admitsNull(s: unknown): boolean {
  if (!isObject(s)) return false;
  if (s.nullable === true || s["x-nullable"] === true) return true;
  return Array.isArray(s.type) && s.type.includes("null") &&
    (!Array.isArray(s.enum) || s.enum.includes(null));
}

/**
 * Keywords that say something about a value without limiting it: a schema
 * of these beside `allOf: [{$ref: X}]` annotates X (a `maxLength` there
 * limits it, and is compared as a schema of its own).
 */
const ANNOTATIONS = new Set([
  "allOf",
  "title",
  "description",
  "summary",
  "deprecated",
  "readOnly",
  "writeOnly",
  "nullable",
  "default",
  "example",
  "examples",
  "$comment",
  "externalDocs",
]);

/**
 * The kind of value each keyword limits; a value of another kind passes it
 * (JSON Schema 2020-12 §6.2-§6.5, §10.3): `required` says nothing of a
 * string. `number` stands for integers too.
 */
const KEYWORD_KINDS: Readonly<Record<string, string>> = {
  required: "object",
  properties: "object",
  additionalProperties: "object",
  patternProperties: "object",
  minProperties: "object",
  maxProperties: "object",
  dependentRequired: "object",
  propertyNames: "object",
  items: "array",
  prefixItems: "array",
  minItems: "array",
  maxItems: "array",
  uniqueItems: "array",
  contains: "array",
  minLength: "string",
  maxLength: "string",
  pattern: "string",
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  multipleOf: "number",
};

/** Every kind of JSON value but null, which `nullable` says apart. */
const VALUE_KINDS = ["object", "array", "string", "number", "boolean"];

/**
 * The kinds of value a `oneOf` can let through, when some alternatives say
 * no type: a kind every value of which passes two alternatives (none of
 * their keywords limits it) passes no `oneOf`, as exactly one alternative
 * must match (JSON Schema 2020-12 §10.2.1.3), so `oneOf: [{required: [a]},
 * {required: [b]}]` takes objects only, as does a `oneOf` of two untyped
 * `{properties: …}` (a string passes both), or one beside `{type: string}`.
 * A typed alternative lets through whole the kinds its type names that none
 * of its keywords limits (`integer` is not every number); `integer` is
 * among the kinds left when no alternative takes every number. Null when no
 * kind is ruled out (an alternative with a keyword not in
 * {@link KEYWORD_KINDS} is counted as letting no kind through whole).
 */
function oneOfKinds(targets: readonly unknown[]): string[] | null {
  const whole = new Map<string, number>();
  for (const target of targets) {
    if (!isObject(target)) continue;
    const limited = new Set<string>();
    let known = true;
    for (const k of Object.keys(target)) {
      if (Object.hasOwn(KEYWORD_KINDS, k)) limited.add(KEYWORD_KINDS[k]);
      else if (k === "type") continue;
      else if (!ANNOTATIONS.has(k) || k === "allOf") known = false;
    }
    if (!known) continue;
    const t = target.type;
    const named = typeof t === "string" ? [t] : Array.isArray(t) ? t : null;
    for (const kind of VALUE_KINDS) {
      if (limited.has(kind) || (named && !named.includes(kind))) continue;
      whole.set(kind, (whole.get(kind) ?? 0) + 1);
    }
  }
  const kinds = VALUE_KINDS.filter((k) => (whole.get(k) ?? 0) < 2);
  if (kinds.length === VALUE_KINDS.length) return null;
  // An integer alternative's values all match one that takes every number
  // too, and are refused; beside none, some integer may match it alone.
  return whole.has("number") ? kinds : kinds.concat("integer");
}

/** Keywords a value alternative may carry besides its value (see {@link valueAlternatives}). */
const VALUE_WORDS = new Set(
  [...ANNOTATIONS, "type", "const", "enum", "nullable"].filter((k) =>
    k !== "allOf"
  ),
);

/**
 * The values a `oneOf`/`anyOf` allows when each alternative is only a value
 * (`const`, or an `enum`) with a type and words beside it, the way a
 * documented enum is written (`oneOf: [{const: "cat", description: "…"}]`):
 * the same values as `enum: [cat, …]`, and compared as that enum, less
 * in a `oneOf` a value two alternatives list (it matches both, so it is
 * refused). Null when any alternative says more; `{type: "null"}`
 * alternatives set `nullable`.
 */
function valueAlternatives(
  kind: "oneOf" | "anyOf",
  targets: readonly unknown[],
  nullable: () => void,
): unknown[] | null {
  const values: unknown[] = [];
  /** Each value's text → how many alternatives list it. */
  const listedBy = new Map<string, number>();
  // Said only when the alternatives are values: otherwise each is read as
  // an alternative, which says its own.
  let sawNull = false;
  for (const t of targets) {
    if (!isObject(t)) return null;
    if (t.type === "null" && t.const === undefined && t.enum === undefined) {
      sawNull = true;
      continue;
    }
    for (const k in t) {
      if (!VALUE_WORDS.has(k) && !k.startsWith("x-")) return null;
    }
    // 3.0's `nullable: true` on a value lets null through too.
    if (t.nullable === true) sawNull = true;
    let own: unknown[];
    if (t.const !== undefined) own = [t.const];
    else if (Array.isArray(t.enum)) {
      if (values.length + t.enum.length > MAX_ENUM) return null;
      own = t.enum;
    } else return null;
    values.push(...own);
    for (const text of new Set(own.map((x) => JSON.stringify(x)))) {
      listedBy.set(text, (listedBy.get(text) ?? 0) + 1);
    }
  }
  if (!values.length) return null;
  if (sawNull) nullable();
  // A oneOf takes a value that exactly one alternative takes (JSON Schema
  // 2020-12 §10.2.1.3).
  return kind === "anyOf"
    ? values
    : values.filter((x) => listedBy.get(JSON.stringify(x)) === 1);
}

/**
 * `allOf` parts read across a document's components to find what extends
 * what: past it the comparison stops with an error, as past any limit.
 */
const MAX_SUBTYPE_PARTS = 1_000_000;

/** Reads schemas of one document, each object once. */
export class SchemaReader {
  #r: RefResolver;
  #side: Side;
  #pointers: WeakMap<object, string>;
  #doc: unknown;
  #views = new Map<object, SchemaView>();
  /** The schema standing for each `anyOf` list read beside a `oneOf`. */
  #also = new WeakMap<unknown[], Record<string, unknown>>();
  #named = new Map<string, SchemaView>();
  /** Schema object → the components whose `allOf` names it; built once. */
  #extended: Map<object, Alternative[]> | null = null;
  #subtyped = new WeakMap<object, boolean>();

  /**
   * `pointers` names where objects not written in the document stand
   * (a 2.0 form's schema and its fields); `doc` is the whole document,
   * whose components are searched for the subtypes of a discriminated
   * schema.
   */
  constructor(
    r: RefResolver,
    pointers: WeakMap<object, string>,
    side: Side = "base",
    doc: unknown = undefined,
  ) {
    this.#side = side;
    this.#r = r;
    this.#pointers = pointers;
    this.#doc = doc;
  }

  /**
   * Which components extend which schema (`allOf: [{$ref: X}]`, in 3.x
   * `components/schemas` and 2.0 `definitions`): one walk of the
   * components per document, made when first asked.
   */
  #extensions(): Map<object, Alternative[]> {
    if (this.#extended) return this.#extended;
    const out = new Map<object, Alternative[]>();
    this.#extended = out;
    const doc = this.#doc;
    if (!isObject(doc)) return out;
    const places: [unknown, string][] = [
      [
        isObject(doc.components) ? doc.components.schemas : undefined,
        "/components/schemas",
      ],
      [doc.definitions, "/definitions"],
    ];
    let left = MAX_SUBTYPE_PARTS;
    for (const [schemas, at] of places) {
      if (!isObject(schemas)) continue;
      for (const name in schemas) {
        const c = schemas[name];
        if (!isObject(c) || !Array.isArray(c.allOf)) continue;
        left -= c.allOf.length;
        if (left < 0) {
          throw this.#tooLarge(
            at,
            `more than ${formatCount(MAX_SUBTYPE_PARTS)} allOf parts`,
          );
        }
        const pointer = childPointer(at, name);
        const seen = new Set<object>();
        for (const part of c.allOf) {
          if (refOf(part) === null) continue;
          const d = this.#r.deref(part);
          if (d.error || !isObject(d.value) || d.value === c) continue;
          if (seen.has(d.value)) continue;
          seen.add(d.value);
          let list = out.get(d.value);
          if (!list) out.set(d.value, list = []);
          list.push({
            raw: { $ref: `#${pointer}` },
            under: "",
            key: "",
            known: pointer,
            label: name,
            byPosition: false,
          });
        }
      }
    }
    return out;
  }

  /**
   * True when the schema object `obj` has a discriminator and components
   * that extend it: its subtypes are its values, which its own text does
   * not show.
   */
  subtyped(obj: object): boolean {
    let yes = this.#subtyped.get(obj);
    if (yes === undefined) {
      yes = this.#extensions().has(obj) &&
        discriminated(
          pick(
            mergeParts(obj as Record<string, unknown>, this.#r.schemas),
            "discriminator",
          ),
        );
      this.#subtyped.set(obj, yes);
    }
    return yes;
  }

  /**
   * The object `raw` resolves to (what comparisons are memoized on), or
   * null where {@link view} reads "anything".
   */
  target(raw: unknown): Record<string, unknown> | null {
    const d = this.#r.schemas.deref(raw);
    return !d.error && isObject(d.value) ? d.value : null;
  }

  /**
   * True when the schema `raw` resolves to, or one of its `allOf` parts,
   * sets `flag` (`readOnly`, `writeOnly`): read without a full view.
   */
  marked(raw: unknown, flag: string): boolean {
    return marked(raw, flag, this.#r.schemas);
  }

  /**
   * A keyword's value as it means, for comparing as written: `$ref`s
   * followed (a component inlined or renamed is the same), lists of names
   * and values sorted (`required`, `enum`, `type` say a set), bounded.
   */
  #asMeant(x: unknown): unknown {
    let left = MAX_VALUE_NODES;
    const seen = new Set<unknown>();
    const walk = (y: unknown, key: string): unknown => {
      if (--left < 0 || typeof y !== "object" || y === null) return y;
      if (seen.has(y)) return "…"; // a cycle, or an alias met again
      seen.add(y);
      try {
        if (Array.isArray(y)) {
          const items = y.map((z) => walk(z, ""));
          const scalars = items.every((z) =>
            typeof z !== "object" || z === null
          );
          return scalars && !DATA_KEYS.has(key)
            ? items.map((z) => json(z) ?? "").sort()
            : items;
        }
        const o = y as Record<string, unknown>;
        if (typeof o.$ref === "string") {
          const d = this.#r.deref(o);
          if (!d.error) return walk(d.value, key);
        }
        const out: Record<string, unknown> = {};
        for (const k in o) setOwn(out, k, walk(o[k], k));
        return out;
      } finally {
        seen.delete(y);
      }
    };
    return walk(x, "");
  }

  /** The view of the schema `raw` written at `pointer`. */
  view(raw: unknown, pointer: string | Link): SchemaView {
    const d = this.#r.schemas.deref(raw);
    if (d.error) {
      return { ...ANYTHING, name: d.ref ? refName(d.ref) : "", note: d.error };
    }
    const obj = d.value;
    if (!isObject(obj)) {
      // `false` accepts nothing; `true`, `{}` or junk accept anything. A
      // 3.1 boolean schema is written where it stands: its pointer.
      const at = d.ref
        ? refPointer(d.ref)
        : typeof pointer === "string"
        ? pointer
        : linkPointer(pointer);
      return obj === false
        ? { ...ANYTHING, types: [], typeSaid: true, pointer: at }
        : { ...ANYTHING, pointer: at };
    }
    let v = this.#views.get(obj);
    if (!v) {
      const at = this.#pointers.get(obj) ??
        (d.ref
          ? refPointer(d.ref)
          : typeof pointer === "string"
          ? pointer
          : linkPointer(pointer));
      // A schema that is its own only non-null alternative reads as
      // anything while it is being read: never a loop.
      this.#views.set(obj, ANYTHING);
      v = this.#read(obj, at);
      this.#views.set(obj, v);
    }
    if (!d.ref || v.name) return v;
    // The same schema reached by name: one view per name, made once.
    let named = this.#named.get(d.ref);
    if (!named) this.#named.set(d.ref, named = { ...v, name: refName(d.ref) });
    return named;
  }

  /** The error that stops a comparison at a schema past a limit. */
  #tooLarge(pointer: string, what: string): CompareLimitError {
    return new CompareLimitError(
      `The ${this.#side}'s schema at ${
        pointer || "/"
      } has ${what}, which are not compared`,
      this.#side,
    );
  }

  #link(raw: unknown, under: string, key: string | number): Link {
    const known = isObject(raw) ? this.#pointers.get(raw) : undefined;
    return known === undefined
      ? { raw, under, key }
      : { raw, under, key, known };
  }

  #read(s: Record<string, unknown>, pointer: string): SchemaView {
    // `allOf` parts are read as everything else is: a 3.1 part written
    // `{$ref: X, maxLength: 5}` keeps its bound.
    const m = mergeParts(s, this.#r.schemas, pointer);
    const v: SchemaView = {
      ...ANYTHING,
      obj: s,
      pointer,
      props: new Map(),
      required: mergedRequired(m),
      bounds: {},
      note: m.problems[0] ?? "",
    };
    // Properties of every part; one that two parts define is both of them
    // (an `allOf` of the two, in any order the same), where it stands first.
    m.parts.forEach((p, i) => {
      if (!isObject(p.properties)) return;
      const at = childPointer(m.pointers[i], "properties");
      for (const name in p.properties) {
        const prev = v.props.get(name);
        if (prev) {
          const both = { allOf: [prev.raw, p.properties[name]] };
          v.props.set(name, { ...prev, raw: both });
          continue;
        }
        if (v.props.size >= MAX_PROPS) {
          throw this.#tooLarge(
            pointer,
            `more than ${formatCount(MAX_PROPS)} properties`,
          );
        }
        v.props.set(name, this.#link(p.properties[name], at, name));
      }
    });
    const partOf = (k: string): string => {
      const i = m.parts.findIndex((p) => p[k] !== undefined);
      return m.pointers[Math.max(0, i)];
    };
    const items = pick(m, "items");
    if (items !== undefined) {
      // Draft 4 tuples (`items: [...]`) compare by their first schema.
      v.items = Array.isArray(items)
        ? this.#link(items[0], childPointer(partOf("items"), "items"), 0)
        : this.#link(items, partOf("items"), "items");
    }
    const ap = pick(m, "additionalProperties");
    if (ap === false) v.additional = false;
    else if (ap === true || isObject(ap)) {
      v.additional = this.#link(
        ap === true ? {} : ap,
        partOf("additionalProperties"),
        "additionalProperties",
      );
    }
    // Where nothing in place beside it evaluates properties (no allOf,
    // alternatives, conditionals or `$ref`: JSON Schema 2020-12 §11.3),
    // `unevaluatedProperties` applies to the properties `properties` and
    // `patternProperties` do not match, exactly as `additionalProperties`
    // would (§10.3.2.3): what it means as that is kept.
    const up = pick(m, "unevaluatedProperties");
    if (
      ap === undefined && (up === false || up === true || isObject(up)) &&
      m.parts.length === 1 && !IN_PLACE.some((k) => m.parts[0][k] !== undefined)
    ) {
      v.unevaluated = up === false ? false : this.#link(
        up === true ? {} : up,
        partOf("unevaluatedProperties"),
        "unevaluatedProperties",
      );
    }

    let nullable = pick(m, "nullable") === true ||
      pick(m, "x-nullable") === true;
    const t = pick(m, "type");
    v.typeSaid = typeof t === "string" || Array.isArray(t);
    let types: string[] | null = null;
    if (typeof t === "string") types = [t];
    else if (Array.isArray(t)) {
      types = t.filter((x): x is string => typeof x === "string");
    }
    // 3.1's `type: [..., "null"]`: null passes the type; whether it passes
    // an enum too is decided once the enum is read (below).
    let typeNull = false;
    if (types?.includes("null")) {
      typeNull = true;
      types = types.filter((x) => x !== "null");
      if (!types.length) types = null;
    }
    let altValues: unknown[] | null = null;
    for (const kind of ["oneOf", "anyOf"] as const) {
      const list = pick(m, kind);
      if (!Array.isArray(list) || !list.length || v.alts) continue;
      if (altValues === null) {
        // Values are read as far as an enum is (a cut list would drop
        // some); alternatives, which pair, only to MAX_ALTS.
        altValues = list.length > MAX_ENUM ? null : valueAlternatives(
          kind,
          list.map((x) => this.#r.deref(x).value),
          () => nullable = true,
        );
        if (altValues) continue;
      }
      const at = childPointer(partOf(kind), kind);
      if (list.length > MAX_ALTS) {
        throw this.#tooLarge(
          pointer,
          `${formatCount(list.length)} ${kind} alternatives, more than ${
            formatCount(MAX_ALTS)
          }`,
        );
      }
      const alts: Alternative[] = [];
      let altTypes: string[] | null = [];
      let altSaid = true;
      // Alternatives that let null through: it is the schema's nullability,
      // compared here, not each alternative's (schema_diff.ts compares
      // alternatives without it).
      let nullAlts = 0;
      // Those that take null alone, and the nullability said beside them.
      let nullOnlyAlts = 0;
      const outer = nullable;
      list.forEach((raw, i) => {
        const d = this.#r.deref(raw);
        const target = d.value;
        // `oneOf: [X, {type: "null"}]` is a nullable X, the null written
        // in place or as a component, as a type or a value: the same
        // values either way.
        if (nullOnly(target)) {
          nullAlts++;
          nullOnlyAlts++;
          return;
        }
        if (admitsNull(target)) nullAlts++;
        const own = writtenTypes(target);
        altTypes = altTypes && own ? altTypes.concat(own) : null;
        altSaid &&= isObject(target) &&
          (typeof target.type === "string" || Array.isArray(target.type));
        const title = isObject(target) ? target.title : undefined;
        const titled = typeof title === "string" && title !== "";
        const byPosition = !d.ref && !titled;
        alts.push({
          ...this.#link(raw, at, i),
          label: d.ref ? refName(d.ref) : titled ? title : `#${i + 1}`,
          byPosition,
          ...(byPosition ? { kind: (own ?? []).join(" or ") } : {}),
        });
      });
      // Null passes an `anyOf` that one alternative lets it through, and a
      // `oneOf` only then: two that take it refuse it (JSON Schema 2020-12
      // §10.2.1.2-§10.2.1.3), so `oneOf: [{type: [string, null]}, {type:
      // [integer, null]}]` takes no null.
      if (kind === "anyOf" ? nullAlts > 0 : nullAlts === 1) nullable = true;
      if (
        alts.length === 1 && types === null && !v.props.size && !v.items &&
        // Nor one with an `anyOf` beside it, compared on its own (`also`).
        !(kind === "oneOf" && Array.isArray(pick(m, "anyOf"))) &&
        // A discriminated choice left with one alternative is still a
        // choice: its discriminator did not go (nor come, the other way).
        !discriminated(pick(m, "discriminator"))
      ) {
        // One schema (beside a null): that schema, with this one's
        // annotations (`anyOf: [{$ref: X}], nullable: true`). A `oneOf`
        // whose one schema takes null beside `{type: null}` refuses it,
        // as null matches both (§10.2.1.3), however that schema says it.
        return this.#wrap(
          v,
          m,
          alts[0],
          (one) =>
            outer || typeNull ||
            (kind === "anyOf"
              ? nullAlts > 0 || one.nullable
              : nullOnlyAlts + (one.nullable ? 1 : 0) === 1),
        );
      }
      if (alts.length) {
        v.alts = { kind, list: alts };
        // Alternatives that all say their type give the schema's types
        // (an `anyOf` of objects is an object, not "any").
        // Untyped alternatives that each let a kind through whole rule it
        // out: the kinds left limit the value as a `type` would, beside
        // what the alternatives' own `properties` or `items` say.
        const kinds = types === null && kind === "oneOf" && alts.length > 1
          ? oneOfKinds(
            list.map((x) => this.#r.deref(x).value).filter((x) => !nullOnly(x)),
          )
          : null;
        if (types === null && altTypes?.length) {
          // One that lets numbers through whole rules an integer out
          // with them (each integer matches both).
          types = kinds ? altTypes.filter((t) => kinds.includes(t)) : altTypes;
          v.altTyped = true;
          v.typeSaid = altSaid || kinds !== null;
        } else if (kinds) {
          // Each kind is a type, and number says integers too.
          types = kinds.filter((k) => k !== "integer");
          v.altTyped = true;
          v.typeSaid = true;
        }
      }
    }
    const second = v.alts?.kind === "oneOf" ? pick(m, "anyOf") : undefined;
    if (Array.isArray(second) && second.length) {
      // Always the same object for the same list: a pair compared once.
      let also = this.#also.get(second);
      if (!also) this.#also.set(second, also = { anyOf: second });
      v.also = {
        raw: also,
        under: "",
        key: "",
        known: partOf("anyOf"),
      };
    }
    v.const = pick(m, "const");
    // Every part's enum applies: the values all of them allow, in the
    // first's order.
    let e: unknown[] | null = null;
    const lists = m.parts.map((part) => part.enum).filter(Array.isArray);
    if (altValues) lists.push(altValues);
    for (const list of lists) {
      if (list.length > MAX_ENUM) {
        throw this.#tooLarge(
          pointer,
          `${formatCount(list.length)} enum values, more than ${
            formatCount(MAX_ENUM)
          }`,
        );
      }
      if (e === null) e = list.slice();
      else {
        const allowed = new Set(list.map((x) => json(x)));
        e = e.filter((x) => allowed.has(json(x)));
      }
    }
    if (e) v.enum = e;
    const ext = pick(m, "x-extensible-enum");
    if (Array.isArray(ext)) v.extensible = ext.slice(0, MAX_ENUM);
    // A `const` (3.1) allows one value: an enum of one, compared as one.
    else if (v.const !== undefined) v.enum = [v.const];
    // A value is null-able when every keyword lets null through (JSON
    // Schema applies them all): 3.1's type with "null" and an enum that
    // lists null or is absent; an untyped enum listing null. 3.0's
    // `nullable: true` beside an enum reads as tools read it, nullable
    // (3.0 writes `enum: [a, b]` where 3.1 writes `[a, b, null]`).
    const enumNull = v.enum?.includes(null) ?? false;
    if (typeNull && (!v.enum || enumNull)) nullable = true;
    if (types === null && !typeNull && enumNull) nullable = true;
    // The null among the values is that nullability, compared on its own,
    // alone too: `enum: [null]` beside a nullable type takes null and
    // nothing else, as an empty enum beside that nullability does.
    if (v.enum && enumNull) {
      v.enum = v.enum.filter((x) => x !== null);
    }
    // A schema that names no type but null (`type: "null"`, an untyped
    // `enum: [null]` or `const: null`) takes null and nothing else (JSON
    // Schema 2020-12 §6.1.1-§6.1.2): no type besides, and no value but
    // that nullability, so gaining a type or a value widens it, where it
    // read as any type.
    if (
      types === null && nullable && !v.alts &&
      ((typeNull && !v.enum?.length) || (!v.typeSaid && v.enum?.length === 0))
    ) {
      types = [];
      v.enum = [];
      v.typeSaid = true;
    }
    if (types === null) {
      if (v.props.size) types = ["object"];
      else if (v.items) types = ["array"];
      else if (v.enum?.length) {
        // The values say the type an untyped enum (or const) has, and
        // limit it: no other type passes.
        const said = v.enum.filter((x) => x !== null).map(valueType);
        if (said.length) {
          types = said;
          v.typeSaid = true;
        }
      }
    }
    // A `contentMediaType` without a type is 3.0's `type: string, format:
    // binary` migrated (OpenAPI 3.1 §4.8.14.3 writes a file as
    // `contentMediaType` alone): a string, as when typed.
    if (types === null && str(pick(m, "contentMediaType"))) types = ["string"];
    v.format = str(pick(m, "format"));
    if (!v.format && types?.includes("string")) {
      // OpenAPI 3.1 §4.8.24.3 writes 3.0's `format: byte` as
      // `contentEncoding: base64`, and `format: binary` as a
      // `contentMediaType`: the same strings, compared as such.
      if (str(pick(m, "contentEncoding")).toLowerCase() === "base64") {
        v.format = "byte";
      } else if (str(pick(m, "contentMediaType"))) v.format = "binary";
    }
    // What the string's bytes are, compared on their own (another encoding,
    // another type of file): any encoding is encoded bytes, as base64 is.
    v.contentEncoding = str(pick(m, "contentEncoding")).toLowerCase() ||
      (v.format === "byte" ? "base64" : "");
    v.contentMediaType = str(pick(m, "contentMediaType")).toLowerCase();
    if (
      v.contentEncoding && !str(pick(m, "format")) && types?.includes("string")
    ) v.format = "byte";
    // Swagger 2.0's `file` is OpenAPI 3's binary string (3.0 §4.8.14.2, "a
    // file upload"): the same field, written for each version.
    if (types?.includes("file")) {
      types = types.map((t) => t === "file" ? "string" : t);
      v.format ||= "binary";
    }
    v.types = types ? [...new Set(types)].sort() : null;
    v.nullable = nullable;
    v.default = pick(m, "default");
    const pattern = pick(m, "pattern");
    if (typeof pattern === "string") v.pattern = pattern;
    // Every `allOf` part applies (a 3.1 keyword beside a `$ref` is one):
    // the tightest bound of all, not the first written.
    for (const b of BOUNDS) {
      const upper = b.startsWith("max") || b === "exclusive-max";
      for (const part of m.parts) {
        const x = part[BOUND_KEYWORDS[b]];
        if (typeof x !== "number") continue;
        const y = v.bounds[b];
        v.bounds[b] = y === undefined
          ? x
          : upper
          ? Math.min(x, y)
          : Math.max(x, y);
      }
    }
    // OpenAPI 3.0 (JSON Schema draft 4): `exclusiveMaximum: true` makes
    // `maximum` exclusive; 3.1 writes the exclusive bound as a number.
    if (pick(m, "exclusiveMaximum") === true && v.bounds.max !== undefined) {
      v.bounds["exclusive-max"] = v.bounds.max;
      delete v.bounds.max;
    }
    if (pick(m, "exclusiveMinimum") === true && v.bounds.min !== undefined) {
      v.bounds["exclusive-min"] = v.bounds.min;
      delete v.bounds.min;
    }
    const mul = pick(m, "multipleOf");
    if (typeof mul === "number" && mul > 0) v.multipleOf = mul;
    v.uniqueItems = pick(m, "uniqueItems") === true;
    const prefix = pick(m, "prefixItems");
    if (Array.isArray(prefix)) {
      const at = childPointer(partOf("prefixItems"), "prefixItems");
      if (prefix.length > MAX_ALTS) {
        throw this.#tooLarge(
          pointer,
          `${formatCount(prefix.length)} tuple positions, more than ${
            formatCount(MAX_ALTS)
          }`,
        );
      }
      v.prefix = prefix.map((x, i) => this.#link(x, at, i));
    }
    const disc = pick(m, "discriminator");
    if (discriminated(disc)) {
      // Swagger 2.0 names the property alone (Schema Object:
      // `discriminator` is a string); 3.x writes an object.
      v.discriminator = typeof disc === "string"
        ? disc
        : str(disc.propertyName);
      v.mapping = new Map();
      if (isObject(disc) && isObject(disc.mapping)) {
        for (const k in disc.mapping) {
          if (v.mapping.size >= MAX_ALTS) {
            throw this.#tooLarge(
              pointer,
              `more than ${formatCount(MAX_ALTS)} discriminator mappings`,
            );
          }
          v.mapping.set(k, str(disc.mapping[k]));
        }
      }
      if (isObject(disc)) v.defaultMapping = str(disc.defaultMapping);
      // An alternative no mapping names is picked by its schema's name
      // (OpenAPI 3.1 §4.8.25.2, implicit mapping): the value on the wire.
      const named = new Set(
        [...v.mapping.values()].map((t) => t.slice(t.lastIndexOf("/") + 1)),
      );
      for (const alt of v.alts?.list ?? []) {
        const ref = refOf(alt.raw);
        if (ref === null || named.has(alt.label)) continue;
        if (!v.mapping.has(alt.label)) v.mapping.set(alt.label, ref);
      }
      // So is a component that extends this one (`allOf: [{$ref: Pet}]`,
      // the 3.x example's and Swagger 2.0's way): by its name, and its own
      // schema compared as an alternative is.
      const subtypes = this.#extensions().get(s) ?? [];
      if (subtypes.length > MAX_ALTS) {
        throw this.#tooLarge(
          pointer,
          `${formatCount(subtypes.length)} subtypes, more than ${
            formatCount(MAX_ALTS)
          }`,
        );
      }
      const alts = new Set(v.alts?.list.map((a) => a.label));
      for (const sub of subtypes) {
        if (alts.has(sub.label)) continue;
        if (v.subtypes.length === 0) v.subtypes = [];
        v.subtypes.push(sub);
        if (named.has(sub.label) || v.mapping.has(sub.label)) continue;
        v.mapping.set(sub.label, refOf(sub.raw)!);
      }
    }
    for (const k of OTHER_KEYWORDS) {
      const x = pick(m, k);
      if (x === undefined) continue;
      if (v.others.size === 0) v.others = new Map();
      v.others.set(k, json(this.#asMeant(x)) ?? "");
    }
    v.readOnly = pick(m, "readOnly") === true;
    v.writeOnly = pick(m, "writeOnly") === true;
    v.deprecated = pick(m, "deprecated") === true;
    v.description = str(pick(m, "description"));
    v.title = str(pick(m, "title"));
    v.example = pick(m, "example") ?? pick(m, "examples");
    // `allOf: [{$ref: X}]` beside annotations: X, annotated here.
    const own = m.parts[0];
    if (
      m.parts.length === 2 && Array.isArray(own.allOf) &&
      own.allOf.length === 1 && typeof refOf(own.allOf[0]) === "string" &&
      Object.keys(own).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-"))
    ) {
      v.inner = this.#link(own.allOf[0], childPointer(pointer, "allOf"), 0);
    }
    return v;
  }

  /**
   * A schema that is one other schema plus annotations: the other's shape
   * with the `nullable` this one's alternatives decide from the other's,
   * and this one's description, deprecation and access.
   */
  #wrap(
    v: SchemaView,
    m: Merged,
    alt: Alternative,
    nullable: (one: SchemaView) => boolean,
  ): SchemaView {
    const one = this.view(alt.raw, alt);
    const own = <T>(k: string, fallback: T): T | unknown =>
      pick(m, k) ?? fallback;
    return {
      ...one,
      obj: v.obj,
      name: "",
      pointer: v.pointer,
      nullable: nullable(one),
      default: own("default", one.default),
      readOnly: own("readOnly", one.readOnly) === true,
      writeOnly: own("writeOnly", one.writeOnly) === true,
      deprecated: own("deprecated", one.deprecated) === true,
      description: str(pick(m, "description")) || one.description,
      title: str(pick(m, "title")) || one.title,
      example: own("example", one.example),
      inner: alt,
    };
  }
}

/** Keys whose lists are data, in order (a `const` list is one value). */
const DATA_KEYS = new Set(["const", "default", "example", "examples"]);

/** Nodes of one enum or default value written out; past it, the value is cut. */
const MAX_VALUE_NODES = 1_000;

/**
 * A value as a stable text (object keys sorted), for enum and default
 * comparison and for sentences; undefined stays undefined. Bounded: a value
 * that YAML aliases make huge is cut after {@link MAX_VALUE_NODES} nodes.
 */
export function json(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  let left = MAX_VALUE_NODES;
  const write = (x: unknown): string => {
    if (--left < 0) return "…";
    if (Array.isArray(x)) return `[${x.map(write).join(",")}]`;
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      return `{${
        Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${write(o[k])}`)
          .join(",")
      }}`;
    }
    return JSON.stringify(x) ?? "null";
  };
  return write(v);
}
