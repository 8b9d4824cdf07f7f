/**
 * The runner's answer to a Digest challenge (RFC 7616 §3.4), as curl
 * `--digest` and Postman give one: the first request gets 401 with
 * `WWW-Authenticate: Digest …` and its nonce, the second carries the
 * response computed from it. Web Crypto has no MD5 (RFC 7616's default),
 * and its digests are asynchronous: the hashes are `@noble/hashes`'.
 */
import { md5 } from "@noble/hashes/legacy.js";
import { sha256, sha512, sha512_256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import {
  type DigestParams,
  digestResponse,
  parseDigestParams,
} from "../../lib/shared/digest.ts";
import { parseChallenges } from "../../lib/shared/auth_challenges.ts";
// The challenge is read within the bounds the server reads an answer in.
import {
  MAX_DIGEST_HEADER,
  MAX_DIGEST_PARAMS,
} from "../../lib/debug/core/limits.ts";

/** The hashes RFC 7616 §3.2 names (and SHA-512, which the server offers). */
const HASHES: Readonly<Record<string, (b: Uint8Array) => Uint8Array>> = {
  "MD5": md5,
  "SHA-256": sha256,
  "SHA-512-256": sha512_256,
  "SHA-512": sha512,
};

/**
 * How strong each hash is, to choose among Digest challenges (RFC 9110
 * §11.6.1: the strongest scheme the client understands): by the digest's
 * length, the server's order among equals (RFC 7616 §3.7: challenges come
 * in its order of preference).
 */
const STRENGTH: Readonly<Record<string, number>> = {
  "MD5": 1,
  "SHA-256": 2,
  "SHA-512-256": 2,
  "SHA-512": 3,
};

/** A value as a quoted-string (RFC 9110 §5.6.4). */
function quoted(v: string): string {
  return `"${v.replace(/[\\"]/g, (c) => "\\" + c)}"`;
}

/**
 * The Authorization header answering `challenge` (a WWW-Authenticate
 * value) for `user` and `passwd`, or why there is none. `target` is the
 * request-target (path and query), `body` the request's, `cnonce` a fresh
 * client nonce. The value may carry several challenges (a Basic and a
 * Digest, a Digest per algorithm): the strongest Digest this page can
 * answer is answered. `auth` is chosen when offered (`auth-int` hashes the
 * body as sent); a user name beyond ASCII goes as `username*` (RFC 7616
 * §3.4.4: a header value is bytes, RFC 8187's encoding).
 */
export function digestAuthorization(
  challenge: string | null,
  cred: { user: string; passwd: string },
  method: string,
  target: string,
  body: string | undefined,
  cnonce: string,
): { header: string } | { reason: string } {
  const digests = (parseChallenges(challenge, MAX_DIGEST_HEADER) ?? [])
    .filter((c) => c.scheme.toLowerCase() === "digest")
    .map((c) =>
      parseDigestParams(
        `Digest ${c.params}`,
        MAX_DIGEST_HEADER,
        MAX_DIGEST_PARAMS,
      )
    );
  let best: Usable | null = null;
  let reason = "its WWW-Authenticate is no Digest challenge";
  for (const [i, c] of digests.entries()) {
    const u = usable(c);
    if ("reason" in u) {
      if (i === 0) reason = u.reason; // the server's first choice's
    } else if (!best || STRENGTH[u.hash] > STRENGTH[best.hash]) best = u;
  }
  if (!best) return { reason };
  const { c, algorithm, qop } = best;
  const hashOf = HASHES[best.hash];
  const nc = "00000001";
  const response = digestResponse({
    algorithm,
    username: cred.user,
    realm: c.realm,
    password: cred.passwd,
    nonce: c.nonce,
    nc,
    cnonce,
    qop,
    method,
    uri: target,
    body: utf8ToBytes(body ?? ""),
  }, (t) => bytesToHex(hashOf(typeof t === "string" ? utf8ToBytes(t) : t)));
  const name = /^[\x20-\x7e]*$/.test(cred.user)
    ? `username=${quoted(cred.user)}`
    : `username*=UTF-8''${encodeURIComponent(cred.user)}`;
  const params = [
    name,
    `realm=${quoted(c.realm)}`,
    `nonce=${quoted(c.nonce)}`,
    `uri=${quoted(target)}`,
    `algorithm=${algorithm}`,
    `qop=${qop}`,
    `nc=${nc}`,
    `cnonce=${quoted(cnonce)}`,
    `response=${quoted(response)}`,
    ...(c.opaque !== undefined ? [`opaque=${quoted(c.opaque)}`] : []),
  ];
  return { header: `Digest ${params.join(", ")}` };
}

/** A Digest challenge this page can answer, and how. */
interface Usable {
  c: DigestParams & { realm: string; nonce: string };
  algorithm: string;
  /** The algorithm without `-sess`, upper-case: a key of {@link HASHES}. */
  hash: string;
  qop: "auth" | "auth-int";
}

/** How `c` is answered, or why it cannot be. */
function usable(c: DigestParams | null): Usable | { reason: string } {
  if (!c || c.nonce === undefined || c.realm === undefined) {
    return { reason: "its WWW-Authenticate is no Digest challenge" };
  }
  const algorithm = c.algorithm ?? "MD5";
  const hash = algorithm.replace(/-sess$/i, "").toUpperCase();
  if (!HASHES[hash]) return { reason: `it asks for algorithm ${algorithm}` };
  const offered = (c.qop ?? "").split(",").map((q) => q.trim().toLowerCase());
  const qop = offered.includes("auth")
    ? "auth"
    : offered.includes("auth-int")
    ? "auth-int"
    : null;
  // RFC 2069's answer without qop is obsolete (RFC 7616 §3.3 requires it).
  if (!qop) return { reason: "it offers no qop (auth or auth-int)" };
  return {
    c: c as Usable["c"],
    algorithm,
    hash,
    qop,
  };
}
