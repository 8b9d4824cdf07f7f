/**
 * A cURL command for one operation, as text to copy: the operation's URL
 * with its query parameters, given to the one builder (lib/shared/curl.ts),
 * which quotes every word so nothing in a spec (a header value, a body) is
 * ever run by the shell that pastes it. The command always names the
 * method first (`curl -X METHOD 'URL'`), as a reader of an operation
 * expects.
 */
import { trimEndOf } from "../shared/value.ts";
import {
  curlCommand,
  encodePart,
  type FormField,
  type HeaderPair,
  shellQuote,
} from "../shared/curl.ts";

/**
 * The URL a webhook's command is sent to: the receiver's, which the API
 * calls and the document does not know (OpenAPI 3.1 §4.8.1 `webhooks`).
 */
export const WEBHOOK_URL = "{webhook-receiver-url}";

/** A name and a value: a query parameter, a header, a form field. */
export type Pair = FormField;

/** A query parameter; `encoded` when its value is already percent-encoded. */
export interface QueryPair {
  /** Its name, as written. */
  name: string;
  /** Its value, as written (or percent-encoded, see `encoded`). */
  value: string;
  /** Percent-encoded already (items joined by a literal separator). */
  encoded?: boolean;
  /**
   * The whole query string, `name` unused (an OpenAPI 3.2 `querystring`
   * parameter of a media type other than a form, percent-encoded).
   */
  whole?: boolean;
}

/** What a command is built from. */
export interface OperationRequest {
  /** Upper-case method. */
  method: string;
  /** Full URL as shown (`https://api.example.com/v1/pets/{petId}`, or relative). */
  url: string;
  /** Query parameters, in order, after any the URL holds. */
  query: QueryPair[];
  /** Header lines, in order. */
  headers: Pair[];
  /** `Content-Type` header value, or "". */
  contentType: string;
  /** Raw body (`--data-raw`), or null. */
  body: string | null;
  /**
   * A binary body (a `format: binary` or raw media type's schema): the
   * placeholder path of the file to send (`--data-binary @path/to/file`),
   * instead of `body`.
   */
  bodyFile?: string;
  /** Multipart fields (`-F`), used instead of `body` for multipart/form-data. */
  form?: Pair[];
  /**
   * Basic credentials for `-u` (a placeholder, `USERNAME:PASSWORD`, from
   * the operation's security), or none.
   */
  user?: string;
}

/**
 * Percent-encodes a query name or value (RFC 3986 §3.4), leaving a `{name}`
 * placeholder readable.
 */
function queryPart(s: string): string {
  // Only a whole `{name}` is a placeholder; braces in a value (JSON) are
  // the value's.
  return /^\{[^{}"':,\s]*\}$/.test(s)
    ? `{${encodePart(s.slice(1, -1))}}`
    : encodePart(s);
}

/**
 * The command: `curl -X METHOD 'URL'` with the query parameters on the URL,
 * then headers, the Content-Type, and the body or form fields, written by
 * the shared builder.
 */
export function operationCommand(req: OperationRequest): string {
  const url = requestUrl(req);
  const headers: HeaderPair[] = req.headers.map((h) => [h.name, h.value]);
  // A multipart type is said too, as the operation's other headers are:
  // curl adds its boundary to a `multipart/form-data` it is given (the
  // type's own parameters are left to it).
  if (req.contentType) {
    headers.push([
      "Content-Type",
      req.form?.length
        ? req.contentType.replace(/\s*;.*$/, "")
        : req.contentType,
    ]);
  }
  const command = curlCommand(
    {
      method: req.method,
      url,
      headers,
      body: req.body ?? undefined,
      bodyFile: req.bodyFile,
      form: req.form,
    },
    { namedMethod: true },
  );
  return req.user ? withUser(command, req.user) : command;
}

/** The request's URL with its query parameters, percent-encoded. */
export function requestUrl(req: OperationRequest): string {
  if (!req.query.length) return req.url;
  return req.url + (req.url.includes("?") ? "&" : "?") +
    req.query.map((q) =>
      q.whole
        ? q.value
        : `${queryPart(q.name)}=${q.encoded ? q.value : queryPart(q.value)}`
    ).join("&");
}

/**
 * `command` with `-u 'USER'` on the line after its first (`curl -X METHOD
 * 'URL'`): the shared builder writes no credentials, and the URL line is
 * one line (its control characters percent-encoded), after any `printf`
 * words piped into it.
 */
function withUser(command: string, user: string): string {
  const piped = command.indexOf("|\ncurl ");
  if (!command.startsWith("curl ") && piped < 0) return command;
  const start = command.startsWith("curl ") ? 0 : piped + 2;
  const word = `-u ${shellQuote(user)}`;
  const end = command.indexOf("\n", start);
  return end < 0
    ? `${command} \\\n  ${word}`
    : `${command.slice(0, end)}\n  ${word} \\${command.slice(end)}`;
}

/**
 * `server` and `path` joined with one slash between them; relative servers
 * (`/v1`, `.`) stay relative. A server URL's query goes after the path
 * (OpenAPI 3.0 and 3.1 allow one; 3.2 does not), and its fragment is left
 * out: a client never sends one (RFC 3986 §3.5).
 */
export function joinUrl(server: string, path: string): string {
  const cut = server.search(/[?#]/);
  const hash = server.indexOf("#");
  const query = cut >= 0 && server[cut] === "?"
    ? server.slice(cut, hash < 0 ? undefined : hash)
    : "";
  const s = trimEndOf(cut < 0 ? server : server.slice(0, cut), "/");
  const joined = s === "" || s === "."
    ? path
    : s + (path.startsWith("/") ? path : "/" + path);
  return query.length > 1 ? joined + query : joined;
}

/**
 * A `Cookie` header's value for cookie parameters (RFC 6265 §4.2.1:
 * `name=value` pairs joined by `; `), each value percent-encoded as a
 * query value is, so no space, `;` or `,` ends it early; a `{name}`
 * placeholder stays readable.
 */
export function cookieValue(pairs: readonly QueryPair[]): string {
  return pairs.map((c) =>
    `${queryPart(c.name)}=${
      c.encoded || c.whole ? c.value : queryPart(c.value)
    }`
  ).join("; ");
}
