/**
 * One debug API instance assembled from its options: the context, the
 * endpoints, and their registration on a Hono app. The same registration
 * serves the whole app (`server/app.ts`, under `/api/debug`) and a
 * standalone handler (`mod.ts`), so there is one router either way and
 * Hono's path normalisation decides for both which route answers.
 */
import type { Hono } from "./core/hono.ts";
import type { EndpointSpec } from "./core/catalog.ts";
import {
  createContext,
  type DebugContext,
  type DebugOptions,
} from "./core/context.ts";
import { debugEndpoints } from "./routes.ts";
import type { Endpoint } from "./core/endpoint.ts";
import { endpointRunner } from "./core/pipeline.ts";
import {
  isPreflight,
  peerAddress,
  preflight,
  type ServeInfo,
  withOrigin,
} from "./core/http.ts";
import { errorProblem, problem } from "./core/problem.ts";

/** A debug API instance. */
export interface DebugApi {
  readonly ctx: DebugContext;
  readonly endpoints: readonly Endpoint[];
  /** The endpoints' descriptions, in display order. */
  readonly catalog: readonly EndpointSpec[];
  /** Adds every route of the API, under its base, to `app`. */
  register(app: Hono): void;
  /** Whether `path` (normalised, as Hono routes it) is the base or below. */
  owns(path: string): boolean;
  /**
   * The answer for a path under the base that no route matched: 204 to a
   * CORS preflight, else 404 problem+json pointing at the nearest endpoint.
   */
  notFound(req: Request, path: string, info?: ServeInfo): Response;
  /** A 500 problem+json for an error no handler caught (a bug). */
  onError(err: unknown): Response;
  /** Starts a graceful shutdown (see core/lifecycle.ts). */
  drain(): void;
}

/**
 * A `{name}` path template in Hono's syntax: `:name`, or `:name{.+}` for a
 * parameter that takes the rest of the path.
 */
function honoPath(template: string, spec: EndpointSpec): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const rest = spec.params.find((p) => p.name === name)?.rest;
    return rest ? `:${name}{.+}` : `:${name}`;
  }) || "/";
}

/** Builds an instance; throws RangeError on invalid options. */
export function createDebugApi(options: DebugOptions = {}): DebugApi {
  const ctx = createContext(options);
  const endpoints = debugEndpoints(ctx);
  const catalog = Object.freeze(endpoints.map((e) => e.spec));
  const base = ctx.base;
  const openapi = catalog.find((e) => e.id === "openapi")?.path;
  const firstSegment = (path: string) =>
    path.slice(base.length + 1).split("/")[0];

  return {
    ctx,
    endpoints,
    catalog,
    register(app) {
      for (const ep of endpoints) {
        const run = endpointRunner(ep, ctx);
        const handler = (c: {
          req: { raw: Request; param(): Record<string, string> };
          env: unknown;
        }) => run(c.req.raw, c.req.param(), c.env as ServeInfo | undefined);
        for (const path of [ep.spec.path, ...ep.aliases]) {
          app.all(honoPath(path, ep.spec), handler);
        }
      }
    },
    owns(path) {
      return base === "" ||
        (path.startsWith(base) &&
          (path.length === base.length || path[base.length] === "/"));
    },
    notFound(req, path, info) {
      if (isPreflight(req)) {
        return withOrigin(
          ctx.corsOrigins,
          req.headers.get("origin"),
          preflight(req),
        ) as Response;
      }
      try {
        // An unknown path costs a token like any request.
        ctx.rate?.take(peerAddress(info) || "unknown");
      } catch (err) {
        return withOrigin(
          ctx.corsOrigins,
          req.headers.get("origin"),
          errorProblem(err),
        ) as Response;
      }
      const first = firstSegment(path);
      const near = first
        ? catalog.find((e) => firstSegment(e.path) === first)
        : undefined;
      const hint = near
        ? ` Did you mean ${near.path}?`
        : ` The endpoints are listed at ${openapi}.`;
      return withOrigin(
        ctx.corsOrigins,
        req.headers.get("origin"),
        problem(404, `No debug endpoint at ${path.slice(0, 200)}.${hint}`),
      ) as Response;
    },
    onError(err) {
      return errorProblem(err);
    },
    drain() {
      ctx.life.drain();
    },
  };
}
