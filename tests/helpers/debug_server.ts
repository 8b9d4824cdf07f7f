/**
 * Helpers for the debug API's HTTP tests: a server running one
 * `createDebugHandler` instance (tiny limits, its timer counters in reach),
 * and a raw HTTP/1.1 client for what fetch hides (HEAD and 204/304 bodies,
 * exact headers, chunked uploads).
 */
import {
  createDebugHandler,
  type DebugContext,
  type DebugLimits,
  type DebugOptions,
} from "../../lib/debug/mod.ts";
import { startServer, type TestServer } from "./server.ts";

/** A running debug API with its context. */
export interface DebugServer extends TestServer {
  /** `origin + "/api/debug"`. */
  base: string;
  ctx: DebugContext;
}

/** Serves a debug API with `limits` over the defaults (and more options). */
export function startDebug(
  limits: Partial<DebugLimits> = {},
  now?: () => Date,
  options: Omit<DebugOptions, "limits" | "now"> = {},
): DebugServer {
  const handler = createDebugHandler({ ...options, limits, now });
  const s = startServer(handler);
  const base = handler.base === "/" ? "" : handler.base;
  return { ...s, base: s.origin + base, ctx: handler.context };
}

/** A raw HTTP response: status line, lower-cased headers, body bytes. */
export interface RawResponse {
  status: number;
  headers: Map<string, string>;
  /** Everything after the blank line, as sent (chunked framing included). */
  body: Uint8Array;
  head: string;
}

/**
 * Sends `request` (the whole HTTP/1.1 message; add `Connection: close`)
 * over a fresh TCP connection and reads until the server closes it.
 */
export async function raw(
  port: number,
  request: string | Uint8Array,
  timeoutMs = 5000,
): Promise<RawResponse> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const timer = setTimeout(() => conn.close(), timeoutMs);
  const chunks: Uint8Array[] = [];
  try {
    const bytes = typeof request === "string"
      ? new TextEncoder().encode(request)
      : request;
    await conn.write(bytes);
    const buf = new Uint8Array(65536);
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed by the timeout */ }
  }
  const all = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let at = 0;
  for (const c of chunks) all.set(c, at), at += c.length;
  let text = new TextDecoder("latin1").decode(all);
  // Skip interim 1xx responses (e.g. 100 Continue), RFC 9110 §15.2.
  let skipped = 0;
  while (/^HTTP\/1\.1 1\d\d /.test(text)) {
    const end = text.indexOf("\r\n\r\n") + 4;
    text = text.slice(end);
    skipped += end;
  }
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) throw new Error(`no complete response head: ${text}`);
  const head = text.slice(0, split);
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = new Map<string, string>();
  for (const l of lines) {
    const i = l.indexOf(":");
    headers.set(l.slice(0, i).toLowerCase(), l.slice(i + 1).trim());
  }
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: all.slice(skipped + split + 4),
    head,
  };
}

/** A minimal request message for {@link raw}. */
export function message(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = "",
): string {
  const h = Object.entries({
    host: "127.0.0.1",
    connection: "close",
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`).join("");
  return `${method} ${path} HTTP/1.1\r\n${h}\r\n${body}`;
}

/** Waits until `cond()` holds, polling, or fails after `ms`. */
export async function waitFor(
  cond: () => boolean,
  what: string,
  ms = 3000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
