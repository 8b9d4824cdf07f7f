/**
 * Whether a recorded URL may be a link that opens it in a new tab, as
 * DevTools' "Open in new tab" does: only an absolute `http` or `https`
 * URL. Any other scheme is the browser's own to answer (Fetch §4.2,
 * scheme fetch): a `javascript:` URL runs script, a `data:` or `blob:`
 * one shows content the file holds or no longer exists, and `file:`,
 * `ftp:` or `ws:` open nothing a tab can show.
 */
import { formatCount } from "./format.ts";

/**
 * Longest URL offered: Chromium does not navigate to a longer one, and a
 * hostile file's 50 MB URL would be copied into the link's attribute.
 */
export const MAX_OPEN_URL_CHARS = 2 * 1024 * 1024;

/** The link to open `url`, or "" and why it is none. */
export type OpenUrl = { href: string; note: "" } | { href: ""; note: string };

/**
 * The link opening `url`: its parsed form (RFC 3986 §4.3, an absolute
 * URI), which is what the browser would navigate to, so the scheme
 * checked is the one followed (leading spaces or tabs inside `java
 * script:` are no way past it).
 */
export function openUrl(url: string): OpenUrl {
  if (url.length > MAX_OPEN_URL_CHARS) {
    return {
      href: "",
      note: `The URL is too long for a browser to open (${
        formatCount(url.length)
      } characters).`,
    };
  }
  // Checked on the text as recorded as well: the URL parser drops leading
  // spaces and controls, which no recorded request's URL has.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase() ?? "";
  if (scheme === "http" || scheme === "https") {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === `${scheme}:` && parsed.host) {
        return { href: parsed.href, note: "" };
      }
    } catch { /* said below */ }
    return { href: "", note: "The URL is not one a browser can open." };
  }
  return {
    href: "",
    note: scheme
      ? `Only an http or https URL opens in a new tab; this URL's scheme is ${scheme}.`
      : "Only an http or https URL opens in a new tab.",
  };
}
