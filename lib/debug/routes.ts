/**
 * The debug API's route table: every route on one screen, in the order the
 * `/debug` page, `openapi.json` and the index list them. A row is the
 * endpoint's id, the methods it answers, its path template under the
 * instance's base, and the family function (in `endpoints/`) that
 * describes and answers it.
 *
 * - Methods: `ANY` answers every method token; otherwise a list, where
 *   `GET` brings HEAD along (RFC 9110 §9.3.2) and anything else gets 405
 *   with Allow.
 * - Paths: `{name}` is a path parameter; a trailing `[...]` is optional,
 *   each shorter form being answered by the same handler (httpbin's
 *   `/digest-auth/{qop}/{user}/{passwd}[/{algorithm}]`).
 * - Every request goes through the same steps before the handler
 *   (`core/pipeline.ts`: preflight, rate, method, params, body,
 *   slot and sleep, HEAD).
 */
import type { DebugContext } from "./core/context.ts";
import { ANY_METHODS, GET_METHODS } from "./core/catalog.ts";
import {
  type Endpoint,
  type Family,
  mountEndpoint,
  type PathValues,
  type Route,
} from "./core/endpoint.ts";
import * as abort from "./endpoints/abort.ts";
import * as auth from "./endpoints/auth.ts";
import * as bytes from "./endpoints/bytes.ts";
import * as caching from "./endpoints/caching.ts";
import * as compress from "./endpoints/compress.ts";
import * as cookies from "./endpoints/cookies.ts";
import * as digest from "./endpoints/digest.ts";
import * as documents from "./endpoints/documents.ts";
import * as drip from "./endpoints/drip.ts";
import * as echo from "./endpoints/echo.ts";
import * as home from "./endpoints/home.ts";
import * as image from "./endpoints/image.ts";
import * as links from "./endpoints/links.ts";
import * as openapi from "./endpoints/openapi.ts";
import * as range from "./endpoints/range.ts";
import * as redirect from "./endpoints/redirect.ts";
import * as request from "./endpoints/request.ts";
import * as responseHeaders from "./endpoints/response_headers.ts";
import * as sse from "./endpoints/sse.ts";
import * as status from "./endpoints/status.ts";
import * as stream from "./endpoints/stream.ts";
import * as websocket from "./endpoints/websocket.ts";

/**
 * The methods the ANY rows document, as a list: answered, and no other
 * token (an unknown one gets 405).
 */
const LISTED = "GET POST PUT PATCH DELETE QUERY OPTIONS";

/** One row: id, methods, path template under the base, family. */
type Row = readonly [id: string, methods: string, path: string, family: Family];

/** Every route of the debug API, in display order. */
// deno-fmt-ignore
export const ROUTES: readonly Row[] = Object.freeze([
  // id                 methods     path under the base                   family
  ["status",            "ANY",      "/status/{code}",                     status.status],
  ["unstable",          "ANY",      "/unstable",                          status.unstable],
  ["redirect",          "ANY",      "/redirect/{count}",                  redirect.redirect],
  ["relative-redirect", "GET",      "/relative-redirect/{n}",             redirect.relative],
  ["absolute-redirect", "GET",      "/absolute-redirect/{n}",             redirect.absolute],
  ["redirect-to",       "ANY",      "/redirect-to",                       redirect.redirectTo],
  ["echo",              LISTED,     "/echo",                              echo.echo],
  ["gzip",              "GET",      "/gzip",                              compress.gzip],
  ["deflate",           "GET",      "/deflate",                           compress.deflate],
  ["brotli",            "GET",      "/brotli",                            compress.brotli],
  ["sse",               "GET",      "/sse",                               sse.sse],
  ["get",               "GET",      "/get",                               request.oneMethod],
  ["post",              "POST",     "/post",                              request.oneMethod],
  ["put",               "PUT",      "/put",                               request.oneMethod],
  ["patch",             "PATCH",    "/patch",                             request.oneMethod],
  ["delete",            "DELETE",   "/delete",                            request.oneMethod],
  ["anything",          "ANY",      "/anything[/{path}]",                 request.anything],
  ["headers",           "GET",      "/headers",                           request.headers],
  ["ip",                "GET",      "/ip",                                request.ip],
  ["user-agent",        "GET",      "/user-agent",                        request.userAgent],
  ["delay",             "ANY",      "/delay/{seconds}",                   request.delay],
  ["cookies",           "GET",      "/cookies",                           cookies.cookies],
  ["cookies-set",       "GET",      "/cookies/set[/{name}/{value}]",      cookies.set],
  ["cookies-delete",    "GET",      "/cookies/delete",                    cookies.remove],
  ["basic-auth",        "ANY",      "/basic-auth/{user}/{passwd}",        auth.basic],
  ["hidden-basic-auth", "ANY",      "/hidden-basic-auth/{user}/{passwd}", auth.hiddenBasic],
  ["bearer",            "ANY",      "/bearer",                            auth.bearer],
  ["digest-auth",       "ANY",      "/digest-auth/{qop}/{user}/{passwd}[/{algorithm}[/{stale_after}]]", digest.digest],
  ["cache",             "GET",      "/cache",                             caching.cache],
  ["cache-control",     "GET",      "/cache/{seconds}",                   caching.cacheControl],
  ["etag",              "GET",      "/etag/{etag}",                       caching.etag],
  ["response-headers",  "GET POST", "/response-headers",                  responseHeaders.responseHeaders],
  ["json",              "GET",      "/json",                              documents.json],
  ["xml",               "GET",      "/xml",                               documents.xml],
  ["html",              "GET",      "/html",                              documents.html],
  ["forms-post",        "GET",      "/forms/post",                        documents.formsPost],
  ["robots",            "GET",      "/robots.txt",                        documents.robots],
  ["deny",              "GET",      "/deny",                              documents.deny],
  ["encoding-utf8",     "GET",      "/encoding/utf8",                     documents.utf8],
  ["uuid",              "GET",      "/uuid",                              documents.uuid],
  ["base64",            "GET",      "/base64/{value}",                    documents.base64],
  ["base64-decode",     "GET",      "/base64/decode/{value}",             documents.base64Decode],
  ["base64-encode",     "GET",      "/base64/encode/{value}",             documents.base64Encode],
  ["bytes",             "GET",      "/bytes/{n}",                         bytes.bytes],
  ["stream-bytes",      "GET",      "/stream-bytes/{n}",                  bytes.streamBytes],
  ["range",             "GET",      "/range/{n}",                         range.range],
  ["drip",              "GET",      "/drip",                              drip.drip],
  ["stream",            "GET",      "/stream/{n}",                        stream.stream],
  ["links",             "GET",      "/links/{n}[/{offset}]",              links.links],
  ["image",             "GET",      "/image[/{format}]",                  image.image],
  ["websocket-echo",    "GET",      "/websocket/echo",                    websocket.echo],
  ["abort",             "GET",      "/abort",                             abort.abort],
  ["openapi",           "GET",      "/openapi.json",                      openapi.openapi],
  ["index",             "GET",      "[/]",                                home.index],
]);

/** The methods of a row: `ANY`, or a list where GET brings HEAD along. */
function methodsOf(text: string): readonly string[] {
  if (text === "ANY") return ANY_METHODS;
  return Object.freeze(
    text.split(" ").flatMap((m) => m === "GET" ? GET_METHODS : [m]),
  );
}

/**
 * The templates of a row's path under `base`, shortest first: one per
 * optional `[...]` part. The base's own path is `/` when the base is the
 * root.
 */
function templatesOf(base: string, path: string): string[] {
  const parts = path.split("[");
  const all = parts.map((_, i) =>
    (base + parts.slice(0, i + 1).join("").replaceAll("]", "")) || "/"
  );
  return all.filter((t, i) => all.indexOf(t) === i);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** `templates`' URL for `values` (see {@link Route.url}). */
function fill(
  templates: readonly string[],
  values: PathValues,
  query: string,
): string {
  const names = Object.keys(values).sort().join(",");
  const t = templates.find((t) =>
    [...t.matchAll(PLACEHOLDER)].map((m) => m[1]).sort().join(",") === names
  );
  if (t === undefined) {
    throw new Error(`no template of ${templates[0]} takes {${names}}`);
  }
  const path = t.replace(
    PLACEHOLDER,
    (_, name: string) => String(values[name]),
  );
  return query ? `${path}?${query}` : path;
}

/** Every endpoint of `ctx`'s instance, in display order. */
export function debugEndpoints(ctx: DebugContext): readonly Endpoint[] {
  const rows = ROUTES.map(([id, methods, path, family]) => ({
    id,
    methods,
    family,
    templates: templatesOf(ctx.base, path),
  }));
  const templates = new Map(rows.map((r) => [r.id, r.templates]));
  const urlOf = (id: string, values: PathValues = {}, query = "") => {
    const t = templates.get(id);
    if (!t) throw new Error(`no debug route ${id}`);
    return fill(t, values, query);
  };
  const list: Endpoint[] = [];
  for (const { id, methods, family, templates: [path, ...aliases] } of rows) {
    const route: Route = {
      id,
      path,
      aliases,
      methods: methodsOf(methods),
      anyMethod: methods === "ANY",
      url: (values, query) => urlOf(id, values, query),
      urlOf,
      all: () => list,
    };
    list.push(mountEndpoint(route, family(ctx, route)));
  }
  return Object.freeze(list);
}
