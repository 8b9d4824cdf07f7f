/**
 * The debug API's route table: every family, in display order. Each family
 * module names its endpoints' paths, parameters, limits and handlers; this
 * list is what the router registers, what `openapi.json` describes and
 * what the `/debug` page shows.
 */
import type { DebugContext } from "./core/context.ts";
import type { Endpoint } from "./core/pipeline.ts";
import { statusEndpoints } from "./endpoints/status.ts";
import { redirectEndpoints } from "./endpoints/redirect.ts";
import { echoEndpoints } from "./endpoints/echo.ts";
import { compressEndpoints } from "./endpoints/compress.ts";
import { sseEndpoints } from "./endpoints/sse.ts";
import { openApiEndpoint } from "./core/openapi.ts";
import { requestEndpoints } from "./endpoints/request.ts";
import { cookieEndpoints } from "./endpoints/cookies.ts";
import { authEndpoints } from "./endpoints/auth.ts";
import { digestEndpoints } from "./endpoints/digest.ts";
import { cachingEndpoints } from "./endpoints/caching.ts";
import { responseHeadersEndpoints } from "./endpoints/response_headers.ts";
import { documentEndpoints } from "./endpoints/documents.ts";
import { homeEndpoint } from "./endpoints/home.ts";
import { bytesEndpoints } from "./endpoints/bytes.ts";
import { rangeEndpoints } from "./endpoints/range.ts";
import { dripEndpoints } from "./endpoints/drip.ts";
import { streamEndpoints } from "./endpoints/stream.ts";
import { linksEndpoints } from "./endpoints/links.ts";
import { imageEndpoints } from "./endpoints/image.ts";
import { websocketEndpoints } from "./endpoints/websocket.ts";
import { abortEndpoints } from "./endpoints/abort.ts";

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
