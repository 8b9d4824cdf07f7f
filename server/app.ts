/**
 * Assembles the whole app with Hono: security headers, the debug API under
 * `/api/debug`, the four pages, static files and a real 404 page.
 */
import { Hono } from "hono";
import {
  debugApi,
  debugFetch,
  debugNotFound,
} from "../routes/api/debug/mod.ts";
import { isDebugPath, urlPath } from "../lib/debug/router.ts";
import * as home from "../routes/index.tsx";
import * as spec from "../routes/spec.tsx";
import * as har from "../routes/har.tsx";
import * as debug from "../routes/debug.tsx";
import * as notFound from "../routes/_404.tsx";
import { type PageModule, renderPage } from "./render.tsx";
import { serveStatic } from "./assets.ts";
import { applySecurityHeaders } from "./security.ts";

const PAGES: Record<string, PageModule> = {
  "/": home,
  "/spec": spec,
  "/har": har,
  "/debug": debug,
};

const HTML = "text/html; charset=utf-8";

function isApi(path: string): boolean {
  return path === "/api/debug" || path.startsWith("/api/debug/");
}

/** Builds the app; `main.ts` serves its `fetch`, tests call it directly. */
export function createApp(): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    try {
      applySecurityHeaders(c.res, isApi(c.req.path));
    } catch {
      // Immutable headers (e.g. Response.redirect): copy, then set.
      const res = new Response(c.res.body, c.res);
      applySecurityHeaders(res, isApi(c.req.path));
      c.res = res;
    }
  });

  app.route("/api/debug", debugApi);

  for (const [path, page] of Object.entries(PAGES)) {
    app.get(path, (c) => {
      const html = renderPage(page, new URL(c.req.url));
      return c.body(html, 200, {
        "content-type": HTML,
        "cache-control": "no-cache",
      });
    });
  }

  app.get("*", async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // Malformed percent-encoding (`/%zz`) names no file: a 404, not a 500.
      return next();
    }
    const res = await serveStatic(c.req.raw, path, url.searchParams.has("v"));
    return res ?? next();
  });

  app.notFound((c) => {
    if (isApi(c.req.path)) return debugNotFound(c.req.raw);
    const html = renderPage(notFound, new URL(c.req.url));
    return c.body(html, 404, {
      "content-type": HTML,
      "cache-control": "no-store",
    });
  });

  app.onError((err, c) => {
    console.error(err);
    if (isApi(c.req.path)) {
      return c.json(
        {
          type: "about:blank",
          title: "Internal Server Error",
          status: 500,
          detail: "The server failed to answer this request.",
        },
        500,
        { "content-type": "application/problem+json" },
      );
    }
    return c.text("Internal Server Error", 500);
  });

  // The debug API is answered before Hono: its dispatch and the header
  // middleware cost about a third of /api/debug/status/200's throughput, and
  // Hono's HEAD handling re-wraps bodies. lib/debug sets the same security
  // headers itself (bench/http_bench.ts, lib/debug/router.ts).
  const hono = app.fetch;
  app.fetch = (req, env, ectx) => {
    const path = urlPath(req.url);
    // `env` is Deno.serve's info (remoteAddr, for the opt-in rate limit).
    return isDebugPath(path)
      ? debugFetch(req, path, env)
      : hono(req, env, ectx);
  };

  return app;
}
