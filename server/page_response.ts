/**
 * The response carrying a rendered page: coded as Accept-Encoding asks
 * (RFC 9110 §12.5.3), with a strong entity tag per coded form, so a
 * revisit of an unchanged page is a 304 and not the page again (/debug is
 * 700 kB of HTML, 40 kB in brotli).
 */
import { codable, codingFor, encode } from "./compress.ts";
import { codedTag, entityTagOf } from "./content_hash.ts";
import { applySecurityHeaders } from "./security.ts";
import {
  ifNoneMatchFails,
  parseEntityTags,
} from "../lib/shared/entity_tags.ts";

const HTML = "text/html; charset=utf-8";

/**
 * Answers `req` with the page `html` at `status`. A 200 may be stored and
 * revalidated (`no-cache` with its ETag); any other status (the not-found
 * page) is not stored.
 */
export function pageResponse(
  req: Request,
  html: Uint8Array<ArrayBuffer>,
  status: number,
): Response {
  const coding = codable(HTML, html.byteLength)
    ? codingFor(req.headers.get("accept-encoding"))
    : null;
  const headers = new Headers({
    "content-type": HTML,
    "cache-control": status === 200 ? "no-cache" : "no-store",
    // The coding follows Accept-Encoding (RFC 9110 §12.5.5).
    "vary": "accept-encoding",
  });
  if (status === 200) {
    // The tag of the page's bytes, told from the coding's: the coded bytes
    // follow from them, and a 304 then costs no compression.
    const plain = entityTagOf(html);
    const etag = coding ? codedTag(plain, coding) : plain;
    headers.set("etag", etag);
    // Weak comparison, lists and `*` (RFC 9110 §13.1.2). A 304 carries
    // what a 200 would of ETag, Cache-Control and Vary (RFC 9110 §15.4.5).
    const tags = req.headers.get("if-none-match");
    if (
      tags !== null &&
      ifNoneMatchFails(parseEntityTags(tags), etag.slice(1, -1))
    ) {
      return secured(new Response(null, { status: 304, headers }));
    }
  }
  const body = coding ? encode(html, coding) : html;
  if (coding) headers.set("content-encoding", coding);
  // Stated, so HEAD (whose body the router drops) keeps it (RFC 9110 §8.6).
  headers.set("content-length", String(body.byteLength));
  return secured(new Response(body, { status, headers }));
}

function secured(res: Response): Response {
  applySecurityHeaders(res);
  return res;
}
