/**
 * The OpenAPI 3.1 description of an instance, generated from its catalog,
 * so it lists exactly the endpoints, methods, parameters and limits the
 * instance enforces, under its own base path. One operation per (path,
 * method), HEAD included. Served by `endpoints/openapi.ts`.
 */
import {
  type EndpointSpec,
  GET_METHODS,
  type ParamSpec,
  PROBLEM_SCHEMA,
  type ResponseSpec,
} from "./catalog.ts";
import type { DebugContext } from "./context.ts";
import type { Endpoint } from "./endpoint.ts";
import { type DebugLimits, LIMIT_NAMES, LIMITS } from "./limits.ts";

type Json = Record<string, unknown>;

/** The JSON Schema of a parameter, bounds included. */
export function paramSchema(p: ParamSpec): Json {
  switch (p.type) {
    case "integer":
      return { type: "integer", minimum: p.min, maximum: p.max };
    case "number":
      return { type: "number", minimum: p.min, maximum: p.max };
    case "choices":
      return {
        type: "string",
        pattern:
          "^-?[0-9]+(:[0-9]+(\\.[0-9]+)?)?(,-?[0-9]+(:[0-9]+(\\.[0-9]+)?)?)*$",
        maxLength: p.maxLength,
        "x-minimum": p.min,
        "x-maximum": p.max,
        description:
          `An integer ${p.min} to ${p.max}, or a comma list of them with optional :weight.`,
      };
    case "duration":
      return timeSchema(p, "ms", ["250", "250ms", "1.5s"]);
    case "seconds":
      return timeSchema(p, "s", ["1.5", "1500ms", "1.5s"]);
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

/** A time in the URL's grammar: a number in `unit`, or with `ms` or `s`. */
function timeSchema(p: ParamSpec, unit: "ms" | "s", examples: string[]): Json {
  return {
    type: "string",
    pattern: "^[0-9]+(\\.[0-9]+)?(ms|s)?$",
    description: `${
      unit === "ms" ? "Milliseconds" : "Seconds"
    }, or with a unit ms or s; ${p.min ?? 0} to ${p.max} ${unit}.`,
    [`x-minimum-${unit}`]: p.min ?? 0,
    [`x-maximum-${unit}`]: p.max,
    examples,
  };
}

function parameter(p: ParamSpec): Json {
  const schema = paramSchema(p);
  if (p.default !== undefined) {
    // Durations are strings in the URL grammar (`250ms`): keep the type.
    schema.default = p.type === "duration" || p.type === "seconds"
      ? String(p.default)
      : p.default;
  }
  return {
    name: p.name,
    in: p.in,
    // A path parameter is always required where its template has it
    // (OpenAPI 3.1 §4.8.12.1); optional ones appear in alias templates.
    required: p.in === "path" ? true : p.required,
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

/** Methods documented without a request body. */
const BODYLESS_METHODS = [...GET_METHODS, "OPTIONS"];

function operation(ep: EndpointSpec, method: string, path: string): Json {
  const head = method === "HEAD";
  const op: Json = {
    operationId: path === ep.path
      ? `${ep.id}_${method.toLowerCase()}`
      : `${ep.id}_${method.toLowerCase()}_${
        path.split("/").length - ep.path.split("/").length
      }`,
    tags: [ep.id],
    summary: head ? `${ep.summary} (headers only)` : ep.summary,
    description: head
      ? "Same status and headers as GET, no body."
      : ep.description,
    parameters: [
      ...ep.params.filter((p) =>
        p.in !== "path" || path.includes(`{${p.name}}`)
      ).map(parameter),
      ...(ep.requestHeaders ?? []).map((h) => ({
        name: h.name,
        in: "header",
        required: false,
        description: h.description,
        schema: { type: "string" },
      })),
    ],
    responses: {
      ...Object.fromEntries(
        ep.responses.map((r) => [r.status, response(r, head)]),
      ),
      ...instanceResponses(ep, head),
    },
  };
  if (ep.acceptsBody && !BODYLESS_METHODS.includes(method)) {
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
 * The endpoints that hold a long-request slot without a `sleep`, by id, and
 * what their 503 says could not start (any other one holds it only while
 * it sleeps).
 */
const LONG_REQUEST: Record<string, string> = {
  sse: "The event stream",
  drip: "The drip",
  delay: "The delay",
  "websocket-echo": "The WebSocket",
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
    ? " (besides a requested status 429 or 503)"
    : "";
  const sockets = ep.id === "websocket-echo"
    ? " (or maxWebSockets open sockets, when that cap is set)"
    : "";
  return {
    "429": problem(
      `Too many requests from this client address${mine}: only when the opt-in rate limit (rateLimitPerMinute) is set.`,
    ),
    "503": problem(
      `${
        LONG_REQUEST[ep.id] ?? "A request with `sleep`"
      } could not start${mine}: the instance already holds maxLongRequests long-lived requests${sockets} (Retry-After: 1), or it is shutting down (Retry-After: 5).`,
    ),
  };
}

/** The OpenAPI 3.1 document of `endpoints` served by `ctx`'s instance. */
export function openApiDocument(
  endpoints: readonly Endpoint[],
  ctx: DebugContext,
): Json {
  const paths: Json = {};
  for (const { spec: ep, aliases } of endpoints) {
    for (const path of [ep.path, ...aliases]) {
      const item: Json = {};
      // OpenAPI 3.1 path items have no `query` field (3.2 adds it); QUERY
      // is documented in the description instead.
      for (const m of ep.methods) {
        if (m !== "QUERY") item[m.toLowerCase()] = operation(ep, m, path);
      }
      paths[path] = item;
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Wirebench debug API",
      version: "1.0.0",
      description: apiDescription(ctx, endpoints),
    },
    servers: [{ url: "/", description: "This server." }],
    tags: endpoints.map(({ spec }) => ({
      name: spec.id,
      description: spec.summary,
    })),
    paths,
    components: shareRepeats(paths),
  };
}

/** Below this many characters of JSON a repeated schema stays inline. */
const SHARE_MIN = 160;

/**
 * Moves what many operations repeat (the request-shape schemas, `sleep`,
 * the problem responses) into `components` and leaves `$ref`s behind
 * (OpenAPI 3.1 §4.8.7): every ANY endpoint documents eight methods, and
 * inline copies made the document a megabyte. Only values that occur more
 * than once move, so a one-off stays where it is read. Names come from the
 * value (`title`, parameter name, status) with a counter for variants.
 */
function shareRepeats(paths: Json): Json {
  const ops = Object.values(paths).flatMap((item) =>
    Object.values(item as Json) as Json[]
  );
  const components: Record<string, Json> = {
    schemas: { Problem: PROBLEM_SCHEMA },
    responses: {},
    parameters: {},
  };
  for (const op of ops) {
    op.responses = { ...op.responses as Json };
    op.parameters = [...op.parameters as Json[]];
  }
  const tag = (op: Json) => String((op.tags as string[])[0]);
  // Schemas first, so responses that differ only by a copy compare equal.
  share(
    ops.flatMap((op) =>
      Object.entries(op.responses as Json).flatMap(([status, r]) =>
        Object.values((r as Json).content as Json ?? {}).map((
          media,
        ) => [media as Json, `${tag(op)}_${status}`] as Holder)
      )
    ),
    components.schemas,
    "schemas",
    (s, _k, owner) => String(s.title ?? owner),
    (s) => JSON.stringify(s).length >= SHARE_MIN,
    "schema",
  );
  share(
    ops.map((op) => [op.responses as Json, tag(op)] as Holder),
    components.responses,
    "responses",
    (r, status, owner) =>
      (SHARED_RESPONSE[status] ?? `${owner}_${status}`) +
      (r.content ? "" : "_head"),
  );
  share(
    ops.map((op) => [op.parameters as Json, tag(op)] as Holder),
    components.parameters,
    "parameters",
    (p) => String(p.name).replace(/[^A-Za-z0-9._-]/g, "_"),
  );
  return components;
}

/** An object whose entries may move, and the name of what owns it. */
type Holder = [Json, string];

/** Names of the responses every operation shares. */
const SHARED_RESPONSE: Record<string, string> = {
  "4XX": "BadRequest",
  "429": "TooManyRequests",
  "503": "Unavailable",
};

/**
 * Replaces every entry of the holders (or only their `field`) that occurs
 * more than once across them by a `$ref` to `into`, the `kind` section of
 * `components`.
 */
function share(
  holders: Holder[],
  into: Json,
  kind: string,
  nameOf: (value: Json, key: string, owner: string) => string,
  worth: (value: Json) => boolean = () => true,
  field?: string,
): void {
  const slots = holders.flatMap(([h, owner]) =>
    Object.keys(h).filter((k) => field === undefined || k === field)
      .map((k) => ({ h, k, owner }))
  );
  const counts = new Map<string, number>();
  for (const { h, k } of slots) {
    const v = h[k] as Json;
    if (v && typeof v === "object" && !("$ref" in v) && worth(v)) {
      const key = JSON.stringify(v);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  // Values already named (Problem) keep their name.
  const names = new Map<string, string>(
    Object.entries(into).map(([name, v]) => [JSON.stringify(v), name]),
  );
  for (const { h, k, owner } of slots) {
    const key = JSON.stringify(h[k]);
    if ((counts.get(key) ?? 0) < 2 && !names.has(key)) continue;
    let name = names.get(key);
    if (!name) {
      const stem = nameOf(h[k] as Json, k, owner).replace(
        /[^A-Za-z0-9._-]/g,
        "_",
      );
      name = stem;
      for (let i = 2; name in into; i++) name = `${stem}_${i}`;
      into[name] = h[k];
      names.set(key, name);
    }
    h[k] = { $ref: `#/components/${kind}/${name}` };
  }
}

function limitList(l: DebugLimits): string {
  return LIMIT_NAMES.map((name) => {
    const info = LIMITS[name];
    const v = l[name];
    return `- \`${name}\` = ${
      v === 0 && info.zero ? `0 (${info.zero})` : v
    }: ${info.text} (env \`${info.env}\` where the server reads env).`;
  }).join("\n");
}

/** Markdown description of the rules, limits and choices of an instance. */
export function apiDescription(
  ctx: DebugContext,
  endpoints: readonly Endpoint[],
): string {
  const l = ctx.limits;
  const base = ctx.base || "/";
  // Where /status's redirect statuses point: the end of a redirect chain.
  const chainEnd = endpoints.find((e) => e.spec.id === "redirect")?.spec.path
    .replace("{count}", "0");
  return `Predictable HTTP endpoints for testing HTTP clients, served under \`${base}\`. Stateless: the same request always gets the same behaviour.

## Rules for every endpoint
- **sleep**: every endpoint takes \`sleep\`, a delay before the response starts: \`250\` (ms), \`250ms\` or \`1.5s\`, at most ${l.maxSleepMs} ms. A client that disconnects during the sleep frees the server's timer.
- **Bad input** is refused before anything else happens (before the sleep) with \`application/problem+json\` (RFC 9457): \`{"type","title","status","detail","param"}\`, \`param\` naming the offending parameter (\`method\` for 405, \`body\` for 413 and 408, a header name for a bad header). Numbers are strict decimals: no \`+\`, spaces, hex, exponents or leading zeros; out-of-range values are refused, never clamped; a known parameter given twice is refused. Unknown query parameters are ignored.
- **Bodies** over ${l.maxBodyBytes} bytes get 413, counted as the bytes arrive (chunked uploads included), not from Content-Length. With \`Expect: 100-continue\` the runtime answers \`100 Continue\` at once over HTTP/1.1, so a client sends a body over the limit before it reads the 413 (a declared length over the limit is still refused without reading the body); over HTTP/2 it sends no 100, so a client that waits for one sends its body only after its own timeout (curl's is 1 s), then gets the 413. A body sent with \`Content-Encoding\` gzip, deflate or br is decoded before use, and the limit applies to the decoded bytes (a compression bomb gets 413 and is read no further); another coding gets 415 with \`Accept-Encoding\`. A body that stops arriving (no byte for ${l.bodyIdleMs} ms) or is not complete within ${l.maxSleepMs} ms gets 408 problem+json naming \`body\`, sent with \`Connection: close\`: the rest of the body is not read, so the client should close the connection (over HTTP/2, its stream: the runtime sends no RST_STREAM while the read waits).
- **CORS**: every response (errors too) has \`Access-Control-Allow-Origin: *\` and exposes Location, Retry-After, Content-Encoding, Content-Length and the other headers clients read. A preflight (OPTIONS with Access-Control-Request-Method) on any path of this API gets 204 allowing every method and exactly the requested headers. Credentials are off by default, unlike httpbin: cookies are shared across ports and sibling subdomains, so reflecting any origin with credentials would let a page read, through \`/cookies\` or \`/echo\`, another app's HttpOnly cookies for this host. Origins the instance names (option \`corsOrigins\`, env \`DEBUG_CORS_ORIGINS\`) get their origin back with \`Access-Control-Allow-Credentials: true\`.
- **HEAD** works wherever GET does: same status and headers, no body. Content-Length is that of the GET body (RFC 9110 §8.6), also for streams, whose length is computed without waiting.
- **Methods**: the endpoints marked ANY answer every method token; QUERY (the safe method with a body) is answered where listed though OpenAPI 3.1 cannot express it; other endpoints answer their methods and 405 with Allow otherwise (a plain OPTIONS gets 204 with Allow).
- **Caching**: \`Cache-Control: no-store, no-transform\` everywhere but on the endpoints about caching, so no cache stores and no proxy re-encodes a response.
- **Unknown paths** under ${base} get 404 problem+json.

## Limits of this instance
Set by whoever runs it (options of \`createDebugHandler\`, or env variables read once by the server entries; a malformed value stops the server):
${limitList(l)}

- **Long-lived requests**: a request in its \`sleep\`, an open stream or WebSocket holds a slot; at most ${
    l.maxLongRequests || "unlimited"
  } per isolate (\`deno serve --parallel\` runs one isolate per core). When all are taken, the next one gets **503** problem+json with \`Retry-After: 1\` before its sleep starts. A slot is freed when the response completes, when the client disconnects and when it cancels the stream. Short requests are never refused.
- **Rate limit** (opt-in): ${
    l.rateLimitPerMinute ? `${l.rateLimitPerMinute}` : "off; when set, N"
  } requests per minute per client address (a token bucket refilled continuously, per isolate). Over it: **429** problem+json with \`Retry-After\` in seconds. CORS preflights are not counted. ${
    l.trustedProxies
      ? `The address is the X-Forwarded-For entry ${l.trustedProxies} from the right (trustedProxies: the proxies in front append to it), which no client can write; without that header, the \`for\` of the RFC 7239 Forwarded element ${l.trustedProxies} from the right.`
      : "The address is the TCP peer: behind a proxy every client shares the proxy's address, unless trustedProxies names how many proxies append to X-Forwarded-For."
  }
- **Shutdown** (SIGINT or SIGTERM): the server stops accepting connections; every open event stream gets a final comment line \`: server shutting down\` and ends cleanly between two events (an EventSource reconnects elsewhere with Last-Event-ID and resumes); sleeps still waiting are answered **503** with \`Retry-After: 5\`, as is any new long-lived request; any other body still streaming (\`/drip\`, \`/stream-bytes\`, \`/stream\`) ends where it is, so its client sees a truncated response and can retry; WebSockets close with 1001; the process exits within 5 s.
- 429 and 503 carry the same CORS headers as every response, and Retry-After is exposed to scripts.

## Endpoint notes
- /status/{code}: 200-599; 1xx is refused with 400 because an informational status cannot be a final response (RFC 9110 §15.2). 204, 205, 304 and HEAD have no body. 401 carries WWW-Authenticate (Basic), 407 Proxy-Authenticate, 405 Allow, 429 and 503 Retry-After: 1, and 301/302/303/307/308 Location: ${chainEnd}. Unregistered codes have statusText "Unassigned".
- /redirect/{count}: Location is always built from the count, so it can only point inside ${base} (no open redirect); the query string is kept unchanged, \`absolute=true\` uses this request's origin.
- /echo: always JSON with X-Content-Type-Options: nosniff. \`json\` is the body parsed as JSON whatever the Content-Type (null if it is not JSON); \`form\` reads urlencoded and multipart bodies, files as {filename, type, size}.
- /gzip, /deflate, /brotli: compressed whatever Accept-Encoding says (deflate is the zlib format; brotli's coding is \`br\`), with Vary: Accept-Encoding.
- /sse: never compressed; \`retry:\` first when asked; each event has id, event and one-line JSON data; events are flushed one by one. Last-Event-ID K resumes at K+1, and 204 when nothing is left stops an EventSource.`;
}
