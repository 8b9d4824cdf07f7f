/**
 * The runner's request model: what the form holds ({@link RunnerState}),
 * and the exact request it sends ({@link PreparedRequest}), validated with
 * the server's own parser (`lib/debug/core/params.ts`) so a request the runner
 * lets through is one the server accepts, and a refused one shows the
 * message the server would have answered with. Pure and DOM-free.
 */
import type { DebugLimits } from "../../lib/debug/core/limits.ts";
import {
  type EndpointSpec,
  endpointUrl,
  type ParamSpec,
  REDIRECT_STATUSES,
} from "../../lib/debug/core/catalog.ts";
import { checkParam } from "../../lib/debug/core/params.ts";
import { curlCommand } from "../../lib/shared/curl.ts";
import { bodyError, type HeaderLine, parseHeaders } from "./headers.ts";

export type { HeaderLine };

/** What one runner's form holds, all as typed text. */
export interface RunnerState {
  /** Raw text per catalog parameter name ("" = absent / default). */
  values: Readonly<Record<string, string>>;
  method: string;
  /** One `Name: value` per line. */
  headers: string;
  body: string;
  /** Follow redirects (fetch's default) or stop at the first one. */
  follow: boolean;
  /** Extra query string, for endpoints that reflect the query (echo). */
  query: string;
}

/** The request exactly as the runner sends it (and cURL repeats it). */
export interface PreparedRequest {
  /** Absolute URL: origin, path and query. */
  url: string;
  method: string;
  /** Headers in order, including the Content-Type a browser would add. */
  headers: HeaderLine[];
  /** The body, when there is one. */
  body?: string;
  /** cURL needs `-L`: redirects are followed and the response may be one. */
  follow: boolean;
  /** Stop at a redirect (fetch `redirect: "manual"`) instead of following. */
  manual: boolean;
  /** The response is compressed whatever the request asks (`--compressed`). */
  compressed: boolean;
  /** A server-sent event stream, read with EventSource (cURL `-N`). */
  stream: boolean;
  /**
   * A WebSocket's handshake: cURL prints the 101's status line and headers
   * (`-i`), since the answer has no body to print.
   */
  include?: boolean;
}

/** The outcome of {@link prepare}: the request and any field errors. */
export interface Prepared {
  request: PreparedRequest;
  /** Error message per field (param name, `method`, `headers`, `body`, `query`). */
  errors: Record<string, string>;
  /** The Content-Type that was added because the body had none. */
  implicitType?: string;
}

/**
 * What browsers send as Content-Type for a string body when the script sets
 * none (Fetch standard, "extract a body"). The runner sends it explicitly,
 * so the cURL command carries the same header.
 */
export const TEXT_PLAIN = "text/plain;charset=UTF-8";

/** The endpoint's responses can redirect (3XX or a Location header). */
export function canRedirect(ep: EndpointSpec): boolean {
  return ep.responses.some((r) =>
    r.status.startsWith("3") ||
    (r.headers ?? []).some((h) => h.name.toLowerCase() === "location")
  );
}

/** The endpoint always compresses its response (a Content-Encoding header). */
export function isCompressed(ep: EndpointSpec): boolean {
  return ep.responses.some((r) =>
    (r.headers ?? []).some((h) => h.name.toLowerCase() === "content-encoding")
  );
}

/** The endpoint reflects the query string (its 200 schema has `query`). */
export function reflectsQuery(ep: EndpointSpec): boolean {
  return ep.responses.some((r) => {
    const props = r.schema?.properties as Record<string, unknown> | undefined;
    return r.status === "200" && props !== undefined && "query" in props;
  });
}

/**
 * How the runner talks to the endpoint: `fetch`, an EventSource for an
 * event stream, or a WebSocket for an endpoint that upgrades (101).
 */
export type RunnerKind = "fetch" | "events" | "socket";

/** The {@link RunnerKind} of `ep`, from its documented responses. */
export function runnerKind(ep: EndpointSpec): RunnerKind {
  if (ep.responses.some((r) => r.status === "101")) return "socket";
  if (ep.responses.some((r) => r.contentType === "text/event-stream")) {
    return "events";
  }
  return "fetch";
}

/** Methods the runner offers: EventSource and WebSocket can only GET. */
export function runnerMethods(ep: EndpointSpec): readonly string[] {
  return runnerKind(ep) === "fetch" ? ep.methods : ["GET"];
}

/** A fresh form: path parameters at their examples, the rest empty. */
export function initialState(ep: EndpointSpec): RunnerState {
  const values: Record<string, string> = {};
  for (const p of ep.params) values[p.name] = p.in === "path" ? p.example : "";
  return {
    values,
    method: runnerMethods(ep)[0],
    headers: "",
    body: "",
    follow: true,
    query: "",
  };
}

/**
 * The error for text a number field cannot hold (`+5`, `1e`): the browser
 * reports it as "" with `validity.badInput`, so the raw text is unknown.
 */
export function unreadableNumber(p: ParamSpec): string {
  return `${p.name} must be a decimal integer between ${
    p.min ?? 0
  } and ${p.max}.`;
}

/** Normalises an extra query string (`?a=1&b` or `a=1&b`) to `a=1&b=`. */
function extraQuery(raw: string): string {
  return new URLSearchParams(raw.trim().replace(/^\?/, "")).toString();
}

/** Whether `-L` matters: the response can be a redirect for these inputs. */
function mayRedirect(ep: EndpointSpec, values: RunnerState["values"]): boolean {
  if (!canRedirect(ep)) return false;
  if (ep.id !== "status") return true;
  return REDIRECT_STATUSES.includes(Number(values.code));
}

/**
 * Builds the request for `state` and validates every field as the server
 * will. The request is built even when there are errors (the URL and cURL
 * stay visible while the user fixes them); `errors` blocks sending.
 */
export function prepare(
  ep: EndpointSpec,
  state: RunnerState,
  origin: string,
  limits: Pick<DebugLimits, "maxBodyBytes">,
): Prepared {
  const errors: Record<string, string> = {};
  for (const p of ep.params) {
    const msg = checkParam(p, state.values[p.name] ?? "");
    if (msg) errors[p.name] = msg;
  }
  let path = endpointUrl(ep, state.values);
  if (reflectsQuery(ep) && state.query.trim()) {
    const extra = extraQuery(state.query);
    if (extra) path += (path.includes("?") ? "&" : "?") + extra;
  }
  const methods = runnerMethods(ep);
  const method = methods.includes(state.method) ? state.method : methods[0];
  const kind = runnerKind(ep);
  const parsed = kind !== "fetch"
    ? { headers: [], error: null }
    : parseHeaders(state.headers);
  if (parsed.error) errors.headers = parsed.error;
  const headers = parsed.headers;
  let body: string | undefined;
  let implicitType: string | undefined;
  if (ep.acceptsBody && state.body !== "") {
    const msg = bodyError(method, state.body, limits.maxBodyBytes);
    if (msg) errors.body = msg;
    body = state.body;
    if (!headers.some((h) => h.name.toLowerCase() === "content-type")) {
      implicitType = TEXT_PLAIN;
      headers.push({ name: "Content-Type", value: TEXT_PLAIN });
    }
  }
  if (kind === "events") {
    // What EventSource sends (HTML §9.2.3), so cURL asks the same way.
    headers.push({ name: "Accept", value: "text/event-stream" });
  }
  return {
    request: {
      url: origin + path,
      method,
      headers,
      body,
      follow: state.follow && mayRedirect(ep, state.values),
      manual: !state.follow && canRedirect(ep),
      compressed: isCompressed(ep),
      stream: kind === "events",
      include: kind === "socket",
    },
    errors,
    implicitType,
  };
}

/**
 * The cURL command repeating `r` as the browser sends it: `-L` where the
 * runner follows redirects, `--compressed` where the server compresses
 * whatever is asked, `-N` for event streams.
 */
export function runnerCurl(r: PreparedRequest): string {
  return curlCommand(
    { ...r, headers: r.headers.map((h) => [h.name, h.value]) },
    r,
  );
}
