/**
 * Everything the detail panel shows for one entry, built on demand in the
 * worker from the raw entry, with bodies cut to a preview so a 50 MB
 * response never crosses to the page. Bodies are classified for display;
 * HTML is text, never markup (the page must not render recorded content).
 */
import { baseMime } from "./classify.ts";
import { toCurl } from "./curl.ts";
import { type Obj, obj, str } from "./normalize.ts";
import type { HarEntry } from "./types.ts";

/** A header, query parameter or form field. */
export interface NameValue {
  name: string;
  value: string;
}

/** A cookie of `request.cookies` or `response.cookies` (HAR 1.2 4.2.5). */
export interface CookieRow extends NameValue {
  /** Path, domain, expiry and flags, as one readable string. */
  attributes: string;
}

/** A body prepared for display. */
export type BodyPreview =
  | { kind: "none"; reason: string }
  | { kind: "text" | "json"; text: string; truncated: boolean; size: number }
  | { kind: "image"; mime: string; base64?: string; svg?: string }
  | { kind: "binary"; mime: string; size: number };

/** The detail of one entry. */
export interface HarDetail {
  entry: HarEntry;
  httpVersion: string;
  serverIP: string;
  connection: string;
  redirectURL: string;
  requestHeaders: NameValue[];
  responseHeaders: NameValue[];
  query: NameValue[];
  requestCookies: CookieRow[];
  responseCookies: CookieRow[];
  /** Request body: MIME type, form params and a preview. */
  postMime: string;
  postParams: NameValue[];
  requestBody: BodyPreview;
  responseBody: BodyPreview;
  /** Exporter-specific timing fields such as `_blocked_queueing`. */
  extraTimings: NameValue[];
  curl: string;
  webSocketMessages: number;
  /** The first messages of a WebSocket (Chrome's `_webSocketMessages`). */
  wsMessages: WsMessage[];
}

/** One WebSocket frame, its data cut for display. */
export interface WsMessage {
  type: string;
  /** Seconds since the epoch, as Chrome writes them. */
  time: number;
  opcode: number;
  data: string;
}

const WS_SHOWN = 500, WS_DATA = 500;

function wsMessages(v: unknown): WsMessage[] {
  if (!Array.isArray(v)) return [];
  return v.slice(0, WS_SHOWN).map((m) => {
    const o = obj(m);
    const data = valueText(o.data);
    return {
      type: str(o.type),
      time: typeof o.time === "number" ? o.time : NaN,
      opcode: typeof o.opcode === "number" ? o.opcode : -1,
      data: data.length > WS_DATA ? data.slice(0, WS_DATA) + "…" : data,
    };
  });
}

/** Longest body text sent to the page (characters). */
export const PREVIEW_CHARS = 200_000;
/** Largest JSON body that is pretty-printed. */
const PRETTY_LIMIT = 2_000_000;
/** Largest base64 image that is previewed. */
const IMAGE_LIMIT = 8_000_000;

function pairs(v: unknown): NameValue[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => {
    const o = obj(x);
    return { name: str(o.name), value: valueText(o.value) };
  });
}

function valueText(v: unknown): string {
  return typeof v === "string"
    ? v
    : v === undefined || v === null
    ? ""
    : String(v);
}

function cookies(v: unknown): CookieRow[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => {
    const c = obj(x);
    const attrs = [
      c.domain ? `Domain=${c.domain}` : "",
      c.path ? `Path=${c.path}` : "",
      c.expires ? `Expires=${c.expires}` : "",
      c.httpOnly ? "HttpOnly" : "",
      c.secure ? "Secure" : "",
      c.sameSite ? `SameSite=${c.sameSite}` : "",
    ].filter(Boolean).join("; ");
    return { name: str(c.name), value: valueText(c.value), attributes: attrs };
  });
}

/** Query parameters from the URL, for exporters that leave `queryString` empty. */
export function queryFromUrl(url: string): NameValue[] {
  const q = url.indexOf("?");
  if (q < 0) return [];
  const h = url.indexOf("#", q);
  const out: NameValue[] = [];
  for (const pair of url.slice(q + 1, h < 0 ? undefined : h).split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        return s;
      }
    };
    out.push(
      eq < 0
        ? { name: dec(pair), value: "" }
        : { name: dec(pair.slice(0, eq)), value: dec(pair.slice(eq + 1)) },
    );
  }
  return out;
}

function isTextual(mime: string): boolean {
  return mime.startsWith("text/") || mime.includes("json") ||
    mime.includes("xml") || mime.includes("javascript") ||
    mime.includes("ecmascript") || mime.includes("x-www-form-urlencoded") ||
    mime === "image/svg+xml" || mime === "";
}

function decodeBase64(b64: string): string | null {
  try {
    const bin = atob(b64.replace(/\s+/g, ""));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Classifies and trims a body for display. */
export function previewBody(
  text: unknown,
  encoding: unknown,
  mime: string,
  size: number,
): BodyPreview {
  if (typeof text !== "string" || text === "") {
    return {
      kind: "none",
      reason: size > 0
        ? "The body was not saved in this HAR file."
        : "No body.",
    };
  }
  const base64 = encoding === "base64";
  if (mime.startsWith("image/")) {
    if (mime === "image/svg+xml" && !base64) {
      return { kind: "image", mime, svg: text };
    }
    if (base64 && text.length <= IMAGE_LIMIT) {
      return { kind: "image", mime, base64: text.replace(/\s+/g, "") };
    }
  }
  let body = text;
  if (base64) {
    const decoded = isTextual(mime) ? decodeBase64(text) : null;
    if (decoded === null) {
      return {
        kind: "binary",
        mime,
        size: size > 0 ? size : text.length * 3 / 4,
      };
    }
    body = decoded;
  }
  if (mime.includes("json") || /^\s*[[{]/.test(body.slice(0, 64))) {
    if (body.length <= PRETTY_LIMIT) {
      try {
        const pretty = JSON.stringify(JSON.parse(body), null, 2);
        return cut("json", pretty, body.length);
      } catch { /* not JSON after all: show as text */ }
    }
  }
  return cut("text", body, body.length);
}

function cut(kind: "text" | "json", text: string, size: number): BodyPreview {
  const truncated = text.length > PREVIEW_CHARS;
  return {
    kind,
    text: truncated ? text.slice(0, PREVIEW_CHARS) : text,
    truncated,
    size,
  };
}

const PHASE_KEYS = new Set([
  "blocked",
  "dns",
  "connect",
  "ssl",
  "send",
  "wait",
  "receive",
  "comment",
]);

/** Builds the detail of `raw` (normalised as `entry`). */
export function entryDetail(raw: Obj, entry: HarEntry): HarDetail {
  const req = obj(raw.request);
  const res = obj(raw.response);
  const content = obj(res.content);
  const post = obj(req.postData);
  const requestHeaders = pairs(req.headers);
  const query = pairs(req.queryString);
  const postText = typeof post.text === "string" ? post.text : "";
  const extra = Object.entries(obj(raw.timings))
    .filter(([k, v]) => !PHASE_KEYS.has(k) && typeof v === "number")
    .map(([k, v]) => ({ name: k, value: String(v) }));
  return {
    entry,
    httpVersion: str(res.httpVersion) || str(req.httpVersion),
    serverIP: str(raw.serverIPAddress),
    connection: valueText(raw.connection),
    redirectURL: str(res.redirectURL),
    requestHeaders,
    responseHeaders: pairs(res.headers),
    query: query.length ? query : queryFromUrl(entry.url),
    requestCookies: cookies(req.cookies),
    responseCookies: cookies(res.cookies),
    postMime: str(post.mimeType),
    postParams: pairs(post.params),
    requestBody: previewBody(
      postText,
      post.encoding,
      baseMime(post.mimeType),
      postText.length,
    ),
    responseBody: previewBody(
      content.text,
      content.encoding,
      baseMime(entry.mimeType),
      entry.contentSize,
    ),
    extraTimings: extra,
    curl: toCurl({
      method: entry.method,
      url: entry.url,
      headers: requestHeaders,
      body: postText || undefined,
    }),
    webSocketMessages: Array.isArray(raw._webSocketMessages)
      ? raw._webSocketMessages.length
      : 0,
    wsMessages: wsMessages(raw._webSocketMessages),
  };
}
