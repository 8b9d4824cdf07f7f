/**
 * What a cURL command for one operation says: the server it is called on,
 * the required query parameters and headers, placeholders for the
 * credentials its security asks for, the `Content-Type` and an example
 * body (the first written one, else generated). The command text itself
 * comes from `curl.ts`.
 */
import { operationFetch } from "./operation_fetch.ts";
import { operationPython } from "./operation_python.ts";
import {
  cookieValue,
  joinUrl,
  operationCommand,
  type OperationRequest,
  type Pair,
  type QueryPair,
  WEBHOOK_URL,
} from "./curl.ts";
import { encodePart } from "../shared/curl.ts";
import {
  BracketFields,
  MAX_BRACKET_DEPTH,
  type PutField,
} from "./bracket_fields.ts";
import { eventText } from "./event_text.ts";
import {
  FILE_PLACEHOLDER,
  fileMediaType,
  isBinaryBody,
  isBinarySchema,
} from "./binary_body.ts";
import { setOwn } from "../shared/value.ts";
import { isToken } from "../shared/http_token.ts";
import { paramExample, sampleOf, valueJson } from "./example.ts";
import { isIgnoredHeader } from "./operations.ts";
import { isObject, refName, type RefResolver } from "./refs.ts";
import { firstKeys, scalarText } from "./safe.ts";
import { exampleValue, isJson, type WrittenExample } from "./schema_view.ts";
import { serverOf } from "./servers.ts";
import { schemeMap, schemeName } from "./security.ts";
import { isXml, xmlSample } from "./xml_sample.ts";
import { type Spell, spelling } from "./written_integers.ts";

/** What {@link operationCurl} reads. */
export interface CurlInput {
  doc: Record<string, unknown>;
  item: Record<string, unknown>;
  op: Record<string, unknown>;
  swagger: boolean;
  /**
   * An encoding's `style` and `explode` apply to a multipart body (OpenAPI
   * 3.1 on); in 3.0 to a urlencoded one only, a multipart array going as
   * a part per item.
   */
  styledMultipart?: boolean;
  /** The method as written (`get`, or an additionalOperations key). */
  method: string;
  path: string;
  /** Merged parameters (path item's and operation's), resolved. */
  params: Record<string, unknown>[];
  /**
   * Request body media types with their schemas, encodings and first
   * written examples, in document order: the body is that written example,
   * the one the detail shows first (what Swagger UI, Redoc and Scalar
   * pick), else generated from the schema.
   */
  sent: [
    type: string,
    schema: unknown,
    encoding?: unknown,
    written?: WrittenExample,
    /** `schema` is a 3.2 `itemSchema`: of each item of a sequence. */
    item?: boolean,
    /** A multipart body's encoding by position (see {@link partsOf}). */
    parts?: Parts,
  ][];
  /** A webhook: sent to the receiver, not to the API's servers. */
  webhook?: boolean;
  /**
   * A callback's runtime expression (`{$request.body#/callbackUrl}`): the
   * URL the API sends it to, which the client chose.
   */
  callback?: string;
  r: RefResolver;
}

/**
 * A multipart media type's Encoding Objects by position (OpenAPI 3.2
 * §4.14.4): `prefixEncoding[i]` for part i, `itemEncoding` for each part
 * after them.
 */
export interface Parts {
  prefix: readonly unknown[];
  item: unknown;
}

/** `media`'s {@link Parts}, undefined when it says neither. */
export function partsOf(media: Record<string, unknown>): Parts | undefined {
  const prefix = Array.isArray(media.prefixEncoding)
    ? media.prefixEncoding
    : [];
  if (!prefix.length && media.itemEncoding === undefined) return undefined;
  return { prefix, item: media.itemEncoding };
}

/**
 * What joins the items of an array that is not exploded, by style (OpenAPI
 * 3.1 §4.8.12.4) or Swagger 2.0 `collectionFormat`; absent: repeated.
 */
const SEPARATORS: Readonly<Record<string, string>> = {
  form: ",",
  simple: ",",
  csv: ",",
  spaceDelimited: " ",
  ssv: " ",
  tsv: "\t",
  pipeDelimited: "|",
  pipes: "|",
};

/**
 * `items` joined by `sep` for a URL or a form body: each item encoded apart
 * and a comma written as itself (RFC 6570 §3.2.8, `color=blue,black`), so
 * a comma inside an item reads as data. A space, a tab and a pipe cannot
 * stand in a URL as themselves (RFC 3986 §2 allows none of them; servers
 * such as Tomcat refuse a raw `|`), so they are percent-encoded, as
 * OpenAPI 3.2's style examples write `pipeDelimited`: `blue%7Cblack`.
 */
function joinEncoded(
  items: readonly string[],
  sep: string,
  encode: (s: string) => string = encodePart,
): string {
  const written = sep === "," ? sep : encode(sep);
  return items.map(encode).join(written);
}

/**
 * `s` as a form body writes it (the URL Standard's
 * application/x-www-form-urlencoded serializer: a space as `+`, `'` and
 * the like percent-encoded), as URLSearchParams does.
 */
function formEncode(s: string): string {
  return new URLSearchParams([["", s]]).toString().slice(1);
}

/**
 * Characters one command spends on names and values at most, and the
 * fields (query pairs, headers, form fields) it sends at most: a YAML
 * alias fan-out under every required parameter or form field stays a
 * short command (past either, the rest is left out), and opening an
 * operation stays instant.
 */
const MAX_VALUE_CHARS = 100_000;

/**
 * `v`, a written example, when it fits in a command's body; else undefined:
 * cut, it would be no body the API takes (JSON without its end), so the
 * generated one is sent instead.
 */
function fits<T>(v: T): T | undefined {
  if (v === undefined) return v;
  const long = typeof v === "string"
    ? v.length > MAX_VALUE_CHARS
    : valueJson(v, MAX_VALUE_CHARS + 1, "").length > MAX_VALUE_CHARS;
  return long ? undefined : v;
}
const MAX_FIELDS = 1_000;
/** Characters of one value (a long written example is cut). */
const MAX_ONE_VALUE = 10_000;

/** What one command may still spend (see {@link MAX_VALUE_CHARS}). */
class Budget {
  left = MAX_VALUE_CHARS;
  fields = MAX_FIELDS;

  /** `spell` writes integers past 2^53 as the document does. */
  constructor(readonly spell?: Spell) {}

  /** True once nothing more can be sent. */
  get spent(): boolean {
    return this.left <= 0 || this.fields <= 0;
  }

  /**
   * One field named `name` holding `x` (text as is, anything else as
   * JSON), charged to the budget: its text, or null once it is spent.
   */
  field(name: string, x: unknown): string | null {
    if (this.spent) return null;
    this.fields--;
    this.left -= name.length;
    return this.#text(x);
  }

  /** The texts of `items` for one joined field, as many as the budget allows. */
  items(name: string, items: readonly unknown[]): string[] | null {
    if (this.spent) return null;
    this.fields--;
    this.left -= name.length;
    const out: string[] = [];
    for (const x of items.slice(0, 100)) {
      if (this.left <= 0) break;
      out.push(this.#text(x));
    }
    return out;
  }

  #text(x: unknown): string {
    const max = Math.max(0, Math.min(MAX_ONE_VALUE, this.left));
    const s = (typeof x === "number" ? this.spell?.(x) : undefined) ??
      scalarText(x);
    const t = s === null ? valueJson(x, max, "", this.spell) : s.slice(0, max);
    this.left -= t.length + 1;
    return t;
  }
}

/** Each field charged to `budget` and added to `out` (see {@link BracketFields}). */
function putInto(
  out: { name: string; value: string }[],
  budget: Budget,
): PutField {
  return (field, x) => {
    const value = budget.field(field, x);
    if (value === null) return false;
    out.push({ name: field, value });
    return true;
  };
}

/**
 * A required query or header parameter as the command sends it: its written
 * example, default or first enum value, serialized as its style says
 * (OpenAPI 3.1 §4.8.12.4: a query array repeats its name unless `explode:
 * false` joins it with commas, spaces or pipes; `deepObject` writes
 * `name[key]`, deeper `name[key][key]` and an array `name[]`, see
 * bracket_fields.ts; a header joins with commas; Swagger 2.0's `collectionFormat`
 * likewise, headers included), else a `{name}` placeholder.
 */
/** The value of the first Example Object of an `examples` map that has one. */
function firstExample(examples: unknown, r: RefResolver): unknown {
  if (!isObject(examples)) return undefined;
  for (const name of firstKeys(examples, 20)) {
    const ex = r.deref(examples[name]).value;
    const v = isObject(ex) ? exampleValue(ex) : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

function paramPairs(
  p: Record<string, unknown>,
  r: RefResolver,
  swagger: boolean,
  budget: Budget,
): QueryPair[] {
  // OpenAPI 3.x §4.8.12.1 `allowReserved` (a query parameter's): RFC 3986
  // reserved characters go as they are.
  if (swagger || p.in !== "query" || p.allowReserved !== true) {
    return paramPairsOf(p, r, swagger, budget, encodePart);
  }
  return paramPairsOf(p, r, swagger, budget, reservedPart).map((q) =>
    q.encoded || PLACEHOLDER.test(q.value)
      ? q
      : { ...q, value: reservedPart(q.value), encoded: true }
  );
}

/**
 * Whether `v` is an object with a member, or an array holding one or an
 * array: a value whose bracketed fields say more than one placeholder.
 */
function hasMembers(v: unknown): boolean {
  return isObject(v)
    ? firstKeys(v, 1).length > 0
    : Array.isArray(v) && v.some((x) => isObject(x) || Array.isArray(x));
}

/** A `{name}` placeholder, as curl.ts keeps it readable. */
const PLACEHOLDER = /^\{[^{}"':,\s]*\}$/;

/** Reserved characters (RFC 3986 §2.2) a query value may hold as themselves. */
const RESERVED_KEPT: Record<string, string> = {
  "%3A": ":",
  "%2F": "/",
  "%3F": "?",
  "%40": "@",
  "%24": "$",
  "%2C": ",",
  "%3B": ";",
};

/**
 * `s` as an `allowReserved` value goes (OpenAPI 3.x §4.8.12.1, and an
 * urlencoded field's Encoding Object alike): the reserved characters that
 * cannot change how a query or form reads (`:/?@!$'()*,;`) and valid
 * `%XX` escapes as written; `[`, `]` and `#` still encoded, which RFC 3986
 * §3.4 allows in no query, and `&`, `=` and `+`, which
 * application/x-www-form-urlencoded reads as a pair's end, a name's end
 * and a space (OpenAPI 3.2 Appendix C has them pre-encoded, `x%2By`), as
 * are a stray `%` and spaces.
 */
function reservedPart(s: string): string {
  return s.split(/(%[0-9A-Fa-f]{2})/).map((part, i) =>
    i % 2 ? part : encodePart(part).replace(
      /%(?:3A|2F|3F|40|24|2C|3B)/g,
      (m) => RESERVED_KEPT[m],
    )
  ).join("");
}

function paramPairsOf(
  p: Record<string, unknown>,
  r: RefResolver,
  swagger: boolean,
  budget: Budget,
  encode: (s: string) => string,
): QueryPair[] {
  const name = scalarText(p.name) ?? "";
  // A query parameter that allows an empty value (`allowEmptyValue`,
  // OpenAPI 3.1 §4.8.12.2, and Swagger 2.0's) is sent as
  // `name=` when nothing is written for it, as Swagger UI's "Send empty
  // value" sends it: a value the API takes, where `{name}` is one to fill.
  const empty = p.in === "query" && p.allowEmptyValue === true;
  const deep = p.in === "query" && p.style === "deepObject";
  const placeholder = (): QueryPair[] => {
    // A deepObject object (or array of them) with members to say goes as
    // its generated sample, bracketed as a written one would be, as the
    // body goes when nothing is written: `name={name}` is no object to an
    // API of that style, which reads `name[key]` (see bracket_fields.ts).
    const sample = deep && !empty
      ? sampleOf(p.schema, r, "request")
      : undefined;
    if (hasMembers(sample)) {
      const out: QueryPair[] = [];
      new BracketFields(putInto(out, budget)).write(name, sample);
      return out;
    }
    // A deepObject array's item to fill goes as its items would, `name[]`
    // (see bracket_fields.ts): the bare name is no array to such an API.
    const s = r.schemas.deref(p.schema).value;
    const field = deep && isObject(s) && s.type === "array"
      ? `${name}[]`
      : name;
    const value = budget.field(field, empty ? "" : `{${name}}`);
    return value === null ? [] : [{ name: field, value }];
  };
  if (isObject(p.content)) {
    const v = contentValue(p, r);
    if (v === undefined) return placeholder();
    const value = budget.field(name, v);
    return value === null ? [] : [{ name, value }];
  }
  const schema = r.schemas.deref(p.schema).value;
  const s = isObject(schema) ? schema : p; // Swagger 2.0 keeps them on the parameter
  // The order the generated examples follow: written examples (the
  // parameter's own, its `examples` map's first, the schema's, 3.1's
  // `examples` list), then `default`, `const`, the first non-null enum value.
  const found = [
    paramExample(p, swagger),
    firstExample(p.examples, r),
    s.example,
    Array.isArray(s.examples) ? s.examples[0] : undefined,
    s.default,
    p.default,
    s.const,
  ].find((x) => x !== undefined && x !== null) ??
    (Array.isArray(s.enum) ? s.enum.find((x) => x !== null) : undefined);
  const v = swagger && Array.isArray(found)
    ? innerJoined(found, s.items, r, 0)
    : found;
  if (v === undefined || v === null) return placeholder();
  if (!Array.isArray(v) && !isObject(v)) {
    const value = budget.field(name, v);
    return value === null ? [] : [{ name, value }];
  }
  const header = p.in === "header";
  const style = swagger
    ? scalarText(p.collectionFormat) ?? "csv"
    : scalarText(p.style) ?? (header ? "simple" : "form");
  const explode = swagger
    ? style === "multi"
    : typeof p.explode === "boolean"
    ? p.explode
    : style === "form";
  const sep = SEPARATORS[style] ?? ",";
  const join = (list: string[]): QueryPair[] =>
    header
      ? [{ name, value: list.join(sep) }]
      : [{ name, value: joinEncoded(list, sep, encode), encoded: true }];
  const out: QueryPair[] = [];
  if (style === "deepObject" && !header) {
    // Its members in brackets at every depth, an array as `name[]` (see
    // bracket_fields.ts: what APIs of this style read, Stripe's
    // `expand[]=customer`), where OpenAPI defines one level of an object.
    new BracketFields(putInto(out, budget)).write(name, v);
    return out;
  }
  if (Array.isArray(v)) {
    if (!explode || header) return join(budget.items(name, v) ?? []);
    for (const item of v.slice(0, 100)) {
      const value = budget.field(name, item);
      if (value === null) break;
      out.push({ name, value });
    }
    return out;
  }
  const entries = firstKeys(v, 100).map((k) => [k, v[k]] as const);
  if (explode && !header) {
    for (const [k, x] of entries) {
      const value = budget.field(k, x);
      if (value === null) break;
      out.push({ name: k, value });
    }
    return out;
  }
  const values = budget.items(name, entries.map(([, x]) => x)) ?? [];
  return join(
    values.flatMap((value, i) =>
      explode ? [`${entries[i][0]}=${value}`] : [entries[i][0], value]
    ),
  );
}

/** Levels of Swagger 2.0 arrays inside arrays joined, at most. */
const MAX_INNER_DEPTH = 8;

/**
 * Swagger 2.0: the inner arrays of array value `v` joined as their Items
 * Object's `collectionFormat` says (csv by default; `multi` belongs to the
 * parameter alone), level by level: `[[1, 2], [3, 4]]` with `pipes` over
 * `csv` is `1,2|3,4`.
 */
function innerJoined(
  v: readonly unknown[],
  items: unknown,
  r: RefResolver,
  depth: number,
): unknown[] {
  const it = r.deref(items).value;
  if (!isObject(it) || depth >= MAX_INNER_DEPTH) return [...v];
  const sep = SEPARATORS[scalarText(it.collectionFormat) ?? "csv"] ?? ",";
  return v.slice(0, 100).map((x) =>
    Array.isArray(x)
      ? innerJoined(x, it.items, r, depth + 1).map((y) =>
        scalarText(y) ?? valueJson(y, MAX_ONE_VALUE, "")
      ).join(sep)
      : x
  );
}

/**
 * Swagger 2.0: the fields of form sample `v` that are arrays, their inner
 * arrays joined as the field's Items Objects say (see {@link innerJoined}).
 */
function formInnerJoined(
  v: Record<string, unknown>,
  schema: unknown,
  r: RefResolver,
): Record<string, unknown> {
  const s = r.deref(schema).value;
  const props = isObject(s) && isObject(s.properties) ? s.properties : {};
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const p = Object.hasOwn(props, k) ? r.deref(props[k]).value : undefined;
    const x = v[k];
    setOwn(
      out,
      k,
      Array.isArray(x) && isObject(p) ? innerJoined(x, p.items, r, 0) : x,
    );
  }
  return out;
}

/**
 * The value a `content` parameter (OpenAPI 3.1 §4.8.12.2) is sent with:
 * an example written for it, its media type's (`example`, else the first
 * of `examples` with a value: `dataValue` or `value`, 3.2 §4.8.19) before
 * the parameter's own (`example`, `examples`), as a parameter's example
 * overrides its schema's (§4.8.12); else a sample of the media type's
 * schema.
 */
function contentExample(
  p: Record<string, unknown>,
  media: Record<string, unknown>,
  r: RefResolver,
): unknown {
  return media.example ?? firstExample(media.examples, r) ?? p.example ??
    firstExample(p.examples, r) ??
    (media.schema === undefined
      ? undefined
      : sampleOf(media.schema, r, "request"));
}

/**
 * The first `serializedValue` (OpenAPI 3.2 §4.8.19: the value as it goes
 * on the wire) of the media type's `examples`, else of the parameter's;
 * undefined when none is written.
 */
function serializedExample(
  p: Record<string, unknown>,
  media: Record<string, unknown>,
  r: RefResolver,
): string | undefined {
  for (const examples of [media.examples, p.examples]) {
    if (!isObject(examples)) continue;
    for (const name of firstKeys(examples, 20)) {
      const ex = r.deref(examples[name]).value;
      if (isObject(ex) && typeof ex.serializedValue === "string") {
        return ex.serializedValue;
      }
    }
  }
  return undefined;
}

/**
 * `s`, a query string as written, with what cannot stand in a URL's query
 * percent-encoded (RFC 3986 §3.4: the unreserved and sub-delimiter
 * characters, `:`, `@`, `/`, `?` and valid `%XX` escapes stay): a written
 * `a=1&b=x%20y` goes verbatim, a space or `#` cannot end the URL early.
 */
function queryVerbatim(s: string): string {
  return s.replace(
    /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]+/g,
    (m) => m === "%" ? "%25" : encodePart(m),
  );
}

/**
 * A `content` parameter's value (OpenAPI 3.1 §4.8.12.2): its written
 * example, else a sample of its media type's schema (see
 * {@link contentExample}); JSON text for a JSON media type.
 */
function contentValue(
  p: Record<string, unknown>,
  r: RefResolver,
): unknown {
  const content = isObject(p.content) ? p.content : {};
  const [type] = Object.keys(content);
  const m = type === undefined ? undefined : r.deref(content[type]).value;
  const media = isObject(m) ? m : {};
  const v = contentExample(p, media, r);
  if (v === undefined) return undefined;
  // A string stays text for a text media type; JSON is written as JSON.
  return typeof v === "string" && !isJson(type ?? "")
    ? v
    : valueJson(v, MAX_ONE_VALUE, "");
}

/**
 * The pairs of a required `in: querystring` parameter (OpenAPI 3.2
 * §4.8.12.2): an example's `serializedValue` as written (it is the query
 * string), else its written example or a sample of its schema (see
 * {@link contentExample}), as form fields or that media type's text.
 */
function querystringPairs(
  p: Record<string, unknown>,
  r: RefResolver,
  budget: Budget,
): QueryPair[] {
  const content = isObject(p.content) ? p.content : {};
  const [first] = Object.keys(content);
  if (first === undefined) return [];
  const m = r.deref(content[first]).value;
  const media = isObject(m) ? m : {};
  const serialized = serializedExample(p, media, r);
  if (serialized !== undefined) {
    // A leading `?` is the URL's, not the query's (RFC 3986 §3.4).
    const text = budget.field(
      "",
      serialized.replace(/^\?/, "").slice(0, MAX_ONE_VALUE),
    );
    if (text === null || text === "") return [];
    return [{ name: "", value: queryVerbatim(text), whole: true }];
  }
  const v = contentExample(p, media, r);
  if (/^application\/x-www-form-urlencoded/i.test(first)) {
    return formPairs(v, budget);
  }
  // Any other media type is the whole query string, that type's text
  // percent-encoded (JSON: `?%7B%22a%22%3A1%7D`).
  if (v === undefined) return [];
  const text = typeof v === "string" && !isJson(first)
    ? v.slice(0, MAX_ONE_VALUE)
    : valueJson(v, MAX_ONE_VALUE, "");
  budget.field("", text);
  // A lone surrogate (written so, or a cut through a pair) cannot be
  // percent-encoded as UTF-8: it goes as U+FFFD, as a browser sends it.
  return [{
    name: "",
    value: encodePart(text),
    whole: true,
  }];
}

/** How an array field of a form body is joined, by name (null: repeated). */
type Separator = (name: string) => string | null;

/**
 * The separator of each array field of a form body: its Swagger 2.0
 * `collectionFormat` (csv by default), or its 3.x encoding's style and
 * explode (form, exploded, by default: OpenAPI 3.1 §4.8.15).
 */
function formSeparator(
  schema: unknown,
  encoding: unknown,
  swagger: boolean,
  r: RefResolver,
): Separator {
  const s = r.deref(schema).value;
  const props = isObject(s) && isObject(s.properties) ? s.properties : {};
  const enc = isObject(encoding) ? encoding : {};
  return (name) => {
    if (swagger) {
      const p = Object.hasOwn(props, name) ? r.deref(props[name]).value : null;
      const f = isObject(p) ? scalarText(p.collectionFormat) ?? "csv" : "csv";
      return f === "multi" ? null : SEPARATORS[f] ?? ",";
    }
    const e = Object.hasOwn(enc, name) ? r.deref(enc[name]).value : null;
    const style = isObject(e) ? scalarText(e.style) ?? "form" : "form";
    const explode = isObject(e) && typeof e.explode === "boolean"
      ? e.explode
      : style === "form";
    return explode ? null : SEPARATORS[style] ?? ",";
  };
}

/**
 * Whether a form field is of style `deepObject` (its 3.x Encoding Object
 * says so, OpenAPI 3.1 §4.8.15.1): an array is then written `name[]` per
 * item, as a query parameter of that style is (see bracket_fields.ts).
 */
function deepField(
  encoding: unknown,
  swagger: boolean,
  r: RefResolver,
): (name: string) => boolean {
  const enc = isObject(encoding) && !swagger ? encoding : {};
  return (name) => {
    const e = Object.hasOwn(enc, name) ? r.deref(enc[name]).value : null;
    return isObject(e) && e.style === "deepObject";
  };
}

/**
 * Whether Encoding Object `e` asks for RFC 6570 serialization (OpenAPI
 * 3.2 §4.15.1.2, 3.1.1 alike): `style`, `explode` or `allowReserved`
 * given. The field is then written as a query parameter of that style
 * (`form` unless said) would be, and its `contentType`, given or implied,
 * is ignored; without them it is one part of that type.
 */
function rfc6570(e: unknown): boolean {
  return isObject(e) &&
    (e.style !== undefined || e.explode !== undefined ||
      e.allowReserved !== undefined);
}

/**
 * Whether Encoding Object `e` of an urlencoded body says `allowReserved`
 * (OpenAPI 3.x §4.8.15; 3.0 included, which allows it there only).
 */
function reservedEncoding(e: unknown): boolean {
  return isObject(e) && e.allowReserved === true;
}

/**
 * The part type Encoding Object `e`'s `contentType` names: the first of
 * its list, without parameters (`text/plain; charset=…`); none for a
 * range (`image/*`), which no part can be sent as (RFC 9110 §8.3.1).
 */
function encodingType(e: unknown): string | undefined {
  const written = isObject(e) ? scalarText(e.contentType) : null;
  const t = written?.split(",")[0].split(";")[0].trim();
  return t && !t.includes("*") ? t : undefined;
}

/** How {@link multipartFields} writes a body's fields. */
interface MultipartRules {
  /** The body's schema (an object's properties). */
  schema: unknown;
  /** The media type's `encoding`, by property name. */
  encoding: unknown;
  /**
   * An encoding's `style` and `explode` apply (OpenAPI 3.1 on), or
   * Swagger 2.0's `collectionFormat` does.
   */
  styled: boolean;
  swagger: boolean;
}

/**
 * Multipart fields of a sample object, in the schema's order, each part
 * typed as OpenAPI 3.1 §4.8.15 says: the `encoding`'s Content-Type when it
 * gives one (its first type), else an object or array item is
 * `application/json` and a primitive plain text (left to curl); an array
 * sends a part per item (RFC 7578 §4.3), or one joined part where
 * {@link formSeparator} says so. With an encoding's RFC 6570 fields
 * ({@link rfc6570}, OpenAPI 3.1 on) a field goes as a query parameter of
 * its style would, in text parts: `deepObject` bracketed (see
 * bracket_fields.ts), an object exploded a part per member named by its
 * key (`R=100`, `G=200`), else one part `R,100,G,200` (3.2 §4.15.1.2: no
 * percent-encoding in multipart), as Swagger UI sends them. A binary
 * property, or an array of binary items, is a file to pick (a part per
 * item), typed by its encoding's `contentType`, else its schema's
 * `contentMediaType` (3.1 §4.4.2: redundant beside the encoding's, which
 * wins).
 */
function multipartFields(
  v: unknown,
  rules: MultipartRules,
  r: RefResolver,
  budget: Budget,
): Pair[] {
  const { schema, encoding, styled, swagger } = rules;
  const s = r.deref(schema).value;
  const props = isObject(s) && isObject(s.properties) ? s.properties : {};
  const own = isObject(v) ? v : {};
  const encodings = isObject(encoding) ? encoding : {};
  const separator = styled
    ? formSeparator(schema, encoding, swagger, r)
    : () => null;
  const deep = styled ? deepField(encoding, swagger, r) : () => false;
  const propOf = (name: string) =>
    Object.hasOwn(props, name) ? r.deref(props[name]).value : undefined;
  /** The binary schema of a file property, or of its items; else undefined. */
  const fileOf = (name: string): unknown => {
    const p = propOf(name);
    if (isBinarySchema(p)) return p;
    const items = isObject(p) && p.type === "array"
      ? r.deref(p.items).value
      : undefined;
    return isBinarySchema(items) ? items : undefined;
  };
  // A 2.0 `file` has no sample value (bytes): its field still goes.
  const names = Object.keys(own);
  for (const name of Object.keys(props)) {
    if (!Object.hasOwn(own, name) && fileOf(name) !== undefined) {
      names.push(name);
    }
  }
  const groups: { name: string; fields: Pair[] }[] = [];
  let into: Pair[] = [];
  const bracketed = new BracketFields((field, x) =>
    putInto(into, budget)(field, x)
  );
  fields: for (const name of names) {
    if (budget.spent) break;
    into = [];
    groups.push({ name, fields: into });
    const x = own[name];
    const e = Object.hasOwn(encodings, name)
      ? r.deref(encodings[name]).value
      : undefined;
    const plain = styled && !swagger && rfc6570(e);
    // A given style ignores the contentType, given or implied.
    const given = plain ? undefined : encodingType(e);
    const file = fileOf(name);
    if (file !== undefined) {
      // Files to pick, which only the person running the command has: a
      // fixed placeholder path (a field named "../.ssh/id_rsa" must not
      // become a path the command would upload); a part per item.
      const type = given ?? fileMediaType(file);
      const count = Array.isArray(x) && file !== propOf(name)
        ? Math.min(Math.max(x.length, 1), 100)
        : 1;
      for (let i = 0; i < count; i++) {
        if (budget.field(name, FILE_PLACEHOLDER) === null) break fields;
        into.push({
          name,
          value: FILE_PLACEHOLDER,
          file: true,
          ...(type ? { type } : {}),
        });
      }
      continue;
    }
    if (deep(name) && typeof x === "object" && x !== null) {
      // OpenAPI 3.1 §4.8.15.1 (3.2 §4.15.1.2): `style` applies to
      // multipart/form-data as to a form: the members go as text parts
      // `name[key]`, never one JSON part.
      if (!bracketed.write(name, x)) break;
      continue;
    }
    const sep = Array.isArray(x) || (plain && isObject(x))
      ? separator(name)
      : null;
    if (plain && isObject(x)) {
      // RFC 6570 §3.2.8 form style: exploded, a part per member named by
      // its key; else keys and values joined in one part.
      const keys = firstKeys(x, 100);
      if (sep === null) {
        for (const k of keys) {
          const value = budget.field(k, x[k]);
          if (value === null) break fields;
          into.push({ name: k, value });
        }
      } else {
        const items = budget.items(name, keys.flatMap((k) => [k, x[k]]));
        if (items) into.push({ name, value: items.join(sep) });
      }
      continue;
    }
    if (sep !== null) {
      const items = budget.items(name, x as unknown[]);
      if (items) {
        into.push({
          name,
          value: items.join(sep),
          ...(given ? { type: given } : {}),
        });
      }
      continue;
    }
    for (const item of Array.isArray(x) ? x.slice(0, 100) : [x]) {
      const value = budget.field(name, item);
      if (value === null) break fields;
      const structured = typeof item === "object" && item !== null;
      const type = given ??
        (structured && !plain ? "application/json" : undefined);
      into.push({ name, value, ...(type ? { type } : {}) });
    }
  }
  // In the schema's order (a written example's own may differ); a field
  // the schema does not name first, as written.
  const at = new Map(Object.keys(props).map((name, i) => [name, i]));
  const rank = (g: { name: string }) => at.get(g.name) ?? -1;
  return groups.sort((a, b) => rank(a) - rank(b)).flatMap((g) => g.fields);
}

/**
 * The parts of a multipart body described by position (OpenAPI 3.2
 * §4.14.4), named `part1`, `part2`… (such parts have no names; curl
 * needs one): `values[i]` typed as `prefixEncoding[i]`, else
 * `itemEncoding`, else as {@link multipartFields} types a field; a part
 * whose schema (`prefixItems[i]`, else `items`, of array schema `schema`)
 * is binary (`format: binary`, a `contentMediaType` without a
 * `contentEncoding`: see binary_body.ts) names a file to pick.
 */
function positionalFields(
  values: readonly unknown[],
  schema: unknown,
  parts: Parts | undefined,
  r: RefResolver,
  budget: Budget,
): Pair[] {
  const s = r.schemas.deref(schema).value;
  const prefixItems = isObject(s) && Array.isArray(s.prefixItems)
    ? s.prefixItems
    : [];
  const items = isObject(s) ? s.items : undefined;
  const out: Pair[] = [];
  for (let i = 0; i < values.length && i < 100; i++) {
    const name = `part${i + 1}`;
    const v = values[i];
    const e = r.deref(
      i < (parts?.prefix.length ?? 0) ? parts!.prefix[i] : parts?.item,
    ).value;
    const given = encodingType(e);
    const p = r.schemas.deref(i < prefixItems.length ? prefixItems[i] : items)
      .value;
    if (isBinarySchema(p)) {
      const type = given ?? fileMediaType(p);
      if (budget.field(name, FILE_PLACEHOLDER) === null) break;
      out.push({
        name,
        value: FILE_PLACEHOLDER,
        file: true,
        ...(type ? { type } : {}),
      });
      continue;
    }
    const value = budget.field(name, v);
    if (value === null) break;
    const structured = typeof v === "object" && v !== null;
    const type = given ?? (structured ? "application/json" : undefined);
    out.push({ name, value, ...(type ? { type } : {}) });
  }
  return out;
}

/**
 * Form fields of a sample object: arrays of values repeat their name
 * (style `form`, `explode: true`, the default of OpenAPI 3.1 §4.8.15.1) or
 * are joined where `separator` says, or are written `name[]` where the
 * field's encoding is `deepObject` (`deep`); an object whose encoding
 * gives its style (`plain`, see {@link rfc6570}) is written as a query
 * parameter of that style, a field per member or one joined, as Swagger
 * UI sends it; other objects, at any depth, become
 * `name[key][key]`, and arrays of objects `name[0][key]` (see
 * bracket_fields.ts, what form APIs such as Stripe's read:
 * `shipping[address][city]`, `items[0][price]`, `expand[]`); past eight
 * levels a value is sent as JSON text. A field whose encoding says
 * `allowReserved` (`reserved`) keeps its values' reserved characters as
 * {@link reservedPart} does.
 */
function formPairs(
  v: unknown,
  budget: Budget,
  separator: Separator = () => null,
  deep: (name: string) => boolean = () => false,
  plain: (name: string) => boolean = () => false,
  reserved: (name: string) => boolean = () => false,
): QueryPair[] {
  if (!isObject(v)) return [];
  const out: QueryPair[] = [];
  const fields = new BracketFields(putInto(out, budget));
  /** Writes field `name`; false once the budget is spent. */
  const write = (name: string, x: unknown): boolean => {
    // An Encoding Object's `allowReserved` (OpenAPI 3.x §4.8.15): the
    // field's values go as an `allowReserved` query parameter's do.
    const encode = reserved(name) ? reservedPart : formEncode;
    if (isObject(x) && plain(name) && !deep(name)) {
      // RFC 6570 §3.2.8 form style, as a query parameter's: exploded, a
      // field per member named by its key (`R=100&G=200`); else one
      // field, keys and values joined (`color=R,100,G,200`).
      const keys = firstKeys(x, 100);
      const sep = separator(name);
      if (sep !== null) {
        const items = budget.items(name, keys.flatMap((k) => [k, x[k]]));
        if (items) {
          out.push({
            name,
            value: joinEncoded(items, sep, encode),
            encoded: true,
          });
        }
        return true;
      }
      return keys.every((k) => fields.write(k, x[k], MAX_BRACKET_DEPTH));
    }
    const sep = Array.isArray(x) ? separator(name) : null;
    if (sep !== null) {
      // Not exploded: one field, its items joined.
      const items = budget.items(name, x as unknown[]);
      if (items) {
        out.push({
          name,
          value: joinEncoded(items, sep, encode),
          encoded: true,
        });
      }
      return true;
    }
    if (Array.isArray(x) && !deep(name)) {
      // Values repeat the name; an object item is written deep, indexed.
      return x.slice(0, 100).every((item, i) =>
        typeof item === "object" && item !== null
          ? fields.write(`${name}[${i}]`, item, 1)
          : fields.write(name, item, MAX_BRACKET_DEPTH)
      );
    }
    return fields.write(name, x);
  };
  for (const [name, x] of Object.entries(v)) {
    if (budget.spent) break;
    const from = out.length;
    const more = write(name, x);
    if (reserved(name)) {
      for (let i = from; i < out.length; i++) {
        if (!out[i].encoded) {
          out[i] = {
            ...out[i],
            value: reservedPart(out[i].value),
            encoded: true,
          };
        }
      }
    }
    if (!more) break;
  }
  return out;
}

/** A form body (`application/x-www-form-urlencoded`) of `pairs`. */
function formBody(pairs: readonly QueryPair[]): string {
  return pairs.map((p) =>
    `${formEncode(p.name)}=${p.encoded ? p.value : formEncode(p.value)}`
  ).join("&");
}

/**
 * One item of a sequential media type (an OpenAPI 3.2 `itemSchema`) as a
 * body: a JSON text sequence's record (RFC 7464 §2.2), a JSON Lines line,
 * an event of an event stream (its `data` line); null for a type whose
 * items this cannot write (multipart/mixed).
 */
function itemBody(type: string, sample: unknown): string | null {
  if (/^text\/event-stream\b/i.test(type)) {
    return eventText(sample, MAX_VALUE_CHARS);
  }
  const json = valueJson(sample, MAX_VALUE_CHARS, "");
  if (/^application\/json-seq\b/i.test(type)) return `\u001e${json}\n`;
  if (/json/i.test(type)) return `${json}\n`;
  return null;
}

/** Security schemes of one requirement given placeholders, at most. */
const MAX_SCHEMES = 20;

/**
 * Placeholders for the credentials the operation's first security
 * requirement asks for (the operation's `security`, else the document's;
 * a webhook's or callback's own only, as the API is the one sending it),
 * as Scalar's command writes them: obviously placeholders, never a value.
 * No requirement, an empty list or an anonymous `{}` chosen first is none.
 * Each scheme of the requirement (all apply together) adds its own:
 * http basic `-u 'USERNAME:PASSWORD'` (returned, for `-u`), bearer
 * `Authorization: Bearer TOKEN`, another http scheme `Authorization:
 * SCHEME CREDENTIALS`, oauth2 and openIdConnect `Authorization: Bearer
 * ACCESS_TOKEN`, an apiKey `API_KEY` in its header, query or cookie
 * (Swagger 2.0's basic, apiKey and oauth2 alike). A parameter the command
 * already sends under that name wins, and one Authorization is written.
 */
function credentials(
  x: CurlInput,
  sentByApi: boolean,
  query: QueryPair[],
  headers: Pair[],
  cookies: QueryPair[],
  budget: Budget,
): string {
  const list = x.op.security ?? (sentByApi ? undefined : x.doc.security);
  if (!Array.isArray(list) || !list.length || !isObject(list[0])) return "";
  const requirement = list[0];
  const defs = schemeMap(x.doc, x.swagger, x.r);
  if (!defs) return "";
  let user = "";
  const named = (list: readonly { name: string }[], name: string) =>
    list.some((p) => p.name.toLowerCase() === name.toLowerCase());
  const authorized = () => user !== "" || named(headers, "authorization");
  const header = (name: string, value: string) => {
    if (named(headers, name) || budget.field(name, value) === null) return;
    headers.push({ name, value });
  };
  for (const key of firstKeys(requirement, MAX_SCHEMES)) {
    // By name or by URI (OpenAPI 3.2 §4.8.30), see security.ts.
    const name = schemeName(key, defs, x.r);
    if (name === null) continue;
    const s = x.r.deref(defs[name]).value;
    if (!isObject(s)) continue;
    const type = scalarText(s.type) ?? "";
    const scheme = (scalarText(s.scheme) ?? "").trim();
    if (type === "basic" || (type === "http" && /^basic$/i.test(scheme))) {
      if (!authorized()) user = "USERNAME:PASSWORD";
    } else if (type === "http" && /^bearer$/i.test(scheme)) {
      if (!authorized()) header("Authorization", "Bearer TOKEN");
    } else if (type === "http" && isToken(scheme, 100)) {
      if (!authorized()) header("Authorization", `${scheme} CREDENTIALS`);
    } else if (type === "oauth2" || type === "openIdConnect") {
      if (!authorized()) header("Authorization", "Bearer ACCESS_TOKEN");
    } else if (type === "apiKey") {
      const name = scalarText(s.name) ?? "";
      if (!name) continue;
      if (s.in === "header") {
        if (isToken(name, 200)) header(name, "API_KEY");
      } else if (s.in === "query") {
        // A query name is case-sensitive: only the same name wins.
        if (query.some((q) => !q.whole && q.name === name)) continue;
        if (budget.field(name, "API_KEY") === null) continue;
        query.push({ name, value: "API_KEY" });
      } else if (s.in === "cookie" && !x.swagger) {
        if (cookies.some((c) => c.name === name)) continue;
        if (budget.field(name, "API_KEY") === null) continue;
        cookies.push({ name, value: "API_KEY" });
      }
    }
  }
  return user;
}

/**
 * Header parameters no command sends as written: the body's framing (RFC
 * 9110 §8.6, RFC 9112 §6.1), which curl, fetch and requests each write
 * from the body they send. Storage APIs declare a required Content-Length:
 * given its example or a `{Content-Length}` placeholder, curl cuts the
 * body there or the server refuses the request.
 */
const FRAMING = new Set(["content-length", "transfer-encoding"]);

/** What {@link operationCurl} answers. */
export interface OperationCurl {
  /** The server the operation is called on ("" when relative to nothing). */
  server: string;
  /** The command; "" when none can send the operation. */
  curl: string;
  /** Why there is no command ("" when there is one). */
  note: string;
  /** The same request as a `fetch` call (operation_fetch.ts), or "". */
  fetch: string;
  /** Why there is no call, or what it leaves out ("" when whole). */
  fetchNote: string;
  /** The same request as a Python script (operation_python.ts), or "". */
  python: string;
  /** Why there is no script, or what it leaves out ("" when whole). */
  pythonNote: string;
  /**
   * The command's request with `url` the path alone, when the operation is
   * called on the document's servers: with another of them chosen, the
   * command is written again (see `operationCommand`); null otherwise.
   */
  request: OperationRequest | null;
}

/**
 * The server and the cURL command of one operation, or no command and a
 * note saying why.
 */
export function operationCurl(x: CurlInput): OperationCurl {
  const sentByApi = x.webhook || x.callback !== undefined;
  const on = sentByApi
    ? { url: "", shared: false }
    : serverOf(x.doc, x.item, x.op, x.swagger);
  const server = on.url;
  // An OpenAPI 3.2 `additionalOperations` key is a method name, which is a
  // token (RFC 9110 §9.1): any other (`co py`) curl would write into the
  // request line as is, a request no server can read.
  if (!isToken(x.method)) {
    return {
      server,
      curl: "",
      note: "The method is not an HTTP method name (a token, RFC 9110 §9.1), " +
        "so no command can send it.",
      fetch: "",
      fetchNote: "The method is not an HTTP method name.",
      python: "",
      pythonNote: "The method is not an HTTP method name.",
      request: null,
    };
  }
  const query: QueryPair[] = [];
  const headers: Pair[] = [];
  const cookies: QueryPair[] = [];
  const budget = new Budget(spelling(x.r));
  for (const p of x.params) {
    if (budget.spent) break;
    if (p.required !== true || typeof p.name !== "string") continue;
    if (p.in === "query") {
      query.push(...paramPairs(p, x.r, x.swagger, budget));
    } else if (p.in === "querystring") {
      // OpenAPI 3.2: the whole query string, as its one media type
      // serializes it (a form: `a=1&b=2`).
      query.push(...querystringPairs(p, x.r, budget));
    } else if (
      p.in === "header" && !isIgnoredHeader(p.name) &&
      !FRAMING.has(p.name.toLowerCase())
    ) {
      headers.push(...paramPairs(p, x.r, x.swagger, budget));
    } else if (p.in === "cookie") {
      cookies.push(...paramPairs(p, x.r, x.swagger, budget));
    }
  }
  const user = credentials(x, sentByApi, query, headers, cookies, budget);
  // Required cookies go in one header, as a browser sends them (RFC 6265
  // §5.4: one Cookie header), with a header parameter named Cookie if any.
  if (cookies.length) {
    const value = cookieValue(cookies);
    const named = headers.find((h) => h.name.toLowerCase() === "cookie");
    if (named) named.value = `${named.value}; ${value}`;
    else headers.push({ name: "Cookie", value });
  }
  // Swagger 2.0: the first type `consumes` lists, the one Swagger UI
  // selects and swagger-client sends (the author's order is the
  // preference). OpenAPI 3: a JSON body when there is one, as Scalar
  // picks it, else the first media type.
  const chosen = x.swagger
    ? x.sent[0]
    : x.sent.find(([t]) => isJson(t) && t !== "*/*") ?? x.sent[0];
  let contentType = "";
  let body: string | null = null;
  let bodyFile: string | undefined;
  let form: Pair[] | undefined;
  if (chosen) {
    const [type, schema, encoding, written, item, parts] = chosen;
    // A wildcard (Swagger 2.0 "consumes: */*") is no Content-Type: JSON.
    contentType = type.includes("*") ? "application/json" : type;
    const urlencoded = /^application\/x-www-form-urlencoded/i.test(type);
    const isForm = urlencoded || /^multipart\/form-data/i.test(type);
    // A form's written example: its fields (an object), or for an
    // urlencoded body the text as written (`name=Ann&age=30`, or a 3.2
    // serializedValue), sent as it is; anything else, the generated one.
    const text = fits(
      urlencoded
        ? written?.serialized ??
          (typeof written?.value === "string" ? written.value : undefined)
        : undefined,
    );
    // Any other body: its first written example, the one the detail
    // shows first (what Swagger UI, Redoc and Scalar send), as it goes on
    // the wire when written so (3.2 `serializedValue`); else generated.
    const own = isForm || item ? undefined : written;
    const serialized = fits(own?.serialized);
    const mine = own === undefined || own.value === undefined ||
        fits(own.value) === undefined
      ? null
      : writtenValue(own.value, type);
    const fromWritten = mine !== null;
    const generated = isForm && isObject(written?.value)
      ? written.value
      : mine
      ? mine.value
      : schema === undefined
      ? undefined
      : sampleOf(schema, x.r, "request");
    // Swagger 2.0 form fields holding arrays inside arrays: each inner one
    // joined as its Items Object says, as a query parameter's are.
    const sample = x.swagger && isForm && isObject(generated)
      ? formInnerJoined(generated, schema, x.r)
      : generated;
    // Bytes (an octet-stream or image body, a `format: binary` schema):
    // the file the reader sends, as Swagger UI's command sends the one
    // picked (`--data-binary @name`), never a generated string; a wildcard
    // type is no Content-Type, and bytes of no known type are
    // application/octet-stream (RFC 2046 §4.5.1).
    const binary = !isForm && !item && !/^multipart\//i.test(type) &&
      isBinaryBody(type, x.r.schemas.deref(schema).value);
    if (binary) {
      bodyFile = FILE_PLACEHOLDER;
      if (type.includes("*")) contentType = "application/octet-stream";
    } else if (/^multipart\/form-data/i.test(type)) {
      form = multipartFields(
        sample,
        {
          schema,
          encoding,
          styled: x.swagger || x.styledMultipart !== false,
          swagger: x.swagger,
        },
        x.r,
        budget,
      );
      if (!form.length) form = undefined;
    } else if (/^multipart\//i.test(type) && (item || Array.isArray(sample))) {
      // multipart/mixed, multipart/related: parts by position (a 3.2
      // `itemSchema` is each part: the command sends one). curl writes
      // them with `-F` under the subtype the Content-Type names, with its
      // boundary; a body written as JSON there is no multipart at all.
      // With an `itemSchema`, a written example that is a list is the
      // parts, as a written example is the body elsewhere; else one part.
      const list = item && Array.isArray(written?.value) &&
          fits(written.value) !== undefined
        ? written.value as unknown[]
        : null;
      form = positionalFields(
        list ?? (item ? [sample] : sample as unknown[]),
        item ? undefined : schema,
        parts,
        x.r,
        budget,
      );
      if (!form.length) form = undefined;
    } else if (text !== undefined) {
      body = text.slice(0, MAX_VALUE_CHARS);
    } else if (serialized !== undefined) {
      body = serialized.slice(0, MAX_VALUE_CHARS);
    } else if (urlencoded) {
      body = formBody(
        formPairs(
          sample,
          budget,
          formSeparator(schema, encoding, x.swagger, x.r),
          deepField(encoding, x.swagger, x.r),
          (name) =>
            !x.swagger && isObject(encoding) &&
            Object.hasOwn(encoding, name) &&
            rfc6570(x.r.deref(encoding[name]).value),
          (name) =>
            !x.swagger && isObject(encoding) &&
            Object.hasOwn(encoding, name) &&
            reservedEncoding(x.r.deref(encoding[name]).value),
        ),
      );
    } else if (item) {
      body = sample === undefined ? null : itemBody(type, sample);
    } else if (isXml(type) && sample !== null && typeof sample === "object") {
      body = xmlSample(sample, xmlRoot(schema, x.r), schema, x.r).slice(
        0,
        MAX_VALUE_CHARS,
      );
    } else if (sample !== undefined) {
      // Text for a text type; for JSON, a written string that is JSON
      // text already (`'{"id": 1}'`) as written, anything else as JSON.
      body = typeof sample === "string" &&
          (!isJson(type) || (fromWritten && isJsonText(sample)))
        ? sample.slice(0, MAX_VALUE_CHARS)
        : valueJson(sample, MAX_VALUE_CHARS, "", spelling(x.r));
    }
  }
  // A form with no field to send (Stripe declares an empty form body on its
  // GETs), or a multipart body with no part, sends no body: no
  // Content-Type for it either (a multipart one without its boundary is
  // no request a server can read).
  if (
    chosen && !form && !body &&
    /^(application\/x-www-form-urlencoded|multipart\/)/i.test(
      chosen[0],
    )
  ) {
    contentType = "";
  }
  const request: OperationRequest = {
    method: x.method,
    url: x.path,
    query,
    headers,
    contentType,
    body,
    ...(bodyFile ? { bodyFile } : {}),
    form,
    ...(user ? { user } : {}),
  };
  const called = {
    ...request,
    url: x.callback ?? (x.webhook ? WEBHOOK_URL : joinUrl(server, x.path)),
  };
  const curl = operationCommand(called);
  const call = operationFetch(called);
  const script = operationPython(called);
  return {
    server,
    curl,
    note: "",
    fetch: call.code,
    fetchNote: call.note,
    python: script.code,
    pythonNote: script.note,
    request: on.shared ? request : null,
  };
}

/** Characters of a written example an XML body is written from, at most. */
const MAX_XML_SOURCE = 20_000;

/**
 * A written example's value as a body is built from it: as written, but
 * for XML an object is first copied within {@link MAX_XML_SOURCE} (the XML
 * writer walks every member: a YAML alias fan-out or a cycle must not
 * reach it); past that bound, null (the generated sample is sent).
 */
function writtenValue(
  v: unknown,
  type: string,
): { value: unknown } | null {
  if (!isXml(type) || v === null || typeof v !== "object") return { value: v };
  const text = valueJson(v, MAX_XML_SOURCE, "");
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null; // cut: not the example any more
  }
}

/** Whether `s` is the JSON text of an object or an array. */
function isJsonText(s: string): boolean {
  if (s.length > MAX_VALUE_CHARS || !/^\s*[[{]/.test(s)) return false;
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * The root element's name of an XML body: its schema's `xml.name`, else
 * the component it references, else `root`.
 */
function xmlRoot(schema: unknown, r: RefResolver): string {
  const s = r.deref(schema).value;
  const xml = isObject(s) ? s.xml : undefined;
  if (isObject(xml) && typeof xml.name === "string" && xml.name) {
    return xml.name;
  }
  return isObject(schema) && typeof schema.$ref === "string"
    ? refName(schema.$ref) || "root"
    : "root";
}
