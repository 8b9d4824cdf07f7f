/**
 * A reverse proxy that mounts the app under a path, as nginx's
 * `location /tools/ { proxy_pass http://app/; proxy_set_header
 * X-Forwarded-Prefix /tools; }` does: it strips the prefix, says it in
 * X-Forwarded-Prefix, and answers anything outside it 404 itself, so a URL
 * a page writes from the proxy's root shows up as a failed request.
 */
import { startServer, type TestServer } from "./server.ts";

/** Serves `/tools/…` as `upstream`'s `/…` on a loopback port of its own. */
export function startPrefixProxy(
  upstream: string,
  prefix = "/tools",
): TestServer {
  return startServer(async (req) => {
    const url = new URL(req.url);
    if (url.pathname === prefix) {
      // nginx answers a location's name without its `/` so too.
      return new Response(null, {
        status: 301,
        headers: { location: prefix + "/" + url.search },
      });
    }
    if (!url.pathname.startsWith(prefix + "/")) {
      return new Response("outside the mount\n", { status: 404 });
    }
    const headers = new Headers(req.headers);
    headers.set("x-forwarded-prefix", prefix);
    headers.set("x-forwarded-host", url.host);
    headers.set("x-forwarded-proto", "http");
    headers.set("x-forwarded-for", "127.0.0.1");
    // Passed through as the app encodes it (fetch would decode it).
    headers.set("accept-encoding", "identity");
    const res = await fetch(
      upstream + url.pathname.slice(prefix.length) + url.search,
      {
        method: req.method,
        headers,
        body: req.body,
        redirect: "manual",
      },
    );
    return new Response(res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  });
}
