/**
 * `deno task debug`: the debug API alone, for a CI pipeline's service step
 * or a local test run: no pages, no island build. Listens on `PORT`
 * (default 8000) and `HOST` (default 0.0.0.0), serves under `DEBUG_BASE`
 * (default `/api/debug`), takes every limit and setting from the env like
 * `deno task start`, and shuts down gracefully on SIGINT or SIGTERM.
 */
import { createDebugHandler } from "../lib/debug/mod.ts";
import { debugOptionsFromEnv, denoEnv } from "./env.ts";
import { installShutdown } from "./shutdown.ts";

const env = denoEnv();
const port = Number(env("PORT") || "8000");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new RangeError(`PORT=${JSON.stringify(env("PORT"))}: not a port`);
}
const handler = createDebugHandler({
  ...debugOptionsFromEnv(env),
  base: env("DEBUG_BASE") || "/api/debug",
});
const server = Deno.serve({
  port,
  hostname: env("HOST") || "0.0.0.0",
  onListen: ({ hostname, port }) => {
    const base = handler.base === "/" ? "" : handler.base;
    console.log(`debug API listening on http://${hostname}:${port}${base}`);
  },
}, handler);
installShutdown(handler.drain, { stop: () => server.shutdown() });
await server.finished;
