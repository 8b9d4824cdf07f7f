/**
 * `deno task dev`: serves the app with `--watch` (restarts on server-side
 * changes) and rebuilds the island bundles whenever a browser source changes.
 */
import { build } from "./server/build.ts";
import { denoEnv, listenFromEnv } from "./server/env.ts";

const { port, hostname } = listenFromEnv(denoEnv());
await build();

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
    // The build swaps static/_build itself: its own events are no change.
    if (ev.paths.every((p) => /\/static\/_build(\/|$)/.test(p))) continue;
    clearTimeout(timer);
    timer = setTimeout(() => {
      build().then(() => console.log("islands rebuilt")).catch((e) =>
        console.error(String(e))
      );
    }, 150);
  }
})();

await server.status;
