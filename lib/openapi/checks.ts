/**
 * Non-fatal checks that run beside indexing: each finds a mistake a user can
 * fix while the list keeps working. Undeclared path parameters (OpenAPI 3.1
 * §4.8.12.1: every template expression must have an `in: path` parameter),
 * `$ref`s that point nowhere, and schemas that are not schemas.
 */
import { bidiControls, visibleBidi } from "../shared/bidi.ts";
import { lineColumns } from "../shared/parse_error.ts";
import { clip, jsonPath } from "../shared/parse_error.ts";
import { describeValue, jsonStringEnd } from "../shared/parse_error.ts";
import { jsonDuplicateKeys, jsonValueOffset } from "./json_text.ts";
import { resolvePathItem } from "./operations.ts";
import { isObject, type RefResolver } from "./refs.ts";
import { schemeMap, schemeName } from "./security.ts";
import { swaggerLocation } from "./servers.ts";
import type { Endpoint, SpecIndex, SpecWarning } from "./types.ts";

const TEMPLATE = /\{([^{}/]+)\}/g;
const NONE: ReadonlySet<string> = new Set();

/**
 * Names of the `in: path` parameters of `list`, once per list and document:
 * through YAML aliases one long list can be shared by every operation.
 */
function pathParamNames(
  list: unknown,
  resolver: RefResolver,
): ReadonlySet<string> {
  if (!Array.isArray(list)) return NONE;
  return resolver.memo.get("path-params", list, (list) => {
    const names = new Set<string>();
    for (const p of list) {
      const v = resolver.deref(p).value;
      if (isObject(v) && v.in === "path" && typeof v.name === "string") {
        names.add(v.name);
      }
    }
    return names;
  });
}

interface QueryPlaces {
  query: ReadonlySet<unknown>;
  querystring: ReadonlySet<unknown>;
}

const NO_PLACES: QueryPlaces = { query: new Set(), querystring: new Set() };

/** The names of a parameter list's `in: query` and `in: querystring` ones. */
function queryPlaces(list: unknown, resolver: RefResolver): QueryPlaces {
  if (!Array.isArray(list)) return NO_PLACES;
  return resolver.memo.get("query-places", list, (list) => {
    const query = new Set<unknown>(), querystring = new Set<unknown>();
    for (const p of list) {
      const v = resolver.deref(p).value;
      if (!isObject(v)) continue;
      if (v.in === "query") query.add(v.name);
      else if (v.in === "querystring") querystring.add(v.name);
    }
    return { query, querystring };
  });
}

/**
 * Warns about an OpenAPI 3.2 `querystring` parameter where it cannot be:
 * in an older document, beside `query` parameters, or twice (OpenAPI 3.2
 * §4.8.12.1: it is the whole query string, and excludes both).
 */
function querystringWarnings(
  e: Endpoint,
  op: Record<string, unknown>,
  item: Record<string, unknown>,
  older: boolean,
  resolver: RefResolver,
  warnings: SpecWarning[],
): void {
  const a = queryPlaces(item.parameters, resolver);
  const b = queryPlaces(op.parameters, resolver);
  // The operation's win by name and place: one name is one parameter.
  const whole = new Set([...a.querystring, ...b.querystring]).size;
  if (!whole) return;
  const where = `${e.method.toUpperCase()} ${clip(e.path)}`;
  const message = older
    ? `${where}: a querystring parameter is an OpenAPI 3.2 location; this document declares an older version`
    : whole > 1
    ? `${where}: ${whole} querystring parameters; there can be one (it is the whole query string)`
    : a.query.size + b.query.size
    ? `${where}: a querystring parameter is the whole query string, so query parameters cannot be beside it`
    : "";
  if (message) {
    warnings.push({
      message,
      path: jsonPath([
        "paths",
        e.path,
        ...(e.additional ? ["additionalOperations"] : []),
        e.opKey,
      ]),
    });
  }
}

/** Warns about template expressions of `e.path` without an `in: path` parameter. */
function pathParamWarnings(
  e: Endpoint,
  op: Record<string, unknown>,
  item: Record<string, unknown>,
  resolver: RefResolver,
  warnings: SpecWarning[],
): void {
  const shared = pathParamNames(item.parameters, resolver);
  let own: ReadonlySet<string> | null = null;
  for (const m of e.path.matchAll(TEMPLATE)) {
    const name = m[1];
    if (shared.has(name)) continue;
    own ??= pathParamNames(op.parameters, resolver);
    if (own.has(name)) continue;
    warnings.push({
      message: `${e.method.toUpperCase()} ${clip(e.path)}: path parameter {${
        clip(name)
      }} is not declared (add a parameter with in: path)`,
      path: jsonPath([
        "paths",
        e.path,
        ...(e.additional ? ["additionalOperations"] : []),
        e.opKey,
      ]),
    });
  }
}

/**
 * Fields of a Path Item and of an Operation and the JSON type each must
 * have (OpenAPI 3.1 §4.8.9, §4.8.10; Swagger 2.0 alike): one of another
 * type is ignored by the detail, so it is said where it is written.
 */
const SHAPES: Record<ShapedKind, [string, Shape][]> = {
  item: [
    ["parameters", "array"],
    ["servers", "array"],
    ["summary", "string"],
    ["description", "string"],
  ],
  operation: [
    ["parameters", "array"],
    ["responses", "object"],
    ["requestBody", "object"],
    ["callbacks", "object"],
    ["security", "array"],
    ["servers", "array"],
    ["tags", "array"],
    ["summary", "string"],
    ["description", "string"],
    ["operationId", "string"],
    ["deprecated", "boolean"],
  ],
  // YAML 1.1's `yes`, `on` are strings to YAML 1.2 (which this reads, as
  // js-yaml does): `required: yes` would read as optional, unsaid.
  parameter: [
    ["required", "boolean"],
    ["deprecated", "boolean"],
    ["allowEmptyValue", "boolean"],
    ["explode", "boolean"],
    ["allowReserved", "boolean"],
  ],
  requestBody: [["required", "boolean"]],
};

/** What {@link SHAPES} checks the fields of. */
type ShapedKind = "item" | "operation" | "parameter" | "requestBody";

/** A JSON type a field must have. */
type Shape = "array" | "object" | "string" | "boolean";

const SHAPE_WORDS: Record<Shape, string> = {
  array: "an array",
  object: "an object",
  string: "a string",
  boolean: "true or false",
};

function hasShape(v: unknown, want: Shape): boolean {
  switch (want) {
    case "array":
      return Array.isArray(v);
    case "object":
      return isObject(v);
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
  }
}

/**
 * The flags of the parameters and request body written in `o` (a path item
 * or an operation; a `$ref`'s target is checked where it is written).
 */
function partWarnings(
  o: Record<string, unknown>,
  keys: (string | number)[],
  out: SpecWarning[],
): void {
  if (Array.isArray(o.parameters)) {
    o.parameters.slice(0, 1_000).forEach((p, i) => {
      if (isObject(p)) {
        shapeWarnings("parameter", p, [...keys, "parameters", i], out);
      }
    });
  }
  if (isObject(o.requestBody)) {
    shapeWarnings("requestBody", o.requestBody, [...keys, "requestBody"], out);
  }
}

function shapeWarnings(
  kind: ShapedKind,
  o: Record<string, unknown>,
  keys: (string | number)[],
  out: SpecWarning[],
): void {
  for (const [field, want] of SHAPES[kind]) {
    const v = o[field];
    if (v === undefined || v === null) continue;
    if (hasShape(v, want)) continue;
    out.push({
      message: `Expected ${SHAPE_WORDS[want]} for ${field}, found ${
        describeValue(v)
      }: ignored`,
      path: jsonPath([...keys, field]),
    });
  }
}

/** Requirement keys checked per `security` list, at most. */
const MAX_REQUIREMENT_KEYS = 1_000;

/**
 * Warns about each key of a `security` list (`at` its holder's keys) that
 * names no declared scheme, by name or by URI (OpenAPI 3.2 §4.8.30: each
 * "MUST correspond to a security scheme which is declared"): the detail
 * shows it as written and Copy as cURL sends no credential for it.
 */
function securityWarnings(
  security: unknown,
  schemes: Record<string, unknown> | null,
  resolver: RefResolver,
  at: (string | number)[],
  out: SpecWarning[],
): void {
  if (!Array.isArray(security)) return;
  let left = MAX_REQUIREMENT_KEYS;
  security.slice(0, MAX_REQUIREMENT_KEYS).forEach((req, i) => {
    if (!isObject(req)) return;
    for (const key in req) {
      if (--left < 0) return;
      if (schemeName(key, schemes, resolver) !== null) continue;
      out.push({
        message: `Security requirement "${
          clip(key)
        }" names no declared security scheme: no credential is sent for it`,
        path: jsonPath([...at, "security", i, key]),
      });
    }
  });
}

/**
 * Swagger 2.0's `host` and `basePath` where they are read otherwise than
 * written (see {@link swaggerLocation}): said where they are written.
 */
export function locationWarnings(doc: Record<string, unknown>): SpecWarning[] {
  return swaggerLocation(doc).fixed.map(({ field, read }) => ({
    message: field === "host"
      ? `Expected a host name and port only (no scheme, no path) for host, found ${
        describeValue(doc.host)
      }: read as ${JSON.stringify(read)}`
      : `Expected a path starting with "/" for basePath, found ${
        describeValue(doc.basePath)
      }: read as ${JSON.stringify(read)}`,
    path: jsonPath([field]),
  }));
}

/**
 * Per-operation checks over the finished index: operationIds must be unique
 * (OpenAPI 3.1 §4.8.10.1) and path templates declared. Operations are looked
 * up again by their keys, since the index holds plain data only.
 */
export function operationWarnings(
  doc: Record<string, unknown>,
  resolver: RefResolver,
  index: SpecIndex,
): SpecWarning[] {
  const out: SpecWarning[] = [];
  const ids = new Map<string, { e: Endpoint; op: object }>();
  const items = new Map<string, Record<string, unknown> | null>();
  // Items and operations checked, once each (YAML aliases share them).
  const shaped = new Set<object>();
  // `querystring` came with 3.2; Swagger 2.0 has no such place either.
  const older = index.family === "swagger" ||
    /^3\.[01](\.|$)/.test(index.specVersion);
  const schemes = schemeMap(doc, index.family === "swagger", resolver);
  securityWarnings(doc.security, schemes, resolver, [], out);
  for (const container of ["paths", "webhooks"] as const) {
    const map = doc[container];
    if (!isObject(map)) continue;
    const list = container === "paths" ? index.endpoints : index.webhooks;
    for (const e of list) {
      const k = `${container}\n${e.path}`;
      let item = items.get(k);
      if (item === undefined) {
        item = resolvePathItem(map[e.path], [container, e.path], resolver, []);
        items.set(k, item);
        // Shown, not obeyed, in the list; said once per path.
        const controls = bidiControls(e.path);
        if (controls.length) {
          out.push({
            message: `The path ${
              clip(visibleBidi(e.path))
            } holds bidirectional controls (${
              controls.join(", ")
            }), which would display it in another order than it is sent: the list shows them`,
            path: jsonPath([container, e.path]),
          });
        }
      }
      const holder = e.additional ? item?.additionalOperations : item;
      const op = isObject(holder) ? holder[e.opKey] : undefined;
      if (!item || !isObject(op)) continue;
      if (!shaped.has(item)) {
        shaped.add(item);
        shapeWarnings("item", item, [container, e.path], out);
        partWarnings(item, [container, e.path], out);
      }
      if (!shaped.has(op)) {
        shaped.add(op);
        const at = [
          container,
          e.path,
          ...(e.additional ? ["additionalOperations"] : []),
          e.opKey,
        ];
        shapeWarnings("operation", op, at, out);
        partWarnings(op, at, out);
        securityWarnings(op.security, schemes, resolver, at, out);
      }
      const prev = e.operationId ? ids.get(e.operationId) : undefined;
      if (e.operationId && !prev) ids.set(e.operationId, { e, op });
      // One operation reached twice through a shared $ref is not a clash.
      if (prev && prev.op !== op) {
        out.push({
          message: `operationId "${
            clip(e.operationId)
          }" is used by ${prev.e.method.toUpperCase()} ${
            clip(prev.e.path)
          } and ${e.method.toUpperCase()} ${clip(e.path)}; it must be unique`,
          path: jsonPath([
            container,
            e.path,
            ...(e.additional ? ["additionalOperations"] : []),
            e.opKey,
          ]),
        });
      }
      if (container === "paths" && e.path.includes("{")) {
        pathParamWarnings(e, op, item, resolver, out);
      }
      if (container === "paths") {
        querystringWarnings(e, op, item, older, resolver, out);
      }
    }
  }
  // Shared ones, where they are written (2.0 keeps them at the top).
  const shared = index.family === "swagger" ? doc : doc.components;
  for (
    const [field, kind] of [
      ["parameters", "parameter"],
      ["requestBodies", "requestBody"],
    ] as const
  ) {
    const map = isObject(shared) ? shared[field] : undefined;
    if (!isObject(map)) continue;
    const at = index.family === "swagger" ? [field] : ["components", field];
    for (const name of Object.keys(map).slice(0, 10_000)) {
      const p = map[name];
      if (isObject(p)) shapeWarnings(kind, p, [...at, name], out);
    }
  }
  return out;
}

/** Deeper than any real spec; ends the walk of a cyclic graph read unshared. */
const MAX_DEPTH = 10_000;

/** A node to visit, and how it was reached (for the JSON path of a bad `$ref`). */
interface Visit {
  v: object;
  key: string | number;
  up: Visit | null;
  depth: number;
  /**
   * Whether its keys are names (a `properties` or `responses` map): its
   * key names such a map, unless its parent is one, where the key names
   * an entry (a property called `properties`, an example called `headers`).
   */
  names?: boolean;
}

/** A local `$ref` that points nowhere: the first place it is written. */
export interface MissingRef {
  readonly ref: string;
  /** Keys from the root to the object holding the `$ref`. */
  readonly keys: readonly (string | number)[];
  /** How many places write it. */
  readonly uses: number;
}

/** The `$ref`s of a document that lead nowhere or out of it. */
export interface RefProblems {
  /** Local references to nothing, in document order. */
  readonly missing: MissingRef[];
  /** References to other files, counted; the first, where it is written. */
  readonly external: number;
  readonly firstExternal: { ref: string; keys: (string | number)[] } | null;
}

/**
 * Every local `$ref` that points nowhere (once, with the first place it is
 * used and how often) and the references to other files, which the viewer
 * cannot follow. `shared` must be true when nodes may be reached twice
 * (YAML aliases), so each is walked once. A loop over an explicit stack, in
 * document order: YAML aliases can stack nodes 100,000 levels deep, which
 * recursion would not survive in a browser worker.
 */
export function findRefProblems(
  root: unknown,
  resolver: RefResolver,
  shared: boolean,
): RefProblems {
  const bad = new Map<string, { keys: (string | number)[]; uses: number }>();
  let external = 0;
  let firstExternal: RefProblems["firstExternal"] = null;
  const seen = shared ? new Set<object>() : null;
  const stack: Visit[] = [];
  const push = (x: unknown, key: string | number, up: Visit) => {
    if (typeof x === "object" && x !== null && up.depth < MAX_DEPTH) {
      // A map's entries are named things (a schema, an example, a
      // parameter), never maps themselves, whatever their name.
      const names = NAME_MAPS.has(String(key)) && !up.names;
      stack.push({ v: x, key, up, depth: up.depth + 1, names });
    }
  };
  if (typeof root === "object" && root !== null) {
    stack.push({ v: root, key: "", up: null, depth: 0 });
  }
  while (stack.length) {
    const at = stack.pop()!;
    const v = at.v;
    if (seen) {
      if (seen.has(v)) continue;
      seen.add(v);
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) push(v[i], i, at);
      continue;
    }
    const o = v as Record<string, unknown>;
    const r = typeof o.$ref === "string" ? resolver.localIn(o, o.$ref) : o.$ref;
    if (typeof r === "string") {
      if (r[0] !== "#") {
        if (!external++) firstExternal = { ref: r, keys: keysOf(at) };
      } else if (resolver.pointer(r) === undefined) {
        const b = bad.get(r);
        if (b) b.uses++;
        else bad.set(r, { keys: keysOf(at), uses: 1 });
      }
    }
    const keys = Object.keys(o);
    for (let i = keys.length - 1; i >= 0; i--) {
      if (!isData(keys[i], at)) push(o[keys[i]], keys[i], at);
    }
  }
  return {
    missing: [...bad].map(([ref, b]) => ({ ref, ...b })),
    external,
    firstExternal,
  };
}

/** Maps whose values are schemas: a key there names a schema, not a map. */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "schemas",
  "definitions",
  "$defs",
  "dependentSchemas",
]);

/**
 * Maps whose keys are names (a property called `example` is a schema, a
 * response called `default` a response).
 */
const NAME_MAPS = new Set([
  ...SCHEMA_MAPS,
  "responses",
  "parameters",
  "examples",
  "headers",
  "requestBodies",
  "securitySchemes",
  "securityDefinitions",
  "links",
  "callbacks",
  "pathItems",
  "paths",
  "webhooks",
  "content",
  "encoding",
  "variables",
  "mapping",
  // 3.2: components.mediaTypes names Media Type Objects.
  "mediaTypes",
]);

/**
 * Whether member `key` of the object at `at` holds data, not a document
 * (`example`, `default`, `const`, `enum`, an Example Object's `value` or
 * `dataValue`):
 * an object with a `$ref` there is a value a client sends or reads,
 * which no reader resolves (OpenAPI 3.1 §4.8.19).
 */
function isData(key: string, at: Visit): boolean {
  if (at.names) return false; // `default` in a map of names is a name
  // An Example Object's `value`, and 3.2's `dataValue` (the same data).
  if (key === "value" || key === "dataValue") {
    return at.up?.names === true && at.up.key === "examples";
  }
  return key === "example" || key === "default" || key === "const" ||
    key === "enum";
}

/** The keys from the root to `at`. */
function keysOf(at: Visit): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let x: Visit | null = at; x?.up; x = x.up) keys.push(x.key);
  return keys.reverse();
}

/**
 * Warns once per distinct local `$ref` that points nowhere (with the first
 * place it is used and how often), and once in all for references to other
 * files (see {@link findRefProblems}).
 */
export function refWarnings(
  root: unknown,
  resolver: RefResolver,
  shared: boolean,
): SpecWarning[] {
  const found = findRefProblems(root, resolver, shared);
  const out: SpecWarning[] = found.missing.map((m) => ({
    message: badRef(m.ref, m.uses),
    path: jsonPath([...m.keys, "$ref"]),
  }));
  if (found.firstExternal) {
    out.push({
      message: externalRefs(found.external, found.firstExternal.ref),
    });
  }
  return out;
}

/** The start of a `"$ref": "..."` pair; the string is scanned by a loop (a
 * regular expression over it would overflow V8's backtracking stack on a
 * 50 MB reference). */
const JSON_REF = /"\$ref"\s*:\s*"/g;

/**
 * A `\u` escape of one of `$ref`'s letters: such a key is `"$ref"` to
 * `JSON.parse` (RFC 8259 §7) but not to {@link JSON_REF}, so the walk of
 * the document finds the references instead.
 */
const ESCAPED_REF_LETTER = /\\u00(?:24|72|65|66)/i;

/**
 * Where the key of the member whose value starts at `value` starts (the
 * text scan's place for a `"$ref"`), or -1.
 */
function keyBefore(text: string, value: number): number {
  if (value < 0) return -1;
  const ws = (i: number) => {
    while (i >= 0 && " \t\r\n".includes(text[i])) i--;
    return i;
  };
  let i = ws(value - 1);
  if (text[i] !== ":") return -1;
  i = ws(i - 1);
  if (text[i] !== '"') return -1;
  // The key's opening quote: the last one before its end not escaped.
  for (let j = i - 1; j >= 0; j--) {
    if (text[j] !== '"') continue;
    let slashes = 0;
    while (text[j - 1 - slashes] === "\\") slashes++;
    if (slashes % 2 === 0) return j;
  }
  return -1;
}

/**
 * Characters of text walked, at most, to locate broken references at
 * their use (see jsonRefWarnings): a few of Stripe's 3 MB.
 */
const LOCATE_BUDGET = 12_000_000;

/** Duplicate JSON keys reported at most; a key's first ones say enough. */
const MAX_DUPLICATES = 20;

/**
 * Warns about keys written twice in one JSON object, where they are: the
 * YAML reader warns about its duplicates (load.ts), `JSON.parse` keeps the
 * last value without a word, so a spec can lose an operation unseen.
 */
export function jsonDuplicateWarnings(text: string): SpecWarning[] {
  const at = jsonDuplicateKeys(text, MAX_DUPLICATES);
  const where = lineColumns(text, at);
  return at.map((offset, i) => ({
    message: `Duplicate key ${
      clip(text.slice(offset, jsonStringEnd(text, offset)))
    }: the last value is used`,
    ...where[i],
  }));
}

/**
 * {@link refWarnings} for JSON text, without walking the object graph: a
 * regular expression finds every `"$ref": "..."` pair (five times faster on
 * a 10 MB spec), and bad references are located by line and column.
 */
export function jsonRefWarnings(
  text: string,
  resolver: RefResolver,
  doc?: unknown,
): SpecWarning[] {
  const seen = new Map<string, { at: number; uses: number }>();
  JSON_REF.lastIndex = 0;
  for (let m = JSON_REF.exec(text); m; m = JSON_REF.exec(text)) {
    const end = jsonStringEnd(text, JSON_REF.lastIndex - 1);
    if (end < 0) break;
    const raw = text.slice(JSON_REF.lastIndex, end - 1);
    JSON_REF.lastIndex = end;
    const s = seen.get(raw);
    if (s) s.uses++;
    else seen.set(raw, { at: m.index, uses: 1 });
  }
  // Each broken reference at its place in the text (-1: not found there,
  // `path` names it instead).
  const bad: { ref: string; at: number; uses: number; path?: string }[] = [];
  const escaped = ESCAPED_REF_LETTER.test(text);
  let external = 0;
  let firstExternal = "";
  for (const [raw, s] of seen) {
    const ref = resolver.local(
      raw.includes("\\") ? JSON.parse(`"${raw}"`) as string : raw,
    );
    if (ref[0] !== "#") {
      if (!external) firstExternal = ref;
      external += s.uses;
    } else if (resolver.pointer(ref) === undefined) bad.push({ ref, ...s });
  }
  // The text finds every `"$ref"`, data included (an example holding one);
  // when it finds any to warn of, or a key it cannot read, the walk of the
  // document (given) says which are references, as it does for YAML: the
  // rare case pays for it.
  if (doc !== undefined && (bad.length || external || escaped)) {
    const found = findRefProblems(doc, resolver, false);
    const real = new Map(found.missing.map((m) => [m.ref, m]));
    // Those only the walk saw (a key written with escapes) are placed by it.
    const listed = new Set(bad.map((b) => b.ref));
    for (const m of found.missing) {
      if (!listed.has(m.ref)) bad.push({ ref: m.ref, at: -1, uses: m.uses });
    }
    // Each place found costs a walk of the text up to it: a budget of a
    // few texts' lengths, not a count, bounds them (50 at the end of an
    // 11 MB spec took 2.5 s).
    let budget = LOCATE_BUDGET;
    for (let i = bad.length - 1; i >= 0; i--) {
      if (!real.has(bad[i].ref)) bad.splice(i, 1);
    }
    for (const b of bad) {
      const m = real.get(b.ref)!;
      b.uses = m.uses;
      b.path = jsonPath([...m.keys, "$ref"]);
      // Located at its first use as a reference (the text's first sight
      // may be example data, or a key JSON.parse dropped), while the
      // budget lasts.
      if (budget > 0) {
        const value = jsonValueOffset(text, [...m.keys, "$ref"]);
        budget -= value < 0 ? text.length : value;
        const at = keyBefore(text, value);
        if (at >= 0) b.at = at;
      }
    }
    external = found.external;
    firstExternal = found.firstExternal?.ref ?? "";
  }
  const out: SpecWarning[] = [];
  const placed = bad.filter((b) => b.at >= 0);
  const where = lineColumns(text, placed.map((b) => b.at));
  let n = 0;
  for (const b of bad) {
    out.push({
      message: badRef(b.ref, b.uses),
      ...(b.at >= 0 ? where[n++] : b.path ? { path: b.path } : {}),
    });
  }
  if (external) out.push({ message: externalRefs(external, firstExternal) });
  return out;
}

function badRef(ref: string, uses: number): string {
  return `$ref "${clip(ref)}" points to nothing in this document${
    uses > 1 ? ` (used ${uses} times)` : ""
  }`;
}

function externalRefs(n: number, first: string): string {
  return `${n} $ref${n > 1 ? "s" : ""} point${
    n > 1 ? "" : "s"
  } to other files (first: "${clip(first)}"), which the viewer does not load`;
}

/**
 * Warns about entries of `components.schemas` (`definitions` in 2.0) that
 * cannot be schemas: OpenAPI 3.1+ allows objects and booleans, earlier
 * versions objects only.
 */
export function schemaWarnings(
  doc: Record<string, unknown>,
  minor: number,
): SpecWarning[] {
  const out: SpecWarning[] = [];
  const where = minor < 0 ? ["definitions"] : ["components", "schemas"];
  const parent = minor < 0 ? doc : doc.components;
  const schemas = isObject(parent)
    ? parent[where[where.length - 1]]
    : undefined;
  if (!isObject(schemas)) return out;
  for (const name in schemas) {
    const s = schemas[name];
    if (isObject(s) || (minor >= 1 && typeof s === "boolean")) continue;
    out.push({
      message: `Schema "${clip(name)}" is ${
        describeValue(s)
      }, not a schema object`,
      path: jsonPath([...where, name]),
    });
  }
  return out;
}
