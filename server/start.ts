/**
 * `deno task start`: builds the islands when their sources changed, then
 * serves `main.ts` with `deno serve --parallel` (one isolate per core) on
 * `PORT` (default 8000). A script, because `deno task`'s shell has no
 * `${PORT:-8000}` defaults.
 */
import { ensureBuilt } from "./build.ts";
import { buildDir } from "./assets.ts";
import { runtimeFlags } from "./serve_flags.ts";
import { randomSecret } from "../lib/debug/core/context.ts";

if (await ensureBuilt(buildDir(Deno.env.get("BUILD_OUT")))) {
  console.log("islands rebuilt");
}
const port = Deno.env.get("PORT") || "8000";
const host = Deno.env.get("HOST") || "0.0.0.0";
const child = new Deno.Command(Deno.execPath(), {
  args: [
    "serve",
    "--parallel",
    ...runtimeFlags(),
    "--port",
    port,
    "--host",
    host,
    new URL("../main.ts", import.meta.url).pathname,
  ],
  // Every isolate of `--parallel` must sign digest-auth nonces with the
  // same key, or a nonce issued by one is refused by another.
  env: { DEBUG_SECRET: Deno.env.get("DEBUG_SECRET") || randomSecret() },
  stdin: "null",
}).spawn();
// Forward termination so the server can shut down gracefully.
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(sig, () => child.kill(sig));
}
Deno.exit((await child.status).code);
