/**
 * The URL a server listening on an address is reached at, for the line an
 * entry prints and `startDebugServer`'s `url`: a wildcard address (all
 * interfaces) is reached on loopback, which the self-signed certificate
 * names (tls.ts), and an IPv6 address is bracketed (RFC 3986 §3.2.2).
 */

/** `scheme://host:port` + `base` for a listener on `hostname`:`port`. */
export function listenUrl(
  scheme: "http" | "https",
  hostname: string,
  port: number,
  base: string,
): string {
  const host = hostname === "0.0.0.0"
    ? "127.0.0.1"
    : hostname === "::" || hostname === "[::]"
    ? "[::1]"
    : hostname.includes(":") && !hostname.startsWith("[")
    ? `[${hostname.replace("%", "%25")}]` // a zone's `%` (RFC 6874 §2)
    : hostname;
  return `${scheme}://${host}:${port}${base === "/" ? "" : base}`;
}
