/**
 * `/echo`: the request as the server received it, always as JSON
 * (with `X-Content-Type-Options: nosniff` and a sandboxing CSP), so no
 * reflected input can ever be rendered as HTML.
 */
import {
  type JsonSchema,
  PROBLEM_4XX,
  sleepParam,
  STRING_MAP,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { headerRecord, urlPath } from "../core/http.ts";
import { proxiedUrl } from "../core/forwarded.ts";
import { jsonOrNull } from "../core/body.ts";
import { MAX_JSON_DEPTH } from "../core/limits.ts";
import { multiMap, type ParsedForm, readForm } from "./form.ts";
import { reflect } from "./request.ts";

/** Body of `/echo`: the request as the server received it. */
const ECHO_SCHEMA: JsonSchema = {
  type: "object",
  required: [
    "method",
    "url",
    "path",
    "query",
    "headers",
    "body",
    "bodyEncoding",
    "bodySize",
    "json",
    "form",
  ],
  properties: {
    method: { type: "string" },
    url: {
      type: "string",
      description:
        "The full request URL; with `trustedProxies`, as the client sent it to the outermost proxy (scheme and host from X-Forwarded-Proto and -Host, else RFC 7239 Forwarded; under the path X-Forwarded-Prefix names).",
    },
    path: { type: "string" },
    query: {
      type: "object",
      description: "Name to value; an array of values when a name repeats.",
      additionalProperties: {
        oneOf: [{ type: "string" }, {
          type: "array",
          items: { type: "string" },
        }],
      },
    },
    headers: { ...STRING_MAP, description: "Lower-case name to value." },
    body: {
      type: "string",
      description:
        "The raw body (decoded when sent with a Content-Encoding): UTF-8 text, or base64 when not valid UTF-8.",
    },
    bodyEncoding: { enum: ["utf8", "base64"] },
    bodySize: { type: "integer", minimum: 0, description: "Bytes of `body`." },
    json: {
      description:
        `The parsed body when it is JSON, else null. A body whose brackets nest deeper than ${MAX_JSON_DEPTH} levels gets 400 naming \`body\`.`,
    },
    form: {
      type: ["object", "null"],
      description:
        "Fields of an urlencoded or multipart body (files as their name, type and size); else null.",
      additionalProperties: {},
    },
  },
};

/** `/echo`: the request as received, as JSON. */
export function echo(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    acceptsBody: true,
    reflectsJson: true,
    summary: "Reflect the request as JSON",
    description:
      `Always JSON (with X-Content-Type-Options: nosniff), never HTML. Reflects method, url, path, query (arrays for repeated names), lower-case headers, the body (UTF-8, or base64 when not valid UTF-8) with its size, the parsed JSON body (whole, however deeply nested) and urlencoded or multipart form fields. A body sent with Content-Encoding gzip, deflate or br is decoded first. Accepts GET, HEAD, POST, PUT, PATCH, DELETE, QUERY and non-preflight OPTIONS. Bodies over ${ctx.limits.maxBodyBytes} bytes after decoding get 413 (limit \`maxBodyBytes\`). A GET or HEAD request's body is not read (Deno's HTTP server does not hand it over): send a body with another method.`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The request as received.",
      contentType: "application/json",
      schema: ECHO_SCHEMA,
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({}, "a=1&a=2&b=x"), description: "Repeated query" },
      { url: route.url(), description: "Echo a body", method: "POST" },
    ],
    handle: (req, { query, body, head }) => {
      const text = ctx.text.utf8(body);
      const shown = {
        // HEAD answers with the headers GET would get (RFC 9110 §9.3.2), so
        // its Content-Length is that of the GET body.
        method: head ? "GET" : req.method,
        // Behind trusted proxies, the URL the client sent them.
        url: ctx.limits.trustedProxies
          ? proxiedUrl(req, ctx.limits.trustedProxies)
          : req.url,
        path: urlPath(req.url),
        query: query ? multiMap(new URLSearchParams(query)) : {},
        headers: headerRecord(req),
        body: text ?? body.toBase64(),
        bodyEncoding: text === null ? "base64" : "utf8",
        bodySize: body.byteLength,
        json: jsonOrNull(text),
        form: null as Record<string, unknown> | null,
      };
      const form = body.byteLength
        ? readForm(req.headers.get("content-type"), body, text)
        : null;
      const reply = (f: ParsedForm | null) => {
        shown.form = f && multiMap([
          ...f.fields,
          ...f.files.map(([name, file]): [string, unknown] => [name, {
            filename: file.filename,
            type: file.type,
            size: file.bytes.byteLength,
          }]),
        ]);
        return reflect(shown);
      };
      return reply(form);
    },
  });
}
