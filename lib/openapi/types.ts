/**
 * Plain data shared by the spec parser, the Web Worker and the SpecViewer
 * island. Everything here survives `structuredClone`, so the worker can hand
 * it to the page as is.
 */
import type { Md } from "./markdown.ts";
import type { SchemaEdge, SchemaNode } from "./schema_graph.ts";
import type { OperationRequest } from "./curl.ts";
import type { ServerChoice } from "./servers.ts";

export type { Container, Md, MdNode } from "./markdown.ts";
export type { SchemaAlts, SchemaEdge, SchemaNode } from "./schema_graph.ts";
export type { OperationRequest, Pair, QueryPair } from "./curl.ts";
export type { ServerChoice, ServerVariable } from "./servers.ts";

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
  /** 1-based column in the source text (UTF-16 code units), when known. */
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
  /** The operation's `summary`, "" when it has none. */
  summary: string;
  /** The operation's `operationId` (a number written as one is kept as text), "" when none. */
  operationId: string;
  /** The operation's `tags` in written order (other scalars as text, anything else dropped); empty when none. */
  tags: string[];
  /** True only when the operation says `deprecated: true`. */
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
  /** Callback name (key under the operation's `callbacks`). */
  name: string;
  /** Runtime expression (key inside the callback object). */
  expression: string;
  /** Lower-case method of the callback operation. */
  method: string;
}

/** A callback operation of an opened operation, with its summary. */
export interface CallbackOp extends CallbackRef {
  /** The callback operation's `summary`, "" when it has none. */
  summary: string;
}

/** A callback operation: shown apart, never counted (the API calls it). */
export interface CallbackEntry {
  /** Where the operation that declares it is: `paths`, or a webhook. */
  parentContainer: "paths" | "webhooks";
  /** The operation that declares the callback. */
  parentMethod: string;
  /** Path template (or webhook name) of the operation that declares it. */
  parentPath: string;
  /** Callback name (key under `callbacks`). */
  name: string;
  /** Runtime expression (key inside the callback object). */
  expression: string;
  /** Lower-case method of the callback operation. */
  method: string;
  /** The callback operation's `summary`, "" when it has none. */
  summary: string;
}

/** A tag with its declared description (or none when only used). */
export interface TagInfo {
  /** The tag's name as written. */
  name: string;
  /** The `description` under the document's `tags`, "" when undeclared or absent. */
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
  /** Whether the text was read as JSON or as YAML. */
  syntax: Syntax;
  /** `info.title` as written in the source text, cut to 1,000 characters. */
  title: string;
  /** `info.version` as written in the source text (`1.0`, not `1`). */
  version: string;
  /** `info.description`, unrendered. */
  description: string;
  /** Server URLs (3.x `servers`, or 2.0 scheme + host + basePath). */
  servers: string[];
  /** The servers a reader may choose among, the default first (see `serverChoices`). */
  serverChoices: ServerChoice[];
  /** Sorted by path (code-point order), then method (see `methodRank`). */
  endpoints: Endpoint[];
  /** Webhooks, sorted by name then method; not counted. */
  webhooks: Endpoint[];
  /** Callback operations under the endpoints' operations, at most 5,000; not counted. */
  callbacks: CallbackEntry[];
  /** `[method, count]` in list order, only methods that occur. */
  methodCounts: [string, number][];
  /** Declared tags in document order, then tags only used, sorted. */
  tags: TagInfo[];
  /** Lower-cased additionalOperations keys: filter terms equal to one are method terms. */
  extraMethods: string[];
  /**
   * Names of the document's named schemas (3.x `components.schemas`, 2.0
   * `definitions`) in written order, at most 5,000; not counted as
   * endpoints. Empty in a preview (read from the outline).
   */
  schemas: string[];
  /** How many named schemas the document has (more than `schemas` lists when cut). */
  schemaCount: number;
  /**
   * The API's description, terms, contact, license, external docs and
   * security schemes (a preview's lacks the schemes: the outline has no
   * components).
   */
  about: AboutInfo;
  /** Non-fatal problems found so far, at most 300 plus one line summing up the rest. */
  warnings: SpecWarning[];
  /**
   * False until the slower checks ran (unique operationIds, declared path
   * parameters, `$ref` targets): the worker posts the list first.
   */
  checked: boolean;
  /** Size of the input in UTF-16 code units. */
  chars: number;
}

/** Enum values of a parameter's schema (`on` ""), or of its items (`items`). */
export interface ParamEnum {
  /** "" for the parameter's own values, `items` (`items[]`...) for its items'. */
  on: string;
  /** The values as short JSON, at most the schema graph's bound. */
  values: string[];
  /** Values past the bound, not listed. */
  more: number;
  /** Each value's `x-enumDescriptions` text, as the schema graph's; [] for none. */
  descriptions: string[];
  /** Each value's `x-enum-varnames` name, as the schema graph's; [] for none. */
  names: string[];
}

/** A parameter of an operation after merging and `$ref` resolution. */
export interface ParamDetail {
  /** The parameter's `name` as written. */
  name: string;
  /** Where it goes (`path`, `query`, `header`, `cookie`), as written; `header` for a response header. */
  in: string;
  /** True only when it says `required: true`. */
  required: boolean;
  /** True only when it says `deprecated: true`. */
  deprecated: boolean;
  /** Its `description`, parsed as Markdown; empty when none. */
  description: Md;
  /** Short type summary (`string`, `array<Pet>`, `integer (int64)`). */
  type: string;
  /** Default and constraints of its schema and its items (`default 20`, `>= 1`, `items maxLength 3`). */
  facts: string[];
  /** True when it was declared on the path item, not the operation. */
  fromPath: boolean;
  /** Its schema's enum values, and its items' (all a row can show). */
  enums: ParamEnum[];
  /**
   * Its schema as a tree when it has fields or alternatives (a deepObject
   * filter, `anyOf<object | integer>`), which a type summary cannot show.
   */
  schema?: SchemaEdge;
}

/** One property of a body or response schema, one level deep. */
export interface FieldDetail {
  /** The property (or 2.0 form field) name. */
  name: string;
  /** Short type summary, as {@link ParamDetail.type}. */
  type: string;
  /** True when the schema's `required` lists it. */
  required: boolean;
  /** Its `description`, unrendered and cut to 2,000 characters; "" when none. */
  description: string;
}

/** An example body: generated from the schema, or written in the spec. */
export interface ExampleDetail {
  /** `Generated from the schema`, or the example's name. */
  label: string;
  /** The text shown (JSON indented; a written string as written). */
  text: string;
  /** True for the example generated from the schema, false for a written one. */
  generated: boolean;
  /** True for a written `externalValue` only: named, not fetched, no value. */
  external?: boolean;
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
  /** The generated example first (JSON media types only), then the written ones. */
  examples: ExampleDetail[];
  /** How each part of a multipart or form body is sent (its `encoding`). */
  encoding: EncodingDetail[];
}

/**
 * How one property of a multipart or urlencoded body is sent (OpenAPI 3.1
 * §4.8.15 Encoding Object): its part's Content-Type and headers, or its
 * style, as `image/png` or `style form, explode false`.
 */
export interface EncodingDetail {
  /** The property's name. */
  name: string;
  /** What is written, one fact each: `image/png, image/jpeg`, `header X-Rate`. */
  facts: string[];
}

/**
 * A link from a response to another operation (OpenAPI 3 Link Object,
 * §4.8.20 of 3.1): how a value of this response feeds that operation.
 */
export interface LinkDetail {
  /** The link's key under the response's `links`. */
  name: string;
  /** The `operationId`, else the `operationRef`, as written. */
  target: string;
  /** `name = expression` per parameter, then `requestBody = …`. */
  parameters: string[];
  /** The link's `server` URL, its variables at their defaults; "" when none. */
  server: string;
  /** The link's `description`, parsed as Markdown; empty when none. */
  description: Md;
  /**
   * True when the target is in this document (an `operationId`, or an
   * `operationRef` into it) and names no operation there: shown as
   * written, said to name nothing, never a link.
   */
  missing: boolean;
  /**
   * Where the `operationId` it names is listed apart from the endpoints
   * (a webhook's or a callback's, which the endpoint list does not
   * hold); null for an operation under `paths`, or an `operationRef`.
   */
  apart: ApartOp | null;
}

/**
 * An operation listed apart from the endpoints: a webhook (its name and
 * method), or a callback (the operation that declares it, as the
 * Callbacks list names it, with the callback's name, expression and
 * method).
 */
export type ApartOp =
  | { kind: "webhook"; path: string; method: string }
  | (
    & {
      kind: "callback";
      parentContainer: "paths" | "webhooks";
      parentPath: string;
      parentMethod: string;
    }
    & CallbackRef
  );

/** A response of an operation. */
export interface ResponseDetail {
  /** The key under `responses` as written: `200`, `4XX`, `default`. */
  status: string;
  /** Its 3.2 `summary`, "" when none. */
  summary: string;
  /** Its `description`, parsed as Markdown; empty when none. */
  description: Md;
  /** Its links to other operations, as Swagger UI lists them. */
  links: LinkDetail[];
  /** Its headers (`in` is "header"), as Swagger UI and Redoc list them. */
  headers: ParamDetail[];
  /** One per media type of its content (2.0: of `produces`); empty when it has no body. */
  bodies: BodyDetail[];
}

/** A code sample an operation carries (Redoc's `x-codeSamples`). */
export interface CodeSample {
  /** Its `lang` (`Python`, `JavaScript`), "" when none. */
  lang: string;
  /** Its `label` (`Python SDK`), else its `lang`, else "Sample N". */
  label: string;
  /** Its `source`, as written. */
  source: string;
}

/** A badge an operation carries (`x-badges`: Redoc's and Scalar's). */
export interface Badge {
  /** Its `name`, the text it shows. */
  name: string;
  /**
   * Its `color` when it is a CSS color this page can use as written (a
   * hex, `rgb()`/`hsl()` of numbers, or a keyword), else "".
   */
  color: string;
}

/** Everything the expanded row shows; computed lazily on expand. */
export interface OperationDetail {
  /** Lower-case method, as in {@link Endpoint.method} (a callback's own method for a callback). */
  method: string;
  /** The path template (a callback's runtime expression for a callback). */
  path: string;
  /** The `operationId` as written, "" when none. */
  operationId: string;
  /** The `summary`, "" when none. */
  summary: string;
  /** The operation's `description`, else its path item's, parsed as Markdown. */
  description: Md;
  /** True only when the operation says `deprecated: true`. */
  deprecated: boolean;
  /** The operation's `tags` as written. */
  tags: string[];
  /** The path item's and the operation's parameters merged (OpenAPI 3.1 §4.8.9.1: the operation's override), request bodies and 2.0 form fields left out. */
  parameters: ParamDetail[];
  /**
   * The request body (3.x `requestBody`; 2.0 a `body` parameter, or the
   * `formData` parameters as one form body); null when there is none.
   */
  requestBody: {
    /** Its `description`, parsed as Markdown. */
    description: Md;
    /** True when it says `required: true` (a form: when any field is required). */
    required: boolean;
    /** One per media type. */
    bodies: BodyDetail[];
  } | null;
  /** Responses in written order, `x-` keys left out. */
  responses: ResponseDetail[];
  /** Security requirement alternatives: each is `name [scopes]` joined by " + ". Empty = none declared; `["(none)"]` = explicitly public. */
  security: string[];
  /** Names of callbacks declared by the operation. */
  callbacks: string[];
  /**
   * The callback operations it declares (each name's expressions and
   * methods, at most 50), to open as the callback list's rows; none in 2.0.
   */
  callbackOps: CallbackOp[];
  /** True when it declares more callback operations than `callbackOps` lists. */
  callbackOpsCut: boolean;
  /** Its `externalDocs` as a link, null when it has none. */
  docs: AboutLink | null;
  /**
   * Code samples the spec writes for it (`x-codeSamples`, or the older
   * `x-code-samples`, as Redoc reads them), at most 20, each cut to
   * 20,000 characters.
   */
  codeSamples: CodeSample[];
  /**
   * Its `x-badges` (Redoc's and Scalar's), in the order shown: those
   * written `position: before` first, then the rest (`after`, the
   * default), at most 20.
   */
  badges: Badge[];
  /** Problems met while reading the operation (broken `$ref`s), one sentence each. */
  warnings: string[];
  /** The server URL the operation is called on ("" when relative to nothing). */
  server: string;
  /** A cURL command calling the operation with its generated example body. */
  curl: string;
  /** Why there is no command ("" when there is one). */
  curlNote: string;
  /** The same request as a `fetch` call (Node.js, Deno), or "". */
  fetch: string;
  /** Why there is no call, or what it leaves out ("" when whole). */
  fetchNote: string;
  /** The same request as a Python script (requests), or "". */
  python: string;
  /** Why there is no script, or what it leaves out ("" when whole). */
  pythonNote: string;
  /**
   * The command's request with `url` the path alone when the operation is
   * called on the document's servers (another chosen among
   * `SpecIndex.serverChoices` writes the command again); else null.
   */
  curlRequest: OperationRequest | null;
  /**
   * Schema nodes of the bodies, the first levels (more on request from the
   * worker, by id).
   */
  nodes: SchemaNode[];
}

/**
 * One named schema shown on its own (Swagger UI's "Schemas", Redoc's and
 * Scalar's models): its tree, its generated example and its written ones.
 */
export interface SchemaDetail {
  /** The name under `components.schemas` (2.0: `definitions`). */
  name: string;
  /** The schema as a body: its root in the graph, fields and examples. */
  body: BodyDetail;
  /** Schema nodes of the tree, the first levels (more on request, by id). */
  nodes: SchemaNode[];
}

export type { SpecErrorInfo } from "./errors.ts";

/** A link shown by its text (`name`, an address). */
export interface AboutLink {
  /** What the link reads as. */
  text: string;
  /** An http(s) or mailto address, "" when none (then `text` alone). */
  href: string;
}

/** One security scheme, as a client must present it. */
export interface SchemeInfo {
  /** Its name under `securitySchemes` (`securityDefinitions`). */
  name: string;
  /** Where the credentials go: `HTTP bearer (JWT)`, `API key in header X-Key`. */
  summary: string;
  /** OAuth 2 flows (one line each: the flow, its URLs) and their scopes. */
  flows: { flow: string; urls: AboutLink[]; scopes: [string, string][] }[];
  /** An OpenID Connect discovery URL (a link only when http or https), or null. */
  openIdConnect: AboutLink | null;
  /** OAuth 2's metadata URL (OpenAPI 3.2 `oauth2MetadataUrl`, RFC 8414), or null. */
  metadata: AboutLink | null;
  /** True when marked `deprecated` (OpenAPI 3.2). */
  deprecated: boolean;
  /** Its `description`, as Markdown. */
  description: Md;
}

/** The document's `info` and security schemes, for the page's "About" block. */
export interface AboutInfo {
  /** `info.summary` (3.1+), one short line, "" when none. */
  summary: string;
  /** `info.description`, as Markdown. */
  description: Md;
  /** Terms of service, contact, license and external docs, as links. */
  links: { label: string; link: AboutLink }[];
  /** The security schemes, in written order (at most 50). */
  schemes: SchemeInfo[];
  /** How many schemes there are (more than `schemes` lists when cut). */
  schemeCount: number;
  /**
   * Declared tags that say something (a description or external docs), in
   * written order, at most 200: what Swagger UI heads each group with.
   */
  tags: {
    name: string;
    /** Its 3.2 `summary` ("" when none). */
    summary: string;
    /** The tag it sits under (3.2 `parent`), "" when none. */
    parent: string;
    /** Its 3.2 `kind` (`nav`, `badge`, `audience`...), "" when none. */
    kind: string;
    description: Md;
    docs: AboutLink | null;
  }[];
}
