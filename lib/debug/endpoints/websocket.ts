/**
 * `/websocket/echo`: a WebSocket (RFC 6455) that sends every text
 * and binary message back unchanged. A message over `max_message_size`
 * closes the socket with 1009 (§7.4.1, "message too big"); a socket quiet
 * for the sleep limit closes with 1000; a shutdown closes every socket
 * with 1001 ("going away"). Each socket holds a long-request slot while
 * open, and counts against `maxWebSockets` when it is set. A request that
 * is not an upgrade gets 400 problem+json.
 *
 * Known runtime limit (Deno 2.9): `Deno.upgradeWebSocket` has no option to
 * bound an incoming frame or message (its options are protocol,
 * idleTimeout, socket and head), and the runtime hands a message over only
 * once it has buffered all of it, up to its own 64 MiB. So
 * `max_message_size` is checked after the bytes are in memory: twelve
 * sockets each sending 60 MiB held 1.3 GB. `maxWebSockets` bounds that to
 * about 64 MiB per allowed socket.
 */
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import { ParamError } from "../core/params.ts";
import { isToken } from "../../shared/http_token.ts";
import { LONG_RETRY_AFTER } from "../core/lifecycle.ts";
import { overHttp2 } from "../core/http.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";

/** How long a client has to answer the server's close frame, at most. */
const CLOSE_GRACE_MS = 5_000;

/** RFC 6455 §7.4.1 close codes. */
export const WS_CLOSE = Object.freeze({
  normal: 1000,
  goingAway: 1001,
  tooBig: 1009,
});

/**
 * The subprotocol the echo agrees to: the first the client offers
 * (`Sec-WebSocket-Protocol`, RFC 6455 §4.2.2 step 5.4, §11.3.4), so a
 * browser's or Node's `new WebSocket(url, ["chat"])`, which fails when the
 * server picks none, connects; undefined when none is offered. An echo
 * speaks every protocol alike.
 */
export function firstSubprotocol(headers: Headers): string | undefined {
  const offered = headers.get("sec-websocket-protocol");
  if (!offered) return undefined;
  // Empty list elements are ignored (RFC 9110 §5.6.1.2).
  const first = offered.split(",").map((p) => p.trim()).find((p) => p);
  return first !== undefined && isToken(first, 256) ? first : undefined;
}

/** `GET /websocket/echo`. */
export function echo(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const encoder = new TextEncoder();
  // Sockets of this instance open now (handshakes answered with 101 and
  // not yet closed), for maxWebSockets.
  let open = 0;
  return defineEndpoint({
    summary: "WebSocket echo",
    description:
      `A WebSocket (RFC 6455) that sends every text and binary message back unchanged. A message over \`max_message_size\` bytes closes with 1009; a socket with no message for ${l.maxSleepMs} ms (the sleep limit) closes with 1000; a server shutting down closes with 1001. The first subprotocol the client offers (\`Sec-WebSocket-Protocol\`) is agreed to. Each open socket holds a long-request slot (503 before the upgrade when none is free). \`max_fragment_size\` is accepted for go-httpbin compatibility: Deno's WebSocket sends each message as one frame, so no reply is split. A request without \`Upgrade: websocket\` gets 400; so does one over HTTP/2, which has no Upgrade (this server offers no RFC 8441 extended CONNECT): a client must use HTTP/1.1 for it (\`wss://\` over TLS, where ALPN picks it). ${
        l.maxWebSockets
          ? `At most ${l.maxWebSockets} sockets are open at once (limit \`maxWebSockets\`); one more gets 503 with Retry-After: ${LONG_RETRY_AFTER} before the upgrade. `
          : ""
      }Runtime limit (Deno 2.9): Deno.upgradeWebSocket offers no bound on an incoming frame or message, and the runtime buffers a whole message, up to its own 64 MiB, before this endpoint sees it; so a message over \`max_message_size\` is refused (1009) only once received, and each open socket may hold up to 64 MiB meanwhile (limit \`maxWebSockets\` caps how many sockets).`,
    params: [{
      name: "max_message_size",
      in: "query",
      type: "integer",
      required: false,
      default: l.maxWsMessageBytes,
      min: 1,
      max: l.maxWsMessageBytes,
      description:
        `Largest message echoed, bytes (UTF-8 for text), 1 to ${l.maxWsMessageBytes} (limit \`maxWsMessageBytes\`); a larger one closes with 1009.`,
      example: "1024",
    }, {
      name: "max_fragment_size",
      in: "query",
      type: "integer",
      required: false,
      min: 1,
      max: l.maxWsMessageBytes,
      description:
        "Largest outgoing frame; accepted for compatibility (every reply is one frame).",
      example: "1024",
    }, sleepParam(l)],
    requestHeaders: [{
      name: "Upgrade",
      description: "`websocket`, with the other RFC 6455 §4.1 headers.",
    }],
    responses: [{
      status: "101",
      description: "Switching to the WebSocket protocol.",
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({}, "max_message_size=1024"),
      description: "Echo, messages up to 1 KiB",
    }],
    validate: (_params, req) => {
      if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") {
        // A handshake's key without its Upgrade: a client did try, and a
        // proxy dropped the hop-by-hop headers (RFC 9110 §7.6.1), or the
        // client sent it over HTTP/2, which has no Upgrade (RFC 9113
        // §8.2.2) and here no extended CONNECT either (RFC 8441: Deno's
        // SETTINGS do not enable it).
        const h2 = overHttp2(req);
        throw new ParamError(
          "Upgrade",
          !req.headers.has("sec-websocket-key")
            ? "This endpoint is a WebSocket (RFC 6455, over HTTP/1.1): connect with a WebSocket client (Upgrade: websocket)."
            : h2
            ? "This WebSocket handshake came over HTTP/2, which has no Upgrade, and this server offers no WebSocket over HTTP/2 (RFC 8441): connect over HTTP/1.1 (a WebSocket client offers only http/1.1 by ALPN)."
            : "This WebSocket handshake arrived without Upgrade: websocket: a proxy in between probably dropped the Upgrade and Connection headers (nginx needs proxy_set_header for both).",
        );
      }
    },
    handle: (req, { params }) => {
      const max = params.max_message_size;
      // Before the upgrade, like the slot below: a socket may buffer up to
      // Deno's 64 MiB per message before max_message_size can be checked,
      // so the number of sockets is the only bound on that memory (RFC 9110
      // §15.6.4: 503 with Retry-After).
      if (l.maxWebSockets > 0 && open >= l.maxWebSockets) {
        throw new ParamError(
          null,
          `The server has ${l.maxWebSockets} WebSockets open, its limit (maxWebSockets).`,
          503,
          { "retry-after": String(LONG_RETRY_AFTER) },
        );
      }
      // The slot before the upgrade: once upgraded, Deno accepts no answer
      // but the 101, so a 503 must come first (a bad handshake gives the
      // slot straight back).
      const release = ctx.life.acquire();
      let upgraded: ReturnType<typeof Deno.upgradeWebSocket>;
      try {
        // No runtime idle timeout (its default is 120 s of pings): the
        // endpoint closes quiet sockets itself (below), and the runtime's
        // timer kept every socket a client dropped without a close frame
        // in memory for about 30 s: 2 GB at 15,000 drops a second.
        upgraded = Deno.upgradeWebSocket(req, {
          idleTimeout: 0,
          protocol: firstSubprotocol(req.headers),
        });
      } catch (err) {
        release();
        throw new ParamError(
          "Upgrade",
          `Not a valid WebSocket handshake: ${(err as Error).message}`,
        );
      }
      const { socket, response } = upgraded;
      open++;
      // The idle close: one wait per quiet period, not one per message. A
      // message only notes the time; when the wait ends, the socket closes
      // if it has been quiet for the whole limit, else waits out the rest.
      const timers = ctx.timers;
      let lastMessage = timers.now();
      let cancelIdle: (() => void) | undefined;
      let cancelGrace: (() => void) | undefined;
      const idleCheck = () => {
        cancelIdle = undefined;
        const quiet = timers.now() - lastMessage;
        if (quiet >= l.maxSleepMs) {
          close(WS_CLOSE.normal, `idle for ${l.maxSleepMs} ms`);
        } else cancelIdle = timers.schedule(l.maxSleepMs - quiet, idleCheck);
      };
      const close = (code: number, reason: string) => {
        try {
          socket.close(code, reason);
        } catch { /* already closing */ }
        // A client that never answers the close frame (RFC 6455 §7.1.1
        // waits for it) would keep its slot, and with maxWebSockets lock
        // others out: the slot goes back after a grace, answer or not.
        cancelGrace ??= timers.schedule(
          Math.min(l.maxSleepMs, CLOSE_GRACE_MS),
          end,
        );
      };
      const offDrain = ctx.life.onDrain(() =>
        close(WS_CLOSE.goingAway, "server shutting down")
      );
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        open--;
        cancelIdle?.();
        cancelIdle = undefined;
        cancelGrace?.();
        offDrain();
        release();
      };
      socket.binaryType = "arraybuffer";
      socket.onopen = () => {
        lastMessage = timers.now();
        cancelIdle = timers.schedule(l.maxSleepMs, idleCheck);
      };
      socket.onmessage = (e) => {
        const data: string | ArrayBuffer = e.data;
        if (
          typeof data === "string"
            ? !textFits(data, max, encoder)
            : data.byteLength > max
        ) {
          return close(WS_CLOSE.tooBig, `message over ${max} bytes`);
        }
        lastMessage = timers.now();
        try {
          socket.send(data);
        } catch { /* the peer is gone; onclose follows */ }
      };
      socket.onclose = end;
      socket.onerror = end;
      return response;
    },
  });
}

/**
 * Whether `text` is at most `max` bytes in UTF-8 (RFC 3629): each UTF-16
 * unit takes 1 to 3 bytes (a surrogate pair 4 for two), so only a text
 * between `max / 3` and `max` units long needs encoding to tell.
 */
function textFits(text: string, max: number, encoder: TextEncoder): boolean {
  if (text.length > max) return false;
  if (text.length * 3 <= max) return true;
  return encoder.encode(text).byteLength <= max;
}
