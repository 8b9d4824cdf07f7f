/**
 * One side of a comparison: the parsed document read as operations a
 * client calls, the same way for Swagger 2.0 and OpenAPI 3.x, so the two
 * compare operation by operation. Swagger 2.0 `body` and `formData`
 * parameters become a request body, `consumes` and `produces` its media
 * types; a 2.0 parameter or header is its own schema. Every piece keeps the
 * JSON pointer (RFC 6901) of where it is written.
 */
import type { ParsedSpec } from "../mod.ts";
import {
  compareEndpoints,
  exactMethod,
  isIgnoredHeader,
  operationsOf,
  resolvePathItem,
} from "../operations.ts";
import { serversOf } from "../overview.ts";
import {
  childPointer,
  isObject,
  refOf,
  refPointer,
  type RefResolver,
} from "../refs.ts";
import { mergeParts } from "../merge.ts";
import { schemeMap, schemeName } from "../security.ts";
import { scalarList, scalarText } from "../safe.ts";
import { setOwn, str } from "../../shared/value.ts";
import type { SideInfo } from "./types.ts";
import { codeSpan } from "./code_span.ts";

/** A schema as written (possibly a `$ref`) and where it is written. */
export interface SchemaAt {
  /** The schema as written; a 2.0 parameter or form stands for its own schema. */
  raw: unknown;
  /** JSON pointer (RFC 6901) of where it is written. */
  pointer: string;
}

/** A parameter: path, query, header or cookie. */
export interface ParamModel {
  /** Where it goes (`path`, `query`, `header`, `cookie`), as written. */
  in: string;
  /** Its `name` as written. */
  name: string;
  /** True when it says `required: true`, and always for a path parameter. */
  required: boolean;
  /** True only when it says `deprecated: true`. */
  deprecated: boolean;
  /** `x-sunset` as written (when it may be removed), "" when absent. */
  sunset: string;
  /** True only when it says `allowEmptyValue: true` (`?q=` is taken). */
  allowEmptyValue: boolean;
  /** True only when it says `allowReserved: true` (`/?#` sent unencoded). */
  allowReserved: boolean;
  /** Its `description`, "" when none. */
  description: string;
  /** Its schema (3.x `schema`, or that of its one `content` type); null when none. */
  schema: SchemaAt | null;
  /** JSON pointer of the parameter (its `$ref` target when referenced). */
  pointer: string;
  /** `example` or `examples` as written. */
  example: unknown;
  /**
   * How its value goes on the wire, as far as it differs for its type:
   * `form, exploded`, `simple`, `matrix`, `pipeDelimited`, or its
   * `content` type (`media type application/json`; see {@link serialization}).
   */
  wire: string;
  /**
   * A Swagger 2.0 array's `collectionFormat` as its reader knows it
   * (`csv` when not written), then its items' for arrays inside it (see
   * {@link innerFormats}); null otherwise. Sentences name them, where
   * `wire` speaks OpenAPI 3's styles.
   */
  collectionFormat: string[] | null;
}

/** One media type of a body. */
export interface MediaModel {
  /** As written (`application/json; charset=utf-8`). */
  type: string;
  /** The schema of a body of this type, null when none is given. */
  schema: SchemaAt | null;
  /** JSON pointer of the Media Type Object (2.0: of the body parameter or response). */
  pointer: string;
  /** The media type's `example` or `examples` as written. */
  example: unknown;
  /**
   * Swagger 2.0: JSON pointer of the `consumes` or `produces` entry that
   * names it; null when none does (JSON by default) and in OpenAPI 3.
   */
  listed: string | null;
  /**
   * Its `encoding` (OpenAPI 3.x §4.8.15: how each property of a form is
   * written), resolved; null when none is given. Read per property by
   * {@link encodingWire}.
   */
  encoding: Record<string, unknown> | null;
  /**
   * The key of the media type whose 3.2 `itemSchema` this is (its items,
   * compared as a media type of its own); absent for a media type.
   */
  itemsOf?: string;
}

/** A request body. */
export interface BodyModel {
  /** True when it says `required: true` (a 2.0 form: when any field is required). */
  required: boolean;
  /** Its `description`, "" when none. */
  description: string;
  /** JSON pointer of the request body (2.0: of its `body` parameter, or first form field). */
  pointer: string;
  /** By media type without parameters, lower-cased. */
  content: Map<string, MediaModel>;
  /**
   * True for a Swagger 2.0 form (`formData` parameters): its `required` is
   * read off its fields, whose own changes say it.
   */
  form: boolean;
}

/** A response header. */
export interface HeaderModel {
  /** The header's name as written. */
  name: string;
  /** True only when it says `required: true`. */
  required: boolean;
  /** Its `description`, "" when none. */
  description: string;
  /** Its schema (2.0: the header itself), null when none. */
  schema: SchemaAt | null;
  /** JSON pointer of the Header Object. */
  pointer: string;
}

/** A response, by status. */
export interface ResponseModel {
  /** The key under `responses` as written: `200`, `4XX`, `default`. */
  status: string;
  /** Its `description`, "" when none. */
  description: string;
  /** Its 3.2 `summary`, "" when none. */
  summary: string;
  /** JSON pointer of the Response Object. */
  pointer: string;
  /** By lower-cased name (RFC 9110 §5.1: field names are case-insensitive). */
  headers: Map<string, HeaderModel>;
  /** Its body by media type without parameters, lower-cased; empty when it has none. */
  content: Map<string, MediaModel>;
  /** Its `links` (OpenAPI 3.x) by name: the JSON pointer of each. */
  links: Map<string, string>;
}

/** One security requirement: scheme name → scopes. */
export type Requirement = Map<string, string[]>;

/** One operation. */
export interface OpModel {
  /** Lower-case method (an additional operation's key lower-cased). */
  method: string;
  /**
   * The method it is matched by: a fixed field's name, an
   * `additionalOperations` key as written (`COPY` and `copy` are two
   * methods, RFC 9110 §9.1).
   */
  exact: string;
  /** The path template as written. */
  path: string;
  /** `METHOD /path`, as changes list operations. */
  label: string;
  /** A callback's operation: the key (`operationKey`) of the one it belongs to. */
  parent?: string;
  /** JSON pointer of the Operation Object. */
  pointer: string;
  /** Its `summary`, "" when none. */
  summary: string;
  /** Its `description`, "" when none. */
  description: string;
  /** Its `operationId` as written, "" when none. */
  operationId: string;
  /** Its `tags` (at most 100). */
  tags: string[];
  /** True only when it says `deprecated: true`. */
  deprecated: boolean;
  /** `x-sunset` as written, "" when absent. */
  sunset: string;
  /** `x-stability-level` as written (`draft`, `alpha`, `beta`, `stable`), "" when absent. */
  stability: string;
  /** Path parameter names in template order. */
  pathParams: string[];
  /** By {@link paramKey}. */
  params: Map<string, ParamModel>;
  /** What a client sends as the request body (2.0: `body` or `formData`), null when none. */
  body: BodyModel | null;
  /** By status as written, `x-` keys left out. */
  responses: Map<string, ResponseModel>;
  /** The requirements in force (the operation's, else the document's); null when none are declared. */
  security: Requirement[] | null;
  /** JSON pointer of the `security` in force, "" when none is declared. */
  securityPointer: string;
  /**
   * The servers of its own or its path item's `servers` (OpenAPI 3.x), by
   * URL; null when it uses the document's.
   */
  servers: string[] | null;
  /** Where it is served: its own servers, else the document's. */
  servedAt: string[];
}

/** One side, ready to compare. */
export interface SpecModel {
  /** The document as the viewer's parser read it. */
  parsed: ParsedSpec;
  /** Its title, version and format. */
  info: SideInfo;
  /** True for Swagger 2.0, false for OpenAPI 3.x. */
  swagger: boolean;
  /** By {@link operationKey}, in list order. */
  ops: Map<string, OpModel>;
  /** Webhooks by `method name`. */
  webhooks: Map<string, OpModel>;
  /**
   * Callbacks (OpenAPI 3.x): requests the API sends to the client, by their
   * operation's key, name, method and expression.
   */
  callbacks: Map<string, OpModel>;
  /**
   * Server URLs (3.x `servers`, or 2.0 scheme + host + basePath); `/`
   * when none is given.
   */
  servers: string[];
  /**
   * Pointers of objects built here that are not in the document (a 2.0
   * form's schema): each stands for the parameter it was made from.
   */
  pointers: WeakMap<object, string>;
  /** `info.description`, "" when none. */
  description: string;
  /** The document's `security`, null when it declares none. */
  security: Requirement[] | null;
  /**
   * The document's server variables (OpenAPI 3.x), by server URL template
   * and variable name: each one's default and allowed values.
   */
  serverVars: Map<string, Map<string, ServerVar>>;
  /**
   * Security schemes by name: how a client sends its credential, and where
   * the scheme is written.
   */
  schemes: Map<string, SchemeModel>;
}

/**
 * The URLs of an operation's or path item's own `servers`, null when it
 * has none (it is served where the document says).
 */
function ownServers(servers: unknown): string[] | null {
  if (!Array.isArray(servers) || !servers.length) return null;
  return servers.slice(0, 100).map((s) => isObject(s) ? str(s.url) : "")
    .filter(Boolean);
}

/**
 * A document's servers as a client reaches them: none listed is one, `/`
 * (OpenAPI 3.1 §4.8.1, `servers`: "not provided, or an empty array"; a
 * Swagger 2.0 document without host or basePath is served where it is).
 */
function servedAt(servers: string[]): string[] {
  return servers.length ? servers : ["/"];
}

/** An absolute URL's scheme and authority, then the rest. */
const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is;
/** Ports a scheme has by default (RFC 9110 §4.2.1, §4.2.2). */
const DEFAULT_PORTS: Record<string, string> = {
  "http://": ":80",
  "https://": ":443",
};

/**
 * A server URL as compared: without a trailing `/` (`https://x/` is
 * `https://x`, as an empty path is `/`, RFC 3986 §6.2.3; a path is appended
 * to it, OpenAPI 3.1 §4.8.9.1, so `/v1/` and `/v1` serve one `/v1/pets`);
 * its scheme and host in lower case (RFC 3986 §6.2.2.1: `HTTPS://X.IO` is
 * `https://x.io`; a `{variable}`'s name is kept as written) and without
 * the scheme's default port (§6.2.3). The relative `/` stays itself.
 */
export function serverUrlKey(url: string): string {
  const m = ORIGIN.exec(url);
  if (m) {
    const scheme = m[1].toLowerCase();
    // The userinfo (to the last `@`) is case-sensitive; the host is not.
    const at = m[2].lastIndexOf("@") + 1;
    let host = m[2].slice(at).replace(
      /([^{]*)(\{[^}]*\}|$)/g,
      (_, plain: string, variable: string) => plain.toLowerCase() + variable,
    );
    // An empty port is the default one (RFC 3986 §3.2.3, §6.2.3).
    if (host.endsWith(":")) host = host.slice(0, -1);
    const port = DEFAULT_PORTS[scheme];
    if (port && host.endsWith(port)) host = host.slice(0, -port.length);
    url = scheme + m[2].slice(0, at) + host + m[3];
  }
  return url.length > 1 && url.endsWith("/") ? url.slice(0, -1) : url;
}

/** A server variable (OpenAPI 3.1 §4.8.6): its default and enum. */
export interface ServerVar {
  /** Its `default` as text, "" when none. */
  default: string;
  /** Allowed values; null when any is. */
  enum: string[] | null;
  /** JSON pointer of the variable (`/servers/0/variables/region`). */
  pointer: string;
}

/** The variables of a `servers` list, by URL template and name. */
export function serverVarsOf(
  servers: unknown,
): Map<string, Map<string, ServerVar>> {
  const out = new Map<string, Map<string, ServerVar>>();
  if (!Array.isArray(servers)) return out;
  servers.slice(0, 100).forEach((s, i) => {
    if (!isObject(s) || typeof s.url !== "string" || !isObject(s.variables)) {
      return;
    }
    if (out.has(s.url)) return; // a URL listed again: its first listing
    const vars = new Map<string, ServerVar>();
    const at = childPointer(`/servers/${i}`, "variables");
    for (const name in s.variables) {
      const v = s.variables[name];
      if (!isObject(v)) continue;
      vars.set(name, {
        default: scalarText(v.default) ?? "",
        enum: Array.isArray(v.enum) ? scalarList(v.enum, 1000) : null,
        pointer: childPointer(at, name),
      });
    }
    out.set(s.url, vars);
  });
  return out;
}

/** A security scheme as compared. */
export interface SchemeModel {
  /** How a client sends its credential (see {@link schemeWire}), compared. */
  wire: string;
  /** The same as the document writes it (a header name in its own case), for sentences. */
  shown: string;
  /** OAuth 2's flows by their 3.x name, each with its URLs. */
  flows: Map<string, string> | null;
  /**
   * OAuth 2's flows by their 3.x name, each with the JSON pointer of its
   * `scopes` and their names (2.0's one flow: the scheme's own `scopes`).
   */
  scopes: Map<string, { pointer: string; names: string[] }> | null;
  /** JSON pointer of the scheme under `components/securitySchemes` (2.0: `securityDefinitions`). */
  pointer: string;
  /** 3.2's `deprecated: true`: clients are asked to stop using it. */
  deprecated: boolean;
}

/** Swagger 2.0's OAuth flow names, as OpenAPI 3 names them (3.0 §4.7.29). */
const FLOW_NAMES: Record<string, string> = {
  implicit: "implicit",
  password: "password",
  application: "clientCredentials",
  accessCode: "authorizationCode",
};

/** The URLs of an OAuth flow, as one text. */
function flowUrls(f: Record<string, unknown>): string {
  // 3.2's device flow sends its client to `deviceAuthorizationUrl` first.
  return [
    "authorizationUrl",
    "deviceAuthorizationUrl",
    "tokenUrl",
    "refreshUrl",
  ]
    .filter((k) => str(f[k])).map((k) => `${k} ${codeSpan(str(f[k]))}`)
    .join(", ");
}

/**
 * A word the specification fixes (`header`, `bearer`, a flow's name) as it
 * reads; anything else the document wrote, as code (see code_span.ts).
 */
function plainOr(word: string, known: RegExp): string {
  return known.test(word) ? word : codeSpan(word);
}

/** An OAuth 2 scheme's flows by their 3.x names (2.0's one flow too). */
function flowsOf(s: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  if (isObject(s.flows)) {
    for (const k of Object.keys(s.flows).sort()) {
      const f = s.flows[k];
      out.set(k, isObject(f) ? flowUrls(f) : "");
    }
  } else {
    const flow = str(s.flow);
    const name = Object.hasOwn(FLOW_NAMES, flow) ? FLOW_NAMES[flow] : flow;
    out.set(name, flowUrls(s));
  }
  return out;
}

/** An OAuth 2 scheme's scopes by flow (see {@link SchemeModel.scopes}). */
function scopesOf(
  s: Record<string, unknown>,
  pointer: string,
): Map<string, { pointer: string; names: string[] }> {
  const out = new Map<string, { pointer: string; names: string[] }>();
  const names = (x: unknown) => isObject(x) ? Object.keys(x) : [];
  if (isObject(s.flows)) {
    const at = childPointer(pointer, "flows");
    for (const k in s.flows) {
      const f = s.flows[k];
      out.set(k, {
        pointer: childPointer(childPointer(at, k), "scopes"),
        names: names(isObject(f) ? f.scopes : undefined),
      });
    }
  } else {
    const flow = str(s.flow);
    out.set(Object.hasOwn(FLOW_NAMES, flow) ? FLOW_NAMES[flow] : flow, {
      pointer: childPointer(pointer, "scopes"),
      names: names(s.scopes),
    });
  }
  return out;
}

/**
 * How a client sends the credential of a security scheme (OpenAPI 3.1
 * §4.8.27, Swagger 2.0 securityDefinitions): an API key's place and name,
 * the HTTP scheme, OAuth 2's flows and their URLs, OpenID Connect's URL.
 * Scopes and words are left out: requirements and docs say those.
 */
export function schemeWire(
  s: Record<string, unknown>,
  asWritten = false,
): string {
  const type = str(s.type);
  if (type === "apiKey") {
    // Header names are case-insensitive (RFC 9110 §5.1): compared in lower
    // case, shown as written.
    const name = str(s.name);
    return `API key in ${plainOr(str(s.in), /^(?:query|header|cookie)$/)} ${
      codeSpan(
        s.in === "header" && !asWritten ? name.toLowerCase() : name,
      )
    }`;
  }
  if (type === "http") {
    return `HTTP ${plainOr(str(s.scheme).toLowerCase(), /^[a-z0-9-]{1,40}$/)}`;
  }
  if (type === "basic") return "HTTP basic"; // Swagger 2.0
  if (type === "openIdConnect") {
    return `OpenID Connect at ${codeSpan(str(s.openIdConnectUrl))}`;
  }
  if (type === "oauth2") {
    return "OAuth 2 " +
      [...flowsOf(s)].map(([k, urls]) =>
        `${
          plainOr(
            k,
            /^(?:implicit|password|clientCredentials|authorizationCode|deviceAuthorization)$/,
          )
        } (${urls})`
      ).join(
        "; ",
      );
  }
  return plainOr(type, /^[A-Za-z0-9]{1,40}$/);
}

/** The document's security schemes (see {@link SpecModel.schemes}). */
function schemesOf(
  doc: Record<string, unknown>,
  swagger: boolean,
  r: RefResolver,
): Map<string, SchemeModel> {
  const out = new Map<string, SchemeModel>();
  const at = swagger ? "/securityDefinitions" : "/components/securitySchemes";
  const map = swagger
    ? doc.securityDefinitions
    : isObject(doc.components)
    ? doc.components.securitySchemes
    : undefined;
  if (!isObject(map)) return out;
  for (const name in map) {
    const d = r.deref(map[name]);
    if (d.error || !isObject(d.value)) continue;
    out.set(name, {
      wire: schemeWire(d.value),
      shown: schemeWire(d.value, true),
      flows: d.value.type === "oauth2" ? flowsOf(d.value) : null,
      scopes: d.value.type === "oauth2"
        ? scopesOf(d.value, childPointer(at, name))
        : null,
      pointer: childPointer(at, name),
      deprecated: d.value.deprecated === true,
    });
  }
  return out;
}

const TEMPLATE_PARAM = /\{([^{}]*)\}/g;

/**
 * The key an operation is matched by: its method and its path template
 * with parameter names left out (`/pets/{id}` and `/pets/{petId}` are one
 * path).
 */
export function operationKey(method: string, path: string): string {
  return `${method} ${path.replace(TEMPLATE_PARAM, "{}")}`;
}

/**
 * A media type as a key, so two that mean one type meet (RFC 9110 §8.3.1):
 * type, subtype and parameter names ignore case (lower-cased), parameters
 * in any order (sorted), a value quoted or not (unquoted), a `charset`
 * value ignoring case (§8.3.2). Other parameters stay: `; version=2` is
 * another type (a versioned API's), not the same one. JSON's
 * `charset=utf-8` says what JSON always is (RFC 8259 §8.1): left out.
 */
export function mediaKey(type: string): string {
  const [head, ...params] = type.split(";");
  const bare = head.trim().toLowerCase();
  const kept: string[] = [];
  for (const p of params) {
    const eq = p.indexOf("=");
    const name = p.slice(0, eq < 0 ? p.length : eq).trim().toLowerCase();
    if (!name) continue;
    let value = eq < 0 ? "" : p.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    if (name === "charset") {
      value = value.toLowerCase();
      const json = bare === "application/json" || bare.endsWith("+json");
      if (json && (value === "utf-8" || value === "utf8")) continue;
    }
    kept.push(`${name}=${value}`);
  }
  return kept.length ? `${bare}; ${kept.sort().join("; ")}` : bare;
}

/** A {@link mediaKey} without its parameters: `application/json`. */
export function bareMedia(key: string): string {
  const semi = key.indexOf(";");
  return semi < 0 ? key : key.slice(0, semi).trimEnd();
}

/**
 * The key a parameter is matched by: path parameters by their place in the
 * template (a rename is the same parameter), header names ignoring case.
 */
export function paramKey(
  at: string,
  name: string,
  pathParams: readonly string[],
): string {
  if (at === "path") {
    const i = pathParams.indexOf(name);
    return i >= 0 ? `path#${i}` : `path:${name}`;
  }
  return at === "header" ? `header:${name.toLowerCase()}` : `${at}:${name}`;
}

/** Reads one parsed side. */
export function specModel(parsed: ParsedSpec): SpecModel {
  const { doc, resolver: r, detected, index } = parsed;
  const swagger = detected.family === "swagger";
  const model: SpecModel = {
    parsed,
    info: { title: index.title, version: index.version, format: index.format },
    swagger,
    ops: new Map(),
    webhooks: new Map(),
    callbacks: new Map(),
    servers: servedAt(serversOf(doc, detected)),
    pointers: new WeakMap(),
    description: str(isObject(doc.info) ? doc.info.description : undefined),
    security: requirements(doc.security, schemeMap(doc, swagger, r), r),
    serverVars: serverVarsOf(swagger ? undefined : doc.servers),
    schemes: schemesOf(doc, swagger, r),
  };
  for (const container of ["paths", "webhooks"] as const) {
    const map = doc[container];
    if (!isObject(map)) continue;
    const found: OpModel[] = [];
    for (const path in map) {
      if (container === "paths" && !path.startsWith("/")) continue;
      const raw = map[path];
      const item = resolvePathItem(raw, [container, path], r, []);
      if (!item) continue;
      const ref = refOf(raw);
      const itemPointer = ref !== null
        ? refPointer(ref)
        : childPointer(`/${container}`, path);
      for (
        const f of operationsOf(
          item,
          [container, path],
          detected.minor,
          [],
          r.memo,
          true,
        )
      ) {
        const op = readOperation(
          model,
          item,
          itemPointer,
          path,
          f.method,
          f.op,
          { opKey: f.opKey, additional: f.additional, exact: exactMethod(f) },
        );
        found.push(op);
        if (container === "paths" && f.op.callbacks !== undefined) {
          readCallbacks(model, op, f.op.callbacks, detected.minor);
        }
      }
    }
    found.sort(compareEndpoints);
    const into = container === "paths" ? model.ops : model.webhooks;
    for (const op of found) {
      const key = container === "paths"
        ? operationKey(op.exact, op.path)
        : `${op.exact} ${op.path}`;
      // Two templates that differ only in parameter names: the first wins.
      if (!into.has(key)) into.set(key, op);
    }
  }
  return model;
}

/** Callback expressions read per operation. */
const MAX_CALLBACKS = 100;
/**
 * Callback operations read per document: YAML aliases can hang one
 * callbacks object under every operation.
 */
const MAX_CALLBACK_OPS = 10_000;

/**
 * The callbacks of `parent` (OpenAPI 3.1 §4.8.18: a name, then runtime
 * expressions, each a Path Item of what the API sends), into
 * `model.callbacks`.
 */
function readCallbacks(
  model: SpecModel,
  parent: OpModel,
  callbacks: unknown,
  minor: number,
): void {
  const { resolver: r } = model.parsed;
  const raw = r.deref(callbacks).value;
  if (!isObject(raw)) return;
  const parentKey = operationKey(parent.exact, parent.path);
  let n = 0;
  for (const name in raw) {
    const d = r.deref(raw[name]);
    if (d.error || !isObject(d.value)) continue;
    const cbPointer = d.ref
      ? refPointer(d.ref)
      : childPointer(childPointer(parent.pointer, "callbacks"), name);
    for (const expression in d.value) {
      if (expression.startsWith("x-") || ++n > MAX_CALLBACKS) continue;
      if (model.callbacks.size >= MAX_CALLBACK_OPS) return;
      const itemRaw = d.value[expression];
      const item = resolvePathItem(itemRaw, ["callbacks", name], r, []);
      if (!item) continue;
      const ref = refOf(itemRaw);
      const itemPointer = ref !== null
        ? refPointer(ref)
        : childPointer(cbPointer, expression);
      for (
        const f of operationsOf(
          item,
          ["callbacks", name],
          minor,
          [],
          r.memo,
          true,
        )
      ) {
        const op = readOperation(
          model,
          item,
          itemPointer,
          expression,
          f.method,
          f.op,
          { opKey: f.opKey, additional: f.additional, exact: exactMethod(f) },
        );
        op.parent = parentKey;
        op.label = `${op.label} (callback ${
          codeSpan(name)
        } of ${parent.label})`;
        const key = `${parentKey} ${name} ${op.exact} ${expression}`;
        if (!model.callbacks.has(key)) model.callbacks.set(key, op);
      }
    }
  }
}

function readOperation(
  model: SpecModel,
  item: Record<string, unknown>,
  itemPointer: string,
  path: string,
  method: string,
  op: Record<string, unknown>,
  where: { opKey: string; additional: boolean; exact: string },
): OpModel {
  const { doc, resolver: r } = model.parsed;
  const pointer = where.additional
    ? childPointer(
      childPointer(itemPointer, "additionalOperations"),
      where.opKey,
    )
    : childPointer(itemPointer, where.opKey);
  const pathParams = [...path.matchAll(TEMPLATE_PARAM)].map((m) => m[1]);
  const out: OpModel = {
    method,
    exact: where.exact,
    path,
    label: `${where.additional ? where.opKey : method.toUpperCase()} ${path}`,
    pointer,
    summary: str(op.summary),
    description: str(op.description),
    operationId: scalarText(op.operationId) ?? "",
    tags: scalarList(op.tags, 100),
    deprecated: op.deprecated === true,
    sunset: scalarText(op["x-sunset"]) ?? "",
    stability: scalarText(op["x-stability-level"]) ?? "",
    pathParams,
    params: new Map(),
    body: null,
    responses: new Map(),
    security: null,
    securityPointer: "",
    servers: ownServers(op.servers) ?? ownServers(item.servers),
    servedAt: [],
  };
  out.servedAt = out.servers ?? model.servers;
  // Operation-level parameters override path-level ones of the same name
  // and location (OpenAPI 3.1 §4.8.9.1, Swagger 2.0 "parameters").
  const merged = new Map<string, [Record<string, unknown>, string]>();
  for (
    const [list, at] of [
      [item.parameters, childPointer(itemPointer, "parameters")],
      [op.parameters, childPointer(pointer, "parameters")],
    ] as const
  ) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const d = r.deref(raw);
      if (d.error || !isObject(d.value)) return;
      const p = d.value;
      const name = scalarText(p.name) ?? "";
      merged.set(`${str(p.in)}\n${name}`, [
        p,
        d.ref ? refPointer(d.ref) : childPointer(at, i),
      ]);
    });
  }
  const consumes = op.consumes !== undefined
    ? mediaList(op.consumes, childPointer(pointer, "consumes"))
    : mediaList(doc.consumes, "/consumes");
  const form: [Record<string, unknown>, string][] = [];
  for (const [p, at] of merged.values()) {
    const name = scalarText(p.name) ?? "";
    const loc = str(p.in);
    if (model.swagger && loc === "body") {
      out.body = {
        required: p.required === true,
        form: false,
        description: str(p.description),
        pointer: at,
        content: mediaMap(
          consumes,
          p.schema === undefined
            ? null
            : { raw: p.schema, pointer: childPointer(at, "schema") },
          at,
        ),
      };
    } else if (model.swagger && loc === "formData") {
      form.push([p, at]);
    } else if (loc === "header" && isIgnoredHeader(name)) {
      continue;
    } else {
      out.params.set(paramKey(loc, name, pathParams), {
        in: loc,
        name,
        required: p.required === true || loc === "path",
        deprecated: p.deprecated === true,
        sunset: scalarText(p["x-sunset"]) ?? "",
        allowEmptyValue: p.allowEmptyValue === true,
        allowReserved: p.allowReserved === true,
        description: str(p.description),
        schema: paramSchema(p, at, model.swagger, r),
        pointer: at,
        example: p.example ?? examplesOf(p.examples, r) ?? p["x-example"],
        wire: serialization(p, loc, model.swagger, r),
        collectionFormat: model.swagger && p.type === "array"
          ? innerFormats(p)
          : null,
      });
    }
  }
  if (form.length) out.body = formBody(model, form, consumes);
  if (!model.swagger && op.requestBody !== undefined) {
    const d = r.deref(op.requestBody);
    if (isObject(d.value) && !d.error) {
      const at = d.ref
        ? refPointer(d.ref)
        : childPointer(pointer, "requestBody");
      out.body = {
        required: d.value.required === true,
        form: false,
        description: str(d.value.description),
        pointer: at,
        content: contentMap(d.value.content, childPointer(at, "content"), r),
      };
    }
  }
  const produces = op.produces !== undefined
    ? mediaList(op.produces, childPointer(pointer, "produces"))
    : mediaList(doc.produces, "/produces");
  if (isObject(op.responses)) {
    const base = childPointer(pointer, "responses");
    for (const status in op.responses) {
      if (status.startsWith("x-")) continue;
      const d = r.deref(op.responses[status]);
      if (d.error || !isObject(d.value)) continue;
      const resp = d.value;
      const at = d.ref ? refPointer(d.ref) : childPointer(base, status);
      // A range written `2xx` is read as `2XX` (OpenAPI 3.1 §4.8.16.2 writes
      // the X upper-case; tools read either), so a change of case is none.
      const key = /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status;
      out.responses.set(key, {
        status: key,
        description: str(resp.description),
        summary: str(resp.summary),
        pointer: at,
        headers: headerMap(resp.headers, childPointer(at, "headers"), model),
        links: new Map(
          Object.keys(isObject(resp.links) ? resp.links : {}).map((
            name,
          ) => [name, childPointer(childPointer(at, "links"), name)]),
        ),
        // A 2.0 response without a schema has no body in any media type.
        content: !model.swagger
          ? contentMap(resp.content, childPointer(at, "content"), r)
          : resp.schema === undefined
          ? new Map()
          : withExamples(
            mediaMap(
              produces,
              { raw: resp.schema, pointer: childPointer(at, "schema") },
              at,
            ),
            resp.examples,
          ),
      });
    }
  }
  const own = Array.isArray(op.security);
  out.security = requirements(
    own ? op.security : doc.security,
    schemeMap(doc, model.swagger, r),
    r,
  );
  if (out.security) {
    out.securityPointer = own ? childPointer(pointer, "security") : "/security";
  }
  return out;
}

/**
 * A `security` list read as requirements; null when none is declared. A
 * key naming a scheme by URI (OpenAPI 3.2 §4.8.30) is that scheme's name:
 * `dev` and `'#/components/securitySchemes/dev'` are one requirement.
 */
export function requirements(
  security: unknown,
  schemes: Record<string, unknown> | null,
  r: RefResolver,
): Requirement[] | null {
  if (!Array.isArray(security)) return null;
  return security.filter(isObject).map((req) => {
    const m: Requirement = new Map();
    for (const key in req) {
      m.set(schemeName(key, schemes, r) ?? key, scalarList(req[key], 1000));
    }
    return m;
  });
}

/**
 * An `examples` map with each Reference Object replaced by the Example it
 * points to (OpenAPI 3.x §4.8.14: "Map[string, Example Object | Reference
 * Object]"): a component renamed or inlined is the same example. An
 * `example` value is data, a `$ref` in it included, and is not resolved.
 */
function examplesOf(examples: unknown, r: RefResolver): unknown {
  if (!isObject(examples)) return examples;
  const out: Record<string, unknown> = {};
  for (const name in examples) out[name] = r.deref(examples[name]).value;
  return out;
}

/** A 2.0 response's `examples` (by media type) put on its media types. */
function withExamples(
  content: Map<string, MediaModel>,
  examples: unknown,
): Map<string, MediaModel> {
  if (!isObject(examples)) return content;
  for (const m of content.values()) m.example = examples[m.type];
  return content;
}

/** A 2.0 media type and the pointer of its `consumes`/`produces` entry. */
interface Listed {
  type: string;
  /** Null when none is written (JSON by default). */
  at: string | null;
}

/**
 * Media types of a 2.0 `consumes` or `produces` written at `at`; JSON
 * when none is given.
 */
function mediaList(v: unknown, at: string): Listed[] {
  const out: Listed[] = [];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && out.length < 100; i++) {
      const type = scalarText(v[i]);
      if (type !== null) out.push({ type, at: `${at}/${i}` });
    }
  }
  return out.length ? out : [{ type: "application/json", at: null }];
}

function mediaMap(
  types: Listed[],
  schema: SchemaAt | null,
  pointer: string,
): Map<string, MediaModel> {
  const out = new Map<string, MediaModel>();
  for (const { type, at } of types) {
    const key = mediaKey(type);
    if (!out.has(key)) {
      out.set(key, {
        type,
        schema,
        pointer,
        example: undefined,
        listed: at,
        encoding: null,
      });
    }
  }
  return out;
}

function contentMap(
  content: unknown,
  pointer: string,
  r: RefResolver,
): Map<string, MediaModel> {
  const out = new Map<string, MediaModel>();
  if (!isObject(content)) return out;
  for (const type in content) {
    const key = mediaKey(type);
    if (out.has(key)) continue;
    const d = r.deref(content[type]);
    const at = d.ref ? refPointer(d.ref) : childPointer(pointer, type);
    const mt = isObject(d.value) ? d.value : {};
    // `schema: {type: array, items: X}` of a sequential media type is
    // `itemSchema: X` (OpenAPI 3.2 §4.14: items read "as if the values
    // were in an array"): compared as its items, as 3.2 writes them.
    const seq = mt.itemSchema === undefined && isSequential(key)
      ? arrayItems(mt.schema, childPointer(at, "schema"), r)
      : null;
    out.set(key, {
      type,
      schema: mt.schema === undefined || seq
        ? null
        : { raw: mt.schema, pointer: childPointer(at, "schema") },
      pointer: at,
      example: mt.example ?? examplesOf(mt.examples, r),
      listed: null,
      encoding: isObject(mt.encoding) ? mt.encoding : null,
    });
    if (mt.itemSchema !== undefined || seq) {
      // OpenAPI 3.2 §4.8.14: each item of a sequential media type (JSON
      // Lines, an event stream) has its schema: compared as a media type of
      // its own, as the viewer shows it.
      out.set(`${key}, each item`, {
        type: `${type}, each item`,
        schema: seq ??
          { raw: mt.itemSchema, pointer: childPointer(at, "itemSchema") },
        pointer: at,
        example: undefined,
        listed: null,
        encoding: null,
        itemsOf: key,
      });
    }
  }
  return out;
}

/**
 * Sequential media types (OpenAPI 3.2 §4.14; the item writers of
 * operation_curl.ts): JSON Lines and NDJSON, JSON text sequences (RFC
 * 7464, `+json-seq` ones too), event streams, `multipart/mixed`.
 */
function isSequential(key: string): boolean {
  return /^(?:application\/(?:jsonl|x-jsonlines|x-ndjson|(?:[a-z0-9!#$&^_.-]+\+)?json-seq)|text\/event-stream|multipart\/mixed)$/
    .test(key);
}

/**
 * The items of `raw` (written at `pointer`) when it says only that it is an
 * array of them (`{type: array, items: X}`, through a `$ref` too); null
 * otherwise: a bound or another keyword is more than a sequence says.
 */
function arrayItems(
  raw: unknown,
  pointer: string,
  r: RefResolver,
): SchemaAt | null {
  const d = r.schemas.deref(raw);
  const s = d.value;
  if (d.error || !isObject(s) || s.type !== "array") return null;
  if (s.items === undefined) return null;
  for (const k in s) if (k !== "type" && k !== "items") return null;
  const at = d.ref ? refPointer(d.ref) : pointer;
  return { raw: s.items, pointer: childPointer(at, "items") };
}

/** How a form property is written: by {@link encodingWire}. */
export interface EncodingWire {
  /**
   * For `application/x-www-form-urlencoded`, its style as a query
   * parameter's ({@link serialization}); for `multipart/*`, its part's
   * content types. Null when the default cannot be told (an untyped
   * property without an encoding).
   */
  wire: string | null;
  /** JSON pointer of its Encoding Object, null when it has none. */
  pointer: string | null;
  /** What its Encoding Object says of it, as text ("" when it has none). */
  said: string;
}

/**
 * True when `m` is a Swagger 2.0 form built of `formData` parameters
 * ({@link formBody}): each of its properties is a parameter, written as its
 * `collectionFormat` says.
 */
function isSwaggerForm(m: MediaModel, side: SpecModel): boolean {
  const raw = m.schema?.raw;
  return side.swagger && isObject(raw) && side.pointers.has(raw);
}

/**
 * The form properties whose encoding is compared: those an `encoding`
 * names, and every field of a Swagger 2.0 form (its `collectionFormat` is
 * its encoding, csv when unsaid).
 */
export function encodedNames(m: MediaModel, side: SpecModel): string[] {
  const names = Object.keys(m.encoding ?? {});
  if (isSwaggerForm(m, side)) {
    const props = (m.schema!.raw as Record<string, unknown>).properties;
    if (isObject(props)) names.push(...Object.keys(props));
  }
  return names;
}

/**
 * How the property `name` of a form body of media type `key` (as
 * {@link mediaKey} writes it) is written: its Encoding Object, else the
 * defaults (OpenAPI 3.1 §4.8.15: `style: form` and `explode: true` for a
 * urlencoded form, as for a query parameter; a multipart part's
 * `contentType` by the property's type). A Swagger 2.0 form field is
 * written as its `collectionFormat` says, as a 2.0 query parameter is.
 * Other media types have no encoding: "".
 */
export function encodingWire(
  m: MediaModel,
  key: string,
  name: string,
  side: SpecModel,
): EncodingWire {
  const urlencoded = key === "application/x-www-form-urlencoded";
  if (!urlencoded && !key.startsWith("multipart/")) {
    return { wire: "", pointer: null, said: "" };
  }
  const r = side.parsed.resolver;
  const raw = m.encoding && Object.hasOwn(m.encoding, name)
    ? m.encoding[name]
    : undefined;
  const d = raw === undefined ? undefined : r.deref(raw);
  const e = d && !d.error && isObject(d.value) ? d.value : {};
  const pointer = d
    ? d.ref
      ? refPointer(d.ref)
      : childPointer(childPointer(m.pointer, "encoding"), name)
    : null;
  const schema = propertySchema(m.schema?.raw, name, r);
  if (
    isSwaggerForm(m, side) && isObject(schema) &&
    (urlencoded || schema.type === "array")
  ) {
    // A 2.0 `formData` field: `collectionFormat` (csv by default) says how
    // it is written (Swagger 2.0 Parameter Object), read as a 2.0 query
    // parameter's is, so csv and a 3.x `style: form, explode: false` are
    // one form, pipes and `pipeDelimited` another. In a multipart body an
    // array's format is its encoding too: `multi` sends a part per item,
    // as OpenAPI 3 sends an array's items (the part's type, as a 3.x
    // part's), the others one part of delimited values.
    const multi = !urlencoded && schema.collectionFormat === "multi";
    return {
      wire: multi
        ? partType(schema, r)
        : serialization(schema, "query", true, r),
      pointer: side.pointers.get(schema) ?? null,
      // With the arrays inside it, each level's format is said.
      said: `collectionFormat ${
        innerFormats(schema).join(", items ") || str(schema.collectionFormat)
      }`,
    };
  }
  if (urlencoded) {
    const { style, explode } = e;
    return {
      // A field the schema does not list is written as nothing.
      wire: schema === undefined ? null : serialization(
        { style, explode, schema: typed(schema, r) },
        "query",
        false,
        r,
      ),
      pointer,
      said: JSON.stringify([style, explode]),
    };
  }
  const said = scalarText(e.contentType);
  return {
    wire: schema === undefined
      ? null
      : said
      ? said.split(",").map(mediaKey).filter(Boolean).sort().join(", ")
      : partType(schema, r),
    pointer,
    said: said ?? "",
  };
}

/**
 * A property's schema as far as its type says how it is written: an
 * untyped one by what it holds (`additionalProperties`: an object), or by
 * its first alternative that is an object or an array (`anyOf: [{type:
 * object}, {enum: [""]}]` is written as the object).
 */
function typed(raw: unknown, r: RefResolver): unknown {
  const d = r.deref(raw);
  if (d.error || !isObject(d.value)) return raw;
  const s = d.value;
  if (s.type !== undefined || isObject(s.properties) || s.items !== undefined) {
    return raw;
  }
  if (s.additionalProperties !== undefined) return { type: "object" };
  for (const kind of ["allOf", "anyOf", "oneOf"]) {
    const list = s[kind];
    if (!Array.isArray(list)) continue;
    for (const alt of list.slice(0, 100)) {
      const a = r.deref(alt).value;
      if (!isObject(a)) continue;
      if (a.type === "object" || a.type === "array") return a;
      if (isObject(a.properties)) return { type: "object" };
    }
  }
  return raw;
}

/**
 * The schema of property `name` of the schema `raw`, in any of its `allOf`
 * parts; undefined when it has none.
 */
function propertySchema(raw: unknown, name: string, r: RefResolver): unknown {
  const d = r.deref(raw);
  if (d.error || !isObject(d.value)) return undefined;
  for (const part of mergeParts(d.value, r).parts) {
    const props = part.properties;
    if (isObject(props) && Object.hasOwn(props, name)) return props[name];
  }
  return undefined;
}

/**
 * A multipart part's default content type by its schema (OpenAPI 3.1
 * §4.8.15, `contentType`: binary content is `application/octet-stream`, a
 * primitive `text/plain`, an object `application/json`, an array that of
 * its items); null when the schema says no type.
 */
function partType(raw: unknown, r: RefResolver, depth = 0): string | null {
  const d = r.deref(raw);
  if (d.error || !isObject(d.value) || depth > 10) return null;
  const s = d.value;
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) =>
    typeof t === "string" && t !== "null"
  );
  const t = types.length === 1 ? types[0] : undefined;
  if (t === "array") return partType(s.items, r, depth + 1);
  if (t === "object") return "application/json";
  if (
    t === "file" || s.format === "binary" ||
    s.contentEncoding !== undefined || s.contentMediaType !== undefined
  ) return "application/octet-stream";
  return t === undefined ? null : "text/plain";
}

/** How {@link serialization} starts a parameter written as a media type. */
export const MEDIA_WIRE = "media type ";

/** Swagger 2.0 `collectionFormat`s as OpenAPI 3 styles and explode. */
const COLLECTION_FORMATS: Record<string, [string, boolean]> = {
  csv: ["", false],
  ssv: ["spaceDelimited", false],
  pipes: ["pipeDelimited", false],
  tsv: ["tsv", false],
  multi: ["form", true],
};

/**
 * How a parameter's value is written on the wire (OpenAPI 3.1 §4.8.12.4,
 * Swagger 2.0 `collectionFormat`), told apart only where it changes what a
 * client sends: a primitive is written alike by every style but a path's
 * (`5`, `.5`, `;id=5`); an array or an object by its style and explode.
 * A 2.0 `csv` array and a 3.x `form` array without explode are one form.
 */
export function serialization(
  p: Record<string, unknown>,
  loc: string,
  swagger: boolean,
  r: RefResolver,
): string {
  if (!swagger && p.content !== undefined) {
    // A parameter written as a media type (OpenAPI 3.1 §4.8.12.1: `content`
    // holds one entry) is written in that type: another type is another
    // serialization, which a server reading the old one cannot parse.
    const [type] = isObject(p.content) ? Object.keys(p.content) : [];
    return `${MEDIA_WIRE}${mediaKey(type ?? "")}`;
  }
  const simple = loc === "path" || loc === "header";
  let style: string, explode: boolean;
  if (swagger) {
    // `collectionFormat` applies to arrays only (Swagger 2.0 Parameter
    // Object): a primitive is written as itself whatever it says.
    const format = p.type === "array" ? str(p.collectionFormat) || "csv" : "";
    const f: [string, boolean] = Object.hasOwn(COLLECTION_FORMATS, format)
      ? COLLECTION_FORMATS[format]
      : ["", false];
    style = f[0] || (simple ? "simple" : "form");
    explode = f[1];
  } else {
    style = str(p.style) || (simple ? "simple" : "form");
    explode = typeof p.explode === "boolean" ? p.explode : style === "form";
  }
  const schema = swagger ? p : r.deref(p.schema).value;
  const t = isObject(schema) ? schema.type : undefined;
  const compound = t === "array" || t === "object" ||
    (Array.isArray(t) && (t.includes("array") || t.includes("object"))) ||
    (isObject(schema) && isObject(schema.properties));
  if (!compound) return loc === "path" ? style : "";
  // A simple-style array is `a,b,c` exploded or not (§4.8.12.4's table):
  // only an object's explode shows (`R=1,G=2` against `R,1,G,2`).
  const array = t === "array" || (Array.isArray(t) && t.includes("array"));
  // Swagger 2.0 arrays inside the array are joined as their Items Objects
  // say: past the default `csv` (the only way OpenAPI 3, which defines
  // none, could read them), that is another way of writing it.
  const inner = swagger
    ? innerFormats(p).slice(1).filter((f) => f !== "csv")
    : [];
  const nested = inner.length ? `; items ${inner.join(", ")}` : "";
  if (style === "simple" && array) return style + nested;
  // Exploded space- and pipe-delimited arrays are written as form ones.
  if (explode && (style === "spaceDelimited" || style === "pipeDelimited")) {
    style = "form";
  }
  return (explode ? `${style}, exploded` : style) + nested;
}

/** Levels of Swagger 2.0 arrays inside arrays read, at most. */
const MAX_INNER_FORMATS = 8;

/**
 * A Swagger 2.0 array parameter's `collectionFormat`, then its Items
 * Objects' down the arrays inside it (`csv` where none is written); empty
 * for a parameter that is no array.
 */
export function innerFormats(p: Record<string, unknown>): string[] {
  const out: string[] = [];
  let at: unknown = p;
  while (
    isObject(at) && at.type === "array" && out.length < MAX_INNER_FORMATS
  ) {
    out.push(str(at.collectionFormat) || "csv");
    at = at.items;
  }
  return out;
}

/**
 * A parameter's schema: 3.x `schema` (or the schema of its one `content`
 * entry); a 2.0 parameter is its own schema (`type`, `items`, `enum`...).
 */
function paramSchema(
  p: Record<string, unknown>,
  pointer: string,
  swagger: boolean,
  r: RefResolver,
): SchemaAt | null {
  if (swagger) return { raw: p, pointer };
  if (p.schema !== undefined) {
    return { raw: p.schema, pointer: childPointer(pointer, "schema") };
  }
  if (isObject(p.content)) {
    const [first] = contentMap(
      p.content,
      childPointer(pointer, "content"),
      r,
    ).values();
    return first?.schema ?? null;
  }
  return null;
}

function headerMap(
  headers: unknown,
  pointer: string,
  model: SpecModel,
): Map<string, HeaderModel> {
  const out = new Map<string, HeaderModel>();
  if (!isObject(headers)) return out;
  const r = model.parsed.resolver;
  for (const name in headers) {
    // "If a response header is defined with the name Content-Type, it SHALL
    // be ignored" (OpenAPI 3.1 §4.8.17.1): the media types say it.
    if (name.toLowerCase() === "content-type") continue;
    const d = r.deref(headers[name]);
    if (d.error || !isObject(d.value)) continue;
    const h = d.value;
    const at = d.ref ? refPointer(d.ref) : childPointer(pointer, name);
    out.set(name.toLowerCase(), {
      name,
      required: h.required === true,
      description: str(h.description),
      schema: paramSchema(h, at, model.swagger, r),
      pointer: at,
    });
  }
  return out;
}

/**
 * A 2.0 form (`formData` parameters) as the body a client sends: an object
 * whose properties are the fields; multipart when a field is a file or
 * `consumes` says so (Swagger 2.0 "Parameter Object", `in: formData`).
 */
function formBody(
  model: SpecModel,
  fields: [Record<string, unknown>, string][],
  consumes: Listed[],
): BodyModel {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [p, at] of fields) {
    const name = scalarText(p.name) ?? "";
    setOwn(properties, name, p);
    model.pointers.set(p, at);
    if (p.required === true) required.push(name);
  }
  const schema = { type: "object", properties, required };
  const pointer = fields[0][1];
  model.pointers.set(schema, pointer);
  const hasFile = fields.some(([p]) => p.type === "file");
  const type = consumes.find((c) => /multipart|urlencoded/i.test(c.type)) ??
    {
      type: hasFile
        ? "multipart/form-data"
        : "application/x-www-form-urlencoded",
      at: null,
    };
  return {
    required: required.length > 0,
    form: true,
    description: "",
    pointer,
    content: mediaMap([type], { raw: schema, pointer }, pointer),
  };
}
