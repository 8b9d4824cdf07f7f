/**
 * JSON Schemas (OpenAPI 3.1 dialect) of the debug API's response bodies.
 * Browser-safe data; `catalog.ts` attaches them to responses and
 * `openapi.ts` publishes them under `components.schemas`.
 */
import type { JsonSchema } from "./catalog_types.ts";

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
        "The offending parameter: a path or query parameter name, `method` or `body`; null when no parameter is at fault (an unknown path, a full server).",
    },
  },
};

/** Body of `/status/{code}`. */
export const STATUS_SCHEMA: JsonSchema = {
  type: "object",
  required: ["status", "statusText"],
  properties: {
    status: { type: "integer", minimum: 200, maximum: 599 },
    statusText: {
      type: "string",
      description: "IANA reason phrase; `Unassigned` for unregistered codes.",
    },
  },
};

/** Body of `/redirect/0`. */
export const DONE_SCHEMA: JsonSchema = {
  type: "object",
  required: ["done"],
  properties: { done: { const: true } },
};

const STRINGS: JsonSchema = {
  type: "object",
  additionalProperties: { type: "string" },
};

/** Body of `/echo`: the request as the server received it. */
export const ECHO_SCHEMA: JsonSchema = {
  type: "object",
  required: [
    "method",
    "url",
    "path",
    "query",
    "headers",
    "body",
    "bodyEncoding",
    "bodySize",
    "json",
    "form",
  ],
  properties: {
    method: { type: "string" },
    url: { type: "string", description: "The full request URL." },
    path: { type: "string" },
    query: {
      type: "object",
      description: "Name to value; an array of values when a name repeats.",
      additionalProperties: {
        oneOf: [{ type: "string" }, {
          type: "array",
          items: { type: "string" },
        }],
      },
    },
    headers: { ...STRINGS, description: "Lower-case name to value." },
    body: {
      type: "string",
      description: "The raw body: UTF-8 text, or base64 when not valid UTF-8.",
    },
    bodyEncoding: { enum: ["utf8", "base64"] },
    bodySize: { type: "integer", minimum: 0, description: "Bytes received." },
    json: { description: "The parsed body when it is JSON, else null." },
    form: {
      type: ["object", "null"],
      description:
        "Fields of an urlencoded or multipart body (files as their name, type and size); else null.",
      additionalProperties: {},
    },
  },
};

/** Body of the compressed endpoints, once decompressed. */
export function compressedSchema(flag: string): JsonSchema {
  return {
    type: "object",
    required: [flag, "method", "headers"],
    properties: {
      [flag]: { const: true },
      method: { type: "string" },
      headers: { ...STRINGS, description: "Lower-case request headers." },
    },
  };
}

/** The `data:` JSON of each server-sent event. */
export const SSE_EVENT_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "count", "time"],
  properties: {
    id: { type: "integer", minimum: 1, description: "1-based event number." },
    count: { type: "integer", description: "Total events of the stream." },
    time: { type: "string", format: "date-time" },
  },
};

/** Body of `/openapi.json`. */
export const OPENAPI_SCHEMA: JsonSchema = {
  type: "object",
  required: ["openapi", "info", "paths"],
  properties: { openapi: { const: "3.1.0" } },
};
