/**
 * The app's own URLs as a page writes them: references relative to the
 * page (RFC 3986 §4.2, resolved by §5.2), climbing from its path to the
 * app's root. A proxy that mounts the app under a path and strips it
 * (nginx `location /tools/ { proxy_pass http://app/; }`) keeps every
 * page's depth below that path, so the page's style sheets, scripts,
 * links and API calls land under the mount without the server knowing
 * it: no header is trusted for them, and the page's own URL is the one
 * source of truth. (`<base>` would do it once, but the CSP's `base-uri
 * 'none'` forbids it, server/security.ts.)
 */

/**
 * Deeper than this, a page (only the not-found page can be) links from
 * the server's root instead: each climb is three bytes in every one of
 * its links, and a client could ask for thousands.
 */
const MAX_DEPTH = 32;

/**
 * The reference from a page at `pathname` (as the request has it, not
 * percent-decoded: the browser resolves against what it sent) to the
 * app's root: `./` one segment deep (`/`, `/spec`), one `../` for each
 * segment deeper (`/spec/compare` → `../`).
 */
export function rootFrom(pathname: string): string {
  let depth = 0;
  for (
    let i = pathname.indexOf("/", 1);
    i >= 0;
    i = pathname.indexOf("/", i + 1)
  ) {
    if (++depth > MAX_DEPTH) return "/";
  }
  return depth === 0 ? "./" : "../".repeat(depth);
}

/**
 * `path`, a path of the app from its root (`/spec`, `/styles.css?v=…`),
 * as written on a page whose {@link rootFrom} is `root`.
 */
export function appHref(root: string, path: string): string {
  return root + path.slice(1);
}
