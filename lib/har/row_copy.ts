/**
 * What a row's context menu copies besides the URL: the "Copy as"
 * commands its detail's buttons copy (`entryCommands`, the same call, so
 * the two give the same text), its request and response headers as
 * DevTools' "Copy request headers" writes them, and its response body as
 * recorded, decoded. Each is "" with why in words when there is nothing
 * to copy, and none is longer than {@link CURL_CHARS}.
 */
import { CURL_CHARS, type EntryCommands, entryCommands } from "./commands.ts";
import { charsetOf, decoderFor, isTextual, wholeBody } from "./body.ts";
import { baseMime } from "./classify.ts";
import { dataUrlBytes } from "./data_url.ts";
import { num, type Obj, obj } from "./normalize.ts";
import { type NameValue, pairs, shown } from "./pairs.ts";
import { str } from "../shared/value.ts";
import { formatBytes, formatCount } from "../shared/format.ts";

/** A text to copy, "" when there is none, and why (or "" when whole). */
export interface CopyText {
  text: string;
  note: string;
}

/** Everything a row's menu copies from the worker's entry. */
export interface RowCopies extends EntryCommands {
  requestHeaders: CopyText;
  responseHeaders: CopyText;
  response: CopyText;
}

/**
 * Headers as DevTools' "Copy request headers" and "Copy response headers"
 * write them when the raw header block was not kept: one `Name: value`
 * line each, in recorded order (HTTP/2's pseudo-headers as `:path: /`,
 * RFC 9113 §8.3).
 */
export function headersText(headers: readonly NameValue[]): string {
  return headers.map((h) => `${h.name}: ${h.value}`).join("\n");
}

/** {@link headersText} of `v` (a HAR `headers` array), bounded; `side` names it. */
function headersCopy(v: unknown, side: "request" | "response"): CopyText {
  const list = pairs(v);
  if (!list.length) {
    return { text: "", note: `The ${side} has no headers recorded.` };
  }
  const text = headersText(list);
  if (text.length > CURL_CHARS) {
    return {
      text: "",
      note: `The ${side} headers are too large to copy (${
        formatCount(text.length)
      } characters).`,
    };
  }
  return { text, note: "" };
}

/** Where a body with no text to copy can still be had. */
const SAVE_IT = "save it from the detail's Response body section instead";

/**
 * The response body of `raw` as recorded, base64 decoded in the charset
 * its type names (UTF-8 when none), as DevTools' "Copy response" copies
 * it; a `data:` URL answered from itself gives its own body. Bytes that
 * are no text in that charset, a body not saved in the file, or one
 * longer than {@link CURL_CHARS} give "" and say so.
 */
export function responseCopy(raw: Obj, url: string): CopyText {
  const res = obj(raw.response);
  const content = obj(res.content);
  const mimeType = str(content.mimeType);
  const text = content.text;
  // Checked before decoding: a 50 MB body is not decoded to be refused.
  const limit = content.encoding === "base64"
    ? 4 * Math.ceil(CURL_CHARS / 3) + 4096
    : CURL_CHARS;
  if (typeof text === "string" && text.length > limit) return tooLarge();
  let body = wholeBody(url, content, mimeType);
  let type = baseMime(mimeType);
  let charset = charsetOf(mimeType);
  if (!body) {
    const fromUrl = dataUrlBytes(url);
    if (fromUrl) {
      body = { ...fromUrl, name: "" };
      type = fromUrl.type;
      charset = charsetOf(url.slice(0, url.indexOf(",")));
    }
  }
  if (!body) {
    const file = str(content._file);
    if (file) {
      return {
        text: "",
        note: `The response body was saved as a file of its own, ${
          shown(file)
        } (beside the HAR, or in its ZIP archive), not in the HAR.`,
      };
    }
    const size = num(content.size, 0);
    return {
      text: "",
      note: size > 0
        ? `The response body (${
          formatBytes(size)
        }) was not saved in this HAR file.`
        : "The response has no body.",
    };
  }
  if (typeof body.data === "string") {
    return body.data.length > CURL_CHARS ? tooLarge() : {
      text: body.data,
      note: "",
    };
  }
  const binary = {
    text: "",
    note: `The response body is binary (${type || "no type"}, ${
      formatBytes(body.data.length)
    }), not text: ${SAVE_IT}.`,
  };
  if (!isTextual(type)) return binary;
  let decoded: string;
  try {
    decoded = decoderFor(charset).decode(body.data);
  } catch {
    // Bytes that are no text in the charset named: bytes to save.
    return binary;
  }
  return decoded.length > CURL_CHARS ? tooLarge() : { text: decoded, note: "" };
}

/** The note of a body longer than a copy takes. */
function tooLarge(): CopyText {
  return {
    text: "",
    note: `The response body is too large to copy (over ${
      formatCount(CURL_CHARS)
    } characters): ${SAVE_IT}.`,
  };
}

/**
 * What entry `raw`'s menu copies, its commands written for `method` and
 * `url` as the list has them (as its detail's are).
 */
export function rowCopies(raw: Obj, method: string, url: string): RowCopies {
  const req = obj(raw.request);
  return {
    ...entryCommands(raw, method, url),
    requestHeaders: headersCopy(req.headers, "request"),
    responseHeaders: headersCopy(obj(raw.response).headers, "response"),
    response: responseCopy(raw, url),
  };
}

/** What a row's menu copies from the worker, by name. */
export type RowCopyKind =
  | "curl"
  | "fetch"
  | "python"
  | "requestHeaders"
  | "responseHeaders"
  | "response";

/** The kinds of {@link RowCopyKind}, in the menu's order. */
export const ROW_COPY_KINDS: readonly RowCopyKind[] = [
  "curl",
  "fetch",
  "python",
  "requestHeaders",
  "responseHeaders",
  "response",
];

/** A copy the menu offers: its length (0 when there is none) and its note. */
export interface RowOffer {
  chars: number;
  note: string;
}

/**
 * What a row's menu shows of each copy: whether there is one and why (or
 * what it leaves out), without the texts, which a menu opened to be
 * closed would otherwise move from the worker whole (a megabyte each).
 */
export type RowOffers = Record<RowCopyKind, RowOffer>;

/** Each copy's text and note, out of {@link RowCopies}. */
const PICK: Record<RowCopyKind, (c: RowCopies) => CopyText> = {
  curl: (c) => ({ text: c.curl, note: c.curlNote }),
  fetch: (c) => ({ text: c.fetch, note: c.fetchNote }),
  python: (c) => ({ text: c.python, note: c.pythonNote }),
  requestHeaders: (c) => c.requestHeaders,
  responseHeaders: (c) => c.responseHeaders,
  response: (c) => c.response,
};

/** Copy `kind` of `copies`: its text ("" when there is none) and note. */
export function rowCopy(copies: RowCopies, kind: RowCopyKind): CopyText {
  return PICK[kind](copies);
}

/** The {@link RowOffers} of `copies`. */
export function rowOffers(copies: RowCopies): RowOffers {
  const out = {} as RowOffers;
  for (const kind of ROW_COPY_KINDS) {
    const { text, note } = rowCopy(copies, kind);
    out[kind] = { chars: text.length, note };
  }
  return out;
}
