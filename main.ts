/**
 * The deployable entry: `deno serve --parallel main.ts` (one isolate per
 * core, see `deno task start`) or Deno Deploy import its default export.
 * Env is read here, once (a missing permission is said on stderr); SIGINT
 * and SIGTERM drain the debug API while the
 * runtime stops accepting and finishes the responses in flight.
 */
import { createApp } from "./server/app.ts";
import { appOptionsFromEnv, denoEnv } from "./server/env.ts";
import { installShutdown } from "./server/shutdown.ts";
import { missingPermissions } from "./server/permissions.ts";

// A bare `deno serve main.ts` would serve pages without their styles and
// ignore every setting, silently: said at start (by each isolate, under
// --parallel).
for (const line of missingPermissions()) console.warn(line);
const app = createApp(appOptionsFromEnv(denoEnv()));
installShutdown(() => app.drain());

export default {
  // `info` carries the peer address (the opt-in rate limit, `/ip`).
  fetch: (req: Request, info: Deno.ServeHandlerInfo) => app.fetch(req, info),
} satisfies Deno.ServeDefaultExport;
