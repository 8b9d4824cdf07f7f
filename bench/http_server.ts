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
 * - `bytes`: a bare Deno.serve answering what bench/http_bodies_bench.ts
 *   asks the app for: `/bytes/1024?seed=1`'s 1024 bytes, or `/range/*`'s
 *   one byte (a 206), fixed in memory.
 * - `ws`: a bare `Deno.upgradeWebSocket` echo, the ceiling for
 *   `/websocket/echo`.
 * - `app`: the whole Wirebench app (createApp), what `deno task start`
 *   serves per core.
 * bench/http_ceiling.ts is the ceiling that does each endpoint's own work.
 */
import { createApp } from "../server/app.ts";
import { BASE_HEADERS, JSON_TYPE } from "../lib/debug/core/http.ts";
import { random } from "../lib/debug/core/random.ts";

const [mode, port] = Deno.args;
const HEADERS = { ...BASE_HEADERS, "content-type": JSON_TYPE };
const BODY = '{"status":200,"statusText":"OK"}';
const KIB = random("1").bytes(1024);
const ONE = new TextEncoder().encode("a");
const OCTETS = { "content-type": "application/octet-stream" };
const handler = mode === "ws"
  ? (req: Request) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onmessage = (e) => socket.send(e.data);
    return response;
  }
  : mode === "hello"
  ? (_req: Request) => new Response("Hello, World!")
  : mode === "bytes"
  ? (req: Request) =>
    req.url.includes("/range/")
      ? new Response(ONE, { status: 206, headers: OCTETS })
      : new Response(KIB as BodyInit, { headers: OCTETS })
  : mode === "headers"
  ? (_req: Request) => new Response(BODY, { headers: HEADERS })
  : createApp().fetch;
Deno.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  onListen: () => console.log("ready"),
}, handler);
