/**
 * "Copy as cURL" for a recorded request: which of its headers a replay
 * sends, and whether curl should decode the answer. The command itself is
 * the shared builder's (`lib/shared/curl.ts`).
 */
import { curlCommand } from "../shared/curl.ts";
import type { NameValue } from "./pairs.ts";

/**
 * Headers curl must not copy: HTTP/2 and HTTP/3 pseudo-headers (RFC 9113
 * §8.3; curl sets them from the URL and method) and Content-Length (curl
 * computes it from the body, and a stale one breaks an edited body).
 */
function skipped(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith(":") || n === "content-length";
}

/**
 * The command repeating a recorded request. `--compressed` when the browser
 * sent Accept-Encoding, so curl decodes the answer as the browser did.
 */
export function harCurl(
  method: string,
  url: string,
  headers: readonly NameValue[],
  body?: string,
): string {
  const sent = headers.filter((h) => !skipped(h.name));
  return curlCommand(
    { method, url, headers: sent.map((h) => [h.name, h.value]), body },
    {
      compressed: sent.some((h) => h.name.toLowerCase() === "accept-encoding"),
    },
  );
}
