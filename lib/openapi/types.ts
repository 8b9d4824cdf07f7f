/**
 * Plain data shared by the spec parser, the Web Worker and the SpecViewer
 * island. Everything here survives `structuredClone`, so the worker can hand
 * it to the page as is.
 */
import type { Md } from "./markdown.ts";
import type { SchemaEdge, SchemaNode } from "./schema_graph.ts";

export type { Md, MdNode } from "./markdown.ts";
export type { SchemaAlts, SchemaEdge, SchemaNode } from "./schema_graph.ts";

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

/**
 * Which callback of an operation: its name, runtime expression and method
 * (OpenAPI 3.1 §4.8.18), for asking its detail.
 */
export interface CallbackRef {
  name: string;
  expression: string;
  method: string;
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
  description: Md;
  /** Short type summary (`string`, `array<Pet>`, `integer (int64)`). */
  type: string;
  /** Default and constraints of its schema and its items (`default 20`, `>= 1`, `items maxLength 3`). */
  facts: string[];
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

/** An example body: generated from the schema, or written in the spec. */
export interface ExampleDetail {
  /** `Generated from the schema`, or the example's name. */
  label: string;
  /** The text shown (JSON indented; a written string as written). */
  text: string;
  generated: boolean;
}

/** A media type of a request or response body. */
export interface BodyDetail {
  /** Media type (`application/json`, `multipart/form-data`). */
  mediaType: string;
  /** Type summary of the schema, empty when there is none. */
  type: string;
  /** Top-level fields (summary; the tree shows every level). */
  fields: FieldDetail[];
  /** The schema's root in the operation's schema graph, or null. */
  schema: SchemaEdge | null;
  examples: ExampleDetail[];
}

/**
 * A link from a response to another operation (OpenAPI 3 Link Object,
 * §4.8.20 of 3.1): how a value of this response feeds that operation.
 */
export interface LinkDetail {
  name: string;
  /** The `operationId`, else the `operationRef`, as written. */
  target: string;
  /** `name = expression` per parameter, then `requestBody = …`. */
  parameters: string[];
  description: Md;
}

/** A response of an operation. */
export interface ResponseDetail {
  status: string;
  /** Its 3.2 `summary`, "" when none. */
  summary: string;
  description: Md;
  /** Its links to other operations, as Swagger UI lists them. */
  links: LinkDetail[];
  /** Its headers (`in` is "header"), as Swagger UI and Redoc list them. */
  headers: ParamDetail[];
  bodies: BodyDetail[];
}

/** Everything the expanded row shows; computed lazily on expand. */
export interface OperationDetail {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: Md;
  deprecated: boolean;
  tags: string[];
  parameters: ParamDetail[];
  requestBody: {
    description: Md;
    required: boolean;
    bodies: BodyDetail[];
  } | null;
  responses: ResponseDetail[];
  /** Security requirement alternatives: each is `name [scopes]` joined by " + ". Empty = none declared; `["(none)"]` = explicitly public. */
  security: string[];
  /** Names of callbacks declared by the operation. */
  callbacks: string[];
  warnings: string[];
  /** The server URL the operation is called on ("" when relative to nothing). */
  server: string;
  /** A cURL command calling the operation with its generated example body. */
  curl: string;
  /**
   * Schema nodes of the bodies, the first levels (more on request from the
   * worker, by id).
   */
  nodes: SchemaNode[];
}

export type { SpecErrorInfo } from "./errors.ts";
