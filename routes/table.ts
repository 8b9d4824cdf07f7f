/**
 * The route table: every page of the app, the not-found page, and where
 * the debug API is mounted. `server/app.ts` registers exactly these; the
 * debug API's own routes are listed in `lib/debug/routes.ts`.
 *
 * A page's module (and with it the server-side rendering) is loaded on the
 * first request for a page: a server that only answers the debug API, as
 * in a test run or under load, never holds it. In memory that is about
 * 15 MB per isolate, over a quarter of an idle server (106 MB against 77
 * for `deno serve --parallel` on two cores).
 */
import type { PageModule } from "./page.ts";

/** Loads a page's module (once: the runtime caches the import). */
export type PageLoader = () => Promise<PageModule>;

/** The pages, by path. */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  "/": () => import("./index.tsx"),
  "/spec": () => import("./spec.tsx"),
  "/spec/compare": () => import("./compare.tsx"),
  "/har": () => import("./har.tsx"),
  "/debug": () => import("./debug.tsx"),
};

/** The page for any other path outside the debug API. */
export const NOT_FOUND_PAGE: PageLoader = () => import("./_404.tsx");

/** Where the debug API is mounted (its index answers here too). */
export const DEBUG_API_BASE = "/api/debug";
