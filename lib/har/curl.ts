/**
 * "Copy as cURL" for a recorded request: which of its headers a replay
 * sends, what body it sends, and whether curl should decode the answer.
 * The command itself is the shared builder's (`lib/shared/curl.ts`).
 */
import { curlCommand, type HeaderPair } from "../shared/curl.ts";
import { codingWeights } from "../shared/accept_encoding.ts";
import { base64Bytes } from "../shared/base64.ts";
import { obj } from "./normalize.ts";
import { type NameValue, pairs } from "./pairs.ts";

/** A recorded request's body as a replay sends it. */
export interface SentBody {
  /** Text, sent as UTF-8. */
  text?: string;
  /** Bytes (a binary body recorded as base64), instead of `text`. */
  bytes?: Uint8Array;
  /** `postData.mimeType`, "" when none. */
  mimeType: string;
}

/**
 * The body `postData` records (HAR 1.2 §4.2.4): its `text`, decoded when
 * the exporter wrote it as base64 (text again when it is UTF-8); else its
 * `params` as a form (`a=1&b=x+y`), as a browser encodes one (URL Standard
 * §5.2). Null when there is none, or only multipart `params`, whose file
 * contents a HAR does not hold.
 */
export function sentBody(postData: unknown): SentBody | null {
  const post = obj(postData);
  const mimeType = typeof post.mimeType === "string" ? post.mimeType : "";
  if (typeof post.text === "string" && post.text !== "") {
    if (post.encoding === "base64") {
      const bytes = base64Bytes(post.text);
      if (bytes) {
        try {
          const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
          return text.includes("\0") ? { bytes, mimeType } : { text, mimeType };
        } catch {
          return { bytes, mimeType };
        }
      }
    }
    return { text: post.text, mimeType };
  }
  const params = pairs(post.params);
  if (!params.length || /multipart\//i.test(mimeType)) return null;
  const form = new URLSearchParams();
  for (const p of params) form.append(p.name, p.value);
  return { text: form.toString(), mimeType };
}

/** Characters a body costs in a command, for the size cap. */
export function bodyChars(body: SentBody | null): number {
  // A binary byte is written as up to four characters (`\377`).
  return body ? body.text?.length ?? body.bytes!.length * 4 : 0;
}

/**
 * Headers curl must not copy: HTTP/2 and HTTP/3 pseudo-headers (RFC 9113
 * §8.3; curl sets them from the URL and method), Content-Length (curl
 * computes it from the body, and a stale one breaks an edited body), and
 * a Host that only repeats the URL's authority (curl sends it; DevTools
 * leaves it out too). A Host naming another authority (a recording
 * through a proxy) is kept: it was sent.
 */
function skipped(name: string, value: string, url: string): boolean {
  const n = name.toLowerCase();
  if (n.startsWith(":") || n === "content-length") return true;
  if (n !== "host") return false;
  try {
    return new URL(url).host === value.trim().toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Whether an Accept-Encoding value asks for any coding but `identity`
 * with a q above 0 (RFC 9110 §12.5.3: `identity, *;q=0` is identity alone).
 */
function asksCoding(value: string): boolean {
  for (const [coding, q] of codingWeights(value)) {
    if (coding !== "identity" && q > 0) return true;
  }
  return false;
}

/** A recorded request as a replay sends it, whatever writes the replay. */
export interface Replay {
  method: string;
  url: string;
  /** The headers sent, in recorded order (see {@link replayOf}). */
  headers: HeaderPair[];
  body: SentBody | null;
  /** An Accept-Encoding that asked for a coding was left for the client to write. */
  compressed: boolean;
}

/**
 * What a replay of a recorded request sends. An Accept-Encoding that
 * asked for a coding is left out (`compressed`): the replaying client asks
 * for the codings it can decode (the browser's `br` or `zstd` would come
 * back undecoded from a curl built without them), as DevTools writes it.
 * A body's `mimeType` is sent as Content-Type when no header says it (curl
 * would say `application/x-www-form-urlencoded`), and `cookies` as a
 * Cookie header when the headers hold none (some exporters list them only
 * there).
 */
export function replayOf(
  method: string,
  url: string,
  headers: readonly NameValue[],
  body?: string | SentBody | null,
  cookies: unknown = [],
): Replay {
  // A coding was asked for (not only `identity`): `--compressed` asks
  // instead, for what curl can decode.
  const asked = headers.some((h) =>
    h.name.toLowerCase() === "accept-encoding" && asksCoding(h.value)
  );
  const sent: HeaderPair[] = headers.filter((h) =>
    !skipped(h.name, h.value, url) &&
    !(asked && h.name.toLowerCase() === "accept-encoding")
  ).map((h) => [h.name, h.value]);
  const has = (name: string) => sent.some(([n]) => n.toLowerCase() === name);
  const b: SentBody | null = typeof body === "string"
    ? { text: body, mimeType: "" }
    : body ?? null;
  if (b && bodyChars(b) > 0 && b.mimeType && !has("content-type")) {
    sent.push(["Content-Type", b.mimeType]);
  }
  const jar = pairs(cookies);
  if (jar.length && !has("cookie")) {
    sent.push(["Cookie", jar.map((c) => `${c.name}=${c.value}`).join("; ")]);
  }
  return { method, url, headers: sent, body: b, compressed: asked };
}

/**
 * The command repeating a recorded request ({@link replayOf}), with
 * `--compressed` where the recorded Accept-Encoding asked for a coding.
 */
export function harCurl(
  method: string,
  url: string,
  headers: readonly NameValue[],
  body?: string | SentBody | null,
  cookies: unknown = [],
): string {
  return replayCurl(replayOf(method, url, headers, body, cookies));
}

/** The cURL command of a replay. */
export function replayCurl(r: Replay): string {
  return curlCommand(
    {
      method: r.method,
      url: r.url,
      headers: r.headers,
      body: r.body?.text,
      bodyBytes: r.body?.bytes,
    },
    { compressed: r.compressed },
  );
}
