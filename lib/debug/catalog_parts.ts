/**
 * Building blocks shared by the catalog entries: method sets, the universal
 * `sleep` parameter, the problem response and the compressed family.
 * Browser-safe data.
 */
import type { DebugLimits } from "./limits.ts";
import type { EndpointSpec, ParamSpec, ResponseSpec } from "./catalog_types.ts";
import { compressedSchema, PROBLEM_SCHEMA } from "./catalog_schemas.ts";

/** Base path of the debug API. */
export const DEBUG_BASE = "/api/debug";

/** Methods of the `ANY` endpoints (status, redirect, echo), GET first. */
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

/** Methods of the read-only endpoints (compression, SSE, openapi.json). */
export const GET_METHODS: readonly string[] = Object.freeze(["GET", "HEAD"]);

/** Statuses 301, 302, 303, 307 and 308: the ones that carry `Location`. */
export const REDIRECT_STATUSES: readonly number[] = Object.freeze([
  301,
  302,
  303,
  307,
  308,
]);

/** The `sleep` parameter every endpoint takes. */
export function sleepParam(l: DebugLimits): ParamSpec {
  return {
    name: "sleep",
    in: "query",
    type: "duration",
    required: false,
    default: 0,
    min: 0,
    max: l.maxSleepMs,
    description:
      `Delay before the response starts: milliseconds (\`250\`) or with a unit (\`250ms\`, \`1.5s\`). At most ${l.maxSleepMs} ms (env DEBUG_MAX_SLEEP_MS). A client that disconnects during the sleep frees the server's timer.`,
    example: "250ms",
  };
}

/** The 4XX problem+json response every endpoint documents. */
export const PROBLEM_4XX: ResponseSpec = {
  status: "4XX",
  description:
    "Bad input (400, naming the parameter), a method the endpoint does not answer (405 with Allow), or a body over the limit (413).",
  contentType: "application/problem+json",
  schema: PROBLEM_SCHEMA,
};

/** One of the gzip / deflate / brotli endpoints. */
export function compressed(
  id: "gzip" | "deflate" | "brotli",
  coding: string,
  flag: string,
  l: DebugLimits,
): EndpointSpec {
  return {
    id,
    path: `${DEBUG_BASE}/${id}`,
    methods: GET_METHODS,
    acceptsBody: false,
    streaming: false,
    summary: `A ${coding}-compressed JSON body`,
    description:
      `200 with \`Content-Encoding: ${coding}\` whatever the request's Accept-Encoding says, and \`Vary: Accept-Encoding\`. The body decompresses to JSON with \`"${flag}": true\`, the request method and headers.`,
    params: [sleepParam(l)],
    responses: [{
      status: "200",
      description: `JSON, compressed with ${coding}.`,
      contentType: "application/json",
      schema: compressedSchema(flag),
      headers: [
        { name: "Content-Encoding", description: coding },
        { name: "Vary", description: "Accept-Encoding" },
      ],
    }, PROBLEM_4XX],
    examples: [{ url: `${DEBUG_BASE}/${id}`, description: `${coding} body` }],
  };
}
