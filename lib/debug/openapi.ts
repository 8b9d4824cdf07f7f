/**
 * `GET /api/debug/openapi.json`: OpenAPI 3.1 generated from the catalog, so
 * it lists exactly the endpoints, methods, parameters and limits the
 * handlers enforce. One operation per (path, method), HEAD included.
 */
import type { EndpointSpec, ParamSpec, ResponseSpec } from "./catalog_types.ts";
import {
  type DebugLimits,
  DEFAULT_SERVICE_LIMITS,
  type ServiceLimits,
} from "./limits.ts";
import { PROBLEM_SCHEMA } from "./catalog_schemas.ts";
import { apiDescription } from "./openapi_text.ts";

type Json = Record<string, unknown>;

/** The JSON Schema of a parameter, bounds included. */
export function paramSchema(p: ParamSpec): Json {
  switch (p.type) {
    case "integer":
      return { type: "integer", minimum: p.min, maximum: p.max };
    case "duration":
      return {
        type: "string",
        pattern: "^[0-9]+(\\.[0-9]+)?(ms|s)?$",
        description: `Milliseconds, or with a unit ms or s; ${
          p.min ?? 0
        } to ${p.max} ms.`,
        "x-minimum-ms": p.min ?? 0,
        "x-maximum-ms": p.max,
        examples: ["250", "250ms", "1.5s"],
      };
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return {
        type: typeof p.enum?.[0] === "number" ? "integer" : "string",
        enum: p.enum,
      };
    case "string":
      return {
        type: "string",
        minLength: 1,
        maxLength: p.maxLength,
        ...(p.pattern ? { pattern: `^(?:${p.pattern})$` } : {}),
      };
  }
}

function parameter(p: ParamSpec): Json {
  const schema = paramSchema(p);
  if (p.default !== undefined) {
    // Durations are strings in the URL grammar (`250ms`): keep the type.
    schema.default = p.type === "duration" ? String(p.default) : p.default;
  }
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.description,
    schema,
    example: p.example,
  };
}

function response(r: ResponseSpec, head: boolean): Json {
  const out: Json = { description: r.description };
  if (r.headers?.length) {
    out.headers = Object.fromEntries(
      r.headers.map((
        h,
      ) => [h.name, {
        description: h.description,
        schema: { type: "string" },
      }]),
    );
  }
  if (r.contentType && !head) {
    out.content = { [r.contentType]: { schema: r.schema ?? {} } };
  }
  return out;
}

function operation(ep: EndpointSpec, method: string): Json {
  const head = method === "HEAD";
  const op: Json = {
    operationId: `${ep.id}_${method.toLowerCase()}`,
    tags: [ep.id],
    summary: head ? `${ep.summary} (headers only)` : ep.summary,
    description: head
      ? "Same status and headers as GET, no body."
      : ep.description,
    parameters: [
      ...ep.params.map(parameter),
      ...(ep.requestHeaders ?? []).map((h) => ({
        name: h.name,
        in: "header",
        required: false,
        description: h.description,
        schema: { type: "integer", minimum: 0 },
      })),
    ],
    responses: {
      ...Object.fromEntries(
        ep.responses.map((r) => [r.status, response(r, head)]),
      ),
      ...instanceResponses(ep, head),
    },
  };
  if (ep.acceptsBody && !["GET", "HEAD", "OPTIONS"].includes(method)) {
    op.requestBody = {
      required: false,
      description: "Any body, up to the body limit.",
      content: { "*/*": { schema: {} } },
    };
  }
  return op;
}

const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds to wait before retrying (RFC 9110 §10.2.3).",
    schema: { type: "integer", minimum: 1 },
  },
};

/**
 * The instance limits' answers, on every operation: 429 from the opt-in
 * rate limit (RFC 6585 §4) and 503 when the long-request cap is full or the
 * server is shutting down (RFC 9110 §15.6.4), both problem+json (RFC 9457).
 */
function instanceResponses(ep: EndpointSpec, head: boolean): Json {
  const problem = (description: string): Json => ({
    description,
    headers: RETRY_AFTER,
    ...(head ? {} : {
      content: {
        "application/problem+json": {
          schema: { $ref: "#/components/schemas/Problem" },
        },
      },
    }),
  });
  const mine = ep.id === "status"
    ? " (besides a requested /status/429 or /status/503)"
    : "";
  return {
    "429": problem(
      `Too many requests from this client address${mine}: only when the opt-in rate limit DEBUG_RATE_LIMIT (requests per minute per address) is set.`,
    ),
    "503": problem(
      `${
        ep.streaming ? "The event stream" : "A request with `sleep`"
      } could not start${mine}: the instance already holds DEBUG_MAX_LONG_REQUESTS long-lived requests (Retry-After: 1), or it is shutting down (Retry-After: 5).`,
    ),
  };
}

/** The OpenAPI 3.1 document for `catalog` under `limits`. */
export function openApiDocument(
  catalog: readonly EndpointSpec[],
  limits: DebugLimits,
  service: ServiceLimits = DEFAULT_SERVICE_LIMITS,
): Json {
  const paths: Json = {};
  for (const ep of catalog) {
    const item: Json = {};
    // OpenAPI 3.1 path items have no `query` field (3.2 adds it); QUERY is
    // documented in the description instead.
    for (const m of ep.methods) {
      if (m !== "QUERY") item[m.toLowerCase()] = operation(ep, m);
    }
    paths[ep.path] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Wirebench debug API",
      version: "1.0.0",
      description: apiDescription(limits, service),
    },
    tags: catalog.map((ep) => ({ name: ep.id, description: ep.summary })),
    paths,
    components: { schemas: { Problem: PROBLEM_SCHEMA } },
  };
}
