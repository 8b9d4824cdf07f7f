/**
 * The two digests of a file's bytes the app uses: the version a URL pins
 * (`client.js?v=…`, written by the build into its manifest and checked by
 * the server before it promises `immutable`) and the entity tag a
 * response carries (RFC 9110 §8.8.3). Synchronous (node:crypto), so a page
 * being rendered can name a file by its version without waiting.
 */
import { createHash } from "node:crypto";

/**
 * The version of `bytes`: the first 12 hex digits of their SHA-256. The
 * build records it per entry script and the server compares a URL's `?v=`
 * with it: one function, so the two can never disagree.
 */
export function contentVersion(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 12);
}

/**
 * A strong entity tag for `bytes` (quoted): 80 bits of their SHA-1, enough
 * to tell two versions of one resource apart, which is all a validator
 * does (RFC 9110 §8.8.3).
 */
export function entityTagOf(bytes: Uint8Array): string {
  return `"${createHash("sha1").update(bytes).digest("hex").slice(0, 20)}"`;
}

/**
 * The entity tag of `etag`'s bytes sent in `coding`: a coded form is
 * another representation, with its own validator (RFC 9110 §8.8.3), or a
 * cache could answer a client that takes no coding with brotli.
 */
export function codedTag(etag: string, coding: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : etag;
}
