/**
 * Starts the real app on a random loopback port, for tests that speak HTTP
 * over real TCP (and the browser tests that drive Chromium against it).
 */
import { createApp } from "../../server/app.ts";

/** A running test server. */
export interface TestServer {
  /** Origin such as `http://127.0.0.1:41234`. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `handler` (default: the whole app) on 127.0.0.1, port 0. */
export function startServer(
  handler: (
    req: Request,
    info: Deno.ServeHandlerInfo,
  ) => Response | Promise<Response> = createApp().fetch,
): TestServer {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    handler,
  );
  const port = server.addr.port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await server.shutdown();
    },
  };
}
