/** Content types for the file endings the app serves. */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Whether a path names a file by its ending (`.css`, `.js`, `.svg`…, any
 * the app serves but `.html`, which a person may type for a page): a
 * missing one gets a short plain 404, not the not-found page a reader sees.
 */
export function isFilePath(path: string): boolean {
  const dot = path.lastIndexOf(".");
  if (dot < path.lastIndexOf("/")) return false;
  const ending = path.slice(dot).toLowerCase();
  return dot >= 0 && ending !== ".html" && Object.hasOwn(TYPES, ending);
}

/** The Content-Type for a path, by its ending; octet-stream when unknown. */
export function contentType(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && TYPES[path.slice(dot).toLowerCase()]) ||
    "application/octet-stream";
}
