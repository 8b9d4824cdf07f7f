/**
 * A response's `httpVersion` as DevTools' Protocol column names it: the
 * ALPN protocol IDs of RFC 7301 §6 (`http/1.1`, `h2` of RFC 9113 §3.1,
 * `h3` of RFC 9114 §3.1), where exporters write `HTTP/2.0`, `HTTP/2` or
 * `http/2.0` for the same thing.
 */

/** Version digits and the ALPN ID DevTools shows for them. */
const BY_VERSION: Record<string, string> = {
  "0.9": "http/0.9",
  "1.0": "http/1.0",
  "1.1": "http/1.1",
  "2": "h2",
  "2.0": "h2",
  "3": "h3",
  "3.0": "h3",
};

/**
 * The protocol as DevTools names it (`h2` for `HTTP/2.0`), or `written`
 * as it is when it names none of these (`h3-29`, `http/2+quic/46`).
 * WebPageTest writes the bare digits (`1.1`).
 */
export function protocolName(written: string): string {
  const m = /^\s*(?:http\/)?(\d(?:\.\d)?)\s*$/i.exec(written);
  return (m && BY_VERSION[m[1]]) || written;
}
