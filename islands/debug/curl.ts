/**
 * The cURL command equivalent to a runner request, for a POSIX shell.
 *
 * Quoting: every word that is not plainly safe is single-quoted; inside
 * single quotes nothing is special (POSIX XCU §2.2.3), so a `'` is written
 * as `'\''` (close, escaped quote, reopen).
 *
 * Options, chosen to repeat what the browser did:
 * - `-X METHOD` for every method but GET and HEAD; HEAD is `--head`, since
 *   `-X HEAD` makes curl wait for a body that never comes. With `-L`, a POST
 *   with a body goes without `-X`: `-X` pins the method on every hop, while
 *   browsers (and curl without `-X`) switch POST to GET after 301/302/303
 *   (Fetch §4.4 "HTTP-redirect fetch").
 * - `-H 'Name: value'` per header in order; an empty value is written
 *   `Name;`, because `Name:` tells curl to remove the header.
 * - `--data-raw` for the body (no `@file` interpretation).
 * - `--compressed` where the server compresses whatever is asked, so curl
 *   decodes like the browser; `-N` for event streams (no output buffering);
 *   `-L` where the runner follows redirects.
 */
import type { PreparedRequest } from "./model.ts";

const SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** Quotes one word for a POSIX shell (always quoted). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A word as is when it cannot be misread by a shell, else quoted. */
export function shellWord(s: string): string {
  return SAFE.test(s) ? s : shellQuote(s);
}

/** The command; options after the URL, one per line when there are any. */
export function toCurl(r: PreparedRequest): string {
  const opts: string[] = [];
  const method = r.method.toUpperCase();
  const hasBody = r.body !== undefined && r.body !== "";
  if (method === "HEAD") opts.push("--head");
  else if (method !== "GET" && !(r.follow && method === "POST" && hasBody)) {
    opts.push(`-X ${shellWord(method)}`);
  }
  for (const h of r.headers) {
    opts.push(
      `-H ${
        shellQuote(h.value === "" ? `${h.name};` : `${h.name}: ${h.value}`)
      }`,
    );
  }
  if (hasBody) opts.push(`--data-raw ${shellQuote(r.body!)}`);
  if (r.compressed) opts.push("--compressed");
  if (r.stream) opts.push("-N");
  if (r.follow) opts.push("-L");
  const head = `curl ${shellQuote(r.url)}`;
  return opts.length ? [head, ...opts].join(" \\\n  ") : head;
}
