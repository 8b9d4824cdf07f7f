/**
 * Child server for bench/http_httpbin_bench.ts, one isolate on 127.0.0.1:
 * `deno run -A bench/http_httpbin_server.ts bare PORT BODY_FILE TYPE`
 * answers every request with the bytes of BODY_FILE as Content-Type TYPE,
 * after reading the request body (a server that answers a POST must), and
 * nothing else: the ceiling for /get and /anything, whose answers those
 * bytes are. `app PORT` serves the whole Wirebench app.
 */
import { createApp } from "../server/app.ts";

const [mode, port, file, type] = Deno.args;
let handler: (req: Request) => Response | Promise<Response>;
if (mode === "bare") {
  const bytes = await Deno.readFile(file);
  handler = async (req) => {
    if (req.body) await req.arrayBuffer();
    return new Response(bytes, { headers: { "content-type": type } });
  };
} else {
  handler = createApp().fetch;
}
Deno.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  onListen: () => console.log("ready"),
}, handler);
