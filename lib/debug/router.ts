/**
 * The debug API's own dispatcher: request in, response out, no framework.
 *
 * Why not Hono routes: on `/status/200` Hono's dispatch plus the app's
 * header middleware cost about a third of the throughput (bench/http_bench.ts),
 * and Hono answers HEAD by re-wrapping the GET response with a null body,
 * which makes Deno add `Content-Length: 0` to streams. Paths are matched
 * against the catalog's templates, so the routes are the catalog.
 */
import { DEBUG_BASE } from "./catalog_parts.ts";
import type { DebugContext } from "./context.ts";
import { type DebugRoute, debugRoutes, notFoundProblem } from "./handlers.ts";
import { isPreflight, preflight, urlPath } from "./http.ts";
import { errorProblem } from "./problem.ts";

export { urlPath };

interface Compiled {
  route: DebugRoute;
  /** Segments after the base: literal text, or null for a parameter. */
  segments: (string | null)[];
  names: string[];
}

function compile(route: DebugRoute): Compiled {
  const parts = route.path.slice(DEBUG_BASE.length + 1).split("/");
  const names: string[] = [];
  const segments = parts.map((p) => {
    const m = /^\{(\w+)\}$/.exec(p);
    if (!m) return p;
    names.push(m[1]);
    return null;
  });
  return { route, segments, names };
}

/** Percent-decodes a segment; malformed escapes stay as written. */
function decode(seg: string): string {
  if (!seg.includes("%")) return seg;
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** Whether a path is the debug API's (`/api/debug` or below). */
export function isDebugPath(path: string): boolean {
  return path.startsWith(DEBUG_BASE) &&
    (path.length === DEBUG_BASE.length || path[DEBUG_BASE.length] === "/");
}

/** What Deno.serve passes as a handler's second argument (the part used). */
export interface ServeInfo {
  remoteAddr?: { hostname?: string };
}

/** The client key of the rate limit: the peer address (no proxy headers are trusted). */
function clientKey(info: unknown): string {
  const addr = (info as ServeInfo | undefined)?.remoteAddr;
  return addr?.hostname ?? "unknown";
}

/**
 * A fetch handler for every path under `/api/debug`. Called as
 * `(req, path, info)` by the app, or as `(req, info)` when served directly.
 */
export function createRouter(
  ctx: DebugContext,
): (
  req: Request,
  path?: unknown,
  info?: unknown,
) => Response | Promise<Response> {
  // Every catalog path has its own first segment, so one lookup finds it.
  const byFirst = new Map<string, Compiled>();
  for (const r of debugRoutes(ctx)) {
    const c = compile(r);
    byFirst.set(c.segments[0]!, c);
  }
  // `known` is the app's already-computed path; Deno.serve passes its info
  // object in that place when the router is served directly.
  return (req, known?: unknown, info?: unknown) => {
    const path = typeof known === "string" ? known : urlPath(req.url);
    if (req.method === "OPTIONS" && isPreflight(req)) return preflight(req);
    if (ctx.rate) {
      // Preflights are exempt: a browser reports a refused one as a CORS
      // failure, hiding the 429 and its Retry-After from the script.
      try {
        ctx.rate.take(clientKey(typeof known === "string" ? info : known));
      } catch (err) {
        return errorProblem(err);
      }
    }
    const parts = path.slice(DEBUG_BASE.length + 1).split("/");
    const hit = byFirst.get(decode(parts[0]));
    if (!hit || hit.segments.length !== parts.length) {
      return notFoundProblem(req, ctx);
    }
    const params: Record<string, string> = {};
    let n = 0;
    for (let i = 1; i < parts.length; i++) {
      const want = hit.segments[i];
      if (want === null) params[hit.names[n++]] = decode(parts[i]);
      else if (want !== decode(parts[i])) return notFoundProblem(req, ctx);
    }
    return hit.route.handle(req, params);
  };
}
