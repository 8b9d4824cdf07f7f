/**
 * The one cURL command builder: a request as a command for a POSIX shell,
 * used by the debug runner, the HAR viewer's "Copy as cURL" and the spec
 * viewer.
 *
 * Quoting: inside single quotes nothing is special to a POSIX shell (XCU
 * §2.2.3), so every value is single-quoted and a `'` in it is written
 * `'\''` (close, escaped quote, reopen). Words that cannot be misread (a
 * plain method name) stay bare for readability.
 *
 * Options:
 * - The URL first, then one option per line (` \` continuations).
 * - `-X METHOD` only when curl would not send that method anyway: curl
 *   sends GET, or POST when given a body. Leaving an inferable `-X` out also
 *   keeps `-L` honest: `-X` pins the method on every hop, while curl without
 *   it (like browsers, Fetch §4.4 "HTTP-redirect fetch") switches a POST to
 *   GET after 301/302/303. HEAD is `--head`: with `-X HEAD` curl waits for
 *   a body that never comes.
 * - `-H 'Name: value'` per header, in order. An empty value is written
 *   `-H 'Name;'`: curl reads `Name:` as "remove this header", and `Name;`
 *   as "send it empty".
 * - `--data-raw` for the body: unlike `-d`, a leading `@` is not a file name.
 * - `--compressed` (decode what the server compresses), `-N` (no output
 *   buffering, for event streams), `-L` (follow redirects) when asked.
 */

/** A header as a name and a value. */
export type HeaderPair = readonly [name: string, value: string];

/** The request a command repeats. */
export interface CurlRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** In the order they are sent; repeated names are repeated. */
  headers: readonly HeaderPair[];
  /** The body; undefined or "" for none. */
  body?: string;
}

/** How curl should behave beyond sending the request. */
export interface CurlOptions {
  /** Follow redirects (`-L`). */
  follow?: boolean;
  /** Ask for and decode a compressed response (`--compressed`). */
  compressed?: boolean;
  /** Print the response as it arrives (`-N`). */
  stream?: boolean;
}

const SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** Quotes one word for a POSIX shell (always quoted). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A word as is when a shell reads it unchanged, else quoted. */
export function shellWord(s: string): string {
  return SAFE.test(s) ? s : shellQuote(s);
}

/** The command for `req`: `curl 'URL'`, then one option per line. */
export function curlCommand(
  req: CurlRequest,
  options: CurlOptions = {},
): string {
  const parts = [`curl ${shellQuote(req.url)}`];
  const method = req.method.toUpperCase() || "GET";
  const hasBody = req.body !== undefined && req.body !== "";
  if (method === "HEAD") parts.push("--head");
  else if (method !== (hasBody ? "POST" : "GET")) {
    parts.push(`-X ${shellWord(method)}`);
  }
  for (const [name, value] of req.headers) {
    parts.push(
      `-H ${shellQuote(value === "" ? `${name};` : `${name}: ${value}`)}`,
    );
  }
  if (hasBody) parts.push(`--data-raw ${shellQuote(req.body!)}`);
  if (options.compressed) parts.push("--compressed");
  if (options.stream) parts.push("-N");
  if (options.follow) parts.push("-L");
  return parts.join(" \\\n  ");
}
