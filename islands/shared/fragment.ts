/**
 * A tool's state in the URL fragment, so a reload, a bookmark or a shared
 * link keeps it: the one place fragments are read and written. The
 * fragment never reaches a server (RFC 3986 §3.5; RFC 9110 §4.2.4 keeps it
 * out of requests and Referer), so what a user types stays in the browser.
 *
 * Two shapes: `#key=value&...` (the whole fragment is the state), and
 * `#id?key=value&...` (the state of the section `id`, whose bare `#id` is
 * still a plain anchor). Values use `application/x-www-form-urlencoded`
 * (URLSearchParams), with commas left as they are: a sub-delimiter allowed
 * in a fragment (RFC 3986 §3.5), read back the same, and easier to read in
 * `type=image,script`. Parsing and formatting are pure; only
 * {@link replaceFragment} touches the page.
 */

/**
 * True when `hash` is a plain in-page anchor (`#main`, followed from a
 * "Skip to content" link), not a `#key=value` state: a tool that keeps its
 * state in the fragment leaves its state as it is (and writes it back)
 * when one is followed, where reading it as "every key absent" reset the
 * view. "" is a state (all defaults: Back to the page without one).
 */
export function isAnchorFragment(hash: string): boolean {
  const h = hash.replace(/^#/, "");
  return h !== "" && !h.includes("=");
}

/** The parameters of a `#key=value&...` fragment (with or without `#`). */
export function fragmentParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ""));
}

/**
 * The section and parameters of a `#id?key=value` fragment: `params` is
 * null for a bare `#id` (an anchor, not a state).
 */
export function fragmentTarget(
  hash: string,
): { id: string; params: URLSearchParams | null } {
  const h = hash.replace(/^#/, "");
  const q = h.indexOf("?");
  if (q < 0) return { id: h, params: null };
  return { id: h.slice(0, q), params: new URLSearchParams(h.slice(q + 1)) };
}

/**
 * The fragment, `#` included, for `params`: `#key=value`, or with `id`
 * `#id?key=value`. Empty parameters give "" (or `#id`, or `#id?` when
 * `always`, which makes following the link load the state).
 */
export function formatFragment(
  params: URLSearchParams,
  id?: string,
  always = false,
): string {
  const q = params.toString().replace(/%2C/g, ",");
  if (id === undefined) return q ? `#${q}` : "";
  return `#${id}${q || always ? `?${q}` : ""}`;
}

/**
 * Puts `fragment` in the address bar as a new history entry, so Back
 * returns to the view before (an operation opened, as Swagger UI's deep
 * links do); no scroll, no `hashchange` (Back fires one).
 */
export function pushFragment(fragment: string): void {
  if (fragment === location.hash) return;
  history.pushState(null, "", location.pathname + location.search + fragment);
}

/**
 * Puts `fragment` ("" for none) in the address bar in place of the current
 * one: no history entry per keystroke, no scroll, no `hashchange`.
 */
export function replaceFragment(fragment: string): void {
  if (fragment === location.hash) return; // "#" alone reads as ""
  history.replaceState(
    history.state,
    "",
    location.pathname + location.search + fragment,
  );
}
