/**
 * "Copy as cURL": a POSIX shell command that repeats a recorded request.
 * Every argument is single-quoted (POSIX 2.2.3: nothing is special inside
 * single quotes, so `'` itself is written `'\''`).
 */

/** What a request needs to be replayed. */
export interface CurlRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  body?: string;
}

/** Quotes one shell word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Headers curl must not copy: HTTP/2 and HTTP/3 pseudo-headers (RFC 9113
 * 8.3, curl sets them from the URL and method) and Content-Length (curl
 * computes it from the body, and a stale one breaks an edited body).
 */
function skipped(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith(":") || n === "content-length";
}

/** Builds the command, one option per line for readability. */
export function toCurl(req: CurlRequest): string {
  const parts = [`curl ${shellQuote(req.url)}`];
  const method = req.method.toUpperCase() || "GET";
  const hasBody = req.body !== undefined && req.body !== "";
  // curl already sends GET, or POST when given a body.
  // `-X HEAD` would wait for a body that never comes: `--head` does not.
  if (method === "HEAD") parts.push("--head");
  else if (!(method === "GET" && !hasBody) && !(method === "POST" && hasBody)) {
    parts.push(`-X ${shellQuote(method)}`);
  }
  let compressed = false;
  for (const h of req.headers) {
    if (skipped(h.name)) continue;
    if (h.name.toLowerCase() === "accept-encoding") compressed = true;
    parts.push(`-H ${shellQuote(`${h.name}: ${h.value}`)}`);
  }
  if (hasBody) parts.push(`--data-raw ${shellQuote(req.body!)}`);
  // Decode what Accept-Encoding asked for, as the browser did.
  if (compressed) parts.push("--compressed");
  return parts.join(" \\\n  ");
}
