/**
 * `/status/{code}`: answers with the requested status and the
 * headers a client expects with it (RFC 9110 §15).
 */
import {
  type JsonSchema,
  param,
  PROBLEM_4XX,
  REDIRECT_STATUSES,
  seedParam,
  sleepParam,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, JSON_TYPE, overHttp2, respond } from "../core/http.ts";
import { clientPath } from "../core/forwarded.ts";
import { NO_BODY_STATUSES, statusText } from "../core/status_text.ts";
import { type Choice, readChoices } from "../core/params.ts";

/** Body of `/status/{code}`. */
const STATUS_SCHEMA: JsonSchema = {
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

/**
 * The headers a client is entitled to expect with `code`; a redirect points
 * to `location`.
 */
function extraHeaders(
  code: number,
  location: string,
  h2: boolean,
): Record<string, string> {
  switch (code) {
    // RFC 9110 §15.5.2: a 401 MUST carry a challenge.
    case 401:
      return { "www-authenticate": 'Basic realm="wirebench", charset="UTF-8"' };
    // RFC 9110 §15.5.6: Allow MUST list the supported methods.
    case 405:
      return { allow: "GET, HEAD" };
    // RFC 9110 §15.5.8: a 407 MUST carry a proxy challenge.
    case 407:
      return {
        "proxy-authenticate": 'Basic realm="wirebench", charset="UTF-8"',
      };
    // RFC 6585 §4, RFC 9110 §10.2.3: when to try again, in seconds.
    case 429:
    case 503:
      return { "retry-after": "1" };
    // RFC 9110 §15.5.22: a 426 MUST send Upgrade naming the protocol
    // required (the value is that section's own example), and §7.8 has the
    // sender of Upgrade list it in Connection. Over HTTP/2 both are
    // connection-specific fields, which RFC 9113 §8.2.2 forbids (and §8.6
    // drops the Upgrade mechanism), so that answer carries neither.
    case 426:
      return h2 ? {} : { upgrade: "HTTP/3.0", connection: "upgrade" };
  }
  return REDIRECT_STATUSES.includes(code) ? { location } : {};
}

interface Prepared {
  body: string | null;
  headers: Record<string, string>;
  /** The GET response, built once and cloned (clone copies validated headers). */
  proto: Response;
}

/**
 * A status response of this instance: body, headers and a prebuilt
 * response; redirect statuses point to `location`, under the path prefix
 * of the `hops` trusted proxies in front ({@link clientPath}).
 */
export function statusResponder(
  location: string,
  hops = 0,
): (code: number, head: boolean, req: Request) => Response {
  // Built on first use per code: a Response's headers cost microseconds to
  // validate, a clone of a built one a fraction of that. A 426 over HTTP/2
  // differs from one over HTTP/1.1, so it has a key of its own (-426).
  const prepared = new Map<number, Prepared>();
  const get = (code: number, h2: boolean): Prepared => {
    const key = h2 ? -code : code;
    let p = prepared.get(key);
    if (!p) {
      const body = NO_BODY_STATUSES.has(code)
        ? null
        : JSON.stringify({ status: code, statusText: statusText(code) });
      const headers: Record<string, string> = {
        ...BASE_HEADERS,
        ...extraHeaders(code, location, h2),
      };
      if (body !== null) headers["content-type"] = JSON_TYPE;
      // RFC 9110 §15.3.7: a 206 of one part MUST say which part it is:
      // here, all of the body it sends.
      if (code === 206 && body) {
        headers["content-range"] = `bytes 0-${body.length - 1}/${body.length}`;
      }
      // RFC 9110 §15.5.17: a 416 says the length of what could be had.
      if (code === 416 && body) {
        headers["content-range"] = `bytes */${body.length}`;
      }
      p = {
        body,
        headers,
        proto: respond(body, code, headers),
      };
      prepared.set(key, p);
    }
    return p;
  };
  return (code, head, req) => {
    // Only a 426 depends on the protocol: no other code asks which it is.
    const { body, headers, proto } = get(code, code === 426 && overHttp2(req));
    // Read only behind trusted proxies: the hot path reads no header.
    const moved = hops > 0 && headers.location !== undefined
      ? clientPath(req, hops, location)
      : location;
    if (head && body !== null) {
      return respond(null, code, {
        ...headers,
        ...(moved !== location && { location: moved }),
        "content-length": String(body.length),
      });
    }
    const res = proto.clone();
    if (moved !== location) res.headers.set("location", moved);
    return res;
  };
}

/**
 * A weighted pick (httpbin's rule): a uniform draw over the sum of the
 * weights, matched against their running total. `draw` is in [0, 1).
 */
export function pick(list: readonly Choice[], draw: number): number {
  const total = list.reduce((sum, c) => sum + c.weight, 0);
  let at = draw * total;
  for (const c of list) {
    if (at < c.weight) return c.value;
    at -= c.weight;
  }
  // Rounding at the very end of the range: the last positive weight.
  return list.findLast((c) => c.weight > 0)!.value;
}

/** `ANY /status/{code}`. */
export function status(ctx: DebugContext, route: Route): EndpointDef {
  const codeParam = param({
    name: "code",
    in: "path",
    type: "choices",
    required: true,
    min: 200,
    max: 599,
    maxLength: 512,
    explain: [{
      min: 100,
      max: 199,
      reason:
        "is informational (1xx): it can only precede a final response, never be one (RFC 9110 §15.2). Use 200 to 599.",
    }],
    description:
      "The status to answer with, 200 to 599; or a comma list (`200,500`), optionally weighted (`200:0.8,500:0.2`), to pick one at random.",
    example: "418",
  });
  const redirectTo = route.urlOf("redirect", { count: 0 });
  const respond = statusResponder(redirectTo, ctx.limits.trustedProxies);
  return defineEndpoint({
    acceptsBody: true,
    summary: "Respond with a chosen status code",
    description:
      `Answers with status \`code\` and JSON \`{"status": N, "statusText": "..."}\`; 204, 205, 304 and HEAD responses have no body. A comma list picks one code at random, weighted by \`:weight\` (default 1); \`seed\` makes the pick reproducible. Headers a client expects come along: WWW-Authenticate on 401, Proxy-Authenticate on 407, Allow on 405, Retry-After on 429 and 503, Upgrade (\`HTTP/3.0\`, RFC 9110 §15.5.22's example) with \`Connection: upgrade\` on 426 over HTTP/1.1 (HTTP/2 forbids both, RFC 9113 §8.2.2), \`Location: ${redirectTo}\` on 301, 302, 303, 307 and 308, Content-Range (the whole body) on 206 and its length on 416. Codes 100-199 are rejected with 400: an informational status cannot be a final response (RFC 9110 §15.2). Any method is answered. Known limitation: over HTTP/1.1, Deno 2.9's writer sends a 205 with neither \`Content-Length: 0\` nor a closed connection, which the app cannot set (RFC 9110 §15.3.6), so a client that waits for the end of the response times out; HTTP/2, HEAD and browsers' fetch are not affected.`,
    params: [
      codeParam,
      seedParam(
        "Seed of the random pick among several codes: the same seed picks the same code.",
      ),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "default",
      description: "The requested status with its JSON body.",
      contentType: "application/json",
      schema: STATUS_SCHEMA,
      headers: [
        { name: "WWW-Authenticate", description: "On 401." },
        { name: "Proxy-Authenticate", description: "On 407." },
        { name: "Allow", description: "On 405." },
        { name: "Retry-After", description: "On 429 and 503 (seconds)." },
        {
          name: "Upgrade",
          description:
            "On 426 over HTTP/1.1: `HTTP/3.0`, with `Connection: upgrade`.",
        },
        { name: "Location", description: `On 301-308: ${redirectTo}.` },
        {
          name: "Content-Range",
          description: "On 206: the whole body; on 416: its length.",
        },
      ],
    }, { ...PROBLEM_4XX, status: "400" }],
    examples: [
      { url: route.url({ code: 418 }), description: "I'm a teapot" },
      { url: route.url({ code: 503 }, "sleep=1s"), description: "Slow 503" },
      {
        url: route.url({ code: "200:0.8,500:0.2" }, "seed=7"),
        description: "A seeded weighted pick",
      },
    ],
    handle: (req, { params: { code, seed }, head }) => {
      if (typeof code === "number") return respond(code, head, req);
      const draw = ctx.random(seed).float();
      return respond(pick(readChoices(codeParam, code), draw), head, req);
    },
  });
}

/** `ANY /unstable`: 500 at a chosen rate, else 200 (go-httpbin's). */
export function unstable(ctx: DebugContext, route: Route): EndpointDef {
  const respond = statusResponder(
    route.urlOf("redirect", { count: 0 }),
    ctx.limits.trustedProxies,
  );
  return defineEndpoint({
    acceptsBody: true,
    summary: "Fail at random, at a chosen rate",
    description:
      'Answers 500 with probability `failure_rate` (default 0.5), else 200, each with JSON `{"status": N, "statusText": "..."}`, as go-httpbin\'s `/unstable` does: a target for a client\'s retries. `seed` makes the outcome reproducible. Any method is answered.',
    params: [
      param({
        name: "failure_rate",
        in: "query",
        type: "number",
        required: false,
        default: 0.5,
        min: 0,
        max: 1,
        description: "How often it fails, 0 (never) to 1 (always).",
        example: "0.25",
      }),
      seedParam(
        "Makes the outcome reproducible: the same seed, the same status.",
      ),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "200",
      description: "This time it worked.",
      contentType: "application/json",
      schema: STATUS_SCHEMA,
    }, {
      status: "500",
      description: "This time it failed.",
      contentType: "application/json",
      schema: STATUS_SCHEMA,
    }, { ...PROBLEM_4XX, status: "400" }],
    examples: [
      { url: route.url(), description: "Fails half the time" },
      {
        url: route.url({}, "failure_rate=0.1&seed=3"),
        description: "Rarely, reproducibly",
      },
    ],
    handle: (req, { params, head }) => {
      const rate = params.failure_rate ?? 0.5;
      const draw = ctx.random(params.seed).float();
      return respond(draw < rate ? 500 : 200, head, req);
    },
  });
}
