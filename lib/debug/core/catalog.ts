/**
 * The shapes of the debug endpoint catalog and the pieces every family
 * shares. Each family module (`../endpoints/status.ts`, ...) describes its
 * endpoints with these types next to its handlers; the route table
 * (`../routes.ts`) gives each its id, methods and path, in display order.
 * From that one list come the routes, the `openapi.json` document, the
 * `/debug` reference and each runner's form (the page passes a runner its
 * own {@link EndpointSpec} as props).
 *
 * Browser-safe and pure: no Deno API and no handler code, so the `/debug`
 * runner can import it.
 */
import type { DebugLimits } from "./limits.ts";

/**
 * How a parameter's raw text is read (`params.ts` implements each):
 * - `integer`: decimal digits, optional leading `-`; no `+`, spaces, `0x`,
 *   exponents or leading zeros; checked against `min`/`max`.
 * - `number`: a plain decimal with an optional fraction (`1.5`), same
 *   strictness; `min`/`max` inclusive.
 * - `duration`: milliseconds, `250`, `250ms` or `1.5s`; `min`..`max` in ms.
 * - `seconds`: seconds, httpbin's unit, `1.5`, or with a unit as Go's
 *   durations and go-httpbin take them, `1500ms` or `1.5s`; `min`..`max`
 *   in seconds.
 * - `string`: any text up to `maxLength` matching `pattern`.
 * - `boolean`: `true`/`1`/empty (present) or `false`/`0`.
 * - `enum`: exactly one of `enum` (numbers compare as decimal text).
 * - `choices`: an integer as above, or a comma list of them each with an
 *   optional `:weight` (a plain decimal), e.g. `200,500` or
 *   `200:0.8,500:0.2`; at most `maxLength` characters.
 */
export type ParamType =
  | "integer"
  | "number"
  | "duration"
  | "seconds"
  | "string"
  | "boolean"
  | "enum"
  | "choices";

/** Where a parameter travels. */
export type ParamIn = "path" | "query";

/** The value a parsed parameter has. */
export type ParamValue = number | string | boolean;

/** One path or query parameter of an endpoint. */
export interface ParamSpec {
  /** Name as written in the URL, also the runner's `[data-param=NAME]`. */
  readonly name: string;
  /** Where it is read: a path segment or the query. */
  readonly in: ParamIn;
  /** The grammar its text is parsed with. */
  readonly type: ParamType;
  /**
   * Whether the parameter must be given. An optional path parameter is a
   * trailing segment that an alias template of the endpoint adds (httpbin's
   * `/digest-auth/{qop}/{user}/{passwd}[/{algorithm}]`).
   */
  readonly required: boolean;
  /** A path parameter that takes the rest of the path, slashes included. */
  readonly rest?: boolean;
  /**
   * The parameter only adds waiting (an SSE interval, a drip's duration):
   * the `/debug` page records its samples with 0 so rendering stays fast.
   */
  readonly wait?: boolean;
  /** Value used when the parameter is absent (undefined: no default). */
  readonly default?: ParamValue;
  /** Inclusive lower bound for `integer`, `number` and `duration` (ms). */
  readonly min?: number;
  /** Inclusive upper bound, as `min`; a default above it is this bound. */
  readonly max?: number;
  /** Allowed values for `enum`. */
  readonly enum?: readonly (string | number)[];
  /** For `string`: the longest accepted length. */
  readonly maxLength?: number;
  /** For `string`: a pattern the whole value must match. */
  readonly pattern?: string;
  /**
   * Ranges inside the type's grammar that are refused with a specific
   * reason (e.g. `code` 100-199: informational statuses cannot be final).
   */
  readonly explain?: readonly {
    readonly min: number;
    readonly max: number;
    readonly reason: string;
  }[];
  /** Human text: what it does, its unit and the limit that bounds it. */
  readonly description: string;
  /** A valid example value, as URL text. */
  readonly example: string;
}

/** A JSON Schema (OpenAPI 3.1 dialect) as a plain object. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A request or response header with a meaning for an endpoint. */
export interface HeaderSpec {
  /** The header's name, as documented (`Last-Event-ID`). */
  readonly name: string;
  /** What it means to this endpoint. */
  readonly description: string;
}

/** One documented response of an endpoint. */
export interface ResponseSpec {
  /** `"200"`, `"204"`, `"302"`, or a class such as `"4XX"` (OpenAPI style). */
  readonly status: string;
  /** When it is answered. */
  readonly description: string;
  /** Media type of the body; absent when the response has no body. */
  readonly contentType?: string;
  /** Schema of the (decompressed) body. */
  readonly schema?: JsonSchema;
  /** Response headers with a meaning (Location, Retry-After). */
  readonly headers?: readonly HeaderSpec[];
}

/** An example request, for docs and the runner's presets. */
export interface ExampleSpec {
  /** Path and query, e.g. `/api/debug/status/418?sleep=250`. */
  readonly url: string;
  /** What the example shows, as a link text. */
  readonly description: string;
  /** Method when not GET. */
  readonly method?: string;
}

/**
 * The body an example sent with a body-carrying method but naming none is
 * given (as JSON), both by the runner's "Try" and by the recorded samples,
 * so the reflected body shows something.
 */
export const SAMPLE_BODY = '{"hello": "world"}';

/** One debug endpoint: one path template with its methods. */
export interface EndpointSpec {
  /** Stable id; the runner's `data-endpoint` and the OpenAPI tag. */
  readonly id: string;
  /** Path template with `{name}` placeholders, base included. */
  readonly path: string;
  /**
   * Methods the endpoint is documented with, upper case, GET first; `HEAD`
   * is listed wherever `GET` is. With `anyMethod`, every other method token
   * is answered too.
   */
  readonly methods: readonly string[];
  /** Every method token is answered, not only `methods` (an `ANY` endpoint). */
  readonly anyMethod?: boolean;
  /** Whether a request body is read. */
  readonly acceptsBody: boolean;
  /** Whether the response is a `text/event-stream` (the runner shows events). */
  readonly streaming: boolean;
  /** One line: what the endpoint is for. */
  readonly summary: string;
  /** Prose with `code` spans: behaviour, edge cases, limits. */
  readonly description: string;
  /** Path parameters first (in template order), then query ones. */
  readonly params: readonly ParamSpec[];
  /** Request headers with a meaning here (e.g. SSE's Last-Event-ID). */
  readonly requestHeaders?: readonly HeaderSpec[];
  /** Every status it answers with, problems included. */
  readonly responses: readonly ResponseSpec[];
  /** Sample requests, the `/debug` page's links and recorded samples. */
  readonly examples: readonly ExampleSpec[];
}

/** Methods of the `ANY` endpoints, GET first. */
export const ANY_METHODS: readonly string[] = Object.freeze([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "QUERY",
  "OPTIONS",
]);

/** Methods of the read-only endpoints. */
export const GET_METHODS: readonly string[] = Object.freeze(["GET", "HEAD"]);

/** Statuses 301, 302, 303, 307 and 308: the ones that carry `Location`. */
export const REDIRECT_STATUSES: readonly number[] = Object.freeze([
  301,
  302,
  303,
  307,
  308,
]);

/**
 * A parameter declaration kept as written (its name, type, requirement and
 * default as literal types), so an endpoint that lists it gets its value
 * typed by name. Declarations written inline in an endpoint's `params`
 * need no wrapper.
 */
export function param<const S extends ParamSpec>(spec: S): S {
  return spec;
}

/** The `sleep` parameter every endpoint takes. */
export function sleepParam(l: DebugLimits) {
  return param({
    name: "sleep",
    in: "query",
    type: "duration",
    required: false,
    default: 0,
    min: 0,
    max: l.maxSleepMs,
    description:
      `Delay before the response starts: milliseconds (\`250\`) or with a unit (\`250ms\`, \`1.5s\`). At most ${l.maxSleepMs} ms (limit \`maxSleepMs\`). A client that disconnects during the sleep frees the server's timer.`,
    example: "250ms",
  });
}

/** A `seed` query parameter (what it makes reproducible in `description`). */
export function seedParam(description: string) {
  return param({
    name: "seed",
    in: "query",
    type: "string",
    required: false,
    maxLength: 64,
    pattern: "[A-Za-z0-9_.:-]+",
    description,
    example: "42",
  });
}

/** RFC 9457 problem details, plus `param` naming the offending parameter. */
export const PROBLEM_SCHEMA: JsonSchema = {
  type: "object",
  required: ["type", "title", "status", "detail", "param"],
  properties: {
    type: {
      type: "string",
      description: "Always `about:blank` (RFC 9457 §4.2.1).",
    },
    title: { type: "string", description: "The HTTP status phrase." },
    status: { type: "integer" },
    detail: { type: "string", description: "What is wrong, in words." },
    param: {
      type: ["string", "null"],
      description:
        "The offending parameter: a path or query parameter name, `method`, `body` or a header name; null when no parameter is at fault (an unknown path, a full server).",
    },
  },
};

/** The 4XX problem+json response every endpoint documents. */
export const PROBLEM_4XX: ResponseSpec = {
  status: "4XX",
  description:
    "Bad input (400, naming the parameter), a method the endpoint does not answer (405 with Allow), a body over the limit (413) or too slow (408).",
  contentType: "application/problem+json",
  schema: PROBLEM_SCHEMA,
};

/** A JSON object schema whose values are strings. */
export const STRING_MAP: JsonSchema = {
  type: "object",
  additionalProperties: { type: "string" },
};

/** A path segment's text in a URL: percent-encoded, `/` kept for rest parameters. */
function segment(p: ParamSpec, v: string): string {
  const enc = encodeURIComponent(v);
  return p.rest ? enc.replaceAll("%2F", "/") : enc;
}

/**
 * The URL path and query for `values` (raw text per param name): path
 * params are substituted (percent-encoded); optional path params absent
 * from the template are appended as segments while they have values;
 * query params with a non-empty value are appended in catalog order.
 * Unknown names are ignored.
 */
export function endpointUrl(
  ep: EndpointSpec,
  values: Readonly<Record<string, string | undefined>>,
): string {
  let path = ep.path;
  let trailing = true;
  const query = new URLSearchParams();
  for (const p of ep.params) {
    const v = values[p.name];
    if (p.in === "path") {
      if (path.includes(`{${p.name}}`)) {
        path = path.replace(`{${p.name}}`, segment(p, v ?? ""));
      } else if (trailing && v) path += `/${segment(p, v)}`;
      else trailing = false;
    } else if (v !== undefined && v !== "") query.append(p.name, v);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The endpoint with `id`; throws on an unknown id (a programming error). */
export function endpoint(
  catalog: readonly EndpointSpec[],
  id: string,
): EndpointSpec {
  const ep = catalog.find((e) => e.id === id);
  if (!ep) throw new Error(`no debug endpoint ${id}`);
  return ep;
}
