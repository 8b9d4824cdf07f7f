/**
 * Assembles the whole app from an options object: one Hono router holding
 * the pages of `routes/table.ts` and every route of the debug API mounted
 * at its base, with static files and the 404 page as the fallback. Hono's
 * path normalisation (percent-decoding, RFC 3986 §6.2.2.2) decides for
 * every request which route answers, so `/%61pi/debug/status/200` is the
 * debug API's like `/api/debug/status/200`.
 */
import { Hono } from "hono";
import { createDebugApi, type DebugApi } from "../lib/debug/api.ts";
import type { DebugOptions } from "../lib/debug/mod.ts";
import {
  DEBUG_API_BASE,
  NOT_FOUND_PAGE,
  type PageLoader,
  PAGES,
} from "../routes/table.ts";
import type { PageContext } from "../routes/page.ts";
import { type AssetOptions, createAssets } from "./assets.ts";
import { applySecurityHeaders } from "./security.ts";
import { pageResponse } from "./page_response.ts";
import { isFilePath } from "./content_type.ts";
import type { Samples } from "../components/debug/samples.ts";
import { forwardedPrefix, proxiedUrl } from "../lib/debug/core/forwarded.ts";

/** What the app is built from (the entries read it from env, tests pass it). */
export interface AppOptions {
  /** The debug API's options; its base is always {@link DEBUG_API_BASE}. */
  debug?: Omit<DebugOptions, "base">;
  /** Where static files and bundles are. */
  assets?: AssetOptions;
}

/** The assembled app. */
export interface App {
  /** The fetch handler (`export default { fetch }` in main.ts). */
  fetch(
    req: Request,
    info?: Deno.ServeHandlerInfo,
  ): Response | Promise<Response>;
  /** Starts a graceful shutdown of the debug API (see lib/debug/core/lifecycle.ts). */
  drain(): void;
  /** The mounted debug API (tests read its counters). */
  readonly debug: DebugApi;
  /** The Hono router. */
  readonly router: Hono;
}

/** Builds the app; throws RangeError on invalid debug options. */
export function createApp(options: AppOptions = {}): App {
  const debug = createDebugApi({ ...options.debug, base: DEBUG_API_BASE });
  const assets = createAssets(options.assets);
  const router = new Hono();
  const fetch = (req: Request, info?: Deno.ServeHandlerInfo) =>
    router.fetch(req, info);

  // Recorded from the real API on the first page render (a few
  // milliseconds), by an instance of the same options but a fixed clock,
  // seed and key (see RECORDING_OPTIONS), routed as any request. Like the
  // pages and their renderer, loaded with the first page (routes/table.ts).
  let samples: Promise<Samples> | undefined;
  const recordAll = async () => {
    const m = await import("../components/debug/samples.ts");
    const api = createDebugApi({
      ...options.debug,
      limits: { ...options.debug?.limits, rateLimitPerMinute: 0 },
      ...m.RECORDING_OPTIONS,
      base: DEBUG_API_BASE,
    });
    const recorder = new Hono();
    api.register(recorder);
    recorder.onError((err) => api.onError(err));
    return m.recordSamples((req) => recorder.fetch(req), api.catalog);
  };
  let renderer: Promise<typeof import("./render.tsx")> | undefined;
  const pageContext = async (): Promise<PageContext> => ({
    buildUrl: (entry) => assets.buildUrl(entry),
    debug: {
      base: debug.ctx.base,
      catalog: debug.catalog,
      limits: debug.ctx.limits,
      samples: await (samples ??= recordAll()),
    },
  });

  const page = async (
    load: PageLoader,
    req: Request,
    status: number,
  ): Promise<Response> => {
    const [module, { renderPage }, context] = await Promise.all([
      load(),
      renderer ??= import("./render.tsx"),
      pageContext(),
    ]);
    const url = new URL(req.url);
    const html = new TextEncoder().encode(
      renderPage(module, url, mountUrl(req, url), context, assets),
    );
    return pageResponse(req, html, status);
  };

  // Where the app's root is for the client, for text a page shows before
  // its script reads the page's own URL: behind trusted proxies, the URL
  // they were asked for (RFC 7239 §5.3-5.4) under their X-Forwarded-Prefix.
  const hops = debug.ctx.limits.trustedProxies;
  const mountUrl = (req: Request, url: URL) =>
    hops > 0
      ? new URL(proxiedUrl(req, hops)).origin + forwardedPrefix(req, hops)
      : url.origin;

  for (const [path, load] of Object.entries(PAGES)) {
    router.get(path, (c) => page(load, c.req.raw, 200));
    // A page takes GET and HEAD only: say so (RFC 9110 §15.5.6, §9.3.7)
    // rather than answer another method with the not-found page.
    router.all(path, (c) => notAPageMethod(c.req.method));
  }
  debug.register(router);

  // Static files are the fallback: a route of their own would also match
  // the API's paths and put a second handler on every API request.
  router.notFound((c) => {
    const path = c.req.path;
    if (debug.owns(path)) {
      return debug.notFound(c.req.raw, path, c.env as Deno.ServeHandlerInfo);
    }
    const file = assets.serve(c.req.raw, path, c.req.query("v") ?? null);
    if (file) {
      applySecurityHeaders(file);
      return file;
    }
    // A script, style sheet or image is fetched by the browser, not read:
    // the not-found page (1.6 kB of HTML) would be bytes nobody sees.
    if (path.startsWith("/_build/") || isFilePath(path)) return fileNotFound();
    return page(NOT_FOUND_PAGE, c.req.raw, 404);
  });

  router.onError((err, c) => {
    if (debug.owns(c.req.path)) return debug.onError(err);
    console.error(err);
    const res = new Response("Internal Server Error", {
      status: 500,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-length": "21",
      },
    });
    applySecurityHeaders(res);
    return res;
  });

  return { fetch, drain: () => debug.drain(), debug, router };
}

/** A missing file's answer: short, plain, not stored. */
function fileNotFound(): Response {
  const res = new Response("Not Found\n", {
    status: 404,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-length": "10",
      "cache-control": "no-store",
    },
  });
  applySecurityHeaders(res);
  return res;
}

/** Methods a page answers, for `Allow`. */
const PAGE_METHODS = "GET, HEAD, OPTIONS";

/**
 * A page's answer to a method other than GET and HEAD: 204 with `Allow`
 * for OPTIONS, else 405 with `Allow` (RFC 9110 §15.5.6: it must list them).
 */
function notAPageMethod(method: string): Response {
  const res = method === "OPTIONS"
    ? new Response(null, { status: 204, headers: { allow: PAGE_METHODS } })
    : new Response(
      `${method.slice(0, 40)} is not allowed on a page; use GET.\n`,
      {
        status: 405,
        headers: {
          allow: PAGE_METHODS,
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
        },
      },
    );
  applySecurityHeaders(res);
  return res;
}
