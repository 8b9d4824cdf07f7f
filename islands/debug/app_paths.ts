/**
 * The app's paths /debug shows as text (`/api/debug`, an endpoint's path,
 * an example's URL), written by the server from the app's root, shown
 * from where the page really is once its script runs. A proxy that mounts
 * the app under a path and strips it, trusted by no one, serves the page
 * at `/tools/debug`: the page's links, relative to it
 * (components/app_path.ts), go to `/tools/api/debug/get`, and the text
 * beside them says so too, read from the page's own URL, no header.
 */

/** Whether the page's paths were shown already (one runner does it). */
let shown = false;

/**
 * The path the app is mounted under, from its root's absolute URL
 * (`http://host/tools/`, or without the final `/`): `/tools`, or "" at the
 * origin's root and for a URL that is none (the server's text before the
 * page says where it is).
 */
export function mountPath(rootUrl: string): string {
  return URL.canParse(rootUrl)
    ? new URL(rootUrl).pathname.replace(/\/$/, "")
    : "";
}

/**
 * Puts the mount the page is under (the path of `root`, the reference
 * from the page to the app's root, resolved against the page's URL)
 * before every `[data-app-path]` element's path, once.
 */
export function showAppPaths(root: string, doc: Document = document): void {
  if (shown) return;
  shown = true;
  const mount = mountPath(new URL(root, doc.location.href).href);
  if (!mount) return;
  for (const el of doc.querySelectorAll<HTMLElement>("[data-app-path]")) {
    el.textContent = mount + el.dataset.appPath;
  }
}
