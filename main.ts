/**
 * The deployable entry: `deno serve --parallel main.ts` (one isolate per
 * core, see `deno task start`) or Deno Deploy import its default export.
 * Env is read here, once; SIGINT and SIGTERM drain the debug API while the
 * runtime stops accepting and finishes the responses in flight.
 */
import { createApp } from "./server/app.ts";
import { appOptionsFromEnv, denoEnv } from "./server/env.ts";
import { installShutdown } from "./server/shutdown.ts";

const app = createApp(appOptionsFromEnv(denoEnv()));
installShutdown(() => app.drain());

export default {
  // `info` carries the peer address (the opt-in rate limit, `/ip`).
  fetch: (req: Request, info: Deno.ServeHandlerInfo) => app.fetch(req, info),
} satisfies Deno.ServeDefaultExport;
