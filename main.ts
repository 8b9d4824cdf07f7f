/**
 * The deployable entry: `deno serve --parallel main.ts` (one isolate per
 * core, see `deno task start`) or Deno Deploy import its default export.
 * SIGTERM drains the debug API (lib/debug/shutdown.ts) while `deno serve`
 * stops accepting and waits for in-flight requests.
 */
import { createApp } from "./server/app.ts";
import { debugContext } from "./routes/api/debug/mod.ts";
import { installShutdown } from "./lib/debug/shutdown.ts";

const app = createApp();
installShutdown(debugContext.life);

export default {
  // `info` carries the peer address the opt-in rate limit keys on.
  fetch: (req: Request, info: Deno.ServeHandlerInfo) => app.fetch(req, info),
} satisfies Deno.ServeDefaultExport;
