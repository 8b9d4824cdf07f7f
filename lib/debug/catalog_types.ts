/**
 * Types of the debug endpoint catalog (see `catalog.ts`). Browser-safe,
 * type-only: the `/debug` runner island, the OpenAPI generator and the
 * handlers all read the same shapes.
 */

/**
 * How a parameter's raw text is read (`params.ts` implements each):
 * - `integer`: decimal digits, optional leading `-`; no `+`, spaces, `0x`,
 *   exponents or leading zeros; checked against `min`/`max`.
 * - `duration`: milliseconds, `250`, `250ms` or `1.5s`; `min`..`max` in ms.
 * - `string`: any text up to `maxLength` matching `pattern`.
 * - `boolean`: `true`/`1`/empty (present) or `false`/`0`.
 * - `enum`: exactly one of `enum` (numbers compare as decimal text).
 */
export type ParamType = "integer" | "duration" | "string" | "boolean" | "enum";

/** Where a parameter travels. */
export type ParamIn = "path" | "query";

/** The value a parsed parameter has. */
export type ParamValue = number | string | boolean;

/** One path or query parameter of an endpoint. */
export interface ParamSpec {
  /** Name as written in the URL, also the `[data-param=NAME]` hook. */
  readonly name: string;
  readonly in: ParamIn;
  readonly type: ParamType;
  /** Path parameters are always required; query ones never are. */
  readonly required: boolean;
  /** Value used when the parameter is absent (undefined: no default). */
  readonly default?: ParamValue;
  /** Inclusive bounds for `integer` and `duration` (ms). */
  readonly min?: number;
  readonly max?: number;
  /** Allowed values for `enum`. */
  readonly enum?: readonly (string | number)[];
  /** For `string`: longest accepted length and a full-match pattern. */
  readonly maxLength?: number;
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
  /** Human text: what it does, its unit and the env variable of its limit. */
  readonly description: string;
  /** A valid example value, as URL text. */
  readonly example: string;
}

/** A JSON Schema (OpenAPI 3.1 dialect) as a plain object. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A response header an endpoint sets for some status. */
export interface HeaderSpec {
  readonly name: string;
  readonly description: string;
}

/** One documented response of an endpoint. */
export interface ResponseSpec {
  /** `"200"`, `"204"`, `"302"`, or a class such as `"4XX"` (OpenAPI style). */
  readonly status: string;
  readonly description: string;
  /** Media type of the body; absent when the response has no body. */
  readonly contentType?: string;
  /** Schema of the (decompressed) body. */
  readonly schema?: JsonSchema;
  readonly headers?: readonly HeaderSpec[];
}

/** An example request, for docs and the runner's presets. */
export interface ExampleSpec {
  /** Path and query, e.g. `/api/debug/status/418?sleep=250`. */
  readonly url: string;
  readonly description: string;
  /** Method when not GET. */
  readonly method?: string;
}

/** Runner ids of the contract (section 6) plus `openapi`. */
export type EndpointId =
  | "status"
  | "redirect"
  | "echo"
  | "gzip"
  | "deflate"
  | "brotli"
  | "sse"
  | "openapi";

/** One debug endpoint family: one path template with its methods. */
export interface EndpointSpec {
  /** Stable id; the runner's `data-endpoint`. */
  readonly id: EndpointId;
  /** Path template with `{name}` placeholders, e.g. `/api/debug/status/{code}`. */
  readonly path: string;
  /**
   * Methods the endpoint answers, upper case, GET first. `HEAD` is listed
   * wherever `GET` is. `QUERY` (draft-ietf-httpbis-safe-method-w-body) is
   * listed where accepted, though OpenAPI 3.1 cannot describe it.
   */
  readonly methods: readonly string[];
  /** Whether a request body is read (and reflected, for `echo`). */
  readonly acceptsBody: boolean;
  /** Whether the response is a `text/event-stream` (the runner shows events). */
  readonly streaming: boolean;
  readonly summary: string;
  /** Markdown-free prose: behaviour, edge cases, limits. */
  readonly description: string;
  /** Path parameters first (in template order), then query ones. */
  readonly params: readonly ParamSpec[];
  /** Request headers with a meaning here (e.g. SSE's Last-Event-ID). */
  readonly requestHeaders?: readonly HeaderSpec[];
  readonly responses: readonly ResponseSpec[];
  readonly examples: readonly ExampleSpec[];
}
