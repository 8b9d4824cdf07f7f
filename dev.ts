/**
 * `deno task dev`: serves the app with `--watch` (restarts on server-side
 * changes) and rebuilds the island bundles whenever a browser source changes.
 */
import { build } from "./server/build.ts";
import { buildDir } from "./server/assets.ts";
import { denoEnv, listenFromEnv } from "./server/env.ts";

const env = denoEnv();
const { port, hostname } = listenFromEnv(env);
// Where the server started below serves the bundles from (BUILD_OUT), as
// `deno task start` and `build` build them.
const out = buildDir(env("BUILD_OUT") || undefined);
await build(out);

const server = new Deno.Command(Deno.execPath(), {
  args: [
    "serve",
    "--watch",
    "-A",
    "--port",
    String(port),
    "--host",
    hostname,
    "main.ts",
  ],
  env: { DEV: "1" },
  stdin: "null",
}).spawn();

let timer: ReturnType<typeof setTimeout> | undefined;
const watcher = Deno.watchFs(["islands", "components", "lib", "static"]);
(async () => {
  for await (const ev of watcher) {
    // The build swaps its folder itself: its own events are no change.
    if (ev.paths.every((p) => p.startsWith(out.pathname.replace(/\/$/, "")))) {
      continue;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      build(out).then(() => console.log("islands rebuilt")).catch((e) =>
        console.error(String(e))
      );
    }, 150);
  }
})();

await server.status;
