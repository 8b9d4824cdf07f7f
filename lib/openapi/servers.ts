/**
 * Which server an operation is called on, and the servers a reader may
 * choose among: OpenAPI 3's Server Objects with their variables (OpenAPI
 * 3.1 §4.8.5, §4.8.6), or Swagger 2.0's `schemes`, `host` and `basePath`.
 * Everything here is bounded: a server list, its variables and their enums
 * are written by the document's author, and a URL template may repeat one
 * variable thousands of times.
 */
import { isObject } from "./refs.ts";
import { scalarList, scalarText } from "./safe.ts";

/** Servers offered for choice at most (the rest are not offered). */
export const MAX_SERVER_CHOICES = 50;
/** Variables of one server offered at most. */
export const MAX_SERVER_VARIABLES = 20;
/** Values of one variable's `enum` offered at most. */
export const MAX_VARIABLE_VALUES = 100;
/** Characters of a server URL, a name, a value or a description kept. */
export const MAX_SERVER_TEXT = 2_000;
/** Characters a filled-in URL may reach; past it a variable stays `{name}`. */
const MAX_FILLED = 10_000;

/** One variable of a server URL template. */
export interface ServerVariable {
  /** Its name, as `{name}` marks it in the URL. */
  name: string;
  /**
   * Its `default`; without one (3.x requires one), its first `enum` value;
   * null when neither is given (the URL then keeps `{name}`).
   */
  default: string | null;
  /** Its `enum`: the only values it takes; empty when any string does. */
  values: string[];
  /** Its `description`, unrendered. */
  description: string;
}

/** A server a reader may call the API on. */
export interface ServerChoice {
  /** The URL as written, `{name}` marking each variable. */
  url: string;
  /** Its 3.2 `name` ("" when none). */
  name: string;
  /**
   * The defaults of its variables past the offered ones (a server of
   * hundreds): they stay at their defaults.
   */
  fixed: Record<string, string>;
  /** Its `description`, unrendered ("" for Swagger 2.0's). */
  description: string;
  /** Its variables, in written order. */
  variables: ServerVariable[];
}

const clip = (s: string) => s.slice(0, MAX_SERVER_TEXT);

/**
 * `url` with each `{name}` replaced by `values[name]`; a variable with no
 * value (or past {@link MAX_FILLED} characters) stays as written.
 */
export function fillServer(
  url: string,
  values: Readonly<Record<string, string>>,
): string {
  let length = url.length;
  return url.replace(/\{([^{}]+)\}/g, (all, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name] : undefined;
    if (v === undefined || length + v.length > MAX_FILLED) return all;
    length += v.length;
    return v;
  });
}

/** A variable's default: its `default`, else its first `enum` value. */
function defaultOf(v: unknown): string | null {
  if (!isObject(v)) return null;
  return scalarText(v.default) ?? scalarList(v.enum, 1)[0] ?? null;
}

/**
 * The default of each of a Server Object's variables, skipping the first
 * `skip` (at most {@link MAX_FIXED} of them).
 */
function defaults(
  s: Record<string, unknown>,
  skip = 0,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(s.variables)) return out;
  let i = 0;
  for (const name in s.variables) {
    if (!Object.hasOwn(s.variables, name) || i++ < skip) continue;
    if (i > skip + MAX_FIXED) break;
    const d = defaultOf(s.variables[name]);
    if (d !== null) out[name] = d;
  }
  return out;
}

/** Variables past the offered ones kept at their defaults, at most. */
const MAX_FIXED = 1_000;

/** A server URL with its variables at their defaults (OpenAPI 3.1 §4.8.5). */
export function serverUrl(s: Record<string, unknown>): string {
  return fillServer(
    typeof s.url === "string" ? s.url : "",
    defaults(s, 0),
  );
}

function firstServer(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  for (const s of list) {
    if (isObject(s) && typeof s.url === "string") return serverUrl(s);
  }
  return null;
}

/**
 * Swagger 2.0's scheme for a call: the first listed, as Swagger UI selects
 * it and Redoc's first server has it (the author's order is the
 * preference); with none listed, `https`.
 */
function schemeOf(listed: unknown): string {
  return scalarList(listed, 1)[0] ?? "https";
}

/**
 * Swagger 2.0's `host` and `basePath` as one URL's authority and path, and
 * what was read differently from how it is written: `host` "MUST NOT
 * include the scheme nor sub-paths" and `basePath` "MUST start with a
 * leading slash" (2.0 §Swagger Object), yet documents write
 * `host: https://api.x.com/` or `basePath: v1`, which joined as written
 * make `https://https://api.x.com/` or `api.x.comv1`. A scheme before the
 * host and a slash after it are dropped; a base path gains its slash.
 * `host` is "" when the document names none.
 */
export function swaggerLocation(doc: Record<string, unknown>): {
  host: string;
  base: string;
  fixed: { field: "host" | "basePath"; read: string }[];
} {
  const fixed: { field: "host" | "basePath"; read: string }[] = [];
  const written = typeof doc.host === "string" ? doc.host : "";
  // A scheme (`https://`) or a scheme-relative `//` before it, and
  // slashes after it.
  const host = written.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\//i, "").replace(
    /\/+$/,
    "",
  );
  if (host !== written) fixed.push({ field: "host", read: host });
  let base = typeof doc.basePath === "string" ? doc.basePath : "";
  if (base && !base.startsWith("/")) {
    base = `/${base}`;
    fixed.push({ field: "basePath", read: base });
  }
  return { host, base, fixed };
}

/** The server an operation is called on (see {@link serverOf}). */
export interface OperationServer {
  url: string;
  /**
   * True when it is the document's (no server of the operation's or its
   * path's own): a server the reader chose among the document's replaces
   * it.
   */
  shared: boolean;
}

/**
 * The server an operation is called on: its own `servers`, else its path
 * item's, else the document's first (Swagger 2.0: scheme, host and
 * basePath, the operation's `schemes` first). With none, the document's
 * own location (relative, "").
 */
export function serverOf(
  doc: Record<string, unknown>,
  item: Record<string, unknown>,
  op: Record<string, unknown>,
  swagger: boolean,
): OperationServer {
  if (swagger) {
    const { host, base } = swaggerLocation(doc);
    if (!host) return { url: base, shared: false };
    const own = Array.isArray(op.schemes);
    const scheme = schemeOf(own ? op.schemes : doc.schemes);
    return { url: `${scheme}://${host}${base}`, shared: !own };
  }
  const own = firstServer(op.servers) ?? firstServer(item.servers);
  if (own !== null) return { url: own, shared: false };
  const first = firstServer(doc.servers);
  return { url: first ?? "", shared: first !== null };
}

/** The variables of a Server Object, bounded. */
function variablesOf(s: Record<string, unknown>): ServerVariable[] {
  if (!isObject(s.variables)) return [];
  const out: ServerVariable[] = [];
  for (const name in s.variables) {
    if (out.length >= MAX_SERVER_VARIABLES) break;
    const v = s.variables[name];
    if (!Object.hasOwn(s.variables, name) || !isObject(v)) continue;
    out.push({
      name: clip(name),
      default: ((d) => d === null ? null : clip(d))(defaultOf(v)),
      values: scalarList(v.enum, MAX_VARIABLE_VALUES).map(clip),
      description: clip(scalarText(v.description) ?? ""),
    });
  }
  return out;
}

/**
 * The document's servers a reader may choose among, the one operations
 * use by default first: 3.x `servers` in order; Swagger 2.0's host under
 * each listed scheme in order, the first being the one calls use. None when the
 * document names no host (every call is relative to where it is served).
 */
export function serverChoices(
  doc: Record<string, unknown>,
  swagger: boolean,
): ServerChoice[] {
  if (swagger) {
    const { host, base } = swaggerLocation(doc);
    if (!host) return [];
    const listed = [...new Set(scalarList(doc.schemes, 10))];
    const schemes = listed.length ? listed : [schemeOf(doc.schemes)];
    return schemes.map((s) => ({
      url: clip(`${s}://${host}${base}`),
      name: "",
      fixed: {},
      description: "",
      variables: [],
    }));
  }
  if (!Array.isArray(doc.servers)) return [];
  const out: ServerChoice[] = [];
  for (const s of doc.servers) {
    if (out.length >= MAX_SERVER_CHOICES) break;
    if (!isObject(s) || typeof s.url !== "string") continue;
    out.push({
      url: clip(s.url),
      name: clip(scalarText(s.name) ?? ""),
      fixed: defaults(s, MAX_SERVER_VARIABLES),
      description: clip(scalarText(s.description) ?? ""),
      variables: variablesOf(s),
    });
  }
  return out;
}
