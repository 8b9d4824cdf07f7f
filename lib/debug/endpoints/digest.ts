/**
 * `/digest-auth/...`: HTTP Digest access authentication (RFC 7616), stateless.
 *
 * The nonce is `base64url(issued ms "." use limit "." HMAC)`, the HMAC made
 * with the instance's secret over the issue time, the use limit, the realm
 * and the algorithm, so a forged or altered nonce is refused without any
 * store. The client's `nc` counts its uses of a nonce (RFC 7616 §3.4): past
 * `stale_after` uses, or past {@link NONCE_TTL_MS}, a correct response gets a
 * new challenge with `stale=true`. Instances that share `secret` accept each
 * other's nonces.
 *
 * Like httpbin, the challenge and the success set the cookie
 * `fake=fake_value` (client suites check that cookies survive the
 * handshake); it is scoped to the base path like every cookie here.
 */
import { clientPath, proxiedUrl } from "../core/forwarded.ts";
import { extValue } from "../core/ext_value.ts";
import {
  type DigestInput,
  type DigestParams,
  digestResponse as sharedResponse,
  parseDigestParams,
} from "../../shared/digest.ts";
import {
  MAX_DIGEST_HEADER,
  MAX_DIGEST_PARAMS,
  MAX_STALE_AFTER,
} from "../core/limits.ts";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { parseInteger } from "../core/params.ts";
import { problem } from "../core/problem.ts";
import { authenticated, credentialParams, REALM } from "./auth.ts";
import { reflect } from "./request.ts";

/** How long a nonce stays fresh. */
export const NONCE_TTL_MS = 5 * 60_000;

/** Hash names of the algorithms (RFC 7616 §3.2), `-sess` variants included. */
const HASHES: Record<string, string> = {
  "MD5": "md5",
  "SHA-256": "sha256",
  "SHA-512": "sha512",
};

/** The algorithms offered: each hash and its session variant. */
export const ALGORITHMS: readonly string[] = Object.keys(HASHES).flatMap((
  a,
) => [a, `${a}-sess`]);

/** The parameters of a Digest Authorization header, names lower-cased. */
export type DigestCredentials = DigestParams;

/**
 * Parses a Digest Authorization header's auth-params, or null when it is
 * not a well-formed one. Bounded: {@link MAX_DIGEST_HEADER} characters,
 * {@link MAX_DIGEST_PARAMS} parameters.
 */
export function parseDigest(header: string | null): DigestCredentials | null {
  return parseDigestParams(header, MAX_DIGEST_HEADER, MAX_DIGEST_PARAMS);
}

/**
 * The user name a Digest header gives: `username*` (RFC 7616 §3.4.4, an
 * RFC 8187 `UTF-8''%C3%BC` value) when sent, else `username` read as the
 * UTF-8 a client writes there (curl sends the bytes as typed; the header
 * reaches the handler a character per byte), or as it came when that is
 * no UTF-8. Undefined for neither, or an undecodable `username*`.
 */
function digestUsername(c: DigestCredentials): string | undefined {
  const ext = c["username*"];
  if (ext !== undefined) return extValue(ext) ?? undefined;
  const name = c.username;
  if (
    name === undefined || !/[\x80-\xff]/.test(name) || /[^\0-\xff]/.test(name)
  ) {
    return name;
  }
  const bytes = Uint8Array.from(name, (ch) => ch.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return name;
  }
}

function hash(algorithm: string, text: string | Uint8Array): string {
  return createHash(HASHES[algorithm.replace(/-sess$/, "")]).update(text)
    .digest("hex");
}

/** The expected `response` (RFC 7616 §3.4.1), hashed as `algorithm` says. */
export function digestResponse(c: DigestInput): string {
  return sharedResponse(c, (t) => hash(c.algorithm, t));
}

function b64url(text: string): string {
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(
    /=+$/,
    "",
  );
}

function unb64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    return atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
}

function equal(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Signed nonces of one instance. */
export function nonces(secret: string) {
  const sign = (body: string) =>
    createHmac("sha256", secret).update(body).digest("base64url").slice(0, 22);
  return {
    /** A nonce issued at `now` for at most `limit` uses (-1: no limit). */
    issue(now: number, limit: number, algorithm: string): string {
      const body = `${now}.${limit}`;
      return b64url(`${body}.${sign(`${body}.${REALM}.${algorithm}`)}`);
    },
    /** The nonce's issue time and use limit, or null when not ours. */
    read(
      nonce: string,
      algorithm: string,
    ): { issued: number; limit: number } | null {
      const text = unb64url(nonce);
      const m = text && /^(\d{1,16})\.(-1|\d{1,9})\.([A-Za-z0-9_-]{22})$/
        .exec(text);
      if (!m) return null;
      const body = `${m[1]}.${m[2]}`;
      if (!equal(m[3], sign(`${body}.${REALM}.${algorithm}`))) return null;
      return { issued: Number(m[1]), limit: Number(m[2]) };
    },
  };
}

/** `ANY /digest-auth/{qop}/{user}/{passwd}[/{algorithm}[/{stale_after}]]`. */
export function digest(ctx: DebugContext, route: Route): EndpointDef {
  const signer = nonces(ctx.secret);
  const opaque = createHmac("sha256", ctx.secret).update("opaque").digest(
    "hex",
  ).slice(0, 32);
  const cookie = `fake=fake_value; Path=${
    ctx.base || "/"
  }; HttpOnly; SameSite=Lax`;

  const challenge = (
    qop: string,
    algorithm: string,
    limit: number,
    stale: boolean,
    why: string,
  ): Response => {
    const nonce = signer.issue(ctx.now().getTime(), limit, algorithm);
    const offered = qop.split(",").join(", ");
    const res = problem(401, why, "Authorization", {
      "www-authenticate":
        `Digest realm="${REALM}", qop="${offered}", nonce="${nonce}", opaque="${opaque}", algorithm=${algorithm}, stale=${
          stale ? "TRUE" : "FALSE"
        }`,
    });
    res.headers.append("set-cookie", cookie);
    return res;
  };

  return defineEndpoint({
    acceptsBody: true,
    summary: "Digest auth (RFC 7616), stateless",
    description:
      `200 \`{"authenticated": true, "user"}\` when the request carries a correct Digest response for \`user\` and \`passwd\` (realm \`${REALM}\`); otherwise 401 with a fresh \`WWW-Authenticate: Digest\` challenge. \`qop\` is auth, auth-int or both; \`algorithm\` MD5 (default), SHA-256, SHA-512 or a -sess variant. Nonces are signed (issue time and use limit, no server state): a forged one is refused, and after \`stale_after\` uses (the client's nc) or ${
        NONCE_TTL_MS / 60000
      } minutes a correct response gets \`stale=TRUE\` and a new nonce. Sets the cookie \`fake=fake_value\` like httpbin. Any method is answered.`,
    params: [
      {
        name: "qop",
        in: "path",
        type: "enum",
        required: true,
        enum: ["auth", "auth-int", "auth,auth-int"],
        description: "Quality of protection offered: auth, auth-int, or both.",
        example: "auth",
      },
      ...credentialParams(),
      {
        name: "algorithm",
        in: "path",
        type: "enum",
        required: false,
        default: "MD5",
        enum: ALGORITHMS,
        description:
          "Hash algorithm: MD5, SHA-256, SHA-512, or a -sess variant.",
        example: "SHA-256",
      },
      {
        name: "stale_after",
        in: "path",
        type: "string",
        required: false,
        default: "never",
        maxLength: 9,
        pattern: `never|0|[1-9][0-9]{0,${String(MAX_STALE_AFTER).length - 1}}`,
        description:
          "Uses of one nonce before it is stale (`never`, or a count).",
        example: "3",
      },
      sleepParam(ctx.limits),
    ],
    requestHeaders: [{
      name: "Authorization",
      description: "`Digest username=..., response=...` (RFC 7616 §3.4).",
    }],
    responses: [authenticated("user"), {
      ...PROBLEM_4XX,
      status: "401",
      description: "No or a wrong Digest response: a new challenge.",
      headers: [{
        name: "WWW-Authenticate",
        description: "Digest realm, qop, nonce, opaque, algorithm, stale.",
      }],
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({
        qop: "auth",
        user: "alice",
        passwd: "secret",
        algorithm: "SHA-256",
      }),
      description: "Needs alice:secret, SHA-256",
    }],
    handle: (req, { params, body }) => {
      const { qop, algorithm, user } = params;
      const stale = params.stale_after;
      const limit = stale === "never"
        ? -1
        : parseInteger("stale_after", stale, 0, MAX_STALE_AFTER);
      const header = req.headers.get("authorization");
      const c = parseDigest(header);
      if (!c) {
        return challenge(
          qop,
          algorithm,
          limit,
          false,
          header === null || !/^digest /i.test(header)
            ? "Digest credentials are required (RFC 7616)."
            : `The Digest credentials are malformed, or past ${MAX_DIGEST_HEADER} characters or ${MAX_DIGEST_PARAMS} parameters (RFC 7616 §3.4).`,
        );
      }
      const offered = qop.split(",");
      const url = new URL(req.url);
      const target = url.pathname + url.search;
      const fail = (why: string) =>
        challenge(qop, algorithm, limit, false, why);
      if ((c.algorithm ?? "MD5").toUpperCase() !== algorithm.toUpperCase()) {
        return fail(`The algorithm must be ${algorithm}.`);
      }
      if (c.realm !== REALM) return fail(`The realm must be ${REALM}.`);
      if (!c.qop || !offered.includes(c.qop)) {
        return fail(`qop must be one of ${offered.join(", ")}.`);
      }
      if (!/^[0-9a-fA-F]{8}$/.test(c.nc ?? "") || !c.cnonce || !c.response) {
        return fail("nc (8 hex digits), cnonce and response are required.");
      }
      // Behind a proxy that mounts the API under a path, the client
      // hashed the target it sent, under that path (X-Forwarded-Prefix).
      const hops = ctx.limits.trustedProxies;
      const sent = hops ? clientPath(req, hops, target) : target;
      const named = c.uri === target || c.uri === url.href ||
        (sent !== target &&
          (c.uri === sent || c.uri === proxiedUrl(req, hops)));
      if (!named) {
        return fail("uri must be this request's target.");
      }
      if (c.opaque !== undefined && c.opaque !== opaque) {
        return fail("opaque is not the one this server sent.");
      }
      const username = c.userhash === "true"
        ? (hash(algorithm, `${user}:${REALM}`) === c.username ? user : "")
        : digestUsername(c);
      if (username !== user) return fail("Wrong user name or password.");
      const issued = signer.read(c.nonce ?? "", algorithm);
      if (!issued) return fail("The nonce was not issued by this server.");
      // With userhash the header carries H(user:realm); A1 has the name.
      const expected = digestResponse({
        algorithm,
        username: user,
        realm: REALM,
        password: params.passwd,
        nonce: c.nonce,
        nc: c.nc,
        cnonce: c.cnonce,
        qop: c.qop,
        method: req.method,
        uri: c.uri,
        body,
      });
      if (!equal(expected, c.response.toLowerCase())) {
        return fail("Wrong user name or password.");
      }
      const uses = parseInt(c.nc, 16);
      const old = ctx.now().getTime() - issued.issued > NONCE_TTL_MS;
      if (old || (issued.limit >= 0 && uses > issued.limit)) {
        return challenge(
          qop,
          algorithm,
          limit,
          true,
          "The nonce is stale: answer the new challenge.",
        );
      }
      const res = reflect({ authenticated: true, user });
      res.headers.append("set-cookie", cookie);
      return res;
    },
  });
}
