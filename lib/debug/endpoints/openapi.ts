/**
 * `/openapi.json`: the instance's OpenAPI 3.1 description
 * (`core/openapi.ts` generates it from the catalog, this endpoint
 * included), built on the first request and kept for the instance's life.
 */
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { jsonResponse } from "../core/http.ts";
import { openApiDocument } from "../core/openapi.ts";

/** `GET /openapi.json`. */
export function openapi(ctx: DebugContext, route: Route): EndpointDef {
  let json: string | undefined;
  return defineEndpoint({
    summary: "This API as OpenAPI 3.1",
    description:
      "Generated from the same catalog as the handlers and the /debug runner, with this instance's base path and limits.",
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "OpenAPI 3.1 document.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["openapi", "info", "paths"],
        properties: { openapi: { const: "3.1.0" } },
      },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "The spec" }],
    handle: () => {
      json ??= JSON.stringify(openApiDocument(route.all(), ctx), null, 2);
      return jsonResponse(200, json);
    },
  });
}
