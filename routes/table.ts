/**
 * The route table: every page of the app, the not-found page, and where
 * the debug API is mounted. `server/app.ts` registers exactly these; the
 * debug API's own routes are listed in `lib/debug/routes.ts`.
 */
import type { PageModule } from "./page.ts";
import * as home from "./index.tsx";
import * as spec from "./spec.tsx";
import * as compare from "./compare.tsx";
import * as har from "./har.tsx";
import * as debug from "./debug.tsx";
import * as notFound from "./_404.tsx";

/** The pages, by path. */
export const PAGES: Readonly<Record<string, PageModule>> = {
  "/": home,
  "/spec": spec,
  "/spec/compare": compare,
  "/har": har,
  "/debug": debug,
};

/** The page for any other path outside the debug API. */
export const NOT_FOUND_PAGE: PageModule = notFound;

/** Where the debug API is mounted (its index answers here too). */
export const DEBUG_API_BASE = "/api/debug";
