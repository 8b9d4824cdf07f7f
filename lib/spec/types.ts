/**
 * Plain data shared by the spec parser, the Web Worker and the SpecViewer
 * island. Everything here survives `structuredClone`, so the worker can hand
 * it to the page as is.
 */

/** Where a spec came from, textually: decides the parser that read it. */
export type Syntax = "json" | "yaml";

/** A non-fatal problem found while indexing: the list still works. */
export interface SpecWarning {
  /** One sentence naming the problem and what the viewer did about it. */
  message: string;
  /** JSON path of the offending value (`$.paths["/pets"].get`), when known. */
  path?: string;
  /** 1-based line and column in the source text, when known. */
  line?: number;
  column?: number;
}

/**
 * One row of the endpoint list: a (path, method) pair under `paths`, or a
 * webhook (then `path` is the webhook's name).
 */
export interface Endpoint {
  /** Lower-case method: a fixed field name, `query`, or an additionalOperations key lower-cased. */
  method: string;
  /** The key under `paths` (or `webhooks`), as written. */
  path: string;
  summary: string;
  operationId: string;
  tags: string[];
  deprecated: boolean;
  /** The operation's key in its path item as written (`get`, or `COPY` under additionalOperations). */
  opKey: string;
  /** True when the operation sits under the 3.2 `additionalOperations` map. */
  additional: boolean;
  /**
   * Lower-cased `path`, `summary`, tags and `operationId` joined by newlines.
   * Filter terms contain no whitespace, so a term can never match across two
   * fields, and each keystroke costs one `includes` per endpoint.
   */
  hay: string;
}

/** A callback operation: shown apart, never counted (the API calls it). */
export interface CallbackEntry {
  /** The operation that declares the callback. */
  parentMethod: string;
  parentPath: string;
  /** Callback name (key under `callbacks`). */
  name: string;
  /** Runtime expression (key inside the callback object). */
  expression: string;
  method: string;
  summary: string;
}

/** A tag with its declared description (or none when only used). */
export interface TagInfo {
  name: string;
  description: string;
  /** Endpoints (not webhooks) using the tag. */
  count: number;
}

/** Everything the list view needs, computed once per document. */
export interface SpecIndex {
  /** `openapi` or `swagger`: the family of the document. */
  family: "openapi" | "swagger";
  /** Version of the specification as written (`3.1.0`, `2.0`). */
  specVersion: string;
  /** Display name of the format: `OpenAPI 3.1.0`, `Swagger 2.0`. */
  format: string;
  syntax: Syntax;
  title: string;
  /** `info.version` as written in the source text (`1.0`, not `1`). */
  version: string;
  /** `info.description`, unrendered. */
  description: string;
  /** Server URLs (3.x `servers`, or 2.0 scheme + host + basePath). */
  servers: string[];
  /** Sorted by path (code-point order), then method (see `methodRank`). */
  endpoints: Endpoint[];
  /** Webhooks, sorted by name then method; not counted. */
  webhooks: Endpoint[];
  callbacks: CallbackEntry[];
  /** `[method, count]` in list order, only methods that occur. */
  methodCounts: [string, number][];
  tags: TagInfo[];
  /** Lower-cased additionalOperations keys: filter terms equal to one are method terms. */
  extraMethods: string[];
  warnings: SpecWarning[];
  /**
   * False until the slower checks ran (unique operationIds, declared path
   * parameters, `$ref` targets): the worker posts the list first.
   */
  checked: boolean;
  /** Size of the input in UTF-16 code units. */
  chars: number;
}

/** A parameter of an operation after merging and `$ref` resolution. */
export interface ParamDetail {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  description: string;
  /** Short type summary (`string`, `array<Pet>`, `integer (int64)`). */
  type: string;
  /** True when it was declared on the path item, not the operation. */
  fromPath: boolean;
}

/** One property of a body or response schema, one level deep. */
export interface FieldDetail {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** A media type of a request or response body. */
export interface BodyDetail {
  /** Media type (`application/json`), or `formData` for Swagger 2.0 forms. */
  mediaType: string;
  /** Type summary of the schema, empty when there is none. */
  type: string;
  fields: FieldDetail[];
}

/** A response of an operation. */
export interface ResponseDetail {
  status: string;
  description: string;
  bodies: BodyDetail[];
}

/** Everything the expanded row shows; computed lazily on expand. */
export interface OperationDetail {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  deprecated: boolean;
  tags: string[];
  parameters: ParamDetail[];
  requestBody: {
    description: string;
    required: boolean;
    bodies: BodyDetail[];
  } | null;
  responses: ResponseDetail[];
  /** Security requirement alternatives: each is `name [scopes]` joined by " + ". Empty = none declared; `["(none)"]` = explicitly public. */
  security: string[];
  /** Names of callbacks declared by the operation. */
  callbacks: string[];
  warnings: string[];
}

/** Where a rejected input went wrong. */
export interface SpecErrorInfo {
  /** `syntax` (cannot be read), `format` (not OpenAPI/Swagger) or `structure`. */
  kind: "syntax" | "format" | "structure";
  message: string;
  line?: number;
  column?: number;
  /** JSON path for structural errors. */
  path?: string;
  /** A few source lines around the error with a caret, for syntax errors. */
  excerpt?: string;
}
