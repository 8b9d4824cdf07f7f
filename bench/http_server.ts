/**
 * Child server for bench/http_bench.ts, one isolate on 127.0.0.1:
 * `deno run -A bench/http_server.ts hello|headers|app PORT`.
 * - `hello`: the bare Deno.serve hello-world of Deno's docs,
 *   `(_req) => new Response("Hello, World!")` (a handler that takes the
 *   request, as every real one does; a zero-argument handler lets Deno skip
 *   building the Request at all).
 * - `headers`: hello-world with the five headers every debug response must
 *   carry (CORS, Cache-Control, nosniff, JSON type): the ceiling for
 *   `/status/200`, to separate the cost of the required headers from the code's.
 * - `app`: the whole Wirebench app (createApp), what `deno task start`
 *   serves per core.
 * bench/http_ceiling.ts is the ceiling that does each endpoint's own work.
 */
import { createApp } from "../server/app.ts";
import { BASE_HEADERS, JSON_TYPE } from "../lib/debug/core/http.ts";

const [mode, port] = Deno.args;
const HEADERS = { ...BASE_HEADERS, "content-type": JSON_TYPE };
const BODY = '{"status":200,"statusText":"OK"}';
const handler = mode === "hello"
  ? (_req: Request) => new Response("Hello, World!")
  : mode === "headers"
  ? (_req: Request) => new Response(BODY, { headers: HEADERS })
  : createApp().fetch;
Deno.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  onListen: () => console.log("ready"),
}, handler);
