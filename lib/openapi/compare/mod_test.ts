/**
 * Spec compare, one change kind at a time: each `ok/...` pair of a minimal
 * base and revision must report exactly the changes listed (id, level and
 * operations), and each `same/...` pair nothing at all.
 */
import assert from "node:assert/strict";
import { codeSpan } from "./code_span.ts";
import { compareSpecs } from "./mod.ts";
import type { Change } from "./types.ts";

type Json = Record<string, unknown>;

/** `GET` of a path whose one parameter is `name`. */
function pathParamOp(name: string): Json {
  return {
    get: {
      parameters: [{ name, in: "path", required: true, schema: STR }],
      responses: ok200,
    },
  };
}

/** `POST /a` taking a body of these media types' schemas. */
function takes(media: Record<string, Json>): Json {
  const content = Object.fromEntries(
    Object.entries(media).map(([k, schema]) => [k, { schema }]),
  );
  return { "/a": { post: { requestBody: { content }, responses: ok200 } } };
}

/** An OpenAPI 3.0 document with these paths and schemas. */
function doc(paths: Json, schemas: Json = {}, extra: Json = {}): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths,
    components: { schemas },
    ...extra,
  });
}

const ok200 = { "200": { description: "ok" } };

/** `GET /a` with these parameters. */
function withParams(...parameters: Json[]): Json {
  return { "/a": { get: { parameters, responses: ok200 } } };
}

/** `GET /a/{id}` with the path parameter's schema. */
function pathParam(schema: Json, more: Json = {}): Json {
  return {
    "/a/{id}": {
      get: {
        parameters: [{
          name: "id",
          in: "path",
          required: true,
          schema,
          ...more,
        }],
        responses: ok200,
      },
    },
  };
}

/** `GET /a?q=` with the query parameter's schema. */
function query(schema: Json, more: Json = {}): Json {
  return withParams({ name: "q", in: "query", schema, ...more });
}

/** `POST /a` with a JSON request body of this schema. */
function requestBody(schema: Json, required = true): Json {
  return {
    "/a": {
      post: {
        requestBody: {
          required,
          content: { "application/json": { schema } },
        },
        responses: ok200,
      },
    },
  };
}

/**
 * `GET /a` answering each status with a JSON body of its schema (null: a
 * response without a body).
 */
function statuses(bodies: Record<string, Json | null>): Json {
  const responses: Json = {};
  for (const [status, schema] of Object.entries(bodies)) {
    responses[status] = schema
      ? { description: "ok", content: { "application/json": { schema } } }
      : { description: "ok" };
  }
  return { "/a": { get: { responses } } };
}

/** `GET /a` answering 200 with a JSON body of this schema. */
function responseBody(schema: Json, headers?: Json): Json {
  return {
    "/a": {
      get: {
        responses: {
          "200": {
            description: "ok",
            ...(headers ? { headers } : {}),
            content: { "application/json": { schema } },
          },
        },
      },
    },
  };
}

function object(properties: Json, required: string[] = []): Json {
  return { type: "object", properties, required };
}

/**
 * `GET /a` answers with a Tag, `GET /b` with an array of them, `GET /c`
 * with an object whose property `tag` is one: three ways to reach it.
 */
function threeReaches(): Json {
  const tag = { $ref: "#/components/schemas/Tag" };
  return {
    ...responseBody(tag),
    "/b": responseBody({ type: "array", items: tag })["/a"],
    "/c": responseBody(object({ tag }))["/a"],
  };
}

/** The same document as {@link doc}, as OpenAPI 3.1. */
function doc31(paths: Json, schemas: Json = {}): string {
  return doc(paths, schemas, { openapi: "3.1.0" });
}

const STR = { type: "string" };

/** A `$ref` to a component schema. */
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** An object refusing properties other than `properties`. */
const CLOSED = (properties: Json): Json => ({
  ...object(properties),
  additionalProperties: false,
});

/** A 3.1 object whose `k` chooses an alternative; both declare `a`. */
const UNION = (): Json => ({
  type: "object",
  oneOf: [
    { properties: { k: { const: 1 }, a: STR } },
    { properties: { k: { const: 2 }, a: { type: "integer" } } },
  ],
});

const CIRCLE = object({ r: { type: "number" } }, ["r"]);
const SQUARE = object({ side: { type: "number" } }, ["side"]) as {
  properties: Json;
};

/** A 3.2 document: `GET /a` answers JSON Lines whose items are `item`. */
function jsonLines(item: Json): string {
  const content = { "application/jsonl": { itemSchema: item } };
  return doc(
    { "/a": { get: { responses: { "200": { description: "ok", content } } } } },
    {},
    { openapi: "3.2.0" },
  );
}

/**
 * A 3.2 document: `GET /a` answers `type` whose items are `item`, written
 * as `schema: {type: array, items}` (or as `itemSchema` when `asItems`).
 */
function sequence(
  type: string,
  item: Json,
  schemas: Json = {},
  asItems = false,
): string {
  const media = asItems
    ? { itemSchema: item }
    : { schema: { type: "array", items: item } };
  const content = { [type]: media };
  return doc(
    { "/a": { get: { responses: { "200": { description: "ok", content } } } } },
    schemas,
    { openapi: "3.2.0" },
  );
}

/** A component three objects deep, reached at two depths below. */
const NESTED = {
  C: object({ x: object({ y: object({ z: { type: "string" } }) }) }),
};
const DEEP = (m: string, description?: string) => ({
  ...object({
    e: object({ f: { $ref: "#/components/schemas/C" } }),
    m: { type: m },
  }),
  ...(description ? { description } : {}),
});
const SHALLOW = (description?: string) => ({
  ...object({ k: { $ref: "#/components/schemas/C" }, q: { type: "boolean" } }),
  ...(description ? { description } : {}),
});

/**
 * `POST /a` taking the schema named `cat` (a circle) or Dog (a square), told
 * apart by `kind`, with this mapping (none: the implicit one, by name).
 */
function pets(cat: string, mapping?: Json): string {
  return doc(
    requestBody({
      oneOf: [{ $ref: `#/components/schemas/${cat}` }, {
        $ref: "#/components/schemas/Dog",
      }],
      discriminator: { propertyName: "kind", ...(mapping ? { mapping } : {}) },
    }),
    { [cat]: CIRCLE, Dog: SQUARE },
  );
}

/** A document's servers. */
const API_SERVERS = { servers: [{ url: "https://api.x.example" }] };

/** 250 inline alternatives, each an object with its own required field. */
const MANY = Array.from(
  { length: 250 },
  (_, i) => object({ [`f${i}`]: { type: "string" } }, [`f${i}`]),
);

/** `POST /a` with a form body of this media type, properties and encoding. */
function form(type: string, properties: Json, encoding?: Json): string {
  const media = {
    schema: object(properties),
    ...(encoding ? { encoding } : {}),
  };
  return doc({
    "/a": {
      post: { requestBody: { content: { [type]: media } }, responses: ok200 },
    },
  });
}

const TAGS = { tags: { type: "array", items: { type: "string" } } };
const META = { meta: { type: "object" }, n: { type: "integer" } };

/** `GET /a` answering 200 with JSON of this Media Type Object. */
function responseMedia(media: Json): Json {
  return {
    "/a": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": media },
          },
        },
      },
    },
  };
}

/** `POST /a` taking JSON of this Media Type Object. */
function requestMedia(media: Json): Json {
  return {
    "/a": {
      post: {
        requestBody: { content: { "application/json": media } },
        responses: ok200,
      },
    },
  };
}

const WITH_ID = { schema: object({ id: { type: "integer" } }, ["id"]) };

/** A Swagger 2.0 document with these paths and top-level fields. */
function swagger(paths: Json, extra: Json = {}): string {
  return JSON.stringify({
    swagger: "2.0",
    info: { title: "T", version: "1" },
    paths,
    ...extra,
  });
}

const GET_A = { "/a": { get: { responses: ok200 } } };

/**
 * A 2.0 `POST /a` taking a form of media type `type` whose field `tags`
 * is an array of strings written as `format` says (csv when undefined).
 */
function swaggerTags(type: string, format?: string): string {
  return swagger({
    "/a": {
      post: {
        consumes: [type],
        parameters: [{
          name: "tags",
          in: "formData",
          ...TAGS.tags,
          ...(format ? { collectionFormat: format } : {}),
        }],
        responses: ok200,
      },
    },
  });
}

/** `POST /a` taking, and answering 200 with, these media types of a schema. */
function typed(request: string[], response: string[], schema: Json): Json {
  const content = (types: string[]) =>
    Object.fromEntries(types.map((t) => [t, { schema }]));
  return {
    "/a": {
      post: {
        requestBody: { content: content(request) },
        responses: { "200": { description: "ok", content: content(response) } },
      },
    },
  };
}

const OBJ = { type: "object" };

/** A 3.2 `GET /a` whose query string is a form of this schema. */
function queryString(schema: Json): string {
  return doc(
    withParams({
      name: "qs",
      in: "querystring",
      content: { "application/x-www-form-urlencoded": { schema } },
    }),
    {},
    { openapi: "3.2.0" },
  );
}

/** A 2.0 `POST /a` form of two fields, `b` required or not. */
function swaggerForm(required: boolean): string {
  return swagger({
    "/a": {
      post: {
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [
          { name: "a", in: "formData", type: "string" },
          { name: "b", in: "formData", type: "string", required },
        ],
        responses: ok200,
      },
    },
  });
}

/** A 3.2 document whose path `/a` has these operations, written as YAML. */
function ops32(item: string): string {
  return `openapi: 3.2.0
info: {title: T, version: "1"}
paths:
  /a:
${item.replace(/^/gm, "    ")}
`;
}

/**
 * A 3.2 document whose `GET /a` and whole API need scheme `dev` (scope
 * `read`), the requirements keyed by `key` (a name or a URI, §4.8.30).
 */
function securedBy(key: string): string {
  return doc(
    { "/a": { get: { security: [{ [key]: ["read"] }], responses: ok200 } } },
    {},
    {
      openapi: "3.2.0",
      $self: "https://x.test/api.yaml",
      security: [{ [key]: [] }],
      components: {
        securitySchemes: {
          dev: {
            type: "oauth2",
            flows: {
              clientCredentials: {
                tokenUrl: "https://t/x",
                scopes: { read: "r" },
              },
            },
          },
        },
      },
    },
  );
}

/**
 * A 3.0 document, as YAML: `GET /pets` answers a Pet, `POST /pets` takes
 * one; Pet's `petType` picks a subtype, each a component written
 * `allOf: [{$ref: Pet}, …]`, given here as YAML lines under `schemas`.
 */
function petsAllOf(subtypes: string): string {
  return `openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /pets:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pet"}
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/Pet"}
      responses: {"200": {description: ok}}
components:
  schemas:
    Pet:
      type: object
      required: [petType]
      properties: {petType: {type: string}}
      discriminator: {propertyName: petType}
${subtypes.replace(/^(?=.)/gm, "    ")}`;
}

const CAT = `Cat:
  allOf:
    - {$ref: "#/components/schemas/Pet"}
    - {type: object, required: [lives], properties: {lives: {type: integer}}}
`;
const DOG = `Dog:
  allOf:
    - {$ref: "#/components/schemas/Pet"}
    - {properties: {bark: {type: string}}}
`;

/** The same as {@link petsAllOf}, as Swagger 2.0 (`discriminator: petType`). */
function petsAllOf20(subtypes: string): string {
  return `swagger: "2.0"
info: {title: T, version: "1"}
paths:
  /pets:
    get:
      produces: [application/json]
      responses:
        "200":
          description: ok
          schema: {$ref: "#/definitions/Pet"}
    post:
      consumes: [application/json]
      parameters:
        - {name: pet, in: body, required: true, schema: {$ref: "#/definitions/Pet"}}
      responses: {"200": {description: ok}}
definitions:
  Pet:
    type: object
    required: [petType]
    properties: {petType: {type: string}}
    discriminator: petType
${
    subtypes.replaceAll("#/components/schemas/", "#/definitions/").replace(
      /^(?=.)/gm,
      "  ",
    )
  }`;
}

/** `GET /a` answering 200 with an object in each of these media types. */
function answering(types: string[]): Json {
  const content = Object.fromEntries(types.map((t) => [t, { schema: OBJ }]));
  return {
    "/a": { get: { responses: { "200": { description: "ok", content } } } },
  };
}

/** A 3.2 `GET /a` answering multipart whose part `img` is sent as `type`. */
function multipartResponse(type: string): string {
  const media = {
    schema: object({ img: STR }),
    encoding: { img: { contentType: type } },
  };
  return doc(
    {
      "/a": {
        get: {
          responses: {
            "200": { description: "ok", content: { "multipart/mixed": media } },
          },
        },
      },
    },
    {},
    { openapi: "3.2.0" },
  );
}

/**
 * A 3.2 `POST /a` taking `cat` or Dog (alike but for one property), told
 * apart by `kind`, read as `cat` when `kind` names neither.
 */
function renamedDefault(cat: string): string {
  return doc(
    requestBody({
      oneOf: [
        { $ref: `#/components/schemas/${cat}` },
        { $ref: "#/components/schemas/Dog" },
      ],
      discriminator: { propertyName: "kind", defaultMapping: cat },
    }),
    {
      [cat]: object({ kind: STR, r: { type: "number" } }),
      Dog: object({ kind: STR, s: { type: "number" } }),
    },
    { openapi: "3.2.0" },
  );
}

/** A 2.0 `GET /a` answering an object whose property `a` is `schema`. */
function swaggerResponse(schema: Json): Json {
  return {
    "/a": {
      get: {
        produces: ["application/json"],
        responses: {
          "200": { description: "ok", schema: object({ a: schema }) },
        },
      },
    },
  };
}

/** A document served from one templated server with these variables. */
function served(variables: Json): string {
  return doc({ "/a": { get: { responses: ok200 } } }, {}, {
    servers: [{ url: "https://{region}.x.example/{v}", variables }],
  });
}

/** [id, level, operations] of a change. */
type Want = [string, string, string[]];

const CHANGES: [string, string, string, Want[]][] = [
  [
    "ok/a Swagger 2.0 multipart array field's collectionFormat changed, as a urlencoded one's",
    swaggerTags("multipart/form-data", "csv"),
    swaggerTags("multipart/form-data", "pipes"),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a Swagger 2.0 multipart array field sent a part per item (multi), then as one part of values (csv by default)",
    swaggerTags("multipart/form-data", "multi"),
    swaggerTags("multipart/form-data"),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a Swagger 2.0 urlencoded array field's collectionFormat changed",
    swaggerTags("application/x-www-form-urlencoded", "csv"),
    swaggerTags("application/x-www-form-urlencoded", "multi"),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a format named like an object's own property is just a format",
    doc(requestBody({ type: "string" })),
    doc(requestBody({ type: "string", format: "toString" })),
    [["request-body-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/enum values lost beside a widened type still break",
    doc(requestBody(object({ n: { type: "integer", enum: [1, 2] } }))),
    doc(requestBody(object({
      n: { type: ["integer", "string"], enum: ["a", "b"] },
    }))),
    [
      ["request-property-enum-value-removed", "breaking", ["POST /a"]],
      ["request-property-enum-value-removed", "breaking", ["POST /a"]],
      ["request-property-list-of-types-widened", "info", ["POST /a"]],
      ["request-property-enum-value-added", "info", ["POST /a"]],
      ["request-property-enum-value-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a response that may now hold a type it never had breaks, however written",
    doc(responseBody(object({ c: { type: "string" } }))),
    doc(responseBody(object({
      c: { oneOf: [{ type: "string" }, { type: "integer" }] },
    }))),
    [["response-property-one-of-added", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a maximum made exclusive (3.0's boolean) is one change",
    doc(requestBody(object({ n: { type: "number", maximum: 10 } }))),
    doc(requestBody(object({
      n: { type: "number", maximum: 10, exclusiveMaximum: true },
    }))),
    [["request-property-exclusive-max-set", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a minimum made exclusive (3.0's boolean) is one change",
    doc(requestBody(object({ n: { type: "number", minimum: 0 } }))),
    doc(requestBody(object({
      n: { type: "number", minimum: 0, exclusiveMinimum: true },
    }))),
    [["request-property-exclusive-min-set", "breaking", ["POST /a"]]],
  ],
  [
    // The bound is exclusive alone: no inclusive one beside it moves too.
    "ok/an exclusive bound (3.0's boolean) moved is one change each",
    doc(requestBody(object({
      n: {
        type: "number",
        maximum: 5,
        exclusiveMaximum: true,
        minimum: 1,
        exclusiveMinimum: true,
      },
    }))),
    doc(requestBody(object({
      n: {
        type: "number",
        maximum: 3,
        exclusiveMaximum: true,
        minimum: 2,
        exclusiveMinimum: true,
      },
    }))),
    [
      ["request-property-exclusive-max-decreased", "breaking", ["POST /a"]],
      ["request-property-exclusive-min-increased", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/an enum whose values changed kind with the type: the type change alone",
    doc(requestBody(object({ n: { type: "integer", enum: [1, 2] } }))),
    doc(requestBody(object({ n: { type: "string", enum: ["1", "2"] } }))),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a discriminated oneOf left with one alternative keeps its discriminator",
    doc(responseBody({ $ref: "#/components/schemas/Pet" }), {
      Pet: {
        oneOf: [
          { $ref: "#/components/schemas/Cat" },
          { $ref: "#/components/schemas/Dog" },
        ],
        discriminator: { propertyName: "kind" },
      },
      Cat: object({ kind: { type: "string" } }),
      Dog: object({ kind: { type: "string" } }),
    }),
    doc(responseBody({ $ref: "#/components/schemas/Pet" }), {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Cat" }],
        discriminator: { propertyName: "kind" },
      },
      Cat: object({ kind: { type: "string" } }),
      Dog: object({ kind: { type: "string" } }),
    }),
    // No "lost its discriminator": only the alternative, and its value.
    [
      ["response-property-discriminator-mapping-deleted", "info", ["GET /a"]],
      ["response-property-one-of-removed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/int32 to int64 in a request widens, as integer to number does",
    doc(requestBody(object({ a: { type: "integer", format: "int32" } }))),
    doc(requestBody(object({ a: { type: "integer", format: "int64" } }))),
    [["request-property-type-generalized", "info", ["POST /a"]]],
  ],
  [
    "ok/float to double in a query parameter widens",
    doc(query({ type: "number", format: "float" })),
    doc(query({ type: "number", format: "double" })),
    [["request-parameter-type-generalized", "info", ["GET /a"]]],
  ],
  [
    "ok/int64 to int32 in a response narrows what the client reads",
    doc(responseBody({ type: "integer", format: "int64" })),
    doc(responseBody({ type: "integer", format: "int32" })),
    [["response-body-type-specialized", "info", ["GET /a"]]],
  ],
  [
    "ok/int32 to int64 in a response breaks a 32-bit reader",
    doc(responseBody({ type: "integer", format: "int32" })),
    doc(responseBody({ type: "integer", format: "int64" })),
    [["response-body-type-generalized", "breaking", ["GET /a"]]],
  ],
  [
    "ok/integer to number in a response property is generalized, and breaks",
    doc(responseBody(object({ n: { type: "integer" } }))),
    doc(responseBody(object({ n: { type: "number" } }))),
    [["response-property-type-generalized", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a 3.1 list of types: a type lost from a request, gained by a response, breaks",
    doc(requestBody(object({ n: { type: ["integer", "string"] } }))),
    doc(requestBody(object({ n: { type: ["integer"] } }))),
    [["request-property-list-of-types-narrowed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 list of types gained in a response breaks, lost is info",
    doc(
      responseBody(
        object({ n: { type: "string" }, m: { type: ["string", "boolean"] } }),
      ),
    ),
    doc(
      responseBody(
        object({ n: { type: ["string", "boolean"] }, m: { type: "string" } }),
      ),
    ),
    [
      ["response-property-list-of-types-widened", "breaking", ["GET /a"]],
      ["response-property-list-of-types-narrowed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/an alternative added to a response property",
    doc(
      responseBody(
        object({
          c: {
            anyOf: [{ type: "string" }, { $ref: "#/components/schemas/C" }],
          },
        }),
      ),
      {
        C: object({ id: { type: "string" } }),
        D: object({ id: { type: "string" } }),
      },
    ),
    doc(
      responseBody(
        object({
          c: {
            anyOf: [{ type: "string" }, { $ref: "#/components/schemas/C" }, {
              $ref: "#/components/schemas/D",
            }],
          },
        }),
      ),
      {
        C: object({ id: { type: "string" } }),
        D: object({ id: { type: "string" } }),
      },
    ),
    // As an enum that gained a value: a strict reader may fail.
    [["response-property-any-of-added", "warning", ["GET /a"]]],
  ],
  [
    "ok/a nested property of a query parameter is named after it",
    doc(
      query({
        type: "array",
        items: object({ id: { type: "string" }, plan: { type: "string" } }),
      }),
    ),
    doc(query({ type: "array", items: object({ id: { type: "string" } }) })),
    [["request-parameter-property-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/operation removed",
    doc({ "/a": { get: { responses: ok200 }, post: { responses: ok200 } } }),
    doc({ "/a": { post: { responses: ok200 } } }),
    [["api-removed-without-deprecation", "breaking", ["GET /a"]]],
  ],
  [
    "ok/whole path removed",
    doc({
      "/a": { get: { responses: ok200 } },
      "/b": { get: { responses: ok200 } },
    }),
    doc({ "/b": { get: { responses: ok200 } } }),
    [["api-path-removed-without-deprecation", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a deprecated operation removed is info",
    doc({
      "/a": {
        get: { deprecated: true, responses: ok200 },
        post: { responses: ok200 },
      },
    }),
    doc({ "/a": { post: { responses: ok200 } } }),
    [["api-removed-with-deprecation", "info", ["GET /a"]]],
  ],
  [
    "ok/operation added",
    doc({ "/a": { get: { responses: ok200 } } }),
    doc({ "/a": { get: { responses: ok200 }, put: { responses: ok200 } } }),
    [["endpoint-added", "info", ["PUT /a"]]],
  ],
  [
    "ok/operation deprecated",
    doc({ "/a": { get: { responses: ok200 } } }),
    doc({ "/a": { get: { deprecated: true, responses: ok200 } } }),
    [["endpoint-deprecated", "info", ["GET /a"]]],
  ],
  [
    "ok/new required parameter",
    doc(withParams()),
    doc(
      withParams({
        name: "q",
        in: "query",
        required: true,
        schema: { type: "string" },
      }),
    ),
    [["new-required-request-parameter", "breaking", ["GET /a"]]],
  ],
  [
    "ok/new optional parameter",
    doc(withParams()),
    doc(withParams({ name: "q", in: "query", schema: { type: "string" } })),
    [["new-optional-request-parameter", "info", ["GET /a"]]],
  ],
  [
    "ok/optional parameter became required",
    doc(query({ type: "string" })),
    doc(query({ type: "string" }, { required: true })),
    [["request-parameter-became-required", "breaking", ["GET /a"]]],
  ],
  [
    "ok/new path parameter",
    doc({ "/a/{id}": { get: { responses: ok200 } } }),
    doc({
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string" },
          }],
          responses: ok200,
        },
      },
    }),
    [["new-request-path-parameter", "breaking", ["GET /a/{id}"]]],
  ],
  [
    "ok/path parameter renamed is info",
    doc({
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string" },
          }],
          responses: ok200,
        },
      },
    }),
    doc({
      "/a/{aId}": {
        get: {
          parameters: [{
            name: "aId",
            in: "path",
            required: true,
            schema: { type: "string" },
          }],
          responses: ok200,
        },
      },
    }),
    [["request-path-parameter-renamed", "info", ["GET /a/{aId}"]]],
  ],
  [
    "ok/parameter type changed",
    doc(query({ type: "integer" })),
    doc(query({ type: "string" })),
    [["request-parameter-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter format changed",
    doc(query({ type: "integer", format: "int64" })),
    doc(query({ type: "integer", format: "int32" })),
    [["request-parameter-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter type widened is info",
    doc(query({ type: "integer" })),
    doc(query({ type: "number" })),
    [["request-parameter-type-generalized", "info", ["GET /a"]]],
  ],
  [
    "ok/a query parameter that became a list of what it was is info",
    doc(query({ type: "string" })),
    doc(query({ type: "array", items: { type: "string" } })),
    [["request-parameter-type-generalized", "info", ["GET /a"]]],
  ],
  [
    "ok/a parameter that became a list of at least two still breaks by its bound",
    doc(query({ type: "string" })),
    doc(query({ type: "array", items: { type: "string" }, minItems: 2 })),
    [
      ["request-parameter-type-generalized", "info", ["GET /a"]],
      ["request-parameter-min-items-set", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a draft operation removed is info",
    doc({
      "/a": {
        get: { "x-stability-level": "draft", responses: ok200 },
        post: { responses: ok200 },
      },
    }),
    doc({ "/a": { post: { responses: ok200 } } }),
    [["api-removed-without-deprecation", "info", ["GET /a"]]],
  ],
  [
    "ok/a removal before the announced sunset is breaking",
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "9999-08-10", responses: ok200 },
        post: { responses: ok200 },
      },
    }),
    doc({ "/a": { post: { responses: ok200 } } }),
    [["api-removed-before-sunset", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a deep object parameter's property type changed",
    doc(
      query({ type: "object", properties: { id: { type: "integer" } } }, {
        style: "deepObject",
      }),
    ),
    doc(
      query({ type: "object", properties: { id: { type: "string" } } }, {
        style: "deepObject",
      }),
    ),
    [["request-parameter-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a parameter written in another media type",
    doc(withParams({
      name: "f",
      in: "query",
      content: { "application/json": { schema: { type: "object" } } },
    })),
    doc(withParams({
      name: "f",
      in: "query",
      content: { "application/xml": { schema: { type: "object" } } },
    })),
    [["request-parameter-media-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a parameter written as another JSON type is info",
    doc(withParams({
      name: "f",
      in: "query",
      content: { "application/json": { schema: OBJ } },
    })),
    doc(withParams({
      name: "f",
      in: "query",
      content: { "application/vnd.x+json": { schema: OBJ } },
    })),
    [["request-parameter-media-type-changed", "info", ["GET /a"]]],
  ],
  ...([
    ["a string", { type: "string" }, "application/json", "breaking"],
    ["an object", OBJ, "application/json", "breaking"],
    ["an untyped value", {}, "application/json", "breaking"],
    ["an integer", { type: "integer" }, "application/json", "info"],
    ["a boolean", { type: ["boolean", "null"] }, "application/json", "info"],
    ["a string", { type: "string" }, "text/plain", "info"],
    ["an array", { type: "array" }, "text/plain", "breaking"],
    [
      "two types, one a string",
      { type: ["integer", "string"] },
      "application/json",
      "breaking",
    ],
    ["a string", { type: "string" }, "text/csv", "breaking"],
  ] as const).flatMap(([what, schema, type, level]) => {
    const plain = doc(withParams({ name: "f", in: "query", schema }));
    const media = doc(withParams({
      name: "f",
      in: "query",
      content: { [type]: { schema } },
    }));
    return [
      [
        `ok/${what} moved from schema to content ${type}`,
        plain,
        media,
        [["request-parameter-style-changed", level, ["GET /a"]]],
      ],
      [
        `ok/${what} moved from content ${type} to schema`,
        media,
        plain,
        [["request-parameter-style-changed", level, ["GET /a"]]],
      ],
    ] as [string, string, string, [string, string, string[]][]][];
  }),
  [
    "ok/a label-style path integer moved to JSON content: its wire form changed",
    doc({
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            style: "label",
            schema: { type: "integer" },
          }],
          responses: ok200,
        },
      },
    }),
    doc({
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            content: { "application/json": { schema: { type: "integer" } } },
          }],
          responses: ok200,
        },
      },
    }),
    [["request-parameter-style-changed", "breaking", ["GET /a/{id}"]]],
  ],
  [
    "ok/a change to a component no operation uses is no change",
    doc(GET_A, { Unused: { type: "string" } }),
    doc(GET_A, { Unused: { type: "integer" } }),
    [],
  ],
  [
    "ok/a urlencoded form field written in another style",
    form("application/x-www-form-urlencoded", TAGS),
    form("application/x-www-form-urlencoded", TAGS, {
      tags: { style: "form", explode: false },
    }),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a Swagger 2.0 csv form field, then an OpenAPI 3 one without encoding",
    swagger({
      "/a": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [{ name: "tags", in: "formData", ...TAGS.tags }],
          responses: ok200,
        },
      },
    }),
    form("application/x-www-form-urlencoded", TAGS),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a form field added with its encoding is a field added, no more",
    form("application/x-www-form-urlencoded", {}),
    form("application/x-www-form-urlencoded", META, {
      meta: { style: "deepObject", explode: true },
    }),
    [
      ["new-optional-request-property", "info", ["POST /a"]],
      ["new-optional-request-property", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/an untyped object field that became an anyOf, its encoding kept",
    form("application/x-www-form-urlencoded", {
      m: { additionalProperties: { type: "string" } },
    }, { m: { style: "deepObject", explode: true } }),
    form("application/x-www-form-urlencoded", {
      m: {
        anyOf: [
          { type: "object", additionalProperties: { type: "string" } },
          { type: "string", enum: [""] },
        ],
      },
    }, { m: { style: "deepObject", explode: true } }),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a multipart part in another content type",
    form("multipart/form-data", META, {
      meta: { contentType: "application/json" },
    }),
    form("multipart/form-data", META, {
      meta: { contentType: "application/xml" },
    }),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a multipart part now taken as a range or a list is info",
    form("multipart/form-data", { img: { type: "string" }, doc: OBJ }, {
      img: { contentType: "image/png" },
      doc: { contentType: "application/json" },
    }),
    form("multipart/form-data", { img: { type: "string" }, doc: OBJ }, {
      img: { contentType: "image/*" },
      doc: { contentType: "application/json, application/xml" },
    }),
    [
      ["request-body-encoding-generalized", "info", ["POST /a"]],
      ["request-body-encoding-generalized", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a multipart part range narrowed to one type still breaks",
    form("multipart/form-data", { img: { type: "string" } }, {
      img: { contentType: "image/*" },
    }),
    form("multipart/form-data", { img: { type: "string" } }, {
      img: { contentType: "image/png, image/jpeg" },
    }),
    [["request-body-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a response schema removed, its media type kept: no longer said",
    doc(responseMedia(WITH_ID)),
    doc(responseMedia({})),
    [["response-body-media-type-schema-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a request schema removed, its media type kept: no longer said",
    doc(requestMedia(WITH_ID)),
    doc(requestMedia({})),
    [["request-body-media-type-schema-removed", "warning", ["POST /a"]]],
  ],
  [
    "ok/a request body documented: a schema where the media type had none",
    doc(requestMedia({})),
    doc(requestMedia({ schema: OBJ })),
    [["request-body-media-type-schema-added", "warning", ["POST /a"]]],
  ],
  [
    "ok/a request schema that became {} takes every property it listed",
    doc(requestMedia(WITH_ID)),
    doc(requestMedia({ schema: {} })),
    [["request-body-type-generalized", "info", ["POST /a"]]],
  ],
  [
    "ok/a Swagger 2.0 basePath changed without a host: a relative server",
    swagger(GET_A, { basePath: "/v1" }),
    swagger(GET_A, { basePath: "/v2" }),
    [["api-server-removed", "warning", []], ["api-server-added", "info", []]],
  ],
  [
    "ok/a Swagger 2.0 basePath without a host, then other OpenAPI 3.1 servers",
    swagger(GET_A, { basePath: "/v1" }),
    doc(GET_A, {}, { openapi: "3.1.0", servers: [{ url: "/v2" }] }),
    [["api-server-removed", "warning", []], ["api-server-added", "info", []]],
  ],
  [
    "ok/a string's keywords go with its type: one change, the type's",
    doc(responseBody(object({
      id: { type: "string", maxLength: 5000, minLength: 1, pattern: "^x" },
    }))),
    doc(responseBody(object({ id: object({ a: { type: "string" } }) }))),
    [["response-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/an array's keywords come with its type: one change, the type's",
    doc(requestBody(object({ q: { type: "integer", multipleOf: 2 } }))),
    doc(requestBody(object({
      q: { type: "array", items: {}, maxItems: 3, uniqueItems: true },
    }))),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a keyword of a type both sides have still counts beside a type change",
    doc(requestBody(object({ q: { type: "integer", maximum: 9 } }))),
    doc(requestBody(object({ q: { type: "number", maximum: 5 } }))),
    [
      ["request-property-type-generalized", "info", ["POST /a"]],
      ["request-property-max-decreased", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a response maxLength dropped for an enum whose values all fit is info",
    doc(responseBody(object({ m: { type: "string", maxLength: 5000 } }))),
    doc(responseBody(object({ m: { type: "string", enum: ["auto", "req"] } }))),
    [
      ["response-property-became-enum", "info", ["GET /a"]],
      ["response-property-max-length-unset", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a response maxLength dropped for an enum with a longer value breaks",
    doc(responseBody(object({ m: { type: "string", maxLength: 3 } }))),
    doc(responseBody(object({ m: { type: "string", enum: ["auto", "req"] } }))),
    [
      ["response-property-became-enum", "info", ["GET /a"]],
      ["response-property-max-length-unset", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a response maximum raised past a const within the old one is info",
    doc31(responseBody(object({ n: { type: "integer", maximum: 10 } }))),
    doc31(
      responseBody(object({ n: { type: "integer", maximum: 99, const: 7 } })),
    ),
    [
      ["response-property-max-increased", "info", ["GET /a"]],
      ["response-property-const-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a request maxLength set that every enum value meets is info",
    doc(requestBody(object({ s: { type: "string", enum: ["a", "bb"] } }))),
    doc(
      requestBody(
        object({ s: { type: "string", enum: ["a", "bb"], maxLength: 2 } }),
      ),
    ),
    [["request-property-max-length-set", "info", ["POST /a"]]],
  ],
  [
    "ok/a request media type now taken by */* is info",
    doc(typed(["application/json"], ["application/json"], OBJ)),
    doc(typed(["*/*"], ["application/json"], OBJ)),
    [
      ["request-body-media-type-generalized", "info", ["POST /a"]],
      ["request-body-media-type-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a request media type now taken by application/*, its schema compared",
    doc(typed(["application/json"], [], OBJ)),
    doc(typed(["application/*"], [], { type: "string" })),
    [
      ["request-body-media-type-generalized", "info", ["POST /a"]],
      ["request-body-media-type-added", "info", ["POST /a"]],
      ["request-body-type-changed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a request media type now taken by both application/* and */* is taken by the narrower, whose schema is compared",
    doc(takes({ "application/json": OBJ })),
    doc(takes({ "application/*": OBJ, "*/*": STR })),
    [
      ["request-body-media-type-generalized", "info", ["POST /a"]],
      ["request-body-media-type-added", "info", ["POST /a"]],
      ["request-body-media-type-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a response media type whose parameters changed is one name change (warning), its schema compared",
    doc(typed([], ["application/json; version=1"], OBJ)),
    doc(typed([], ["application/json; version=2"], STR)),
    [
      ["response-media-type-name-changed", "warning", ["POST /a"]],
      ["response-body-type-changed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a request media type whose parameters changed is one name change (warning)",
    doc(typed(["application/json; version=1"], [], OBJ)),
    doc(typed(["Application/JSON; Version=2"], [], OBJ)),
    [["request-body-media-type-name-changed", "warning", ["POST /a"]]],
  ],
  [
    "ok/two versions of one type, one removed, is that version removed",
    doc(typed(
      ["application/json; version=1", "application/json; version=2"],
      ["application/json; version=1", "application/json; version=2"],
      OBJ,
    )),
    doc(typed(
      ["application/json; version=2"],
      ["application/json; version=2"],
      OBJ,
    )),
    [
      ["request-body-media-type-removed", "breaking", ["POST /a"]],
      ["response-media-type-removed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a charset said in another case, quoted, or JSON's utf-8 left unsaid is the same type",
    doc(typed(
      ["text/plain; charset=UTF-8", "text/plain; charset=latin1"],
      ["application/json", "application/json; charset=utf-16"],
      OBJ,
    )),
    doc(typed(
      ['text/plain; charset="utf-8"'],
      ["application/json; charset=UTF-8"],
      OBJ,
    )),
    [
      ["request-body-media-type-removed", "breaking", ["POST /a"]],
      ["response-media-type-removed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a request */* narrowed to one type still breaks",
    doc(typed(["*/*"], ["application/json"], OBJ)),
    doc(typed(["application/json"], ["application/json"], OBJ)),
    [
      ["request-body-media-type-removed", "breaking", ["POST /a"]],
      ["request-body-media-type-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a response range narrowed to the one type it covers is info, its schema compared",
    doc(typed([], ["application/*"], OBJ)),
    doc(typed([], ["application/json"], STR)),
    [
      ["response-media-type-name-specialized", "info", ["POST /a"]],
      ["response-body-type-changed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a response type now */* may hold other types: still removed",
    doc(typed(["application/json"], ["application/json"], OBJ)),
    doc(typed(["application/json"], ["*/*"], OBJ)),
    [
      ["response-media-type-removed", "breaking", ["POST /a"]],
      ["response-media-type-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a closed response tuple that lists one more position may be longer: breaking, as maxItems raised",
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }],
      items: false,
    })),
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
      items: false,
    })),
    [["response-body-prefix-items-added", "breaking", ["GET /a"]]],
  ],
  [
    "ok/an open response tuple that lists one more position: info",
    doc31(responseBody({ type: "array", prefixItems: [{ type: "integer" }] })),
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
    })),
    [["response-body-prefix-items-added", "info", ["GET /a"]]],
  ],
  [
    "ok/an open request tuple that now limits its second position breaks; a closed one that takes one more is info",
    doc31(requestBody({
      type: "object",
      properties: {
        open: { type: "array", prefixItems: [{ type: "integer" }] },
        shut: {
          type: "array",
          prefixItems: [{ type: "integer" }],
          items: false,
        },
      },
    })),
    doc31(requestBody({
      type: "object",
      properties: {
        open: {
          type: "array",
          prefixItems: [{ type: "integer" }, { type: "string" }],
        },
        shut: {
          type: "array",
          prefixItems: [{ type: "integer" }, { type: "string" }],
          items: false,
        },
      },
    })),
    [
      ["request-property-prefix-items-added", "breaking", ["POST /a"]],
      ["request-property-prefix-items-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a response tuple position no longer listed is a warning",
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
    })),
    doc31(responseBody({ type: "array", prefixItems: [{ type: "integer" }] })),
    [["response-body-prefix-items-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a response tuple position no longer listed, items false: info",
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
      items: false,
    })),
    doc31(
      responseBody({
        type: "array",
        prefixItems: [{ type: "integer" }],
        items: false,
      }),
    ),
    [["response-body-prefix-items-removed", "info", ["GET /a"]]],
  ],
  [
    "ok/a parameter that no longer allows an empty value is a warning",
    doc(query({ type: "string" }, { allowEmptyValue: true })),
    doc(query({ type: "string" })),
    [["request-parameter-allow-empty-value-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a parameter that no longer allows reserved characters is a warning",
    doc(query({ type: "string" }, { allowReserved: true })),
    doc(query({ type: "string" }, { allowReserved: false })),
    [["request-parameter-allow-reserved-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a parameter that now allows an empty value is info",
    doc(query({ type: "string" })),
    doc(query({ type: "string" }, { allowEmptyValue: true })),
    [["request-parameter-allow-empty-value-added", "info", ["GET /a"]]],
  ],
  [
    "ok/a response link removed is info",
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              links: { next: { operationId: "b" } },
            },
          },
        },
      },
    }),
    doc(GET_A),
    [["response-link-removed", "info", ["GET /a"]]],
  ],
  [
    "ok/a 3.2 query string's properties change in one id family",
    queryString(object({ a: { type: "string" } })),
    queryString(object({ a: { type: "integer" } }, ["a"])),
    [
      ["request-parameter-property-became-required", "breaking", ["GET /a"]],
      ["request-parameter-property-type-changed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a Swagger 2.0 form field that became required is said once",
    swaggerForm(false),
    swaggerForm(true),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/parameter enum value removed",
    doc(query({ type: "string", enum: ["a", "b"] })),
    doc(query({ type: "string", enum: ["a"] })),
    [["request-parameter-enum-value-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a value removed from a parameter's x-extensible-enum breaks a client that sends it",
    doc(query({ type: "string", "x-extensible-enum": ["a", "b"] })),
    doc(query({ type: "string", "x-extensible-enum": ["a"] })),
    [[
      "request-parameter-x-extensible-enum-value-removed",
      "breaking",
      ["GET /a"],
    ]],
  ],
  [
    "ok/a value removed from a request property's x-extensible-enum breaks; one added is info",
    doc(requestBody(object({
      k: { type: "string", "x-extensible-enum": ["a", "b"] },
    }))),
    doc(requestBody(object({
      k: { type: "string", "x-extensible-enum": ["a", "c"] },
    }))),
    [
      ["request-property-x-extensible-enum-value-removed", "breaking", [
        "POST /a",
      ]],
      ["request-property-x-extensible-enum-value-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a response's x-extensible-enum promises new values: one added or removed is info",
    doc(responseBody(object({
      k: { type: "string", "x-extensible-enum": ["a", "b"] },
    }))),
    doc(responseBody(object({
      k: { type: "string", "x-extensible-enum": ["a", "c"] },
    }))),
    [
      ["response-property-x-extensible-enum-value-removed", "info", ["GET /a"]],
      ["response-property-x-extensible-enum-value-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/parameter maximum lowered",
    doc(query({ type: "integer", maximum: 10 })),
    doc(query({ type: "integer", maximum: 5 })),
    [["request-parameter-max-decreased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter maxLength lowered",
    doc(query({ type: "string", maxLength: 10 })),
    doc(query({ type: "string", maxLength: 5 })),
    [["request-parameter-max-length-decreased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter maxItems lowered",
    doc(query({ type: "array", items: { type: "string" }, maxItems: 10 })),
    doc(query({ type: "array", items: { type: "string" }, maxItems: 5 })),
    [["request-parameter-max-items-decreased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter minimum raised",
    doc(query({ type: "integer", minimum: 1 })),
    doc(query({ type: "integer", minimum: 2 })),
    [["request-parameter-min-increased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter minLength raised",
    doc(query({ type: "string", minLength: 1 })),
    doc(query({ type: "string", minLength: 3 })),
    [["request-parameter-min-length-increased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter minItems raised",
    doc(query({ type: "array", items: { type: "string" }, minItems: 0 })),
    doc(query({ type: "array", items: { type: "string" }, minItems: 1 })),
    [["request-parameter-min-items-increased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/parameter maximum raised is info",
    doc(query({ type: "integer", maximum: 5 })),
    doc(query({ type: "integer", maximum: 10 })),
    [["request-parameter-max-increased", "info", ["GET /a"]]],
  ],
  [
    "ok/parameter removed is a warning",
    doc(query({ type: "string" })),
    doc(withParams()),
    [["request-parameter-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/parameter pattern changed is a warning",
    doc(query({ type: "string", pattern: "^a+$" })),
    doc(query({ type: "string", pattern: "^b+$" })),
    [["request-parameter-pattern-changed", "warning", ["GET /a"]]],
  ],
  [
    // A first pattern narrows what was any string, as a maxLength set does.
    "ok/parameter pattern added where there was none breaks",
    doc(query({ type: "string" })),
    doc(query({ type: "string", pattern: "^b+$" })),
    [["request-parameter-pattern-added", "breaking", ["GET /a"]]],
  ],
  [
    "ok/request property pattern added where there was none breaks; in a response it is info",
    doc(typed(
      ["application/json"],
      ["application/json"],
      object({ s: STR }),
    )),
    doc(typed(
      ["application/json"],
      ["application/json"],
      object({ s: { type: "string", pattern: "^b+$" } }),
    )),
    [
      ["request-property-pattern-added", "breaking", ["POST /a"]],
      ["response-property-pattern-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/header parameters match ignoring case",
    doc(withParams({ name: "X-Id", in: "header", schema: { type: "string" } })),
    doc(
      withParams({ name: "x-id", in: "header", schema: { type: "integer" } }),
    ),
    [["request-parameter-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/request body became required",
    doc(requestBody(object({ a: { type: "string" } }), false)),
    doc(requestBody(object({ a: { type: "string" } }), true)),
    [["request-body-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/new required request property",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc(
      requestBody(
        object({ a: { type: "string" }, b: { type: "string" } }, ["b"]),
      ),
    ),
    [["new-required-request-property", "breaking", ["POST /a"]]],
  ],
  [
    "ok/new optional request property",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc(requestBody(object({ a: { type: "string" }, b: { type: "string" } }))),
    [["new-optional-request-property", "info", ["POST /a"]]],
  ],
  [
    "ok/request property became required",
    doc(requestBody(object({ amount: { type: "integer" } }))),
    doc(requestBody(object({ amount: { type: "integer" } }, ["amount"]))),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property lost nullable",
    doc(requestBody(object({ a: { type: "string", nullable: true } }))),
    doc(requestBody(object({ a: { type: "string" } }))),
    [["request-property-became-not-nullable", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property type changed",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc(requestBody(object({ a: { type: "boolean" } }))),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property enum value removed",
    doc(requestBody(object({ a: { type: "string", enum: ["x", "y"] } }))),
    doc(requestBody(object({ a: { type: "string", enum: ["x"] } }))),
    [["request-property-enum-value-removed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property enum value added is info",
    doc(requestBody(object({ a: { type: "string", enum: ["x"] } }))),
    doc(requestBody(object({ a: { type: "string", enum: ["x", "y"] } }))),
    [["request-property-enum-value-added", "info", ["POST /a"]]],
  ],
  [
    "ok/request property maxLength lowered",
    doc(requestBody(object({ a: { type: "string", maxLength: 50 } }))),
    doc(requestBody(object({ a: { type: "string", maxLength: 20 } }))),
    [["request-property-max-length-decreased", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property minimum raised",
    doc(requestBody(object({ a: { type: "integer", minimum: 0 } }))),
    doc(requestBody(object({ a: { type: "integer", minimum: 1 } }))),
    [["request-property-min-increased", "breaking", ["POST /a"]]],
  ],
  [
    "ok/request property maxLength raised is info",
    doc(requestBody(object({ a: { type: "string", maxLength: 20 } }))),
    doc(requestBody(object({ a: { type: "string", maxLength: 50 } }))),
    [["request-property-max-length-increased", "info", ["POST /a"]]],
  ],
  [
    "ok/request property removed is a warning",
    doc(requestBody(object({ a: { type: "string" }, b: { type: "string" } }))),
    doc(requestBody(object({ a: { type: "string" } }))),
    [["request-property-removed", "warning", ["POST /a"]]],
  ],
  [
    "ok/a read-only property is never sent: its changes are not the request's",
    doc(
      requestBody(
        object({
          id: { type: "string", readOnly: true },
          a: { type: "string" },
        }),
      ),
    ),
    doc(
      requestBody(
        object({
          id: { type: "integer", readOnly: true },
          a: { type: "string" },
        }, ["id"]),
      ),
    ),
    [],
  ],
  [
    "ok/request media type removed",
    doc({
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/json": { schema: { type: "object" } },
              "application/xml": { schema: { type: "object" } },
            },
          },
          responses: ok200,
        },
      },
    }),
    doc(requestBody({ type: "object" }, false)),
    [["request-body-media-type-removed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/response media type removed",
    doc(responseBody({ type: "object" })),
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: { "text/plain": { schema: { type: "string" } } },
            },
          },
        },
      },
    }),
    [
      ["response-media-type-added", "info", ["GET /a"]],
      ["response-media-type-removed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/success status removed",
    doc({
      "/a": {
        get: {
          responses: {
            "200": { description: "ok" },
            "201": { description: "c" },
          },
        },
      },
    }),
    doc({ "/a": { get: { responses: { "201": { description: "c" } } } } }),
    [["response-success-status-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/response status added is info",
    doc({ "/a": { get: { responses: ok200 } } }),
    doc({
      "/a": { get: { responses: { ...ok200, "404": { description: "no" } } } },
    }),
    [["response-non-success-status-added", "info", ["GET /a"]]],
  ],
  [
    "ok/required response property removed",
    doc(
      responseBody(
        object({ id: { type: "string" }, a: { type: "string" } }, ["id"]),
      ),
    ),
    doc(responseBody(object({ a: { type: "string" } }))),
    [["response-required-property-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/optional response property removed is a warning",
    doc(
      responseBody(object({ id: { type: "string" }, a: { type: "string" } })),
    ),
    doc(responseBody(object({ a: { type: "string" } }))),
    [["response-optional-property-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/required response property became optional",
    doc(responseBody(object({ id: { type: "string" } }, ["id"]))),
    doc(responseBody(object({ id: { type: "string" } }))),
    [["response-property-became-optional", "breaking", ["GET /a"]]],
  ],
  [
    "ok/response property became nullable",
    doc(responseBody(object({ id: { type: "string" } }, ["id"]))),
    doc(
      responseBody(object({ id: { type: "string", nullable: true } }, ["id"])),
    ),
    [["response-property-became-nullable", "breaking", ["GET /a"]]],
  ],
  [
    // 3.0's nullable enum and 3.1's, with null among the values: the same.
    "ok/a nullable enum written for 3.0 and for 3.1 is no change",
    doc(responseBody(object({
      s: { type: "string", nullable: true, enum: ["x", "y"] },
    }, ["s"]))),
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: ["x", "y", null] },
    }, ["s"]))),
    [],
  ],
  [
    // 3.1 applies every keyword: a type with "null" beside an enum that no
    // longer lists null refuses null.
    "ok/a 3.1 enum that drops null while its type keeps it is no longer nullable",
    doc31(requestBody(object({
      s: { type: ["string", "null"], enum: ["a", "b", null] },
    }))),
    doc31(requestBody(object({
      s: { type: ["string", "null"], enum: ["a", "b"] },
    }))),
    [["request-property-became-not-nullable", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 enum that gains null beside a type with null became nullable",
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: ["a", "b"] },
    }, ["s"]))),
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: ["a", "b", null] },
    }, ["s"]))),
    [["response-property-became-nullable", "breaking", ["GET /a"]]],
  ],
  [
    // A type without "null" refuses null whatever the enum lists: the
    // null in the list was never a value.
    "ok/a null added to the enum of a type without null is no change",
    doc31(responseBody(object({
      s: { type: "string", enum: ["a", "b"] },
    }, ["s"]))),
    doc31(responseBody(object({
      s: { type: "string", enum: ["a", "b", null] },
    }, ["s"]))),
    [],
  ],
  [
    // 3.0 values written as alternatives, one nullable, are 3.1's nullable
    // enum.
    "ok/3.0 value alternatives with a nullable one are 3.1's nullable enum",
    doc(responseBody(object({
      s: {
        oneOf: [
          { type: "string", enum: ["x"] },
          { type: "string", enum: ["y"], nullable: true },
        ],
      },
    }, ["s"]))),
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: ["x", "y", null] },
    }, ["s"]))),
    [],
  ],
  [
    // Untyped, a null among the values lets null through: nullable.
    "ok/an untyped enum gaining null became nullable",
    doc31(responseBody(object({ s: { enum: ["x", "y"] } }, ["s"]))),
    doc31(responseBody(object({ s: { enum: ["x", "y", null] } }, ["s"]))),
    [["response-property-became-nullable", "breaking", ["GET /a"]]],
  ],
  [
    // Paired by the name both require, the alternative that now describes
    // it says so as an object would; it is not lost and gained.
    "ok/an alternative that only required a name and now describes it too is the same alternative",
    doc31(requestBody({ oneOf: [{ required: ["a"] }, STR] })),
    doc31(requestBody({
      oneOf: [{ properties: { a: STR }, required: ["a"] }, STR],
    })),
    [["new-required-request-property", "breaking", ["POST /a"]]],
  ],
  [
    // The kinds untyped alternatives leave a oneOf (objects; then objects
    // and strings) are what its alternatives say: compared as those, not
    // again as a type change.
    "ok/untyped alternatives that changed the kinds a oneOf takes are compared as alternatives, not as its type",
    doc31(requestBody({ oneOf: [{ required: ["a"] }, { required: ["b"] }] })),
    doc31(requestBody({ oneOf: [{ required: ["a"] }, { minLength: 1 }] })),
    [
      ["request-body-one-of-removed", "breaking", ["POST /a"]],
      ["request-body-one-of-added", "warning", ["POST /a"]],
    ],
  ],
  [
    // Null was a value before and is after: only "a" is news.
    "ok/a nullable enum of null alone that gains a value gained it, and lost no null",
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: [null] },
    }, ["s"]))),
    doc31(responseBody(object({
      s: { type: ["string", "null"], enum: [null, "a"] },
    }, ["s"]))),
    [["response-property-enum-value-added", "warning", ["GET /a"]]],
  ],
  [
    // A string matches both untyped alternatives and the string one: the
    // oneOf refuses every string, so the string alternative sends none.
    "ok/a response's oneOf gaining a string beside two untyped objects, which lets no string through, is news only",
    doc31(responseBody({ type: "object" })),
    doc31(responseBody({
      oneOf: [
        { properties: { a: STR } },
        { properties: { b: STR } },
        STR,
      ],
    })),
    [
      ["response-body-one-of-added", "warning", ["GET /a"]],
      ["response-body-one-of-added", "info", ["GET /a"]],
      ["response-optional-property-added", "info", ["GET /a"]],
    ],
  ],
  [
    // Every integer matches both alternatives and is refused: the response
    // narrowed to numbers with a fraction, which breaks no reader.
    "ok/a response number that became a oneOf of integer and number gained an alternative that sends nothing",
    doc31(responseBody(object({ n: { type: "number" } }))),
    doc31(responseBody(object({
      n: { oneOf: [{ type: "integer" }, { type: "number" }] },
    }))),
    [["response-property-one-of-added", "info", ["GET /a"]]],
  ],
  [
    // Null matches both alternatives, so the oneOf refuses it: neither
    // alternative's null is news, only the integer is.
    "ok/a response string that became a oneOf whose two alternatives each take null gained the integer, and no null",
    doc31(responseBody({ type: "string" })),
    doc31(responseBody({
      oneOf: [{ type: ["string", "null"] }, { type: ["integer", "null"] }],
    })),
    [["response-body-one-of-added", "breaking", ["GET /a"]]],
  ],
  [
    // Null matches both the string's alternative and `{type: null}`, so
    // the oneOf of them refuses it: a string that takes no null.
    "ok/a request's nullable string that became a oneOf of it and null refuses null",
    doc31(requestBody({ type: ["string", "null"] })),
    doc31(requestBody({
      oneOf: [{ type: ["string", "null"] }, { type: "null" }],
    })),
    [["request-body-became-not-nullable", "breaking", ["POST /a"]]],
  ],
  [
    // A string matches the untyped alternative (its `properties` limit
    // objects only) and the string one: the oneOf refuses every string.
    "ok/a response's oneOf gaining a string beside one untyped object, which lets no string through, is news only",
    doc31(responseBody({ type: "object", properties: { a: STR } })),
    doc31(responseBody({ oneOf: [{ properties: { a: STR } }, STR] })),
    [["response-body-one-of-added", "info", ["GET /a"]]],
  ],
  [
    // Every string matched the untyped alternative too and was refused:
    // the string alternative took none, and losing it refuses nothing.
    "ok/a request's oneOf that lost a string beside one untyped object, which let no string through, is news only",
    doc31(requestBody({ oneOf: [{ properties: { a: STR } }, STR] })),
    doc31(requestBody({ type: "object", properties: { a: STR } })),
    [["request-body-one-of-removed", "info", ["POST /a"]]],
  ],
  [
    // Every string now matches the untyped alternative too: the string
    // alternative, kept, takes none of what it took.
    "ok/a request string that became a oneOf of it and an untyped object refuses every string",
    doc31(requestBody(STR)),
    doc31(requestBody({ oneOf: [{ properties: { a: STR } }, STR] })),
    [
      ["request-body-type-changed", "breaking", ["POST /a"]],
      ["request-body-one-of-added", "info", ["POST /a"]],
    ],
  ],
  [
    // The string alternative sent none while the untyped one stood beside
    // it: left alone, it sends strings a client never had.
    "ok/a response's oneOf of an untyped object and a string that became the string sends strings it never did",
    doc31(responseBody({ oneOf: [{ properties: { a: STR } }, STR] })),
    doc31(responseBody(STR)),
    [
      ["response-body-type-changed", "breaking", ["GET /a"]],
      ["response-body-one-of-removed", "info", ["GET /a"]],
    ],
  ],
  [
    // The untyped alternative limits numbers, so a negative integer
    // matched the integer alternative alone and was taken: losing it
    // refuses it. The string matched two, and was never taken.
    "ok/a request's oneOf of an untyped object limiting numbers, a string and an integer that became the object refuses integers only",
    doc31(requestBody({
      oneOf: [{ properties: { a: STR }, minimum: 0 }, STR, {
        type: "integer",
      }],
    })),
    doc31(requestBody({ type: "object", properties: { a: STR } })),
    [
      ["request-body-one-of-removed", "breaking", ["POST /a"]],
      ["request-body-one-of-removed", "info", ["POST /a"]],
      ["request-property-min-unset", "info", ["POST /a"]],
    ],
  ],
  [
    // Null alone (an untyped enum of it, or its type) is no type but null:
    // a value or a type gained widens what a client may send.
    "ok/a request's null alone (an untyped enum of it, or its type) that gained a value or a type widened",
    doc31(requestBody(object({
      e: { enum: [null] },
      t: { type: "null" },
    }, ["e", "t"]))),
    doc31(requestBody(object({
      e: { enum: [null, "x"] },
      t: { type: ["null", "string"] },
    }, ["e", "t"]))),
    [
      ["request-property-enum-value-added", "info", ["POST /a"]],
      ["request-property-type-generalized", "info", ["POST /a"]],
    ],
  ],
  [
    // A null alternative is one whatever way it writes null: the type
    // alone in a list, a const or an enum of it. Each is nullability, not
    // an alternative a value of the others may also match.
    "ok/a oneOf gaining null written as [null], a const or an enum became nullable",
    doc31(responseBody(object({
      a: { oneOf: [STR, { type: "integer" }] },
      b: { oneOf: [STR, { type: "integer" }] },
      c: { oneOf: [STR, { type: "integer" }] },
    }, ["a", "b", "c"]))),
    doc31(responseBody(object({
      a: { oneOf: [STR, { type: ["null"] }, { type: "integer" }] },
      b: { oneOf: [STR, { type: "integer" }, { const: null }] },
      c: { oneOf: [STR, { type: "integer" }, { enum: [null] }] },
    }, ["a", "b", "c"]))),
    [
      ["response-property-became-nullable", "breaking", ["GET /a"]],
      ["response-property-became-nullable", "breaking", ["GET /a"]],
      ["response-property-became-nullable", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/response property type changed",
    doc(responseBody(object({ n: { type: "integer" } }))),
    doc(responseBody(object({ n: { type: "string" } }))),
    [["response-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/response maximum raised",
    doc(responseBody(object({ n: { type: "integer", maximum: 10 } }))),
    doc(responseBody(object({ n: { type: "integer", maximum: 20 } }))),
    [["response-property-max-increased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/response maxLength raised",
    doc(responseBody(object({ s: { type: "string", maxLength: 10 } }))),
    doc(responseBody(object({ s: { type: "string", maxLength: 20 } }))),
    [["response-property-max-length-increased", "breaking", ["GET /a"]]],
  ],
  [
    "ok/enum value added to a response property is a warning",
    doc(responseBody(object({ s: { type: "string", enum: ["a"] } }))),
    doc(responseBody(object({ s: { type: "string", enum: ["a", "b"] } }))),
    [["response-property-enum-value-added", "warning", ["GET /a"]]],
  ],
  [
    "ok/response property added is info",
    doc(responseBody(object({ a: { type: "string" } }))),
    doc(responseBody(object({ a: { type: "string" }, b: { type: "string" } }))),
    [["response-optional-property-added", "info", ["GET /a"]]],
  ],
  [
    "ok/response header removed",
    doc(
      responseBody({ type: "object" }, {
        "X-Rate": { schema: { type: "integer" } },
      }),
    ),
    doc(responseBody({ type: "object" })),
    [["optional-response-header-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/response header became optional",
    doc(
      responseBody({ type: "object" }, {
        "X-Rate": { required: true, schema: { type: "integer" } },
      }),
    ),
    doc(
      responseBody({ type: "object" }, {
        "X-Rate": { schema: { type: "integer" } },
      }),
    ),
    [["response-header-became-optional", "breaking", ["GET /a"]]],
  ],
  [
    "ok/security requirement added is info",
    doc({ "/a": { get: { responses: ok200 } } }),
    doc({ "/a": { get: { security: [{ key: [] }], responses: ok200 } } }),
    [["api-security-added", "info", ["GET /a"]]],
  ],
  [
    "ok/a shared component's change is one change listing its operations",
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Pet" },
                  },
                },
              },
            },
          },
        },
        "/b": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      type: "array",
                      items: { $ref: "#/components/schemas/Pet" },
                    },
                  },
                },
              },
            },
          },
        },
        "/c": { get: { responses: ok200 } },
      },
      {
        Pet: object({ id: { type: "string" }, name: { type: "string" } }, [
          "id",
          "name",
        ]),
      },
    ),
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Pet" },
                  },
                },
              },
            },
          },
        },
        "/b": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      type: "array",
                      items: { $ref: "#/components/schemas/Pet" },
                    },
                  },
                },
              },
            },
          },
        },
        "/c": { get: { responses: ok200 } },
      },
      { Pet: object({ id: { type: "string" } }, ["id"]) },
    ),
    [["response-required-property-removed", "breaking", ["GET /a", "GET /b"]]],
  ],
  [
    "ok/a component's own change is one change, whether a body, items or a property reaches it",
    doc(threeReaches(), { Tag: object({ n: { type: "string" } }) }),
    doc(threeReaches(), {
      Tag: { ...object({ n: { type: "string" } }), nullable: true },
    }),
    [[
      "response-property-became-nullable",
      "breaking",
      ["GET /a", "GET /b", "GET /c"],
    ]],
  ],
  [
    "ok/a component's type change is one change, whether a body, items or a property reaches it",
    doc(threeReaches(), { Tag: object({ n: { type: "string" } }) }),
    doc(threeReaches(), { Tag: { type: "string" } }),
    [[
      "response-property-type-changed",
      "breaking",
      ["GET /a", "GET /b", "GET /c"],
    ]],
  ],
  [
    "ok/a change in a recursive schema is found once, without looping",
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Node" },
                  },
                },
              },
            },
          },
        },
      },
      {
        Node: object({
          next: { $ref: "#/components/schemas/Node" },
          v: { type: "integer" },
        }),
      },
    ),
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Node" },
                  },
                },
              },
            },
          },
        },
      },
      {
        Node: object({
          next: { $ref: "#/components/schemas/Node" },
          v: { type: "string" },
        }),
      },
    ),
    [["response-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a property made nullable through anyOf is the property's change",
    doc(
      responseBody({ $ref: "#/components/schemas/A" }),
      {
        A: object({ b: { $ref: "#/components/schemas/B" } }, ["b"]),
        B: object({ x: { type: "string" } }),
      },
    ),
    doc(
      responseBody({ $ref: "#/components/schemas/A" }),
      {
        A: object({
          b: { anyOf: [{ $ref: "#/components/schemas/B" }], nullable: true },
        }, ["b"]),
        B: object({ x: { type: "string" } }),
      },
    ),
    [["response-property-became-nullable", "breaking", ["GET /a"]]],
  ],
  [
    "ok/an inline alternative put in front of a request's is one gained",
    doc(requestBody(object({ c: { anyOf: [SQUARE, CIRCLE] } }))),
    doc(
      requestBody(
        object({ c: { anyOf: [{ type: "string" }, SQUARE, CIRCLE] } }),
      ),
    ),
    [["request-property-any-of-added", "info", ["POST /a"]]],
  ],
  [
    "ok/the first inline alternative of a response removed is one lost",
    doc(responseBody(object({ c: { oneOf: [SQUARE, CIRCLE] } }))),
    doc(responseBody(object({ c: { oneOf: [CIRCLE] } }))),
    [["response-property-one-of-removed", "info", ["GET /a"]]],
  ],
  [
    "ok/an edited inline alternative is compared with its own, not its position's",
    doc(requestBody(object({ c: { anyOf: [SQUARE, CIRCLE] } }))),
    doc(
      requestBody(
        object({
          c: {
            anyOf: [CIRCLE, {
              ...SQUARE,
              properties: { ...SQUARE.properties, unit: { type: "string" } },
              required: ["side", "unit"],
            }],
          },
        }),
      ),
    ),
    [["new-required-request-property", "breaking", ["POST /a"]]],
  ],
  [
    "ok/an anyOf of two components that became one of them lost the other",
    doc(
      requestBody(object({
        c: {
          anyOf: [{ $ref: "#/components/schemas/C" }, {
            $ref: "#/components/schemas/S",
          }],
        },
      })),
      { C: CIRCLE, S: SQUARE },
    ),
    doc(requestBody(object({ c: { $ref: "#/components/schemas/C" } })), {
      C: CIRCLE,
      S: SQUARE,
    }),
    [["request-property-any-of-removed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a component that became an anyOf of it and another gained one, in a response",
    doc(responseBody(object({ c: { $ref: "#/components/schemas/C" } })), {
      C: CIRCLE,
      S: SQUARE,
    }),
    doc(
      responseBody(object({
        c: {
          oneOf: [{ $ref: "#/components/schemas/C" }, {
            $ref: "#/components/schemas/S",
          }],
        },
      })),
      { C: CIRCLE, S: SQUARE },
    ),
    [["response-property-one-of-added", "warning", ["GET /a"]]],
  ],
  [
    "ok/a required request property with a default is oasdiff's -with-default, still breaking",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc(requestBody({
      type: "object",
      required: ["b"],
      properties: {
        a: { type: "string" },
        b: { type: "string", default: "x" },
      },
    })),
    [["new-required-request-property-with-default", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a deprecated parameter removed before its sunset date is a warning, said so",
    doc(
      query({ type: "string" }, { deprecated: true, "x-sunset": "2999-06-01" }),
    ),
    doc({ "/a": { get: { responses: ok200 } } }),
    [["request-parameter-removed-before-sunset", "warning", ["GET /a"]]],
  ],
  [
    "ok/a deprecated parameter removed after its sunset date is info",
    doc(
      query({ type: "string" }, { deprecated: true, "x-sunset": "2001-06-01" }),
    ),
    doc({ "/a": { get: { responses: ok200 } } }),
    [["request-parameter-removed-with-deprecation", "info", ["GET /a"]]],
  ],
  [
    "ok/a sunset date moved earlier is a warning; later is info",
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
      "/b": {
        get: { deprecated: true, "x-sunset": "2999-01-01", responses: ok200 },
      },
    }),
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "2999-01-01", responses: ok200 },
      },
      "/b": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
    }),
    [
      ["api-sunset-date-changed-too-small", "warning", ["GET /a"]],
      ["api-sunset-date-changed", "info", ["GET /b"]],
    ],
  ],
  [
    "ok/a sunset date-time without an offset is UTC, on every machine",
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
    }),
    doc({
      "/a": {
        get: {
          deprecated: true,
          "x-sunset": "2999-06-01T00:00:00",
          responses: ok200,
        },
      },
    }),
    [],
  ],
  [
    "ok/one sunset date written two ways is no change; a stability level dropped says nothing",
    doc({
      "/a": {
        get: {
          deprecated: true,
          "x-sunset": "2999-06-01",
          "x-stability-level": "stable",
          responses: ok200,
        },
      },
    }),
    doc({
      "/a": {
        get: {
          deprecated: true,
          "x-sunset": "2999-06-01T00:00:00Z",
          responses: ok200,
        },
      },
    }),
    [],
  ],
  [
    "ok/a sunset date written with white space around it (a YAML block's line break) is the same date",
    doc({
      "/a": {
        get: {
          deprecated: true,
          "x-sunset": "2999-06-01T00:00:00+01:00",
          responses: ok200,
        },
      },
      "/b": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
    }),
    doc({
      "/a": {
        get: {
          deprecated: true,
          "x-sunset": "2999-06-01T00:00:00+01:00\n",
          responses: ok200,
        },
      },
      "/b": {
        get: {
          deprecated: true,
          "x-sunset": " 2999-06-01T00:00:00\n",
          responses: ok200,
        },
      },
    }),
    [],
  ],
  [
    "ok/a 3.1 const unchanged is no change",
    doc31(requestBody(object({ m: { const: "a" } }))),
    doc31(requestBody(object({ m: { const: "a" } }))),
    [],
  ],
  [
    "ok/a property that became required, with a default, is oasdiff's became-required-with-default",
    doc(requestBody(object({ a: { type: "string", default: "x" } }))),
    doc(requestBody({
      type: "object",
      required: ["a"],
      properties: { a: { type: "string", default: "x" } },
    })),
    [[
      "request-property-became-required-with-default",
      "breaking",
      ["POST /a"],
    ]],
  ],
  [
    "ok/a sunset date dropped is info",
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
    }),
    doc({ "/a": { get: { deprecated: true, responses: ok200 } } }),
    [["sunset-deleted", "info", ["GET /a"]]],
  ],
  [
    "ok/a parameter's sunset moved earlier is a warning, dropped info, as an operation's",
    doc(withParams(
      { name: "a", in: "query", deprecated: true, "x-sunset": "2999-06-01" },
      { name: "b", in: "query", deprecated: true, "x-sunset": "2999-06-01" },
    )),
    doc(withParams(
      { name: "a", in: "query", deprecated: true, "x-sunset": "2999-01-01" },
      { name: "b", in: "query", deprecated: true },
    )),
    [
      ["request-parameter-sunset-date-changed-too-small", "warning", [
        "GET /a",
      ]],
      ["request-parameter-sunset-deleted", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a stability level lowered is a warning; raised says nothing",
    doc({
      "/a": { get: { "x-stability-level": "stable", responses: ok200 } },
      "/b": { get: { "x-stability-level": "alpha", responses: ok200 } },
    }),
    doc({
      "/a": { get: { "x-stability-level": "beta", responses: ok200 } },
      "/b": { get: { "x-stability-level": "stable", responses: ok200 } },
    }),
    [["api-stability-decreased", "warning", ["GET /a"]]],
  ],
  [
    "ok/a 3.1 const changed in a response is every value new to the reader",
    doc31(responseBody(object({ m: { const: "a" } }))),
    doc31(responseBody(object({ m: { const: "b" } }))),
    [["response-property-const-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a value lost from a response body's own enum is oasdiff's mediatype id",
    doc(responseBody({ type: "string", enum: ["a", "b"] })),
    doc(responseBody({ type: "string", enum: ["a"] })),
    [["response-mediatype-enum-value-removed", "info", ["GET /a"]]],
  ],
  [
    "ok/a 3.1 contentMediaType changed in a request property is breaking",
    doc31(requestBody(object({
      f: { type: "string", contentMediaType: "image/png" },
    }))),
    doc31(requestBody(object({
      f: { type: "string", contentMediaType: "image/jpeg" },
    }))),
    [["request-property-content-media-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 contentEncoding changed in a response body is breaking, no type change",
    doc31(responseBody({ type: "string", contentEncoding: "base64" })),
    doc31(responseBody({ type: "string", contentEncoding: "base64url" })),
    [["response-body-content-encoding-changed", "breaking", ["GET /a"]]],
  ],
  [
    // The format is written on both sides: only the encoding says it.
    "ok/a contentEncoding said or dropped beside format binary is breaking either way",
    doc31(requestBody(object({
      a: { type: "string", format: "binary" },
      d: { type: "string", format: "binary", contentEncoding: "base64" },
    }))),
    doc31(requestBody(object({
      a: { type: "string", format: "binary", contentEncoding: "base64" },
      d: { type: "string", format: "binary" },
    }))),
    [
      ["request-property-content-encoding-changed", "breaking", ["POST /a"]],
      ["request-property-content-encoding-changed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/3.0's format byte is base64: a 3.1 base64url is another encoding",
    doc(requestBody(object({ f: { type: "string", format: "byte" } }))),
    doc31(requestBody(object({
      f: { type: "string", contentEncoding: "base64url" },
    }))),
    [["request-property-content-encoding-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 const changed in a request is oasdiff's const-changed, breaking",
    doc31(requestBody(object({ m: { const: "a" } }))),
    doc31(requestBody(object({ m: { const: "b" } }))),
    [
      ["request-property-const-changed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a request string that became a 3.1 const accepts less",
    doc31(requestBody(object({ m: { type: "string" } }))),
    doc31(requestBody(object({ m: { const: "a" } }))),
    [["request-property-const-added", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a response const removed may now hold other values",
    doc31(responseBody(object({ m: { type: "string", const: "a" } }))),
    doc31(responseBody(object({ m: { type: "string" } }))),
    [["response-property-const-removed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a 200 now described by 2XX is compared as that response",
    doc(responseBody(object({ a: { type: "string" } }))),
    doc(statuses({ "2XX": object({ a: { type: "integer" } }) })),
    [
      ["response-status-range-changed", "info", ["GET /a"]],
      ["response-property-type-changed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a code now described beside its range is compared with the range",
    doc(statuses({ "2XX": { type: "object" } })),
    doc(statuses({ "2XX": { type: "object" }, "200": { type: "string" } })),
    [
      ["response-status-range-changed", "info", ["GET /a"]],
      ["response-body-type-changed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a range written 2xx is 2XX",
    doc(statuses({ "2XX": { type: "object" } })),
    doc(statuses({ "2xx": { type: "object" } })),
    [],
  ],
  [
    "ok/a 2XX response added is a success status",
    doc(statuses({ "400": null })),
    doc(statuses({ "400": null, "2XX": null })),
    [["response-success-status-added", "info", ["GET /a"]]],
  ],
  [
    "ok/a 2XX response removed is a success status removed",
    doc(statuses({ "2XX": null, "400": null })),
    doc(statuses({ "400": null })),
    [["response-success-status-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a request body removed may break, as a parameter removed",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc({ "/a": { post: { responses: ok200 } } }),
    [["request-body-removed", "warning", ["POST /a"]]],
  ],
  [
    "ok/a response property that became write-only is gone from responses",
    doc(responseBody(object({ a: { type: "string" } }, ["a"]))),
    doc(
      responseBody(object({ a: { type: "string", writeOnly: true } }, ["a"])),
    ),
    [["response-property-became-write-only", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a required request property no longer read-only must now be sent",
    doc(
      requestBody(object({ id: { type: "string", readOnly: true } }, ["id"])),
    ),
    doc(requestBody(object({ id: { type: "string" } }, ["id"]))),
    [["request-property-became-not-read-only", "breaking", ["POST /a"]]],
  ],
  [
    "ok/an anyOf beside a oneOf is compared too (a value meets both): a bound lowered in it",
    doc31(requestBody({
      oneOf: [STR, { type: "integer" }],
      anyOf: [{ type: "string", maxLength: 5 }, { type: "integer" }],
    })),
    doc31(requestBody({
      oneOf: [STR, { type: "integer" }],
      anyOf: [{ type: "string", maxLength: 3 }, { type: "integer" }],
    })),
    [["request-property-max-length-decreased", "breaking", ["POST /a"]]],
  ],
  [
    "ok/an anyOf beside a oneOf of one alternative is compared too",
    doc31(requestBody({ oneOf: [STR], anyOf: [STR] })),
    doc31(requestBody({ oneOf: [STR], anyOf: [{ type: "integer" }] })),
    [["request-body-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/`unevaluatedProperties: false` in place of `additionalProperties: false` beside an allOf refuses what the allOf's parts list: not the same",
    doc31(requestBody({
      ...object({ a: STR }),
      allOf: [object({ b: STR })],
      additionalProperties: false,
    })),
    doc31(requestBody({
      ...object({ a: STR }),
      allOf: [object({ b: STR })],
      unevaluatedProperties: false,
    })),
    [
      ["request-body-additional-properties-allowed", "info", ["POST /a"]],
      ["request-body-unevaluated-properties-added", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a name 51 alternatives all require, past the 50 read, moved up is said as the object's own required",
    doc31(requestBody({ ...altsRequiring(51), required: ["a"] })),
    doc31(requestBody({ ...altsRequiring(51), required: [] })),
    [["request-property-became-optional", "info", ["POST /a"]]],
  ],
  [
    "ok/an anyOf added beside a oneOf takes less than anything",
    doc31(requestBody({ oneOf: [STR, { type: "integer" }] })),
    doc31(requestBody({ oneOf: [STR, { type: "integer" }], anyOf: [STR] })),
    [["request-body-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a request property that became read-only is no longer sent",
    doc(requestBody(object({ id: { type: "string" } }))),
    doc(requestBody(object({ id: { type: "string", readOnly: true } }))),
    [["request-property-became-read-only", "warning", ["POST /a"]]],
  ],
  [
    "ok/a component a request property names that is no longer read-only, the object naming it written alike: the property is sent now",
    doc(requestBody(object({ x: { $ref: "#/components/schemas/X" } })), {
      X: { type: "string", readOnly: true },
    }),
    doc(requestBody(object({ x: { $ref: "#/components/schemas/X" } })), {
      X: STR,
    }),
    [["request-property-became-not-read-only", "info", ["POST /a"]]],
  ],
  [
    "ok/a component a request property names that became read-only, the object naming it a component written alike, is no longer sent",
    doc(requestBody({ $ref: "#/components/schemas/Y" }), {
      Y: object({ x: { $ref: "#/components/schemas/X" } }),
      X: STR,
    }),
    doc(requestBody({ $ref: "#/components/schemas/Y" }), {
      Y: object({ x: { $ref: "#/components/schemas/X" } }),
      X: { type: "string", readOnly: true },
    }),
    [["request-property-became-read-only", "warning", ["POST /a"]]],
  ],
  [
    "ok/a request that now refuses unlisted properties it allowed in words",
    doc(
      requestBody({
        ...object({ a: { type: "string" } }),
        additionalProperties: true,
      }),
    ),
    doc(
      requestBody({
        ...object({ a: { type: "string" } }),
        additionalProperties: false,
      }),
    ),
    [["request-body-additional-properties-disallowed", "breaking", [
      "POST /a",
    ]]],
  ],
  [
    "ok/a request that now refuses unlisted properties it left unsaid",
    doc(requestBody(object({ a: { type: "string" } }))),
    doc(
      requestBody({
        ...object({ a: { type: "string" } }),
        additionalProperties: false,
      }),
    ),
    [["request-body-additional-properties-disallowed", "warning", ["POST /a"]]],
  ],
  [
    "ok/a response that may now hold unlisted properties",
    doc(
      responseBody({
        ...object({ a: { type: "string" } }),
        additionalProperties: false,
      }),
    ),
    doc(responseBody(object({ a: { type: "string" } }))),
    [["response-body-additional-properties-allowed", "warning", ["GET /a"]]],
  ],
  [
    "ok/an array query parameter no longer exploded is written another way",
    doc(query({ type: "array", items: { type: "string" } })),
    doc(
      query({ type: "array", items: { type: "string" } }, { explode: false }),
    ),
    [["request-parameter-style-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a path parameter in matrix style is written another way",
    doc(pathParam({ type: "string" })),
    doc(pathParam({ type: "string" }, { style: "matrix" })),
    [["request-parameter-style-changed", "breaking", ["GET /a/{id}"]]],
  ],
  [
    "ok/multipleOf set on a request property accepts less",
    doc(requestBody(object({ n: { type: "number" } }))),
    doc(requestBody(object({ n: { type: "number", multipleOf: 0.5 } }))),
    [["request-property-multiple-of-set", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a finer multipleOf on a request property accepts more",
    doc(requestBody(object({ n: { type: "number", multipleOf: 0.01 } }))),
    doc(requestBody(object({ n: { type: "number", multipleOf: 0.001 } }))),
    [["request-property-multiple-of-changed", "info", ["POST /a"]]],
  ],
  [
    "ok/uniqueItems set on a request array accepts less",
    doc(
      requestBody(object({ t: { type: "array", items: { type: "string" } } })),
    ),
    doc(
      requestBody(
        object({
          t: { type: "array", items: { type: "string" }, uniqueItems: true },
        }),
      ),
    ),
    [["request-property-unique-items-set", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 tuple's position that changed type",
    doc31(
      requestBody(
        object({
          p: {
            type: "array",
            prefixItems: [{ type: "string" }, { type: "integer" }],
          },
        }),
      ),
    ),
    doc31(
      requestBody(
        object({
          p: {
            type: "array",
            prefixItems: [{ type: "string" }, { type: "boolean" }],
          },
        }),
      ),
    ),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a discriminator value dropped from a request",
    doc(
      requestBody({
        oneOf: [{ $ref: "#/components/schemas/C" }, {
          $ref: "#/components/schemas/S",
        }],
        discriminator: {
          propertyName: "kind",
          mapping: { c: "#/components/schemas/C", s: "#/components/schemas/S" },
        },
      }),
      { C: CIRCLE, S: SQUARE },
    ),
    doc(
      requestBody({
        oneOf: [{ $ref: "#/components/schemas/C" }, {
          $ref: "#/components/schemas/S",
        }],
        discriminator: {
          propertyName: "kind",
          mapping: { c: "#/components/schemas/C" },
        },
      }),
      { C: CIRCLE, S: SQUARE },
    ),
    // `s` is gone; S, still an alternative, is picked by its name now
    // (implicit mapping).
    [
      ["request-body-discriminator-mapping-deleted", "breaking", ["POST /a"]],
      ["request-body-discriminator-mapping-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a discriminator that reads another property",
    doc(
      responseBody({
        oneOf: [CIRCLE, SQUARE],
        discriminator: { propertyName: "kind" },
      }),
    ),
    doc(
      responseBody({
        oneOf: [CIRCLE, SQUARE],
        discriminator: { propertyName: "type" },
      }),
    ),
    [["response-body-discriminator-property-name-changed", "breaking", [
      "GET /a",
    ]]],
  ],
  ...(() => {
    // 3.2's `defaultMapping`: the schema a payload without the property
    // (or with an unmapped value) is read by.
    const choice = (defaultMapping?: string) => ({
      oneOf: [
        { $ref: "#/components/schemas/C" },
        { $ref: "#/components/schemas/S" },
      ],
      discriminator: {
        propertyName: "kind",
        ...(defaultMapping ? { defaultMapping } : {}),
      },
    });
    const v32 = (paths: Json) =>
      doc(paths, { C: CIRCLE, S: SQUARE }, { openapi: "3.2.0" });
    const req = (d?: string) => v32(requestBody(choice(d)));
    const res = (d?: string) => v32(responseBody(choice(d)));
    return [
      [
        "ok/a 3.2 discriminator's defaultMapping that names another schema",
        req("C"),
        req("#/components/schemas/S"),
        [["request-body-discriminator-default-mapping-changed", "warning", [
          "POST /a",
        ]]],
      ],
      [
        "ok/a 3.2 defaultMapping dropped from a request",
        req("C"),
        req(),
        [["request-body-discriminator-default-mapping-removed", "warning", [
          "POST /a",
        ]]],
      ],
      [
        "ok/a 3.2 defaultMapping dropped from a response",
        res("C"),
        res(),
        [["response-body-discriminator-default-mapping-removed", "info", [
          "GET /a",
        ]]],
      ],
      [
        "ok/a 3.2 defaultMapping added to a response",
        res(),
        res("S"),
        [["response-body-discriminator-default-mapping-added", "warning", [
          "GET /a",
        ]]],
      ],
      [
        "ok/a 3.2 defaultMapping added to a request",
        req(),
        req("S"),
        [["request-body-discriminator-default-mapping-added", "info", [
          "POST /a",
        ]]],
      ],
    ] as [string, string, string, [string, string, string[]][]][];
  })(),
  ...(() => {
    // Swagger 2.0 names the discriminator's property alone.
    const pet = (discriminator: unknown) => ({
      type: "object",
      discriminator,
      required: ["kind"],
      properties: { kind: { type: "string" }, type: { type: "string" } },
    });
    const paths = {
      "/p": {
        get: {
          responses: {
            "200": { description: "ok", schema: { $ref: "#/definitions/Pet" } },
          },
        },
      },
    };
    const v2 = (d: unknown) => swagger(paths, { definitions: { Pet: pet(d) } });
    const v3 = (d: Json) =>
      doc({
        "/p": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Pet" },
                  },
                },
              },
            },
          },
        },
      }, { Pet: pet(d) });
    return [
      [
        "ok/a Swagger 2.0 discriminator that reads another property",
        v2("kind"),
        v2("type"),
        [["response-property-discriminator-property-name-changed", "breaking", [
          "GET /p",
        ]]],
      ],
      [
        "ok/a Swagger 2.0 discriminator written as 3.x writes it is no change",
        v2("kind"),
        v3({ propertyName: "kind" }),
        [],
      ],
    ] as [string, string, string, [string, string, string[]][]][];
  })(),
  [
    "ok/a required property gone from each item of a 3.2 JSON Lines response",
    jsonLines(object({ id: { type: "string" } }, ["id"])),
    jsonLines(object({})),
    [["response-required-property-removed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a JSON Lines array's items compared with the itemSchema that replaced it",
    sequence("application/jsonl", object({ id: { type: "integer" } })),
    jsonLines(object({ id: STR })),
    [["response-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a condition keyword the comparison does not read is a warning",
    doc31(requestBody(object({ a: { type: "string" } }))),
    doc31(requestBody(object({ a: { type: "string", not: { const: "x" } } }))),
    [["request-property-not-added", "warning", ["POST /a"]]],
  ],
  [
    "ok/dependentRequired: a name now required with another breaks a request, one no longer required a response",
    doc31({
      "/a": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  dependentRequired: { card: ["cvc"] },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    dependentRequired: { a: ["b", "c"] },
                  },
                },
              },
            },
          },
        },
      },
    }),
    doc31({
      "/a": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  dependentRequired: { card: ["cvc", "expiry"] },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    dependentRequired: { a: ["b"] },
                  },
                },
              },
            },
          },
        },
      },
    }),
    [
      ["request-body-dependent-required-added", "breaking", ["POST /a"]],
      ["response-body-dependent-required-removed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a string's contentSchema changed is a warning, as other keywords not read as schemas",
    doc31(requestBody(object({
      a: {
        type: "string",
        contentMediaType: "application/json",
        contentSchema: { type: "object", required: ["x"] },
      },
    }))),
    doc31(requestBody(object({
      a: {
        type: "string",
        contentMediaType: "application/json",
        contentSchema: { type: "object", required: ["x", "y"] },
      },
    }))),
    [["request-property-content-schema-changed", "warning", ["POST /a"]]],
  ],
  [
    "ok/a 3.1 bound written beside a $ref applies",
    doc31(requestBody(object({ n: { $ref: "#/components/schemas/Name" } })), {
      Name: { type: "string" },
    }),
    doc31(
      requestBody(
        object({ n: { $ref: "#/components/schemas/Name", maxLength: 5 } }),
      ),
      { Name: { type: "string" } },
    ),
    [["request-property-max-length-set", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a server variable's value no longer allowed",
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      servers: [{
        url: "https://{region}.x.example",
        variables: { region: { default: "eu", enum: ["eu", "us"] } },
      }],
    }),
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      servers: [{
        url: "https://{region}.x.example",
        variables: { region: { default: "eu", enum: ["eu"] } },
      }],
    }),
    [["api-server-variable-enum-value-removed", "warning", []]],
  ],
  [
    "ok/an operation now served from a server of its own",
    doc({ "/a": { get: { responses: ok200 } } }, {}, API_SERVERS),
    doc(
      {
        "/a": {
          servers: [{ url: "https://legacy.x.example" }],
          get: { responses: ok200 },
        },
      },
      {},
      API_SERVERS,
    ),
    [
      ["operation-server-removed", "warning", ["GET /a"]],
      ["operation-server-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a 3.1 tuple that now takes nothing past its positions",
    doc31(
      requestBody(
        object({ p: { type: "array", prefixItems: [{ type: "string" }] } }),
      ),
    ),
    doc31(
      requestBody(
        object({
          p: { type: "array", prefixItems: [{ type: "string" }], items: false },
        }),
      ),
    ),
    [["request-property-prefix-items-closed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a tuple closed from items true or {} is the tuple closed, not items become never",
    doc31(requestBody(object({
      p: { type: "array", prefixItems: [{ type: "string" }], items: true },
      q: { type: "array", prefixItems: [{ type: "string" }], items: {} },
    }))),
    doc31(requestBody(object({
      p: { type: "array", prefixItems: [{ type: "string" }], items: false },
      q: { type: "array", prefixItems: [{ type: "string" }], items: false },
    }))),
    [
      ["request-property-prefix-items-closed", "breaking", ["POST /a"]],
      ["request-property-prefix-items-closed", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a 3.1 response tuple opened past its positions may be longer: breaking",
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "string" }],
      items: false,
    })),
    doc31(responseBody({ type: "array", prefixItems: [{ type: "string" }] })),
    [["response-body-prefix-items-opened", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a 3.1 bound inside an allOf part written beside a $ref applies",
    doc31(
      requestBody(
        object({ n: { allOf: [{ $ref: "#/components/schemas/Name" }] } }),
      ),
      {
        Name: { type: "string" },
      },
    ),
    doc31(
      requestBody(object({
        n: { allOf: [{ $ref: "#/components/schemas/Name", maxLength: 5 }] },
      })),
      { Name: { type: "string" } },
    ),
    [["request-property-max-length-set", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a parent's required names a property its alternatives declare: the request must send it",
    doc31(requestBody(UNION())),
    doc31(requestBody({ ...UNION(), required: ["a"] })),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a parent's required no longer names a property its alternatives declare: the response may omit it",
    doc31(responseBody({ ...UNION(), required: ["a"] })),
    doc31(responseBody(UNION())),
    [["response-property-became-optional", "breaking", ["GET /a"]]],
  ],
  [
    "ok/required names a property no schema declares: the request must send it",
    doc(requestBody(object({ b: { type: "string" } }))),
    doc(requestBody(object({ b: { type: "string" } }, ["a"]))),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/required names a property of a map: the request must send it",
    doc(requestBody({ type: "object", additionalProperties: OBJ })),
    doc(
      requestBody({
        type: "object",
        additionalProperties: OBJ,
        required: ["a"],
      }),
    ),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  ],
  [
    "ok/required names an undeclared response property no more: it may be missing",
    doc(responseBody({ type: "object", required: ["a"] })),
    doc(responseBody({ type: "object" })),
    [["response-property-became-optional", "breaking", ["GET /a"]]],
  ],
  [
    "ok/required names an undeclared request property no more: info",
    doc(requestBody({ type: "object", required: ["a"] })),
    doc(requestBody({ type: "object" })),
    [["request-property-became-optional", "info", ["POST /a"]]],
  ],
  [
    "ok/a deepObject parameter's schema requires an undeclared name",
    doc(query(OBJ, { style: "deepObject" })),
    doc(query({ ...OBJ, required: ["a"] }, { style: "deepObject" })),
    [["request-parameter-property-became-required", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a discriminated component renamed, its value implicit: the value on the wire changed",
    pets("Cat"),
    pets("Feline"),
    [
      ["request-body-discriminator-mapping-deleted", "breaking", ["POST /a"]],
      ["request-body-discriminator-mapping-added", "info", ["POST /a"]],
    ],
  ],
  // `default` describes every code a response map does not list (OpenAPI
  // 3.1 §4.8.16.1): a code it now covers is still documented.
  [
    "ok/a 200 now described by default is compared as that response",
    doc(statuses({ "200": object({ a: STR }) })),
    doc(statuses({ default: object({ a: STR }) })),
    [["response-status-range-changed", "info", ["GET /a"]]],
  ],
  [
    "ok/a 200 now described by a default of another body breaks as that body",
    doc(statuses({ "200": object({ a: STR }) })),
    doc(statuses({ default: object({ a: { type: "integer" } }) })),
    [
      ["response-status-range-changed", "info", ["GET /a"]],
      ["response-property-type-changed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a default now described by the 200 it covered is compared as that response",
    doc(statuses({ default: object({ a: STR }) })),
    doc(statuses({ "200": object({ a: STR }) })),
    [["response-status-range-changed", "info", ["GET /a"]]],
  ],
  [
    "ok/a default removed beside a 200 that stays, a 404 listed instead: the default is now that 404 alone",
    doc(statuses({ "200": OBJ, default: object({ code: STR }, ["code"]) })),
    doc(statuses({ "200": OBJ, "404": object({ code: STR }, ["code"]) })),
    // Not the 200, which the base listed on its own: its body is no
    // `default` body that lost `code`.
    [["response-status-range-changed", "info", ["GET /a"]]],
  ],
  [
    "ok/a 200 now described by 2XX beside a default is compared with the range",
    doc(statuses({ "200": object({ a: STR }) })),
    doc(statuses({ "2XX": object({ a: STR }), default: OBJ })),
    [
      ["response-status-range-changed", "info", ["GET /a"]],
      ["response-non-success-status-added", "info", ["GET /a"]],
    ],
  ],
  [
    "bad/an error code listed beside a default that stays is added, not moved",
    doc(statuses({ "200": OBJ, default: OBJ })),
    doc(statuses({ "200": OBJ, "404": OBJ, default: OBJ })),
    [["response-non-success-status-added", "info", ["GET /a"]]],
  ],
  [
    "bad/a 200 removed where no default or range covers it still breaks",
    doc(statuses({ "200": OBJ, "404": OBJ })),
    doc(statuses({ "404": OBJ })),
    [["response-success-status-removed", "breaking", ["GET /a"]]],
  ],
  // RFC 9110 §9.1: method names are case-sensitive, and a 3.2
  // `additionalOperations` key is sent as written.
  [
    "ok/a 3.2 additional method renamed to another case is another method",
    ops32(
      "additionalOperations:\n  COPY: {responses: {'200': {description: ok}}}",
    ),
    ops32(
      "additionalOperations:\n  copy: {responses: {'200': {description: ok}}}",
    ),
    [
      ["api-removed-without-deprecation", "breaking", ["COPY /a"]],
      ["endpoint-added", "info", ["copy /a"]],
    ],
  ],
  [
    "ok/3.2 additional methods that differ only in case are two operations",
    ops32(
      "additionalOperations:\n  COPY: {responses: {'200': {description: ok}}}",
    ),
    ops32(
      "additionalOperations:\n  COPY: {responses: {'200': {description: ok}}}\n  copy: {responses: {'200': {description: ok}}}",
    ),
    [["endpoint-added", "info", ["copy /a"]]],
  ],
  // `additionalProperties` unsaid is `{}`: any value (JSON Schema 2020-12
  // §10.3.2.3), compared with a schema the other side says.
  [
    "ok/a request object whose other properties must now be strings accepts less",
    doc(requestBody(OBJ)),
    doc(requestBody({ ...OBJ, additionalProperties: STR })),
    [["request-property-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a response object whose other properties were strings may now hold anything",
    doc(responseBody({ ...OBJ, additionalProperties: STR })),
    doc(responseBody(OBJ)),
    [["response-property-type-generalized", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a response object whose other properties are now strings narrows",
    doc(responseBody(OBJ)),
    doc(responseBody({ ...OBJ, additionalProperties: STR })),
    [["response-property-type-specialized", "info", ["GET /a"]]],
  ],
  [
    "bad/additionalProperties false set on a request is still its own change",
    doc(requestBody(OBJ)),
    doc(requestBody({ ...OBJ, additionalProperties: false })),
    [["request-body-additional-properties-disallowed", "warning", [
      "POST /a",
    ]]],
  ],
  [
    "bad/additionalProperties false lifted to a schema on a response",
    doc(responseBody({ ...OBJ, additionalProperties: false })),
    doc(responseBody({ ...OBJ, additionalProperties: STR })),
    [["response-body-additional-properties-allowed", "warning", ["GET /a"]]],
  ],
  // Subtypes written `allOf: [{$ref: Pet}, …]` are the discriminator's
  // values (OpenAPI 3.1 §4.8.25.2, implicit mapping), as named alternatives
  // are.
  [
    "ok/a subtype added under a discriminator is a value a reader may meet",
    petsAllOf(CAT),
    petsAllOf(CAT + DOG),
    [
      ["response-property-discriminator-mapping-added", "warning", [
        "GET /pets",
      ]],
      ["request-property-discriminator-mapping-added", "info", ["POST /pets"]],
    ],
  ],
  [
    "ok/a subtype removed under a discriminator breaks a request that sends it",
    petsAllOf(CAT + DOG),
    petsAllOf(CAT),
    [
      ["request-property-discriminator-mapping-deleted", "breaking", [
        "POST /pets",
      ]],
      ["response-property-discriminator-mapping-deleted", "info", [
        "GET /pets",
      ]],
    ],
  ],
  [
    "ok/a subtype renamed changes the value on the wire",
    petsAllOf(CAT),
    petsAllOf(CAT.replace("Cat:", "Feline:")),
    [
      ["request-property-discriminator-mapping-deleted", "breaking", [
        "POST /pets",
      ]],
      ["request-property-discriminator-mapping-added", "info", ["POST /pets"]],
      ["response-property-discriminator-mapping-deleted", "info", [
        "GET /pets",
      ]],
      ["response-property-discriminator-mapping-added", "warning", [
        "GET /pets",
      ]],
    ],
  ],
  [
    "ok/a subtype's required property made optional is compared there",
    petsAllOf(CAT),
    petsAllOf(CAT.replace("required: [lives], ", "")),
    [
      ["request-property-became-optional", "info", ["POST /pets"]],
      ["response-property-became-optional", "breaking", ["GET /pets"]],
    ],
  ],
  [
    "ok/a Swagger 2.0 subtype added under a discriminator",
    petsAllOf20(CAT),
    petsAllOf20(CAT + DOG),
    [
      ["response-property-discriminator-mapping-added", "warning", [
        "GET /pets",
      ]],
      ["request-property-discriminator-mapping-added", "info", ["POST /pets"]],
    ],
  ],
  [
    "ok/a Swagger 2.0 subtype's required property made optional",
    petsAllOf20(CAT),
    petsAllOf20(CAT.replace("required: [lives], ", "")),
    [
      ["request-property-became-optional", "info", ["POST /pets"]],
      ["response-property-became-optional", "breaking", ["GET /pets"]],
    ],
  ],
  [
    "ok/a subtype's explicit mapping value dropped: its name is its value again (the explicit value had replaced it)",
    petsAllOf(CAT).replace(
      "{propertyName: petType}",
      '{propertyName: petType, mapping: {cat: "#/components/schemas/Cat"}}',
    ),
    petsAllOf(CAT),
    [
      ["request-property-discriminator-mapping-deleted", "breaking", [
        "POST /pets",
      ]],
      ["request-property-discriminator-mapping-added", "info", ["POST /pets"]],
      ["response-property-discriminator-mapping-deleted", "info", [
        "GET /pets",
      ]],
      ["response-property-discriminator-mapping-added", "warning", [
        "GET /pets",
      ]],
    ],
  ],
  [
    "ok/an alternative that also extends the schema, dropped from its oneOf, is an alternative lost, said once (not again of it as a subtype)",
    petsAllOf(CAT + DOG).replace(
      "      discriminator:",
      '      oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]\n      discriminator:',
    ),
    petsAllOf(CAT.replace("  allOf:", "  description: A cat\n  allOf:") + DOG)
      .replace(
        "      discriminator:",
        '      oneOf: [{$ref: "#/components/schemas/Dog"}]\n      discriminator:',
      ),
    [
      ["request-property-one-of-removed", "breaking", ["POST /pets"]],
      ["response-property-one-of-removed", "info", ["GET /pets"]],
    ],
  ],
  [
    "bad/a component extending a schema without a discriminator is no value of it",
    petsAllOf(CAT).replace(
      "      discriminator: {propertyName: petType}\n",
      "",
    ),
    petsAllOf(CAT + DOG).replace(
      "      discriminator: {propertyName: petType}\n",
      "",
    ),
    [],
  ],
  [
    "ok/a query parameter's default changed changes what a client that omits it gets",
    doc(query({ type: "string", default: "a" })),
    doc(query({ type: "string", default: "b" })),
    [["request-parameter-default-value-changed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a Swagger 2.0 header parameter's default changed",
    swagger(withParams({
      name: "X-Mode",
      in: "header",
      type: "string",
      default: "a",
    })),
    swagger(withParams({
      name: "X-Mode",
      in: "header",
      type: "string",
      default: "b",
    })),
    [["request-parameter-default-value-changed", "warning", ["GET /a"]]],
  ],
  [
    "bad/a response header's default changed is info (the server sends the header; a client omits nothing)",
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: {
                "X-Mode": { schema: { type: "string", default: "a" } },
              },
            },
          },
        },
      },
    }),
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: {
                "X-Mode": { schema: { type: "string", default: "b" } },
              },
            },
          },
        },
      },
    }),
    [["response-header-default-value-changed", "info", ["GET /a"]]],
  ],
  [
    "ok/a request parameter's default removed is a warning, as one changed; one added is info",
    doc(withParams(
      { name: "q", in: "query", schema: { ...STR, default: "x" } },
      { name: "p", in: "query", schema: STR },
    )),
    doc(withParams(
      { name: "q", in: "query", schema: STR },
      { name: "p", in: "query", schema: { ...STR, default: "x" } },
    )),
    [
      ["request-parameter-default-value-removed", "warning", ["GET /a"]],
      ["request-parameter-default-value-added", "info", ["GET /a"]],
    ],
  ],
  [
    "bad/a request property's default changed is still info",
    doc(requestBody(object({ m: { type: "string", default: "a" } }))),
    doc(requestBody(object({ m: { type: "string", default: "b" } }))),
    [["request-property-default-value-changed", "info", ["POST /a"]]],
  ],
  [
    "ok/an operation no longer deprecated is info",
    doc({ "/a": { get: { deprecated: true, responses: ok200 } } }),
    doc(GET_A),
    [["endpoint-reactivated", "info", ["GET /a"]]],
  ],
  [
    "ok/an alpha operation removed is info: it promised no stability",
    doc({
      ...GET_A,
      "/b": { get: { "x-stability-level": "alpha", responses: ok200 } },
    }),
    doc(GET_A),
    [["api-path-removed-without-deprecation", "info", ["GET /b"]]],
  ],
  [
    "ok/a parameter's sunset date moved earlier is a warning; later is info",
    doc(withParams(
      {
        name: "p",
        in: "query",
        schema: STR,
        deprecated: true,
        "x-sunset": "2999-06-01",
      },
      {
        name: "q",
        in: "query",
        schema: STR,
        deprecated: true,
        "x-sunset": "2999-01-01",
      },
    )),
    doc(withParams(
      {
        name: "p",
        in: "query",
        schema: STR,
        deprecated: true,
        "x-sunset": "2999-01-01",
      },
      {
        name: "q",
        in: "query",
        schema: STR,
        deprecated: true,
        "x-sunset": "2999-06-01",
      },
    )),
    [
      ["request-parameter-sunset-date-changed-too-small", "warning", [
        "GET /a",
      ]],
      ["request-parameter-sunset-date-changed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a parameter that became optional, deprecated or no longer deprecated is info",
    doc(withParams(
      { name: "q", in: "query", schema: STR, required: true },
      { name: "d", in: "query", schema: STR, deprecated: true },
      { name: "e", in: "query", schema: STR },
    )),
    doc(withParams(
      { name: "q", in: "query", schema: STR },
      { name: "d", in: "query", schema: STR },
      { name: "e", in: "query", schema: STR, deprecated: true },
    )),
    [
      ["request-parameter-became-optional", "info", ["GET /a"]],
      ["request-parameter-reactivated", "info", ["GET /a"]],
      ["request-parameter-deprecated", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a path parameter written as JSON that became a plain integer is written alike: info",
    doc({
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            content: { "application/json": { schema: { type: "integer" } } },
          }],
          responses: ok200,
        },
      },
    }),
    doc(pathParam({ type: "integer" })),
    [["request-parameter-style-changed", "info", ["GET /a/{id}"]]],
  ],
  [
    "ok/a path parameter that became a list breaks: a path holds one value as the list's style writes it",
    doc(pathParam(STR)),
    doc(pathParam({ type: "array", items: STR })),
    [["request-parameter-type-changed", "breaking", ["GET /a/{id}"]]],
  ],
  [
    "ok/an optional request body added, or a required one made optional, is info",
    doc({
      "/a": { post: { responses: ok200 } },
      "/b": requestBody(OBJ, true)["/a"] as Json,
    }),
    doc({
      "/a": requestBody(OBJ, false)["/a"] as Json,
      "/b": requestBody(OBJ, false)["/a"] as Json,
    }),
    [
      ["request-body-added-optional", "info", ["POST /a"]],
      ["request-body-became-optional", "info", ["POST /b"]],
    ],
  ],
  [
    "ok/a 3xx or 4xx status removed is info: only a success status breaks",
    doc(statuses({ "200": null, "301": null, "404": null })),
    doc(statuses({ "200": null })),
    [
      ["response-non-success-status-removed", "info", ["GET /a"]],
      ["response-non-success-status-removed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a range now described code by code is one change",
    doc(statuses({ "2XX": null })),
    doc(statuses({ "200": null })),
    [["response-status-range-changed", "info", ["GET /a"]]],
  ],
  [
    "ok/a range covers codes of its own first digit only",
    doc(statuses({ "200": null, "404": null })),
    doc(statuses({ "2XX": null })),
    [
      ["response-status-range-changed", "info", ["GET /a"]],
      ["response-non-success-status-removed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a response range that became two of the types it covers is removed",
    doc(answering(["application/*"])),
    doc(answering(["application/json", "application/xml"])),
    [
      ["response-media-type-removed", "breaking", ["GET /a"]],
      ["response-media-type-added", "info", ["GET /a"]],
      ["response-media-type-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a response header added or made required, a link added, is info",
    doc(responseBody(OBJ, { "X-A": { schema: STR } })),
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: {
                "X-A": { required: true, schema: STR },
                "X-B": { schema: STR },
              },
              links: { next: { operationId: "x" } },
              content: { "application/json": { schema: OBJ } },
            },
          },
        },
      },
    }),
    [
      ["response-header-became-required", "info", ["GET /a"]],
      ["response-header-added", "info", ["GET /a"]],
      ["response-link-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a property inside a response header's object schema is a response property",
    doc(responseBody(OBJ, { "X-A": { schema: object({ a: STR }) } })),
    doc(
      responseBody(OBJ, {
        "X-A": { schema: object({ a: { type: "integer" } }) },
      }),
    ),
    [["response-property-type-changed", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a 3.2 response part now sent in more types is a warning (a reader may meet one it does not know)",
    multipartResponse("image/png"),
    multipartResponse("image/*"),
    [["response-body-encoding-changed", "warning", ["GET /a"]]],
  ],
  [
    "ok/two $ref alternatives are never paired by likeness: one lost, one gained",
    doc(
      responseBody({
        oneOf: [{ $ref: "#/components/schemas/A" }, {
          $ref: "#/components/schemas/B",
        }],
      }),
      {
        A: object({ a: STR }),
        B: object({ b: STR, c: STR }),
        C: object({ b: STR, d: STR }),
      },
    ),
    doc(
      responseBody({
        oneOf: [{ $ref: "#/components/schemas/A" }, {
          $ref: "#/components/schemas/C",
        }],
      }),
      {
        A: object({ a: STR }),
        B: object({ b: STR, c: STR }),
        C: object({ b: STR, d: STR }),
      },
    ),
    [
      ["response-body-one-of-added", "warning", ["GET /a"]],
      ["response-body-one-of-removed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a response's oneOf beside an alternative of any type (one that writes none) gains no new type with a string alternative: a warning",
    doc31(responseBody({
      oneOf: [{ type: "object", title: "O" }, { title: "Any", minLength: 1 }],
    })),
    doc31(responseBody({
      oneOf: [
        { type: "object", title: "O" },
        { title: "Any", minLength: 1 },
        { type: "string", title: "S" },
      ],
    })),
    [["response-body-one-of-added", "warning", ["GET /a"]]],
  ],
  [
    "ok/a type list narrowed beside alternatives that each write a type is still a type change (the written type is compared, not the alternatives')",
    doc31(requestBody({
      type: ["string", "integer"],
      oneOf: [{ type: "string" }, { type: "integer" }],
    })),
    doc31(requestBody({
      type: "string",
      oneOf: [{ type: "string" }, { type: "integer" }],
    })),
    [["request-body-list-of-types-narrowed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/a tuple inside contains reordered is a change: a list of schemas keeps its order where a list of values is a set",
    doc31(requestBody({
      type: "array",
      contains: { prefixItems: [STR, { type: "integer" }] },
    })),
    doc31(requestBody({
      type: "array",
      contains: { prefixItems: [{ type: "integer" }, STR] },
    })),
    [["request-body-contains-changed", "warning", ["POST /a"]]],
  ],
  [
    "ok/3.1's boolean schema as an alternative is read as one (true takes any value, so every integer an alternative gained beside it takes matches both, and is refused, as was every string of the one it lost)",
    doc31(requestBody({ oneOf: [STR, true] })),
    doc31(requestBody({ oneOf: [{ type: "integer" }, true] })),
    [
      ["request-body-one-of-removed", "info", ["POST /a"]],
      ["request-body-one-of-added", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a 3.2 defaultMapping naming a renamed component still names it (its discriminator value is what changed)",
    renamedDefault("Cat"),
    renamedDefault("Kitty"),
    [
      ["request-body-discriminator-mapping-deleted", "breaking", ["POST /a"]],
      ["request-body-discriminator-mapping-added", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/Swagger 2.0's x-nullable is nullable",
    swagger(swaggerResponse(STR)),
    swagger(swaggerResponse({ ...STR, "x-nullable": true })),
    [["response-property-became-nullable", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a 3.1 type list of one is said: dropped from a response, it widens",
    doc31(responseBody({ type: ["string"] })),
    doc31(responseBody({})),
    [["response-body-type-generalized", "breaking", ["GET /a"]]],
  ],
  [
    "ok/a server variable gone is a warning, its default changed info",
    served({ region: { default: "eu" }, v: { default: "v1" } }),
    served({ region: { default: "us" } }),
    [
      ["api-server-variable-removed", "warning", []],
      ["api-server-variable-default-changed", "info", []],
    ],
  ],
  [
    "ok/a local $ref the revision broke is a warning",
    doc(requestBody({ $ref: "#/components/schemas/A" }), { A: OBJ }),
    doc(requestBody({ $ref: "#/components/schemas/Missing" }), { A: OBJ }),
    // What it points to is unknown, not "anything": nothing is claimed.
    [["ref-not-followed", "warning", []]],
  ],
  [
    "ok/a $ref to another file is a warning",
    doc(requestBody({ $ref: "#/components/schemas/A" }), { A: OBJ }),
    doc(requestBody({ $ref: "other.yaml#/A" }), { A: OBJ }),
    [["ref-not-followed", "warning", []]],
  ],
  [
    "ok/an untyped request body that became a oneOf whose alternatives each require a new name: each became required, and a string, passing both, is refused",
    doc(requestBody({})),
    doc(requestBody({ oneOf: [{ required: ["a"] }, { required: ["b"] }] })),
    [
      ["request-body-type-changed", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/an untyped request body that became a oneOf whose alternatives each require a new name: a read-only one is not sent, so not said; a string passes both (`properties` limits objects alone), so is refused",
    doc(requestBody({})),
    doc(requestBody({
      oneOf: [
        { required: ["a"] },
        { required: ["r", "b"], properties: { r: { ...STR, readOnly: true } } },
      ],
    })),
    [
      ["request-body-type-changed", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
    ],
  ],
  [
    // A string or a number passes both alternatives (neither `required`
    // nor `properties` limits it), so the oneOf refuses it: objects only.
    "ok/an untyped request body that became a oneOf whose one alternative requires only a read-only name, not sent: only its narrowing to objects is said",
    doc(requestBody({})),
    doc(requestBody({
      oneOf: [
        { required: ["a"] },
        { required: ["r"], properties: { r: { ...STR, readOnly: true } } },
      ],
    })),
    [["request-body-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/an untyped request body that became a oneOf with an alternative requiring nothing new: only its narrowing to objects is said",
    doc(requestBody({})),
    doc(
      requestBody({ oneOf: [{ required: ["a"] }, { properties: { b: STR } }] }),
    ),
    [["request-body-type-changed", "breaking", ["POST /a"]]],
  ],
  [
    "ok/an untyped body that became a oneOf of two untyped objects (`properties` alone) narrowed to objects, as one of `required` alone does",
    doc31({
      "/a": {
        ...requestBody({})["/a"] as Json,
        ...responseBody({})["/a"] as Json,
      },
    }),
    doc31({
      "/a": {
        ...requestBody({
          oneOf: [{ properties: { a: STR } }, { properties: { b: STR } }],
        })["/a"] as Json,
        ...responseBody({
          oneOf: [{ properties: { a: STR } }, { properties: { b: STR } }],
        })["/a"] as Json,
      },
    }),
    [
      ["request-body-type-changed", "breaking", ["POST /a"]],
      ["response-body-type-specialized", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a request object that became an untyped anyOf whose alternatives each require a new name",
    doc(requestBody({ type: "object" })),
    doc(requestBody({
      anyOf: [
        { required: ["a"] },
        { required: ["b"] },
      ],
    })),
    [
      ["request-property-became-required", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
      ["request-body-type-generalized", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a request object that became an untyped oneOf whose alternatives each require a new name: a string passes both, so oneOf refuses it and the type did not widen",
    doc(requestBody({ type: "object" })),
    doc(requestBody({
      oneOf: [
        { required: ["a"] },
        { required: ["b"] },
      ],
    })),
    [
      ["request-property-became-required", "breaking", ["POST /a"]],
      ["request-property-became-required", "breaking", ["POST /a"]],
    ],
  ],
  [
    "ok/a request object that became an untyped oneOf of an object's and a string's alternatives widened to strings, not any (a number passes both); an object without `a` passes the second",
    doc(requestBody({ type: "object" })),
    doc(requestBody({
      oneOf: [
        { required: ["a"] },
        { minLength: 1 },
      ],
    })),
    [["request-body-list-of-types-widened", "info", ["POST /a"]]],
  ],
  [
    "ok/a base's $ref to another file claims no type change against the revision",
    doc(requestBody({ $ref: "other.yaml#/A" })),
    doc(requestBody({ type: "string", maxLength: 5, enum: ["a"] })),
    [["ref-not-followed", "warning", []]],
  ],
  [
    "ok/a property whose base $ref points to another file claims no type change",
    doc(requestBody(object({ p: { $ref: "other.yaml#/A" } }))),
    doc(requestBody(object({ p: STR }))),
    [["ref-not-followed", "warning", []]],
  ],
];

/** A Swagger 2.0 document whose `GET /a/{id}` has a string path parameter. */
function swaggerPathParam(more: Json): string {
  return JSON.stringify({
    swagger: "2.0",
    info: { title: "T", version: "1" },
    paths: {
      "/a/{id}": {
        get: {
          parameters: [{
            name: "id",
            in: "path",
            required: true,
            type: "string",
            ...more,
          }],
          responses: ok200,
        },
      },
    },
  });
}

/**
 * An object whose `n` alternatives each require `a` (and declare a
 * property of their own, so none is written like another).
 */
function altsRequiring(n: number): Json {
  return {
    type: "object",
    oneOf: Array.from({ length: n }, (_, i) => ({
      required: ["a"],
      properties: { [`p${i}`]: STR },
    })),
  };
}

const SAME: [string, string, string][] = [
  [
    // Read alike but for readOnly (or writeOnly), each pairs with the one
    // that says it as it does: no default moved between them.
    "same/alternatives that differ by readOnly or writeOnly, reordered and redescribed, pair by it",
    doc31(requestBody(object({
      r: {
        oneOf: [
          { ...STR, readOnly: true, default: "a", description: "1" },
          { ...STR, default: "b", description: "1" },
        ],
      },
      w: {
        oneOf: [
          { ...STR, writeOnly: true, default: "a", description: "1" },
          { ...STR, default: "b", description: "1" },
        ],
      },
    }))),
    doc31(requestBody(object({
      r: {
        oneOf: [
          { ...STR, default: "b", description: "2" },
          { ...STR, readOnly: true, default: "a", description: "2" },
        ],
      },
      w: {
        oneOf: [
          { ...STR, default: "b", description: "2" },
          { ...STR, writeOnly: true, default: "a", description: "2" },
        ],
      },
    }))),
  ],
  [
    // Each allOf part's bound applies: the tightest of each side wins.
    "same/a minimum in each of two allOf parts is the larger one, a maximum the smaller",
    doc(requestBody(object({
      n: {
        allOf: [{ type: "integer", minimum: 1, maximum: 9 }, {
          minimum: 5,
          maximum: 7,
        }],
      },
    }))),
    doc(
      requestBody(object({ n: { type: "integer", minimum: 5, maximum: 7 } })),
    ),
  ],
  [
    // contentEncoding applies to strings (JSON Schema 2020-12 §8.3).
    "same/a contentEncoding beside a type that is no string says nothing of it",
    doc31(requestBody(object({
      n: { type: "integer", contentEncoding: "base64" },
    }))),
    doc31(requestBody(object({ n: { type: "integer" } }))),
  ],
  [
    "ok/a response object that became an untyped oneOf of alternatives each requiring a name takes objects only, as it did",
    doc(responseBody({ type: "object" })),
    doc(responseBody({ oneOf: [{ required: ["a"] }, { required: ["b"] }] })),
  ],
  [
    "same/a Swagger 2.0 multipart array field's csv, said and unsaid (its default)",
    swaggerTags("multipart/form-data", "csv"),
    swaggerTags("multipart/form-data"),
  ],
  [
    "same/a Swagger 2.0 multipart array field sent a part per item (multi) and OpenAPI 3's multipart array, whose items are parts",
    swaggerTags("multipart/form-data", "multi"),
    form("multipart/form-data", TAGS),
  ],
  [
    "same/a name 50 alternatives all require (the most read) moved up to the object's required",
    ...([[], ["a"]].map((required) =>
      doc31(requestBody({ ...altsRequiring(50), required }))
    ) as [string, string]),
  ],
  [
    "same/a read-only component a request property names, edited, the object naming it written alike: never sent, so nothing for the request",
    doc(requestBody(object({ x: { $ref: "#/components/schemas/X" } })), {
      X: { type: "string", readOnly: true, maxLength: 5 },
    }),
    doc(requestBody(object({ x: { $ref: "#/components/schemas/X" } })), {
      X: { type: "string", readOnly: true, maxLength: 3 },
    }),
  ],
  [
    "same/two templates that differ only in parameter names (which OpenAPI forbids): the first in list order is the one compared, on both sides",
    doc({
      "/a/{x}": pathParamOp("x"),
      "/a/{y}": pathParamOp("y"),
    }),
    doc({ "/a/{x}": pathParamOp("x") }),
  ],
  [
    "same/`additionalProperties: false` written `unevaluatedProperties: false` where nothing in place evaluates properties",
    doc31(requestBody({ ...object({ a: STR }), additionalProperties: false })),
    doc31(requestBody({ ...object({ a: STR }), unevaluatedProperties: false })),
  ],
  [
    "same/`additionalProperties` of a schema written `unevaluatedProperties`, in a response",
    doc31(responseBody({ ...object({ a: STR }), additionalProperties: STR })),
    doc31(responseBody({ ...object({ a: STR }), unevaluatedProperties: STR })),
  ],
  [
    "same/a name every alternative requires moved up to the parent's required (the alternatives say they became optional, the object does not)",
    doc31(
      responseBody({
        type: "object",
        oneOf: [
          { required: ["a"], properties: { a: STR } },
          { required: ["a"], properties: { a: { type: "integer" } } },
        ],
      }),
    ),
    doc31(
      responseBody({
        type: "object",
        required: ["a"],
        oneOf: [
          { properties: { a: STR } },
          { properties: { a: { type: "integer" } } },
        ],
      }),
    ),
  ],
  [
    "same/a discriminated oneOf of one alternative written as that schema",
    doc(requestBody({ $ref: "#/components/schemas/Pet" }), {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Cat" }],
        discriminator: { propertyName: "kind" },
      },
      Cat: object({ kind: { type: "string" } }),
    }),
    doc(requestBody({ $ref: "#/components/schemas/Cat" }), {
      Cat: object({ kind: { type: "string" } }),
    }),
  ],
  [
    "same/a response's Content-Type header, which OpenAPI ignores, removed",
    doc(responseBody({ type: "string" }, {
      "Content-Type": { required: true, schema: { type: "integer" } },
    })),
    doc(responseBody({ type: "string" })),
  ],
  [
    "same/servers [{url: /}] and no servers",
    doc(GET_A, {}, { servers: [{ url: "/" }] }),
    doc(GET_A),
  ],
  [
    "same/no servers and an empty servers list, then [{url: /}]",
    doc(GET_A, {}, { servers: [] }),
    doc(GET_A, {}, { servers: [{ url: "/" }] }),
  ],
  [
    "same/a Swagger 2.0 basePath without a host and the 3.x relative server",
    swagger(GET_A, { basePath: "/v1" }),
    doc(GET_A, {}, { servers: [{ url: "/v1" }] }),
  ],
  [
    "same/form encodings that say the defaults",
    form("application/x-www-form-urlencoded", TAGS),
    form("application/x-www-form-urlencoded", TAGS, {
      tags: { style: "form", explode: true },
    }),
  ],
  [
    "same/a Swagger 2.0 csv form field and OpenAPI 3's form without explode",
    swagger({
      "/a": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [{ name: "tags", in: "formData", ...TAGS.tags }],
          responses: ok200,
        },
      },
    }),
    form("application/x-www-form-urlencoded", TAGS, {
      tags: { style: "form", explode: false },
    }),
  ],
  [
    "same/OpenAPI 3's pipeDelimited form field and Swagger 2.0's pipes",
    form("application/x-www-form-urlencoded", TAGS, {
      tags: { style: "pipeDelimited", explode: false },
    }),
    swagger({
      "/a": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [{
            name: "tags",
            in: "formData",
            collectionFormat: "pipes",
            ...TAGS.tags,
          }],
          responses: ok200,
        },
      },
    }),
  ],
  [
    "same/a 3.1 response's encoding, which applies to request bodies only",
    doc31({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: {
                "multipart/mixed": {
                  schema: object({ o: OBJ }),
                  encoding: { o: { contentType: "application/xml" } },
                },
              },
            },
          },
        },
      },
    }),
    doc31({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: { "multipart/mixed": { schema: object({ o: OBJ }) } },
            },
          },
        },
      },
    }),
  ],
  [
    "same/allowEmptyValue and allowReserved dropped where only a query reads them",
    doc({
      "/a/{id}": {
        get: {
          parameters: [
            {
              name: "h",
              in: "header",
              allowEmptyValue: true,
              allowReserved: true,
              schema: { type: "string" },
            },
            {
              name: "id",
              in: "path",
              required: true,
              allowReserved: true,
              schema: { type: "string" },
            },
          ],
          responses: ok200,
        },
      },
    }),
    doc({
      "/a/{id}": {
        get: {
          parameters: [
            { name: "h", in: "header", schema: { type: "string" } },
            {
              name: "id",
              in: "path",
              required: true,
              schema: { type: "string" },
            },
          ],
          responses: ok200,
        },
      },
    }),
  ],
  [
    "same/a response tuple position no longer listed that items now says",
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
      items: { type: "string" },
    })),
    doc31(responseBody({
      type: "array",
      prefixItems: [{ type: "integer" }],
      items: { type: "string" },
    })),
  ],
  [
    "same/a text body without a schema and one that says it is a string",
    doc(typed(["text/plain"], ["text/plain"], { type: "string" })),
    doc({
      "/a": {
        post: {
          requestBody: { content: { "text/plain": {} } },
          responses: {
            "200": { description: "ok", content: { "text/plain": {} } },
          },
        },
      },
    }),
  ],
  [
    "same/a Swagger 2.0 host with basePath / and without one",
    swagger(GET_A, { host: "a.example", basePath: "/" }),
    swagger(GET_A, { host: "a.example" }),
  ],
  [
    "same/a Swagger 2.0 host and the 3.x server with a trailing slash",
    swagger(GET_A, { host: "a.example", basePath: "/v1" }),
    doc(GET_A, {}, { servers: [{ url: "https://a.example/v1/" }] }),
  ],
  [
    "same/a scheme and host in capitals, and the scheme's default port",
    swagger(GET_A, { host: "A.Example", schemes: ["HTTPS"], basePath: "/v1" }),
    doc(GET_A, {}, { servers: [{ url: "https://a.example:443/v1" }] }),
  ],
  [
    "same/a Swagger 2.0 host with a scheme and a basePath without its slash, read as meant",
    swagger(GET_A, { host: "https://a.example/", basePath: "v1" }),
    doc(GET_A, {}, { servers: [{ url: "https://a.example/v1" }] }),
  ],
  [
    "same/a server variable's name is no host: kept as written",
    doc(GET_A, {}, {
      servers: [{
        url: "https://{Region}.X.example",
        variables: { Region: { default: "eu" } },
      }],
    }),
    doc(GET_A, {}, {
      servers: [{
        url: "HTTPS://{Region}.x.example/",
        variables: { Region: { default: "eu" } },
      }],
    }),
  ],
  [
    "same/multipart parts given their default content types",
    form("multipart/form-data", META),
    form("multipart/form-data", META, {
      meta: { contentType: "application/json" },
      n: { contentType: "text/plain" },
    }),
  ],
  [
    "same/a parameter's media type with a charset added",
    doc(withParams({
      name: "f",
      in: "query",
      content: { "application/json": { schema: { type: "object" } } },
    })),
    doc(withParams({
      name: "f",
      in: "query",
      content: {
        "Application/JSON; charset=utf-8": { schema: { type: "object" } },
      },
    })),
  ],
  [
    "same/a oneOf of documented consts is the enum of their values (and a null alternative its nullable)",
    doc31(
      requestBody(object({
        kind: {
          oneOf: [
            { const: "cat", description: "A cat" },
            { const: "dog", title: "Dog", "x-order": 2 },
            { type: "null" },
          ],
        },
      })),
    ),
    // In 3.1 the enum must list null too: every keyword applies.
    doc31(
      requestBody(object({
        kind: { type: ["string", "null"], enum: ["cat", "dog", null] },
      })),
    ),
  ],
  [
    "same/an anyOf of enums is the enum of all their values",
    doc31(
      requestBody(
        object({
          n: { anyOf: [{ enum: [1, 2] }, { const: 3, type: "integer" }] },
        }),
      ),
    ),
    doc31(requestBody(object({ n: { enum: [1, 2, 3] } }))),
  ],
  [
    "same/an inline alternative renamed by its title",
    doc(
      requestBody(
        object({
          t: {
            anyOf: [{
              title: "old_param",
              type: "object",
              properties: { up: { type: "integer" } },
            }, { type: "string", enum: [""] }],
          },
        }),
      ),
    ),
    doc(
      requestBody(
        object({
          t: {
            anyOf: [{
              title: "new_param",
              type: "object",
              properties: { up: { type: "integer" } },
            }, { type: "string", enum: [""] }],
          },
        }),
      ),
    ),
  ],
  [
    "same/inline alternatives reordered",
    doc(
      requestBody(
        object({ c: { oneOf: [SQUARE, CIRCLE, { type: "string" }] } }),
      ),
    ),
    doc(
      requestBody(
        object({ c: { oneOf: [{ type: "string" }, SQUARE, CIRCLE] } }),
      ),
    ),
  ],
  [
    "same/a Swagger 2.0 file upload and its OpenAPI 3 binary string",
    JSON.stringify({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      paths: {
        "/up": {
          post: {
            consumes: ["multipart/form-data"],
            parameters: [{
              name: "file",
              in: "formData",
              type: "file",
              required: true,
            }],
            responses: ok200,
          },
        },
      },
    }),
    doc({
      "/up": {
        post: {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: object({ file: { type: "string", format: "binary" } }, [
                  "file",
                ]),
              },
            },
          },
          responses: ok200,
        },
      },
    }),
  ],
  [
    "same/a primitive query parameter in another style is written alike",
    doc(query({ type: "integer" })),
    doc(
      query({ type: "integer" }, { style: "spaceDelimited", explode: false }),
    ),
  ],
  [
    "same/a simple-style path array exploded or not is written alike",
    doc(pathParam({ type: "array", items: { type: "string" } })),
    doc(
      pathParam({ type: "array", items: { type: "string" } }, {
        explode: true,
      }),
    ),
  ],
  [
    "same/a Swagger 2.0 csv array and its OpenAPI 3 form without explode",
    JSON.stringify({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            parameters: [{
              name: "q",
              in: "query",
              type: "array",
              items: { type: "string" },
            }],
            responses: ok200,
          },
        },
      },
    }),
    doc(
      query({ type: "array", items: { type: "string" } }, { explode: false }),
    ),
  ],
  [
    "same/a nullable alternative rewritten as 3.1, the list reordered",
    doc(
      responseBody({
        oneOf: [{ type: "string", nullable: true }, { type: "integer" }],
      }),
    ),
    doc31(
      responseBody({
        oneOf: [{ type: "integer" }, { type: ["string", "null"] }],
      }),
    ),
  ],
  [
    "same/hundreds of inline alternatives reversed",
    doc(requestBody({ oneOf: MANY })),
    doc(requestBody({ oneOf: [...MANY].reverse() })),
  ],
  [
    "same/an alternative whose allOf parts are reordered, the list reordered",
    doc(
      requestBody({ anyOf: [{ allOf: [CIRCLE, SQUARE] }, { type: "string" }] }),
    ),
    doc(
      requestBody({ anyOf: [{ type: "string" }, { allOf: [SQUARE, CIRCLE] }] }),
    ),
  ],
  [
    "same/an enum of one and a const, the list reordered",
    doc31(requestBody({ oneOf: [{ enum: ["a"] }, { type: "integer" }] })),
    doc31(requestBody({ oneOf: [{ type: "integer" }, { const: "a" }] })),
  ],
  [
    // One alternative takes null: the same values as the 3.0 nullable
    // beside the oneOf.
    "same/3.0's nullable beside a oneOf written as null in one alternative's 3.1 type",
    doc(responseBody({
      nullable: true,
      oneOf: [STR, { type: "integer" }],
    })),
    doc31(responseBody({
      oneOf: [{ type: ["string", "null"] }, { type: "integer" }],
    })),
  ],
  [
    // An untyped component with properties beside a null alternative is
    // read as the nullable object it is written for, not as taking null
    // itself (which would make the oneOf refuse null): 3.1 has no other
    // way to say 3.0's nullable beside a $ref.
    "same/3.0's nullable beside an untyped component written as 3.1's oneOf of it and null",
    doc(requestBody({ nullable: true, allOf: [ref("Pet")] }), {
      Pet: { properties: { a: STR } },
    }),
    doc31(requestBody({ oneOf: [ref("Pet"), { type: "null" }] }), {
      Pet: { properties: { a: STR } },
    }),
  ],
  [
    // The null one component let through, moved beside the oneOf as the
    // component was renamed: the alternatives are the same objects.
    "same/3.0's nullable component in a oneOf, renamed and its nullable moved beside the oneOf",
    doc(requestBody({ oneOf: [ref("NCat"), ref("Dog")] }), {
      NCat: { ...object({ c: STR }, ["c"]), nullable: true },
      Dog: object({ d: STR }, ["d"]),
    }),
    doc(requestBody({ nullable: true, oneOf: [ref("Cat"), ref("Dog")] }), {
      Cat: object({ c: STR }, ["c"]),
      Dog: object({ d: STR }, ["d"]),
    }),
  ],
  [
    "same/3.0 binary and byte strings written the 3.1 way",
    doc(responseBody(object({
      f: { type: "string", format: "binary" },
      b: { type: "string", format: "byte" },
    }))),
    doc31(responseBody(object({
      f: { type: "string", contentMediaType: "application/pdf" },
      b: { type: "string", contentEncoding: "base64" },
    }))),
  ],
  [
    "same/a 3.0 keyword beside a $ref is ignored, as 3.0 says",
    doc(requestBody(object({ n: { $ref: "#/components/schemas/Name" } })), {
      Name: { type: "string" },
    }),
    doc(
      requestBody(
        object({ n: { $ref: "#/components/schemas/Name", maxLength: 5 } }),
      ),
      { Name: { type: "string" } },
    ),
  ],
  [
    "same/an operation's own servers, the document's, dropped",
    doc(
      {
        "/a": {
          get: { servers: API_SERVERS.servers, responses: ok200 },
        },
      },
      {},
      API_SERVERS,
    ),
    doc({ "/a": { get: { responses: ok200 } } }, {}, API_SERVERS),
  ],
  [
    "same/alternatives reaching one component at different depths, reordered and redescribed",
    doc(
      requestBody({ oneOf: [DEEP("string"), DEEP("integer"), SHALLOW()] }),
      NESTED,
    ),
    doc(
      requestBody({
        oneOf: [SHALLOW("d"), DEEP("integer", "d"), DEEP("string", "d")],
      }),
      NESTED,
    ),
  ],
  [
    "same/a discriminated component renamed, its mapping value kept",
    pets("Cat", { cat: "#/components/schemas/Cat" }),
    pets("Feline", { cat: "#/components/schemas/Feline" }),
  ],
  [
    "same/an implicit discriminator mapping written out",
    pets("Cat"),
    pets("Cat", {
      Cat: "#/components/schemas/Cat",
      Dog: "#/components/schemas/Dog",
    }),
  ],
  [
    "same/a 3.1 $ref with a looser bound beside it, inlined",
    doc31(
      requestBody(
        object({ n: { $ref: "#/components/schemas/Name", maxLength: 20 } }),
      ),
      {
        Name: { type: "string", maxLength: 10 },
      },
    ),
    doc31(requestBody(object({ n: { type: "string", maxLength: 10 } }))),
  ],
  [
    "same/a Swagger 2.0 collectionFormat on a primitive path parameter",
    swaggerPathParam({}),
    swaggerPathParam({ collectionFormat: "pipes" }),
  ],
  [
    "same/a not keyword's required list reordered, its $ref inlined",
    doc31(
      requestBody({
        ...object({ a: { type: "string" }, b: { type: "string" } }),
        not: { $ref: "#/components/schemas/Both" },
      }),
      { Both: { required: ["a", "b"] } },
    ),
    doc31(requestBody({
      ...object({ a: { type: "string" }, b: { type: "string" } }),
      not: { required: ["b", "a"] },
    })),
  ],
  [
    "same/allOf parts that both define a property, reversed",
    doc(responseBody({
      allOf: [
        object({ s: { type: "string", enum: ["a", "b", "c"] } }),
        object({ s: { type: "string", enum: ["b", "c", "d"], maxLength: 3 } }),
      ],
    })),
    doc(responseBody({
      allOf: [
        object({ s: { type: "string", enum: ["b", "c", "d"], maxLength: 3 } }),
        object({ s: { type: "string", enum: ["a", "b", "c"] } }),
      ],
    })),
  ],
  [
    "same/a document and itself",
    doc(responseBody(object({ a: { type: "string" } }))),
    doc(responseBody(object({ a: { type: "string" } }))),
  ],
  [
    "same/keys, paths and properties reordered",
    doc({
      "/a": { get: { responses: ok200 } },
      "/b": {
        post: {
          requestBody: {
            content: {
              "application/json": {
                schema: object({
                  x: { type: "string" },
                  y: { type: "integer" },
                }, ["x", "y"]),
              },
            },
          },
          responses: ok200,
        },
      },
    }),
    doc({
      "/b": {
        post: {
          responses: ok200,
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  required: ["y", "x"],
                  properties: { y: { type: "integer" }, x: { type: "string" } },
                  type: "object",
                },
              },
            },
          },
        },
      },
      "/a": { get: { responses: ok200 } },
    }),
  ],
  [
    "same/a $ref replaced by its inline copy",
    doc(responseBody({ $ref: "#/components/schemas/P" }), {
      P: object({ id: { type: "string" } }, ["id"]),
    }),
    doc(responseBody(object({ id: { type: "string" } }, ["id"]))),
  ],
  [
    "same/3.0 nullable and 3.1 type with null",
    doc(responseBody(object({ a: { type: "string", nullable: true } }))),
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: responseBody(object({ a: { type: ["string", "null"] } })),
    }),
  ],
  [
    "same/allOf merged",
    doc(
      requestBody(
        object({ a: { type: "string" }, b: { type: "integer" } }, ["a"]),
      ),
    ),
    doc(
      requestBody({
        allOf: [
          object({ a: { type: "string" } }, ["a"]),
          object({ b: { type: "integer" } }),
        ],
      }),
    ),
  ],
  [
    "same/a description edit is documentation, not listed by default",
    doc(responseBody(object({ a: { type: "string", description: "old" } }))),
    doc(responseBody(object({ a: { type: "string", description: "new" } }))),
  ],
  [
    "same/path-level and operation-level parameters merged",
    doc({
      "/a": {
        parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        get: { responses: ok200 },
      },
    }),
    doc(query({ type: "string" })),
  ],
  [
    "same/a 3.2 additional method written in the same case",
    ops32(
      "additionalOperations:\n  COPY: {responses: {'200': {description: ok}}}",
    ),
    ops32(
      "additionalOperations:\n  COPY: {responses: {'200': {description: ok}}}",
    ),
  ],
  [
    "same/a fixed method written as an additional one in capitals is that method (as the viewer lists it)",
    ops32("post: {responses: {'200': {description: ok}}}"),
    ops32(
      "additionalOperations:\n  POST: {responses: {'200': {description: ok}}}",
    ),
  ],
  [
    "same/a security requirement naming its scheme by URI instead of by name",
    securedBy("dev"),
    securedBy("#/components/securitySchemes/dev"),
  ],
  [
    "same/a security requirement naming its scheme by a URI against $self",
    securedBy("#/components/securitySchemes/dev"),
    securedBy("https://x.test/api.yaml#/components/securitySchemes/dev"),
  ],
  [
    "same/a JSON Lines itemSchema and the array of its items (3.2 §4.14)",
    jsonLines(object({ id: { type: "integer" } })),
    sequence("application/jsonl", object({ id: { type: "integer" } })),
  ],
  [
    "same/an event stream's array of a component and its itemSchema",
    sequence("text/event-stream", { $ref: "#/components/schemas/Ev" }, {
      Ev: object({ data: STR }),
    }),
    sequence(
      "text/event-stream",
      { $ref: "#/components/schemas/Ev" },
      { Ev: object({ data: STR }) },
      true,
    ),
  ],
  [
    "same/a multipart file as 3.0 writes it and as contentMediaType alone",
    doc({
      "/a": {
        post: {
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: object({ f: { type: "string", format: "binary" } }),
              },
            },
          },
          responses: ok200,
        },
      },
    }),
    doc(
      {
        "/a": {
          post: {
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: object({
                    f: { contentMediaType: "application/octet-stream" },
                  }),
                },
              },
            },
            responses: ok200,
          },
        },
      },
      {},
      { openapi: "3.2.0" },
    ),
  ],
  [
    "same/an image without a schema and the binary string that says so",
    doc(
      typed(["image/png"], ["image/png"], { type: "string", format: "binary" }),
    ),
    doc(
      {
        "/a": {
          post: {
            requestBody: { content: { "image/png": {} } },
            responses: {
              "200": { description: "ok", content: { "image/png": {} } },
            },
          },
        },
      },
      {},
      { openapi: "3.2.0" },
    ),
  ],
  [
    "same/additionalProperties true, {} and unsaid all allow any value",
    doc(
      typed(["application/json"], ["application/json"], {
        ...OBJ,
        additionalProperties: true,
      }),
    ),
    doc(typed(["application/json"], ["application/json"], OBJ)),
  ],
  [
    "same/additionalProperties {} and unsaid",
    doc(responseBody(OBJ)),
    doc(responseBody({ ...OBJ, additionalProperties: {} })),
  ],
  [
    "same/a discriminator's implicit subtype value written out in its mapping",
    petsAllOf(CAT),
    petsAllOf(CAT).replace(
      "{propertyName: petType}",
      '{propertyName: petType, mapping: {Cat: "#/components/schemas/Cat"}}',
    ),
  ],
  [
    "same/a discriminated schema whose allOf names itself is no subtype (no value) of itself",
    petsAllOf(CAT),
    petsAllOf(CAT).replace(
      "      discriminator:",
      '      allOf: [{$ref: "#/components/schemas/Pet"}]\n      discriminator:',
    ),
  ],
  [
    "same/additionalProperties false beside type string: no object, nothing closed",
    doc(requestBody(STR)),
    doc(requestBody({ ...STR, additionalProperties: false })),
  ],
  [
    "same/additionalProperties a schema beside type string: no object, no value schema compared",
    doc(responseBody(STR)),
    doc(responseBody({ ...STR, additionalProperties: { type: "integer" } })),
  ],
  [
    "same/subtypes reordered among the components",
    petsAllOf(CAT + DOG),
    petsAllOf(DOG + CAT),
  ],
  [
    "same/a server variable whose enum was lifted still takes every value",
    served({
      region: { default: "eu", enum: ["eu", "us"] },
      v: { default: "v1" },
    }),
    served({ region: { default: "eu" }, v: { default: "v1" } }),
  ],
  [
    "same/3.0's nullable written in 3.1 as a oneOf beside a {type: null} alternative (of one schema, or of two) is unchanged",
    doc(
      requestBody(object({
        a: { type: "string", nullable: true },
        b: { oneOf: [STR, { type: "integer" }], nullable: true },
      })),
    ),
    doc31(
      requestBody(object({
        a: { oneOf: [STR, { type: "null" }] },
        b: { oneOf: [STR, { type: "null" }, { type: "integer" }] },
      })),
    ),
  ],
  [
    "same/3.0's nullable beside a oneOf written in 3.1 as a null alternative spelled [null], a const or an enum is unchanged",
    doc(
      requestBody(object({
        a: { oneOf: [STR, { type: "integer" }], nullable: true },
        b: { oneOf: [STR, { type: "integer" }], nullable: true },
        c: { oneOf: [STR, { type: "integer" }], nullable: true },
      })),
    ),
    doc31(
      requestBody(object({
        a: { oneOf: [STR, { type: ["null"] }, { type: "integer" }] },
        b: { oneOf: [STR, { type: "integer" }, { const: null }] },
        c: { oneOf: [STR, { enum: [null] }, { type: "integer" }] },
      })),
    ),
  ],
  [
    "bad/a discriminator mapping that is no object (a list, a string) maps nothing, changed or not",
    doc31(
      requestBody({
        oneOf: [
          { $ref: "#/components/schemas/Cat" },
          { $ref: "#/components/schemas/Dog" },
        ],
        discriminator: {
          propertyName: "k",
          mapping: ["#/components/schemas/Cat"],
        },
      }),
      { Cat: object({ k: STR }), Dog: object({ k: STR }) },
    ),
    doc31(
      requestBody({
        oneOf: [
          { $ref: "#/components/schemas/Cat" },
          { $ref: "#/components/schemas/Dog" },
        ],
        discriminator: { propertyName: "k", mapping: "dog" },
      }),
      { Cat: object({ k: STR }), Dog: object({ k: STR }) },
    ),
  ],
  [
    "bad/a null alternative written as a component, then in place, is one nullable",
    doc31(
      responseBody({
        oneOf: [
          { $ref: "#/components/schemas/A" },
          { $ref: "#/components/schemas/Null" },
        ],
      }),
      { A: object({ a: STR }), Null: { type: "null" } },
    ),
    doc31(
      responseBody({
        oneOf: [{ $ref: "#/components/schemas/A" }, { type: "null" }],
      }),
      { A: object({ a: STR }), Null: { type: "null" } },
    ),
  ],
  [
    "same/a stability level kept",
    doc({ "/a": { get: { "x-stability-level": "beta", responses: ok200 } } }),
    doc({
      "/a": {
        get: { "x-stability-level": "beta", summary: "s", responses: ok200 },
      },
    }),
  ],
  [
    "same/a read-only component's bound changed, reached only by a request that never sends it",
    doc(requestBody(object({ a: { $ref: "#/components/schemas/A" } })), {
      A: { ...STR, readOnly: true, maxLength: 5 },
    }),
    doc(requestBody(object({ a: { $ref: "#/components/schemas/A" } })), {
      A: { ...STR, readOnly: true, maxLength: 3 },
    }),
  ],
  [
    "same/multipleOf 0 says nothing (it must be above 0)",
    doc(requestBody({ type: "number", multipleOf: 0 })),
    doc(requestBody({ type: "number" })),
  ],
  [
    "same/a nullable component wrapped in a one-alternative anyOf is still nullable",
    doc(responseBody(object({ a: { $ref: "#/components/schemas/X" } })), {
      X: { ...STR, nullable: true },
    }),
    doc(
      responseBody(object({
        a: { anyOf: [{ $ref: "#/components/schemas/X" }], description: "d" },
      })),
      { X: { ...STR, nullable: true } },
    ),
  ],
  [
    "same/an x- key among the responses is no status",
    doc(GET_A),
    doc({
      "/a": {
        get: { responses: { ...ok200, "x-note": { description: "n" } } },
      },
    }),
  ],
  [
    "same/an Accept header parameter is ignored (OpenAPI 3.1 §4.8.12.1)",
    doc(GET_A),
    doc(
      withParams({ name: "Accept", in: "header", required: true, schema: STR }),
    ),
  ],
  [
    "same/a text body that gained a schema saying only string, with words",
    doc({
      "/a": {
        post: {
          requestBody: { content: { "text/plain": {} } },
          responses: ok200,
        },
      },
    }),
    doc({
      "/a": {
        post: {
          requestBody: {
            content: {
              "text/plain": { schema: { ...STR, description: "d" } },
            },
          },
          responses: ok200,
        },
      },
    }),
  ],
  [
    "same/a tuple position that took nothing, dropped where items take nothing",
    doc31(
      requestBody({ type: "array", prefixItems: [STR, false], items: false }),
    ),
    doc31(requestBody({ type: "array", prefixItems: [STR], items: false })),
  ],
];

Deno.test("compare: a oneOf of consts that loses one is an enum that lost a value; one with a bound is still alternatives", () => {
  const kinds = (alts: Json[]) =>
    doc31(requestBody(object({ kind: { oneOf: alts } })));
  assert.deepEqual(
    summary(
      compareSpecs(
        kinds([{ const: "cat" }, { const: "dog" }]),
        kinds([{ const: "cat" }]),
      ).changes,
    ),
    [["request-property-enum-value-removed", "breaking", ["POST /a"]]],
  );
  // An alternative that limits more than a value is no value alternative.
  const bounded = compareSpecs(
    kinds([{ const: "cat" }, { type: "string", maxLength: 3 }]),
    doc31(requestBody(object({ kind: { enum: ["cat"] } }))),
  ).changes.map((c) => c.id);
  assert.ok(bounded.length > 0, "a bounded alternative still compares");
});

Deno.test("compare: a oneOf of enums takes no value two of them list, so an anyOf of them become one lost it; consts apart lose none", () => {
  const kinds = (kind: string, alts: Json[]) =>
    doc31(requestBody(object({ kind: { [kind]: alts } })));
  const shared = [{ enum: ["cat", "dog"] }, { enum: ["dog", "eel"] }];
  assert.deepEqual(
    summary(
      compareSpecs(kinds("anyOf", shared), kinds("oneOf", shared)).changes,
    ),
    [["request-property-enum-value-removed", "breaking", ["POST /a"]]],
  );
  const apart = [{ const: "cat" }, { const: "dog" }];
  assert.deepEqual(
    compareSpecs(kinds("anyOf", apart), kinds("oneOf", apart)).changes,
    [],
  );
});

Deno.test("compare: 3.1 keywords beside a $dynamicRef apply as beside a $ref", () => {
  const tree = (node: Json) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          post: {
            requestBody: {
              required: true,
              content: { "application/json": { schema: node } },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
      components: {
        schemas: {
          Tree: {
            $dynamicAnchor: "node",
            type: "object",
            properties: { name: { type: "string" } },
          },
        },
      },
    });
  assert.deepEqual(
    summary(
      compareSpecs(
        tree({ $dynamicRef: "#node" }),
        tree({ $dynamicRef: "#node", required: ["name"] }),
      ).changes,
    ),
    [["request-property-became-required", "breaking", ["POST /a"]]],
  );
});

Deno.test("compare: an enum written as 1,200 consts is read whole, past the alternatives that pair", () => {
  const alts = (n: number) =>
    doc31(requestBody(object({
      v: { oneOf: Array.from({ length: n }, (_, i) => ({ const: `v${i}` })) },
    })));
  const enumOf = (n: number) =>
    doc31(requestBody(object({
      v: { enum: Array.from({ length: n }, (_, i) => `v${i}`) },
    })));
  // 1,200 values: the same enum, not "lost v1000…" (only 1,000 alternatives
  // pair); a value really dropped is still seen.
  assert.deepEqual(compareSpecs(enumOf(1200), alts(1200)).changes.length, 0);
  const dropped = enumOf(1200).replace('"v1100",', "");
  assert.deepEqual(
    summary(compareSpecs(alts(1200), dropped).changes),
    [["request-property-enum-value-removed", "breaking", ["POST /a"]]],
  );
});

Deno.test("compare: a server URL listed twice is one server; its variable renamed is one rename", () => {
  const twice = (name: string) =>
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      servers: [
        {
          url: `https://{${name}}.x.com`,
          variables: { [name]: { default: "a" } },
        },
        {
          url: `https://{${name}}.x.com`,
          variables: { [name]: { default: "b" } },
        },
      ],
    });
  assert.deepEqual(
    compareSpecs(twice("region"), twice("zone")).changes.map((c) => c.id),
    ["api-server-variable-renamed"],
  );
});

function summary(changes: Change[]): Want[] {
  return changes.map((c) => [c.id, c.level, c.operations]);
}

/** [id, base pointer, revision pointer] of a change. */
type WantAt = [string, string | null, string | null];

/** A request body that is a `$ref` to `to`, beside one component `has`. */
const bodyRef = (to: string, has: string) =>
  doc(requestBody({ $ref: `#/components/schemas/${to}` }), {
    [has]: object({ a: { type: "string" } }),
  });
const BODY_REF_AT =
  "/paths/~1a/post/requestBody/content/application~1json/schema/$ref";

/** Pairs whose changes must point where the edit is, in either document. */
const POINTERS: [string, string, string, WantAt[]][] = [
  [
    "an anyOf beside a oneOf, written in a second allOf part, points into that part",
    doc31(requestBody({
      allOf: [{ oneOf: [STR, { type: "integer" }] }, {
        anyOf: [{ ...STR, maxLength: 5 }, { type: "integer" }],
      }],
    })),
    doc31(requestBody({
      allOf: [{ oneOf: [STR, { type: "integer" }] }, {
        anyOf: [{ ...STR, maxLength: 3 }, { type: "integer" }],
      }],
    })),
    [[
      "request-property-max-length-decreased",
      "/paths/~1a/post/requestBody/content/application~1json/schema/allOf/1/anyOf/0",
      "/paths/~1a/post/requestBody/content/application~1json/schema/allOf/1/anyOf/0",
    ]],
  ],
  [
    "items written in a second allOf part points into that part",
    doc31(requestBody({
      allOf: [{ type: "array" }, { items: { type: "string", maxLength: 5 } }],
    })),
    doc31(requestBody({
      allOf: [{ type: "array" }, { items: { type: "string", maxLength: 3 } }],
    })),
    [[
      "request-property-max-length-decreased",
      "/paths/~1a/post/requestBody/content/application~1json/schema/allOf/1/items",
      "/paths/~1a/post/requestBody/content/application~1json/schema/allOf/1/items",
    ]],
  ],
  [
    "a Swagger 2.0 form field that became required points at that field",
    swaggerForm(false),
    swaggerForm(true),
    [[
      "request-property-became-required",
      "/paths/~1a/post/parameters/1",
      "/paths/~1a/post/parameters/1",
    ]],
  ],
  [
    "a $ref that became a nullable anyOf points at the property on both sides",
    doc(responseBody({ $ref: "#/components/schemas/T" }), {
      T: object({ v: { $ref: "#/components/schemas/V" } }),
      V: object({ s: { type: "string" } }),
    }),
    doc(responseBody({ $ref: "#/components/schemas/T" }), {
      T: object({
        v: { anyOf: [{ $ref: "#/components/schemas/V" }], nullable: true },
      }),
      V: object({ s: { type: "string" } }),
    }),
    [[
      "response-property-became-nullable",
      "/components/schemas/T/properties/v",
      "/components/schemas/T/properties/v",
    ]],
  ],
  [
    "a 3.1 property that became false points at the false",
    doc31(requestBody(object({ a: { type: "string" } }))),
    doc31(requestBody(object({ a: false }))),
    [[
      "request-property-type-changed",
      "/paths/~1a/post/requestBody/content/application~1json/schema/properties/a",
      "/paths/~1a/post/requestBody/content/application~1json/schema/properties/a",
    ]],
  ],
  [
    "a Swagger 2.0 produces narrowed points at the entry removed",
    swagger({
      "/a": {
        get: {
          produces: ["application/json", "application/xml"],
          responses: {
            "200": { description: "ok", schema: { type: "string" } },
          },
        },
      },
    }),
    swagger({
      "/a": {
        get: {
          produces: ["application/json"],
          responses: {
            "200": { description: "ok", schema: { type: "string" } },
          },
        },
      },
    }),
    [["response-media-type-removed", "/paths/~1a/get/produces/1", null]],
  ],
  [
    "a Swagger 2.0 basePath changed on one host points at basePath",
    swagger(GET_A, { host: "a.example", basePath: "/v1" }),
    swagger(GET_A, { host: "a.example", basePath: "/v2" }),
    [
      ["api-server-removed", "/basePath", null],
      ["api-server-added", null, "/basePath"],
    ],
  ],
  [
    "a server listed where none was: the default / is removed at the list",
    doc(GET_A),
    doc(GET_A, {}, { servers: [{ url: "/v1" }] }),
    [
      ["api-server-removed", null, "/servers"],
      ["api-server-added", null, "/servers"],
    ],
  ],
  [
    "servers no longer listed: the default / is added where they were",
    swagger(GET_A, { host: "a.example" }),
    doc(GET_A),
    [
      ["api-server-removed", "/host", null],
      ["api-server-added", "/host", null],
    ],
  ],
  [
    "a $ref to another file on both sides: one warning, at each side's first",
    doc(responseBody({ $ref: "./schemas.yaml#/Pet" })),
    doc(responseBody({ $ref: "./schemas.yaml#/Pet" })),
    [[
      "ref-not-followed",
      "/paths/~1a/get/responses/200/content/application~1json/schema/$ref",
      "/paths/~1a/get/responses/200/content/application~1json/schema/$ref",
    ]],
  ],
  [
    "a local $ref the revision broke: a warning at it, nothing claimed of what it hides",
    bodyRef("P", "P"),
    bodyRef("P", "Q"),
    [["ref-not-followed", null, BODY_REF_AT]],
  ],
  [
    "a $ref the revision points at a name neither side has: a warning",
    bodyRef("P", "P"),
    bodyRef("Missing", "P"),
    [["ref-not-followed", null, BODY_REF_AT]],
  ],
  [
    "a $ref inside example or default data is data, not a reference",
    doc(requestBody({
      type: "object",
      example: { $ref: "#/components/schemas/Gone" },
      default: { $ref: "#/nowhere" },
    })),
    doc(requestBody({
      type: "object",
      example: { $ref: "#/components/schemas/Gone" },
      default: { $ref: "#/nowhere" },
      properties: { example: { $ref: "#/components/schemas/NotHere" } },
    })),
    [
      [
        "ref-not-followed",
        null,
        "/paths/~1a/post/requestBody/content/application~1json/schema/properties/example/$ref",
      ],
      [
        "new-optional-request-property",
        null,
        "/paths/~1a/post/requestBody/content/application~1json/schema/properties/example",
      ],
    ],
  ],
  [
    "items said on one side only point at nothing on the other (§9: null where absent)",
    doc(responseBody({ type: "array", items: STR })),
    doc(responseBody({ type: "array" })),
    [[
      "response-property-type-generalized",
      "/paths/~1a/get/responses/200/content/application~1json/schema/items",
      null,
    ]],
  ],
  [
    "items said on the revision only point at nothing in the base",
    doc(requestBody({ type: "array" })),
    doc(requestBody({ type: "array", items: STR })),
    [[
      "request-property-type-changed",
      null,
      "/paths/~1a/post/requestBody/content/application~1json/schema/items",
    ]],
  ],
  [
    "additionalProperties said on one side only point at nothing on the other",
    doc(requestBody(OBJ)),
    doc(requestBody({ ...OBJ, additionalProperties: STR })),
    [[
      "request-property-type-changed",
      null,
      "/paths/~1a/post/requestBody/content/application~1json/schema/additionalProperties",
    ]],
  ],
  [
    "a local $ref to nothing on both sides hides nothing: no change",
    doc(requestBody({ $ref: "#/components/schemas/Gone" })),
    doc(requestBody({ $ref: "#/components/schemas/Gone" })),
    [],
  ],
];

for (const [name, base, revision, want] of POINTERS) {
  Deno.test(`compare pointers: ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      r.changes.map((c): WantAt => [c.id, c.pointer.base, c.pointer.revision])
        .sort(),
      [...want].sort(),
    );
  });
}

for (const [name, base, revision, want] of CHANGES) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      summary(r.changes).sort(),
      [...want].sort(),
      r.changes.map((c) => `${c.id}: ${c.text}`).join("\n"),
    );
  });
}

/**
 * Ids oasdiff renamed: each change is said under its current id, and an
 * ignore list that names its former one still leaves it out.
 */
const FORMER: [string, string, string, string, string][] = [
  [
    "ok/a required request body added",
    doc(GET_A),
    doc({
      "/a": {
        get: {
          requestBody: {
            required: true,
            content: { "application/json": { schema: OBJ } },
          },
          responses: ok200,
        },
      },
    }),
    "request-body-added-required",
    "added-required-request-body",
  ],
  [
    "ok/a sunset date dropped",
    doc({
      "/a": {
        get: { deprecated: true, "x-sunset": "2999-06-01", responses: ok200 },
      },
    }),
    doc({ "/a": { get: { deprecated: true, responses: ok200 } } }),
    "sunset-deleted",
    "api-sunset-deleted",
  ],
  [
    "ok/a response schema removed, its media type kept",
    doc(responseMedia(WITH_ID)),
    doc(responseMedia({})),
    "response-body-media-type-schema-removed",
    "response-body-schema-removed",
  ],
  [
    "ok/a request body's patternProperties changed",
    doc31(requestBody({ type: "object", patternProperties: { "^x": STR } })),
    doc31(requestBody({
      type: "object",
      patternProperties: { "^x": STR, "^y": STR },
    })),
    "request-body-pattern-property-changed",
    "request-body-pattern-properties-changed",
  ],
  [
    "ok/a request body's dependentSchemas added",
    doc31(requestBody(OBJ)),
    doc31(requestBody({ type: "object", dependentSchemas: { a: OBJ } })),
    "request-body-dependent-schema-added",
    "request-body-dependent-schemas-added",
  ],
  [
    "ok/a property with a default that became required",
    doc(requestBody(object({ a: { type: "string", default: "x" } }))),
    doc(requestBody(object({ a: { type: "string", default: "x" } }, ["a"]))),
    "request-property-became-required-with-default",
    "request-property-became-required",
  ],
];

for (const [name, base, revision, id, former] of FORMER) {
  Deno.test(`compare renamed id ${name}: ${id}, ignored as ${former}`, () => {
    assert.deepEqual(compareSpecs(base, revision).changes.map((c) => c.id), [
      id,
    ]);
    const left = compareSpecs(base, revision, { ignore: new Set([former]) });
    assert.deepEqual(left.changes, []);
    assert.equal(
      left.counts.breaking + left.counts.warning + left.counts.info,
      0,
    );
  });
}

for (const [name, base, revision] of SAME) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(summary(r.changes), []);
    assert.equal(r.counts.breaking + r.counts.warning + r.counts.info, 0);
  });
}

Deno.test("compare: the document's security requirements change once, listing the operations that follow them", () => {
  const paths = {
    "/a": { get: { responses: ok200 } },
    "/b": {
      get: {
        responses: ok200,
        // A callback: the API calls the client; the document's
        // requirements are what the client presents, not the API.
        callbacks: {
          done: {
            "{$request.body#/url}": { post: { responses: ok200 } },
          },
        },
      },
    },
    // Its own requirements in both versions: the document's do not reach it.
    "/c": { get: { responses: ok200, security: [] } },
  };
  const shown = (r: ReturnType<typeof compareSpecs>) =>
    r.changes.map((c) => [c.id, c.level, c.method, c.operations, c.pointer]);
  const global = { base: "/security", revision: "/security" };
  assert.deepEqual(
    shown(compareSpecs(
      doc(paths, {}, { security: [{ key: [] }] }),
      doc(paths, {}, { security: [{ key: [] }, { oauth: ["read"] }] }),
    )),
    [[
      "api-global-security-added",
      "info",
      "get",
      ["GET /a", "GET /b"],
      global,
    ]],
  );
  // None before: once too, not once for the document and once per operation.
  assert.deepEqual(
    shown(compareSpecs(
      doc(paths),
      doc(paths, {}, { security: [{ key: [] }] }),
    )),
    [[
      "api-global-security-added",
      "info",
      "get",
      ["GET /a", "GET /b"],
      { base: null, revision: "/security" },
    ]],
  );
  // Every operation declares its own: the change is the document's alone.
  const own = { "/c": paths["/c"] };
  assert.deepEqual(
    shown(compareSpecs(
      doc(own, {}, { security: [{ key: [] }] }),
      doc(own),
    )),
    [[
      "api-global-security-removed",
      "info",
      "",
      [],
      { base: "/security", revision: null },
    ]],
  );
});

Deno.test("compare: a webhook's payload is compared as what the client reads", () => {
  const hook = (props: Json, required: string[]) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      webhooks: {
        newPet: {
          post: {
            requestBody: {
              content: {
                "application/json": { schema: object(props, required) },
              },
            },
            responses: ok200,
          },
        },
      },
    });
  const r = compareSpecs(
    hook({ id: { type: "integer" }, name: { type: "string" } }, ["id", "name"]),
    hook({ id: { type: "string" } }, ["id"]),
  );
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.level, c.operations, c.where, c.text]),
    [
      [
        "response-property-type-changed",
        "breaking",
        ["POST newPet"],
        "webhook payload: id",
        "payload property `id` type changed from `integer` to `string`",
      ],
      [
        "response-required-property-removed",
        "breaking",
        ["POST newPet"],
        "webhook payload: name",
        "payload property `name` was removed",
      ],
    ],
  );
});

Deno.test("compare: a webhook added or removed is listed under its name and method, as changes inside one are", () => {
  const doc = (hooks: Record<string, unknown>) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      webhooks: hooks,
    });
  const op = { post: { responses: ok200 } };
  const r = compareSpecs(doc({ oldPet: op }), doc({ newPet: op }));
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.level, c.method, c.path, c.operations]),
    [
      ["webhook-removed", "breaking", "post", "oldPet", ["POST oldPet"]],
      ["webhook-added", "info", "post", "newPet", ["POST newPet"]],
    ],
  );
});

Deno.test("compare: a path parameter renamed is one change for every operation of the path", () => {
  const item = (n: string) => ({
    parameters: [{
      name: n,
      in: "path",
      required: true,
      schema: { type: "string" },
    }],
    get: { responses: ok200 },
    delete: { responses: ok200 },
  });
  const r = compareSpecs(
    doc({ "/a/{id}": item("id") }),
    doc({ "/a/{aId}": item("aId") }),
  );
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.operations]),
    [["request-path-parameter-renamed", ["GET /a/{aId}", "DELETE /a/{aId}"]]],
  );
});

Deno.test("compare: example edits are documentation changes", () => {
  const r = compareSpecs(
    doc(responseBody(object({ a: { type: "string", example: "x" } }))),
    doc(responseBody(object({ a: { type: "string", example: "y" } }))),
    { all: true },
  );
  assert.deepEqual(summary(r.changes), [
    ["response-property-example-changed", "doc", ["GET /a"]],
  ]);
});

Deno.test("compare: documentation changes are listed with all, as doc", () => {
  const base = doc(
    responseBody(object({ a: { type: "string", description: "old" } })),
  );
  const rev = doc(
    responseBody(object({ a: { type: "string", description: "new" } })),
  );
  assert.equal(compareSpecs(base, rev).counts.doc, 1);
  const all = compareSpecs(base, rev, { all: true });
  assert.deepEqual(summary(all.changes), [
    ["response-property-description-changed", "doc", ["GET /a"]],
  ]);
  // The document's own words are the info object's.
  const titled = compareSpecs(
    base,
    base.replace('"title":"T"', '"title":"U"'),
    {
      all: true,
    },
  );
  assert.deepEqual(
    titled.changes.map((c) => [c.id, c.level, c.where, c.text]),
    [[
      "info-title-changed",
      "doc",
      "info",
      "API title changed from `T` to `U`",
    ]],
  );
});

Deno.test("compare: a change carries its place, pointers and sentence", () => {
  const r = compareSpecs(
    doc(requestBody(object({ amount: { type: "integer" } }))),
    doc(requestBody(object({ amount: { type: "integer" } }, ["amount"]))),
  );
  const [c] = r.changes;
  assert.equal(c.method, "post");
  assert.equal(c.path, "/a");
  assert.equal(c.where, "request body: amount");
  assert.equal(c.text, "request property `amount` became required");
  // A bound that limits no value the client sends says why it is info.
  const within = compareSpecs(
    doc31(requestBody(object({ a: { ...STR, const: "a" } }))),
    doc31(requestBody(object({ a: { ...STR, const: "a", maxLength: 3 } }))),
  );
  assert.deepEqual(within.changes.map((x) => x.text), [
    "request property `a` now has a maximum length of 3 (every value its enum allows is within 3)",
  ]);
  assert.deepEqual(c.pointer, {
    base:
      "/paths/~1a/post/requestBody/content/application~1json/schema/properties/amount",
    revision:
      "/paths/~1a/post/requestBody/content/application~1json/schema/properties/amount",
  });
  assert.deepEqual(r.base, {
    title: "T",
    version: "1",
    format: "OpenAPI 3.0.3",
  });
});

Deno.test("compare: a parameter's nested property is named after the parameter", () => {
  const r = compareSpecs(
    doc(query({ type: "array", items: object({ plan: { type: "string" } }) })),
    doc(query({ type: "array", items: object({}) })),
  );
  assert.equal(r.changes[0].text, "query parameter `q[].plan` was removed");
  assert.equal(r.changes[0].where, "query parameter q: [].plan");
  // A Swagger 2.0 parameter's items, and a response header's property.
  const tags = (values: string[]) =>
    swagger({
      "/a": {
        get: {
          parameters: [{
            name: "tags",
            in: "query",
            type: "array",
            items: { type: "string", enum: values },
          }],
          responses: ok200,
        },
      },
    });
  assert.equal(
    compareSpecs(tags(["a", "b"]), tags(["a"])).changes[0].text,
    'query parameter `tags[]` lost enum value `"b"`',
  );
  const header = (props: Json) =>
    doc({
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              headers: { "X-Rate": { schema: object(props, ["left"]) } },
            },
          },
        },
      },
    });
  assert.deepEqual(
    compareSpecs(header({ left: { type: "integer" } }), header({}))
      .changes.map((c) => c.text),
    // In the words the header's own changes use (`200 response header`).
    ["200 response header `X-Rate.left` was removed"],
  );
});

Deno.test("compare: changes are grouped by operation, the breaking groups first", () => {
  const r = compareSpecs(
    doc({
      "/a": { get: { responses: ok200 } },
      "/b": { get: { responses: ok200 } },
    }),
    doc({
      "/a": { get: { responses: ok200 }, post: { responses: ok200 } },
      "/b": {
        get: {
          parameters: [{
            name: "q",
            in: "query",
            required: true,
            schema: { type: "string" },
          }],
          responses: ok200,
        },
      },
    }),
  );
  assert.deepEqual(r.changes.map((c) => `${c.level} ${c.method} ${c.path}`), [
    "breaking get /b",
    "info post /a",
  ]);
});

Deno.test("compare: a body that now names another component is a change of the body, not of either component", () => {
  const schemas = {
    NewPet: object({ name: { type: "string" }, age: { type: "integer" } }),
    Owner: object({ name: { type: "string" } }),
  };
  const r = compareSpecs(
    doc(requestBody({ $ref: "#/components/schemas/NewPet" }), schemas),
    doc(requestBody({ $ref: "#/components/schemas/Owner" }), schemas),
  );
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.where, c.text, c.pointer.base]),
    [[
      "request-property-removed",
      "request body: age",
      "request property `age` was removed",
      "/components/schemas/NewPet/properties/age",
    ]],
  );
});

Deno.test("compare: an alternative's place has no stray space, its pointer is the alternative", () => {
  const r = compareSpecs(
    doc(requestBody({ anyOf: [SQUARE, CIRCLE] })),
    doc(
      requestBody({
        anyOf: [CIRCLE, object({ side: { type: "string" } }, ["side"])],
      }),
    ),
  );
  assert.deepEqual(r.changes.map((c) => [c.id, c.where]), [
    ["request-property-type-changed", "request body: (#2).side"],
  ]);
  const lost = compareSpecs(
    doc(responseBody({ oneOf: [SQUARE, CIRCLE] })),
    doc(responseBody({ oneOf: [CIRCLE, { type: "string" }] })),
  ).changes.map((c) => [c.id, c.pointer]);
  const at = "/paths/~1a/get/responses/200/content/application~1json/schema";
  assert.deepEqual(lost.sort(), [
    ["response-body-one-of-added", { base: at, revision: `${at}/oneOf/1` }],
    ["response-body-one-of-removed", { base: `${at}/oneOf/0`, revision: at }],
  ]);
});

Deno.test("compare: a security scheme that sends its credential elsewhere is breaking, once", () => {
  const withKey = (key: Json, swagger = false) =>
    swagger
      ? JSON.stringify({
        swagger: "2.0",
        info: { title: "T", version: "1" },
        paths: { "/a": { get: { responses: ok200 } } },
        securityDefinitions: { k: key },
        security: [{ k: [] }],
      })
      : doc({ "/a": { get: { responses: ok200 } } }, {}, {
        components: { securitySchemes: { k: key } },
        security: [{ k: [] }],
      });
  const ids = (a: string, b: string) =>
    compareSpecs(a, b).changes.map((c) => [c.id, c.level, c.where]);
  assert.deepEqual(
    ids(
      withKey({ type: "apiKey", in: "header", name: "api-key" }),
      withKey({ type: "apiKey", in: "header", name: "x-api-key" }),
    ),
    [["security-scheme-changed", "breaking", "security scheme k"]],
  );
  assert.deepEqual(
    ids(
      withKey({ type: "apiKey", in: "header", name: "api-key" }),
      withKey({ type: "apiKey", in: "query", name: "api-key" }),
    ).length,
    1,
  );
  // The sentence names the header as the document writes it.
  assert.deepEqual(
    compareSpecs(
      withKey({ type: "apiKey", in: "header", name: "X-Api-Key" }),
      withKey({ type: "apiKey", in: "header", name: "X-Other" }),
    ).changes.map((c) => c.text),
    [
      "security scheme `k` is now API key in header `X-Other` (was API key in header `X-Api-Key`)",
    ],
  );
  // Header names ignore case; 2.0's basic is 3.x's HTTP basic.
  assert.deepEqual(
    ids(
      withKey({ type: "apiKey", in: "header", name: "Api-Key" }),
      withKey({ type: "apiKey", in: "header", name: "api-key" }),
    ),
    [],
  );
  assert.deepEqual(
    ids(
      withKey({ type: "basic" }, true),
      withKey({ type: "http", scheme: "Basic" }),
    ),
    [],
  );
  // It lists the operations that use the scheme, one of their ways in
  // enough.
  assert.deepEqual(
    compareSpecs(
      withKey({ type: "apiKey", in: "header", name: "a" }),
      withKey({ type: "apiKey", in: "header", name: "b" }),
    ).changes.map((c) => c.operations),
    [["GET /a"]],
  );
  const either = (name: string) =>
    doc(
      {
        "/a": { get: { security: [{ k: [] }, { o: [] }], responses: ok200 } },
      },
      {},
      {
        components: {
          securitySchemes: {
            k: { type: "apiKey", in: "header", name },
            o: { type: "http", scheme: "bearer" },
          },
        },
      },
    );
  assert.deepEqual(
    compareSpecs(either("a"), either("b")).changes.map((c) => [
      c.id,
      c.level,
      c.operations,
    ]),
    [["security-scheme-changed", "breaking", ["GET /a"]]],
  );
  // 2.0's flow names are 3.x's; a flow added beside the kept one breaks no
  // client.
  const flow = (flows: Json) => withKey({ type: "oauth2", flows });
  const cc = { clientCredentials: { tokenUrl: "https://t/x", scopes: {} } };
  assert.deepEqual(
    ids(
      withKey({
        type: "oauth2",
        flow: "application",
        tokenUrl: "https://t/x",
        scopes: {},
      }, true),
      flow(cc),
    ),
    [],
  );
  assert.deepEqual(
    ids(
      flow(cc),
      flow({
        ...cc,
        implicit: { authorizationUrl: "https://t/a", scopes: {} },
      }),
    ),
    [["security-scheme-oauth-flow-added", "info", "security scheme k"]],
  );
  // A flow added beside one that changed is still a change.
  const pw = { password: { tokenUrl: "https://t/p", scopes: {} } };
  assert.deepEqual(
    ids(
      flow({ ...cc, ...pw }),
      flow({
        ...cc,
        password: { tokenUrl: "https://t/q", scopes: {} },
        implicit: { authorizationUrl: "https://t/a", scopes: {} },
      }),
    ),
    [["security-scheme-changed", "breaking", "security scheme k"]],
  );
});

Deno.test("compare: a security scheme no operation uses changes nothing a client sends", () => {
  const withScheme = (name: string) =>
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      components: {
        securitySchemes: { k: { type: "apiKey", in: "header", name } },
      },
    });
  assert.deepEqual(
    compareSpecs(withScheme("a"), withScheme("b")).changes.map((c) => [
      c.id,
      c.level,
      c.operations,
    ]),
    [["security-scheme-changed", "info", []]],
  );
});

/**
 * A 3.1 `POST /a` taking, and `GET /a` answering, property `p` of this
 * schema (and the properties in `more`).
 */
function bothWays(p: Json, more: Json = {}): string {
  const body = object({ p, ...more });
  return doc31({
    "/a": {
      ...requestBody(body)["/a"] as Json,
      ...responseBody(body)["/a"] as Json,
    },
  });
}

const LIST = { type: "array", items: STR };
const MAP = { type: "object" };
const IF_THEN = { if: { required: ["a"] }, then: { required: ["b"] } };
/** Two objects a discriminator `k` tells apart. */
const TWO_KINDS = [object({ k: STR, a: STR }), object({ k: STR, b: STR })];
/** A discriminator `k` whose value `x` names the component `to`. */
const mapsTo = (to: string): Json => ({
  propertyName: "k",
  mapping: { x: `#/components/schemas/${to}` },
});

/**
 * Keywords read as written whose direction is plain: one that narrows
 * what passes, added, breaks a request; removed, a response; a value
 * changed stays a warning.
 */
const KEYWORD_DIRECTIONS: [string, string, string, Want[]][] = [
  [
    "ok/contains added narrows: breaking in a request, info in a response",
    bothWays(LIST),
    bothWays({ ...LIST, contains: { const: "x" } }),
    [
      ["request-property-contains-added", "breaking", ["POST /a"]],
      ["response-property-contains-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/propertyNames removed widens: info in a request, breaking in a response",
    bothWays({ ...MAP, propertyNames: { maxLength: 3 } }),
    bothWays(MAP),
    [
      ["request-property-property-names-removed", "info", ["POST /a"]],
      ["response-property-property-names-removed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/dependentSchemas added narrows",
    bothWays({ ...MAP }),
    bothWays({ ...MAP, dependentSchemas: { a: { required: ["b"] } } }),
    [
      ["request-property-dependent-schema-added", "breaking", ["POST /a"]],
      ["response-property-dependent-schema-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/unevaluatedItems false added past a tuple narrows",
    bothWays({ type: "array", prefixItems: [STR] }),
    bothWays({ type: "array", prefixItems: [STR], unevaluatedItems: false }),
    [
      ["request-property-unevaluated-items-added", "breaking", ["POST /a"]],
      ["response-property-unevaluated-items-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/unevaluatedItems beside items limits nothing: info",
    bothWays(LIST),
    bothWays({ ...LIST, unevaluatedItems: false }),
    [
      ["request-property-unevaluated-items-added", "info", ["POST /a"]],
      ["response-property-unevaluated-items-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/unevaluatedProperties as a schema, removed, widens",
    bothWays({ ...MAP, unevaluatedProperties: STR }),
    bothWays(MAP),
    [
      ["request-property-unevaluated-properties-removed", "info", ["POST /a"]],
      ["response-property-unevaluated-properties-removed", "breaking", [
        "GET /a",
      ]],
    ],
  ],
  [
    "ok/unevaluatedProperties false set on a request that left others unsaid is a warning, as additionalProperties false is",
    bothWays(MAP),
    bothWays({ ...MAP, unevaluatedProperties: false }),
    [
      ["request-property-unevaluated-properties-added", "warning", [
        "POST /a",
      ]],
      ["response-property-unevaluated-properties-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/patternProperties added narrows; beside additionalProperties it may take in what that refused: a warning",
    bothWays(MAP, { q: { ...MAP, additionalProperties: false } }),
    bothWays({ ...MAP, patternProperties: { "^x": STR } }, {
      q: {
        ...MAP,
        additionalProperties: false,
        patternProperties: { "^x": STR },
      },
    }),
    [
      ["request-property-pattern-property-added", "breaking", ["POST /a"]],
      ["response-property-pattern-property-added", "info", ["GET /a"]],
      ["request-property-pattern-property-added", "warning", ["POST /a"]],
      ["response-property-pattern-property-added", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/unevaluatedProperties false lifted from a response is a warning, as additionalProperties false is",
    bothWays({ ...MAP, unevaluatedProperties: false }),
    bothWays(MAP),
    [
      ["request-property-unevaluated-properties-removed", "info", ["POST /a"]],
      ["response-property-unevaluated-properties-removed", "warning", [
        "GET /a",
      ]],
    ],
  ],
  [
    "ok/an if with then added is one change, narrowing",
    bothWays(MAP),
    bothWays({ ...MAP, ...IF_THEN }),
    [
      ["request-property-if-added", "breaking", ["POST /a"]],
      ["response-property-if-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/an if alone limits nothing: info either way",
    bothWays(MAP),
    bothWays({ ...MAP, if: { required: ["a"] } }),
    [
      ["request-property-if-added", "info", ["POST /a"]],
      ["response-property-if-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a then dropped from its if widens",
    bothWays({ ...MAP, ...IF_THEN }),
    bothWays({ ...MAP, if: IF_THEN.if }),
    [
      ["request-property-then-removed", "info", ["POST /a"]],
      ["response-property-then-removed", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a value changed of a keyword that limits on both sides stays a warning",
    bothWays({ ...LIST, contains: { const: "x" } }),
    bothWays({ ...LIST, contains: { const: "y" } }),
    [
      ["request-property-contains-changed", "warning", ["POST /a"]],
      ["response-property-contains-changed", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/propertyNames {} added limits nothing: info either way",
    bothWays(MAP),
    bothWays({ ...MAP, propertyNames: {} }),
    [
      ["request-property-property-names-added", "info", ["POST /a"]],
      ["response-property-property-names-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/unevaluatedProperties false where additionalProperties took a schema refuses what it took (nothing beside them evaluates properties: said as additionalProperties false): breaking in a request",
    bothWays({ ...MAP, additionalProperties: STR }),
    bothWays({ ...MAP, unevaluatedProperties: false }),
    [
      ["request-property-additional-properties-disallowed", "breaking", [
        "POST /a",
      ]],
      ["response-property-additional-properties-disallowed", "info", [
        "GET /a",
      ]],
    ],
  ],
];

/**
 * What a schema says of its values, each way: what narrows breaks a
 * request and is news in a response; what widens is news in a request and
 * breaks (or, where the document cannot decide, warns) a response.
 */
const BOTH_WAYS: [string, string, string, Want[]][] = [
  [
    "ok/nullable: info in a request, breaking in a response",
    bothWays(STR),
    bothWays({ type: ["string", "null"] }),
    [
      ["request-property-became-nullable", "info", ["POST /a"]],
      ["response-property-became-nullable", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a property's default added or removed is info either way",
    bothWays({ ...STR, default: "x" }, { d: STR }),
    bothWays(STR, { d: { ...STR, default: "y" } }),
    [
      ["request-property-default-value-removed", "info", ["POST /a"]],
      ["request-property-default-value-added", "info", ["POST /a"]],
      ["response-property-default-value-removed", "info", ["GET /a"]],
      ["response-property-default-value-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a property deprecated or no longer deprecated is info either way",
    bothWays(STR, { d: { ...STR, deprecated: true } }),
    bothWays({ ...STR, deprecated: true }, { d: STR }),
    [
      ["request-property-deprecated", "info", ["POST /a"]],
      ["request-property-reactivated", "info", ["POST /a"]],
      ["response-property-deprecated", "info", ["GET /a"]],
      ["response-property-reactivated", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/uniqueItems lifted widens, set narrows",
    bothWays({ ...LIST, uniqueItems: true }, { s: LIST }),
    bothWays(LIST, { s: { ...LIST, uniqueItems: true } }),
    [
      ["request-property-unique-items-unset", "info", ["POST /a"]],
      ["request-property-unique-items-set", "breaking", ["POST /a"]],
      ["response-property-unique-items-unset", "breaking", ["GET /a"]],
      ["response-property-unique-items-set", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a pattern removed, or relaxed to .*, is info in a request and a warning in a response",
    bothWays({ ...STR, pattern: "^a" }, { g: { ...STR, pattern: "^a" } }),
    bothWays(STR, { g: { ...STR, pattern: ".*" } }),
    [
      ["request-property-pattern-removed", "info", ["POST /a"]],
      ["request-property-pattern-generalized", "info", ["POST /a"]],
      ["response-property-pattern-removed", "warning", ["GET /a"]],
      ["response-property-pattern-changed", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/dependentRequired removed or added, each way",
    bothWays({ ...MAP, dependentRequired: { a: ["b"] } }, { q: MAP }),
    bothWays(MAP, { q: { ...MAP, dependentRequired: { a: ["b"] } } }),
    [
      ["request-property-dependent-required-removed", "info", ["POST /a"]],
      ["request-property-dependent-required-added", "breaking", ["POST /a"]],
      ["response-property-dependent-required-removed", "breaking", ["GET /a"]],
      ["response-property-dependent-required-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a const dropped, an enum set or dropped, each way",
    bothWays({ ...STR, const: "a" }, { q: STR, e: { ...STR, enum: ["a"] } }),
    bothWays(STR, { q: { ...STR, enum: ["a", "b"] }, e: STR }),
    [
      ["request-property-const-removed", "info", ["POST /a"]],
      ["request-property-became-enum", "breaking", ["POST /a"]],
      ["request-property-enum-removed", "info", ["POST /a"]],
      ["response-property-const-removed", "warning", ["GET /a"]],
      ["response-property-became-enum", "info", ["GET /a"]],
      ["response-property-enum-removed", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/an unchanged const beside a new bound is no const change",
    bothWays({ ...STR, const: "a" }),
    bothWays({ ...STR, const: "a", maxLength: 3 }),
    [
      ["request-property-max-length-set", "info", ["POST /a"]],
      ["response-property-max-length-set", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a discriminator dropped is a warning; a mapping value pointed elsewhere breaks, either way",
    bothWays({ oneOf: TWO_KINDS, discriminator: { propertyName: "k" } }, {
      m: { oneOf: TWO_KINDS, discriminator: mapsTo("A") },
    }),
    bothWays({ oneOf: TWO_KINDS }, {
      m: { oneOf: TWO_KINDS, discriminator: mapsTo("B") },
    }),
    [
      ["request-property-discriminator-removed", "warning", ["POST /a"]],
      ["request-property-discriminator-mapping-changed", "breaking", [
        "POST /a",
      ]],
      ["response-property-discriminator-removed", "warning", ["GET /a"]],
      ["response-property-discriminator-mapping-changed", "breaking", [
        "GET /a",
      ]],
    ],
  ],
  [
    "ok/additionalProperties false set where others were unsaid: a warning in a request, info in a response",
    bothWays(MAP),
    bothWays({ ...MAP, additionalProperties: false }),
    [
      ["request-property-additional-properties-disallowed", "warning", [
        "POST /a",
      ]],
      ["response-property-additional-properties-disallowed", "info", [
        "GET /a",
      ]],
    ],
  ],
  [
    "ok/an exclusive maximum lowered narrows, and an enum value on the new bound is outside it",
    bothWays({ type: "number", exclusiveMaximum: 10 }, {
      e: { type: "number", enum: [1, 5], exclusiveMaximum: 10 },
    }),
    bothWays({ type: "number", exclusiveMaximum: 5 }, {
      e: { type: "number", enum: [1, 5], exclusiveMaximum: 5 },
    }),
    [
      ["request-property-exclusive-max-decreased", "breaking", ["POST /a"]],
      ["request-property-exclusive-max-decreased", "breaking", ["POST /a"]],
      ["response-property-exclusive-max-decreased", "info", ["GET /a"]],
      ["response-property-exclusive-max-decreased", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/an integer alternative beside a number is no new type in a response: a warning",
    bothWays({ type: "number" }),
    bothWays({ anyOf: [{ type: "number" }, { type: "integer" }] }),
    [
      ["request-property-any-of-added", "info", ["POST /a"]],
      ["response-property-any-of-added", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/multipleOf lifted widens",
    bothWays({ type: "number", multipleOf: 2 }),
    bothWays({ type: "number" }),
    [
      ["request-property-multiple-of-unset", "info", ["POST /a"]],
      ["response-property-multiple-of-unset", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/an object that became anything in a response: its type widened and it now allows other properties",
    bothWays({ ...MAP, additionalProperties: false }),
    bothWays({}),
    [
      ["request-property-type-generalized", "info", ["POST /a"]],
      ["response-property-type-generalized", "breaking", ["GET /a"]],
      ["response-property-additional-properties-allowed", "warning", [
        "GET /a",
      ]],
    ],
  ],
  [
    "ok/a closed tuple opened: info in a request, breaking in a response (as maxItems raised)",
    bothWays({ type: "array", prefixItems: [STR], items: false }),
    bothWays({ type: "array", prefixItems: [STR] }),
    [
      ["request-property-prefix-items-opened", "info", ["POST /a"]],
      ["response-property-prefix-items-opened", "breaking", ["GET /a"]],
    ],
  ],
  [
    "ok/a tuple position added as its items already said is info",
    bothWays({ type: "array", prefixItems: [STR], items: STR }),
    bothWays({ type: "array", prefixItems: [STR, STR], items: STR }),
    [
      ["request-property-prefix-items-added", "info", ["POST /a"]],
      ["response-property-prefix-items-added", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a tuple position added or dropped as another schema than items is a warning",
    bothWays({ type: "array", prefixItems: [STR], items: STR }, {
      s: { type: "array", prefixItems: [STR, { type: "integer" }], items: STR },
    }),
    bothWays({
      type: "array",
      prefixItems: [STR, { type: "integer" }],
      items: STR,
    }, {
      s: { type: "array", prefixItems: [STR], items: STR },
    }),
    [
      ["request-property-prefix-items-added", "warning", ["POST /a"]],
      ["request-property-prefix-items-removed", "warning", ["POST /a"]],
      ["response-property-prefix-items-added", "warning", ["GET /a"]],
      ["response-property-prefix-items-removed", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/tuple positions added: the most severe of theirs (one that takes nothing, one of another schema)",
    bothWays({ type: "array", prefixItems: [STR], items: STR }),
    bothWays({
      type: "array",
      prefixItems: [STR, false, { type: "integer" }],
      items: STR,
    }),
    [
      ["request-property-prefix-items-added", "breaking", ["POST /a"]],
      ["response-property-prefix-items-added", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/a tuple position dropped where items says nothing takes anything there now",
    bothWays({ type: "array", prefixItems: [STR, STR] }),
    bothWays({ type: "array", prefixItems: [STR] }),
    [
      ["request-property-prefix-items-removed", "info", ["POST /a"]],
      ["response-property-prefix-items-removed", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/a tuple position dropped where items is false takes nothing there now",
    bothWays({ type: "array", prefixItems: [STR, STR] }),
    bothWays({ type: "array", prefixItems: [STR], items: false }),
    [
      ["request-property-prefix-items-closed", "breaking", ["POST /a"]],
      ["request-property-prefix-items-removed", "breaking", ["POST /a"]],
      ["response-property-prefix-items-closed", "info", ["GET /a"]],
      ["response-property-prefix-items-removed", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/a property that took no value (3.1's false) now taking any is a type change: generalized, breaking in a response",
    bothWays({ type: "object", properties: { p: false } }),
    bothWays({ type: "object", properties: { p: { description: "any" } } }),
    [
      ["request-property-type-generalized", "info", ["POST /a"]],
      ["response-property-type-generalized", "breaking", ["GET /a"]],
    ],
  ],
  [
    // The values say the type: no other passes any more.
    "ok/an untyped property that became an enum narrowed its type too",
    bothWays({ description: "d" }),
    bothWays({ enum: ["a", "b"] }),
    [
      ["request-property-became-enum", "breaking", ["POST /a"]],
      ["request-property-type-changed", "breaking", ["POST /a"]],
      ["response-property-became-enum", "info", ["GET /a"]],
      ["response-property-type-specialized", "info", ["GET /a"]],
    ],
  ],
  [
    "ok/the first value of an x-extensible-enum replaced is a value removed and one added",
    bothWays({ ...STR, "x-extensible-enum": ["a", "b"] }),
    bothWays({ ...STR, "x-extensible-enum": ["c", "b"] }),
    [
      ["request-property-x-extensible-enum-value-removed", "breaking", [
        "POST /a",
      ]],
      ["request-property-x-extensible-enum-value-added", "info", ["POST /a"]],
      ["response-property-x-extensible-enum-value-removed", "info", ["GET /a"]],
      ["response-property-x-extensible-enum-value-added", "info", ["GET /a"]],
    ],
  ],
  [
    // A value matching both objects (one with `a` and `b`) passed the
    // anyOf and matches two alternatives of the oneOf: refused.
    "ok/an anyOf of alternatives that may share a value that became a oneOf may refuse a request",
    bothWays({ anyOf: [object({ a: STR }), object({ b: STR })] }),
    bothWays({ oneOf: [object({ a: STR }), object({ b: STR })] }),
    [
      ["request-property-any-of-became-one-of", "warning", ["POST /a"]],
      ["response-property-any-of-became-one-of", "info", ["GET /a"]],
    ],
  ],
  [
    // Every integer is a number: the anyOf now sends one that matches two.
    "ok/a oneOf of an integer and a number that became an anyOf may answer a value matching both",
    bothWays({ oneOf: [{ type: "integer" }, { type: "number" }] }),
    bothWays({ anyOf: [{ type: "integer" }, { type: "number" }] }),
    [
      ["request-property-one-of-became-any-of", "info", ["POST /a"]],
      ["response-property-one-of-became-any-of", "warning", ["GET /a"]],
    ],
  ],
  [
    "ok/alternatives that share no value (a string, an integer) under the other keyword take the same values: news either way",
    bothWays({ anyOf: [STR, { type: "integer" }] }),
    bothWays({ oneOf: [STR, { type: "integer" }] }),
    [
      ["request-property-any-of-became-one-of", "info", ["POST /a"]],
      ["response-property-any-of-became-one-of", "info", ["GET /a"]],
    ],
  ],
];

for (
  const [name, base, revision, want] of [...KEYWORD_DIRECTIONS, ...BOTH_WAYS]
) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      summary(r.changes).sort(),
      [...want].sort(),
      r.changes.map((c) => `${c.id}: ${c.level}: ${c.text}`).join("\n"),
    );
  });
}

/**
 * A 3.1 document whose `POST` on each path takes the body schema given,
 * with components A (an object requiring `a`), B (one requiring `b`),
 * S (a string) and C (A, closed).
 */
function bodies(paths: Record<string, Json>): string {
  const out: Json = {};
  for (const [path, schema] of Object.entries(paths)) {
    out[path] = requestBody(schema)["/a"];
  }
  const a = object({ a: STR }, ["a"]);
  return doc31(out, {
    A: a,
    B: object({ b: STR }, ["b"]),
    S: STR,
    C: { ...a, additionalProperties: false },
  });
}

const WRAPPED_IN_ONE_OF: [string, string, string, Want[]][] = [
  [
    // 3.1's false takes no value: none of it can match another too.
    "ok/a request's oneOf gaining an alternative that takes nothing (3.1's false) refuses nothing more: info",
    bodies({ "/a": { oneOf: [{ type: "integer" }, STR] } }),
    bodies({ "/a": { oneOf: [{ type: "integer" }, STR, false] } }),
    [["request-body-one-of-added", "info", ["POST /a"]]],
  ],
  [
    // Every integer is a number: under a oneOf each matches both, so one
    // that took all numbers, or any integer, now refuses them for certain.
    "ok/an integer beside a number in a request's oneOf refuses every integer for certain: breaking, wrapped, gained or moved from anyOf",
    bodies({
      "/a": { type: "number" },
      "/b": { oneOf: [{ type: "integer" }, STR] },
      "/c": { anyOf: [{ type: "integer" }, { type: "number" }] },
      "/d": { oneOf: [{ type: "integer", minimum: 1 }, STR] },
    }),
    bodies({
      "/a": { oneOf: [{ type: "integer" }, { type: "number" }] },
      "/b": { oneOf: [{ type: "integer" }, STR, { type: "number" }] },
      "/c": { oneOf: [{ type: "integer" }, { type: "number" }] },
      // A number with a bound may not take each integer: still a warning.
      "/d": {
        oneOf: [{ type: "integer", minimum: 1 }, STR, {
          type: "number",
          maximum: 0.5,
        }],
      },
    }),
    [
      ["request-body-wrapped-in-one-of-original-preserved", "breaking", [
        "POST /a",
      ]],
      ["request-body-one-of-added", "breaking", ["POST /b"]],
      ["request-body-any-of-became-one-of", "breaking", ["POST /c"]],
      ["request-body-one-of-added", "warning", ["POST /d"]],
    ],
  ],
  [
    "ok/a request body wrapped in a oneOf beside an alternative that may take the same values is a warning; beside ones told apart, info",
    bodies({ "/a": ref("A"), "/b": ref("A"), "/c": ref("C") }),
    bodies({
      // B is an open object as A is: a value with `a` and `b` matches both.
      "/a": { oneOf: [ref("A"), ref("B"), ref("S")] },
      // A discriminator picks one.
      "/b": {
        oneOf: [ref("A"), ref("B")],
        discriminator: { propertyName: "k" },
      },
      // C refuses `b`, which B requires.
      "/c": { oneOf: [ref("C"), ref("B")] },
    }),
    [
      ["request-body-wrapped-in-one-of-original-preserved", "warning", [
        "POST /a",
      ]],
      ["request-body-one-of-added", "info", ["POST /a"]],
      ["request-body-one-of-added", "info", ["POST /b"]],
      ["request-body-discriminator-added", "info", ["POST /b"]],
      ["request-body-one-of-added", "info", ["POST /c"]],
      ["request-body-additional-properties-allowed", "info", ["POST /c"]],
    ],
  ],
  [
    "ok/a request body whose properties moved into a oneOf of open objects, the original not kept, is oasdiff's wrapped-in-one-of (a warning), not original-preserved",
    bodies({
      "/a": object({ foo: STR, bar: STR, baz: STR }, ["foo", "bar"]),
    }),
    bodies({
      "/a": {
        oneOf: [
          object({ foo: STR, bar: STR }, ["foo"]),
          object({ foo: STR, bar: STR }, ["bar"]),
        ],
      },
    }),
    [
      ["request-body-wrapped-in-one-of", "warning", ["POST /a"]],
      // What the alternative it pairs with changed, said as such.
      ["request-property-removed", "warning", ["POST /a"]],
      ["request-property-became-optional", "info", ["POST /a"]],
    ],
  ],
  [
    "ok/a request's oneOf gaining an alternative that may take what one it kept takes is a warning; told apart (types, a discriminator), or an anyOf, info",
    bodies({
      "/a": { oneOf: [ref("A"), ref("S")] },
      "/b": { oneOf: [ref("A"), ref("S")] },
      "/c": {
        oneOf: [ref("A"), ref("S")],
        discriminator: { propertyName: "k" },
      },
      "/d": { anyOf: [ref("A"), ref("S")] },
    }),
    bodies({
      // B is an open object as A is: a value with `a` and `b` matches both.
      "/a": { oneOf: [ref("A"), ref("S"), ref("B")] },
      "/b": { oneOf: [ref("A"), ref("S"), { type: "integer" }] },
      "/c": {
        oneOf: [ref("A"), ref("S"), ref("B")],
        discriminator: { propertyName: "k" },
      },
      "/d": { anyOf: [ref("A"), ref("S"), ref("B")] },
    }),
    [
      ["request-body-one-of-added", "warning", ["POST /a"]],
      ["request-body-one-of-added", "info", ["POST /b"]],
      ["request-body-one-of-added", "info", ["POST /c"]],
      ["request-body-discriminator-mapping-added", "info", ["POST /c"]],
      ["request-body-any-of-added", "info", ["POST /d"]],
    ],
  ],
];

Deno.test("compare: a request body wrapped beside alternatives says for certain what each takes of it only when it holds of each", () => {
  const texts = (revision: Json) =>
    compareSpecs(
      bodies({ "/a": { type: "number" } }),
      bodies({ "/a": revision }),
    ).changes.map((c) => c.text);
  const int = { type: "integer" };
  assert.deepEqual(
    texts({ oneOf: [{ type: "number" }, int, { ...int, minimum: 3 }] }),
    [
      "request body was wrapped in a `oneOf` beside `#2` (integer), `#3` (integer), every value of which `#1` (number) takes too: each matches both and is refused",
    ],
  );
  assert.deepEqual(
    texts({
      oneOf: [{ type: "number" }, int, {
        type: ["number", "string"],
        minimum: 3,
      }],
    }),
    [
      "request body was wrapped in a `oneOf` beside `#2` (integer), `#3` (number or string), which may also take what `#1` (number) takes: a value matching both is refused",
    ],
  );
});

for (const [name, base, revision, want] of WRAPPED_IN_ONE_OF) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      summary(r.changes).sort(),
      [...want].sort(),
      r.changes.map((c) => `${c.id}: ${c.level}: ${c.text}`).join("\n"),
    );
  });
}

const COMPONENT_SCHEMAS: [string, string, string, Want[]][] = [
  [
    "ok/schemas no operation reached, removed, are the document's",
    doc(responseBody({ $ref: "#/components/schemas/A" }), {
      A: STR,
      U: object({ v: { $ref: "#/components/schemas/V" } }),
      V: STR,
    }),
    doc(responseBody({ $ref: "#/components/schemas/A" }), { A: STR }),
    [
      ["api-schema-removed", "info", []],
      ["api-schema-removed", "info", []],
    ],
  ],
  [
    "ok/a schema an operation reached, removed, is said where it was used; one beside it no operation reached, by the component",
    doc(responseBody({ $ref: "#/components/schemas/A" }), {
      A: object({ b: { $ref: "#/components/schemas/B" } }),
      B: STR,
      U: STR,
    }),
    doc(responseBody({ $ref: "#/components/schemas/A" }), { A: object({}) }),
    [
      ["response-optional-property-removed", "warning", ["GET /a"]],
      ["api-schema-removed", "info", []],
    ],
  ],
  [
    "ok/a subtype of a reached schema is reached: a discriminator picks it by name",
    doc(responseBody({ $ref: "#/components/schemas/Pet" }), {
      Pet: {
        ...object({ kind: STR }, ["kind"]),
        discriminator: { propertyName: "kind" },
      },
      Cat: { allOf: [{ $ref: "#/components/schemas/Pet" }, CIRCLE] },
      U: STR,
    }),
    doc(responseBody({ $ref: "#/components/schemas/Pet" }), {
      Pet: {
        ...object({ kind: STR }, ["kind"]),
        discriminator: { propertyName: "kind" },
      },
    }),
    [
      ["response-property-discriminator-mapping-deleted", "info", ["GET /a"]],
      ["api-schema-removed", "info", []],
    ],
  ],
];

for (const [name, base, revision, want] of COMPONENT_SCHEMAS) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      summary(r.changes).sort(),
      [...want].sort(),
      r.changes.map((c) => `${c.id}: ${c.text}`).join("\n"),
    );
  });
}

/**
 * A 3.2 document whose scheme `k` (an API key, `deprecated` or not) `GET /a`
 * uses when `used`, and `GET /b` never.
 */
function keyScheme(deprecated: boolean, used = true, name = "k"): string {
  const key = { type: "apiKey", in: "header", name: "X-Key" };
  return doc(
    {
      "/a": {
        get: {
          ...(used ? { security: [{ [name]: [] }] } : {}),
          responses: ok200,
        },
      },
      "/b": { get: { responses: ok200 } },
    },
    {},
    {
      openapi: "3.2.0",
      components: {
        securitySchemes: {
          [name]: { ...key, ...(deprecated ? { deprecated } : {}) },
        },
      },
    },
  );
}

/**
 * A document with these security schemes, `GET /a` needing `security`
 * (none when absent) and `GET /b` nothing.
 */
function withSchemes(securitySchemes: Json, security?: Json[]): string {
  return doc(
    {
      "/a": {
        get: { ...(security ? { security } : {}), responses: ok200 },
      },
      "/b": { get: { responses: ok200 } },
    },
    {},
    { components: { securitySchemes } },
  );
}

const KEY = { type: "apiKey", in: "header", name: "X-Key" };
const BEARER = { type: "http", scheme: "bearer" };

/** An OAuth 2 client-credentials scheme offering these scopes. */
const oauthScopes = (...names: string[]): Json => ({
  type: "oauth2",
  flows: {
    clientCredentials: {
      tokenUrl: "https://t/x",
      scopes: Object.fromEntries(names.map((n) => [n, n])),
    },
  },
});

const SCHEMES: [string, string, string, Want[]][] = [
  [
    "ok/an OAuth scope a flow now offers, no requirement asking for it",
    withSchemes({ o: oauthScopes("read") }, [{ o: ["read"] }]),
    withSchemes({ o: oauthScopes("read", "write") }, [{ o: ["read"] }]),
    [["api-security-component-oauth-scope-added", "info", []]],
  ],
  [
    "ok/an OAuth scope a flow no longer offers, no requirement asking for it",
    withSchemes({ o: oauthScopes("read", "write") }, [{ o: ["read"] }]),
    withSchemes({ o: oauthScopes("read") }, [{ o: ["read"] }]),
    [["api-security-component-oauth-scope-removed", "info", []]],
  ],
  [
    "ok/a scope a requirement now needs is said by the requirement; one beside it no requirement asks for, by the flow",
    withSchemes({ o: oauthScopes("read") }, [{ o: ["read"] }]),
    withSchemes({ o: oauthScopes("read", "write", "admin") }, [{
      o: ["read", "write"],
    }]),
    [
      ["api-security-scope-added", "breaking", ["GET /a"]],
      ["api-security-component-oauth-scope-added", "info", []],
    ],
  ],
  [
    "ok/a scope a requirement no longer asks for is said by the requirement; one beside it no requirement asked for, by the flow",
    withSchemes({ o: oauthScopes("read", "write", "admin") }, [{
      o: ["read", "write"],
    }]),
    withSchemes({ o: oauthScopes("read") }, [{ o: ["read"] }]),
    [
      ["api-security-scope-removed", "info", ["GET /a"]],
      ["api-security-component-oauth-scope-removed", "info", []],
    ],
  ],
  [
    "ok/a Swagger 2.0 scheme's scopes compare with a 3.x flow's",
    JSON.stringify({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a": { get: { responses: ok200 } },
        "/b": { get: { responses: ok200 } },
      },
      securityDefinitions: {
        o: {
          type: "oauth2",
          flow: "application",
          tokenUrl: "https://t/x",
          scopes: { read: "read", write: "write" },
        },
      },
    }),
    withSchemes({ o: oauthScopes("read") }),
    [["api-security-component-oauth-scope-removed", "info", []]],
  ],
  [
    "ok/a security scheme no requirement names, added, is the document's",
    withSchemes({ k: KEY }, [{ k: [] }]),
    withSchemes({ k: KEY, t: BEARER }, [{ k: [] }]),
    [["api-security-component-added", "info", []]],
  ],
  [
    "ok/a security scheme no requirement named, removed, is the document's",
    withSchemes({ k: KEY, t: BEARER }, [{ k: [] }]),
    withSchemes({ k: KEY }, [{ k: [] }]),
    [["api-security-component-removed", "info", []]],
  ],
  [
    "ok/a scheme added with a requirement naming it is said by the requirement; one beside it named by none, by the component",
    withSchemes({}),
    withSchemes({ k: KEY, t: BEARER }, [{ k: [] }]),
    [
      ["api-security-added", "info", ["GET /a"]],
      ["api-security-component-added", "info", []],
    ],
  ],
  [
    "ok/a scheme removed with the requirement naming it is said by the requirement; one beside it named by none, by the component",
    withSchemes({ k: KEY, t: BEARER }, [{ k: [] }]),
    withSchemes({}),
    [
      ["api-security-removed", "info", ["GET /a"]],
      ["api-security-component-removed", "info", []],
    ],
  ],
  [
    "ok/a security scheme deprecated lists the operations that use it",
    keyScheme(false),
    keyScheme(true),
    [["api-security-component-deprecated", "info", ["GET /a"]]],
  ],
  [
    "ok/a security scheme no operation uses, deprecated, is the document's",
    keyScheme(false, false),
    keyScheme(true, false),
    [["api-security-component-deprecated", "info", []]],
  ],
  [
    "ok/a security scheme no longer deprecated",
    keyScheme(true),
    keyScheme(false),
    [["api-security-component-reactivated", "info", ["GET /a"]]],
  ],
  [
    "ok/a security scheme renamed that only the document's requirement uses may break its clients too (warning)",
    ...(["k", "key"].map((name) =>
      doc({ "/a": { get: { responses: ok200 } } }, {}, {
        security: [{ [name]: [] }],
        components: {
          securitySchemes: {
            [name]: { type: "apiKey", in: "header", name: "X-Key" },
          },
        },
      })
    ) as [string, string]),
    [["security-scheme-renamed", "warning", ["GET /a"]]],
  ],
  [
    "ok/a security scheme renamed that only the document's requirement names, which every operation replaces, is no one's (info)",
    ...(["k", "key"].map((name) =>
      doc({ "/a": { get: { security: [], responses: ok200 } } }, {}, {
        security: [{ [name]: [] }],
        components: {
          securitySchemes: {
            [name]: { type: "apiKey", in: "header", name: "X-Key" },
          },
        },
      })
    ) as [string, string]),
    [["security-scheme-renamed", "info", []]],
  ],
  [
    "ok/a security scheme renamed and deprecated is both, under its new name",
    keyScheme(false, true, "k"),
    keyScheme(true, true, "key"),
    [
      ["security-scheme-renamed", "warning", ["GET /a"]],
      ["api-security-component-deprecated", "info", ["GET /a"]],
    ],
  ],
];

for (const [name, base, revision, want] of SCHEMES) {
  Deno.test(`compare ${name}`, () => {
    const r = compareSpecs(base, revision);
    assert.deepEqual(
      summary(r.changes).sort(),
      [...want].sort(),
      r.changes.map((c) => `${c.id}: ${c.text}`).join("\n"),
    );
  });
}

Deno.test("compare: a security scheme renamed (sent the same way) is one change, and requirements follow the new name", () => {
  const key = { type: "apiKey", in: "header", name: "X-Key" };
  const oauth = {
    type: "oauth2",
    flows: { clientCredentials: { tokenUrl: "https://t/x", scopes: {} } },
  };
  const withSchemes = (names: [string, string], opScheme = names[1]) =>
    doc(
      {
        "/a": { get: { responses: ok200 } },
        "/b": { get: { security: [{ [opScheme]: ["r"] }], responses: ok200 } },
      },
      {},
      {
        components: { securitySchemes: { [names[0]]: key, [names[1]]: oauth } },
        security: [{ [names[0]]: [] }],
      },
    );
  const ids = (a: string, b: string) =>
    compareSpecs(a, b).changes.map((c) => [c.id, c.level, c.text]);
  assert.deepEqual(
    ids(withSchemes(["api_key", "oauth"]), withSchemes(["ApiKey", "OAuth"])),
    [
      [
        "security-scheme-renamed",
        "warning",
        "security scheme `api_key` was renamed `ApiKey` (API key in header `X-Key`, as before)",
      ],
      [
        "security-scheme-renamed",
        "warning",
        "security scheme `oauth` was renamed `OAuth` (OAuth 2 clientCredentials (tokenUrl `https://t/x`), as before)",
      ],
    ],
  );
  // Each is listed with the operations whose requirements name it.
  assert.deepEqual(
    compareSpecs(
      withSchemes(["api_key", "oauth"]),
      withSchemes(["ApiKey", "OAuth"]),
    ).changes.map((c) => c.operations),
    [["GET /a"], ["GET /b"]],
  );
  // A scope the renamed requirement now needs is still seen.
  const scoped = withSchemes(["ApiKey", "OAuth"]).replace('["r"]', '["r","w"]');
  assert.deepEqual(
    ids(withSchemes(["api_key", "oauth"]), scoped).map(([id]) => id).sort(),
    [
      "api-security-scope-added",
      "security-scheme-renamed",
      "security-scheme-renamed",
    ],
  );
  // Two schemes defined alike, both renamed: which became which cannot be
  // told, so no rename is guessed (the requirements say what changed).
  const twins = (a: string, b: string) =>
    doc(
      {
        "/a": { get: { security: [{ [a]: [] }], responses: ok200 } },
        "/b": { get: { security: [{ [b]: [] }], responses: ok200 } },
      },
      {},
      { components: { securitySchemes: { [a]: key, [b]: key } } },
    );
  assert.ok(
    !ids(twins("k1", "k2"), twins("K1", "K2")).some(([id]) =>
      id === "security-scheme-renamed"
    ),
  );
  // Nor when one new scheme stands where two were.
  const one = doc(
    {
      "/a": { get: { security: [{ K: [] }], responses: ok200 } },
      "/b": { get: { security: [{ K: [] }], responses: ok200 } },
    },
    {},
    { components: { securitySchemes: { K: key } } },
  );
  assert.ok(
    !ids(twins("k1", "k2"), one).some(([id]) =>
      id === "security-scheme-renamed"
    ),
  );
  // Sent another way, it is no rename: the requirement was replaced, and
  // what a client sent no longer gets in.
  const other = withSchemes(["ApiKey", "oauth"]).replace("X-Key", "X-Other");
  assert.deepEqual(
    ids(withSchemes(["api_key", "oauth"]), other).map((
      [id, level],
    ) => [id, level]),
    [
      ["api-global-security-removed", "breaking"],
      ["api-global-security-added", "info"],
    ],
  );
  // A scheme no operation uses is renamed without consequence.
  const unused = (name: string) =>
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      components: { securitySchemes: { [name]: key } },
    });
  assert.deepEqual(
    ids(unused("a"), unused("b")).map(([id, level]) => [id, level]),
    [["security-scheme-renamed", "info"]],
  );
});

Deno.test("compare: a server variable renamed in place is one change, and the variable compares under its new name", () => {
  const served = (name: string, values: string[]) =>
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      servers: [{
        url: `https://{${name}}.x.example/{v}`,
        variables: {
          [name]: { default: "eu", enum: values },
          v: { default: "v1" },
        },
      }],
    });
  assert.deepEqual(
    compareSpecs(served("region", ["eu", "us"]), served("zone", ["eu"]))
      .changes.map((c) => [c.id, c.level, c.text]),
    [
      [
        "api-server-variable-renamed",
        "warning",
        "server `https://{zone}.x.example/{v}` variable `region` was renamed `zone`",
      ],
      [
        "api-server-variable-enum-value-removed",
        "warning",
        "server `https://{zone}.x.example/{v}` variable `zone` lost value `us`",
      ],
    ],
  );
  // Each points at the variable itself, on each side.
  assert.deepEqual(
    compareSpecs(served("region", ["eu", "us"]), served("zone", ["eu"]))
      .changes.map((c) => [c.pointer.base, c.pointer.revision]),
    [
      ["/servers/0/variables/region", "/servers/0/variables/zone"],
      ["/servers/0/variables/region", "/servers/0/variables/zone"],
    ],
  );
  // Two servers of one shape, both renamed: no pairing is guessed, so no
  // value is said lost that another server still serves.
  const two = (x: string, y: string) =>
    doc({ "/a": { get: { responses: ok200 } } }, {}, {
      servers: [
        {
          url: `https://{${x}}.w.example`,
          variables: { [x]: { default: "p", enum: ["p", "pp"] } },
        },
        {
          url: `https://{${y}}.w.example`,
          variables: { [y]: { default: "q", enum: ["q", "qq"] } },
        },
      ],
    });
  assert.deepEqual(
    compareSpecs(two("b", "c"), two("y", "x")).changes.map((c) => c.id).sort(),
    [
      "api-server-added",
      "api-server-added",
      "api-server-removed",
      "api-server-removed",
    ],
  );
  // Another host is another server.
  const moved = served("zone", ["eu", "us"]).replace("x.example", "y.example");
  assert.deepEqual(
    compareSpecs(served("region", ["eu", "us"]), moved).changes.map((c) =>
      c.id
    ),
    ["api-server-removed", "api-server-added"],
  );
});

Deno.test("compare: a callback's payload is compared as what the client reads, listed under the callback", () => {
  const withCallback = (payload: Json | null) =>
    doc({
      "/sub": {
        post: {
          responses: ok200,
          callbacks: payload
            ? {
              onEvent: {
                "{$request.body#/url}": {
                  post: (requestBody(payload)["/a"] as Json).post,
                },
              },
            }
            : {},
        },
      },
    });
  const base = withCallback(object({ id: { type: "string" } }, ["id"]));
  const r = compareSpecs(base, withCallback(object({})));
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.level, c.operations, c.where]),
    [[
      "response-required-property-removed",
      "breaking",
      ["POST {$request.body#/url} (callback `onEvent` of POST /sub)"],
      "callback payload: id",
    ]],
  );
  assert.deepEqual(
    compareSpecs(base, withCallback(null)).changes.map((c) => [c.id, c.level]),
    [["callback-removed", "breaking"]],
  );
  // An operation removed or added takes its callbacks with it: its own row
  // says so, with no second row whose path is a runtime expression.
  const gone = doc({ "/other": { get: { responses: ok200 } } });
  assert.deepEqual(
    compareSpecs(base, gone).changes.map((c) => [c.id, c.path]),
    [
      ["api-path-removed-without-deprecation", "/sub"],
      ["endpoint-added", "/other"],
    ],
  );
  assert.deepEqual(
    compareSpecs(gone, base).changes.map((c) => [c.id, c.path]),
    [
      ["api-path-removed-without-deprecation", "/other"],
      ["endpoint-added", "/sub"],
    ],
  );
});

Deno.test("compare: an example component renamed or inlined is the same example, not a doc change", () => {
  const withExample = (examples: Json, components: Json) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            parameters: [{
              name: "q",
              in: "query",
              schema: { type: "string" },
              examples,
            }],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: { type: "string" }, examples },
                },
              },
            },
          },
        },
      },
      components: { examples: components },
    });
  const ex = { value: "hello", summary: "s" };
  const base = withExample({ one: { $ref: "#/components/examples/Ex" } }, {
    Ex: ex,
  });
  for (
    const revision of [
      withExample({ one: { $ref: "#/components/examples/Renamed" } }, {
        Renamed: ex,
      }),
      withExample({ one: ex }, {}),
    ]
  ) {
    assert.deepEqual(compareSpecs(base, revision, { all: true }).changes, []);
  }
  // The value itself changed is still a doc change, at both places.
  const changed = withExample({ one: { $ref: "#/components/examples/Ex" } }, {
    Ex: { value: "bye", summary: "s" },
  });
  assert.deepEqual(
    compareSpecs(base, changed, { all: true }).changes.map((c) => c.id).sort(),
    ["request-parameter-example-changed", "response-body-example-changed"],
  );
});

Deno.test("compare: a header component changed is one change for every response that uses it", () => {
  const withHeader = (required: boolean) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: { responses: { "200": { $ref: "#/components/responses/R" } } },
          post: {
            responses: {
              "201": {
                description: "made",
                headers: { "X-H": { $ref: "#/components/headers/H" } },
              },
            },
          },
        },
        "/b": {
          get: { responses: { "200": { $ref: "#/components/responses/R" } } },
        },
      },
      components: {
        responses: {
          R: {
            description: "ok",
            headers: { "X-H": { $ref: "#/components/headers/H" } },
          },
        },
        headers: { H: { required, schema: { type: "string" } } },
      },
    });
  // Dropped from one response: that response's change, not the component's.
  const dropped = JSON.parse(withHeader(true));
  delete dropped.paths["/a"].post.responses["201"].headers;
  assert.deepEqual(
    compareSpecs(withHeader(true), JSON.stringify(dropped)).changes.map((
      c,
    ) => [c.id, c.where, c.operations]),
    [["required-response-header-removed", "response 201 header X-H", [
      "POST /a",
    ]]],
  );
  assert.deepEqual(
    summary(compareSpecs(withHeader(true), withHeader(false)).changes),
    [
      ["response-header-became-optional", "breaking", [
        "GET /a",
        "POST /a",
        "GET /b",
      ]],
    ],
  );
});

Deno.test("compare: types neither side writes limit nothing: an untyped schema losing its properties is no type change", () => {
  const untyped = (schema: Json) => doc(responseBody(schema));
  assert.deepEqual(
    compareSpecs(
      untyped({
        description: "d",
        required: ["id"],
        properties: { id: { type: "string" } },
      }),
      untyped({ description: "d" }),
    ).changes.map((c) => c.id),
    ["response-required-property-removed"],
  );
  // Alternatives that only have properties say no type either, but two
  // of them under a oneOf both take any string (or number): the oneOf
  // refuses it, so an untyped schema that became one takes objects only.
  const shapes = {
    oneOf: ["a", "b"].map((k) => ({
      title: k,
      properties: { [k]: { type: "string" } },
    })),
  };
  assert.deepEqual(
    compareSpecs(untyped({ description: "d" }), untyped(shapes)).changes
      .filter((c) => c.id.includes("type")).map((c) => c.id),
    ["response-body-type-specialized"],
  );
  // Beside a string alternative too: a string passes all three, so the
  // oneOf takes objects only, and says so.
  assert.deepEqual(
    compareSpecs(
      untyped({ type: "array" }),
      untyped({ oneOf: [...shapes.oneOf, { type: "string" }] }),
    ).changes.map((c) => c.text),
    ["200 response body type changed from `array` to `object`"],
  );
  // Under an anyOf they rule nothing out: no type changed.
  assert.deepEqual(
    compareSpecs(
      untyped({ description: "d" }),
      untyped({ anyOf: shapes.oneOf }),
    ).changes.filter((c) => c.id.includes("type")),
    [],
  );
  // A format changed on untyped schemas still is one; a type written on
  // one side still counts.
  assert.deepEqual(
    compareSpecs(untyped({ format: "date" }), untyped({ format: "date-time" }))
      .changes.map((c) => c.id),
    ["response-body-type-changed"],
  );
  assert.deepEqual(
    compareSpecs(
      untyped({ properties: { id: { type: "string" } } }),
      untyped({ type: "string" }),
    ).changes.map((c) => c.id).includes("response-body-type-changed"),
    true,
  );
  // Values limit the type (an enum or const of numbers is a number), and
  // two shapes are two types: each still breaks.
  const breaks = (a: Json, b: Json, three1 = false) =>
    compareSpecs(
      three1 ? doc31(responseBody(a)) : untyped(a),
      three1 ? doc31(responseBody(b)) : untyped(b),
    ).changes.filter((c) => c.level === "breaking").map((c) => c.id);
  assert.deepEqual(breaks({ enum: [1, 2] }, { enum: ["1", "2"] }), [
    "response-body-type-changed",
  ]);
  assert.deepEqual(breaks({ const: 1 }, { const: "1" }, true), [
    "response-body-type-changed",
  ]);
  assert.ok(
    breaks(
      { properties: { a: { type: "string" } }, required: ["a"] },
      { items: { type: "string" } },
    ).includes("response-body-type-changed"),
  );
});

Deno.test("compare: an untyped items dropped loses what it required of each item", () => {
  const p = (schema: Json) => doc(responseBody(object({ p: schema })));
  const r = compareSpecs(
    p({
      items: {
        type: "object",
        required: ["z"],
        properties: { z: { type: "string" } },
      },
    }),
    p({ description: "any" }),
  );
  assert.ok(
    r.changes.some((c) =>
      c.id === "response-required-property-removed" && c.level === "breaking"
    ),
    r.changes.map((c) => c.id).join(),
  );
});

Deno.test("compare: a $ref under a name that is also a data keyword (a default response) is followed and checked", () => {
  const withDefault = (ref: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: { "/a": { get: { responses: { default: { $ref: ref } } } } },
      components: { responses: { Err: { description: "e" } } },
    });
  const ids = (a: string, b: string) =>
    compareSpecs(withDefault(a), withDefault(b)).changes.map((c) => c.id);
  assert.ok(
    ids("#/components/responses/Err", "errors.yaml#/Err").includes(
      "ref-not-followed",
    ),
  );
  assert.ok(
    ids("#/components/responses/Err", "#/components/responses/Gone").includes(
      "ref-not-followed",
    ),
  );
});

Deno.test("compare: nothing below a side that could not be read is compared (an external $ref against an array)", () => {
  const body = (schema: Json) =>
    doc(requestBody(schema), {
      Item: object({ z: { type: "string" } }, ["z"]),
    });
  const ids = compareSpecs(
    body({ $ref: "other.yaml#/X" }),
    body({ type: "array", items: { $ref: "#/components/schemas/Item" } }),
  ).changes.map((c) => c.id);
  assert.ok(!ids.includes("new-required-request-property"), ids.join());
  assert.ok(ids.includes("ref-not-followed"), ids.join());
  // The same behind an allOf part that could not be read.
  const merged = compareSpecs(
    body({ allOf: [{ $ref: "other.yaml#/X" }, { description: "d" }] }),
    body({ type: "array", items: { $ref: "#/components/schemas/Item" } }),
  ).changes.map((c) => c.id);
  assert.ok(!merged.includes("new-required-request-property"), merged.join());
});

Deno.test("compare: a property named like a map (headers, content) keeps its example as data", () => {
  const withProp = (name: string) =>
    doc(responseBody(object({
      [name]: { type: "object", example: { $ref: "#/not/a/ref" } },
    })));
  for (const name of ["headers", "content", "links", "examples"]) {
    assert.deepEqual(
      compareSpecs(withProp(name), withProp(name), { all: true }).changes,
      [],
      name,
    );
  }
});

/**
 * `GET /a` under the document's `security` (schemes `a` basic, `b` an API
 * key, `c` bearer), base then revision: each requirement removed, as
 * [level, text].
 */
function securityRemoved(base: Json[], revision: Json[]): string[][] {
  const schemes = {
    a: { type: "http", scheme: "basic" },
    b: { type: "apiKey", in: "header", name: "K" },
    c: { type: "http", scheme: "bearer" },
  };
  const secured = (security: Json[]) =>
    doc(GET_A, {}, { components: { securitySchemes: schemes }, security });
  return compareSpecs(secured(base), secured(revision)).changes
    .filter((c) => c.id === "api-global-security-removed")
    .map((c) => [c.level, c.text]);
}

Deno.test("compare: a scope a requirement now needs breaks a client that asked for the scopes listed (oasdiff: an error); one it no longer needs is info", () => {
  const oauth = {
    type: "oauth2",
    flows: {
      clientCredentials: {
        tokenUrl: "https://auth.example/token",
        scopes: { r: "read", w: "write" },
      },
    },
  };
  const secured = (scopes: string[]) =>
    doc(GET_A, {}, {
      components: { securitySchemes: { o: oauth } },
      security: [{ o: scopes }],
    });
  const said = (a: string[], b: string[]) =>
    compareSpecs(secured(a), secured(b)).changes.map((c) => [c.id, c.level]);
  assert.deepEqual(said(["r"], ["r", "w"]), [
    ["api-global-security-scope-added", "breaking"],
  ]);
  assert.deepEqual(said(["r", "w"], ["r"]), [
    ["api-global-security-scope-removed", "info"],
  ]);
});

Deno.test("compare: a security requirement removed is breaking when no requirement left takes what a client of the base sent", () => {
  const levels = (a: Json[], b: Json[]) =>
    securityRemoved(a, b).map(([level]) => level);
  for (
    const [name, base, revision, want] of [
      ["replaced", [{ a: [] }], [{ b: [] }], ["breaking"]],
      ["joined by another", [{ a: [] }], [{ a: [], b: [] }], ["breaking"]],
      ["both ways replaced", [{ a: [] }, { b: [] }], [{ c: [] }], [
        "breaking",
        "breaking",
      ]],
      ["one of two kept", [{ a: [] }, { b: [] }], [{ b: [] }], ["breaking"]],
      ["asks for part of it", [{ a: [], b: [] }], [{ a: [] }], ["info"]],
      ["anonymous access only", [{}], [{ a: [] }], ["warning"]],
      ["anonymous kept apart", [{}, { a: [] }], [{ b: [] }], [
        "breaking",
        "warning",
      ]],
      ["every requirement dropped", [{ a: [] }], [], ["info"]],
    ] as [string, Json[], Json[], string[]][]
  ) assert.deepEqual(levels(base, revision), want, name);
  assert.deepEqual(securityRemoved([{ a: [] }], [{ b: [] }]), [[
    "breaking",
    "security requirement `a` was removed and no requirement left accepts the credentials it took",
  ]]);
});

Deno.test("compare: 3.2 additions: an itemSchema that became a schema keeps its media type; a device authorization URL and a response summary are read", () => {
  const X = object({ v: { type: "integer" } });
  const streamed = (media: Json) =>
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: { "application/jsonl": media },
              },
            },
          },
        },
      },
      {},
      { openapi: "3.2.0" },
    );
  const said = (a: string, b: string) =>
    compareSpecs(a, b).changes.map((c) => [c.id, c.level]);
  assert.deepEqual(said(streamed({ itemSchema: X }), streamed({ schema: X })), [
    ["response-body-media-type-item-schema-removed", "warning"],
    ["response-body-media-type-schema-added", "warning"],
  ]);
  assert.deepEqual(said(streamed({ schema: X }), streamed({ itemSchema: X })), [
    ["response-body-media-type-item-schema-added", "warning"],
    ["response-body-media-type-schema-removed", "warning"],
  ]);
  const device = (url: string) =>
    doc(
      { "/a": { get: { security: [{ d: [] }], responses: ok200 } } },
      {},
      {
        openapi: "3.2.0",
        components: {
          securitySchemes: {
            d: {
              type: "oauth2",
              flows: {
                deviceAuthorization: {
                  deviceAuthorizationUrl: url,
                  tokenUrl: "https://t/token",
                  scopes: {},
                },
              },
            },
          },
        },
      },
    );
  assert.deepEqual(
    said(device("https://t/device"), device("https://t/device2")),
    [["security-scheme-changed", "breaking"]],
  );
  const summarized = (summary: string) =>
    doc(
      {
        "/a": { get: { responses: { "200": { description: "ok", summary } } } },
      },
      {},
      { openapi: "3.2.0" },
    );
  assert.deepEqual(
    compareSpecs(summarized("Old"), summarized("New"), { all: true }).changes
      .map((c) => [c.id, c.level, c.text]),
    [["response-summary-changed", "doc", "200 response summary changed"]],
  );
});

Deno.test("compare: a request property removed stays a warning (§9's table); the sentence says when the revision refuses what it does not list", () => {
  const removed = (base: Json, revision: Json, v = doc) =>
    compareSpecs(v(requestBody(base)), v(requestBody(revision))).changes.map((
      c,
    ) => [c.id, c.level, c.text]);
  const refused =
    "request property `b` was removed, and properties not listed are refused";
  const plain = "request property `b` was removed";
  assert.deepEqual(removed(CLOSED({ a: STR, b: STR }), CLOSED({ a: STR })), [
    ["request-property-removed", "warning", refused],
  ]);
  const uneval = (properties: Json, more: Json = {}) => ({
    type: "object",
    properties,
    unevaluatedProperties: false,
    ...more,
  });
  assert.deepEqual(
    removed(uneval({ a: STR, b: STR }), uneval({ a: STR }), doc31),
    [["request-property-removed", "warning", refused]],
  );
  assert.deepEqual(removed(object({ a: STR, b: STR }), object({ a: STR })), [
    ["request-property-removed", "warning", plain],
  ]);
  // A pattern or an alternative may still take it: not said refused.
  assert.deepEqual(
    removed(
      CLOSED({ a: STR, "x-b": STR }),
      { ...CLOSED({ a: STR }), patternProperties: { "^x-": STR } },
    ).filter(([id]) => id === "request-property-removed").map(([, , t]) => t),
    ["request property `x-b` was removed"],
  );
  assert.deepEqual(
    removed(
      uneval({ a: STR, b: STR }),
      uneval({ a: STR }, { oneOf: [{ properties: { b: STR } }, {}] }),
      doc31,
    ).map(([, , t]) => t).filter((t) => t.startsWith(plain)),
    [plain],
  );
  // In a deepObject query parameter's schema too.
  assert.deepEqual(
    compareSpecs(
      doc(query(CLOSED({ a: STR, b: STR }), { style: "deepObject" })),
      doc(query(CLOSED({ a: STR }), { style: "deepObject" })),
    ).changes.map((c) => [c.id, c.level]),
    [["request-parameter-property-removed", "warning"]],
  );
});

Deno.test("compare: a name the alternatives declare read-only, newly required by their parent, changes nothing a client sends", () => {
  const union = (required?: string[]) =>
    doc31(requestBody({
      type: "object",
      ...(required ? { required } : {}),
      oneOf: [
        { properties: { id: { type: "string", readOnly: true }, a: STR } },
        { properties: { id: { type: "string", readOnly: true }, b: STR } },
      ],
    }));
  assert.deepEqual(compareSpecs(union(), union(["id"])).changes, []);
  // A name that is sent still counts.
  assert.deepEqual(
    compareSpecs(union(), union(["a"])).changes.map((c) => [c.id, c.level]),
    [["request-property-became-required", "breaking"]],
  );
});

Deno.test("compare: required names across alternatives: a lost alternative says it once; names the parent requires stay required; a oneOf in a oneOf counts", () => {
  const alt = (name: string, required: string[] = []) => ({
    title: name,
    type: "object",
    properties: { id: STR, [name]: STR },
    ...(required.length ? { required } : {}),
  });
  const ids = (a: Json, b: Json) =>
    compareSpecs(doc31(requestBody(a)), doc31(requestBody(b))).changes.map((
      c,
    ) => c.id);
  // C lost: what A and B both require is no new requirement.
  assert.deepEqual(
    ids(
      { oneOf: [alt("a", ["id"]), alt("b", ["id"]), alt("c")] },
      { oneOf: [alt("a", ["id"]), alt("b", ["id"])] },
    ),
    ["request-body-one-of-removed"],
  );
  // The parent requires id on both sides: its alternatives saying so too
  // changes nothing.
  assert.deepEqual(
    ids(
      { type: "object", required: ["id"], oneOf: [alt("a"), alt("b")] },
      {
        type: "object",
        required: ["id"],
        oneOf: [alt("a", ["id"]), alt("b", ["id"])],
      },
    ),
    [],
  );
  // Moved from the parent into both alternatives of a nested oneOf.
  assert.deepEqual(
    ids(
      {
        type: "object",
        required: ["id"],
        oneOf: [{ oneOf: [alt("a"), alt("b")] }, alt("c")],
      },
      {
        type: "object",
        oneOf: [
          { oneOf: [alt("a", ["id"]), alt("b", ["id"])] },
          alt("c", ["id"]),
        ],
      },
    ).filter((id) => id.includes("optional")),
    [],
  );
});

Deno.test("compare: a name every alternative requires is read three levels of oneOf down, and no further", () => {
  // `levels` of oneOf, each of two titled alternatives; the objects at
  // the bottom require `id` when `required`.
  const nest = (levels: number, required: boolean, tag = "t"): Json =>
    levels === 0
      ? {
        title: tag,
        type: "object",
        properties: { [tag]: STR },
        ...(required ? { required: ["id"] } : {}),
      }
      : {
        title: tag,
        oneOf: [
          nest(levels - 1, required, `${tag}a`),
          nest(levels - 1, required, `${tag}b`),
        ],
      };
  const atTop = (levels: number) =>
    compareSpecs(
      doc31(requestBody(nest(levels, false))),
      doc31(requestBody(nest(levels, true))),
    ).changes.filter((c) => c.where === "request body: id").map((c) => c.id);
  assert.deepEqual(atTop(3), ["request-property-became-required"]);
  // Past the bound the body's own names stand; each alternative below
  // still says the name it now requires.
  assert.deepEqual(atTop(4), []);
});

Deno.test("compare: the refusal sentence reads the revision's schema, and only for a property removed", () => {
  const texts = (a: Json, b: Json) =>
    compareSpecs(doc(requestBody(a)), doc(requestBody(b))).changes.map((c) =>
      c.text
    );
  // A closed base, an open revision: nothing is refused.
  assert.deepEqual(
    texts(CLOSED({ a: STR, b: STR }), object({ a: STR })),
    [
      "request property `b` was removed",
      "request body now allows properties it does not list",
    ],
  );
  // A property that became read-only in a closed revision: said as such.
  assert.deepEqual(
    texts(
      CLOSED({ a: STR, b: STR }),
      CLOSED({ a: STR, b: { ...STR, readOnly: true } }),
    ),
    ["request property `b` became read-only"],
  );
});

Deno.test("compare: security: removing one way in while another stays breaks its clients (oasdiff: an error); dropping them all is info, said plainly", () => {
  const said = securityRemoved;
  assert.deepEqual(said([{ a: [] }, { b: [] }], [{ a: [] }, { c: [] }]), [
    ["breaking", "security requirement `b` was removed"],
  ]);
  assert.deepEqual(said([{ a: [] }], []), [
    ["info", "security requirement `a` was removed"],
  ]);
});

Deno.test("compare: a media type with an item schema removed or added is one change", () => {
  const streamed = (content: Json) =>
    doc(
      {
        "/a": { get: { responses: { "200": { description: "ok", content } } } },
      },
      {},
      { openapi: "3.2.0" },
    );
  const jsonl = { "application/jsonl": { itemSchema: STR } };
  const json = { "application/json": { schema: STR } };
  const ids = (a: Json, b: Json) =>
    compareSpecs(streamed(a), streamed(b)).changes.map((c) => c.id);
  assert.deepEqual(ids({ ...json, ...jsonl }, json), [
    "response-media-type-removed",
  ]);
  assert.deepEqual(ids(json, { ...json, ...jsonl }), [
    "response-media-type-added",
  ]);
});

Deno.test("compare: a change inside a shared response is one change, whatever status each operation lists it under", () => {
  const side = (headers: Json, body: Json) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: { responses: { 200: { $ref: "#/components/responses/Ok" } } },
          put: { responses: { 200: { $ref: "#/components/responses/Ok" } } },
        },
        "/b": {
          get: { responses: { 201: { $ref: "#/components/responses/Ok" } } },
        },
      },
      components: {
        responses: {
          Ok: {
            description: "ok",
            headers,
            content: { "application/json": { schema: body } },
          },
        },
      },
    });
  const body = object({ y: { type: "string" } });
  const r = compareSpecs(
    side({ "X-S": { schema: { type: "string" } } }, body),
    side({}, object({})),
  );
  assert.deepEqual(
    r.changes.map((c) => [c.id, c.where, c.operations]),
    [
      [
        "optional-response-header-removed",
        "shared response Ok header X-S",
        ["GET /a", "PUT /a", "GET /b"],
      ],
      [
        "response-optional-property-removed",
        "shared response Ok body: y",
        ["GET /a", "PUT /a", "GET /b"],
      ],
    ],
  );
  // The sentence names the component, which no status could say.
  assert.deepEqual(r.changes.map((c) => c.text), [
    "response header `X-S` was removed (shared response `Ok`)",
    "response property `y` was removed (shared response `Ok`)",
  ]);
});

Deno.test("compare: a way of writing a value changed is said in the words of each side's document: a Swagger 2.0 `collectionFormat`, a 3.x `style` and `explode`", () => {
  const arr = (loc: string, more: Json) =>
    swagger({
      "/a": {
        get: {
          parameters: [{
            name: "ids",
            in: loc,
            type: "array",
            items: { type: "string" },
            ...more,
          }],
          responses: ok200,
        },
      },
    });
  const text = (a: string, b: string) =>
    compareSpecs(a, b).changes.map((c) => `${c.id}: ${c.text}`);
  assert.deepEqual(
    text(arr("query", {}), arr("query", { collectionFormat: "multi" })),
    [
      "request-parameter-style-changed: query parameter `ids` is now written with `collectionFormat multi` (was `collectionFormat csv`)",
    ],
  );
  assert.deepEqual(
    text(
      arr("header", { collectionFormat: "csv" }),
      arr("header", { collectionFormat: "pipes" }),
    ),
    [
      "request-parameter-style-changed: header `ids` is now written with `collectionFormat pipes` (was `collectionFormat csv`)",
    ],
  );
  // Arrays inside: each Items Object's collectionFormat, csv by default.
  const nested = (inner?: string) =>
    arr("query", {
      collectionFormat: "pipes",
      items: {
        type: "array",
        items: { type: "integer" },
        ...(inner ? { collectionFormat: inner } : {}),
      },
    });
  assert.deepEqual(text(nested(), nested("pipes")), [
    "request-parameter-style-changed: query parameter `ids` is now written with `collectionFormat pipes, items pipes` (was `collectionFormat pipes, items csv`)",
  ]);
  assert.deepEqual(text(nested(), nested("csv")), []);
  // Arrays inside written csv (the default) are what OpenAPI 3 would
  // write: no change against a 3.x array of arrays.
  assert.deepEqual(
    text(
      arr("query", { items: { type: "array", items: { type: "integer" } } }),
      doc(query({
        type: "array",
        items: { type: "array", items: { type: "integer" } },
      }, { name: "ids", explode: false })),
    ),
    [],
  );
  // The same on a form field.
  const form = (inner?: string) =>
    swagger({
      "/a": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [{
            name: "n",
            in: "formData",
            type: "array",
            collectionFormat: "pipes",
            items: {
              type: "array",
              items: { type: "integer" },
              ...(inner ? { collectionFormat: inner } : {}),
            },
          }],
          responses: ok200,
        },
      },
    });
  assert.deepEqual(text(form(), form("pipes")), [
    "request-body-encoding-changed: request body field `n` is now written with `collectionFormat pipes, items pipes` (was `collectionFormat pipes, items csv`)",
  ]);
  // A multipart field's, said alike; against a 3.x part, by its type.
  assert.deepEqual(
    text(
      swaggerTags("multipart/form-data", "multi"),
      swaggerTags("multipart/form-data", "ssv"),
    ),
    [
      "request-body-encoding-changed: request body field `tags` is now written with `collectionFormat ssv` (was `collectionFormat multi`)",
    ],
  );
  assert.deepEqual(
    text(
      swaggerTags("multipart/form-data"),
      doc({
        "/a": {
          post: {
            requestBody: {
              content: { "multipart/form-data": { schema: object(TAGS) } },
            },
            responses: ok200,
          },
        },
      }),
    ),
    [
      "request-body-encoding-changed: request body field `tags` is now written as `text/plain` (was `collectionFormat csv`)",
    ],
  );
  assert.deepEqual(
    text(
      arr("query", {}),
      doc(query({ type: "array", items: { type: "string" } }, { name: "ids" })),
    ),
    [
      "request-parameter-style-changed: query parameter `ids` is now written with `style: form, explode: true` (was `collectionFormat csv`)",
    ],
  );
  // Both 3.x: the style, and `explode` where it tells them apart.
  const ARRAY = { type: "array", items: { type: "string" } };
  assert.deepEqual(
    text(doc(query(ARRAY)), doc(query(ARRAY, { explode: false }))),
    [
      "request-parameter-style-changed: query parameter `q` is now written with `style: form, explode: false` (was `style: form, explode: true`)",
    ],
  );
  assert.deepEqual(
    text(
      doc(query(ARRAY, { style: "pipeDelimited" })),
      doc(query(ARRAY, { style: "spaceDelimited" })),
    ),
    [
      "request-parameter-style-changed: query parameter `q` is now written with `style: spaceDelimited` (was `style: pipeDelimited`)",
    ],
  );
  // A form field: a 3.x urlencoded body's against a 2.0 form's.
  const field = (encoding: Json | null) =>
    doc({
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: object({ n: ARRAY }),
                ...(encoding ? { encoding: { n: encoding } } : {}),
              },
            },
          },
          responses: ok200,
        },
      },
    });
  assert.deepEqual(text(field({}), field({ explode: false })), [
    "request-body-encoding-changed: request body field `n` is now written with `style: form, explode: false` (was `style: form, explode: true`)",
  ]);
  // A field whose type alone changed: its type's change, whether an
  // Encoding Object that says nothing is written or not.
  const typed = (type: string, encoding: Json | null) =>
    doc({
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: object({
                  n: type === "array" ? ARRAY : { type },
                }),
                ...(encoding ? { encoding: { n: encoding } } : {}),
              },
            },
          },
          responses: ok200,
        },
      },
    });
  for (const [was, is] of [[null, null], [{}, null], [null, {}], [{}, {}]]) {
    assert.deepEqual(
      text(typed("string", was), typed("array", is)),
      [
        "request-property-type-changed: request property `n` type changed from `string` to `array`",
      ],
      JSON.stringify([was, is]),
    );
  }
  // A field gone, its encoding kept and edited: the removal says it.
  assert.deepEqual(
    text(
      field({ explode: false }),
      doc({
        "/a": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: object({}),
                  encoding: { n: { explode: true } },
                },
              },
            },
            responses: ok200,
          },
        },
      }),
    ),
    ["request-property-removed: request property `n` was removed"],
  );
  // An encoding only one side writes: the other's field has the defaults.
  assert.deepEqual(text(field(null), field({ explode: false })), [
    "request-body-encoding-changed: request body field `n` is now written with `style: form, explode: false` (was `style: form, explode: true`)",
  ]);
  assert.deepEqual(text(field({ explode: false }), field(null)), [
    "request-body-encoding-changed: request body field `n` is now written with `style: form, explode: true` (was `style: form, explode: false`)",
  ]);
  const form2 = swagger({
    "/a": {
      post: {
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [{
          name: "n",
          in: "formData",
          type: "array",
          items: { type: "string" },
          collectionFormat: "pipes",
        }],
        responses: ok200,
      },
    },
  });
  assert.deepEqual(text(form2, field({ style: "form" })), [
    "request-body-encoding-changed: request body field `n` is now written with `style: form, explode: true` (was `collectionFormat pipes`)",
  ]);
});

Deno.test("compare: an alternative named only by its position is said with the types it writes", () => {
  const r = compareSpecs(
    doc(responseBody({ oneOf: [{ type: "string" }, { type: "integer" }] })),
    doc(
      responseBody({
        // The third writes no type, and takes no boolean: a `{}` would,
        // and the boolean alternative would send none.
        oneOf: [{ type: "string" }, { type: ["boolean", "null"] }, {
          enum: ["a", 1],
        }],
      }),
    ),
  );
  assert.deepEqual(r.changes.map((c) => c.text).sort(), [
    // The second alone takes null: the body's nullability.
    "200 response body became nullable",
    "200 response body gained alternative `#2` (boolean)",
    "200 response body gained alternative `#3`",
    "200 response body lost alternative `#2` (integer)",
  ]);
  // A titled alternative is said by its title, a referenced one by its
  // component's name: neither by place nor with types.
  const named = compareSpecs(
    doc(
      responseBody({
        oneOf: [{ type: "string" }, { type: "integer", title: "Count" }, {
          $ref: "#/components/schemas/Flag",
        }],
      }),
      { Flag: { type: "boolean" } },
    ),
    doc(responseBody({ oneOf: [{ type: "string" }] }), {
      Flag: { type: "boolean" },
    }),
  );
  assert.deepEqual(named.changes.map((c) => c.text).sort(), [
    "200 response body lost alternative `Count`",
    "200 response body lost alternative `Flag`",
  ]);
});

Deno.test("compare: a change behind a reference read against a schema's own $id ($defs of it, a sibling resource) is found, and no reference is said to be unfollowed", () => {
  const side = (loc: string) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/p": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Person" },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Person: {
            $id: "https://example.com/schemas/person",
            type: "object",
            required: ["home", "work"],
            properties: {
              home: { $ref: "address" },
              work: { $ref: "#/$defs/loc" },
            },
            $defs: { loc: { type: loc } },
          },
          Address: {
            $id: "https://example.com/schemas/address",
            type: "string",
          },
        },
      },
    });
  assert.deepEqual(
    compareSpecs(side("string"), side("integer")).changes.map((c) => c.id),
    ["response-property-type-changed"],
  );
});

Deno.test("compare: a response's sentence names its status, so a 200's `code` and a 404's read apart; a shared component's names the status its operation reaches it through", () => {
  const side = (t: string, media: string[], header: Json | null) =>
    doc(
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                ...(header ? { headers: { "X-Rate": header } } : {}),
                content: Object.fromEntries(
                  media.map((
                    m,
                  ) => [m, { schema: object({ code: { type: t } }) }]),
                ),
              },
              "404": {
                description: "nf",
                content: {
                  "application/json": { schema: object({ code: { type: t } }) },
                },
              },
              "2XX": {
                description: "other",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/P" },
                  },
                },
              },
              default: {
                description: "err",
                content: { "application/json": { schema: { type: t } } },
              },
            },
          },
        },
      },
      { P: object({ id: { type: t } }) },
    );
  const r = compareSpecs(
    side("integer", ["application/json", "application/xml"], {
      required: true,
      schema: { type: "integer" },
    }),
    side("string", ["application/json"], null),
  );
  assert.deepEqual(r.changes.map((c) => [c.where, c.text]).sort(), [
    [
      "response 200 body (application/json): code",
      "200 response property `code` type changed from `integer` to `string`",
    ],
    [
      "response 200 body",
      "200 response body media type `application/xml` was removed",
    ],
    [
      "response 200 header X-Rate",
      "200 response header `X-Rate` was removed",
    ],
    [
      "response 404 body: code",
      "404 response property `code` type changed from `integer` to `string`",
    ],
    [
      "response default body",
      "default response body type changed from `integer` to `string`",
    ],
    [
      "schema P: id",
      "response property `id` in `P` type changed from `integer` to `string` (2XX response body)",
    ],
  ]);
  // A response that now names another component is this status's change.
  const named = (name: string) =>
    doc(
      {
        "/a": {
          get: {
            responses: { "200": { $ref: `#/components/responses/${name}` } },
          },
        },
      },
      {},
      {
        components: {
          responses: Object.fromEntries(
            [["A", "integer"], ["B", "string"]].map(([n, t]) => [n, {
              description: n,
              content: {
                "application/json": { schema: object({ c: { type: t } }) },
              },
            }]),
          ),
        },
      },
    );
  assert.deepEqual(
    compareSpecs(named("A"), named("B")).changes.map((c) => [c.where, c.text]),
    [[
      "response 200 body: c",
      "200 response property `c` type changed from `integer` to `string`",
    ]],
  );
});

Deno.test("compare: a path written in another Unicode form (é composed, or e and U+0301) is another URL: its removal and addition say so, with the bytes", () => {
  const side = (path: string) => doc({ [path]: { get: { responses: ok200 } } });
  const r = compareSpecs(side("/café/{id}"), side("/cafe\u0301/{id}"));
  assert.deepEqual(r.changes.map((c) => [c.id, c.text]), [
    [
      "api-path-removed-without-deprecation",
      "path was removed (the revision writes it in another Unicode form: `/cafe%CC%81/{id}`)",
    ],
    [
      "endpoint-added",
      "operation was added (the base writes it in another Unicode form: `/caf%C3%A9/{id}`)",
    ],
  ]);
  // Unrelated paths say nothing of it.
  const other = compareSpecs(side("/café"), side("/thé"));
  assert.ok(other.changes.every((c) => !c.text.includes("Unicode")));
});

Deno.test("compare: a header added to, or a link removed from, a response says which status", () => {
  const side = (rev: boolean) =>
    doc({
      "/a": {
        get: {
          responses: {
            "404": {
              description: "nf",
              ...(rev
                ? { headers: { "X-Why": { schema: { type: "string" } } } }
                : { links: { next: { operationId: "x" } } }),
            },
          },
        },
      },
    });
  const r = compareSpecs(side(false), side(true), { all: true });
  assert.deepEqual(r.changes.map((c) => c.text).sort(), [
    "404 response header `X-Why` was added",
    "404 response link `next` was removed",
  ]);
});

Deno.test("compare: a change inside a shared component names where its first operation reaches it: the status(es), the media type when several, a header or a parameter", () => {
  const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
  const body = (schema: Json, media = ["application/json"]) => ({
    content: Object.fromEntries(media.map((m) => [m, { schema }])),
  });
  const cases: [string, Json, string][] = [
    [
      "two statuses of one operation",
      {
        "/a": {
          post: {
            responses: {
              "200": { description: "ok", ...body(ref("S")) },
              "201": { description: "ok", ...body(ref("S")) },
            },
          },
        },
      },
      "(200 response body, 201 response body)",
    ],
    [
      "one of several media types, and the operation listed first heads",
      {
        "/b": {
          get: {
            responses: { "201": { description: "ok", ...body(ref("S")) } },
          },
        },
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                ...body(ref("S"), ["application/json", "application/xml"]),
              },
            },
          },
        },
      },
      "(`GET /a` 200 response body in `application/json` and `application/xml`)",
    ],
    [
      "a response header",
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                headers: { "X-S": { schema: object({ s: ref("S") }) } },
              },
            },
          },
        },
      },
      "(200 response header `X-S`)",
    ],
    [
      "an error response alone",
      {
        "/a": {
          get: {
            responses: {
              "200": { description: "ok" },
              "404": { description: "nf", ...body(ref("S")) },
            },
          },
        },
      },
      "(404 response body)",
    ],
    [
      "a shared response component, by the status that lists it",
      {
        "/a": {
          get: { responses: { "202": { $ref: "#/components/responses/R" } } },
        },
      },
      "(202 response body)",
    ],
    [
      "a parameter",
      {
        "/a": {
          get: {
            parameters: [
              { in: "query", name: "s", schema: object({ s: ref("S") }) },
            ],
            responses: ok200,
          },
        },
      },
      "(query parameter `s`)",
    ],
    [
      // Names holding " in `" are no media type: each is said whole.
      "two parameters whose names read like a media type's",
      {
        "/a": {
          get: {
            parameters: ["a in `b", "a in `c"].map((name) => ({
              in: "query",
              name,
              schema: object({ s: ref("S") }),
            })),
            responses: ok200,
          },
        },
      },
      "(query parameter ``a in `b``, query parameter ``a in `c``)",
    ],
    [
      'media types whose names hold backticks and " in `"',
      {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                ...body(ref("S"), ["x/a in `b", "x/`c`"]),
              },
            },
          },
        },
      },
      "(200 response body in ``x/a in `b`` and `` x/`c` ``)",
    ],
  ];
  for (const [name, paths, via] of cases) {
    const side = (t: string) =>
      doc(paths, { S: object({ p: { type: t } }) }, {
        components: {
          schemas: { S: object({ p: { type: t } }) },
          responses: { R: { description: "r", ...body(ref("S")) } },
        },
      });
    const [c, ...rest] = compareSpecs(side("integer"), side("string")).changes;
    assert.equal(rest.length, 0, name);
    assert.equal(c.where, "schema S: p", name);
    assert.match(
      c.text,
      /^\S+ property `p` in `S` type changed from `integer` to `string` /,
      name,
    );
    assert.equal(c.text.slice(c.text.indexOf(" (") + 1), via, name);
  }
});

Deno.test("compare: a default, a const, a keyword or a discriminator set or unset is said in the words the bounds use (now has …, no longer has …)", () => {
  const cases: [Json, Json, string][] = [
    [{}, { default: 3 }, "now has a default of `3`"],
    [{ default: 3 }, {}, "no longer has a default (was `3`)"],
    [{}, { const: 3 }, "now has to be `3` (const)"],
    [{ const: 3 }, {}, "no longer has to be `3` (const)"],
    [{ default: 1 }, { default: 2 }, "default changed from `1` to `2`"],
    [{}, { contains: { type: "integer" } }, "now has `contains`"],
    [{ contains: { type: "integer" } }, {}, "no longer has `contains`"],
  ];
  for (const [was, is, text] of cases) {
    const side = (k: Json) =>
      doc31({
        "/a": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: object({ a: { type: "integer", ...k } }),
                },
              },
            },
            responses: ok200,
          },
        },
      });
    const texts = compareSpecs(side(was), side(is)).changes.map((c) => c.text);
    assert.ok(
      texts.some((t) => t.startsWith(`request property \`a\` ${text}`)),
      `${text}: ${texts.join(" | ")}`,
    );
  }
});

Deno.test("compare: a default or enum value from the document is a code span in the sentence: its text writes no Markdown or HTML of its own into a comment", () => {
  const hostile = "**x** [a](https://evil.example) <img src=x> `y`";
  const side = (schema: Json) =>
    doc31({
      "/a": {
        get: {
          parameters: [{ name: "q", in: "query", schema }],
          responses: ok200,
        },
      },
    });
  const texts = compareSpecs(
    side({ type: "string" }),
    side({ type: "string", default: hostile, enum: [hostile, "b"] }),
  ).changes.map((c) => c.text);
  const quoted = codeSpan(JSON.stringify(hostile));
  assert.ok(
    texts.some((t) => t.includes(`now has a default of ${quoted}`)),
    texts.join(" | "),
  );
  assert.ok(
    texts.some((t) => t.includes(`became an enum (${quoted}, `)),
    texts.join(" | "),
  );
});

Deno.test('compare: a bound or a multipleOf set, unset or changed is said in words (oasdiff: "added the maximum value"), not by the keyword\'s short name', () => {
  const cases: [Json, Json, string][] = [
    [{}, { maximum: 100 }, "now has a maximum of 100"],
    [{ maximum: 100 }, {}, "no longer has a maximum of 100"],
    [{ maximum: 100 }, { maximum: 50 }, "maximum lowered from 100 to 50"],
    [{}, { exclusiveMinimum: 0 }, "now has an exclusive minimum of 0"],
    [{}, { maxLength: 64 }, "now has a maximum length of 64"],
    [{ minLength: 1 }, { minLength: 2 }, "minimum length raised from 1 to 2"],
    [{}, { minItems: 1 }, "now has a minimum of 1 item"],
    [{ maxItems: 5 }, {}, "no longer has a maximum of 5 items"],
    [
      { maxItems: 5 },
      { maxItems: 3 },
      "maximum number of items lowered from 5 to 3",
    ],
    [{}, { maxProperties: 1 }, "now has a maximum of 1 property"],
    [{ minProperties: 2 }, {}, "no longer has a minimum of 2 properties"],
    [{}, { multipleOf: 5 }, "now has to be a multiple of 5"],
    [{ multipleOf: 5 }, {}, "no longer has to be a multiple of 5"],
    [
      { multipleOf: 5 },
      { multipleOf: 10 },
      "now has to be a multiple of 10 (was 5)",
    ],
  ];
  for (const [was, is, text] of cases) {
    const side = (k: Json) =>
      doc31({
        "/a": {
          post: {
            requestBody: {
              content: { "application/json": { schema: object({ a: k }) } },
            },
            responses: ok200,
          },
        },
      });
    assert.deepEqual(
      compareSpecs(side(was), side(is)).changes.map((c) => c.text),
      [`request property \`a\` ${text}`],
      text,
    );
  }
});
