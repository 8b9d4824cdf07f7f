/**
 * What a cURL command for one operation says: the server it is called on,
 * the required query parameters and headers, the `Content-Type` and a
 * generated example body. The command text itself comes from `curl.ts`.
 */
import {
  joinUrl,
  operationCommand,
  type Pair,
  type QueryPair,
} from "./curl.ts";
import { sampleOf, valueJson } from "./example.ts";
import { isIgnoredHeader } from "./operations.ts";
import { isObject, type RefResolver } from "./refs.ts";
import { scalarList, scalarText } from "./safe.ts";
import { isJson } from "./schema_view.ts";

/** What {@link operationCurl} reads. */
export interface CurlInput {
  doc: Record<string, unknown>;
  item: Record<string, unknown>;
  op: Record<string, unknown>;
  swagger: boolean;
  /** The method as written (`get`, or an additionalOperations key). */
  method: string;
  path: string;
  /** Merged parameters (path item's and operation's), resolved. */
  params: Record<string, unknown>[];
  /**
   * Request body media types with their schemas, in document order: the
   * body is the generated example, the one the detail shows first (what
   * the README promises for "Copy as cURL").
   */
  sent: [type: string, schema: unknown, encoding?: unknown][];
  /** A webhook: sent to the receiver, not to the API's servers. */
  webhook?: boolean;
  /**
   * A callback's runtime expression (`{$request.body#/callbackUrl}`): the
   * URL the API sends it to, which the client chose.
   */
  callback?: string;
  r: RefResolver;
}

/** A server URL with its variables replaced by their defaults (OpenAPI 3.1 §4.8.5). */
function serverUrl(s: Record<string, unknown>): string {
  let url = typeof s.url === "string" ? s.url : "";
  const vars = isObject(s.variables) ? s.variables : {};
  url = url.replace(/\{([^{}]+)\}/g, (all, name: string) => {
    const v = vars[name];
    const d = isObject(v) ? scalarText(v.default) : null;
    return d ?? all;
  });
  return url;
}

function firstServer(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  for (const s of list) {
    if (isObject(s) && typeof s.url === "string") return serverUrl(s);
  }
  return null;
}

/**
 * The server an operation is called on: its own `servers`, else its path
 * item's, else the document's first (Swagger 2.0: scheme, host and
 * basePath). With none, the document's own location (relative, "").
 */
export function serverOf(
  doc: Record<string, unknown>,
  item: Record<string, unknown>,
  op: Record<string, unknown>,
  swagger: boolean,
): string {
  if (swagger) {
    const base = typeof doc.basePath === "string" ? doc.basePath : "";
    if (typeof doc.host !== "string" || !doc.host) return base;
    const schemes = scalarList(
      Array.isArray(op.schemes) ? op.schemes : doc.schemes,
      10,
    );
    const scheme = schemes.includes("https") ? "https" : schemes[0] ?? "https";
    return `${scheme}://${doc.host}${base}`;
  }
  return firstServer(op.servers) ?? firstServer(item.servers) ??
    firstServer(doc.servers) ?? "";
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
 * Characters of example values one command holds at most: a YAML alias
 * fan-out under every required parameter or form field stays a short
 * command (past it, the rest is left out), and opening an operation stays
 * instant.
 */
const MAX_VALUE_CHARS = 100_000;
/** Parameters and form fields one command sends at most. */
const MAX_FIELDS = 200;

/** What one command may still spend on values (see {@link MAX_VALUE_CHARS}). */
class Budget {
  left = MAX_VALUE_CHARS;

  /** `x` as text (JSON when structured), or null once the budget is spent. */
  text(x: unknown): string | null {
    if (this.left <= 0) return null;
    const t = scalarText(x) ?? valueJson(x, Math.min(10_000, this.left), "");
    this.left -= t.length + 1;
    return t;
  }

  /** The texts of `items`, as many as the budget allows. */
  texts(items: readonly unknown[]): string[] {
    const out: string[] = [];
    for (const x of items.slice(0, 100)) {
      const t = this.text(x);
      if (t === null) break;
      out.push(t);
    }
    return out;
  }
}

/**
 * A required query or header parameter as the command sends it: its written
 * example, default or first enum value, serialized as its style says
 * (OpenAPI 3.1 §4.8.12.4: a query array repeats its name unless `explode:
 * false` joins it with commas, spaces or pipes; `deepObject` writes
 * `name[key]`; a header joins with commas; Swagger 2.0's `collectionFormat`
 * likewise), else a `{name}` placeholder.
 */
function paramPairs(
  p: Record<string, unknown>,
  r: RefResolver,
  swagger: boolean,
  budget: Budget,
): QueryPair[] {
  const name = scalarText(p.name) ?? "";
  if (isObject(p.content)) return [{ name, value: paramValue(p, r) }];
  const schema = r.deref(p.schema).value;
  const s = isObject(schema) ? schema : p; // Swagger 2.0 keeps them on the parameter
  const v =
    [p.example, s.example, s.default, p.default].find((x) =>
      x !== undefined && x !== null
    ) ?? (Array.isArray(s.enum) ? s.enum[0] : undefined);
  if (v === undefined || v === null) return [{ name, value: `{${name}}` }];
  if (!Array.isArray(v) && !isObject(v)) {
    return [{ name, value: budget.text(v) ?? `{${name}}` }];
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
  // Each item is encoded apart and the separator stays a separator
  // (RFC 6570 §3.2.8: `color=blue,black`), so a comma inside an item
  // reads as data, not as a split.
  const join = (list: string[]): QueryPair[] => {
    if (header) return [{ name, value: list.join(",") }];
    const written = SEPARATORS[style] ?? ",";
    const sep = written === "," ? "," : encodeURIComponent(written);
    return [{
      name,
      value: list.map(encodeURIComponent).join(sep),
      encoded: true,
    }];
  };
  if (Array.isArray(v)) {
    const items = budget.texts(v);
    return explode && !header
      ? items.map((value) => ({ name, value }))
      : join(items);
  }
  const entries = Object.entries(v).slice(0, 100);
  const values = budget.texts(entries.map(([, x]) => x));
  const kept = entries.slice(0, values.length).map(([k], i) =>
    [k, values[i]] as const
  );
  if (style === "deepObject") {
    return kept.map(([k, value]) => ({ name: `${name}[${k}]`, value }));
  }
  if (explode && !header) return kept.map(([k, value]) => ({ name: k, value }));
  return join(
    kept.flatMap(([k, value]) => explode ? [`${k}=${value}`] : [k, value]),
  );
}

/** A `content` parameter's value: its media type's serialization (JSON text for JSON), or `{name}`. */
function paramValue(p: Record<string, unknown>, r: RefResolver): string {
  const name = scalarText(p.name) ?? "";
  if (isObject(p.content)) {
    // A parameter with `content` is its media type's serialization
    // (OpenAPI 3.1 §4.8.12.2): JSON text for a JSON one.
    const [type] = Object.keys(p.content);
    const m = type === undefined ? undefined : r.deref(p.content[type]).value;
    const media = isObject(m) ? m : {};
    const v = p.example ?? media.example ??
      (media.schema === undefined
        ? undefined
        : sampleOf(media.schema, r, "request"));
    if (v === undefined) return `{${name}}`;
    return typeof v === "string" && !isJson(type)
      ? v
      : valueJson(v, 10_000, "");
  }
  return `{${name}}`;
}

/**
 * The pairs of a required `in: querystring` parameter (OpenAPI 3.2
 * §4.8.12.2): its example, else a sample of its schema, as form fields.
 */
function querystringPairs(
  p: Record<string, unknown>,
  r: RefResolver,
  budget: Budget,
): Pair[] {
  const content = isObject(p.content) ? p.content : {};
  const [first] = Object.keys(content);
  if (first === undefined) return [];
  const m = r.deref(content[first]).value;
  const media = isObject(m) ? m : {};
  const v = p.example ?? media.example ??
    (media.schema === undefined
      ? undefined
      : sampleOf(media.schema, r, "request"));
  return formPairs(v, budget);
}

/**
 * Multipart fields of a sample object, each part typed as OpenAPI 3.1
 * §4.8.15 says: the `encoding`'s Content-Type when it gives one (its first
 * type), else an object or array item is `application/json` and a
 * primitive plain text (left to curl); an array sends a part per item.
 */
function multipartFields(
  v: unknown,
  encoding: unknown,
  r: RefResolver,
  budget: Budget,
): Pair[] {
  if (!isObject(v)) return [];
  const out: Pair[] = [];
  const encodings = isObject(encoding) ? encoding : {};
  for (const [name, x] of Object.entries(v).slice(0, MAX_FIELDS)) {
    const e = Object.hasOwn(encodings, name)
      ? r.deref(encodings[name]).value
      : undefined;
    const written = isObject(e) ? scalarText(e.contentType) : null;
    const given = written?.split(",")[0].trim() || undefined;
    for (const item of Array.isArray(x) ? x.slice(0, 100) : [x]) {
      const value = budget.text(item);
      if (value === null) return out;
      const structured = typeof item === "object" && item !== null;
      const type = given ?? (structured ? "application/json" : undefined);
      out.push({ name, value, ...(type ? { type } : {}) });
    }
  }
  return out;
}

/**
 * Form fields of a sample object: arrays repeat their name (style `form`,
 * `explode: true`, the default of OpenAPI 3.1 §4.8.15.1), nested objects
 * become `name[key]` (style `deepObject`, what form APIs such as Stripe's
 * read); anything deeper is sent as JSON text.
 */
function formPairs(
  v: unknown,
  budget: Budget,
  separator: (name: string) => string | null = () => null,
): Pair[] {
  if (!isObject(v)) return [];
  const out: Pair[] = [];
  for (const [name, x] of Object.entries(v).slice(0, MAX_FIELDS)) {
    const sep = Array.isArray(x) ? separator(name) : null;
    if (sep !== null) {
      // Not exploded: one field, its items joined.
      const items = budget.texts(x as unknown[]);
      out.push({ name, value: items.join(sep) });
      if (budget.left <= 0) return out;
      continue;
    }
    const fields: [string, unknown][] = Array.isArray(x)
      ? x.slice(0, 100).map((item) => [name, item])
      : isObject(x)
      ? Object.entries(x).slice(0, 100).map(([k, y]) => [`${name}[${k}]`, y])
      : [[name, x]];
    for (const [field, item] of fields) {
      const value = budget.text(item);
      if (value === null) return out;
      out.push({ name: field, value });
    }
  }
  return out;
}

/**
 * The URL a webhook's command is sent to: the receiver's, which the API
 * calls and the document does not know (OpenAPI 3.1 §4.8.1 `webhooks`).
 */
export const WEBHOOK_URL = "{webhook-receiver-url}";

/** The server and the cURL command of one operation. */
export function operationCurl(x: CurlInput): { server: string; curl: string } {
  const sentByApi = x.webhook || x.callback !== undefined;
  const server = sentByApi ? "" : serverOf(x.doc, x.item, x.op, x.swagger);
  const query: QueryPair[] = [];
  const headers: Pair[] = [];
  const budget = new Budget();
  let sent = 0;
  for (const p of x.params) {
    if (p.required !== true || typeof p.name !== "string") continue;
    if (++sent > MAX_FIELDS) break;
    if (p.in === "query") {
      query.push(...paramPairs(p, x.r, x.swagger, budget));
    } else if (p.in === "querystring") {
      // OpenAPI 3.2: the whole query string, as its one media type
      // serializes it (a form: `a=1&b=2`).
      query.push(...querystringPairs(p, x.r, budget));
    } else if (
      p.in === "header" && !isIgnoredHeader(p.name)
    ) {
      headers.push(...paramPairs(p, x.r, x.swagger, budget));
    }
  }
  // A JSON body when there is one, else the first media type.
  const chosen = x.sent.find(([t]) => isJson(t) && t !== "*/*") ?? x.sent[0];
  let contentType = "";
  let body: string | null = null;
  let form: Pair[] | undefined;
  if (chosen) {
    const [type, schema, encoding] = chosen;
    // A wildcard (Swagger 2.0 "consumes: */*") is no Content-Type: JSON.
    contentType = type.includes("*") ? "application/json" : type;
    const sample = schema === undefined
      ? undefined
      : sampleOf(schema, x.r, "request");
    if (/^multipart\/form-data/i.test(type)) {
      form = multipartFields(sample, encoding, x.r, budget);
      // File fields (Swagger 2.0 `type: file`, OpenAPI `format: binary`)
      // name a file to pick, which only the person running the command has.
      const s = x.r.deref(schema).value;
      const props = isObject(s) && isObject(s.properties) ? s.properties : {};
      const isFile = (name: string) => {
        const p = x.r.deref(props[name]).value;
        return isObject(p) && (p.type === "file" || p.format === "binary");
      };
      for (const f of form) {
        if (isFile(f.name)) {
          f.file = true;
          // A fixed placeholder: a field named "../.ssh/id_rsa" must not
          // become a path the command would upload.
          f.value = "path/to/file";
        }
      }
      // A 2.0 `file` has no sample value (bytes): its field still goes, in
      // the schema's order.
      const order = Object.keys(props);
      for (const name of order) {
        if (isFile(name) && !form.some((f) => f.name === name)) {
          form.push({ name, value: "path/to/file", file: true });
        }
      }
      const at = new Map(order.map((name, i) => [name, i]));
      const rank = (f: Pair) => at.get(f.name.replace(/\[.*$/, "")) ?? -1;
      form.sort((a, b) => rank(a) - rank(b));
      if (!form.length) form = undefined;
    } else if (/^application\/x-www-form-urlencoded/i.test(type)) {
      // How each array field is written: its Swagger 2.0 collectionFormat
      // (csv by default), or its 3.x encoding's style and explode (form,
      // exploded, by default: OpenAPI 3.1 §4.8.15).
      const s = x.r.deref(schema).value;
      const props = isObject(s) && isObject(s.properties) ? s.properties : {};
      const enc = isObject(encoding) ? encoding : {};
      const separator = (name: string): string | null => {
        if (x.swagger) {
          const p = x.r.deref(props[name]).value;
          const f = isObject(p)
            ? scalarText(p.collectionFormat) ?? "csv"
            : "csv";
          return f === "multi" ? null : SEPARATORS[f] ?? ",";
        }
        const e = Object.hasOwn(enc, name) ? x.r.deref(enc[name]).value : null;
        const style = isObject(e) ? scalarText(e.style) ?? "form" : "form";
        const explode = isObject(e) && typeof e.explode === "boolean"
          ? e.explode
          : style === "form";
        return explode ? null : SEPARATORS[style] ?? ",";
      };
      body = new URLSearchParams(
        formPairs(sample, budget, separator).map((f) => [f.name, f.value]),
      ).toString();
    } else if (sample !== undefined) {
      body = typeof sample === "string" && !isJson(type)
        ? sample
        : valueJson(sample, 100_000, "");
    }
  }
  const curl = operationCommand({
    method: x.method,
    url: x.callback ?? (x.webhook ? WEBHOOK_URL : joinUrl(server, x.path)),
    query,
    headers,
    contentType,
    body,
    form,
  });
  return { server, curl };
}
