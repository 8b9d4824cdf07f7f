/**
 * httpbin's request-reflecting endpoints: `/get`, `/post`, `/put`,
 * `/patch`, `/delete` (one method each, 405 with Allow otherwise),
 * `/anything[/{path}]` (any method token), `/headers`, `/ip`,
 * `/user-agent` and `/delay/{seconds}`. Shapes are httpbin's
 * (request_shape.ts); bodies are decoded by the pipeline.
 */
import {
  ANY_METHODS,
  type EndpointSpec,
  type JsonSchema,
  PROBLEM_4XX,
  sleepParam,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import type { DebugInput, Endpoint } from "../core/pipeline.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
} from "../core/http.ts";
import { drainingError } from "../core/lifecycle.ts";
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

/** A JSON response of reflected input (sandboxing CSP, nosniff). */
export function reflect(value: unknown, status = 200): Response {
  return respond(JSON.stringify(value), status, HEADERS);
}

/** R + B (+ `method` when asked), as one JSON response. */
export function reflectRequest(
  req: Request,
  input: DebugInput,
  withBody: boolean,
  withMethod: boolean,
): Response | Promise<Response> {
  const r = requestShape(req, input.query, input.info);
  const method = input.head ? "GET" : req.method;
  if (!withBody) {
    return reflect(withMethod ? { ...r, method } : r);
  }
  const finish = (b: Awaited<ReturnType<typeof bodyShape>>) =>
    reflect(
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
  const b = bodyShape(req, input.body);
  return b instanceof Promise ? b.then(finish) : finish(b);
}

function one(
  ctx: DebugContext,
  method: string,
  withBody: boolean,
): Endpoint {
  const b = ctx.base;
  const id = method.toLowerCase();
  const spec: EndpointSpec = {
    id,
    path: `${b}/${id}`,
    methods: method === "GET" ? ["GET", "HEAD"] : [method],
    acceptsBody: withBody,
    streaming: false,
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
      url: `${b}/${id}?a=1&a=2&b=x`,
      description: `${method} with a repeated query`,
      ...(method === "GET" ? {} : { method }),
    }],
  };
  return {
    spec,
    handle: (req, input) => reflectRequest(req, input, withBody, false),
  };
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

/** The request family. */
export function requestEndpoints(ctx: DebugContext): Endpoint[] {
  const b = ctx.base;
  const l = ctx.limits;
  const sleep = sleepParam(l);
  const maxDelay = l.maxSleepMs / 1000;
  return [
    one(ctx, "GET", false),
    one(ctx, "POST", true),
    one(ctx, "PUT", true),
    one(ctx, "PATCH", true),
    one(ctx, "DELETE", true),
    {
      spec: {
        id: "anything",
        path: `${b}/anything`,
        methods: ANY_METHODS,
        anyMethod: true,
        acceptsBody: true,
        streaming: false,
        summary: "Any request, any method, as httpbin shows it",
        description:
          "Answers every method token (QUERY and unknown ones included) with JSON: `args`, `data`, `files`, `form`, `headers`, `json`, `method`, `origin` and `url`. Any path below `/anything/` is answered the same way.",
        params: [{
          name: "path",
          in: "path",
          type: "string",
          required: false,
          rest: true,
          maxLength: 2048,
          description:
            "Anything below /anything/, slashes included (optional).",
          example: "a/b/c",
        }, sleep],
        responses: [{
          status: "200",
          description: "The request.",
          contentType: "application/json",
          schema: requestSchema({ method: { type: "string" } }, true),
        }, PROBLEM_4XX],
        examples: [
          {
            url: `${b}/anything/path?x=1`,
            description: "POST a JSON body",
            method: "POST",
          },
          { url: `${b}/anything`, description: "A PUT", method: "PUT" },
        ],
      },
      aliases: [`${b}/anything/{path}`],
      handle: (req, input) => reflectRequest(req, input, true, true),
    },
    {
      spec: {
        id: "headers",
        path: `${b}/headers`,
        methods: ["GET", "HEAD"],
        acceptsBody: false,
        streaming: false,
        summary: "The request headers",
        description:
          'JSON `{"headers": {...}}` with canonical Title-Case names; a header sent twice is joined with `, `.',
        params: [sleep],
        responses: [{
          status: "200",
          description: "The headers.",
          contentType: "application/json",
          schema: HEADERS_SCHEMA,
        }, PROBLEM_4XX],
        examples: [{ url: `${b}/headers`, description: "Your headers" }],
      },
      handle: (req) => reflect({ headers: canonicalHeaders(req.headers) }),
    },
    {
      spec: {
        id: "ip",
        path: `${b}/ip`,
        methods: ["GET", "HEAD"],
        acceptsBody: false,
        streaming: false,
        summary: "The client's address",
        description:
          'JSON `{"origin": "..."}`: the first X-Forwarded-For entry when a proxy set one, else the TCP peer\'s address.',
        params: [sleep],
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
        examples: [{ url: `${b}/ip`, description: "Your address" }],
      },
      handle: (req, { info }) => reflect({ origin: clientOrigin(req, info) }),
    },
    {
      spec: {
        id: "user-agent",
        path: `${b}/user-agent`,
        methods: ["GET", "HEAD"],
        acceptsBody: false,
        streaming: false,
        summary: "The User-Agent header",
        description:
          'JSON `{"user-agent": "..."}` (null when the request has none).',
        params: [sleep],
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
        examples: [{ url: `${b}/user-agent`, description: "Your client" }],
      },
      handle: (req) => reflect({ "user-agent": req.headers.get("user-agent") }),
    },
    {
      spec: {
        id: "delay",
        path: `${b}/delay/{seconds}`,
        methods: ANY_METHODS,
        anyMethod: true,
        acceptsBody: true,
        streaming: false,
        summary: "A response after a delay, as httpbin shows the request",
        description:
          `Waits \`seconds\` (a decimal, at most ${maxDelay}: the sleep limit), then answers like /anything without \`method\`. A client that leaves frees the timer; a server shutting down answers 503. Any method is answered.`,
        params: [{
          name: "seconds",
          in: "path",
          type: "number",
          required: true,
          min: 0,
          max: maxDelay,
          description: `Seconds to wait, 0 to ${maxDelay}, e.g. 1.5.`,
          example: "1",
          wait: true,
        }, sleep],
        responses: [{
          status: "200",
          description: "The request, after the delay.",
          contentType: "application/json",
          schema: requestSchema({}, true),
        }, PROBLEM_4XX],
        examples: [{ url: `${b}/delay/1`, description: "One second" }],
      },
      validate: ({ seconds, sleep }) => {
        // Both wait: together they stay within the sleep limit.
        if ((seconds as number) * 1000 + (sleep as number) > l.maxSleepMs) {
          throw new ParamError(
            "seconds",
            `seconds and sleep together must be at most ${l.maxSleepMs} ms.`,
          );
        }
      },
      handle: async (req, input) => {
        const ms = (input.params.seconds as number) * 1000;
        if (ms > 0) {
          const release = ctx.life.acquire();
          try {
            const end = await ctx.life.wait(ms, req.signal);
            if (end === "left") return new Response(null, { status: 499 });
            if (end === "drained") throw drainingError();
          } finally {
            release();
          }
        }
        return reflectRequest(req, input, true, false);
      },
    },
  ];
}
