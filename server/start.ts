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
import {
  appOptionsFromEnv,
  denoEnv,
  type Listen,
  listenFromEnv,
} from "./env.ts";
import { listenError, startOrExit } from "./fatal.ts";

/**
 * Throws, in the operator's words, when the port is taken (the isolates
 * would each fail with a trace).
 */
function freePort({ port, hostname }: Listen): void {
  if (port === 0) return;
  try {
    Deno.listen({ port, hostname }).close();
  } catch (e) {
    throw listenError(e, port, hostname);
  }
}

const env = denoEnv();
let listen: Listen = { port: 0, hostname: "" };
await startOrExit("deno task start", async () => {
  listen = listenFromEnv(env);
  // What main.ts reads, read here first: a mistake is one line naming
  // the variable, before any isolate starts.
  appOptionsFromEnv(env);
  freePort(listen);
  if (await ensureBuilt(buildDir(env("BUILD_OUT")))) {
    console.log("islands rebuilt");
  }
});
const { port, hostname } = listen;
const child = new Deno.Command(Deno.execPath(), {
  args: [
    "serve",
    "--parallel",
    ...runtimeFlags(),
    "--port",
    String(port),
    "--host",
    hostname,
    new URL("../main.ts", import.meta.url).pathname,
  ],
  // Every isolate of `--parallel` must sign digest-auth nonces with the
  // same key, or a nonce issued by one is refused by another.
  env: { DEBUG_SECRET: env("DEBUG_SECRET") || randomSecret() },
  stdin: "null",
}).spawn();
// Forward termination so the server can shut down gracefully.
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(sig, () => child.kill(sig));
}
Deno.exit((await child.status).code);
