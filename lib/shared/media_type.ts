/**
 * The media type of a Content-Type value (RFC 9110 §8.3.1): type and
 * subtype, lower-cased (they are case-insensitive), without parameters.
 * One reading for the debug API's forms, the JSON check and the runner.
 */

/** `Text/HTML; charset=utf-8` → `text/html`; "" for none. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0].trim().toLowerCase();
}
