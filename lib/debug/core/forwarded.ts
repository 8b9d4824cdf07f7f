/**
 * What trusted proxies say about the request they forward: the client's
 * address, the scheme and the host it asked for. Read from the de facto
 * X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host, and from the
 * RFC 7239 `Forwarded` header, only when the instance trusts proxies
 * (limit `trustedProxies`, the count of proxies in front): each proxy
 * appends to these lists, so the entry that many from the right is the
 * outermost proxy's, which no client can write, and whatever lies left of
 * it is the client's and never read.
 *
 * The X-Forwarded-* headers come first, Forwarded fills what they leave
 * out: `trustedProxies` is documented as proxies that append to
 * X-Forwarded-For, which nginx 1.22 and Caddy 2.6 do while passing a
 * client's own Forwarded header through untouched; letting Forwarded win
 * would let any client there choose its address for the rate limit.
 *
 * A Forwarded header these functions cannot read (bad syntax in the part
 * read, a value of the wrong form, a parameter twice in one element, or
 * longer than {@link MAX_FORWARDED_CHARS}) is ignored as if absent and the
 * request served, as nginx ignores a malformed forwarded address: the
 * client cannot correct what a proxy wrote, and a 400 would fail requests
 * for a header the endpoint does not need. So is an X-Forwarded-Prefix
 * that is not a plain path ({@link forwardedPrefix}).
 */
import { MAX_FORWARDED_CHARS, MAX_FORWARDED_PREFIX_CHARS } from "./limits.ts";

/** What one element of a Forwarded header says (RFC 7239 §5). */
export interface ForwardedElement {
  /** The node the proxy got the request from: an address, `unknown` or an obfuscated `_name`, without brackets or port. */
  for?: string;
  /** The scheme the request came in with, lower-cased. */
  proto?: string;
  /** The Host the request came with, lower-cased. */
  host?: string;
}

/**
 * The entry `hops` from the right of a comma-separated list (each proxy
 * appends one), trimmed; the leftmost when the list is shorter (every
 * entry then came from a proxy). Scans from the right only as far as
 * needed: a client may make the list long.
 */
export function entryFromRight(list: string, hops: number): string {
  let end = list.length;
  let entry = "";
  for (let left = hops; left > 0 && end >= 0; left--) {
    const comma = list.lastIndexOf(",", end - 1);
    entry = list.slice(comma + 1, end).trim();
    end = comma;
  }
  return entry;
}

// RFC 9110 §5.6.2 tchar.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 7239 §6: node = nodename [ ":" node-port ]; an IPv6 address (and so
// any node with a port) must be quoted, which the caller has undone.
const PORT = "(?::(?:[0-9]{1,5}|_[A-Za-z0-9._-]+))?";
const NODE_V4 = new RegExp(
  `^([0-9]{1,3}(?:\\.[0-9]{1,3}){3}|unknown|_[A-Za-z0-9._-]+)${PORT}$`,
  "i",
);
const NODE_V6 = new RegExp(`^\\[([0-9A-Fa-f:.]{2,45})\\]${PORT}$`);
// RFC 3986 §3.1 scheme.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
// RFC 9110 §7.2 Host: uri-host [ ":" port ], as names and addresses are
// written in practice (a registered name of letters, digits, dots, hyphens
// and underscores; an IPv6 literal in brackets).
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * `value` lower-cased when it is a host as Host carries one and a URL can
 * be built on it, else null: the URL parser refuses some the pattern lets
 * through (`1.2.3.999` is read as an IPv4 address, a port over 65535,
 * `[:::]`), and an absolute Location is built with it.
 */
export function hostOf(value: string): string | null {
  if (!HOST.test(value)) return null;
  try {
    new URL(`http://${value}/`);
  } catch {
    return null;
  }
  return value.toLowerCase();
}

/**
 * The element of a Forwarded header `hops` from the right, the leftmost
 * when there are fewer (RFC 7239 §4: each proxy appends one), read; null
 * when it cannot be read (see the module comment).
 */
export function forwardedElement(
  value: string,
  hops: number,
): ForwardedElement | null {
  if (value.length > MAX_FORWARDED_CHARS || hops < 1) return null;
  const span = elementSpan(value, hops);
  return span && readElement(value.slice(span[0], span[1]));
}

/**
 * Where the element `hops` from the right lies, found from the right: a
 * comma inside a quoted string separates nothing, and a quote after an odd
 * run of backslashes is a quoted-pair (RFC 9110 §5.6.4). Null when quotes
 * are left open.
 */
function elementSpan(value: string, hops: number): [number, number] | null {
  let end = value.length;
  let quoted = false;
  let count = 0;
  for (let i = value.length - 1; i >= 0; i--) {
    const c = value.charCodeAt(i);
    if (c === 0x22) {
      let slashes = 0;
      while (i - 1 - slashes >= 0 && value[i - 1 - slashes] === "\\") slashes++;
      if (slashes % 2 === 0) quoted = !quoted;
    } else if (c === 0x2c && !quoted) {
      if (++count === hops) return [i + 1, end];
      end = i;
    }
  }
  return quoted ? null : [0, end];
}

/**
 * One forwarded-element (RFC 7239 §4): `pair *( ";" pair )` with
 * `pair = token "=" ( token / quoted-string )`; optional whitespace is
 * allowed around `;` and the element, as the list syntax allows it around
 * commas (RFC 9110 §5.6.1).
 */
function readElement(text: string): ForwardedElement | null {
  const out: ForwardedElement = {};
  const seen: string[] = [];
  const s = text.trim();
  let i = 0;
  while (i < s.length) {
    if (s[i] === ";" || s[i] === " " || s[i] === "\t") {
      i++;
      continue;
    }
    const eq = s.indexOf("=", i);
    if (eq < 0) return null;
    const name = s.slice(i, eq).toLowerCase();
    if (!TOKEN.test(name) || seen.includes(name)) return null;
    seen.push(name);
    let raw: string;
    i = eq + 1;
    if (s[i] === '"') {
      raw = "";
      for (i++; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === "\\") i++;
        raw += s[i] ?? "";
      }
      if (i >= s.length) return null;
      i++;
    } else {
      let stop = i;
      while (stop < s.length && s[stop] !== ";" && s[stop] !== " ") stop++;
      raw = s.slice(i, stop);
      if (!TOKEN.test(raw)) return null;
      i = stop;
    }
    while (s[i] === " " || s[i] === "\t") i++;
    if (i < s.length && s[i] !== ";") return null;
    if (name === "for") {
      const node = NODE_V4.exec(raw) ?? NODE_V6.exec(raw);
      if (!node) return null;
      out.for = node[1];
    } else if (name === "proto") {
      if (!SCHEME.test(raw)) return null;
      out.proto = raw.toLowerCase();
    } else if (name === "host") {
      const host = hostOf(raw);
      if (host === null) return null;
      out.host = host;
    }
    // `by` and extension parameters (RFC 7239 §5.5) say nothing used here.
  }
  return out;
}

/** `http` or `https` when `proto` names one (any case), else undefined. */
function webScheme(proto: string | undefined): string | undefined {
  const lower = proto?.toLowerCase();
  return lower === "http" || lower === "https" ? lower : undefined;
}

/**
 * The request URL as the client sent it to the outermost of `hops` trusted
 * proxies: its scheme from X-Forwarded-Proto (or X-Forwarded-Protocol, or
 * `X-Forwarded-Ssl: on`), else Forwarded `proto`; its host from
 * X-Forwarded-Host, else Forwarded `host`; the path and query as received.
 * A header that says it in a form no URL has (a scheme but http or https,
 * a host of other characters) is passed over for the next; what none of
 * them says stays as in `req.url`.
 */
export function proxiedUrl(req: Request, hops: number): string {
  const h = req.headers;
  const url = req.url;
  const listed = h.get("x-forwarded-proto") ?? h.get("x-forwarded-protocol");
  let proto = webScheme(
    listed !== null
      ? entryFromRight(listed, hops)
      : h.get("x-forwarded-ssl")?.trim().toLowerCase() === "on"
      ? "https"
      : undefined,
  );
  const xHost = h.get("x-forwarded-host");
  let host = xHost === null ? null : hostOf(entryFromRight(xHost, hops));
  if (proto === undefined || host === null) {
    const header = h.get("forwarded");
    const element = header === null ? null : forwardedElement(header, hops);
    proto ??= webScheme(element?.proto);
    host ??= element?.host ?? null;
  }
  const colon = url.indexOf(":");
  const start = url.indexOf("/", colon + 3);
  const scheme = proto ?? url.slice(0, colon);
  const authority = host ??
    url.slice(colon + 3, start < 0 ? url.length : start);
  const prefix = forwardedPrefix(req, hops);
  return `${scheme}://${authority}${prefix}${
    start < 0 ? "/" : url.slice(start)
  }`;
}

// RFC 3986 §3.3: one or more `/segment`, each of unreserved characters,
// sub-delims, `:` and `@`, but `,` (it separates list entries), `;` (it
// would end a cookie's Path and start attributes of the proxy's client's
// choosing, RFC 6265 §4.1.1) and `%` (an encoded `/` or `.` would slip a
// `//` or a `..` past this check); an optional trailing `/`.
const PREFIX = /^(?:\/[A-Za-z0-9._~!$&'()*+=:@-]+)+\/?$/;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/**
 * The path a proxy in front mounts this server under, as it says in
 * X-Forwarded-Prefix (Traefik's StripPrefix sends it, an nginx `location
 * /tools/ { proxy_pass http://upstream/; }` is given it with
 * `proxy_set_header`): the entry `hops` from the right, without its
 * trailing slash, to be put before the path of every URL of this server
 * the API prints or sends. `""` when there is none or when the entry is not
 * a plain absolute path: longer than {@link MAX_FORWARDED_PREFIX_CHARS}, a
 * `//` (which would make a Location a network-path reference, RFC 3986
 * §4.2, to another host), a `.` or `..` segment, a scheme, a `%`, or
 * another character a path segment does not have unencoded. Such an entry
 * is ignored as if absent, as an unreadable Forwarded header is (see the
 * module comment).
 */
export function forwardedPrefix(req: Request, hops: number): string {
  const listed = req.headers.get("x-forwarded-prefix");
  if (listed === null || hops < 1) return "";
  const entry = entryFromRight(listed, hops);
  if (
    entry.length > MAX_FORWARDED_PREFIX_CHARS || !PREFIX.test(entry) ||
    DOT_SEGMENT.test(entry)
  ) {
    return "";
  }
  return entry.endsWith("/") ? entry.slice(0, -1) : entry;
}

/**
 * `path`, a path of this server as it receives it, as the client behind
 * `hops` trusted proxies reaches it: under their {@link forwardedPrefix}.
 * Unchanged when the instance trusts no proxy, without reading a header.
 */
export function clientPath(req: Request, hops: number, path: string): string {
  return hops > 0 ? forwardedPrefix(req, hops) + path : path;
}
