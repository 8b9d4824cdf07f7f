/**
 * The detail of one operation, computed when its row is expanded (never for
 * all rows up front, which keeps indexing cheap): merged parameters, request
 * body, responses and security, with local `$ref`s resolved cycle-safely.
 */
import { clip } from "../shared/parse_error.ts";
import { markdown } from "./markdown.ts";
import { paramExample, valueJson } from "./example.ts";
import type { DetailSource, ParsedSpec } from "./mod.ts";
import { operationsOf, resolvePathItem } from "./operations.ts";
import { type CurlInput, operationCurl, partsOf } from "./operation_curl.ts";
import { serverUrl } from "./servers.ts";
import { spelling } from "./written_integers.ts";
import { EMPTY_VALUE_ALLOWED } from "./empty_value.ts";
import {
  asReferenced,
  isObject,
  refName,
  refOf,
  type RefResolver,
} from "./refs.ts";
import { firstKeys, scalarList, scalarText } from "./safe.ts";
import { setOwn } from "../shared/value.ts";
import { edgesOf, SchemaGraph, shortJson } from "./schema_graph.ts";
import {
  body,
  type BodyContext,
  contentBodies,
  exampleValue,
  firstWrittenExample,
  MAX_BODIES,
  MAX_CELL,
  text,
  typeSummary,
} from "./schema_view.ts";
import type {
  ApartOp,
  Badge,
  CallbackOp,
  CallbackRef,
  CodeSample,
  FieldDetail,
  LinkDetail,
  OperationDetail,
  ParamDetail,
  ParamEnum,
  ResponseDetail,
  SchemaDetail,
  SchemaEdge,
} from "./types.ts";
import { namedSchemas } from "./overview.ts";
import { schemeMap, schemeName } from "./security.ts";
import { externalDocs } from "./about.ts";
import { str } from "../shared/value.ts";

export { typeSummary } from "./schema_view.ts";

/**
 * Caps of one detail: real operations stay far below them, and a hostile one
 * (lists shared through YAML aliases) still gives a detail the page can show.
 */
const MAX_PARAMS = 200;
const MAX_RESPONSES = 100;
const MAX_SECURITY = 20;
const MAX_NAMES = 20;
const MAX_WARNINGS = 50;
/**
 * Schema nodes sent with a detail: the two levels open at first. Each more
 * level of Stripe's charge would triple what the worker builds and the page
 * receives; a click deeper asks for the rest by id, one round trip.
 */
const FIRST_NODE_DEPTH = 2;
const FIRST_NODES = 3_000;

function paramDetail(
  p: Record<string, unknown>,
  fromPath: boolean,
  swagger: boolean,
  graph: SchemaGraph,
  r: RefResolver,
): ParamDetail {
  let type = "";
  // Swagger 2.0 writes a parameter's schema keywords on the parameter; a
  // 3.x one with `content` has its schema in its one media type.
  let schema = swagger ? p : p.schema;
  if (swagger) type = paramType(p, graph);
  else if (p.schema !== undefined) type = paramType(p.schema, graph);
  else if (isObject(p.content)) {
    const [mt] = keysOf(p.content, 1);
    // Its media type may be a 3.2 `components.mediaTypes` reference.
    const media = mt === undefined ? undefined : r.deref(p.content[mt]).value;
    schema = isObject(media) ? media.schema : undefined;
    type = mt === undefined
      ? ""
      : schema === undefined
      ? mt
      : `${mt}: ${paramType(schema, graph)}`;
  }
  const known = schema === undefined
    ? { facts: [], enums: [] }
    : paramFacts(graph, schema);
  return {
    name: clip(scalarText(p.name) ?? ""),
    in: clip(str(p.in)),
    required: p.required === true,
    deprecated: p.deprecated === true,
    description: markdown(text(p.description, MAX_CELL)),
    type,
    facts: [
      ...styleFacts(p, swagger),
      ...known.facts,
      ...paramExamples(p, schema, r, swagger),
    ],
    enums: known.enums,
    fromPath,
    ...(swagger || schema === undefined ? {} : structured(graph, schema)),
  };
}

/**
 * `{ schema }` for a parameter whose schema has properties or
 * alternatives, itself or its items (Redoc shows those as a tree too);
 * nothing for a scalar or a list of scalars, which the row says whole.
 */
function structured(
  graph: SchemaGraph,
  schema: unknown,
): { schema?: SchemaEdge } {
  const edge = graph.edge("", schema);
  let n = graph.node(edge.node);
  for (let d = 0; n && d < 4; d++) {
    if (n.props.length || n.alts || n.additional) return { schema: edge };
    n = n.items ? graph.node(n.items.node) : null;
  }
  return {};
}

/**
 * A parameter's type without its enum values (its facts list them all):
 * a component's name with the type it stands for (`coordinate: integer`),
 * since the name alone hid the type a client writes.
 */
function paramType(schema: unknown, graph: SchemaGraph): string {
  const ref = refOf(schema);
  if (ref === null) return typeSummary(schema, 0, false);
  const name = refName(ref);
  const n = graph.node(graph.edge("", schema).node);
  // A reference to nothing (its note says why), or to a schema of no one
  // type (a oneOf): the name alone.
  if (!n || n.note || !n.type || n.type === name) return name;
  return `${name}: ${n.type}${n.format ? ` (${n.format})` : ""}`;
}

/** Examples listed per parameter. */
const MAX_PARAM_EXAMPLES = 5;

/**
 * A parameter's examples as facts, as Swagger UI fills its field with one:
 * its `example` (`x-example` in Swagger 2.0), else each of its named
 * `examples`, else its schema's `example` or first `examples` entry.
 */
function paramExamples(
  p: Record<string, unknown>,
  schema: unknown,
  r: RefResolver,
  swagger: boolean,
): string[] {
  const spell = spelling(r);
  const one = paramExample(p, swagger);
  if (one !== undefined) return [`example ${shortJson(one, spell)}`];
  // Named examples: the parameter's, or (a `content` parameter) its media
  // type's, which may also give one `example`.
  const named = (o: Record<string, unknown>): string[] => {
    const out: string[] = [];
    if (!isObject(o.examples)) return out;
    for (const name of firstKeys(o.examples, MAX_PARAM_EXAMPLES)) {
      const ex = r.deref(o.examples[name]).value;
      if (!isObject(ex)) continue;
      const v = exampleValue(ex);
      if (v !== undefined) {
        out.push(`example ${clip(name)}: ${shortJson(v, spell)}`);
      } // OpenAPI 3.2: the value as it goes on the wire (a whole query
      // string, a header line), or where one is kept (never fetched).
      else if (typeof ex.serializedValue === "string") {
        out.push(
          `example ${clip(name)} (as sent): ${clip(ex.serializedValue)}`,
        );
      } else if (typeof ex.externalValue === "string") {
        out.push(
          `example ${clip(name)}: external, ${
            clip(ex.externalValue)
          } (not fetched)`,
        );
      }
    }
    return out;
  };
  const out = named(p);
  if (out.length) return out;
  if (!swagger && isObject(p.content)) {
    const [mt] = firstKeys(p.content, 1);
    const media = mt === undefined ? undefined : r.deref(p.content[mt]).value;
    if (isObject(media)) {
      if (media.example !== undefined) {
        return [`example ${shortJson(media.example, spell)}`];
      }
      const fromMedia = named(media);
      if (fromMedia.length) return fromMedia;
    }
  }
  const s = r.deref(schema).value;
  if (!isObject(s)) return out;
  if (s.example !== undefined) {
    return [`example ${shortJson(s.example, spell)}`];
  }
  if (Array.isArray(s.examples) && s.examples.length) {
    return [`example ${shortJson(s.examples[0], spell)}`];
  }
  return out;
}

/**
 * A response's headers as parameter rows (a Header Object is a Parameter
 * Object without `name` and `in`, OpenAPI 3.1 §4.8.21; 2.0 writes the
 * schema keywords on it). Content-Type is left out: the media types say it
 * and OpenAPI ignores it here.
 */
function responseHeaders(
  headers: unknown,
  swagger: boolean,
  graph: SchemaGraph,
  r: RefResolver,
  where: string,
  warnings: string[],
): ParamDetail[] {
  if (!isObject(headers)) return [];
  const out: ParamDetail[] = [];
  for (const name in headers) {
    if (out.length >= MAX_PARAMS) break;
    if (name.toLowerCase() === "content-type") continue;
    const d = r.deref(headers[name]);
    // A header whose `$ref` leads nowhere is warned of, as a parameter's
    // is: left out in silence, the reader could not know it is declared.
    if (d.error) warnings.push(`${where}, header ${clip(name)}: ${d.error}`);
    if (d.error || !isObject(d.value)) continue;
    const h = asReferenced(headers[name], d.value);
    out.push(
      paramDetail({ ...h, name, in: "header" }, false, swagger, graph, r),
    );
    // Its schema may come through `content` (a 3.x header's one media
    // type), whose own `$ref` is warned of as a parameter's is.
    if (!swagger) {
      mediaWarnings(h.content, r, `${where}, header ${clip(name)}`, warnings);
    }
  }
  return out;
}

/**
 * A response's links (OpenAPI 3.1 §4.8.20): each names the operation it
 * feeds and the runtime expressions that fill its parameters; a `$ref`ed
 * link (`components.links`) is read from its target.
 */
function responseLinks(
  links: unknown,
  r: RefResolver,
  namesNothing: (link: Record<string, unknown>) => boolean,
  apartOf: (link: Record<string, unknown>) => ApartOp | null,
): LinkDetail[] {
  if (!isObject(links)) return [];
  const out: LinkDetail[] = [];
  let total = 0;
  for (const name in links) {
    if (++total > MAX_RESPONSES) continue; // counted, not listed
    const d = r.deref(links[name]);
    if (d.error || !isObject(d.value)) {
      // Listed with its fault, as Swagger UI lists an unresolved link.
      out.push({
        name: clip(name),
        target: "",
        parameters: [],
        server: "",
        description: markdown(d.error ?? "Not a Link Object"),
        missing: false,
        apart: null,
      });
      continue;
    }
    const link = asReferenced(links[name], d.value);
    const params = isObject(link.parameters) ? link.parameters : {};
    const parameters = keysOf(params, MAX_NAMES).map((p) =>
      `${p} = ${valueText(params[p])}`
    );
    if (link.requestBody !== undefined) {
      parameters.push(`requestBody = ${valueText(link.requestBody)}`);
    }
    out.push({
      name: clip(name),
      target: clip(
        scalarText(link.operationId) ??
          operationNamed(scalarText(link.operationRef) ?? ""),
      ),
      parameters,
      // A link may call its operation on another server (OpenAPI 3.0
      // §4.7.20 Link Object `server`).
      server: isObject(link.server) ? clip(serverUrl(link.server)) : "",
      description: markdown(text(link.description, MAX_CELL)),
      missing: namesNothing(link),
      apart: apartOf(link),
    });
  }
  if (total > out.length) {
    out.push({
      name: `…and ${total - out.length} more`,
      target: "",
      parameters: [],
      server: "",
      description: [],
      missing: false,
      apart: null,
    });
  }
  return out;
}

/**
 * An `operationRef` as the operation it names: a local pointer to one
 * (`#/paths/~1users~1{id}/get`) as `GET /users/{id}`, anything else as
 * written.
 */
function operationNamed(ref: string): string {
  const at = pathsPointer(ref);
  return at ? `${at.method.toUpperCase()} ${at.path}` : ref;
}

/** The path and method field a `#/paths/{path}/{method}` pointer names. */
function pathsPointer(ref: string): { path: string; method: string } | null {
  const m = /^#\/paths\/([^/]+)\/([a-zA-Z]+)$/.exec(ref);
  if (!m) return null;
  const path = m[1].replace(/~1/g, "/").replace(/~0/g, "~");
  try {
    return { path: decodeURIComponent(path), method: m[2] };
  } catch {
    return { path, method: m[2] };
  }
}

/**
 * Whether a Link Object's target is in this document and names no
 * operation there (OpenAPI 3.1 §4.8.20: `operationId` "MUST" name an
 * existing operation, `operationRef` "MUST point to an Operation
 * Object"): an `operationId` no operation of the paths, the webhooks or
 * their callbacks carries, or a local `operationRef` to nothing, or to a
 * method its path item lacks. A reference into another document is never
 * fetched, so never said to name nothing.
 */
function linkNamesNothing(
  link: Record<string, unknown>,
  doc: Record<string, unknown>,
  r: RefResolver,
  minor: number,
): boolean {
  const id = scalarText(link.operationId);
  if (id !== null) return id !== "" && !operationIds(doc, r, minor).has(id);
  const ref = scalarText(link.operationRef);
  if (ref === null || !ref.startsWith("#")) return false;
  const at = pathsPointer(ref);
  if (!at) {
    const d = r.deref({ $ref: ref });
    return d.error !== undefined || !isObject(d.value);
  }
  const paths = doc.paths;
  if (!isObject(paths) || !Object.hasOwn(paths, at.path)) return true;
  const item = resolvePathItem(paths[at.path], ["paths", at.path], r, []);
  return !item ||
    !operationsOf(item, ["paths", at.path], minor, [], r.memo).some((f) =>
      !f.additional && f.opKey === at.method
    );
}

/**
 * The `operationId`s of the document's operations (its paths', its
 * webhooks' and their callbacks'), each with where it is listed apart
 * from the endpoints (null: under `paths`, or an id the paths carry too,
 * which the endpoint list finds), found once per document. A path item or
 * callbacks object shared through YAML aliases is read once; the first
 * operation carrying an id is the one it names.
 */
function operationIds(
  doc: Record<string, unknown>,
  r: RefResolver,
  minor: number,
): ReadonlyMap<string, ApartOp | null> {
  return r.memo.get("operationIds", doc, () => {
    const ids = new Map<string, ApartOp | null>();
    const seen = new Set<unknown>();
    const add = (id: string | null, at: ApartOp | null) => {
      if (id && !ids.has(id)) ids.set(id, at);
    };
    const walk = (
      map: unknown,
      at: string,
      parent: {
        container: "paths" | "webhooks";
        path: string;
        method: string;
        name: string;
      } | null,
    ) => {
      if (!isObject(map) || seen.has(map)) return;
      seen.add(map);
      for (const key in map) {
        if (!Object.hasOwn(map, key) || key.startsWith("x-")) continue;
        const item = resolvePathItem(map[key], [at, key], r, []);
        if (!item || seen.has(item)) continue;
        seen.add(item);
        for (const f of operationsOf(item, [at, key], minor, [], r.memo)) {
          const id = scalarText(f.op.operationId);
          // Named as the Callbacks and Webhooks lists name them (a
          // callback by the operation declaring it).
          add(
            id,
            parent
              ? {
                kind: "callback",
                parentContainer: parent.container,
                parentPath: parent.path,
                parentMethod: parent.method,
                name: parent.name,
                expression: key,
                method: f.method,
              }
              : at === "webhooks"
              ? { kind: "webhook", path: key, method: f.method }
              : null,
          );
          const cbs = parent ? undefined : r.deref(f.op.callbacks).value;
          if (!isObject(cbs) || seen.has(cbs)) continue;
          seen.add(cbs);
          for (const name in cbs) {
            if (Object.hasOwn(cbs, name)) {
              walk(r.deref(cbs[name]).value, "callbacks", {
                container: at === "webhooks" ? "webhooks" : "paths",
                path: key,
                method: f.method,
                name,
              });
            }
          }
        }
      }
    };
    // Paths first: an id a path operation carries opens that one.
    walk(doc.paths, "paths", null);
    walk(doc.webhooks, "webhooks", null);
    return ids;
  });
}

/**
 * A link value: an expression as written, any other value as JSON, walked
 * only as far as it is shown (a YAML alias fan-out is never expanded).
 */
function valueText(v: unknown): string {
  return typeof v === "string" ? clip(v) : valueJson(v, MAX_CELL, "");
}

/**
 * How a parameter is serialised, where its written `style`, `explode`,
 * `allowReserved`, `allowEmptyValue` or 2.0 `collectionFormat` differ from
 * the defaults
 * (OpenAPI 3.1 §4.8.12.4: `form` explodes by default, other styles do not;
 * 2.0's default format is `csv`): the facts a client needs to send it.
 */
function styleFacts(p: Record<string, unknown>, swagger: boolean): string[] {
  const out: string[] = [];
  // `name=` is a value the API takes (`allowEmptyValue`, a query
  // parameter's in OpenAPI 3.1 §4.8.12.2 and Swagger 2.0), as Swagger UI
  // offers to send it; the cURL command sends it so when nothing is
  // written for it.
  if (p.allowEmptyValue === true && p.in === "query") {
    out.push(EMPTY_VALUE_ALLOWED);
  }
  if (swagger) {
    const f = scalarText(p.collectionFormat);
    if (f !== null && f !== "csv") out.push(`collectionFormat ${clip(f)}`);
    return out;
  }
  const style = scalarText(p.style);
  const defaultStyle = p.in === "query" || p.in === "cookie"
    ? "form"
    : "simple";
  const effective = style ?? defaultStyle;
  if (style !== null && style !== defaultStyle) {
    out.push(`style ${clip(style)}`);
  }
  if (typeof p.explode === "boolean" && p.explode !== (effective === "form")) {
    out.push(`explode ${p.explode}`);
  }
  if (p.allowReserved === true) out.push("allowReserved");
  return out;
}

/**
 * A parameter schema's enum values (every one, up to the graph's bound, as
 * Swagger UI lists them), default and constraints, and its items': `limit`
 * as `integer`, `default 20`, `>= 1`, `<= 100` (as Redoc and Swagger UI
 * show them beside a parameter), also through a `$ref`.
 */
function paramFacts(
  graph: SchemaGraph,
  schema: unknown,
): { facts: string[]; enums: ParamEnum[] } {
  const out: string[] = [];
  const enums: ParamEnum[] = [];
  let n = graph.node(graph.edge("", schema).node);
  for (let d = 0; n && d < 4; d++) {
    const pre = d ? `items${"[]".repeat(d - 1)} ` : "";
    if (n.enum.length) {
      enums.push({
        on: pre.trim(),
        values: n.enum,
        more: n.enumMore,
        descriptions: n.enumDescriptions,
        names: n.enumNames,
      });
    }
    if (n.default !== null) out.push(`${pre}default ${n.default}`);
    if (n.const !== null) out.push(`${pre}const ${n.const}`);
    for (const c of n.constraints) out.push(pre + c);
    n = n.items ? graph.node(n.items.node) : null;
  }
  return { facts: out, enums };
}

/** The first `max` keys of `o`, clipped, without listing them all. */
function keysOf(o: Record<string, unknown>, max: number): string[] {
  return firstKeys(o, max).map(clip);
}

/**
 * The requirements of `v`, each as its schemes' names and scopes: a key
 * naming a scheme by URI (OpenAPI 3.2 §4.8.30) shows the scheme's name, as
 * the About block lists it; one naming no declared scheme, as written.
 */
function securityOf(
  v: unknown,
  schemes: Record<string, unknown> | null,
  r: RefResolver,
): string[] {
  if (!Array.isArray(v)) return [];
  if (!v.length) return ["none"];
  return v.slice(0, MAX_SECURITY).map((req) => {
    if (!isObject(req)) return "anonymous";
    const keys = firstKeys(req, MAX_NAMES);
    if (!keys.length) return "anonymous";
    return keys.map((key) => {
      const name = clip(schemeName(key, schemes, r) ?? key);
      const scopes = scalarList(req[key], MAX_NAMES).map(clip);
      return scopes.length ? `${name} [${scopes.join(", ")}]` : name;
    }).join(" + ");
  });
}

/**
 * The first `max` keys of `o`, then "…and N more" when there are more: a
 * list cut in silence reads as the whole.
 */
function namesWithRest(o: Record<string, unknown>, max: number): string[] {
  const names = keysOf(o, max);
  let total = 0;
  for (const _ in o) total++;
  return total > names.length
    ? [...names, `…and ${total - names.length} more`]
    : names;
}

/** Callback operations listed in an operation's detail, at most. */
export const MAX_CALLBACK_OPS = 50;

/**
 * The callback operations `callbacks` declares (each name's expressions,
 * each expression's methods), as a detail asks for them.
 */
function callbackOps(
  callbacks: unknown,
  r: RefResolver,
  minor: number,
): { ops: CallbackOp[]; cut: boolean } {
  const cbs = r.deref(callbacks).value;
  const out: CallbackOp[] = [];
  if (!isObject(cbs)) return { ops: out, cut: false };
  // One more than listed, to know when there are more.
  for (const name of keysOf(cbs, MAX_CALLBACK_OPS + 1)) {
    const cb = r.deref(cbs[name]).value;
    if (!isObject(cb)) continue;
    for (const expression of keysOf(cb, MAX_CALLBACK_OPS + 1)) {
      if (expression.startsWith("x-")) continue;
      const at = ["callbacks", name, expression];
      const item = resolvePathItem(cb[expression], at, r, []);
      if (!item) continue;
      for (const f of operationsOf(item, at, minor, [], r.memo)) {
        if (out.length >= MAX_CALLBACK_OPS) return { ops: out, cut: true };
        out.push({
          name,
          expression,
          method: f.method,
          summary: text(f.op.summary),
        });
      }
    }
  }
  return { ops: out, cut: false };
}

/**
 * A warning per media type of `content` whose `$ref` (OpenAPI 3.2
 * `components.mediaTypes`) leads nowhere, round a cycle or to another
 * file, as a parameter's, a body's or a response's own `$ref` is warned
 * of: the media type shows with no schema, and the reader hears why.
 */
function mediaWarnings(
  content: unknown,
  r: RefResolver,
  where: string,
  warnings: string[],
): void {
  if (!isObject(content)) return;
  for (const mt of firstKeys(content, MAX_BODIES)) {
    const d = r.deref(content[mt]);
    if (d.error) warnings.push(`${where}, ${clip(mt)}: ${d.error}`);
  }
}

/**
 * The examples a Swagger 2.0 body parameter writes for media type `type`,
 * as a Media Type Object holds them: 2.0 has no place for them, and Redoc
 * reads its extensions, keyed by media type: `x-example` a value,
 * `x-examples` named Example Objects (`summary`, `value`).
 */
function bodyExamples(
  p: Record<string, unknown>,
  type: string,
): Record<string, unknown> {
  const one = p["x-example"];
  const named = p["x-examples"];
  const out: Record<string, unknown> = {};
  if (isObject(one) && Object.hasOwn(one, type)) out.example = one[type];
  if (isObject(named) && Object.hasOwn(named, type)) {
    out.examples = named[type];
  }
  return out;
}

/**
 * A Swagger 2.0 `formData` parameter read as a schema: it carries `type`,
 * `format`, `items`, `enum`, `default` and the constraints itself; its `in`
 * stays, which says it allows an empty value where it does
 * ({@link emptyFormField}).
 */
function formFieldSchema(p: Record<string, unknown>): Record<string, unknown> {
  const { name: _n, required: _r, ...rest } = p;
  // Its written example (2.0's `x-example`) is the field's sample.
  const example = paramExample(p, true);
  return example === undefined ? rest : { ...rest, example };
}

/**
 * Details of the operation `method` at `path` in `container`, or null when
 * there is no such operation; with `callback`, of that callback of the
 * operation (what the API sends to the client). `graph` is the document's
 * schema graph (kept by the caller so node ids stay valid across details).
 */
export function operationDetail(
  parsed: DetailSource,
  container: "paths" | "webhooks",
  path: string,
  method: string,
  graph: SchemaGraph = new SchemaGraph(parsed.resolver),
  callback?: CallbackRef,
): OperationDetail | null {
  const { doc, resolver: r, detected } = parsed;
  const swagger = detected.family === "swagger";
  const map = doc[container];
  if (!isObject(map) || !Object.hasOwn(map, path)) return null;
  const keys = [container, path];
  let item = resolvePathItem(map[path], keys, r, []);
  if (!item) return null;
  let found = operationsOf(item, keys, detected.minor, [], r.memo).find((f) =>
    f.method === method
  );
  if (found && callback) {
    const cbs = r.deref(found.op.callbacks).value;
    const cb = isObject(cbs) && Object.hasOwn(cbs, callback.name)
      ? r.deref(cbs[callback.name]).value
      : null;
    const at = ["callbacks", callback.name, callback.expression];
    item = isObject(cb) && Object.hasOwn(cb, callback.expression)
      ? resolvePathItem(cb[callback.expression], at, r, [])
      : null;
    if (!item) return null;
    found = operationsOf(item, at, detected.minor, [], r.memo).find((f) =>
      f.method === callback.method
    );
  }
  if (!found) return null;
  const op = found.op;
  const warnings: string[] = [];
  const req: BodyContext = {
    r,
    graph,
    dir: "request",
    styledMultipart: detected.minor >= 1,
  };
  const res: BodyContext = {
    r,
    graph,
    dir: "response",
    styledMultipart: detected.minor >= 1,
  };

  // Operation-level parameters override path-level ones with the same name
  // and location (OpenAPI 3.1 §4.8.9.1, Swagger 2.0 "parameters").
  const merged = new Map<
    string,
    { p: Record<string, unknown>; fromPath: boolean }
  >();
  for (
    const [list, fromPath] of [[item.parameters, true], [
      op.parameters,
      false,
    ]] as const
  ) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const d = r.deref(raw);
      if (d.error) warnings.push(`Parameter: ${d.error}`);
      if (!isObject(d.value) || d.error) continue;
      const name = scalarText(d.value.name) ?? "";
      // Header names are case-insensitive (RFC 9110 §5.1): `X-A` and `x-a`
      // are one parameter; other names are compared as written.
      const where = str(d.value.in);
      const key = `${where}\n${where === "header" ? name.toLowerCase() : name}`;
      // The operation's own may override the path item's; one list must not
      // name a parameter twice (OpenAPI 3.1 §4.8.10.1).
      if (merged.get(key)?.fromPath === fromPath) {
        warnings.push(
          `Parameter ${clip(name)} (in ${
            clip(str(d.value.in))
          }) is listed twice: the later one is shown`,
        );
      }
      // One that overrides the path item's is listed with the operation's
      // own, in their order, after the path item's that stay (as Redoc
      // lists them), not where the overridden one stood.
      if (merged.get(key)?.fromPath && !fromPath) merged.delete(key);
      merged.set(key, { p: asReferenced(raw, d.value), fromPath });
    }
  }
  const parameters: ParamDetail[] = [];
  let requestBody: OperationDetail["requestBody"] = null;
  const consumes = scalarList(
    Array.isArray(op.consumes) ? op.consumes : doc.consumes,
    MAX_BODIES,
  );
  const form: FieldDetail[] = [];
  const formSchema = {
    type: "object",
    properties: {} as Record<string, unknown>,
    required: [] as string[],
  };
  const cache = new Map<unknown, string>();
  // Media types of the request body with their schemas, for the cURL body.
  let sent: CurlInput["sent"] = [];
  for (const { p, fromPath } of merged.values()) {
    if (swagger && p.in === "body") {
      const types = consumes.length ? consumes : ["application/json"];
      const media = types.map((t) => bodyExamples(p, t));
      requestBody = {
        description: markdown(text(p.description)),
        required: p.required === true,
        bodies: types.map((t, i) => body(t, p.schema, req, media[i], cache)),
      };
      sent = types.map((t, i) => [
        t,
        p.schema,
        undefined,
        firstWrittenExample(media[i], r),
      ]);
    } else if (swagger && p.in === "formData") {
      if (form.length >= MAX_PARAMS) continue;
      const name = clip(scalarText(p.name) ?? "");
      form.push({
        name,
        type: typeSummary(p),
        required: p.required === true,
        description: text(p.description, MAX_CELL),
      });
      setOwn(formSchema.properties, name, formFieldSchema(p));
      if (p.required === true) formSchema.required.push(name);
    } else if (parameters.length < MAX_PARAMS) {
      parameters.push(paramDetail(p, fromPath, swagger, graph, r));
      if (!swagger) {
        mediaWarnings(
          p.content,
          r,
          `Parameter ${clip(scalarText(p.name) ?? "")}`,
          warnings,
        );
      }
    }
  }
  if (form.length) {
    // A file field can only travel as multipart (Swagger 2.0 "formData").
    const hasFile = Object.values(formSchema.properties).some((f) =>
      isObject(f) && f.type === "file"
    );
    // With a file, the multipart type `consumes` lists, wherever it is:
    // urlencoded listed first cannot carry the file.
    const mt = consumes.find((c) =>
      hasFile ? /multipart/i.test(c) : /multipart|urlencoded/i.test(c)
    ) ??
      (hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded");
    const b = body(mt, formSchema, req);
    b.type = "form";
    b.fields = form;
    requestBody = {
      description: [],
      required: form.some((f) =>
        f.required
      ),
      bodies: [b],
    };
    sent = [[mt, formSchema]];
  }
  const written = swagger ? undefined : r.deref(op.requestBody);
  // A request body that is no object is ignored, as the document's
  // checks say (`Expected an object for requestBody`); a $ref to nothing
  // still shows, with its warning.
  if (
    written && op.requestBody !== undefined &&
    (isObject(written.value) || written.error)
  ) {
    const d = written;
    if (d.error) warnings.push(`Request body: ${d.error}`);
    const rb = isObject(d.value) ? d.value : {};
    requestBody = {
      description: markdown(text(rb.description)),
      required: rb.required === true,
      bodies: contentBodies(rb.content, req),
    };
    mediaWarnings(rb.content, r, "Request body", warnings);
    sent = [];
    if (isObject(rb.content)) {
      for (const mt in rb.content) {
        const m = r.deref(rb.content[mt]).value;
        sent.push(
          !isObject(m)
            ? [mt, undefined]
            : m.schema === undefined && m.itemSchema !== undefined
            // OpenAPI 3.2: a sequence of items; the command sends one (a
            // multipart body, its written list's parts).
            ? [
              mt,
              m.itemSchema,
              undefined,
              firstWrittenExample(m, r),
              true,
              partsOf(m),
            ]
            : [
              mt,
              m.schema,
              m.encoding,
              firstWrittenExample(m, r),
              false,
              partsOf(m),
            ],
        );
        if (sent.length >= MAX_BODIES) break;
      }
    }
  }

  const responses: ResponseDetail[] = [];
  const produces = scalarList(
    Array.isArray(op.produces) ? op.produces : doc.produces,
    MAX_BODIES,
  );
  if (isObject(op.responses)) {
    for (const status in op.responses) {
      if (status.startsWith("x-")) continue;
      if (responses.length >= MAX_RESPONSES) break;
      const d = r.deref(op.responses[status]);
      if (d.error) warnings.push(`Response ${clip(status)}: ${d.error}`);
      const resp = isObject(d.value)
        ? asReferenced(op.responses[status], d.value)
        : {};
      const written = isObject(resp.examples) ? resp.examples : {};
      const cache = new Map<unknown, string>();
      const bodies = swagger
        ? resp.schema === undefined
          ? []
          : (produces.length ? produces : ["application/json"]).map(
            (t) =>
              body(
                t,
                resp.schema,
                res,
                Object.hasOwn(written, t) ? { example: written[t] } : {},
                cache,
              ),
          )
        : contentBodies(resp.content, res);
      if (!swagger) {
        mediaWarnings(resp.content, r, `Response ${clip(status)}`, warnings);
      }
      responses.push({
        status: clip(status),
        // 3.2's `summary`; before 3.2, Redoc's `x-summary` (its title
        // for the response) or the registry's `x-oai-summary`.
        summary: text(
          resp.summary ?? resp["x-summary"] ?? resp["x-oai-summary"],
          MAX_CELL,
        ),
        description: markdown(text(resp.description, MAX_CELL)),
        links: swagger ? [] : responseLinks(
          resp.links,
          r,
          (link) => linkNamesNothing(link, doc, r, detected.minor),
          (link) => {
            const id = scalarText(link.operationId);
            return id
              ? operationIds(doc, r, detected.minor).get(id) ?? null
              : null;
          },
        ),
        headers: responseHeaders(
          resp.headers,
          swagger,
          graph,
          r,
          `Response ${clip(status)}`,
          warnings,
        ),
        bodies,
      });
    }
  }

  const roots: number[] = [];
  for (const p of parameters) if (p.schema) roots.push(p.schema.node);
  for (const b of requestBody?.bodies ?? []) {
    if (b.schema) roots.push(b.schema.node);
  }
  for (const rsp of responses) {
    for (const b of rsp.bodies) if (b.schema) roots.push(b.schema.node);
    for (const h of rsp.headers) if (h.schema) roots.push(h.schema.node);
  }
  // Callbacks are OpenAPI 3's (Swagger 2.0 has none).
  const cbs = swagger
    ? { ops: [], cut: false }
    : callbackOps(op.callbacks, r, detected.minor);
  const {
    server,
    curl,
    note: curlNote,
    fetch,
    fetchNote,
    python,
    pythonNote,
    request: curlRequest,
  } = operationCurl({
    doc,
    item,
    op,
    swagger,
    styledMultipart: detected.minor >= 1,
    method: found.additional ? found.opKey : found.method.toUpperCase(),
    path,
    params: [...merged.values()].map((m) => m.p),
    sent,
    r,
    webhook: container === "webhooks",
    callback: callback?.expression,
  });

  return {
    method: callback ? callback.method : method,
    path: callback ? callback.expression : path,
    operationId: text(scalarText(op.operationId)),
    summary: text(op.summary),
    description: markdown(text(op.description) || text(item.description)),
    deprecated: op.deprecated === true,
    tags: scalarList(op.tags, MAX_PARAMS),
    parameters,
    requestBody,
    responses,
    security: securityOf(
      op.security ?? doc.security,
      schemeMap(doc, swagger, r),
      r,
    ),
    callbacks: isObject(op.callbacks)
      ? namesWithRest(op.callbacks, MAX_RESPONSES)
      : [],
    callbackOps: cbs.ops,
    callbackOpsCut: cbs.cut,
    docs: externalDocs(op.externalDocs),
    codeSamples: codeSamplesOf(op),
    badges: badgesOf(op),
    warnings: warnings.length > MAX_WARNINGS
      ? [
        ...warnings.slice(0, MAX_WARNINGS),
        `…and ${warnings.length - MAX_WARNINGS} more`,
      ]
      : warnings,
    server,
    curl,
    curlNote,
    fetch,
    fetchNote,
    python,
    pythonNote,
    curlRequest,
    nodes: graph.collect(roots, FIRST_NODE_DEPTH, FIRST_NODES),
  };
}

/**
 * The named schema `name` (3.x `components.schemas`, 2.0 `definitions`)
 * shown on its own, as a JSON body read by a client (its generated example
 * leaves `writeOnly` properties out, as a response's does); null when the
 * document has no schema of that name. `graph` as in
 * {@link operationDetail}: the same nodes the operations' trees use.
 */
export function schemaDetail(
  parsed: DetailSource,
  name: string,
  graph: SchemaGraph = new SchemaGraph(parsed.resolver),
): SchemaDetail | null {
  const map = namedSchemas(parsed.doc, parsed.detected);
  if (!map || !Object.hasOwn(map, name)) return null;
  const ctx: BodyContext = { r: parsed.resolver, graph, dir: "response" };
  // The tree's root is the component itself, named as a `$ref` to it is.
  const at = parsed.detected.family === "swagger"
    ? "#/definitions/"
    : "#/components/schemas/";
  // A JSON pointer in a URI fragment (RFC 6901 §6): `~` and `/` escaped,
  // then `%`, which the resolver decodes.
  const ref = {
    $ref: at +
      name.replaceAll("~", "~0").replaceAll("/", "~1").replaceAll("%", "%25"),
  };
  // Generated as JSON; shown without a media type: it is not a body.
  const shown = { ...body("application/json", ref, ctx, {}), mediaType: "" };
  return {
    name,
    body: shown,
    nodes: shown.schema
      ? graph.collect([shown.schema.node], FIRST_NODE_DEPTH, FIRST_NODES)
      : [],
  };
}

/**
 * Nodes {@link prepareDetails} visits at most: OpenAI's 1,422 named schemas
 * and their properties take about 8,000, Stripe's 2,500; a hostile document
 * naming millions stops here, its other nodes built when a detail needs
 * them.
 */
const MAX_PREPARED = 50_000;

/**
 * Builds the nodes of the document's named schemas (`components.schemas`,
 * Swagger 2.0 `definitions`) and of their properties, one node per step:
 * what operation details are mostly made of. A caller runs the steps while
 * it is idle (the worker, once the list is shown, checking the time between
 * steps), so opening an operation then mostly collects nodes already built:
 * OpenAI's largest detail took 47 ms cold and 6 ms after.
 */
export function* prepareDetails(
  parsed: ParsedSpec,
  graph: SchemaGraph,
  max = MAX_PREPARED,
): Generator<void, void> {
  const { doc } = parsed;
  const comps = doc.components;
  let left = max;
  for (
    const named of [isObject(comps) ? comps.schemas : null, doc.definitions]
  ) {
    if (!isObject(named)) continue;
    for (const name in named) {
      if (left-- <= 0) return;
      const root = graph.node(graph.edge(name, named[name]).node);
      yield;
      for (const e of root ? edgesOf(root) : []) {
        if (left-- <= 0) return;
        graph.node(e.node);
        yield;
      }
    }
  }
}

/** Code samples listed per operation, at most. */
const MAX_CODE_SAMPLES = 20;

/**
 * The operation's `x-codeSamples` (else `x-code-samples`, Redoc's older
 * name): each with a string `source`, labelled by its `label`, else its
 * `lang`, else its place. Shown as text, never run.
 */
function codeSamplesOf(op: Record<string, unknown>): CodeSample[] {
  const list = Array.isArray(op["x-codeSamples"])
    ? op["x-codeSamples"]
    : Array.isArray(op["x-code-samples"])
    ? op["x-code-samples"]
    : [];
  const out: CodeSample[] = [];
  for (const v of list.slice(0, MAX_CODE_SAMPLES)) {
    if (!isObject(v) || typeof v.source !== "string") continue;
    const lang = text(v.lang, 100);
    out.push({
      lang,
      label: text(v.label, 100) || lang || `Sample ${out.length + 1}`,
      source: text(v.source),
    });
  }
  return out;
}

/** Badges listed per operation, at most. */
const MAX_BADGES = 20;

/**
 * A color a badge may carry into the page's style: a hex, `rgb()`,
 * `rgba()`, `hsl()` or `hsla()` of numbers, or a keyword; nothing that
 * could name a resource (`url(`) or end the declaration.
 */
const BADGE_COLOR =
  /^(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([0-9.,%\s/deg+-]{1,60}\)|[a-z]{1,30})$/i;

/**
 * The operation's `x-badges` (Redoc's and Scalar's): each with a text
 * `name`, its color when usable, those written `position: before` first
 * (Redoc and Scalar place them before the title, the rest after it).
 */
function badgesOf(op: Record<string, unknown>): Badge[] {
  const list = Array.isArray(op["x-badges"]) ? op["x-badges"] : [];
  const before: Badge[] = [];
  const after: Badge[] = [];
  for (const v of list.slice(0, MAX_BADGES)) {
    if (!isObject(v)) continue;
    const name = text(v.name, 100).trim();
    if (!name) continue;
    const color = typeof v.color === "string" && BADGE_COLOR.test(v.color)
      ? v.color
      : "";
    (v.position === "before" ? before : after).push({ name, color });
  }
  return [...before, ...after];
}
