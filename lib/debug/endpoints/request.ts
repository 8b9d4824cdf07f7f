/**
 * httpbin's request-reflecting endpoints: `/get`, `/post`, `/put`,
 * `/patch`, `/delete` (one method each, 405 with Allow otherwise),
 * `/anything[/{path}]` (any method token), `/headers`, `/ip`,
 * `/user-agent` and `/delay/{seconds}`. Shapes are httpbin's
 * (request_shape.ts); bodies are decoded by the pipeline.
 */
import { type JsonSchema, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  type DebugInput,
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
} from "../core/http.ts";
import { jsonText } from "../core/json_text.ts";
import { ParamError } from "../core/params.ts";
import {
  bodyShape,
  canonicalHeaders,
  clientOrigin,
  requestSchema,
  requestShape,
} from "./request_shape.ts";

const HEADERS = {
  ...BASE_HEADERS,
  "content-type": JSON_TYPE,
  ...REFLECT_HEADERS,
};

/**
 * A JSON response of reflected input (sandboxing CSP, nosniff). Written by
 * jsonText: a parsed body may nest deeper than JSON.stringify's recursion
 * reaches (a 500 before), and is reflected whole all the same.
 */
export function reflect(value: unknown, status = 200): Response {
  return respond(jsonText(value), status, HEADERS);
}

/**
 * R + B (+ `method` when asked), as one JSON response; `ctx` is the
 * instance (its decoder and header-name memo).
 */
export function reflectRequest(
  ctx: DebugContext,
  req: Request,
  input: DebugInput<unknown>,
  withBody: boolean,
  withMethod: boolean,
): Response | Promise<Response> {
  const r = requestShape(
    req,
    input.query,
    input.info,
    ctx.text,
    ctx.limits.trustedProxies,
  );
  const method = input.head ? "GET" : req.method;
  if (!withBody) {
    return reflect(withMethod ? { ...r, method } : r);
  }
  const b = bodyShape(req, input.body, ctx.text);
  return reflect(
    withMethod
      ? {
        args: r.args,
        data: b.data,
        files: b.files,
        form: b.form,
        headers: r.headers,
        json: b.json,
        method,
        origin: r.origin,
        url: r.url,
      }
      : {
        args: r.args,
        data: b.data,
        files: b.files,
        form: b.form,
        headers: r.headers,
        json: b.json,
        origin: r.origin,
        url: r.url,
      },
  );
}

/**
 * `/get`, `/post`, `/put`, `/patch`, `/delete`: the route's one method
 * (GET with HEAD), anything else 405 with Allow.
 */
export function oneMethod(ctx: DebugContext, route: Route): EndpointDef {
  const method = route.methods[0];
  const withBody = method !== "GET";
  return defineEndpoint({
    acceptsBody: withBody,
    reflectsJson: withBody,
    summary: `The ${method} request as httpbin shows it`,
    description:
      `Answers ${method} with JSON: \`args\`, \`headers\` (Title-Case names), \`origin\`, \`url\`${
        withBody ? ", and the body as `data`, `form`, `files` and `json`" : ""
      }. Any other method gets 405 with Allow.`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The request.",
      contentType: "application/json",
      schema: requestSchema({}, withBody),
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({}, "a=1&a=2&b=x"),
      description: `${method} with a repeated query`,
      ...(method === "GET" ? {} : { method }),
    }],
    handle: (req, input) => reflectRequest(ctx, req, input, withBody, false),
  });
}

const HEADERS_SCHEMA: JsonSchema = {
  type: "object",
  required: ["headers"],
  properties: {
    headers: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Request headers by canonical Title-Case name.",
    },
  },
};

/** `ANY /anything[/{path}]`: any method token, any path below. */
export function anything(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    acceptsBody: true,
    reflectsJson: true,
    summary: "Any request, any method, as httpbin shows it",
    description:
      "Answers every method token (QUERY and unknown ones included) with JSON: `args`, `data`, `files`, `form`, `headers`, `json`, `method`, `origin` and `url`. Any path below `/anything/` is answered the same way. A GET or HEAD request's body is not read (Deno's HTTP server does not hand it over): send a body with another method.",
    params: [{
      name: "path",
      in: "path",
      type: "string",
      required: false,
      rest: true,
      maxLength: 2048,
      description: "Anything below /anything/, slashes included (optional).",
      example: "a/b/c",
    }, sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The request.",
      contentType: "application/json",
      schema: requestSchema({ method: { type: "string" } }, true),
    }, PROBLEM_4XX],
    examples: [
      {
        url: route.url({ path: "path" }, "x=1"),
        description: "POST a JSON body",
        method: "POST",
      },
      { url: route.url(), description: "A PUT", method: "PUT" },
    ],
    handle: (req, input) => reflectRequest(ctx, req, input, true, true),
  });
}

/** `GET /headers`. */
export function headers(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "The request headers",
    description:
      'JSON `{"headers": {...}}` with canonical Title-Case names; a header sent twice is joined with `, `.',
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The headers.",
      contentType: "application/json",
      schema: HEADERS_SCHEMA,
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "Your headers" }],
    handle: (req) => reflect({ headers: canonicalHeaders(req, ctx.text) }),
  });
}

/** `GET /ip`. */
export function ip(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "The client's address",
    description: `JSON \`{"origin": "..."}\`: ${
      ctx.limits.trustedProxies
        ? `the X-Forwarded-For entry ${ctx.limits.trustedProxies} from the right (trustedProxies: the proxies in front append to it), else the \`for\` of the RFC 7239 Forwarded element that far from the right`
        : "the first X-Forwarded-For entry when a proxy set one"
    }, else the TCP peer's address.`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The address.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["origin"],
        properties: { origin: { type: "string" } },
      },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "Your address" }],
    handle: (req, { info }) =>
      reflect({
        origin: clientOrigin(req, info, ctx.limits.trustedProxies),
      }),
  });
}

/** `GET /user-agent`. */
export function userAgent(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "The User-Agent header",
    description:
      'JSON `{"user-agent": "..."}` (null when the request has none).',
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The user agent.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["user-agent"],
        properties: { "user-agent": { type: ["string", "null"] } },
      },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "Your client" }],
    handle: (req) => reflect({ "user-agent": req.headers.get("user-agent") }),
  });
}

/** `ANY /delay/{seconds}`: /anything's answer, after a wait. */
export function delay(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const maxDelay = l.maxSleepMs / 1000;
  return defineEndpoint({
    acceptsBody: true,
    reflectsJson: true,
    summary: "A response after a delay, as httpbin shows the request",
    description:
      `Waits \`seconds\` (a decimal, at most ${maxDelay}: the sleep limit), then answers like /anything without \`method\`. A client that leaves frees the timer; a server shutting down answers 503. Any method is answered.`,
    params: [{
      name: "seconds",
      in: "path",
      type: "seconds",
      required: true,
      min: 0,
      max: maxDelay,
      description:
        `Seconds to wait, 0 to ${maxDelay}, e.g. 1.5 (or 1500ms, 1.5s).`,
      example: "1",
      wait: true,
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "The request, after the delay.",
      contentType: "application/json",
      schema: requestSchema({}, true),
    }, PROBLEM_4XX],
    examples: [{ url: route.url({ seconds: 1 }), description: "One second" }],
    validate: ({ seconds, sleep }) => {
      // Both wait: together they stay within the sleep limit.
      if (seconds * 1000 + sleep > l.maxSleepMs) {
        throw new ParamError(
          "seconds",
          `seconds and sleep together must be at most ${l.maxSleepMs} ms.`,
        );
      }
    },
    handle: async (req, input) => {
      const ms = input.params.seconds * 1000;
      if (ms > 0) {
        const release = ctx.life.acquire();
        try {
          const left = await ctx.life.pause(ms, req.signal);
          if (left) return left;
        } finally {
          release();
        }
      }
      return reflectRequest(ctx, req, input, true, false);
    },
  });
}
