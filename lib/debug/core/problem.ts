/**
 * Problem Details responses (RFC 9457) for every debug API error, with the
 * same CORS and caching headers as successful responses.
 */
import { BASE_HEADERS, REFLECT_HEADERS, respond } from "./http.ts";
import { ParamError } from "./params.ts";
import { statusText } from "./status_text.ts";

/** The problem+json media type (RFC 9457 §3). */
export const PROBLEM_TYPE = "application/problem+json";

/**
 * Builds an `application/problem+json` response. `param` names the
 * offending parameter (an extension member, RFC 9457 §3.2).
 */
export function problem(
  status: number,
  detail: string,
  param?: string,
  headers?: Readonly<Record<string, string>>,
): Response {
  const body = {
    type: "about:blank",
    // With type about:blank the title is the status phrase (RFC 9457 §4.2.1).
    title: statusText(status),
    status,
    detail,
    // Always present, so every problem has one shape; null when no
    // parameter is at fault (an unknown path, a full instance).
    param: param ?? null,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return respond(bytes, status, {
    ...BASE_HEADERS,
    ...REFLECT_HEADERS,
    "content-type": PROBLEM_TYPE,
    // Stated, so a HEAD answer (whose body the router drops) keeps the
    // length the GET would have (RFC 9110 §8.6).
    "content-length": String(bytes.byteLength),
    ...headers,
  });
}

/** The problem response for a {@link ParamError}. */
export function paramProblem(err: ParamError): Response {
  return problem(err.status, err.message, err.param ?? undefined, err.headers);
}

/**
 * Any error thrown while handling: a ParamError becomes its 4xx, anything
 * else a logged 500 problem (which the tests treat as a bug).
 */
export function errorProblem(err: unknown): Response {
  if (err instanceof ParamError) return paramProblem(err);
  console.error(err);
  return problem(500, "The server failed to answer this request.");
}
