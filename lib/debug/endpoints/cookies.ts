/**
 * httpbin's cookie endpoints: `/cookies` shows the Cookie header,
 * `/cookies/set?n=v` and `/cookies/set/{name}/{value}` set cookies and
 * redirect to `/cookies`, `/cookies/delete?n` expires them. Cookies are
 * scoped to the API's base path, HttpOnly and SameSite=Lax, so a cookie set
 * here never reaches the pages beside it. Names and values must be what
 * RFC 6265 §4.1.1 lets a server send; anything else is 400, never a
 * header built from unchecked input.
 */
import { isToken } from "../../shared/http_token.ts";
import {
  MAX_COOKIE_PAIRS,
  MAX_COOKIE_VALUE,
  MAX_SET_COOKIES,
} from "../core/limits.ts";
import { type JsonSchema, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, respond } from "../core/http.ts";
import { headerValueText } from "../core/request_text.ts";
import { ParamError, queryPairs } from "../core/params.ts";
import { reflect } from "./request.ts";
import { forwardedPrefix } from "../core/forwarded.ts";

/** A cookie-value: cookie-octets, optionally in double quotes. */
const VALUE =
  /^(?:[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*|"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*")$/;

/**
 * The cookies of a Cookie header (RFC 6265 §5.4), by name; later ones win
 * (as go-httpbin answers). Values in UTF-8 are read as such, as both
 * httpbins read them. A value in double quotes is given without them
 * (the quotes are cookie-value syntax, §4.1.1), as both httpbins give it.
 * More than {@link MAX_COOKIE_PAIRS} throws 431 naming Cookie.
 */
export function parseCookies(header: string | null): Record<string, string> {
  const out: [string, string][] = [];
  if (header) {
    const parts = header.split(";");
    // Pairs, not pieces: a trailing `;` or an empty `;;` is no cookie.
    if (
      parts.length > MAX_COOKIE_PAIRS &&
      parts.filter((p) => p.includes("=")).length > MAX_COOKIE_PAIRS
    ) {
      // Reflected in part, the answer would lie about what was sent.
      throw new ParamError(
        "Cookie",
        `A Cookie header may hold at most ${MAX_COOKIE_PAIRS} cookies.`,
        431,
      );
    }
    for (const part of parts) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      // Each value read as UTF-8 on its own: one cookie of other bytes
      // leaves the others' ü an ü.
      let value = headerValueText(part.slice(eq + 1).trim());
      if (value.length >= 2 && value[0] === '"' && value.at(-1) === '"') {
        value = value.slice(1, -1);
      }
      if (name) out.push([name, value]);
    }
  }
  return Object.fromEntries(out);
}

function checkName(name: string, param: string): void {
  if (!isToken(name, 256)) {
    throw new ParamError(
      param,
      `The cookie name ${
        JSON.stringify(name.slice(0, 40))
      } is not a token (RFC 6265 §4.1.1): letters, digits and !#$%&'*+.^_\`|~- only, 1 to 256 characters.`,
    );
  }
}

function checkValue(name: string, value: string, param: string): void {
  if (value.length > MAX_COOKIE_VALUE || !VALUE.test(value)) {
    throw new ParamError(
      param,
      `The value of cookie ${name} may not contain spaces, commas, semicolons, backslashes, control characters, inner quotes or characters beyond ASCII (RFC 6265 §4.1.1), at most ${MAX_COOKIE_VALUE} characters.`,
    );
  }
}

/** The cookie pairs of a query, without the API's own parameters. */
function cookiePairs(query: string): [string, string][] {
  return queryPairs(query, MAX_SET_COOKIES, "cookies");
}

const COOKIES_SCHEMA: JsonSchema = {
  type: "object",
  required: ["cookies"],
  properties: {
    cookies: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "The request's cookies by name.",
    },
  },
};

/**
 * What setting and deleting cookies share: the attributes (scoped to the
 * API's base path) and the 302 to `/cookies` carrying the Set-Cookie lines,
 * each a `name=value` with the attributes after it. Behind trusted proxies
 * that mount the API under a path (X-Forwarded-Prefix), both the Location
 * and the cookies' Path are under it: the client sends a cookie only to
 * paths under its Path as it sees them (RFC 6265 §5.1.4).
 */
function cookieJar(ctx: DebugContext, route: Route) {
  const location = route.urlOf("cookies");
  const scoped = (path: string) => `Path=${path}; HttpOnly; SameSite=Lax`;
  const attributes = scoped(ctx.base || "/");
  const hops = ctx.limits.trustedProxies;
  const toCookies = (req: Request, cookies: string[]): Response => {
    const prefix = hops ? forwardedPrefix(req, hops) : "";
    const attrs = prefix ? scoped(prefix + ctx.base) : attributes;
    const headers = new Headers({
      ...BASE_HEADERS,
      location: prefix + location,
    });
    for (const c of cookies) headers.append("set-cookie", `${c}; ${attrs}`);
    return respond(null, 302, headers);
  };
  return { location, attributes, toCookies };
}

/** `GET /cookies`. */
export function cookies(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "The request's cookies",
    description:
      `JSON \`{"cookies": {name: value}}\` read from the Cookie header: a quoted value without its quotes, a repeated name's last value. A header of more than ${MAX_COOKIE_PAIRS} cookies gets 431 (RFC 6585 §5).`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The cookies.",
      contentType: "application/json",
      schema: COOKIES_SCHEMA,
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "Your cookies" }],
    // Read before a sleep: a header refused is answered first.
    validate: (_params, req) => parseCookies(req.headers.get("cookie")),
    handle: (_req, { checked }) => reflect({ cookies: checked }),
  });
}

/** `GET /cookies/set?n=v` and `/cookies/set/{name}/{value}`. */
export function set(ctx: DebugContext, route: Route): EndpointDef {
  const { location, attributes, toCookies } = cookieJar(ctx, route);
  return defineEndpoint({
    summary: "Set cookies, then see them",
    description:
      `A 302 to \`${location}\` with one Set-Cookie per query parameter (\`sleep\` excepted), or for the \`{name}/{value}\` path, each \`${attributes}\`. Names must be tokens and values cookie-octets, optionally quoted (RFC 6265 §4.1.1); at most ${MAX_SET_COOKIES} at once.`,
    params: [{
      name: "name",
      in: "path",
      type: "string",
      required: false,
      maxLength: 256,
      description: "The path form's cookie name.",
      example: "flavour",
    }, {
      name: "value",
      in: "path",
      type: "string",
      required: false,
      maxLength: MAX_COOKIE_VALUE,
      description: "The path form's cookie value.",
      example: "oat",
    }, sleepParam(ctx.limits)],
    responses: [{
      status: "302",
      description: "To /cookies, with the cookies set.",
      headers: [
        { name: "Location", description: location },
        { name: "Set-Cookie", description: "One per cookie." },
      ],
    }, PROBLEM_4XX],
    examples: [
      {
        url: route.url({}, "flavour=oat&kind=digestive"),
        description: "Two cookies",
      },
      {
        url: route.url({ name: "flavour", value: "oat" }),
        description: "The path form",
      },
    ],
    // Checked before any sleep (bad input is refused first); the handler
    // sets what passed.
    validate: ({ name, value }, req): [string, string][] => {
      // The path form gives both or neither.
      if (name !== undefined && value !== undefined) {
        checkName(name, "name");
        checkValue(name, value, "value");
        return [[name, value]];
      }
      const pairs = cookiePairs(new URL(req.url).search);
      for (const [n, v] of pairs) {
        checkName(n, n);
        checkValue(n, v, n);
      }
      return pairs;
    },
    handle: (req, { checked: pairs }) =>
      toCookies(req, pairs.map(([n, v]) => `${n}=${v}`)),
  });
}

/** `GET /cookies/delete?n`. */
export function remove(ctx: DebugContext, route: Route): EndpointDef {
  const { location, toCookies } = cookieJar(ctx, route);
  return defineEndpoint({
    summary: "Expire cookies, then see the rest",
    description:
      `A 302 to \`${location}\` expiring each cookie named in the query (\`Max-Age=0\`, same Path and attributes as when set).`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "302",
      description: "To /cookies, with the cookies expired.",
      headers: [
        { name: "Location", description: location },
        { name: "Set-Cookie", description: "One per cookie, expired." },
      ],
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({}, "flavour"),
      description: "Forget a cookie",
    }],
    validate: (_params, req) => {
      const names = cookiePairs(new URL(req.url).search).map(([n]) => n);
      for (const n of names) checkName(n, n);
      return names;
    },
    handle: (req, { checked: names }) => {
      return toCookies(
        req,
        names.map((n) =>
          `${n}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
        ),
      );
    },
  });
}
