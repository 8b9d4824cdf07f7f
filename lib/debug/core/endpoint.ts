/**
 * An endpoint seen from both sides of the route table (`../routes.ts`):
 * - a family function declares what an endpoint is and does, an
 *   {@link EndpointDef}: its documentation, parameters, checks and handler;
 * - the table says where it lives, a {@link Route}: id, methods, path
 *   templates, and the other routes' URLs;
 * - {@link mountEndpoint} joins the two into the {@link Endpoint} that the
 *   router registers, `openapi.json` describes and the `/debug` page shows.
 *
 * Parameters are declared as literals, so their declarations carry their
 * types into the handler: with `{ name: "n", type: "integer", required:
 * true }` declared, `input.params.n` is a `number` (see
 * {@link ParamValues}).
 */
import type { EndpointSpec, ParamSpec } from "./catalog.ts";
import type { DebugContext } from "./context.ts";
import type { ParamValues, ParsedParams } from "./params.ts";
import type { ServeInfo } from "./http.ts";

/**
 * What a handler gets, already validated: `V` is its parameters' values,
 * `C` what the endpoint's `validate` returned.
 */
export interface DebugInput<V = ParsedParams, C = unknown> {
  readonly params: V;
  /**
   * What `validate` worked out while checking (a redirect's target, the
   * format Accept picks), so the handler does not work it out again;
   * undefined for an endpoint without `validate`.
   */
  readonly checked: C;
  /** Raw query string without `?` (empty when none). */
  readonly query: string;
  /** The decoded body when the endpoint reads one, else empty. */
  readonly body: Uint8Array;
  /** A HEAD request: answer with the GET headers and a null body. */
  readonly head: boolean;
  /** The connection info Deno.serve passed (the peer address), if any. */
  readonly info: ServeInfo | undefined;
}

/**
 * What a family declares for one endpoint: everything but where it lives.
 * `acceptsBody` and `streaming` default to false.
 */
export type EndpointDef<
  P extends readonly ParamSpec[] = readonly ParamSpec[],
  C = unknown,
> =
  & Pick<
    EndpointSpec,
    "summary" | "description" | "requestHeaders" | "responses" | "examples"
  >
  & Partial<Pick<EndpointSpec, "acceptsBody" | "streaming">>
  & {
    /** Path parameters first (in template order), then query ones. */
    readonly params: P;
    /**
     * Checks that involve several parameters or a header (throws
     * ParamError), run with the other input checks, before any body is
     * read or wait begins. What it returns reaches the handler as
     * `input.checked`.
     */
    validate?(params: ParamValues<P>, req: Request): C;
    /**
     * The body is reflected as JSON (`json`): its nesting is checked with
     * the other body checks, before any wait (body.ts `checkJsonDepth`).
     */
    reflectsJson?: boolean;
    /**
     * Request in, response out. A handler whose GET body is a stream must
     * answer HEAD itself, with a null body and the `Content-Length` the GET
     * would have; the pipeline measures static bodies.
     */
    handle(
      req: Request,
      input: DebugInput<ParamValues<P>, C>,
    ): Response | Promise<Response>;
  };

/**
 * Declares an endpoint: an identity function whose only job is to infer
 * the literal types of `params`, so the handler and `validate` see each
 * parameter by name with its parsed type, and the type of what `validate`
 * returns, which the handler gets as `input.checked`; no cast is needed.
 */
export function defineEndpoint<
  const P extends readonly ParamSpec[],
  C = void,
>(
  def: EndpointDef<P, C>,
): EndpointDef {
  return def;
}

/** Where the route table put an endpoint, as its family function sees it. */
export interface Route {
  /** Stable id: the runner's `data-endpoint`, `#id` and the OpenAPI tag. */
  readonly id: string;
  /** The documented path template, base included: `/api/debug/links/{n}`. */
  readonly path: string;
  /** Longer templates the same handler answers (optional trailing segments). */
  readonly aliases: readonly string[];
  /** Methods, upper case, GET first and HEAD wherever GET is. */
  readonly methods: readonly string[];
  /** Every method token is answered, not only `methods`. */
  readonly anyMethod: boolean;
  /**
   * A URL of this route: the template whose placeholders are exactly the
   * keys of `values`, filled in verbatim, then `?query` when given.
   * Throws when no template takes those names (a programming error).
   */
  url(values?: PathValues, query?: string): string;
  /** {@link url} of the route `id` of the same table. */
  urlOf(id: string, values?: PathValues, query?: string): string;
  /**
   * Every endpoint of the instance, in table order (the index and
   * `openapi.json` list them). Call it while handling, not while building.
   */
  all(): readonly Endpoint[];
}

/** Values of path placeholders, by name, as URL text. */
export type PathValues = Readonly<Record<string, string | number>>;

/** A family function: builds one endpoint of an instance at its route. */
export type Family = (ctx: DebugContext, route: Route) => EndpointDef;

/** One endpoint as the router, `openapi.json` and the `/debug` page see it. */
export interface Endpoint {
  readonly spec: EndpointSpec;
  /** Extra path templates answered by the same handler, base included. */
  readonly aliases: readonly string[];
  validate?(params: ParsedParams, req: Request): unknown;
  /** See {@link EndpointDef}. */
  readonly reflectsJson?: boolean;
  handle(req: Request, input: DebugInput): Response | Promise<Response>;
}

/**
 * A default above its parameter's maximum (an instance's lowered limit:
 * `maxSseCount: 3` against a default of 5 events) is the maximum: a request
 * that names no value stays within the limits as one that names it must,
 * and `openapi.json` documents the default that is used.
 */
function withinBounds(p: ParamSpec): ParamSpec {
  return typeof p.default === "number" && p.max !== undefined &&
      p.default > p.max
    ? { ...p, default: p.max }
    : p;
}

/** `def` at `route`: its description (in catalog field order) and handler. */
export function mountEndpoint(route: Route, def: EndpointDef): Endpoint {
  const spec: EndpointSpec = {
    id: route.id,
    path: route.path,
    methods: route.methods,
    ...(route.anyMethod ? { anyMethod: true } : {}),
    acceptsBody: def.acceptsBody ?? false,
    streaming: def.streaming ?? false,
    summary: def.summary,
    description: def.description,
    params: def.params.map(withinBounds),
    ...(def.requestHeaders ? { requestHeaders: def.requestHeaders } : {}),
    responses: def.responses,
    examples: def.examples,
  };
  return {
    spec,
    aliases: route.aliases,
    validate: def.validate,
    reflectsJson: def.reflectsJson ?? false,
    handle: def.handle,
  };
}
