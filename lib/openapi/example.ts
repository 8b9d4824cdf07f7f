/**
 * Example bodies: one generated from a schema, and the ones written in the
 * spec shown as written. Generation prefers what the author wrote, in this
 * order: `example`, `examples`, `default`, `const`, `enum[0]`, then a sample
 * for the `format` (`date-time`, `uuid`, `email`...), then one for the type.
 * Bounded: a schema already being generated on the same branch is left out
 * (recursion), nesting and the number of values are capped, and the text is
 * written by a printer that stops at a size, so shared YAML aliases cannot
 * blow it up.
 */
import {
  arrayParts,
  marked,
  type Merged,
  mergedProperties,
  mergeParts,
  pick,
} from "./merge.ts";
import { isObject, refName, refOf, type RefResolver } from "./refs.ts";
import {
  derivedVariants,
  discriminatorProperty,
  schemasContainer,
  variantsOf,
} from "./discriminator.ts";
import { emptyFormField } from "./empty_value.ts";
import type { Spell } from "./written_integers.ts";
import { firstKeys } from "./safe.ts";
import { clip } from "../shared/parse_error.ts";
import { setOwn } from "../shared/value.ts";

/** Nesting generated; deeper values are left out. */
const MAX_DEPTH = 10;
/** Values generated per example. */
const MAX_VALUES = 2_000;
/** Items generated for a `minItems`, at most. */
const MAX_MIN_ITEMS = 10;
/** Properties generated per object. */
const MAX_PROPS = 200;
/** Characters of example text shown. */
export const MAX_EXAMPLE_CHARS = 100_000;

/**
 * Samples per `format`. Addresses come from the ranges reserved for
 * documentation (RFC 5737, RFC 3849) and the domain reserved for examples
 * (RFC 2606).
 */
const FORMATS: Record<string, string> = {
  "date-time": "2024-01-01T12:00:00Z",
  date: "2024-01-01",
  time: "12:00:00Z",
  duration: "P1D",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  email: "user@example.com",
  "idn-email": "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  "uri-reference": "/path",
  iri: "https://example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "ZXhhbXBsZQ==",
  binary: "",
  password: "********",
  regex: "^.*$",
  "json-pointer": "/a/b",
};

/** Whether the example is for a request (no `readOnly`) or a response (no `writeOnly`). */
export type Direction = "request" | "response";

interface State {
  r: RefResolver;
  dir: Direction;
  left: number;
  branch: Set<object>;
  /**
   * The first keys of each written example object met, listed once: an
   * example reached again and again through one YAML alias would list
   * all of its keys at every visit (for-in lists them all to start).
   */
  keys: WeakMap<object, string[]>;
}

/** The keyword marking a property not sent in the example's direction. */
function unsent(st: State): "readOnly" | "writeOnly" {
  return st.dir === "request" ? "readOnly" : "writeOnly";
}

/** The first {@link MAX_PROPS} keys of `o`, listed once per walk. */
function keysOf(st: State, o: Record<string, unknown>): string[] {
  let k = st.keys.get(o);
  if (!k) st.keys.set(o, k = firstKeys(o, MAX_PROPS));
  return k;
}

function firstType(m: Merged): string {
  const t = pick(m, "type");
  if (typeof t === "string") return t;
  if (Array.isArray(t)) {
    const real = t.find((x) => typeof x === "string" && x !== "null");
    return typeof real === "string" ? real : "null";
  }
  if (isObject(pick(m, "properties"))) return "object";
  if (pick(m, "items") !== undefined || Array.isArray(pick(m, "prefixItems"))) {
    return "array";
  }
  if (isObject(pick(m, "additionalProperties"))) return "object";
  return "";
}

/**
 * A number the schema allows: the least above its lower bound (past it
 * when exclusive), else a negative upper bound's greatest, else 0; between
 * the two bounds when they are close (`exclusiveMinimum: 0, maximum: 0.3`
 * is 0.15), and on `multipleOf`'s steps.
 */
function numberSample(m: Merged, integer: boolean): number {
  const num = (k: string) => {
    const v = pick(m, k);
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
  };
  const step = integer ? 1 : 0.5;
  let lo = num("minimum"), hi = num("maximum");
  // 3.0 writes exclusive bounds as booleans beside them, 3.1 as numbers.
  let loOpen = pick(m, "exclusiveMinimum") === true;
  let hiOpen = pick(m, "exclusiveMaximum") === true;
  const exMin = num("exclusiveMinimum"), exMax = num("exclusiveMaximum");
  if (exMin !== undefined && (lo === undefined || exMin >= lo)) {
    lo = exMin;
    loOpen = true;
  }
  if (exMax !== undefined && (hi === undefined || exMax <= hi)) {
    hi = exMax;
    hiOpen = true;
  }
  // The least and greatest values a step inside the bounds.
  const least = lo === undefined
    ? undefined
    : integer
    ? (loOpen ? Math.floor(lo) + 1 : Math.ceil(lo))
    : (loOpen ? lo + step : lo);
  const most = hi === undefined
    ? undefined
    : integer
    ? (hiOpen ? Math.ceil(hi) - 1 : Math.floor(hi))
    : (hiOpen ? hi - step : hi);
  let v = least ?? (most !== undefined && most < 0 ? most : 0);
  if (most !== undefined && v > most) {
    // Bounds closer than a step: a number between them, an integer at the
    // greatest allowed (none may fit: the schema allows nothing then).
    v = integer || lo === undefined ? most : (lo + hi!) / 2;
  }
  const mo = num("multipleOf");
  if (mo !== undefined && mo > 0) {
    const on = (k: number) => Number((Math.round(k) * mo).toPrecision(12));
    const fits = (k: number) =>
      (lo === undefined || (loOpen ? k > lo : k >= lo)) &&
      (hi === undefined || (hiOpen ? k < hi : k <= hi));
    let k = on(Math.ceil(v / mo));
    if (!fits(k)) k = on(Math.ceil(v / mo) + 1);
    if (!fits(k)) k = on(Math.floor(v / mo));
    v = k;
  }
  return v;
}

function stringSample(m: Merged): string {
  const f = pick(m, "format");
  if (typeof f === "string" && Object.hasOwn(FORMATS, f)) return FORMATS[f];
  const min = pick(m, "minLength");
  const max = pick(m, "maxLength");
  const s = "string";
  if (typeof max === "number" && max >= 0 && max < s.length) {
    return s.slice(0, Math.floor(max));
  }
  return typeof min === "number" && min > s.length
    ? s.padEnd(Math.min(min, 1000), "x")
    : s;
}

function gen(raw: unknown, st: State, depth: number): unknown {
  if (st.left-- <= 0 || depth > MAX_DEPTH) return undefined;
  const d = st.r.schemas.deref(raw);
  const s = d.value;
  if (d.error || !isObject(s)) return undefined;
  if (st.branch.has(s)) return undefined; // recursion: left out
  const m = mergeParts(s, st.r.schemas);
  const written = pick(m, "example");
  if (written !== undefined) return written;
  const examples = pick(m, "examples");
  if (Array.isArray(examples) && examples.length) return examples[0];
  for (const k of ["default", "const"]) {
    const v = pick(m, k);
    if (v !== undefined) return v;
  }
  const e = pick(m, "enum");
  if (Array.isArray(e) && e.length) return e.find((x) => x !== null) ?? null;
  // A form field sent empty is one the API takes, as a query parameter's
  // `name=` is (see operation_curl.ts): no value to fill in.
  if (emptyFormField(s) && s.type !== "file") return "";
  st.branch.add(s);
  try {
    return firstVariant(m, s, st, depth) ??
      inherited(m, raw, byType(m, st, depth), st);
  } finally {
    st.branch.delete(s);
  }
}

/**
 * `v`, generated from the alternative `alt`, with its discriminator
 * property set to the value that picks `alt` (OpenAPI 3.1 §4.8.25: the
 * mapping's key for it, else its schema name), not a sample string a
 * reader would reject.
 */
function discriminated(
  m: Merged,
  alt: unknown,
  v: unknown,
  st: State,
): unknown {
  const d = pick(m, "discriminator");
  const ref = isObject(alt) && typeof alt.$ref === "string" ? alt.$ref : "";
  if (!isObject(d) || typeof d.propertyName !== "string" || !isObject(v)) {
    return v;
  }
  if (!ref) return v;
  return withValue(
    v,
    d.propertyName,
    namingValue(d, d.propertyName, ref, alt, st),
    st,
  );
}

/** A copy of object `v` with `prop` set to `value`. */
function withValue(
  v: Record<string, unknown>,
  prop: string,
  value: unknown,
  st: State,
): Record<string, unknown> {
  // A copy: `v` may be an example written in the document (its first
  // keys, as any generated object holds at most that many).
  const out: Record<string, unknown> = {};
  for (const k of keysOf(st, v)) setOwn(out, k, v[k]);
  setOwn(out, prop, value);
  return out;
}

/**
 * The value of discriminating property `prop` that names the schema at
 * `ref` (`alt` refers to it): the key of discriminator `d`'s mapping that
 * points at it (OpenAPI 3.x), else its name, unless the schema allows only
 * other values (`role: {enum: [developer]}`, or a `const`): then the first
 * value it allows. A base schema listing every alternative's name
 * (`petType: {enum: [Cat, Dog]}` in each through `allOf`) allows the name,
 * which stays.
 */
function namingValue(
  d: unknown,
  prop: string,
  ref: string,
  alt: unknown,
  st: State,
): unknown {
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  if (isObject(d) && isObject(d.mapping)) {
    for (const k in d.mapping) {
      const target = d.mapping[k];
      if (target === ref || target === name) return k;
    }
  }
  return discriminatorValue(alt, prop, name, st);
}

/**
 * `v`, generated from the schema `raw` refers to, with the discriminating
 * property it inherits through `allOf` set to the value that names it: a
 * reader that picks the type by that property rejects a sample string.
 * Swagger 2.0 writes the property's name (`discriminator: petType`, whose
 * value "MUST be the name of this schema or any schema that inherits it",
 * 2.0 §Schema Object); OpenAPI 3.x, an object with `propertyName` and a
 * `mapping`. A schema choosing among alternatives (`oneOf`, `anyOf`) was
 * given its value by {@link discriminated}.
 */
function inherited(m: Merged, raw: unknown, v: unknown, st: State): unknown {
  if (!isObject(v) || !isObject(raw) || typeof raw.$ref !== "string") {
    return v;
  }
  if (pick(m, "oneOf") !== undefined || pick(m, "anyOf") !== undefined) {
    return v;
  }
  const d = pick(m, "discriminator");
  const prop = discriminatorProperty(d);
  // Not generated (a readOnly one in a request) or not a string (a
  // schema's name is one): left as generated.
  if (prop === null || typeof v[prop] !== "string") return v;
  // Named by the last `$ref` of a chain (`Alias: {$ref: Dog}` is a Dog).
  const ref = st.r.deref(raw).ref ?? raw.$ref;
  return withValue(v, prop, namingValue(d, prop, ref, raw, st), st);
}

/**
 * The example of `s` (merged: `m`) when it is a base schema with a
 * discriminator of its own and no `oneOf`/`anyOf` (polymorphism through
 * `allOf`), as Redoc samples one: its first variant, the one the schema
 * tree lists first ({@link derivedVariants}), which holds the base's
 * properties through its `allOf`, the discriminating property set to the
 * value naming it (a mapped schema need not inherit the base). Undefined
 * otherwise, and when that variant gives no object (a mapping to a
 * missing schema): the base's own example then.
 */
function firstVariant(
  m: Merged,
  s: Record<string, unknown>,
  st: State,
  depth: number,
): Record<string, unknown> | undefined {
  const prop = discriminatorProperty(s.discriminator);
  if (
    prop === null || pick(m, "oneOf") !== undefined ||
    pick(m, "anyOf") !== undefined
  ) {
    return undefined;
  }
  // Found once per base: a base met at every item of a list would read
  // the schemas inheriting it (20,000 at most) each time.
  const [ref] = st.r.memo.get(
    "first-variant",
    s,
    (b) => derivedVariants(st.r, schemasContainer(st.r), b, 1),
  );
  if (ref === undefined) return undefined;
  const alt = { $ref: ref };
  const v = gen(alt, st, depth + 1);
  if (!isObject(v)) return undefined;
  // The base's property not sent this way (readOnly in a request) stays
  // out, as an inherited one does (see `inherited`).
  const own = mergedProperties(m, MAX_PROPS).props.get(prop);
  if (own !== undefined && marked(own, unsent(st), st.r.schemas)) return v;
  const to = st.r.deref(alt).ref ?? ref;
  return withValue(
    v,
    prop,
    namingValue(s.discriminator, prop, to, alt, st),
    st,
  );
}

/** Values of one `enum` read when picking a discriminator's value. */
const MAX_ENUM_READ = 1_000;

/**
 * The value the alternative `raw` gives its discriminating property
 * `prop`: `name` (its schema name, the implicit mapping) when every part
 * (its `allOf` merged) that says (`const` or `enum`) allows it, else the
 * first value the first such part lists that all of them allow. Each list
 * is read to {@link MAX_ENUM_READ} values, once (a YAML alias can share one
 * large list among many parts).
 */
function discriminatorValue(
  raw: unknown,
  prop: string,
  name: string,
  st: State,
): unknown {
  const s = st.r.deref(raw).value;
  if (!isObject(s)) return name;
  const lists: unknown[][] = [];
  for (const part of mergeParts(s, st.r).parts) {
    const props = part.properties;
    if (!isObject(props) || !Object.hasOwn(props, prop)) continue;
    const p = st.r.deref(props[prop]).value;
    if (!isObject(p)) continue;
    for (const q of mergeParts(p, st.r).parts) {
      const c = q.const, e = q.enum;
      if (c !== undefined) lists.push([c]);
      else if (Array.isArray(e) && e.length) lists.push(e);
    }
  }
  if (!lists.length) return name;
  const sets = new Map<unknown[], Set<unknown>>();
  const setOf = (l: unknown[]) => {
    let set = sets.get(l);
    if (!set) sets.set(l, set = new Set(l.slice(0, MAX_ENUM_READ)));
    return set;
  };
  const allowed = (v: unknown) => lists.every((l) => setOf(l).has(v));
  if (allowed(name)) return name;
  for (const v of lists[0].slice(0, MAX_ENUM_READ)) if (allowed(v)) return v;
  return lists[0][0];
}

/** Alternatives read per `oneOf`/`anyOf`, as the schema tree lists them. */
const MAX_ALTS = 100;

/**
 * The alternatives of `m`'s `oneOf` (else `anyOf`) an example may be built
 * from: its discriminator's variants ({@link variantsOf}), the first
 * {@link MAX_ALTS}; null when it has neither.
 */
function alternatives(m: Merged): readonly unknown[] | null {
  const alts = pick(m, "oneOf") ?? pick(m, "anyOf");
  if (!Array.isArray(alts)) return null;
  return variantsOf(pick(m, "discriminator"), alts.slice(0, MAX_ALTS), (a) => {
    const ref = refOf(a);
    return ref === null ? "" : refName(ref);
  });
}

function byType(m: Merged, st: State, depth: number): unknown {
  const alts = alternatives(m);
  const type = firstType(m);
  if (!type && alts) {
    // `anyOf: [{type: "null"}, {$ref: Cat}]` is a nullable Cat: a Cat
    // says more than null does.
    for (const alt of alts.slice(0, 20)) {
      const v = gen(alt, st, depth + 1);
      if (v !== undefined && v !== null) return discriminated(m, alt, v, st);
    }
    return null;
  }
  switch (type) {
    case "string": {
      // A string carrying a JSON document of a shape (2020-12 Validation
      // §8.5: contentMediaType and contentSchema): that document's sample,
      // as the JSON text it is sent as (an event stream's `data`).
      const inner = pick(m, "contentSchema");
      const media = pick(m, "contentMediaType");
      if (
        inner !== undefined && typeof media === "string" &&
        /^application\/(?:[\w.+-]+\+)?json\b/i.test(media.trim()) &&
        pick(m, "contentEncoding") === undefined
      ) {
        const v = gen(inner, st, depth + 1);
        if (v !== undefined) return JSON.stringify(v);
      }
      return stringSample(m);
    }
    case "integer":
      return numberSample(m, true);
    case "number":
      return numberSample(m, false);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      // A tuple (JSON Schema 2020-12 §10.3.1.1): a value per position.
      const { tuple, rest: items } = arrayParts((k) => pick(m, k));
      if (tuple?.length) {
        const out: unknown[] = [];
        for (const p of tuple.slice(0, MAX_PROPS)) {
          const v = gen(p, st, depth + 1);
          out.push(v === undefined ? null : v);
        }
        return out;
      }
      const v = items === undefined ? undefined : gen(items, st, depth + 1);
      const max = pick(m, "maxItems");
      if (v === undefined || (typeof max === "number" && max < 1)) return [];
      // As many items as `minItems` asks (a 3 x 3 board is 3 rows of 3),
      // up to a few. Generated alike, they repeat: not where items must be
      // unique (one item then, as before). An item cut short by the value
      // budget is left out, not shown half made.
      const min = pick(m, "minItems");
      const n = typeof min === "number" && min > 1 &&
          pick(m, "uniqueItems") !== true
        ? Math.min(Math.floor(min), MAX_MIN_ITEMS)
        : 1;
      const out = [v];
      while (out.length < n && st.left > 0) {
        const more = gen(items, st, depth + 1);
        if (more === undefined || st.left <= 0) break;
        out.push(more);
      }
      return out;
    }
    case "object":
    case "": {
      const out: Record<string, unknown> = {};
      const { props } = mergedProperties(m, MAX_PROPS);
      for (const [name, p] of props) {
        // Only what travels in this direction (OpenAPI 3.1 §4.8.24.1),
        // said where the property stands or by a part it is made of.
        if (marked(p, unsent(st), st.r.schemas)) continue;
        const v = gen(p, st, depth + 1);
        if (v !== undefined) setOwn(out, name, v);
      }
      const ap = pick(m, "additionalProperties");
      if (!props.size && isObject(ap)) {
        const v = gen(ap, st, depth + 1);
        // A key named for what the keys stand for, as Redoc's sample
        // names it (`x-additionalPropertiesName`), else `property1`.
        const key = `${additionalKeyName(ap, st.r) || "property"}1`;
        if (v !== undefined) setOwn(out, key, v);
      }
      if (alts?.length) {
        // Properties of the first alternative join the object's own.
        const v = gen(alts[0], st, depth + 1);
        const chosen = discriminated(m, alts[0], v, st);
        if (isObject(chosen)) {
          for (const k of keysOf(st, chosen)) setOwn(out, k, chosen[k]);
        }
      }
      return out;
    }
    case "file":
      // Swagger 2.0's file: bytes, which no JSON example can stand for.
      return undefined;
    default:
      return null;
  }
}

/**
 * A parameter's own written example, or undefined: Swagger 2.0 has no
 * parameter `example`, and its tools write `x-example`, which comes first
 * there; 3.x has one, which comes first.
 */
export function paramExample(
  p: Record<string, unknown>,
  swagger: boolean,
): unknown {
  const [first, second] = swagger
    ? [p["x-example"], p.example]
    : [p.example, p["x-example"]];
  return first !== undefined ? first : second;
}

/**
 * A generated example of `schema` (possibly a `$ref`), or undefined when
 * nothing can be said (an external or broken `$ref`).
 */
export function sampleOf(
  schema: unknown,
  r: RefResolver,
  dir: Direction = "response",
): unknown {
  return gen(schema, {
    r,
    dir,
    left: MAX_VALUES,
    branch: new Set(),
    keys: new WeakMap(),
  }, 0);
}

/**
 * `v` as indented JSON, at most `max` characters (then cut with a note):
 * walks the value itself, so a YAML alias shared a thousand times, or
 * pointing at its own ancestor, costs only what is printed. `spell`, when
 * given, prints an integer past 2^53 as the document writes it.
 */
export function valueJson(
  v: unknown,
  max = MAX_EXAMPLE_CHARS,
  indent = "  ",
  spell?: Spell,
): string {
  let out = "";
  let deep = false;
  const branch = new Set<object>();
  const full = () => out.length >= max;
  const write = (x: unknown, pad: string): void => {
    if (full()) return;
    if (x === null || typeof x !== "object" || x instanceof Date) {
      out += scalarJson(x, spell);
      return;
    }
    if (branch.has(x)) {
      out += '"(cycle)"';
      return;
    }
    // The walk recurses a level per level: a value nested thousands deep
    // (an `example` of 8,000 brackets is 32 KB) would overflow the stack.
    if (branch.size >= MAX_JSON_DEPTH) {
      out += '"…"';
      deep = true;
      return;
    }
    branch.add(x);
    const nl = indent ? "\n" : "";
    const inner = pad + indent;
    if (Array.isArray(x)) {
      if (!x.length) out += "[]";
      else {
        out += "[" + nl;
        for (let i = 0; i < x.length && !full(); i++) {
          out += inner;
          write(x[i], inner);
          out += (i < x.length - 1 ? "," : "") + nl;
        }
        out += pad + "]";
      }
    } else {
      const keys = Object.keys(x);
      if (!keys.length) out += "{}";
      else {
        out += "{" + nl;
        for (let i = 0; i < keys.length && !full(); i++) {
          out += inner + JSON.stringify(keys[i]) + (indent ? ": " : ":");
          write((x as Record<string, unknown>)[keys[i]], inner);
          out += (i < keys.length - 1 ? "," : "") + nl;
        }
        out += pad + "}";
      }
    }
    branch.delete(x);
  };
  write(v, "");
  return full()
    ? out.slice(0, max) + "\n… (cut)"
    : deep
    ? `${out}\n… (cut: nested more than ${MAX_JSON_DEPTH} levels deep)`
    : out;
}

/** Levels of a value {@link valueJson} writes; deeper ones are cut. */
export const MAX_JSON_DEPTH = 500;

function scalarJson(x: unknown, spell?: Spell): string {
  if (x === undefined || typeof x === "function" || typeof x === "symbol") {
    return "null";
  }
  if (typeof x === "bigint") return String(x);
  if (typeof x === "number" && spell) {
    const written = spell(x);
    if (written !== undefined) return written;
  }
  return JSON.stringify(x) ?? "null";
}

/**
 * The `x-additionalPropertiesName` written on an `additionalProperties`
 * schema (through its `$ref` too), trimmed and clipped; "" when none.
 */
export function additionalKeyName(ap: unknown, r: RefResolver): string {
  const target = r.deref(ap).value;
  const name = isObject(target)
    ? target["x-additionalPropertiesName"]
    : undefined;
  return typeof name === "string" ? clip(name.trim()) : "";
}
