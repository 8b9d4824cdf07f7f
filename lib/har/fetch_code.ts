/**
 * "Copy as fetch": a recorded request as a `fetch` call that Node.js (18
 * and later) and Deno run as they are, as DevTools' "Copy as fetch
 * (Node.js)" writes it: the method, the URL, the headers a replay sends
 * ({@link replayOf}) and the body. Every string is a JSON string literal,
 * valid JavaScript (ECMA-262 §12.9.4, U+2028 included since ES2019), so a
 * recorded value cannot end the literal and run as code.
 */
import type { Replay } from "./curl.ts";
import { bytesBase64 } from "../shared/base64.ts";

/**
 * Headers `fetch` writes itself or refuses: hop-by-hop ones (RFC 9110
 * §7.6.1), which undici rejects, and Host, which it takes from the URL (a
 * Host naming another authority, kept by curl, cannot be sent by fetch).
 */
const FETCH_OWNS = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** `r` as a `fetch` call; its headers as recorded, repeats joined. */
export function fetchCode(r: Replay): string {
  const headers = new Map<string, string>();
  const names = new Map<string, string>();
  for (const [name, value] of r.headers) {
    const n = name.toLowerCase();
    if (FETCH_OWNS.has(n)) continue;
    const had = headers.get(n);
    // Repeated fields join with ", " (RFC 9110 §5.3); Cookie with "; "
    // (RFC 6265 §5.4), as a browser sends one.
    headers.set(
      n,
      had === undefined
        ? value
        : `${had}${n === "cookie" ? "; " : ", "}${value}`,
    );
    if (!names.has(n)) names.set(n, name);
  }
  const lines = [`  method: ${JSON.stringify(r.method)},`];
  if (headers.size) {
    lines.push("  headers: {");
    for (const [n, value] of headers) {
      lines.push(
        `    ${JSON.stringify(names.get(n))}: ${JSON.stringify(value)},`,
      );
    }
    lines.push("  },");
  }
  const bodiless = r.method === "GET" || r.method === "HEAD";
  if (r.body && bodiless) {
    // Fetch §5.4 (Request constructor): a GET or HEAD with a body throws.
    lines.push(
      `  // The recorded ${r.method} body is left out: fetch sends none with ${r.method}.`,
    );
  } else if (r.body?.text !== undefined) {
    lines.push(`  body: ${JSON.stringify(r.body.text)},`);
  } else if (r.body?.bytes) {
    lines.push(
      `  body: Uint8Array.from(atob(${
        JSON.stringify(bytesBase64(r.body.bytes))
      }), (c) => c.charCodeAt(0)),`,
    );
  }
  return `await fetch(${JSON.stringify(r.url)}, {\n${lines.join("\n")}\n});\n`;
}
