/**
 * httpbin's cookie endpoints: `/cookies` shows the Cookie header,
 * `/cookies/set?n=v` and `/cookies/set/{name}/{value}` set cookies and
 * redirect to `/cookies`, `/cookies/delete?n` expires them. Cookies are
 * scoped to the API's base path, HttpOnly and SameSite=Lax, so a cookie set
 * here never reaches the pages beside it. Names and values must be what
 * RFC 6265 §4.1.1 lets a server send; anything else is 400, never a
 * header built from unchecked input.
 */
import { type JsonSchema, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import type { Endpoint } from "../core/pipeline.ts";
import { BASE_HEADERS, respond } from "../core/http.ts";
import { ParamError } from "../core/params.ts";
import { reflect } from "./request.ts";

/** A cookie-name: an RFC 9110 token. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;
/** A cookie-value: cookie-octets, optionally in double quotes. */
const VALUE =
  /^(?:[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*|"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*")$/;
/** Most cookies one request may set or delete. */
const MAX_COOKIES = 50;
const MAX_VALUE = 4096;

/** The cookies of a Cookie header (RFC 6265 §5.4), by name; later ones win. */
export function parseCookies(header: string | null): Record<string, string> {
  const out: [string, string][] = [];
  if (header) {
    for (const part of header.split(";").slice(0, 500)) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (name) out.push([name, part.slice(eq + 1).trim()]);
    }
  }
  return Object.fromEntries(out);
}

function checkName(name: string, param: string): void {
  if (!NAME.test(name)) {
    throw new ParamError(
      param,
      `The cookie name ${
        JSON.stringify(name.slice(0, 40))
      } is not a token (RFC 6265 §4.1.1): letters, digits and !#$%&'*+.^_\`|~- only, 1 to 256 characters.`,
    );
  }
}

function checkValue(name: string, value: string, param: string): void {
  if (value.length > MAX_VALUE || !VALUE.test(value)) {
    throw new ParamError(
      param,
      `The value of cookie ${name} may not contain spaces, commas, semicolons, backslashes, control characters or inner quotes (RFC 6265 §4.1.1), at most ${MAX_VALUE} characters.`,
    );
  }
}

/** The cookie pairs of a query, without the API's own parameters. */
function queryPairs(
  query: string,
  own: ReadonlySet<string>,
): [string, string][] {
  const pairs = [...new URLSearchParams(query)].filter(([n]) => !own.has(n));
  if (pairs.length > MAX_COOKIES) {
    throw new ParamError(
      "query",
      `At most ${MAX_COOKIES} cookies at once, got ${pairs.length}.`,
    );
  }
  return pairs;
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

/** The cookie family. */
export function cookieEndpoints(ctx: DebugContext): Endpoint[] {
  const b = ctx.base;
  const sleep = sleepParam(ctx.limits);
  const own = new Set(["sleep"]);
  const attributes = `Path=${b || "/"}; HttpOnly; SameSite=Lax`;
  const toCookies = (cookies: string[]): Response => {
    const headers = new Headers({ ...BASE_HEADERS, location: `${b}/cookies` });
    for (const c of cookies) headers.append("set-cookie", c);
    return respond(null, 302, headers);
  };
  const setAll = (pairs: [string, string][], param: (n: string) => string) => {
    for (const [name, value] of pairs) {
      checkName(name, param(name));
      checkValue(name, value, param(name));
    }
    return toCookies(pairs.map(([n, v]) => `${n}=${v}; ${attributes}`));
  };
  return [{
    spec: {
      id: "cookies",
      path: `${b}/cookies`,
      methods: ["GET", "HEAD"],
      acceptsBody: false,
      streaming: false,
      summary: "The request's cookies",
      description:
        'JSON `{"cookies": {name: value}}` read from the Cookie header.',
      params: [sleep],
      responses: [{
        status: "200",
        description: "The cookies.",
        contentType: "application/json",
        schema: COOKIES_SCHEMA,
      }, PROBLEM_4XX],
      examples: [{ url: `${b}/cookies`, description: "Your cookies" }],
    },
    handle: (req) =>
      reflect({ cookies: parseCookies(req.headers.get("cookie")) }),
  }, {
    spec: {
      id: "cookies-set",
      path: `${b}/cookies/set`,
      methods: ["GET", "HEAD"],
      acceptsBody: false,
      streaming: false,
      summary: "Set cookies, then see them",
      description:
        `A 302 to \`${b}/cookies\` with one Set-Cookie per query parameter (\`sleep\` excepted), or for the \`{name}/{value}\` path, each \`${attributes}\`. Names must be tokens and values cookie-octets, optionally quoted (RFC 6265 §4.1.1); at most ${MAX_COOKIES} at once.`,
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
        maxLength: MAX_VALUE,
        description: "The path form's cookie value.",
        example: "oat",
      }, sleep],
      responses: [{
        status: "302",
        description: "To /cookies, with the cookies set.",
        headers: [
          { name: "Location", description: `${b}/cookies` },
          { name: "Set-Cookie", description: "One per cookie." },
        ],
      }, PROBLEM_4XX],
      examples: [
        {
          url: `${b}/cookies/set?flavour=oat&kind=digestive`,
          description: "Two cookies",
        },
        { url: `${b}/cookies/set/flavour/oat`, description: "The path form" },
      ],
    },
    aliases: [`${b}/cookies/set/{name}/{value}`],
    handle: (_req, { params, query }) => {
      if (params.name !== undefined) {
        const name = params.name as string;
        return setAll(
          [[name, params.value as string]],
          (n) => n === name ? "name" : "value",
        );
      }
      return setAll(queryPairs(query, own), (n) => n);
    },
    // Checked before any sleep: bad input is refused first.
    validate: (params, req) => {
      if (params.name !== undefined) {
        checkName(params.name as string, "name");
        checkValue(params.name as string, params.value as string, "value");
        return;
      }
      for (const [n, v] of queryPairs(new URL(req.url).search, own)) {
        checkName(n, n);
        checkValue(n, v, n);
      }
    },
  }, {
    spec: {
      id: "cookies-delete",
      path: `${b}/cookies/delete`,
      methods: ["GET", "HEAD"],
      acceptsBody: false,
      streaming: false,
      summary: "Expire cookies, then see the rest",
      description:
        `A 302 to \`${b}/cookies\` expiring each cookie named in the query (\`Max-Age=0\`, same Path and attributes as when set).`,
      params: [sleep],
      responses: [{
        status: "302",
        description: "To /cookies, with the cookies expired.",
        headers: [
          { name: "Location", description: `${b}/cookies` },
          { name: "Set-Cookie", description: "One per cookie, expired." },
        ],
      }, PROBLEM_4XX],
      examples: [{
        url: `${b}/cookies/delete?flavour`,
        description: "Forget a cookie",
      }],
    },
    validate: (_params, req) => {
      for (const [n] of queryPairs(new URL(req.url).search, own)) {
        checkName(n, n);
      }
    },
    handle: (_req, { query }) => {
      const names = queryPairs(query, own).map(([n]) => n);
      return toCookies(
        names.map((n) =>
          `${n}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`
        ),
      );
    },
  }];
}
