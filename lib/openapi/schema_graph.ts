/**
 * Schemas as trees of any depth, built lazily. A {@link SchemaGraph} gives
 * each schema object of a parsed document one numeric id (a `$ref` and its
 * target share one) and, on request, a {@link SchemaNode}: the schema with
 * its `allOf` merged, its properties, array items, `additionalProperties`
 * and `oneOf`/`anyOf` alternatives as edges to other ids. The graph is a
 * graph, not a tree, so recursion costs nothing here: the page walks it,
 * opening only what the user opened, and shows a schema already open on the
 * same branch as a link back. External `$ref`s are named, never fetched.
 */
import { clip } from "../shared/parse_error.ts";
import { truncate } from "../shared/parse_error.ts";
import { markdown, type Md } from "./markdown.ts";
import {
  arrayParts,
  type Merged,
  mergedProperties,
  mergedRequired,
  mergeParts,
  pick,
} from "./merge.ts";
import { isObject, refName, refOf, type RefResolver } from "./refs.ts";
import { firstKeys, scalarList } from "./safe.ts";
import { additionalKeyName, valueJson } from "./example.ts";
import { CLOSED_TUPLE } from "./tuple_facts.ts";
import { type Spell, spelling } from "./written_integers.ts";
import { EMPTY_VALUE_ALLOWED, emptyFormField } from "./empty_value.ts";
import {
  derivedVariants,
  discriminatorProperty,
  mappedName,
  mappingPairs,
  schemasContainer,
  variantsOf,
} from "./discriminator.ts";

/** A link from a schema to another: a property, the items, an alternative. */
export interface SchemaEdge {
  /** Property name, or an alternative's label; "" for items. */
  name: string;
  /** True when it is a property the schema's `required` lists. */
  required: boolean;
  /** Component name when the link is a `$ref` (`Pet`), else "". */
  ref: string;
  /** Id of the target node. */
  node: number;
  /**
   * The description written beside a `$ref` (this use of the component,
   * shown instead of the component's own: OpenAPI 3.1 §4.8.23, JSON Schema
   * 2020-12 §8.2.3.1 applies siblings of `$ref`), when there is one.
   */
  description?: Md;
  /** `deprecated: true` beside a `$ref`: this use is deprecated. */
  deprecated?: true;
  /**
   * The `$ref` names one of the document's named schemas itself
   * (`#/components/schemas/Pet`, 2.0 `#/definitions/Pet`), not a place
   * inside one, another component or another file: `ref` is its name.
   */
  named?: true;
  /**
   * What the keys of `additionalProperties` stand for, from its schema's
   * `x-additionalPropertiesName` (Redoc and Scalar name the row after it,
   * `header name*`), when it writes one.
   */
  keyName?: string;
}

/**
 * A local `$ref` to a named schema itself (see {@link SchemaEdge.named}):
 * 3.x's `components.schemas`, 2.0's `definitions`; each document only its
 * own (a 3.x `definitions` is no named schema of it).
 */
const NAMED_SCHEMA_REF = /^#\/components\/schemas\/[^/]+$/;
const NAMED_DEFINITION_REF = /^#\/definitions\/[^/]+$/;

/** The `oneOf` or `anyOf` alternatives of a schema. */
export interface SchemaAlts {
  /** Which keyword lists them: `oneOf` when the schema has one, else `anyOf`. */
  kind: "oneOf" | "anyOf";
  /** One edge per alternative (at most 100), named by its target's `title`, else its component name, else `Option n`. */
  list: SchemaEdge[];
  /** `discriminator.propertyName`, or "". */
  discriminator: string;
  /** `discriminator.mapping` as [value, schema name] pairs. */
  mapping: [string, string][];
}

/** One schema, merged and summarised: plain data for the page. */
export interface SchemaNode {
  /** The schema's id in its {@link SchemaGraph}: edges point at it. */
  id: number;
  /** `object`, `string`, `integer | null`, `any`; "" when only alternatives say. */
  type: string;
  /** `format` as written (`int64`, `date-time`), "" when none. */
  format: string;
  /** OpenAPI 3.0 `nullable: true` (Swagger 2.0's `x-nullable`). */
  nullable: boolean;
  /** `title` as written, "" when none. */
  title: string;
  /** `description` as Markdown (as one text node for a graph made with `markdown: false`); empty when none. */
  description: Md;
  /** True when the schema says `deprecated: true`. */
  deprecated: boolean;
  /** True when the schema says `readOnly: true`: sent in responses only. */
  readOnly: boolean;
  /** True when the schema says `writeOnly: true`: sent in requests only. */
  writeOnly: boolean;
  /** Enum values as short JSON. */
  enum: string[];
  /** Enum values left out. */
  enumMore: number;
  /**
   * Each listed enum value's description from `x-enumDescriptions` (an
   * object of value → text, as Redoc reads it, or a list parallel to
   * `enum`; openapi-generator's `x-enum-descriptions` too), as plain text,
   * "" for a value it does not describe; empty when none is described.
   */
  enumDescriptions: string[];
  /**
   * Each listed enum value's name from `x-enum-varnames` (a list parallel
   * to `enum`, openapi-generator's; NSwag writes `x-enumNames`), as Scalar
   * shows it beside the value (`0 = Active`): what a code enum calls it.
   * "" for a value it does not name; empty when none is named.
   */
  enumNames: string[];
  /** `default` and `const` as short JSON, null when absent. */
  default: string | null;
  /** `const` as short JSON, null when absent. */
  const: string | null;
  /**
   * The schema's own example as short JSON: 3.0's `example`, else 3.1's
   * first `examples` entry (Redoc and Scalar print it per property); null
   * when none.
   */
  example: string | null;
  /** `>= 1`, `maxLength 5000`, `pattern ^a+$`, `unique items`. */
  constraints: string[];
  /** Its properties (`allOf` parts merged), in written order, at most 500. */
  props: SchemaEdge[];
  /** Properties left out past the cap. */
  propsMore: number;
  /** The edge to `items` (the first one of a tuple form), null when none. */
  items: SchemaEdge | null;
  /** The edge to `additionalProperties` (named `*`) when it is `true` or a schema, else null. */
  additional: SchemaEdge | null;
  /**
   * `patternProperties` (JSON Schema 2020-12 §10.3.2.2): one edge per
   * pattern, named by it, at most 100.
   */
  patterns: SchemaEdge[];
  /**
   * A tuple's `prefixItems` (2020-12 §10.3.1.1), one edge per position,
   * named `0`, `1`…, at most 100; `items` then holds the rest.
   */
  tuple: SchemaEdge[];
  /**
   * The edge to `contentSchema` (2020-12 Validation §8.5): the shape of
   * the document a string carries (its `contentMediaType`, a fact), null
   * when none.
   */
  content: SchemaEdge | null;
  /** Its `oneOf` or `anyOf` alternatives, null when it has neither. */
  alts: SchemaAlts | null;
  /**
   * Without alternatives, the property naming which schema a value is
   * (polymorphism through `allOf`: Swagger 2.0's `discriminator: kind`,
   * OpenAPI 3's `discriminator.propertyName`); "" when none.
   */
  discriminator: string;
  /**
   * 3.2's `discriminator.defaultMapping`: the schema a value naming no
   * mapped one is (a component's name), "" when none.
   */
  defaultMapping: string;
  /**
   * The schema's `externalDocs`: its description (else its URL) as text,
   * and the URL as `href` only when it is http or https ("" otherwise);
   * null when none.
   */
  externalDocs: { text: string; href: string } | null;
  /**
   * When the schema was a `oneOf`/`anyOf` of one schema and null (`[X,
   * {type: "null"}]`, OpenAI's `temperature`), folded into one, as Scalar
   * shows it: the edge to X, whose facts the node then holds (nullable,
   * its own description first); null otherwise.
   */
  nullOf: SchemaEdge | null;
  /** Why the schema could not be read in full (an external or broken `$ref`). */
  note: string;
}

/** Properties listed per schema. */
export const MAX_PROPS = 500;
/** Alternatives listed per `oneOf`/`anyOf`. */
const MAX_ALTS = 100;
/**
 * Enum values listed (the page folds all but a few): Stripe's longest, 594
 * time zones, in full.
 */
const MAX_ENUM = 1_000;
/** Characters of one value shown (`default`, an enum entry). */
const MAX_VALUE = 120;
/** Longest description kept per schema. */
const MAX_DESCRIPTION = 5_000;

const ANY = Symbol("any");
const NEVER = Symbol("never");

/**
 * A value in a few characters: a string quoted, a list or object as compact
 * JSON walked only as far as shown (`["x","y"]`, `{"k":1}`, cut with `…`),
 * as Redoc shows a default.
 */
export function shortJson(v: unknown, spell?: Spell): string {
  if (typeof v === "string") return JSON.stringify(truncate(v, MAX_VALUE));
  if (v === undefined) return "";
  if (typeof v === "number") return num(v, spell)!;
  if (typeof v !== "object" || v === null) return String(v);
  const text = valueJson(v, MAX_VALUE, "", spell);
  return text.length > MAX_VALUE ? text.slice(0, MAX_VALUE) + "…" : text;
}

/** A number as text (as written, with `spell`), null for anything else. */
function num(v: unknown, spell?: Spell): string | null {
  return typeof v === "number" ? spell?.(v) ?? String(v) : null;
}

/**
 * Human-readable validation keywords of a merged schema; `spell` prints
 * bounds past 2^53 as written.
 */
function constraintsOf(m: Merged, spell: Spell): string[] {
  const out: string[] = [];
  const exMin = num(pick(m, "exclusiveMinimum"), spell),
    exMax = num(pick(m, "exclusiveMaximum"), spell);
  const min = num(pick(m, "minimum"), spell),
    max = num(pick(m, "maximum"), spell);
  // 3.0 (JSON Schema draft 4): exclusive* are booleans on minimum/maximum;
  // 3.1 (2020-12): they are numbers of their own.
  const openMin = pick(m, "exclusiveMinimum") === true,
    openMax = pick(m, "exclusiveMaximum") === true;
  if (min !== null) out.push(`${openMin ? ">" : ">="} ${min}`);
  if (exMin !== null) out.push(`> ${exMin}`);
  if (max !== null) out.push(`${openMax ? "<" : "<="} ${max}`);
  if (exMax !== null) out.push(`< ${exMax}`);
  for (
    const k of [
      "minLength",
      "maxLength",
      "minItems",
      "maxItems",
      "minProperties",
      "maxProperties",
      "multipleOf",
    ]
  ) {
    const v = num(pick(m, k));
    if (v !== null) out.push(`${k} ${v}`);
  }
  const pattern = pick(m, "pattern");
  if (typeof pattern === "string") out.push(`pattern ${clip(pattern)}`);
  // Of lists only (JSON Schema Validation §6.4.3): Kubernetes writes it on
  // 2,274 strings and booleans, where it says nothing.
  const type = pick(m, "type");
  if (
    pick(m, "uniqueItems") === true &&
    (type === undefined || type === "array" ||
      (Array.isArray(type) && type.includes("array")))
  ) out.push("unique items");
  // Keywords holding a schema that rarely has much in it, as short text
  // (Swagger UI lists them by keyword): a `$ref` by its component's name.
  for (
    const [k, label] of [
      ["not", "not"],
      ["propertyNames", "property names"],
      ["contains", "contains"],
      ["if", "if"],
      ["then", "then"],
      ["else", "else"],
    ]
  ) {
    const v = pick(m, k);
    if (v !== undefined) out.push(`${label} ${schemaText(v)}`);
  }
  for (const k of ["minContains", "maxContains"]) {
    const v = num(pick(m, k));
    if (v !== null) out.push(`${k} ${v}`);
  }
  // A property that brings others along (2020-12 §6.5.4, §10.2.2.4).
  const needs = pick(m, "dependentRequired");
  if (isObject(needs)) {
    for (const name of firstKeys(needs, MAX_ALTS)) {
      const list = scalarList(needs[name], 20);
      if (list.length) {
        out.push(`with ${clip(name)}: requires ${list.map(clip).join(", ")}`);
      }
    }
  }
  const deps = pick(m, "dependentSchemas");
  if (isObject(deps)) {
    for (const name of firstKeys(deps, MAX_ALTS)) {
      out.push(`with ${clip(name)}: ${schemaText(deps[name])}`);
    }
  }
  // A string that carries other content (2020-12 Validation §8): bytes in
  // base64, a JSON document, of a shape of its own.
  const enc = pick(m, "contentEncoding");
  if (typeof enc === "string") out.push(`encoded ${clip(enc)}`);
  const media = pick(m, "contentMediaType");
  if (typeof media === "string") out.push(`content ${clip(media)}`);
  return out;
}

/**
 * The description of each of `values` that `d` gives (an object keyed by
 * the value as text, or a list in the values' order), clipped; [] when it
 * describes none.
 */
function enumDescriptions(values: unknown[], d: unknown): string[] {
  const text = (v: unknown) => typeof v === "string" ? clip(v.trim()) : "";
  let out: string[];
  if (Array.isArray(d)) out = values.map((_, i) => text(d[i]));
  else if (isObject(d)) {
    out = values.map((v) =>
      v !== null && typeof v !== "object" && Object.hasOwn(d, String(v))
        ? text(d[String(v)])
        : ""
    );
  } else return [];
  return out.some((t) => t) ? out : [];
}

/**
 * The name of each of the first {@link MAX_ENUM} of `count` enum values
 * that list `d` gives in the values' order, clipped; [] when it names
 * none (or is no list).
 */
function enumNames(count: number, d: unknown): string[] {
  if (!Array.isArray(d)) return [];
  const out: string[] = [];
  for (let i = 0; i < Math.min(count, MAX_ENUM); i++) {
    out.push(typeof d[i] === "string" ? clip(d[i].trim()) : "");
  }
  return out.some((t) => t) ? out : [];
}

/**
 * A schema's XML Object as facts (OpenAPI 3.2 §4.26; 3.0's `attribute`
 * and `wrapped`): how an XML body writes it, which the cURL body follows.
 */
function xmlFacts(x: unknown): string[] {
  if (!isObject(x)) return [];
  const out: string[] = [];
  const node = typeof x.nodeType === "string"
    ? x.nodeType
    : x.attribute === true
    ? "attribute"
    : x.wrapped === true
    ? "wrapped"
    : "";
  if (node) out.push(`xml: ${clip(node)}`);
  for (const key of ["name", "prefix", "namespace"] as const) {
    const v = x[key];
    if (typeof v === "string" && v) out.push(`xml ${key}: ${clip(v)}`);
  }
  return out;
}

/**
 * An External Documentation Object as a link: its description, else its
 * URL, as text; the URL a link only when http or https (as descriptions'
 * links are followed); null when it says nothing.
 */
function docsLink(v: unknown): { text: string; href: string } | null {
  if (!isObject(v)) return null;
  const url = typeof v.url === "string" ? v.url.trim() : "";
  const about = typeof v.description === "string" ? v.description.trim() : "";
  if (!url && !about) return null;
  const href = /^https?:\/\//i.test(url) && URL.canParse(url) ? url : "";
  return { text: clip(about || url), href };
}

/** Keywords a null alternative may carry beside what makes it null. */
const NULL_NOTES = new Set([
  "title",
  "description",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "example",
  "examples",
  "default",
]);

/**
 * True when `t` allows only null: `{type: "null"}`, `{nullable: true}`
 * alone (3.0), `{enum: [null]}`, `{const: null}`, beside annotations.
 */
function isNullOnly(t: unknown): boolean {
  if (!isObject(t)) return false;
  let says = false;
  for (const k in t) {
    const v = t[k];
    if (k === "type") {
      if (
        v !== "null" && !(Array.isArray(v) && v.length === 1 && v[0] === "null")
      ) return false;
    } else if (k === "enum") {
      if (!Array.isArray(v) || !v.length || v.some((x) => x !== null)) {
        return false;
      }
    } else if (k === "const") {
      if (v !== null) return false;
    } else if (k === "nullable") {
      if (v !== true) return false;
    } else if (!NULL_NOTES.has(k) && !k.startsWith("x-")) return false;
    else continue;
    says = true;
  }
  return says;
}

/** A schema in a few characters: `Pet` for a `$ref`, else short JSON. */
function schemaText(v: unknown): string {
  const ref = refOf(v);
  return ref !== null ? refName(ref) : shortJson(v);
}

function typeOf(m: Merged, hasProps: boolean): string {
  const t = pick(m, "type");
  if (typeof t === "string") return clip(t);
  if (Array.isArray(t)) return scalarList(t, 8).map(clip).join(" | ");
  if (hasProps) return "object";
  if (pick(m, "items") !== undefined || pick(m, "prefixItems") !== undefined) {
    return "array";
  }
  if (pick(m, "patternProperties") !== undefined) return "object";
  if (pick(m, "oneOf") !== undefined || pick(m, "anyOf") !== undefined) {
    return "";
  }
  // Untyped values say their type: a `const`, an enum's values (`[null,
  // "a"]` is a nullable string, as compare reads it).
  const kind = (v: unknown) =>
    v === null
      ? "null"
      : Array.isArray(v)
      ? "array"
      : typeof v === "number"
      ? (Number.isInteger(v) ? "integer" : "number")
      : typeof v;
  const c = pick(m, "const");
  if (c !== undefined) return kind(c);
  const e = pick(m, "enum");
  if (Array.isArray(e) && e.length) {
    const kinds = [...new Set(e.slice(0, 100).map(kind))];
    // A number takes in the integers among them.
    const real = kinds.filter((k) =>
      k !== "null" && !(k === "integer" && kinds.includes("number"))
    );
    if (!real.length) return "null";
    return [...real, ...(kinds.includes("null") ? ["null"] : [])].join(" | ");
  }
  return "any";
}

/** Keywords beside a `$ref` that describe this use, shown on its edge. */
const EDGE_NOTES = new Set([
  "$ref",
  "$dynamicRef",
  "description",
  "summary",
  "deprecated",
  "$comment",
]);

/**
 * True when `ref` (a `$ref` object) has a keyword beside it that changes
 * the schema (3.1 applies them), not only notes about this use.
 */
function constrains(ref: unknown): boolean {
  if (!isObject(ref)) return false;
  for (const k in ref) {
    if (!EDGE_NOTES.has(k) && !k.startsWith("x-")) return true;
  }
  return false;
}

/** Options of {@link SchemaGraph}. */
export interface GraphOptions {
  /** Parse descriptions as CommonMark (default true; tests may skip it). */
  markdown?: boolean;
  /**
   * The first node id handed out (default 0): two graphs of one document
   * (one built from its pieces while the whole is read) keep apart.
   */
  firstId?: number;
}

/**
 * Arrays of arrays followed within one level by {@link SchemaGraph.collect}:
 * a type summary names four (`array<array<array<array<…>>>>`).
 */
const ITEM_HOPS = 4;

/** The schema graph of one parsed document; ids are stable for its life. */

export class SchemaGraph {
  #r: RefResolver;
  #ids = new Map<unknown, number>();
  #keys: unknown[] = [];
  #notes = new Map<number, string>();
  #built: (SchemaNode | undefined)[] = [];
  #md: boolean;
  #first: number;
  /** Ids being built: a union folding into one of them does not fold. */
  #building = new Set<number>();

  /** `resolver` is the parsed document's. */
  /** What a `$ref` to one of the document's named schemas looks like. */
  #named: RegExp;
  /** Where the document's named schemas are (3.x's or 2.0's pointer). */
  #container: string;
  /** Prints integers past 2^53 as the document writes them. */
  #spell: Spell;
  constructor(resolver: RefResolver, opts: GraphOptions = {}) {
    this.#r = resolver;
    this.#container = schemasContainer(resolver);
    this.#named = this.#container === "#/definitions"
      ? NAMED_DEFINITION_REF
      : NAMED_SCHEMA_REF;
    this.#spell = spelling(resolver);
    this.#md = opts.markdown !== false;
    this.#first = opts.firstId ?? 0;
  }

  /** How many ids were handed out. */
  get size(): number {
    return this.#keys.length;
  }

  #id(key: unknown): number {
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#first + this.#keys.length;
      this.#keys.push(key);
      this.#ids.set(key, id);
    }
    return id;
  }

  /** The edge to `raw` (a schema as written, possibly a `$ref`). */
  edge(name: string, raw: unknown, required = false): SchemaEdge {
    const ref = refOf(raw);
    let key: unknown = raw;
    let refLabel = "";
    let note = "";
    if (ref !== null) {
      refLabel = refName(ref);
      const d = this.#r.deref(raw);
      if (d.error) {
        note = d.error;
        key = raw; // a node of its own, carrying the reason
      } else {
        // 3.1's keywords beside the reference (`readOnly`, `maxLength`)
        // make this use a schema of its own; annotations stay on the edge.
        const read = this.#r.read(raw);
        key = read !== raw && constrains(raw) ? read : d.value;
      }
    } else if (isObject(raw) && Array.isArray(raw.allOf)) {
      // `allOf: [{$ref}]` beside a description: the usual way to annotate a
      // reference, named after it.
      const only = raw.allOf.length === 1 ? refOf(raw.allOf[0]) : null;
      if (only !== null && !isObject(raw.properties)) refLabel = refName(only);
    }
    if (raw === false) key = NEVER;
    else if (!isObject(key)) key = ANY;
    const node = this.#id(key);
    if (note) this.#notes.set(node, note);
    const edge: SchemaEdge = { name, required, ref: refLabel, node };
    const target = ref ??
      (isObject(raw) && Array.isArray(raw.allOf) && refLabel
        ? refOf(raw.allOf[0])
        : null);
    if (target !== null && this.#named.test(target)) edge.named = true;
    if (ref !== null && isObject(raw)) {
      if (typeof raw.description === "string") {
        const d = truncate(raw.description, MAX_DESCRIPTION);
        edge.description = this.#md ? markdown(d) : [d];
      }
      if (raw.deprecated === true) edge.deprecated = true;
    }
    return edge;
  }

  /** The node `id`, built on first use; null for an unknown id. */
  node(id: number): SchemaNode | null {
    const i = id - this.#first;
    if (!(i >= 0 && i < this.#keys.length)) return null;
    const built = this.#built[i];
    if (built) return built;
    this.#building.add(id);
    try {
      return this.#built[i] = this.#build(id);
    } finally {
      this.#building.delete(id);
    }
  }

  /**
   * Nodes `ids` and what they link to, breadth first, `depth` tree levels
   * deep, at most `max` nodes. Array items count no level (a tree shows
   * them in place: `lines[].amount` is one level under `lines`), nor do a
   * oneOf's or anyOf's alternatives (their fields are one level under the
   * property), up to {@link ITEM_HOPS} such hops in a row, what a type
   * summary reads.
   */
  collect(ids: readonly number[], depth: number, max: number): SchemaNode[] {
    const out: SchemaNode[] = [];
    // The shallowest level each id was queued at, and those collected: an
    // id queued one level down through a property can still come up into
    // this level as an array's items (`latest: Charge` before `data:
    // Charge[]`).
    const queued = new Map<number, number>();
    const done = new Set<number>();
    let level: [id: number, hops: number][] = [];
    for (const id of ids) {
      if (!queued.has(id)) {
        queued.set(id, 0);
        level.push([id, 0]);
      }
    }
    for (let d = 0; level.length && out.length < max; d++) {
      const next: [number, number][] = [];
      // The level grows while it is read: items join the level they are in.
      for (let i = 0; i < level.length && out.length < max; i++) {
        const [id, hops] = level[i];
        if (done.has(id)) continue; // came up into a shallower level
        done.add(id);
        const n = this.node(id);
        if (!n) continue;
        out.push(n);
        // Items, and the alternatives of a oneOf/anyOf (a tree opens them
        // with the property that holds them: its fields are one level
        // under it), join this level.
        for (const e of [n.items, ...(n.alts?.list ?? [])]) {
          const it = e?.node;
          if (
            it !== undefined && hops < ITEM_HOPS && !done.has(it) &&
            (queued.get(it) ?? Infinity) > d
          ) {
            queued.set(it, d);
            level.push([it, hops + 1]);
          }
        }
        if (d >= depth) continue;
        for (const e of edgesOf(n)) {
          if (e !== n.items && !queued.has(e.node)) {
            queued.set(e.node, d + 1);
            next.push([e.node, 0]);
          }
        }
      }
      level = next;
    }
    return out;
  }

  #blank(id: number, type: string): SchemaNode {
    return {
      id,
      type,
      format: "",
      nullable: false,
      title: "",
      description: [],
      deprecated: false,
      readOnly: false,
      writeOnly: false,
      enum: [],
      enumMore: 0,
      enumDescriptions: [],
      enumNames: [],
      default: null,
      const: null,
      example: null,
      constraints: [],
      props: [],
      propsMore: 0,
      items: null,
      additional: null,
      patterns: [],
      tuple: [],
      content: null,
      alts: null,
      discriminator: "",
      defaultMapping: "",
      externalDocs: null,
      nullOf: null,
      note: this.#notes.get(id) ?? "",
    };
  }

  #build(id: number): SchemaNode {
    const key = this.#keys[id - this.#first];
    if (key === ANY) return this.#blank(id, "any");
    if (key === NEVER) return this.#blank(id, "never");
    const s = key as Record<string, unknown>;
    if (this.#notes.has(id)) {
      return this.#blank(id, refOf(s) !== null ? refName(refOf(s)!) : "any");
    }
    const m = mergeParts(s, this.#r.schemas);
    const { props, total } = mergedProperties(m, MAX_PROPS);
    const req = mergedRequired(m);
    const n = this.#blank(id, typeOf(m, props.size > 0));
    if (m.problems.length) n.note = m.problems.slice(0, 3).join("; ");
    const format = pick(m, "format");
    if (typeof format === "string") n.format = clip(format);
    // Swagger 2.0 has no `nullable`; its tools write `x-nullable` (Redoc
    // reads it too).
    n.nullable = pick(m, "nullable") === true ||
      pick(m, "x-nullable") === true;
    const title = pick(m, "title");
    if (typeof title === "string") n.title = clip(title);
    const desc = pick(m, "description");
    if (typeof desc === "string") {
      const d = truncate(desc, MAX_DESCRIPTION);
      n.description = this.#md ? markdown(d) : [d];
    }
    n.deprecated = pick(m, "deprecated") === true;
    n.readOnly = pick(m, "readOnly") === true;
    n.writeOnly = pick(m, "writeOnly") === true;
    const e = pick(m, "enum");
    if (Array.isArray(e)) {
      n.enum = e.slice(0, MAX_ENUM).map((v) => shortJson(v, this.#spell));
      n.enumMore = Math.max(0, e.length - MAX_ENUM);
      n.enumDescriptions = enumDescriptions(
        e.slice(0, MAX_ENUM),
        pick(m, "x-enumDescriptions") ?? pick(m, "x-enum-descriptions"),
      );
      n.enumNames = enumNames(
        e.length,
        pick(m, "x-enum-varnames") ?? pick(m, "x-enumNames"),
      );
    }
    const def = pick(m, "default");
    if (def !== undefined) n.default = shortJson(def, this.#spell);
    const c = pick(m, "const");
    if (c !== undefined) n.const = shortJson(c, this.#spell);
    const ex = pick(m, "example");
    const exs = pick(m, "examples");
    if (ex !== undefined) n.example = shortJson(ex, this.#spell);
    else if (Array.isArray(exs) && exs.length) {
      n.example = shortJson(exs[0], this.#spell);
    }
    n.constraints = constraintsOf(m, this.#spell);
    for (const [name, raw] of props) {
      n.props.push(this.edge(clip(name), raw, req.has(name)));
    }
    n.propsMore = props.size >= MAX_PROPS ? Math.max(0, total - MAX_PROPS) : 0;
    // Beside a tuple, `items` (or `additionalItems`) is only the rest
    // (2020-12 §10.3.1.2): `false` there says the tuple is all, a fact,
    // not `never` items.
    const { tuple, rest } = arrayParts((k) => pick(m, k));
    if (tuple && rest === false) {
      n.constraints.push(CLOSED_TUPLE);
    } else if (rest !== undefined) n.items = this.edge("", rest);
    if (tuple) {
      n.tuple = tuple.slice(0, MAX_ALTS).map((raw, i) =>
        this.edge(String(i), raw)
      );
    }
    const ap = pick(m, "additionalProperties");
    if (ap === true || isObject(ap)) {
      n.additional = this.edge("*", ap);
      const keyName = additionalKeyName(ap, this.#r);
      if (keyName) n.additional.keyName = keyName;
    }
    // A closed object is a fact a client sending more needs (Redoc says
    // it too); `unevaluated…: false` closes past what every part lists.
    if (ap === false || pick(m, "unevaluatedProperties") === false) {
      n.constraints.push("no other properties");
    }
    if (pick(m, "unevaluatedItems") === false && !tuple) {
      n.constraints.push("no items past those listed");
    }
    const pp = pick(m, "patternProperties");
    if (isObject(pp)) {
      n.patterns = firstKeys(pp, MAX_ALTS).map((re) =>
        this.edge(clip(re), pp[re])
      );
    }
    const inner = pick(m, "contentSchema");
    if (inner !== undefined) n.content = this.edge("", inner);
    n.alts = this.#alts(m);
    const disc = pick(m, "discriminator");
    if (isObject(disc) && typeof disc.defaultMapping === "string") {
      n.defaultMapping = mappedName(disc.defaultMapping);
    }
    n.externalDocs = docsLink(pick(m, "externalDocs"));
    n.constraints.push(...xmlFacts(pick(m, "xml")));
    if (emptyFormField(s)) n.constraints.push(EMPTY_VALUE_ALLOWED);
    this.#foldNull(m, n);
    n.alts ??= this.#derived(s);
    if (!n.alts) {
      n.discriminator = clip(
        discriminatorProperty(pick(m, "discriminator")) ?? "",
      );
    }
    return n;
  }

  /**
   * Folds `n`, a `oneOf`/`anyOf` whose alternatives are all null but one
   * (or, 3.0's way, a nullable union of one) and which says nothing of its
   * own shape, into that one: its type,
   * facts and fields, nullable; `n`'s own words and values first. Paths
   * stay as they were: an alternative adds no segment to them.
   */
  #foldNull(m: Merged, n: SchemaNode): void {
    const a = n.alts;
    if (
      !a || (a.list.length < 2 && !n.nullable) || a.discriminator ||
      a.mapping.length ||
      n.type || n.props.length || n.items || n.additional ||
      n.patterns.length || n.tuple.length || n.content || n.enum.length ||
      n.const !== null
    ) return;
    const raw = pick(m, a.kind);
    if (!Array.isArray(raw) || raw.length !== a.list.length) return;
    let keep = -1;
    for (let i = 0; i < raw.length; i++) {
      if (isNullOnly(this.#r.deref(raw[i]).value)) continue;
      if (keep >= 0) return;
      keep = i;
    }
    if (keep < 0) return;
    const e = a.list[keep];
    if (e.node === n.id || this.#building.has(e.node)) return;
    const x = this.node(e.node);
    if (!x) return;
    n.type = x.type;
    n.format = n.format || x.format;
    n.nullable = true;
    n.title = n.title || x.title;
    if (!n.description.length) n.description = e.description ?? x.description;
    n.deprecated ||= x.deprecated || e.deprecated === true;
    n.readOnly ||= x.readOnly;
    n.writeOnly ||= x.writeOnly;
    n.enum = x.enum;
    n.enumMore = x.enumMore;
    n.enumDescriptions = x.enumDescriptions;
    n.enumNames = x.enumNames;
    n.default ??= x.default;
    n.const = x.const;
    n.example ??= x.example;
    n.constraints = [...new Set([...x.constraints, ...n.constraints])];
    n.props = x.props;
    n.propsMore = x.propsMore;
    n.items = x.items;
    n.additional = x.additional;
    n.patterns = x.patterns;
    n.tuple = x.tuple;
    n.content = x.content;
    n.alts = x.alts;
    n.discriminator = x.discriminator;
    n.defaultMapping = n.defaultMapping || x.defaultMapping;
    n.externalDocs ??= x.externalDocs;
    n.note = n.note || x.note;
    n.nullOf = { ...e, name: "" };
  }

  #alts(m: Merged): SchemaAlts | null {
    let kind: "oneOf" | "anyOf" = "oneOf";
    let list = pick(m, "oneOf");
    if (!Array.isArray(list)) {
      kind = "anyOf";
      list = pick(m, "anyOf");
    }
    if (!Array.isArray(list) || !list.length) return null;
    const edges = this.#variants(list.slice(0, MAX_ALTS));
    const out: SchemaAlts = {
      kind,
      list: edges,
      discriminator: "",
      mapping: [],
    };
    const disc = pick(m, "discriminator");
    if (isObject(disc)) {
      if (typeof disc.propertyName === "string") {
        out.discriminator = clip(disc.propertyName);
      }
      out.mapping = mappingPairs(disc);
      out.list = [...variantsOf(disc, edges, (e) => e.ref)];
    }
    return out;
  }

  /**
   * An edge to each alternative of `raws`, labelled: an untitled one by
   * its position (§4.1: "by `title`, `$ref` name or position"); its type
   * shows beside the label, as every row's does (`Option 1  string`).
   */
  #variants(raws: readonly unknown[]): SchemaEdge[] {
    return raws.map((raw, i) => {
      const e = this.edge("", raw);
      const target = this.#r.deref(raw).value;
      const title = isObject(target) ? target.title : undefined;
      e.name = typeof title === "string" && title
        ? clip(title)
        : e.ref || `Option ${i + 1}`;
      return e;
    });
  }

  /**
   * The variants of `s`, a base schema with a discriminator of its own
   * and no alternatives (polymorphism through `allOf`), offered as a
   * `oneOf`'s are, as Redoc offers them: a value is one of the schemas
   * inheriting it ({@link derivedVariants}). Null when none inherits it,
   * or the discriminator is only inherited (`s` is then a variant).
   */
  #derived(s: Record<string, unknown>): SchemaAlts | null {
    const disc = s.discriminator;
    const prop = discriminatorProperty(disc);
    if (prop === null) return null;
    const refs = derivedVariants(this.#r, this.#container, s, MAX_ALTS);
    if (!refs.length) return null;
    return {
      kind: "oneOf",
      list: this.#variants(refs.map(($ref) => ({ $ref }))),
      discriminator: clip(prop),
      mapping: mappingPairs(disc),
    };
  }
}

/**
 * Every edge leaving `n`: alternatives, properties, tuple positions, items,
 * additional and pattern properties, the content a string carries.
 */
export function edgesOf(n: SchemaNode): SchemaEdge[] {
  const out = [...(n.alts?.list ?? []), ...n.props, ...n.tuple];
  if (n.items) out.push(n.items);
  if (n.additional) out.push(n.additional);
  out.push(...n.patterns);
  if (n.content) out.push(n.content);
  return out;
}
