/**
 * The endpoints about caching, the only ones without `no-store`:
 * - `/cache`: 304 to any conditional request, else 200 with validators;
 * - `/cache/{seconds}`: 200 with `Cache-Control: public, max-age=N`;
 * - `/etag/{etag}`: conditional requests evaluated against `"etag"`
 *   (RFC 9110 §13.2.2: If-Match first, then If-None-Match).
 * Bodies are httpbin's request shape.
 */
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  type DebugInput,
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  httpDate,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
} from "../core/http.ts";
import { ParamError } from "../core/params.ts";
import {
  type EntityTags,
  ifMatchPasses,
  ifNoneMatchFails,
  parseEntityTags,
} from "../../shared/entity_tags.ts";
import { requestSchema, requestShape } from "./request_shape.ts";
import { fnv1a } from "../../shared/fnv1a.ts";

/** The longest `max-age` accepted: a year (RFC 9111 §5.2.2.1 allows more, no cache keeps it). */
const MAX_AGE = 31_536_000;

/**
 * The tags of a request's If-Match and If-None-Match (null when absent);
 * throws a 400 naming the header when one is malformed.
 */
export function conditionalTags(
  req: Request,
): { ifMatch: EntityTags; ifNoneMatch: EntityTags } {
  const [ifMatch, ifNoneMatch] = ["If-Match", "If-None-Match"].map((name) => {
    const v = req.headers.get(name);
    if (v === null) return null;
    const tags = parseEntityTags(v);
    if (tags === null) {
      throw new ParamError(
        name,
        `${name.toLowerCase()} must be * or a list of entity tags like "v1", W/"v2" (RFC 9110 §8.8.3).`,
      );
    }
    return tags;
  });
  return { ifMatch, ifNoneMatch };
}

function reply(
  ctx: DebugContext,
  req: Request,
  input: DebugInput<unknown>,
  status: number,
  headers: Record<string, string>,
): Response {
  const all = { ...BASE_HEADERS, ...REFLECT_HEADERS, ...headers };
  if (status === 304) {
    delete (all as Record<string, string>)["content-security-policy"];
    return respond(null, status, all);
  }
  return respond(
    JSON.stringify(requestShape(
      req,
      input.query,
      input.info,
      ctx.text,
      ctx.limits.trustedProxies,
    )),
    status,
    { ...all, "content-type": JSON_TYPE },
  );
}

/** Revalidate on every use (RFC 9111 §5.2.2.4); never transformed. */
const REVALIDATE = "no-cache, no-transform";

/** `GET /cache`: 304 to any conditional request. */
export function cache(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "304 to any conditional request",
    description:
      `With If-Modified-Since or If-None-Match, 304 Not Modified; otherwise 200 (httpbin's request shape) with Last-Modified and ETag, so a client's cache can revalidate. \`Cache-Control: ${REVALIDATE}\`.`,
    params: [sleepParam(ctx.limits)],
    requestHeaders: [
      { name: "If-Modified-Since", description: "Any value: 304." },
      { name: "If-None-Match", description: "Any value: 304." },
    ],
    responses: [
      {
        status: "200",
        description: "The request, with validators.",
        contentType: "application/json",
        schema: requestSchema(),
        headers: [
          { name: "Last-Modified", description: "Now." },
          { name: "ETag", description: "A tag of this URL." },
        ],
      },
      { status: "304", description: "A conditional request." },
      PROBLEM_4XX,
    ],
    examples: [{ url: route.url(), description: "Validators" }],
    handle: (req, input) => {
      const etag = `"${fnv1a(req.url).toString(16).padStart(8, "0")}"`;
      const conditional = req.headers.has("if-modified-since") ||
        req.headers.has("if-none-match");
      return reply(ctx, req, input, conditional ? 304 : 200, {
        "cache-control": REVALIDATE,
        "last-modified": httpDate(ctx.now()),
        etag,
      });
    },
  });
}

/** `GET /cache/{seconds}`: cacheable for that long. */
export function cacheControl(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "A response cacheable for N seconds",
    description:
      "200 (httpbin's request shape) with `Cache-Control: public, max-age=N`.",
    params: [{
      name: "seconds",
      in: "path",
      type: "integer",
      required: true,
      min: 0,
      max: MAX_AGE,
      description: `max-age in seconds, 0 to ${MAX_AGE}.`,
      example: "60",
    }, sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The request.",
      contentType: "application/json",
      schema: requestSchema(),
      headers: [{
        name: "Cache-Control",
        description: "public, max-age=N",
      }],
    }, PROBLEM_4XX],
    examples: [{ url: route.url({ seconds: 60 }), description: "A minute" }],
    handle: (req, input) =>
      reply(ctx, req, input, 200, {
        "cache-control": `public, max-age=${input.params.seconds}`,
      }),
  });
}

/** `GET /etag/{etag}`: conditional requests against that tag. */
export function etag(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "Conditional requests against an ETag",
    description:
      'The response has `ETag: "etag"`. If-Match without a strong match: 412; else If-None-Match with a weak match (a list, or `*`): 304; else 200 (httpbin\'s request shape). A tag without its quotes (`If-None-Match: v1`) is read as the strong tag "v1", as httpbin reads it; any other malformed conditional header is 400.',
    params: [{
      name: "etag",
      in: "path",
      type: "string",
      required: true,
      maxLength: 256,
      pattern: "[\\x21\\x23-\\x7e]+",
      description:
        "The entity tag's opaque part (visible ASCII, no double quote); the response carries it quoted.",
      example: "v1",
    }, sleepParam(ctx.limits)],
    requestHeaders: [
      { name: "If-None-Match", description: "Weak comparison; 304." },
      { name: "If-Match", description: "Strong comparison; else 412." },
    ],
    responses: [
      {
        status: "200",
        description: "No condition stopped it.",
        contentType: "application/json",
        schema: requestSchema(),
        headers: [{ name: "ETag", description: '"etag"' }],
      },
      { status: "304", description: "If-None-Match matched." },
      {
        ...PROBLEM_4XX,
        status: "412",
        description: "If-Match did not match.",
      },
      PROBLEM_4XX,
    ],
    examples: [{ url: route.url({ etag: "v1" }), description: 'ETag "v1"' }],
    // The conditional headers' tags, read once: refused before a sleep
    // when malformed, compared by the handler.
    validate: (_params, req) => conditionalTags(req),
    handle: (req, input) => {
      const tag = input.params.etag;
      const headers = { etag: `"${tag}"`, "cache-control": REVALIDATE };
      const { ifMatch, ifNoneMatch } = input.checked;
      if (ifMatch !== null && !ifMatchPasses(ifMatch, tag)) {
        throw new ParamError(
          "If-Match",
          `If-Match does not match "${tag}" (strong comparison, RFC 9110 §13.1.1).`,
          412,
          headers,
        );
      }
      if (ifNoneMatch !== null && ifNoneMatchFails(ifNoneMatch, tag)) {
        return reply(ctx, req, input, 304, headers);
      }
      return reply(ctx, req, input, 200, headers);
    },
  });
}
