/**
 * Sends a prepared request with `fetch` and measures it the way DevTools
 * does: time to the response headers, and total time until the last body
 * byte. Works in browsers and in Deno (the unit tests run it over TCP).
 *
 * `credentials: "omit"`: cookies never join the request (the cURL command
 * has none either), and a 401 with WWW-Authenticate cannot open the
 * browser's login dialog (Fetch §4.6 prompts only for credentialed requests).
 */
import { MAX_BROWSER_REDIRECTS, type PreparedRequest } from "./model.ts";
import { concatBytes } from "../../lib/shared/bytes.ts";
import { bytesBase64 } from "../../lib/shared/base64.ts";
import { hexDump } from "../../lib/shared/hex_dump.ts";
import { firstInvalidUtf8 } from "../../lib/shared/read_text.ts";
import { mediaType } from "../../lib/shared/media_type.ts";
import { digestAuthorization } from "./digest_answer.ts";

/** A response that arrived. */
export interface RunResponse {
  kind: "response";
  status: number;
  statusText: string;
  /** Response headers as the client sees them (lower-case, sorted). */
  headers: [string, string][];
  /** The decoded body as UTF-8 text ("" for HEAD and no-body statuses). */
  body: string;
  /** An image body as a `data:` URL, for drawing; else null. */
  image: string | null;
  /**
   * A body that is not text (`application/octet-stream`, or bytes that
   * are not UTF-8) as a hex and ASCII dump; else null.
   */
  hex: string | null;
  /** Bytes of the body after content decoding. */
  bytes: number;
  /** Those bytes, typed as the response says, for saving as a file. */
  blob?: Blob;
  /** The body is an event stream, left unread. */
  stream: boolean;
  /** Redirects were followed; `url` is where the chain ended. */
  redirected: boolean;
  url: string;
  /** Milliseconds to the response headers, and to the end of the body. */
  ttfbMs: number;
  ms: number;
  /**
   * Why the body stopped before its end (the connection closed or reset,
   * or Cancel), or null when it was read whole: the status and headers
   * had arrived, so they are shown, with the bytes that came.
   */
  cutOff: string | null;
  /**
   * What became of a Digest challenge the request had credentials for:
   * `answered` (this is the second request's response), or why it was
   * not answered; absent when none came.
   */
  digest?: string;
}

/** `redirect: "manual"` met a redirect: browsers hide its status. */
export interface RunOpaqueRedirect {
  kind: "opaque-redirect";
  ms: number;
}

/** No response: network failure, refused request, or cancelled. */
export interface RunFailure {
  kind: "error";
  message: string;
  aborted: boolean;
  ms: number;
}

/** Any outcome of {@link runFetch}. */
export type RunResult = RunResponse | RunOpaqueRedirect | RunFailure;

/**
 * What has come of a response whose body is still arriving: its status
 * and headers, and the body's bytes so far (/drip, /delay's slow cousins).
 */
export interface RunProgress {
  status: number;
  statusText: string;
  headers: [string, string][];
  ttfbMs: number;
  /** Body bytes read so far, after content decoding. */
  bytes: number;
}

/**
 * Sends `r`; never throws (failures are a {@link RunFailure}). `onProgress`
 * hears the headers once they come, then each piece of the body.
 */
export async function runFetch(
  r: PreparedRequest,
  signal?: AbortSignal,
  now: () => number = () => performance.now(),
  onProgress?: (p: RunProgress) => void,
): Promise<RunResult> {
  const headers = new Headers();
  for (const h of r.headers) headers.append(h.name, h.value);
  const t0 = now();
  const send = () =>
    fetch(r.url, {
      method: r.method,
      headers,
      body: r.body !== undefined && r.body !== "" ? r.body : undefined,
      redirect: r.manual ? "manual" : "follow",
      credentials: "omit",
      cache: "no-store",
      signal,
    });
  try {
    let res = await send();
    let digest: string | undefined;
    if (r.digest && res.status === 401 && !res.redirected) {
      // Answered as curl --digest does: once, with the challenge's nonce.
      const url = new URL(r.url);
      const answer = digestAuthorization(
        res.headers.get("www-authenticate"),
        r.digest,
        r.method,
        url.pathname + url.search,
        r.body,
        clientNonce(),
      );
      if ("header" in answer) {
        await res.body?.cancel();
        headers.set("authorization", answer.header);
        res = await send();
        digest = "answered";
      } else digest = answer.reason;
    }
    const out = await resultOf(res, t0, now(), now, onProgress);
    return digest && out.kind === "response" ? { ...out, digest } : out;
  } catch (e) {
    const aborted = (e as Error)?.name === "AbortError";
    return {
      kind: "error",
      message: aborted
        ? "Cancelled."
        : asksProxyAuth(r.url)
        ? PROXY_AUTH_REFUSED
        : r.follow && (r.hops ?? 0) > MAX_BROWSER_REDIRECTS
        ? `The browser stopped following at ${MAX_BROWSER_REDIRECTS} redirects (Fetch §4.4) and failed the request: this chain has ${r.hops}. The cURL command follows up to 50; or turn Follow redirects off to see one hop.`
        : `The request failed before a response arrived: ${
          (e as Error)?.message ?? e
        }. The server may be down, or the browser refused the request.`,
      aborted,
      ms: now() - t0,
    };
  }
}

/**
 * What a response that arrived shows: its body read to the end (an event
 * stream, which may last hours, is left unread), timed from `t0`, its
 * headers at `t1`.
 */
export async function resultOf(
  res: Response,
  t0: number,
  t1: number,
  now: () => number = () => performance.now(),
  onProgress?: (p: RunProgress) => void,
): Promise<RunResponse | RunOpaqueRedirect> {
  if (res.type === "opaqueredirect") {
    await res.body?.cancel();
    return { kind: "opaque-redirect", ms: t1 - t0 };
  }
  const stream = /^text\/event-stream/i.test(
    res.headers.get("content-type") ?? "",
  );
  if (stream) await res.body?.cancel();
  const arrived = {
    status: res.status,
    statusText: res.statusText,
    headers: [...res.headers],
    ttfbMs: t1 - t0,
  };
  const { buf, cutOff } = stream
    ? { buf: new Uint8Array(0), cutOff: null }
    : await readBody(
      res,
      onProgress && ((bytes) => onProgress({ ...arrived, bytes })),
    );
  const t2 = now();
  const type = mediaType(res.headers.get("content-type"));
  const image = /^image\/[a-z0-9.+-]+$/.test(type) && buf.byteLength > 0;
  // Decoded as UTF-8, bytes that are not text read as U+FFFD and control
  // codes: show them as bytes instead.
  const binary = !image && buf.byteLength > 0 &&
    (type === "application/octet-stream" || firstInvalidUtf8(buf) >= 0);
  return {
    kind: "response",
    ...arrived,
    body: new TextDecoder().decode(buf),
    // An <img> never runs script, even from an SVG.
    image: image ? `data:${type};base64,${bytesBase64(buf)}` : null,
    hex: binary ? hexDump(buf) : null,
    bytes: buf.byteLength,
    // A fetched body is never a SharedArrayBuffer view.
    blob: new Blob([buf as BlobPart], { type }),
    redirected: res.redirected,
    url: res.url,
    stream,
    ms: t2 - t0,
    cutOff,
  };
}

/** A fresh client nonce (RFC 7616 §3.4: `cnonce`), 128 random bits. */
function clientNonce(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * Why a request for a 407 fails in a browser: Chromium accepts 407 Proxy
 * Authentication Required (RFC 9110 §15.5.8) only from a configured proxy
 * and fails any other with `net::ERR_UNEXPECTED_PROXY_AUTH`, so the page
 * gets no response at all, only "Failed to fetch".
 */
export const PROXY_AUTH_REFUSED =
  "No response reached the page: the server answered 407 Proxy Authentication Required, and browsers refuse a 407 that does not come from a proxy (Chromium: net::ERR_UNEXPECTED_PROXY_AUTH). Run the cURL command to see the 407 and its Proxy-Authenticate header.";

/**
 * Whether `url` asks for a 407: `/status/407`, one code of a list such as
 * `/status/200,407:0.5` (a weight is no code), `/drip?code=407`, or any of
 * these in a `/redirect-to` target; read percent-decoded.
 */
export function asksProxyAuth(url: string): boolean {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // A stray `%` leaves the URL as it is.
  }
  for (const m of text.matchAll(/\/status\/([^/?#&\s]*)/g)) {
    if (m[1].split(",").some((e) => e.split(":")[0].trim() === "407")) {
      return true;
    }
  }
  return /\/drip\?(?:[^#\s]*&)?code=407(?:[&#\s]|$)/.test(text);
}

/**
 * The body's bytes, and why it stopped early: a read that fails after the
 * headers (a chunked body cut short, a reset, Cancel) keeps what came, as
 * DevTools shows a response with `ERR_INCOMPLETE_CHUNKED_ENCODING`.
 */
async function readBody(
  res: Response,
  onBytes?: (bytes: number) => void,
): Promise<{ buf: Uint8Array; cutOff: string | null }> {
  const parts: Uint8Array[] = [];
  let cutOff: string | null = null;
  let bytes = 0;
  onBytes?.(0);
  const reader = res.body?.getReader();
  try {
    for (;;) {
      const r = await reader?.read();
      if (!r || r.done) break;
      parts.push(r.value);
      onBytes?.(bytes += r.value.byteLength);
    }
  } catch (e) {
    const said = `${(e as Error)?.message ?? e}`.trim();
    cutOff = (e as Error)?.name === "AbortError"
      ? "Cancelled."
      : said.endsWith(".")
      ? said
      : `${said}.`;
  }
  return { buf: concatBytes(parts), cutOff };
}
