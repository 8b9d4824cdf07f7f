/**
 * The redirect family:
 * - `/redirect/{count}`: a chain of `count` redirects, then
 *   `{"done":true}`;
 * - `/relative-redirect/{n}` and `/absolute-redirect/{n}`: httpbin's
 *   chains, the last hop to `/get`;
 * - `/redirect-to?url=U`: a redirect to `U`, which must stay on this server
 *   (or a host the instance allows): never an open redirect.
 * Chain Locations are built from integers, so they can only point inside
 * the base.
 */
import { MAX_REDIRECT_URL } from "../core/limits.ts";
import { PROBLEM_4XX, REDIRECT_STATUSES, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, JSON_TYPE, respond } from "../core/http.ts";
import { ParamError } from "../core/params.ts";
import { clientPath, forwardedPrefix } from "../core/forwarded.ts";
import { reflectRequest } from "./request.ts";
import { requestSchema, requestUrl } from "./request_shape.ts";

// C0 controls, space and DEL: a URL parser strips or drops some of them
// (`/\t/host`), and a header cannot carry others (RFC 9110 §5.5).
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x20\x7f]/;
// deno-lint-ignore no-control-regex
const DECODED_CONTROL = /[\x00-\x1f\x7f]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function refuse(why: string): never {
  throw new ParamError(
    "url",
    `url ${why}; give a path on this server or an allowed host's http(s) URL.`,
  );
}

/** Percent-decodes once; malformed escapes stay as written. */
function decodeOnce(s: string): string {
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });
}

/**
 * `uri` with each `%` that does not begin a percent-encoded octet written
 * `%25`: the URL parser keeps a lone `%` (`?url=%` resolved to `/%`), which
 * is no URI reference (RFC 3986 §2.1), and clients read it differently.
 */
function wellFormed(uri: string): string {
  return uri.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
}

/**
 * The Location for `/redirect-to?url=raw`, or a ParamError naming `url`.
 * Refused, in the text and in every percent-decoded form of it: control
 * characters, backslashes and `//` before the query (browsers read
 * `/\\host` and `//host` as another host), a scheme other than http or
 * https, and a scheme without `//` (`http:host`, which parsers disagree
 * on). What remains is resolved against the request URL without the base
 * path (RFC 3986 §5.2); it must be this server or an allowed host. A path
 * on this server that is outside the base is moved under it, so every
 * Location stays in the API. A path that only starts with `//` once its dot
 * segments are resolved (`..//host`) is refused too, at every base.
 */
export function redirectTarget(
  raw: string,
  req: Request,
  ctx: DebugContext,
): string {
  if (raw.length > MAX_REDIRECT_URL) {
    refuse(`is longer than ${MAX_REDIRECT_URL} characters`);
  }
  if (CONTROL.test(raw)) refuse("contains a space or control character");
  let form = raw;
  for (let round = 0; round < 4; round++) {
    if (DECODED_CONTROL.test(form)) {
      refuse("contains a control character once percent-decoded");
    }
    const head = form.split(/[?#]/, 1)[0];
    if (head.includes("\\")) refuse("contains a backslash");
    if (head.startsWith("//")) refuse("starts with // (another host)");
    const scheme = SCHEME.exec(head)?.[0].toLowerCase();
    if (scheme) {
      if (scheme !== "http:" && scheme !== "https:") {
        refuse(`uses the scheme ${JSON.stringify(scheme.slice(0, 20))}`);
      }
      if (!head.slice(scheme.length).startsWith("//")) {
        refuse("has a scheme without //");
      }
    }
    const next = decodeOnce(form);
    if (next === form) break;
    form = next;
  }
  // Resolved against the request URL as the API sees it, without the base
  // path: `../get` from `/api/debug/redirect-to` is `/api/debug/get`, as
  // `../get` from httpbin's `/redirect-to` is its `/get`.
  const here = new URL(req.url);
  const base = ctx.base;
  const from = new URL(here);
  if (base && from.pathname.startsWith(base + "/")) {
    from.pathname = from.pathname.slice(base.length);
  }
  let target: URL;
  try {
    target = new URL(raw, from);
  } catch {
    refuse("is not a valid URL reference");
  }
  // Behind trusted proxies the host the client asked them for (X-Forwarded-
  // Host, Forwarded host=) is this server too: the one in req.url may be
  // the proxy's name for it (nginx sends its upstream's by default).
  const hops = ctx.limits.trustedProxies;
  const asked = hops ? new URL(requestUrl(req, hops)) : here;
  const own = target.host === here.host || target.host === asked.host;
  if (!own) {
    // The same host name on another port or scheme (a TLS front, a second
    // listener) is still this machine, not someone else's site.
    const allowed = target.hostname === here.hostname ||
      target.hostname === asked.hostname ||
      ctx.redirectHosts.has(target.host) ||
      (target.port === "" && ctx.redirectHosts.has(target.hostname));
    if (!allowed) {
      refuse(
        `points to the host ${
          JSON.stringify(target.host)
        }, which is not allowed`,
      );
    }
    return wellFormed(target.href);
  }
  // Behind a proxy that mounts this server under a path (X-Forwarded-
  // Prefix), every path sent goes under it; an absolute URL names this
  // server as the client does, under it already.
  const prefix = hops ? forwardedPrefix(req, hops) : "";
  if (
    prefix && SCHEME.test(raw) && target.pathname.startsWith(prefix + "/")
  ) {
    target.pathname = target.pathname.slice(prefix.length);
  }
  const resolved = target.pathname;
  if (base && resolved !== base && !resolved.startsWith(base + "/")) {
    target.pathname = base + resolved;
  }
  // Same origin: an absolute reference stays absolute, anything else is
  // sent as a path, which every client resolves the same way.
  const path = wellFormed(target.pathname + target.search + target.hash);
  if (SCHEME.test(raw)) return target.origin + prefix + path;
  // The checks above read the text as given; dot segments are removed only
  // by the resolution (RFC 3986 §5.2.4), so `..//evil.test`, `/.//evil.test`
  // or `%2e%2e//evil.test` resolve to the path `//evil.test`. Sent as a path
  // Location, that is a network-path reference (RFC 3986 §4.2): the client
  // goes to the host evil.test. So the Location that is sent is checked
  // (`/\` too, which browsers read as `//`, WHATWG URL "special
  // authority slashes"), and so is the resolved path before it moves under
  // the base, so that the same url is refused whatever the base is.
  if (/^\/[/\\]/.test(resolved) || /^\/[/\\]/.test(path)) {
    refuse("resolves to a path starting with // (another host)");
  }
  // And the same after percent-decoding, as for the text given (§7):
  // `%2e%2e/%2fevil.test` resolves to `/%2fevil.test`, and
  // `%2e%2e%2f%2fevil.test` to one segment that decodes to `/..//evil.test`;
  // a client that decodes before it resolves would read `//evil.test`.
  let seen = resolved;
  for (let round = 0; round < 4; round++) {
    const next = decodeOnce(seen);
    if (next === seen) break;
    seen = next;
    let normal = seen;
    try {
      normal = new URL(`http://h${seen}`).pathname;
    } catch { /* not a path once decoded: checked as it is */ }
    if (/^\/[/\\]/.test(seen) || /^\/[/\\]/.test(normal)) {
      refuse("resolves to a path starting with // once percent-decoded");
    }
  }
  return prefix + path;
}

/** `ANY /redirect/{count}`: a chain that ends in `{"done":true}`. */
export function redirect(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  // The chain's end, built once per instance and cloned.
  const done = respond('{"done":true}', 200, {
    ...BASE_HEADERS,
    "content-type": JSON_TYPE,
  });
  return defineEndpoint({
    acceptsBody: true,
    summary: 'A chain of redirects ending in {"done": true}',
    description:
      `For count > 0, a redirect (302 unless \`status\` says otherwise) to \`${
        route.url({ count: "{count-1}" })
      }\` keeping the query string; \`absolute=true\` makes Location an absolute URL. Count 0 answers 200 \`{"done":true}\`. Locations never leave ${
        ctx.base || "/"
      }. At most ${l.maxRedirects} hops (limit \`maxRedirects\`). Any method is answered.`,
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
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "The end of the chain.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["done"],
        properties: { done: { const: true } },
      },
    }, {
      status: "3XX",
      description: "One hop; Location points to the next.",
      headers: [{ name: "Location", description: "The next hop." }],
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({ count: 5 }), description: "Five hops" },
      {
        url: route.url({ count: 3 }, "status=307&absolute=true"),
        description: "Absolute 307s",
      },
    ],
    handle: (req, { params, query }) => {
      if (params.count === 0) return done.clone();
      // The query string is kept byte for byte, so `sleep`, `status` and
      // `absolute` apply to every hop.
      const hops = ctx.limits.trustedProxies;
      let location = clientPath(
        req,
        hops,
        route.url({ count: params.count - 1 }, query),
      );
      if (params.absolute) {
        location = new URL(requestUrl(req, ctx.limits.trustedProxies)).origin +
          location;
      }
      return respond(null, params.status, { ...BASE_HEADERS, location });
    },
  });
}

/** `ANY /redirect-to?url=U`: one redirect, never off this server. */
export function redirectTo(ctx: DebugContext, route: Route): EndpointDef {
  const b = ctx.base;
  return defineEndpoint({
    acceptsBody: true,
    summary: "A redirect to a URL on this server",
    description:
      `Redirects to \`url\` with \`status_code\` (default 302). \`url\` may be a path or a relative reference (resolved against this request's URL as seen under the base, so \`../get\` is ${b}/get), or an absolute http(s) URL on this server's host name (any port or scheme) or of an allowed host (option \`redirectHosts\`). A path outside ${
        b || "/"
      } is moved under it. Unlike httpbin this is never an open redirect: other hosts, \`//host\`, \`/\\host\`, \`http:host\`, other schemes, control characters, the same after percent-decoding, and a reference whose dot segments resolve to a path starting with \`//\` (\`..//host\`, \`/.//host\`) get 400 naming \`url\`. Any method is answered.`,
    params: [{
      name: "url",
      in: "query",
      type: "string",
      required: true,
      maxLength: MAX_REDIRECT_URL,
      description:
        "Where to redirect: a path, a relative reference, or an absolute URL of this server or an allowed host.",
      example: "get",
    }, {
      name: "status_code",
      in: "query",
      type: "integer",
      required: false,
      default: 302,
      min: 300,
      max: 308,
      description: "The redirect status, 300 to 308.",
      example: "307",
    }, sleepParam(ctx.limits)],
    responses: [{
      status: "3XX",
      description: "The redirect.",
      headers: [{ name: "Location", description: "The target." }],
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({}, "url=get"), description: "To /get" },
      {
        url: route.url({}, "url=post&status_code=307"),
        description: "A 307 keeps the POST",
        method: "POST",
      },
    ],
    // Refused before a sleep or a body (bad input is answered before anything else happens).
    validate: (params, req) => redirectTarget(params.url, req, ctx),
    handle: (_req, { params, checked: location }) =>
      respond(null, params.status_code, { ...BASE_HEADERS, location }),
  });
}

/** `GET /relative-redirect/{n}`: httpbin's chain of path Locations. */
export function relative(ctx: DebugContext, route: Route): EndpointDef {
  return chain(ctx, route, "relative");
}

/** `GET /absolute-redirect/{n}`: httpbin's chain of absolute Locations. */
export function absolute(ctx: DebugContext, route: Route): EndpointDef {
  return chain(ctx, route, "absolute");
}

/** A chain of `n` 302s whose last hop is `/get`. */
function chain(
  ctx: DebugContext,
  route: Route,
  kind: "relative" | "absolute",
): EndpointDef {
  const l = ctx.limits;
  const get = route.urlOf("get");
  return defineEndpoint({
    summary: `${
      kind === "relative" ? "Relative" : "Absolute"
    } redirects ending at /get`,
    description: `For n > 1, a 302 to \`${
      route.url({ n: "{n-1}" })
    }\`; n = 1 redirects to \`${get}\`, and n = 0 answers like /get. Locations are ${
      kind === "relative" ? "paths" : "absolute URLs of this request's origin"
    }. At most ${l.maxRedirects} hops (limit \`maxRedirects\`).`,
    params: [{
      name: "n",
      in: "path",
      type: "integer",
      required: true,
      min: 0,
      max: l.maxRedirects,
      description: `Redirects before /get, 0 to ${l.maxRedirects}.`,
      example: "3",
    }, sleepParam(l)],
    responses: [{
      status: "302",
      description: "One hop; Location points to the next.",
      headers: [{ name: "Location", description: "The next hop." }],
    }, {
      status: "200",
      description: "n = 0: the request, as /get shows it.",
      contentType: "application/json",
      schema: requestSchema(),
    }, PROBLEM_4XX],
    examples: [{ url: route.url({ n: 3 }), description: "Three hops" }],
    handle: (req, input) => {
      const n = input.params.n;
      if (n === 0) return reflectRequest(ctx, req, input, false, false);
      let location = clientPath(
        req,
        ctx.limits.trustedProxies,
        n === 1 ? get : route.url({ n: n - 1 }),
      );
      if (kind === "absolute") {
        location = new URL(requestUrl(req, ctx.limits.trustedProxies)).origin +
          location;
      }
      return respond(null, 302, { ...BASE_HEADERS, location });
    },
  });
}
