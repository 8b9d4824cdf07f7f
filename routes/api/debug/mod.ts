/**
 * The debug API, mounted at `/api/debug` by `server/app.ts`. Routing
 * and handlers live in `lib/debug/` (router.ts dispatches from the catalog);
 * this adapter builds one instance with the env limits.
 */
import { Hono } from "hono";
import {
  envLimits,
  envServiceLimits,
  type ServiceLimits,
} from "../../../lib/debug/limits.ts";
import { createContext } from "../../../lib/debug/context.ts";
import { createRouter } from "../../../lib/debug/router.ts";
import { notFoundProblem } from "../../../lib/debug/handlers.ts";

/** A debug API instance (tests pass tiny limits and a fixed clock). */
export function createDebugApi(
  limits = envLimits(),
  now?: () => Date,
  service: ServiceLimits = envServiceLimits(),
) {
  const ctx = createContext(limits, now, service);
  const fetch = createRouter(ctx);
  const app = new Hono().all("*", (c) => fetch(c.req.raw));
  const notFound = (req: Request) => notFoundProblem(req, ctx);
  return { app, ctx, fetch, notFound };
}

const main = createDebugApi();

/** Hono sub-app with every debug endpoint (env limits). */
export const debugApi: Hono = main.app;
/** The same API as a plain fetch handler: the app's fast path. */
export const debugFetch = main.fetch;
/** Its context: limits, catalog and timer counters (tests read them). */
export const debugContext = main.ctx;
/** 404 problem+json for unknown paths under `/api/debug/`. */
export const debugNotFound: (req: Request) => Response = main.notFound;
