/**
 * httpbin's Basic and Bearer endpoints: `/basic-auth/{user}/{passwd}`
 * (401 with a Basic challenge, RFC 7617), `/hidden-basic-auth/...` (404
 * instead, for clients that must send credentials pre-emptively) and
 * `/bearer` (RFC 6750). Any method is answered. Digest is `digest.ts`.
 */
import { MAX_BASIC_CREDENTIALS, MAX_BEARER_TOKEN } from "../core/limits.ts";
import {
  param,
  PROBLEM_4XX,
  type ResponseSpec,
  sleepParam,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { ParamError } from "../core/params.ts";
import { reflect } from "./request.ts";

/** The realm of every challenge. */
export const REALM = "wirebench";

/** RFC 6750 §2.1 b64token. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** `user` and `passwd` path parameters. */
export function credentialParams() {
  return [
    param({
      name: "user",
      in: "path",
      type: "string",
      required: true,
      maxLength: 256,
      description: "The user name the credentials must carry.",
      example: "alice",
    }),
    param({
      name: "passwd",
      in: "path",
      type: "string",
      required: true,
      maxLength: 256,
      description: "The password the credentials must carry.",
      example: "secret",
    }),
  ] as const;
}

/**
 * The user and password of a Basic Authorization header (RFC 7617 §2),
 * decoded as UTF-8, or null when absent or malformed.
 */
export function basicCredentials(
  header: string | null,
): { user: string; password: string } | null {
  const m = /^basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header ?? "");
  if (!m || m[1].length > MAX_BASIC_CREDENTIALS) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.fromBase64(m[1]),
    );
  } catch {
    return null;
  }
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * The 200 every auth endpoint documents: `{"authenticated": true}` with the
 * user (Basic, Digest) or the token (Bearer) it accepted.
 */
export function authenticated(field: "user" | "token"): ResponseSpec {
  return {
    status: "200",
    description: "Authenticated.",
    contentType: "application/json",
    schema: {
      type: "object",
      required: ["authenticated", field],
      properties: {
        authenticated: { const: true },
        [field]: { type: "string" },
      },
    },
  };
}

/** `ANY /basic-auth/{user}/{passwd}`: 401 with a Basic challenge. */
export function basic(ctx: DebugContext, route: Route): EndpointDef {
  return basicAuth(ctx, route, false);
}

/** `ANY /hidden-basic-auth/{user}/{passwd}`: 404 instead of a challenge. */
export function hiddenBasic(ctx: DebugContext, route: Route): EndpointDef {
  return basicAuth(ctx, route, true);
}

function basicAuth(
  ctx: DebugContext,
  route: Route,
  hidden: boolean,
): EndpointDef {
  const challenge = `Basic realm="${REALM}"`;
  return defineEndpoint({
    acceptsBody: true,
    summary: hidden
      ? "Basic auth that answers 404 without credentials"
      : "Basic auth",
    description: hidden
      ? '200 `{"authenticated": true, "user"}` when the request carries Basic credentials for `user` and `passwd`; otherwise 404, with no challenge, as a server that hides a resource would. A `user` holding `:` is 400.'
      : `200 \`{"authenticated": true, "user"}\` when the request carries Basic credentials (RFC 7617) for \`user\` and \`passwd\`; otherwise 401 with \`WWW-Authenticate: ${challenge}\`. A \`user\` holding \`:\` (which no Basic credentials can carry) is 400.`,
    params: [...credentialParams(), sleepParam(ctx.limits)],
    requestHeaders: [{
      name: "Authorization",
      description: "`Basic base64(user:passwd)`.",
    }],
    responses: [
      authenticated("user"),
      hidden
        ? {
          ...PROBLEM_4XX,
          status: "404",
          description: "Missing or wrong credentials.",
        }
        : {
          ...PROBLEM_4XX,
          status: "401",
          description: "Missing or wrong credentials.",
          headers: [{ name: "WWW-Authenticate", description: challenge }],
        },
      PROBLEM_4XX,
    ],
    examples: [{
      url: route.url({ user: "alice", passwd: "secret" }),
      description: "Needs alice:secret",
    }],
    handle: (req, { params: { user, passwd } }) => {
      // RFC 7617 §2: the user-id ends at the first colon, so one holding a
      // colon can never be sent: bad input, not a 401 no client can pass.
      if (user.includes(":")) {
        throw new ParamError(
          "user",
          "A Basic user-id cannot contain ':' (RFC 7617 §2): no credentials could match.",
          400,
        );
      }
      const header = req.headers.get("authorization");
      const got = basicCredentials(header);
      if (got && got.user === user && got.password === passwd) {
        return reflect({ authenticated: true, user });
      }
      if (hidden) {
        throw new ParamError("Authorization", "No such resource.", 404);
      }
      const long = /^basic /i.test(header ?? "") &&
        header!.trim().length > "basic ".length + MAX_BASIC_CREDENTIALS;
      throw new ParamError(
        "Authorization",
        long
          ? `Basic credentials may be at most ${MAX_BASIC_CREDENTIALS} characters of base64 (RFC 7617 §2).`
          : `Basic credentials for ${
            JSON.stringify(user)
          } are required (RFC 7617).`,
        401,
        { "www-authenticate": challenge },
      );
    },
  });
}

/** `ANY /bearer`: any well-formed token (RFC 6750). */
export function bearer(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    acceptsBody: true,
    summary: "Bearer token auth",
    description:
      '200 `{"authenticated": true, "token"}` with any `Authorization: Bearer <token>` (RFC 6750 §2.1); otherwise 401 with `WWW-Authenticate: Bearer` (and `error="invalid_request"` when a Bearer header is malformed; another scheme gets none, RFC 6750 §3.1).',
    params: [sleepParam(ctx.limits)],
    requestHeaders: [{
      name: "Authorization",
      description: "`Bearer <token>`.",
    }],
    responses: [authenticated("token"), {
      ...PROBLEM_4XX,
      status: "401",
      description: "No bearer token.",
      headers: [{ name: "WWW-Authenticate", description: "Bearer" }],
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "Needs a token" }],
    handle: (req) => {
      const header = req.headers.get("authorization");
      const m = /^bearer[ ]+(\S+)[ ]*$/i.exec(header ?? "");
      if (m && m[1].length <= MAX_BEARER_TOKEN && B64TOKEN.test(m[1])) {
        return reflect({ authenticated: true, token: m[1] });
      }
      throw new ParamError(
        "Authorization",
        header === null
          ? "A bearer token is required (RFC 6750 §2.1)."
          : m && m[1].length > MAX_BEARER_TOKEN
          ? `A bearer token may be at most ${MAX_BEARER_TOKEN} characters.`
          : "The Authorization header is not `Bearer <token>` (RFC 6750 §2.1).",
        401,
        {
          // RFC 6750 §3.1: no error code for a request without Bearer
          // credentials (none, or another scheme's); `invalid_request`
          // for a Bearer one written wrong.
          "www-authenticate":
            header === null || !/^bearer(?:\s|$)/i.test(header)
              ? "Bearer"
              : 'Bearer error="invalid_request"',
        },
      );
    },
  });
}
