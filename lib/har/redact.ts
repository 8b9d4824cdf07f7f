/**
 * What counts as a secret, and how one value is redacted. Shared by the
 * parse-time counts (the banner) and the sanitizer (the download).
 *
 * Names are compared after lower-casing and dropping every character that is
 * not a letter or digit, so `X-Api-Key`, `api_key` and `apiKey` are the same
 * name. A word matches any name that contains it; a word written `=word`
 * matches only a name equal to it (short words such as `code` or `key` would
 * otherwise hit `countryCode` or `monkey`).
 */

/**
 * A header's or pair's value as text: an exporter that wrote a number
 * (`"value": 123456789`) still wrote the value.
 */
export function valueText(v: unknown): string {
  return typeof v === "number" ? String(v) : typeof v === "string" ? v : "";
}

/** Marker that replaces a redacted value. */
export const REDACTED = "[REDACTED]";
/** Marker for redacted URL query values (stays a valid URL). */
const REDACTED_URL = "REDACTED";

/**
 * Default word list (editable in the UI): the names that OAuth 2.0 (RFC 6749
 * `access_token`, `refresh_token`, `client_secret`, `code`), OpenID Connect
 * (`id_token`), AWS SigV4 (`X-Amz-Signature`, `X-Amz-Credential`,
 * `X-Amz-Security-Token`), Azure (`Ocp-Apim-Subscription-Key`,
 * `x-functions-key`), STOMP's `passcode`, CSRF
 * defences and session cookies use for secrets.
 */
export const DEFAULT_REDACT_WORDS: readonly string[] = [
  "token",
  "secret",
  "password",
  "passwd",
  "passcode",
  "session",
  "sessid",
  "apikey",
  "accesskey",
  "subscriptionkey",
  "functionskey",
  "privatekey",
  "signature",
  "credential",
  "authorization",
  "csrf",
  "xsrf",
  "jwt",
  "samlresponse",
  "=auth",
  "=key",
  "=code",
  "=sid",
  "=sig",
  "=pwd",
  "=pass",
  "=otp",
];

/**
 * Headers that hold an authentication challenge (RFC 9110 §11.6.1,
 * §11.7.1): a realm and a nonce, no credential, whatever they look like.
 */
export const CHALLENGE_HEADERS = new Set([
  "www-authenticate",
  "proxy-authenticate",
]);

/** Headers whose whole value is a credential, whatever the word list says. */
export const ALWAYS_SECRET_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
]);

/** Decides whether a name is secret; memoised (names repeat a lot). */
export type NameMatcher = (name: string) => boolean;

function squash(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Builds a matcher from a word list (see the module comment for syntax). */
export function nameMatcher(words: readonly string[]): NameMatcher {
  const exact = new Set<string>();
  const contains: string[] = [];
  for (const w of words) {
    const trimmed = w.trim();
    const word = squash(trimmed);
    if (!word) continue;
    if (trimmed.startsWith("=")) exact.add(word);
    else contains.push(word);
  }
  const memo = new Map<string, boolean>();
  return (name) => {
    let hit = memo.get(name);
    if (hit === undefined) {
      const n = squash(name);
      hit = n !== "" && (exact.has(n) || contains.some((w) => n.includes(w)));
      if (memo.size < 10000) memo.set(name, hit);
    }
    return hit;
  };
}

/** Splits a word list typed by a person (commas, spaces or new lines). */
export function parseWordList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** A JWT: a header and a payload, JSON objects in base64url, and a signature. */
const JWT = /^eyJ[\w-]{4,}\.eyJ[\w-]{2,}\.[\w-]*$/;

/** Runs of base64url segments joined by dots: where a JWT can be. */
const DOTTED = /[\w-]+(?:\.[\w-]*)*/g;

/**
 * `text` with each JWT in it (one starting at a word's start, as `\b`
 * reads it) replaced by what `f` gives. A scan of dotted runs, each split
 * once, not a pattern that tries again at every `eyJ`: a run of a
 * million `eyJ-` costs one pass, where such a pattern took minutes.
 */
export function replaceJwts(text: string, f: (jwt: string) => string): string {
  if (!text.includes("eyJ")) return text;
  return text.replace(DOTTED, (run: string, offset: number) => {
    if (!run.includes(".eyJ")) return run;
    const parts = run.split(".");
    /**
     * A run's first segment that starts with a percent-escape's two hex
     * digits (`%3DeyJ…`, a JWT in an encoded query): the JWT starts after.
     */
    const escapedBefore = (i: number, at: number) =>
      i === 0 && at === 2 && text[offset - 1] === "%" &&
      /^[0-9A-Fa-f]{2}/.test(run);
    let out = "";
    let i = 0;
    for (; i + 2 < parts.length; i++) {
      // The header: from its segment's last `eyJ` at a word's start.
      const seg = parts[i];
      let at = seg.lastIndexOf("eyJ");
      while (at > 0 && /\w/.test(seg[at - 1]) && !escapedBefore(i, at)) {
        at = seg.lastIndexOf("eyJ", at - 1);
      }
      const head = at < 0 ? "" : seg.slice(at);
      const jwt = `${head}.${parts[i + 1]}.${parts[i + 2]}`;
      if (at >= 0 && JWT.test(jwt)) {
        out += seg.slice(0, at) + f(jwt);
        i += 2;
        if (i + 1 < parts.length) out += ".";
        continue;
      }
      out += seg + ".";
    }
    for (; i < parts.length; i++) {
      out += parts[i] + (i + 1 < parts.length ? "." : "");
    }
    return out;
  });
}
/**
 * The parameter each auth-param scheme's credentials carry and its
 * challenge or a sentence does not: Digest's `response` (RFC 7616
 * §3.4), Hawk's `mac`, AWS4's `Signature`. AWS signs with SigV4
 * (`AWS4-HMAC-SHA256`) and, for multi-region endpoints, SigV4a
 * (`AWS4-ECDSA-P256-SHA256`).
 */
const PROOF: Record<string, RegExp> = {
  digest: /(?:^|[\s,])response\s*=/i,
  hawk: /(?:^|[\s,])mac\s*=/i,
  "aws4-hmac-sha256": /(?:^|[\s,])signature\s*=/i,
  "aws4-ecdsa-p256-sha256": /(?:^|[\s,])signature\s*=/i,
};
/** Schemes whose credential is one token68 (RFC 9110 §11.2). */
const TOKEN68_SCHEMES = ["bearer", "basic", "negotiate", "ntlm", "token"];
/** Every scheme, written once for the patterns below. */
const SCHEMES = [...TOKEN68_SCHEMES, ...Object.keys(PROOF)];

/** A value that starts with a scheme and something after it. */
const SCHEME = new RegExp(`^(${SCHEMES.join("|")})\\s+\\S`, "i");

/**
 * A scheme and what follows it as a credential has it (RFC 9110 §11.4):
 * one token68 (`Bearer abc…`, `Basic dXNlcjpwdw==`) or auth-params
 * (`Digest username="…"`, `AWS4-HMAC-SHA256 Credential=…`).
 */
const CREDENTIAL = new RegExp(
  `^(?:(${
    TOKEN68_SCHEMES.join("|")
  })\\s+([A-Za-z0-9._~+/-]{8,}=*)(?:[\\s,].*)?|(${
    Object.keys(PROOF).join("|")
  })\\s+(\\S.*))$`,
  "is",
);

/** Characters of a value read for a credential's shape. */
const MAX_CREDENTIAL_READ = 8192;

/**
 * True for values that are credentials whatever their name: JWTs, and a
 * scheme followed by a credential's shape (`Bearer abc…`); not words that
 * only start like one ("Token expired, please log in", "Basic plan").
 */
export function looksSecret(value: string): boolean {
  if (value.length < 10) return false;
  // Cheap first-letter gate: this runs on every header value of the file.
  const c = value.charCodeAt(0) | 0x20;
  if (c === 0x65) return JWT.test(value); // e(yJ...)
  if (!SCHEME_START.has(c)) return false;
  // Read from its first 8 kB: a pattern over a 50 MB value overflows the
  // regular expression engine's stack (a longer token still reads as one:
  // the cut falls inside it).
  const m = CREDENTIAL.exec(
    value.length > MAX_CREDENTIAL_READ
      ? value.slice(0, MAX_CREDENTIAL_READ)
      : value,
  );
  if (!m) return false;
  if (m[3] !== undefined) return PROOF[m[3].toLowerCase()].test(m[4]);
  // Basic's token is base64 of `user:password` (RFC 7617 §2).
  if (m[1].toLowerCase() === "basic") return basicPair(m[2]);
  return madeUp(m[2]);
}

/**
 * Whether a token looks generated rather than written: longer than any
 * word, a digit or a symbol in it, or capitals and small letters mixed
 * (`Token verification` and `Bearer required` are words).
 */
function madeUp(token: string): boolean {
  // No word is this long.
  if (token.length >= 24) return true;
  // A digit, or base64's symbols (`-` and `.` join words as well).
  if (/[0-9_~+/=]/.test(token)) return true;
  const upper = token.replace(/[^A-Z]/g, "").length;
  return upper >= 2 && token.length - upper >= 2;
}

/** Whether `token` is base64 of text holding a `:` (a Basic user-pass). */
function basicPair(token: string): boolean {
  try {
    return atob(token).includes(":");
  } catch {
    return false;
  }
}

/** First letters (lower-cased) of the schemes. */
const SCHEME_START = new Set(SCHEMES.map((s) => s.charCodeAt(0)));

/**
 * Kubernetes' way to send a bearer token from a browser, which cannot set
 * `Authorization` on a WebSocket: as a subprotocol with this prefix.
 */
const K8S_BEARER = "base64url.bearer.authorization.k8s.io.";

/** A subprotocol's name as registries write them (RFC 6455 §11.5). */
const PROTOCOL_NAME = /^[a-z][a-z0-9]*(?:[.\-_][a-z0-9]+)*$/;
/** A lower-case word this long after a secret-named protocol is a token. */
const MIN_LOWER_TOKEN = 20;

/**
 * `Sec-WebSocket-Protocol` (RFC 6455 §11.3.4) with the tokens sent in it
 * replaced: browsers' WebSocket API lets a page set no other header, so
 * servers take a credential as a subprotocol, after a protocol named like
 * a secret (`access_token, eyJ…`), behind Kubernetes' prefix, or shaped
 * like one. `count` is how many were replaced, `found` what they were.
 */
export function redactSubprotocols(
  value: string,
  isSecret: NameMatcher,
): { value: string; count: number; found: string[] } {
  const items = value.split(",");
  const found: string[] = [];
  let after = false;
  const out = items.map((raw) => {
    const item = raw.trim();
    const named = after;
    // A protocol named like a secret announces the token after it; one
    // that carries its token itself announces nothing.
    after = item !== "" && !item.startsWith(K8S_BEARER) && isSecret(item);
    if (item.startsWith(K8S_BEARER)) {
      const token = item.slice(K8S_BEARER.length);
      if (!token || token === REDACTED) return raw;
      found.push(token);
      return raw.replace(item, K8S_BEARER + REDACTED);
    }
    // After a secret-named protocol, what is no protocol name (`chat`,
    // `v12.stomp`, `graphql-ws`: lower-case words) is its token.
    const token = named &&
      (!PROTOCOL_NAME.test(item) || item.length >= MIN_LOWER_TOKEN);
    if (item && item !== REDACTED && (token || looksSecret(item))) {
      found.push(item);
      return raw.replace(item, REDACTED);
    }
    return raw;
  });
  return { value: out.join(","), count: found.length, found };
}

/** `Bearer abc` -> `Bearer [REDACTED]`: the scheme helps debugging, the rest leaks. */
export function redactCredential(value: string): string {
  const m = /^([A-Za-z0-9-]+)\s+\S/.exec(value);
  return m && SCHEME.test(value) ? `${m[1]} ${REDACTED}` : REDACTED;
}

/**
 * One `name=value` pair of a cookie with its value redacted: an empty value
 * holds nothing and stays (not counted); a pair without `=` is a cookie
 * with an empty name, all value (RFC 6265bis §5.6, what browsers send and
 * store), and goes whole.
 */
function redactCookiePair(pair: string): string {
  const eq = pair.indexOf("=");
  if (eq < 0) {
    const value = pair.trim();
    // A value holding the marker was redacted before.
    return !value || value.includes(REDACTED)
      ? pair
      : pair.slice(0, pair.indexOf(value)) + REDACTED;
  }
  const value = pair.slice(eq + 1).trim();
  return !value || value.includes(REDACTED)
    ? pair
    : `${pair.slice(0, eq)}=${REDACTED}`;
}

/** The value of one cookie pair (`a=1` -> `1`; `abc`, nameless -> `abc`). */
export function cookieValue(pair: string): string {
  return pair.slice(pair.indexOf("=") + 1).trim();
}

/** `a=1; b=2` -> `a=[REDACTED]; b=[REDACTED]` (RFC 6265 5.4 Cookie header). */
export function redactCookieHeader(value: string): string {
  return value.split(";").map(redactCookiePair).join(";");
}

/** `id=x; Path=/` -> `id=[REDACTED]; Path=/` (RFC 6265 4.1 Set-Cookie). */
export function redactSetCookie(value: string): string {
  // Several cookies may be folded into one value, one per line.
  return value.split("\n").map((line) => {
    const semi = line.indexOf(";");
    const first = semi < 0 ? line : line.slice(0, semi);
    const rest = semi < 0 ? "" : line.slice(semi);
    return redactCookiePair(first) + rest;
  }).join("\n");
}

/** `s` percent-decoded (`+` as a space), or as it is when it does not decode. */
function decodeName(s: string): string {
  // Most names and values hold nothing to decode: no string is made then.
  if (s.indexOf("%") < 0 && s.indexOf("+") < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/**
 * A value's text rewritten (its own secrets redacted), or the same text.
 * For {@link redactQuery} and {@link redactUrl}: JSON in a value.
 */
export type ValueRewrite = (value: string) => string;

/** A query value that may be JSON, escaped or not (`{`, `%7B`, `[`, `%5B`). */
const JSON_VALUE = /^(?:[{[]|%7[Bb]|%5[Bb])/;

/**
 * Redacts secret values in an `a=1&b=2` string (a URL query or an
 * urlencoded body). Returns the text and how many values were replaced.
 * A scan, not split/map/join: a 50 MB query holds millions of pairs, and
 * only the replaced ones should cost memory.
 */
export function redactQuery(
  query: string,
  isSecret: NameMatcher,
  marker = REDACTED_URL,
  rewrite?: ValueRewrite,
): { text: string; count: number } {
  let count = 0, last = 0, eq = -1, rewritten = false;
  const out: string[] = [];
  for (let at = 0; at <= query.length;) {
    let end = query.indexOf("&", at);
    if (end < 0) end = query.length;
    // The next "=" is looked for again only once passed: a query of many
    // pairs without one must not be rescanned to its end for each pair.
    if (eq < at) eq = query.indexOf("=", at);
    if (eq < 0) eq = Infinity;
    if (eq < end) {
      const raw = query.slice(eq + 1, end);
      // A credential-shaped value has at least 10 characters (looksSecret).
      const secret = raw !== marker &&
        (isSecret(decodeName(query.slice(at, eq))) ||
          (raw.length >= 10 && looksSecret(decodeName(raw))));
      if (secret) {
        count++;
        out.push(query.slice(last, eq + 1), marker);
        last = end;
      } else if (rewrite && JSON_VALUE.test(raw)) {
        // JSON written into a value (GraphQL's `variables`): its own
        // secrets go, the rest kept; the rewrite counts what it replaced.
        const value = decodeName(raw);
        const next = rewrite(value);
        if (next !== value) {
          rewritten = true;
          out.push(query.slice(last, eq + 1), encodeURIComponent(next));
          last = end;
        }
      }
    }
    at = end + 1;
  }
  if (!count && !rewritten) return { text: query, count };
  out.push(query.slice(last));
  return { text: out.join(""), count };
}

/**
 * Redacts the secret fields of a `multipart/form-data` body (RFC 7578):
 * the content of each part for which `secret(name, content)` is true,
 * the headers and every other byte kept. `mime` gives the boundary.
 */
export function redactMultipart(
  text: string,
  mime: string,
  secret: (name: string, content: string) => boolean,
): { text: string; count: number } {
  const m = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^";\s]+))/i.exec(mime);
  const b = m?.[1] ?? m?.[2];
  if (!b) return { text, count: 0 };
  const delimiter = `--${b}`;
  let count = 0, last = 0;
  const out: string[] = [];
  // Lines end in CRLF (RFC 7578 §4.1); a capture written with bare LFs
  // is read too, as the first delimiter's line ends.
  const first = text.indexOf(delimiter);
  const crlf = text[first + delimiter.length] === "\r" ||
    text.startsWith("--\r", first + delimiter.length);
  for (let at = first; at >= 0;) {
    const head = at + delimiter.length;
    // Each part is looked at within itself, so a body of many parts costs
    // one pass.
    const next = nextDelimiter(text, delimiter, head, crlf);
    if (next < 0) break;
    const end = text[next - 1] === "\r" ? next - 1 : next;
    const part = text.slice(head, end);
    const blank = /\r?\n\r?\n/.exec(part);
    if (blank) {
      const headers = part.slice(0, blank.index);
      const start = head + blank.index + blank[0].length;
      const content = text.slice(start, end);
      const name = partName(headers);
      if (
        name !== null && content && content !== REDACTED &&
        !/;\s*filename\*?\s*=/i.test(headers) && secret(name, content)
      ) {
        out.push(text.slice(last, start), REDACTED);
        last = end;
        count++;
      }
    }
    at = next + 1;
  }
  if (!count) return { text, count };
  out.push(text.slice(last));
  return { text: out.join(""), count };
}

/**
 * Where the next delimiter line starts (its line break), or -1: the
 * boundary after a line break (CRLF in a CRLF body; RFC 2046 §5.1.1), then
 * the line's end, `--` or padding, so a value holding `\n--boundary…` is
 * no delimiter.
 */
function nextDelimiter(
  text: string,
  delimiter: string,
  from: number,
  crlf: boolean,
): number {
  for (let p = text.indexOf(`\n${delimiter}`, from); p >= 0;) {
    const after = text[p + 1 + delimiter.length];
    if (
      (!crlf || text[p - 1] === "\r") &&
      (after === undefined || after === "\r" || after === "\n" ||
        after === "-" || after === " " || after === "\t")
    ) return p;
    p = text.indexOf(`\n${delimiter}`, p + 1);
  }
  return -1;
}

/**
 * The field name in a part's Content-Disposition (RFC 7578 §4.2), quoted
 * (backslash escapes read) or not; null when there is none. Read from the
 * header's own line, found at a line's start, so no text makes the search
 * start over at every character.
 */
function partName(headers: string): string | null {
  const line = /^content-disposition:[^\r\n]*/im.exec(headers)?.[0];
  if (!line) return null;
  const m = /;\s*name\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(line);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
}

/**
 * A URL's userinfo percent-decoded (RFC 3986 §2.1; unlike a query, `+` is
 * a plus there), or as it is when it does not decode.
 */
export function decodeUserinfo(s: string): string {
  if (s.indexOf("%") < 0) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `scheme://user:password@`: the userinfo of an absolute URL. */
// The userinfo ends at the authority's last `@` (WHATWG URL's parser).
// The user ends at its first `:`, and may hold an `@` itself
// (`https://bob@corp.example:pw@host/`).
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/[^/?#:]*:)([^/?#]*)@/i;
/**
 * `scheme://TOKEN@` (or `TOKEN:@`, an empty password): a user with no
 * password, as GitHub and GitLab take an access token
 * (`https://ghp_…@github.com/`), when shaped like a token (see
 * {@link tokenUser}).
 */
const USER_TOKEN = /^([a-z][a-z0-9+.-]*:\/\/)([\w-]{20,})(:?)@/i;

/** Prefixes of access tokens that services hand out to go in a URL. */
const TOKEN_PREFIX = /^(?:gh[pousr]_|github_pat_|glpat-|glptt-|xox[a-z]-)/;

/**
 * Whether a user name alone is a token: 20 or more letters, digits, `_` or
 * `-` (USER_TOKEN) with a known token prefix, or with a letter and four
 * digits or more, as random tokens have. A person's user name is shorter,
 * holds other characters (`.`, an encoded `@`), or few digits
 * (`john_smith_the_developer_2`).
 */
function tokenUser(user: string): boolean {
  if (TOKEN_PREFIX.test(user)) return true;
  let digits = 0;
  for (let i = 0; i < user.length; i++) {
    const c = user.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  return digits >= 4 && /[a-z]/i.test(user);
}

/**
 * The credential in a URL's userinfo: its password
 * (`https://bob:pw@host/`), or, with none or an empty one, a user shaped
 * like a token (`https://ghp_…@github.com/`); "" when there is none (or it
 * is already redacted).
 */
export function urlCredential(url: string): string {
  const m = USERINFO.exec(url);
  if (m && m[2]) return m[2] !== REDACTED_URL ? m[2] : "";
  const t = USER_TOKEN.exec(url);
  return t && tokenUser(t[2]) ? t[2] : "";
}

/**
 * Where a fragment's query starts: after its `?` when it has one (a
 * single-page app's route, `#/callback?code=…`), else at its start (the
 * OAuth 2.0 implicit flow's `#access_token=…`).
 */
export function fragmentQuery(frag: string): number {
  return frag.indexOf("?") + 1;
}

/**
 * Redacts a URL's password or token user (RFC 3986 §3.2.1 deprecates
 * writing a password there, because it is exposed wherever the URL goes;
 * see {@link urlCredential}), and the secret parameters
 * of its query and of a query-like fragment (the OAuth 2.0 implicit flow
 * returns `#access_token=...`, RFC 6749 4.2.2). Values already redacted
 * are not counted again.
 */
export function redactUrl(
  url: string,
  isSecret: NameMatcher,
  rewrite?: ValueRewrite,
): { text: string; count: number } {
  let count = 0;
  if (urlCredential(url)) {
    url = USERINFO.exec(url)?.[2]
      ? url.replace(USERINFO, `$1${REDACTED_URL}@`)
      : url.replace(USER_TOKEN, `$1${REDACTED_URL}$3@`);
    count++;
  }
  const h = url.indexOf("#");
  const q = url.indexOf("?");
  let base = h < 0 ? url : url.slice(0, h);
  let frag = h < 0 ? "" : url.slice(h + 1);
  if (q >= 0 && (h < 0 || q < h)) {
    const r = redactQuery(base.slice(q + 1), isSecret, REDACTED_URL, rewrite);
    base = base.slice(0, q + 1) + r.text;
    count += r.count;
  }
  if (frag.includes("=")) {
    const at = fragmentQuery(frag);
    const r = redactQuery(frag.slice(at), isSecret, REDACTED_URL, rewrite);
    frag = frag.slice(0, at) + r.text;
    count += r.count;
  }
  return { text: h < 0 ? base : `${base}#${frag}`, count };
}
