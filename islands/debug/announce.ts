/**
 * What the runner's polite live region says: one short sentence per
 * outcome, so screen reader users hear the result without the body being
 * read out. Pure.
 */
import type { RunResult } from "./run.ts";
import type { SseState } from "./use_sse.ts";
import { closeText, type WsState } from "./use_websocket.ts";
import { statusText } from "../../lib/debug/core/status_text.ts";

/** The sentence for the current run, or "" when there is nothing to say. */
export function announcement(
  result: RunResult | null,
  sse: SseState | null,
  busy: boolean,
): string {
  if (sse) {
    const n = sse.events.length;
    switch (sse.phase) {
      case "connecting":
        return "Opening the event stream.";
      case "open":
        // Only the first event: one announcement per event would drown
        // everything else out.
        return n === 0 ? "Stream open." : "Receiving events.";
      case "failed":
        return sse.failure
          ? `Stream failed. ${announcement(sse.failure, null, false)}`
          : "Stream failed.";
      default:
        return `Stream ${sse.phase}: ${n} event${
          n === 1 ? "" : "s"
        } in ${sse.ms} milliseconds.`;
    }
  }
  if (busy) return "Request sent, waiting for the response.";
  if (!result) return "";
  const ms = Math.round(result.ms);
  switch (result.kind) {
    case "error":
      return `${result.message} After ${ms} milliseconds.`;
    case "opaque-redirect":
      return `Redirect not followed, after ${ms} milliseconds.`;
    case "response":
      // The phrase the panel shows: HTTP/2 sends none, and a code without
      // a registered phrase may come with none either (RFC 9112 §4).
      return `Status ${result.status} ${
        result.statusText || statusText(result.status)
      }, ${ms} milliseconds${
        result.redirected ? ", after following redirects" : ""
      }.`;
  }
}

/** Characters of a received message said; the log shows it whole. */
const SAID_CHARS = 200;

/**
 * The sentence for the WebSocket runner, or "": its phase, and each
 * message received (the reply is the result of a Send, as a status is of
 * a Run). A message sent is the person's own: the region empties then,
 * so the same reply again is said again.
 */
export function socketAnnouncement(ws: WsState | null): string {
  if (!ws) return "";
  if (ws.phase === "connecting") return "Connecting the WebSocket.";
  if (ws.phase === "closed") {
    return ws.close
      ? `WebSocket closed: ${closeText(ws.close)}.`
      : "WebSocket closed.";
  }
  const last = ws.log.at(-1);
  if (!last) return "WebSocket open: messages you send come back.";
  if (last.dir === "sent") return "";
  return `Received: ${
    last.text.length > SAID_CHARS
      ? last.text.slice(0, SAID_CHARS) + "…"
      : last.text
  }`;
}
