/**
 * The entries of the debug endpoint catalog; see `catalog.ts` for the public
 * API (`debugCatalog`, `endpoint`, `endpointUrl`). Browser-safe data.
 */
import type { DebugLimits } from "./limits.ts";
import type { EndpointSpec } from "./catalog_types.ts";
import {
  DONE_SCHEMA,
  ECHO_SCHEMA,
  OPENAPI_SCHEMA,
  SSE_EVENT_SCHEMA,
  STATUS_SCHEMA,
} from "./catalog_schemas.ts";
import {
  ANY_METHODS,
  compressed,
  DEBUG_BASE,
  GET_METHODS,
  PROBLEM_4XX,
  REDIRECT_STATUSES,
  sleepParam,
} from "./catalog_parts.ts";

/** Every endpoint under limits `l`, in display order. */
export function buildCatalog(l: DebugLimits): readonly EndpointSpec[] {
  const sleep = sleepParam(l);
  const list: EndpointSpec[] = [
    {
      id: "status",
      path: `${DEBUG_BASE}/status/{code}`,
      methods: ANY_METHODS,
      acceptsBody: true,
      streaming: false,
      summary: "Respond with a chosen status code",
      description:
        'Answers with status `code` and JSON `{"status": N, "statusText": "..."}`; 204, 205, 304 and HEAD responses have no body. Headers a client expects come along: WWW-Authenticate on 401, Proxy-Authenticate on 407, Allow on 405, Retry-After on 429 and 503, `Location: /api/debug/redirect/0` on 301, 302, 303, 307 and 308. Codes 100-199 are rejected with 400: an informational status cannot be a final response (RFC 9110 §15.2).',
      params: [{
        name: "code",
        in: "path",
        type: "integer",
        required: true,
        min: 200,
        max: 599,
        explain: [{
          min: 100,
          max: 199,
          reason:
            "is informational (1xx): it can only precede a final response, never be one (RFC 9110 §15.2). Use 200 to 599.",
        }],
        description: "The status to answer with, 200 to 599.",
        example: "418",
      }, sleep],
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
            name: "Location",
            description: "On 301-308: /api/debug/redirect/0.",
          },
        ],
      }, { ...PROBLEM_4XX, status: "400" }],
      examples: [
        { url: `${DEBUG_BASE}/status/418`, description: "I'm a teapot" },
        { url: `${DEBUG_BASE}/status/503?sleep=1s`, description: "Slow 503" },
      ],
    },
    {
      id: "redirect",
      path: `${DEBUG_BASE}/redirect/{count}`,
      methods: ANY_METHODS,
      acceptsBody: true,
      streaming: false,
      summary: 'A chain of redirects ending in {"done": true}',
      description:
        `For count > 0, a redirect (302 unless \`status\` says otherwise) to \`/api/debug/redirect/{count-1}\` keeping the query string; \`absolute=true\` makes Location an absolute URL. Count 0 answers 200 \`{"done":true}\`. Locations never leave /api/debug. At most ${l.maxRedirects} hops (env DEBUG_MAX_REDIRECTS).`,
      params: [{
        name: "count",
        in: "path",
        type: "integer",
        required: true,
        min: 0,
        max: l.maxRedirects,
        description:
          `Redirects left before the final 200, 0 to ${l.maxRedirects}.`,
        example: "5",
      }, {
        name: "status",
        in: "query",
        type: "enum",
        required: false,
        default: 302,
        enum: REDIRECT_STATUSES,
        description: "The redirect status: 301, 302, 303, 307 or 308.",
        example: "307",
      }, {
        name: "absolute",
        in: "query",
        type: "boolean",
        required: false,
        default: false,
        description: "Send Location as an absolute URL instead of a path.",
        example: "true",
      }, sleep],
      responses: [{
        status: "200",
        description: "The end of the chain.",
        contentType: "application/json",
        schema: DONE_SCHEMA,
      }, {
        status: "3XX",
        description: "One hop; Location points to the next.",
        headers: [{ name: "Location", description: "The next hop." }],
      }, PROBLEM_4XX],
      examples: [
        { url: `${DEBUG_BASE}/redirect/5`, description: "Five hops" },
        {
          url: `${DEBUG_BASE}/redirect/3?status=307&absolute=true`,
          description: "Absolute 307s",
        },
      ],
    },
    {
      id: "echo",
      path: `${DEBUG_BASE}/echo`,
      methods: ANY_METHODS,
      acceptsBody: true,
      streaming: false,
      summary: "Reflect the request as JSON",
      description:
        `Always JSON (with X-Content-Type-Options: nosniff), never HTML. Reflects method, url, path, query (arrays for repeated names), lower-case headers, the body (UTF-8, or base64 when not valid UTF-8) with its size, the parsed JSON body and urlencoded or multipart form fields. Accepts GET, HEAD, POST, PUT, PATCH, DELETE, QUERY and non-preflight OPTIONS. Bodies over ${l.maxBodyBytes} bytes (counted as received, chunked or not) get 413 (env DEBUG_MAX_BODY_BYTES).`,
      params: [sleep],
      responses: [{
        status: "200",
        description: "The request as received.",
        contentType: "application/json",
        schema: ECHO_SCHEMA,
      }, PROBLEM_4XX],
      examples: [
        {
          url: `${DEBUG_BASE}/echo?a=1&a=2&b=x`,
          description: "Repeated query",
        },
        {
          url: `${DEBUG_BASE}/echo`,
          description: "Echo a body",
          method: "POST",
        },
      ],
    },
    compressed("gzip", "gzip", "gzipped", l),
    compressed("deflate", "deflate", "deflated", l),
    compressed("brotli", "br", "brotli", l),
    {
      id: "sse",
      path: `${DEBUG_BASE}/sse`,
      methods: GET_METHODS,
      acceptsBody: false,
      streaming: true,
      summary: "Server-sent events",
      description:
        "A text/event-stream, never compressed, each event flushed when written. An optional `retry:` field comes first. Each event has `id: N` (1-based) and `data:` JSON {id, count, time}. A request with Last-Event-ID K resumes at K+1; when nothing is left it gets 204, which stops an EventSource from reconnecting.",
      params: [{
        name: "count",
        in: "query",
        type: "integer",
        required: false,
        default: 5,
        min: 1,
        max: l.maxSseCount,
        description: `Events to send, 1 to ${l.maxSseCount}.`,
        example: "3",
      }, {
        name: "interval",
        in: "query",
        type: "duration",
        required: false,
        default: 1000,
        min: 0,
        max: l.maxSseIntervalMs,
        description:
          `Time between events, ms (or with a unit), 0 to ${l.maxSseIntervalMs}.`,
        example: "500",
      }, {
        name: "event",
        in: "query",
        type: "string",
        required: false,
        default: "message",
        maxLength: 64,
        pattern: "[A-Za-z0-9_.:-]+",
        description: "The `event:` name; letters, digits and `_.:-`.",
        example: "tick",
      }, {
        name: "retry",
        in: "query",
        type: "integer",
        required: false,
        min: 0,
        max: l.maxSseIntervalMs,
        description: "Reconnection time sent as a `retry:` field first, ms.",
        example: "2000",
      }, sleep],
      requestHeaders: [{
        name: "Last-Event-ID",
        description:
          "Resume after this event id (EventSource sends it on reconnect); 204 when nothing is left.",
      }],
      responses: [{
        status: "200",
        description:
          "The event stream; each event's data is JSON of this schema.",
        contentType: "text/event-stream",
        schema: SSE_EVENT_SCHEMA,
      }, {
        status: "204",
        description: "Last-Event-ID is at or past count: nothing left.",
      }, PROBLEM_4XX],
      examples: [
        {
          url: `${DEBUG_BASE}/sse?count=3&interval=500`,
          description: "3 events",
        },
      ],
    },
    {
      id: "openapi",
      path: `${DEBUG_BASE}/openapi.json`,
      methods: GET_METHODS,
      acceptsBody: false,
      streaming: false,
      summary: "This API as OpenAPI 3.1",
      description:
        "Generated from the same catalog as the handlers and the /debug runner.",
      params: [sleep],
      responses: [{
        status: "200",
        description: "OpenAPI 3.1 document.",
        contentType: "application/json",
        schema: OPENAPI_SCHEMA,
      }, PROBLEM_4XX],
      examples: [{
        url: `${DEBUG_BASE}/openapi.json`,
        description: "The spec",
      }],
    },
  ];
  return Object.freeze(list);
}
