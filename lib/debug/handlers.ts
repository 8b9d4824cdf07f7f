/**
 * Which family handler serves which catalog entry. `createDebugApi`
 * registers one route per catalog entry from this table, so a catalog entry
 * without a handler fails at start, not at request time.
 */
import type { EndpointId } from "./catalog_types.ts";
import type { DebugContext } from "./context.ts";
import {
  endpointHandler,
  type FamilyHandler,
  type HandlerOptions,
} from "./pipeline.ts";
import { statusHandler } from "./status.ts";
import { redirectHandler } from "./redirect.ts";
import { echoHandler } from "./echo.ts";
import { brotliHandler, deflateHandler, gzipHandler } from "./compress.ts";
import { sseHandler } from "./sse.ts";
import { openApiHandler } from "./openapi_handler.ts";
import { DEBUG_BASE } from "./catalog_parts.ts";
import { problem } from "./problem.ts";

const TABLE: Record<EndpointId, [FamilyHandler, HandlerOptions?]> = {
  // The contract says ANY for these two: every method token is answered.
  status: [statusHandler, { anyMethod: true }],
  redirect: [redirectHandler, { anyMethod: true }],
  echo: [echoHandler],
  gzip: [gzipHandler],
  deflate: [deflateHandler],
  brotli: [brotliHandler],
  sse: [sseHandler],
  openapi: [openApiHandler],
};

/** A route: the catalog path template and its complete handler. */
export interface DebugRoute {
  /** e.g. `/api/debug/status/{code}` */
  path: string;
  handle: (
    req: Request,
    path: Record<string, string>,
  ) => Response | Promise<Response>;
}

/** One route per catalog entry, handlers wrapped with the shared steps. */
export function debugRoutes(ctx: DebugContext): DebugRoute[] {
  return ctx.catalog.map((ep) => {
    const [fn, opts] = TABLE[ep.id];
    return { path: ep.path, handle: endpointHandler(ep, fn, ctx, opts) };
  });
}

/**
 * 404 problem+json for an unknown debug path, pointing at the endpoint the
 * client probably meant (same first segment) and at openapi.json.
 */
export function notFoundProblem(req: Request, ctx: DebugContext): Response {
  const path = new URL(req.url).pathname;
  const first = path.slice(DEBUG_BASE.length + 1).split("/")[0];
  const near = first
    ? ctx.catalog.find((e) =>
      e.path.slice(DEBUG_BASE.length + 1).split("/")[0] === first
    )
    : undefined;
  const hint = near
    ? ` Did you mean ${near.path}?`
    : ` The endpoints are listed at ${DEBUG_BASE}/openapi.json.`;
  return problem(404, `No debug endpoint at ${path}.${hint}`);
}
