/**
 * Schemas as the detail view shows them: a one-line type summary and the
 * top-level fields of a body. Both stay bounded on hostile schemas: `$ref`s
 * are named, not expanded; inline nesting, `allOf` depth and field counts are
 * capped; each schema object is walked at most once per body (a schema that
 * lists itself fifty times in `allOf`, or a YAML alias fan-out, would
 * otherwise cost 50^depth steps); and values are never stringified whole.
 */
import { type Spell, spelling } from "./written_integers.ts";
import { clip } from "../shared/parse_error.ts";
import { truncate } from "../shared/parse_error.ts";
import { isJsonType } from "../shared/json_pretty.ts";
import {
  type Direction,
  MAX_EXAMPLE_CHARS,
  sampleOf,
  valueJson,
} from "./example.ts";
import {
  arrayParts,
  mergedProperties,
  mergedRequired,
  mergeParts,
} from "./merge.ts";
import { eventText } from "./event_text.ts";
import { isObject, refName, refOf, type RefResolver } from "./refs.ts";
import { scalarList } from "./safe.ts";
import { type SchemaGraph, shortJson } from "./schema_graph.ts";
import type {
  BodyDetail,
  EncodingDetail,
  ExampleDetail,
  FieldDetail,
} from "./types.ts";

/** Fields listed per body. */
export const MAX_FIELDS = 100;
/**
 * Longest description shown in a detail, longer ones are cut: real ones stay
 * under a few thousand characters, and the page turns each into plain text
 * (and lays it out) on the main thread.
 */
export const MAX_TEXT = 20_000;
/** Longest description in a table cell (a parameter, a field, a response). */
export const MAX_CELL = 2_000;

/** A string field, cut to `max`; "" when it is not a string. */
export function text(v: unknown, max = MAX_TEXT): string {
  return typeof v === "string" ? truncate(v, max) : "";
}

/** An enum value in a few characters (compact JSON, cut). */
function shortValue(v: unknown): string {
  return truncate(shortJson(v), 40);
}

/**
 * A one-line type summary of a schema (`array<Pet>`, `string (date-time)`,
 * `oneOf<Cat | Dog>`); references are named, not expanded, so cycles are
 * harmless. `depth` bounds inline nesting; `enums` false leaves enum values
 * out (a parameter lists them all beside it).
 */
export function typeSummary(
  schema: unknown,
  depth = 0,
  enums = true,
): string {
  const ref = refOf(schema);
  if (ref !== null) return refName(ref);
  if (schema === true) return "any";
  if (schema === false) return "never";
  if (!isObject(schema)) return "";
  if (depth > 3) return "…";
  for (const k of ["oneOf", "anyOf", "allOf"]) {
    const list = schema[k];
    if (Array.isArray(list) && list.length) {
      // One schema wrapped in allOf (to annotate a $ref, or by a
      // generator) is that schema, as the tree shows it merged.
      if (k === "allOf" && list.length === 1) {
        return typeSummary(list[0], depth + 1, enums) || "any";
      }
      const sep = k === "allOf" ? " & " : " | ";
      return `${k}<${
        list.slice(0, 4).map((s) => typeSummary(s, depth + 1, enums) || "any")
          .join(
            sep,
          )
      }${list.length > 4 ? sep + "…" : ""}>`;
    }
  }
  const t = schema.type;
  let base = Array.isArray(t)
    ? scalarList(t, 8).map(clip).join(" | ")
    : typeof t === "string"
    ? clip(t)
    : "";
  // A tuple: its positions, then what may follow (none after `false`).
  const { tuple, rest } = arrayParts((k) => schema[k]);
  if (tuple?.length) {
    const shown = tuple.slice(0, 4).map((s) =>
      typeSummary(s, depth + 1, enums) || "any"
    );
    // Past the positions: what the rest allows (unsaid: anything).
    const more = rest === false
      ? []
      : [`...${typeSummary(rest, depth + 1, enums) || "any"}`];
    return `[${
      [...shown, ...(tuple.length > 4 ? ["…"] : []), ...more].join(", ")
    }]`;
  }
  if (base === "array" || (!base && schema.items !== undefined)) {
    return `array<${typeSummary(rest, depth + 1, enums) || "any"}>`;
  }
  if (!base && isObject(schema.properties)) base = "object";
  if (!base) base = "any";
  if (typeof schema.format === "string") base += ` (${clip(schema.format)})`;
  if (enums && Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, 5).map(shortValue).join(", ");
    base += ` enum: ${shown}${schema.enum.length > 5 ? ", …" : ""}`;
  }
  return base;
}

/** Top-level properties of a schema (through `$ref` and `allOf`). */
function fieldsOf(schema: unknown, r: RefResolver, out: FieldDetail[]): void {
  const s = r.schemas.deref(schema).value;
  if (!isObject(s)) return;
  // Merged as the tree merges them: every part's properties, and every
  // part's `required` list (JSON Schema 2020-12 §10.2.1.1: each `allOf`
  // part applies to the whole value).
  const m = mergeParts(s, r.schemas);
  const { props } = mergedProperties(m, MAX_FIELDS);
  const req = mergedRequired(m);
  for (const [name, p] of props) {
    // A description beside a `$ref` is the property's own (OpenAPI 3.1
    // §4.8.23: it overrides the component's), as the tree shows it.
    const own = isObject(p) && typeof p.description === "string" ? p : null;
    const pv = own ?? r.deref(p).value;
    out.push({
      name: clip(name),
      type: typeSummary(p),
      required: req.has(name),
      description: isObject(pv) ? text(pv.description, MAX_CELL) : "",
    });
  }
}

/** What building bodies needs: the document's resolver and schema graph. */
export interface BodyContext {
  r: RefResolver;
  graph: SchemaGraph;
  /** Requests leave `readOnly` properties out of examples, responses `writeOnly`. */
  dir: Direction;
  /**
   * An encoding's `style`, `explode` and `allowReserved` apply to a
   * multipart body too (OpenAPI 3.1 on); in 3.0 to a urlencoded one only.
   */
  styledMultipart?: boolean;
}

/** Written examples kept per body. */
const MAX_EXAMPLES = 20;

/**
 * True for JSON media types (`application/json`, `application/problem+json`)
 * and for the any-type range (star slash star), whose example is JSON.
 */
export function isJson(mediaType: string): boolean {
  return isJsonType(mediaType) || mediaType === "*/*";
}

/**
 * An example value as shown: strings as written, the rest as indented
 * JSON (integers past 2^53 as written, with `spell`).
 */
export function exampleText(v: unknown, spell?: Spell): string {
  return typeof v === "string"
    ? truncate(v, MAX_EXAMPLE_CHARS)
    : valueJson(v, undefined, undefined, spell);
}

/**
 * The value an Example Object gives: `value`, else (OpenAPI 3.2 §4.8.19)
 * `dataValue`, the data before serialization; undefined when neither.
 */
export function exampleValue(ex: Record<string, unknown>): unknown {
  return ex.value !== undefined ? ex.value : ex.dataValue;
}

/** A written example: its data, or (OpenAPI 3.2) the text as sent. */
export interface WrittenExample {
  /** `example`, or an Example Object's `value` / `dataValue`. */
  value?: unknown;
  /** An Example Object's `serializedValue`: the body as it goes. */
  serialized?: string;
}

/**
 * The first example written for a media type: `example`, else the first
 * of `examples` that gives a value or a serialized value; undefined when
 * none.
 */
export function firstWrittenExample(
  media: Record<string, unknown>,
  r: RefResolver,
): WrittenExample | undefined {
  if (media.example !== undefined) return { value: media.example };
  if (!isObject(media.examples)) return undefined;
  let seen = 0;
  for (const name in media.examples) {
    if (++seen > MAX_EXAMPLES) break;
    const ex = r.deref(media.examples[name]).value;
    if (!isObject(ex)) continue;
    const value = exampleValue(ex);
    const serialized = typeof ex.serializedValue === "string"
      ? ex.serializedValue
      : undefined;
    if (value !== undefined || serialized !== undefined) {
      return { value, serialized };
    }
  }
  return undefined;
}

/**
 * Examples written for a media type: `example`, each of `examples` (an
 * Example Object's `value`; an `externalValue` is named, never fetched).
 */
function writtenExamples(
  media: Record<string, unknown>,
  r: RefResolver,
): ExampleDetail[] {
  const out: ExampleDetail[] = [];
  const spell = spelling(r);
  if (media.example !== undefined) {
    out.push({
      label: "Example",
      text: exampleText(media.example, spell),
      generated: false,
    });
  }
  if (isObject(media.examples)) {
    for (const name in media.examples) {
      if (out.length >= MAX_EXAMPLES) break;
      const ex = r.deref(media.examples[name]).value;
      if (!isObject(ex)) continue;
      const label = typeof ex.summary === "string" && ex.summary
        ? `${clip(name)}: ${clip(ex.summary)}`
        : clip(name);
      const value = exampleValue(ex);
      const sent = typeof ex.serializedValue === "string";
      if (value !== undefined) {
        out.push({ label, text: exampleText(value, spell), generated: false });
      }
      // OpenAPI 3.2 §4.8.19: the same example as it goes on the wire, shown
      // beside its data when both are written.
      if (sent) {
        out.push({
          label: `${label} (as sent)`,
          text: truncate(ex.serializedValue as string, MAX_EXAMPLE_CHARS),
          generated: false,
        });
      }
      if (
        value === undefined && !sent && typeof ex.externalValue === "string"
      ) {
        out.push({
          label,
          text: `(external example ${clip(ex.externalValue)}, not fetched)`,
          generated: false,
          external: true,
        });
      }
    }
  }
  return out;
}

/**
 * A body of `mediaType`: the schema's root in the graph, its type and
 * top-level fields, the written examples, else a generated one, written
 * by `writer` (JSON for a JSON type; none for another unless given).
 * `media` holds `example`/`examples` (an OpenAPI 3 Media Type Object, or
 * Swagger 2.0's `examples` entry wrapped as `{ example }`).
 */
export function body(
  mediaType: string,
  schema: unknown,
  ctx: BodyContext,
  media: Record<string, unknown> = {},
  cache?: Map<unknown, string>,
  writer: ((sample: unknown) => string) | undefined = isJson(mediaType)
    ? (v) => valueJson(v, undefined, undefined, spelling(ctx.r))
    : undefined,
): BodyDetail {
  const fields: FieldDetail[] = [];
  const { r, graph } = ctx;
  fieldsOf(schema, r, fields);
  // Examples written in the spec are the body's examples, as Swagger UI,
  // Redoc and Scalar show them (the cURL command sends the first); one is
  // generated from the schema, for a JSON body, only when none is written
  // (§4.1's order: `example`, then `examples`, …, then a sample).
  const examples: ExampleDetail[] = writtenExamples(media, r);
  const written = examples.some((e) => !e.external);
  if (!written && schema !== undefined && writer) {
    let text = cache?.get(schema);
    if (text === undefined) {
      const v = sampleOf(schema, r, ctx.dir);
      text = v === undefined ? "" : writer(v);
      cache?.set(schema, text);
    }
    if (text) {
      examples.push({
        label: "Generated from the schema",
        text,
        generated: true,
      });
    }
  }
  return {
    mediaType: clip(mediaType),
    type: typeSummary(schema),
    fields,
    schema: schema === undefined ? null : graph.edge("", schema),
    examples,
    encoding: [
      ...encodingOf(media.encoding, r, mediaType, ctx.styledMultipart),
      ...positionalEncoding(media, r, mediaType),
    ],
  };
}

/** Properties whose encoding is listed at most. */
const MAX_ENCODED = 50;

/**
 * A media type's `encoding` (OpenAPI 3.1 §4.8.15): for each property, its
 * part's Content-Type and headers (multipart) or its style (urlencoded;
 * multipart too from 3.1), what a client must send that the schema does
 * not say. What the media type ignores ("SHALL be ignored") is left out,
 * so the line says what the cURL command sends.
 */
function encodingOf(
  encoding: unknown,
  r: RefResolver,
  mediaType: string,
  styledMultipart = true,
): EncodingDetail[] {
  if (!isObject(encoding)) return [];
  const type = mediaType.split(";")[0].trim().toLowerCase();
  const multipart = type.startsWith("multipart/");
  const styled = type === "application/x-www-form-urlencoded" ||
    (styledMultipart && type === "multipart/form-data");
  const out: EncodingDetail[] = [];
  for (const name in encoding) {
    if (out.length >= MAX_ENCODED) break;
    const facts = encodingFacts(encoding[name], r, multipart, styled);
    if (facts.length) out.push({ name: clip(name), facts });
  }
  return out;
}

/** What one Encoding Object says a part or field is sent as. */
function encodingFacts(
  raw: unknown,
  r: RefResolver,
  multipart: boolean,
  styled: boolean,
): string[] {
  const e = r.deref(raw).value;
  if (!isObject(e)) return [];
  const facts: string[] = [];
  if (typeof e.contentType === "string") facts.push(clip(e.contentType));
  if (multipart && isObject(e.headers)) {
    let more = 0;
    for (const h in e.headers) {
      if (h.toLowerCase() === "content-type") continue;
      if (facts.length < MAX_ENCODED) facts.push(`header ${clip(h)}`);
      else more++;
    }
    if (more) facts.push(`…and ${more} more headers`);
  }
  if (styled) {
    if (typeof e.style === "string") facts.push(`style ${clip(e.style)}`);
    if (typeof e.explode === "boolean") facts.push(`explode ${e.explode}`);
    if (e.allowReserved === true) facts.push("allowReserved");
  }
  return facts;
}

/**
 * A multipart media type's encoding by position (OpenAPI 3.2 §4.14.4):
 * `prefixEncoding[i]` for part i, `itemEncoding` for each part after
 * them (every part without a prefix), as a `multipart/mixed` or
 * `multipart/related` body, whose parts have no names, describes them.
 */
function positionalEncoding(
  media: Record<string, unknown>,
  r: RefResolver,
  mediaType: string,
): EncodingDetail[] {
  if (!/^multipart\//i.test(mediaType.trim())) return [];
  const out: EncodingDetail[] = [];
  const prefix = Array.isArray(media.prefixEncoding)
    ? media.prefixEncoding
    : [];
  for (let i = 0; i < prefix.length && out.length < MAX_ENCODED; i++) {
    const facts = encodingFacts(prefix[i], r, true, false);
    if (facts.length) out.push({ name: `prefixEncoding[${i}]`, facts });
  }
  if (media.itemEncoding !== undefined) {
    const facts = encodingFacts(media.itemEncoding, r, true, false);
    if (facts.length) out.push({ name: "itemEncoding", facts });
  }
  return out;
}

/** Media types listed per request or response body. */
export const MAX_BODIES = 20;

/** Bodies of an OpenAPI 3 `content` map. */
export function contentBodies(
  content: unknown,
  ctx: BodyContext,
): BodyDetail[] {
  if (!isObject(content)) return [];
  const out: BodyDetail[] = [];
  // Media types sharing one schema share its generated example.
  const cache = new Map<unknown, string>();
  for (const mt in content) {
    if (out.length >= MAX_BODIES) break;
    const m = ctx.r.deref(content[mt]).value;
    const media = isObject(m) ? m : {};
    const items = media.itemSchema;
    if (media.schema !== undefined || items === undefined) {
      out.push(body(mt, media.schema, ctx, media, cache));
    }
    if (items !== undefined) {
      // OpenAPI 3.2 §4.8.14: the schema of each item of a sequential
      // media type (JSON Lines, event streams, multipart/mixed), shown as
      // its own tree; a JSON item gets a generated example, an event one
      // event as the stream writes it (the text the cURL command sends).
      const events = /^\s*text\/event-stream\b/i.test(mt);
      const each = body(
        /json/i.test(mt) ? "application/json" : mt,
        items,
        ctx,
        media.schema === undefined ? media : {},
        events ? undefined : cache,
        events ? (v) => eventText(v, MAX_EXAMPLE_CHARS) : undefined,
      );
      out.push({ ...each, mediaType: clip(`${mt}, each item`) });
    }
  }
  return out;
}
