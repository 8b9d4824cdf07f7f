/**
 * The request as httpbin shows it, so suites written against httpbin.org
 * pass after changing only their base URL:
 * - R: `args` (query: name to string, or to an array when repeated),
 *   `headers` (canonical Title-Case names; repeated headers joined by
 *   `, `), `origin` (the client's address), `url` (the full request URL);
 * - B: `data` (the raw body as text; `""` for form bodies; a
 *   `data:application/octet-stream;base64,...` URL when not UTF-8),
 *   `form` (urlencoded or multipart fields), `files` (multipart file parts:
 *   text, or a data URL when not UTF-8), `json` (the body parsed as JSON
 *   whatever its Content-Type, else null).
 * Everything is reflected as JSON, never as HTML.
 */
import type { JsonSchema } from "../core/catalog.ts";
import {
  authorityHost,
  clientAddress,
  peerAddress,
  placeHost,
  pushHeader,
  type ServeInfo,
} from "../core/http.ts";
import { jsonOrNull } from "../core/body.ts";
import { MAX_JSON_DEPTH, MAX_ORIGIN_CHARS } from "../core/limits.ts";
import { proxiedUrl } from "../core/forwarded.ts";
import type { RequestText } from "../core/request_text.ts";
import { isFormType, multiMap, type ParsedForm, readForm } from "./form.ts";

/** httpbin's request fields. */
export interface RequestShape {
  args: Record<string, unknown>;
  headers: Record<string, string>;
  origin: string;
  url: string;
}

/** httpbin's body fields. */
export interface BodyShape {
  data: string;
  form: Record<string, unknown>;
  files: Record<string, unknown>;
  json: unknown;
}

/**
 * The request headers by canonical name (Headers joins repeats with `, `),
 * with Host from the URL when an HTTP/2 request has none
 * ({@link authorityHost}). Names go through the instance's bounded memo
 * (`text`, see core/request_text.ts).
 */
export function canonicalHeaders(
  req: Request,
  text: RequestText,
): Record<string, string> {
  const out: [string, string][] = [];
  // forEach, not for-of: Deno's Headers iterator costs several times more.
  req.headers.forEach((value, name) => {
    pushHeader(out, text.headerName(name), value);
  });
  const host = authorityHost(req.headers, req.url);
  if (host) placeHost(out, "Host", host);
  // fromEntries: a header named `__proto__` stays an ordinary key.
  return Object.fromEntries(out);
}

/**
 * The client's address: with `hops` trusted proxies (option
 * `trustedProxies`), the entry they vouch for ({@link clientAddress});
 * else the first X-Forwarded-For entry when a proxy set one (httpbin's
 * behaviour, which a client can write: a reflection, never used to decide
 * anything), else the TCP peer.
 */
export function clientOrigin(
  req: Request,
  info: ServeInfo | undefined,
  hops = 0,
): string {
  if (hops > 0) return clientAddress(req, info, hops);
  const forwarded = req.headers.get("x-forwarded-for");
  if (forwarded) {
    const first = forwarded.split(",")[0].trim();
    if (first) return first.slice(0, MAX_ORIGIN_CHARS);
  }
  return peerAddress(info);
}

/**
 * The full request URL. With `hops` trusted proxies (option
 * `trustedProxies`), as the client sent it to them: scheme and host from
 * X-Forwarded-Proto and X-Forwarded-Host, else RFC 7239 Forwarded
 * ({@link proxiedUrl}). Else with the scheme a proxy reports, read as
 * httpbin reads it behind a TLS terminator: X-Forwarded-Proto, else
 * X-Forwarded-Protocol, else `X-Forwarded-Ssl: on` for https.
 */
export function requestUrl(req: Request, hops = 0): string {
  if (hops > 0) return proxiedUrl(req, hops);
  const h = req.headers;
  const proto = (h.get("x-forwarded-proto") ?? h.get("x-forwarded-protocol") ??
    (h.get("x-forwarded-ssl")?.trim().toLowerCase() === "on"
      ? "https"
      : undefined))?.trim().toLowerCase();
  if (
    (proto === "https" || proto === "http") && !req.url.startsWith(proto + ":")
  ) {
    return proto + req.url.slice(req.url.indexOf(":"));
  }
  return req.url;
}

/** The query as httpbin's `args`. */
export function queryArgs(query: string): Record<string, unknown> {
  return query ? multiMap(new URLSearchParams(query)) : {};
}

/** R: what every reflecting endpoint shows of the request. */
export function requestShape(
  req: Request,
  query: string,
  info: ServeInfo | undefined,
  text: RequestText,
  hops = 0,
): RequestShape {
  return {
    args: queryArgs(query),
    headers: canonicalHeaders(req, text),
    origin: clientOrigin(req, info, hops),
    url: requestUrl(req, hops),
  };
}

/** Bytes as a `data:` URL of `type` (RFC 2397). */
export function dataUrl(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${bytes.toBase64()}`;
}

function bodyFrom(
  body: Uint8Array,
  text: string | null,
  form: ParsedForm | null,
  formType: boolean,
  decoder: RequestText,
): BodyShape {
  if (form) {
    return {
      data: "",
      form: multiMap(form.fields),
      files: multiMap(
        form.files.map(([name, f]) => [
          name,
          decoder.utf8(f.bytes) ??
            dataUrl(f.bytes, f.type || "application/octet-stream"),
        ]),
      ),
      json: null,
    };
  }
  return {
    // A form body that could not be read is still shown, as data.
    data: formType && !body.byteLength
      ? ""
      : text ?? dataUrl(body, "application/octet-stream"),
    form: {},
    files: {},
    json: jsonOrNull(text),
  };
}

/**
 * B: the body fields, decoded with the instance's `decoder`.
 */
export function bodyShape(
  req: Request,
  body: Uint8Array,
  decoder: RequestText,
): BodyShape {
  if (!body.byteLength) return bodyFrom(body, "", null, false, decoder);
  const type = req.headers.get("content-type");
  const text = decoder.utf8(body);
  const formType = isFormType(type);
  const form = formType ? readForm(type, body, text) : null;
  return bodyFrom(body, text, form, formType, decoder);
}

const ARGS: JsonSchema = {
  type: "object",
  description: "Query parameters: name to value, or to an array of values.",
  additionalProperties: {
    oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
  },
};

/** JSON Schema of R, plus `extra` properties. */
export function requestSchema(
  extra: Record<string, JsonSchema> = {},
  body = false,
): JsonSchema {
  const props: Record<string, JsonSchema> = {
    args: ARGS,
    headers: {
      type: "object",
      description:
        "Request headers by canonical Title-Case name; repeats joined by `, `.",
      additionalProperties: { type: "string" },
    },
    origin: {
      type: "string",
      description:
        "The client's address: the first X-Forwarded-For entry (the one `trustedProxies` from the right when the instance sets it, else the `for` of the RFC 7239 Forwarded element that far from the right), else the TCP peer's.",
    },
    url: {
      type: "string",
      description:
        "The full request URL, its scheme as a proxy reports it (X-Forwarded-Proto, X-Forwarded-Protocol, or `X-Forwarded-Ssl: on`), as httpbin reads them. With `trustedProxies`, the URL the client sent the outermost proxy: scheme and host from X-Forwarded-Proto and X-Forwarded-Host (their entry that many from the right), else from the RFC 7239 Forwarded element's `proto` and `host`; under the path X-Forwarded-Prefix names.",
    },
  };
  if (body) {
    Object.assign(props, {
      data: {
        type: "string",
        description:
          "The raw body as text; empty for form bodies; a data: URL (base64) when not UTF-8.",
      },
      form: { ...ARGS, description: "Urlencoded or multipart fields." },
      files: {
        type: "object",
        description:
          "Multipart file parts by field name: their text, or a data: URL when not UTF-8.",
        additionalProperties: {},
      },
      json: {
        description:
          `The body parsed as JSON, else null. A body whose brackets nest deeper than ${MAX_JSON_DEPTH} levels (Go's encoding/json limit, which go-httpbin keeps too) gets 400 naming \`body\`.`,
      },
    });
  }
  Object.assign(props, extra);
  return { type: "object", required: Object.keys(props), properties: props };
}
