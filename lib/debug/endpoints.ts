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
import { requestEndpoints } from "./request.ts";
import { cookieEndpoints } from "./cookies.ts";
import { authEndpoints } from "./auth.ts";
import { digestEndpoints } from "./digest.ts";
import { cachingEndpoints } from "./caching.ts";
import { responseHeadersEndpoints } from "./response_headers.ts";
import { documentEndpoints } from "./documents.ts";
import { homeEndpoint } from "./home.ts";
import { bytesEndpoints } from "./bytes.ts";
import { rangeEndpoints } from "./range.ts";
import { dripEndpoints } from "./drip.ts";
import { streamEndpoints } from "./stream.ts";
import { linksEndpoints } from "./links.ts";
import { imageEndpoints } from "./image.ts";
import { websocketEndpoints } from "./websocket.ts";
import { abortEndpoints } from "./abort.ts";

/** Every endpoint of `ctx`'s instance, in display order. */
export function debugEndpoints(ctx: DebugContext): readonly Endpoint[] {
  const list: Endpoint[] = [
    ...statusEndpoints(ctx),
    ...redirectEndpoints(ctx),
    ...echoEndpoints(ctx),
    ...compressEndpoints(ctx),
    ...sseEndpoints(ctx),
    ...requestEndpoints(ctx),
    ...cookieEndpoints(ctx),
    ...authEndpoints(ctx),
    ...digestEndpoints(ctx),
    ...cachingEndpoints(ctx),
    ...responseHeadersEndpoints(ctx),
    ...documentEndpoints(ctx),
    ...bytesEndpoints(ctx),
    ...rangeEndpoints(ctx),
    ...dripEndpoints(ctx),
    ...streamEndpoints(ctx),
    ...linksEndpoints(ctx),
    ...imageEndpoints(ctx),
    ...websocketEndpoints(ctx),
    ...abortEndpoints(ctx),
  ];
  list.push(openApiEndpoint(ctx, () => list));
  list.push(homeEndpoint(ctx, () => list));
  return Object.freeze(list);
}
