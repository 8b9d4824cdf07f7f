/**
 * HTTP Digest access authentication (RFC 7616), the parts a server and a
 * client share: the auth-param list both headers carry, and the
 * `response` both compute. The hash is the caller's (the server has
 * `node:crypto`; a page has no MD5 in Web Crypto), given as a function
 * from text or bytes to lower-case hex.
 */
import { leadingToken } from "./http_token.ts";

/** Auth-params of a Digest header, names lower-cased. */
export type DigestParams = Record<string, string>;

/**
 * Parses `Digest k=v, k="quoted \" value", ...` (RFC 9110 §11.4's
 * auth-param list after the scheme, as an Authorization or a
 * WWW-Authenticate header writes it), or null when it is not a well-formed
 * Digest header. Bounded: `maxChars` characters, `maxParams` parameters.
 */
export function parseDigestParams(
  header: string | null,
  maxChars: number,
  maxParams: number,
): DigestParams | null {
  if (!header || header.length > maxChars) return null;
  const m = /^digest[ ]+/i.exec(header);
  if (!m) return null;
  const out: DigestParams = {};
  let at = m[0].length;
  let count = 0;
  const s = header;
  while (at < s.length) {
    const name = leadingToken(s.slice(at));
    if (!name) return null;
    at += name.length;
    while (s[at] === " ") at++;
    if (s[at] !== "=") return null;
    at++;
    while (s[at] === " ") at++;
    let value = "";
    if (s[at] === '"') {
      at++;
      for (;;) {
        if (at >= s.length) return null;
        const c = s[at++];
        if (c === '"') break;
        if (c === "\\") {
          if (at >= s.length) return null;
          value += s[at++];
        } else value += c;
      }
    } else {
      const tok = /^[!#$%&'*+.^_`|~0-9A-Za-z-/]+/.exec(s.slice(at));
      if (!tok) return null;
      value = tok[0];
      at += value.length;
    }
    if (++count > maxParams) return null;
    out[name.toLowerCase()] = value;
    while (s[at] === " ") at++;
    if (at < s.length) {
      if (s[at] !== ",") return null;
      at++;
      while (s[at] === " ") at++;
    }
  }
  return out;
}

/** What {@link digestResponse} is computed from. */
export interface DigestInput {
  /** `MD5`, `SHA-256`…, or its `-sess` variant: only the suffix is read here. */
  algorithm: string;
  username: string;
  realm: string;
  password: string;
  nonce: string;
  nc: string;
  cnonce: string;
  qop: string;
  method: string;
  uri: string;
  body?: Uint8Array;
}

/**
 * The `response` (RFC 7616 §3.4.1): H(A1) with A1 = user:realm:passwd (for
 * `-sess`, H(that):nonce:cnonce), A2 = method:uri (`auth-int`:
 * method:uri:H(body)), `h` the algorithm's hash as lower-case hex.
 */
export function digestResponse(
  c: DigestInput,
  h: (text: string | Uint8Array) => string,
): string {
  let a1 = h(`${c.username}:${c.realm}:${c.password}`);
  if (/-sess$/i.test(c.algorithm)) a1 = h(`${a1}:${c.nonce}:${c.cnonce}`);
  const a2 = c.qop === "auth-int"
    ? h(`${c.method}:${c.uri}:${h(c.body ?? new Uint8Array())}`)
    : h(`${c.method}:${c.uri}`);
  return h(`${a1}:${c.nonce}:${c.nc}:${c.cnonce}:${c.qop}:${a2}`);
}
