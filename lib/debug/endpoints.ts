/**
 * The debug API's route table: every family, in display order. Each family
 * module names its endpoints' paths, parameters, limits and handlers; this
 * list is what the router registers, what `openapi.json` describes and
 * what the `/debug` page shows.
 */
import type { DebugContext } from "./context.ts";
import type { Endpoint } from "./pipeline.ts";
import { statusEndpoints } from "./status.ts";
import { redirectEndpoints } from "./redirect.ts";
import { echoEndpoints } from "./echo.ts";
import { compressEndpoints } from "./compress.ts";
import { sseEndpoints } from "./sse.ts";
import { openApiEndpoint } from "./openapi.ts";

/** Every endpoint of `ctx`'s instance, in display order. */
export function debugEndpoints(ctx: DebugContext): readonly Endpoint[] {
  const list: Endpoint[] = [
    ...statusEndpoints(ctx),
    ...redirectEndpoints(ctx),
    ...echoEndpoints(ctx),
    ...compressEndpoints(ctx),
    ...sseEndpoints(ctx),
  ];
  list.push(openApiEndpoint(ctx, () => list));
  return Object.freeze(list);
}
