/**
 * Child server for bench/http_bench.ts, one isolate on 127.0.0.1:
 * `deno run -A bench/http_server.ts hello|app PORT`. `hello` is the bare
 * Deno.serve baseline; `app` is the whole Wirebench app (createApp), exactly
 * what `deno task start` serves per core.
 */
import { createApp } from "../lib/server/app.ts";

const [mode, port] = Deno.args;
const handler = mode === "hello"
  ? () => new Response("Hello, World!")
  : createApp().fetch;
Deno.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  onListen: () => console.log("ready"),
}, handler);
