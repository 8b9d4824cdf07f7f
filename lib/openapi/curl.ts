/**
 * A cURL command for one operation, as text to copy. Arguments are quoted
 * for POSIX shells (single quotes, each `'` written as `'\''`, POSIX.1-2017
 * XCU 2.2.2), so nothing in a spec (a header value, a body) is ever run by
 * the shell that pastes it. The quoting is the shared builder's
 * (lib/shared/curl.ts); the command's shape is the spec viewer's own: it
 * always names the method (`curl -X METHOD 'URL'`, as a reader of an
 * operation expects), and it adds query parameters and form fields.
 */
import {
  bodyArgs,
  needsGlobOff,
  sendableHeader,
  shellQuote,
  urlWords,
} from "../shared/curl.ts";

/** A name and a value: a query parameter, a header, a form field. */
export interface Pair {
  name: string;
  value: string;
  /** A multipart file field: sent as `-F 'name=@value'` (a file to pick). */
  file?: boolean;
}

/** What a command is built from. */
export interface CurlRequest {
  /** Upper-case method. */
  method: string;
  /** Full URL as shown (`https://api.example.com/v1/pets/{petId}`, or relative). */
  url: string;
  query: Pair[];
  headers: Pair[];
  /** `Content-Type` header value, or "". */
  contentType: string;
  /** Raw body (`--data-raw`), or null. */
  body: string | null;
  /** Multipart fields (`-F`), used instead of `body` for multipart/form-data. */
  form?: Pair[];
}

export { shellQuote };

/**
 * Percent-encodes a query name or value (RFC 3986 §3.4), leaving a `{name}`
 * placeholder readable.
 */
function queryPart(s: string): string {
  // Only a whole `{name}` is a placeholder; braces in a value (JSON) are
  // the value's.
  return /^\{[^{}"':,\s]*\}$/.test(s)
    ? `{${encodeURIComponent(s.slice(1, -1))}}`
    : encodeURIComponent(s);
}

/**
 * The command: `curl -X METHOD 'URL'`, then headers (`-H`), then the body.
 * The URL, `--globoff` and which headers can be sent are the shared
 * builder's rules.
 */
export function curlCommand(req: CurlRequest): string {
  let url = req.url;
  if (req.query.length) {
    url += (url.includes("?") ? "&" : "?") +
      req.query.map((q) => `${queryPart(q.name)}=${queryPart(q.value)}`)
        .join("&");
  }
  // A method that is not a plain word (an additionalOperations key) is
  // quoted like everything else.
  const method = /^[A-Za-z0-9_-]+$/.test(req.method)
    ? req.method
    : shellQuote(req.method);
  const parts = [`curl -X ${method} ${urlWords(url)}`];
  // `{petId}` placeholders and `[]` in names stay as written, not globbed.
  if (needsGlobOff(url)) parts.push("--globoff");
  for (const h of req.headers) {
    if (!sendableHeader(h.name, h.value)) continue;
    parts.push(`-H ${shellQuote(`${h.name}: ${h.value}`)}`);
  }
  if (req.form?.length) {
    // --form-string, not -F: a value starting with @ or < must not make
    // curl read a file. curl writes the multipart Content-Type itself.
    for (const f of req.form) {
      parts.push(
        f.file
          ? `-F ${shellQuote(`${f.name}=@${f.value}`)}`
          : `--form-string ${shellQuote(`${f.name}=${f.value}`)}`,
      );
    }
  } else {
    if (req.contentType) {
      parts.push(`-H ${shellQuote(`Content-Type: ${req.contentType}`)}`);
    }
    if (req.body !== null) {
      const data = bodyArgs(req.body);
      parts.push(data.option);
      // A body with NUL bytes is piped in: no shell word holds one.
      if (data.pipe) return `${data.pipe} |\n${parts.join(" \\\n  ")}`;
    }
  }
  return parts.join(" \\\n  ");
}

/**
 * `server` and `path` joined with one slash between them; relative servers
 * (`/v1`, `.`) stay relative.
 */
export function joinUrl(server: string, path: string): string {
  const s = server.replace(/\/+$/, "");
  if (s === "" || s === ".") return path;
  return s + (path.startsWith("/") ? path : "/" + path);
}
