/**
 * The search's "headers and bodies too": which entries hold a text term in
 * what the list does not show, as DevTools' Network search (Ctrl+F) finds
 * text in headers and response content. An entry holds `term` (already
 * folded, as the search folds it) when one of these contains it, folded
 * as the list's fields are (`cafe` finds `café`, `strasse` `Straße`):
 * - a request or response header line, `Name: value`;
 * - the request body: `postData.text`, else its params as `name=value`;
 * - the response body, `content.text`, base64 decoded (in its charset,
 *   bad bytes replaced) when its MIME type is textual;
 * - the failure text, as the list shows it (`failureText`: Chrome's and
 *   Safari's `_error`, Playwright's `_failureText`).
 *
 * Bounded: each text is looked at up to {@link DEEP_SEARCH_CHARS}
 * characters (base64, that many characters' worth of bytes), so a 50 MB
 * body costs a slice, not a scan of all of it. Pure: the worker calls it
 * entry by entry, and yields between chunks.
 */
import { base64Bytes } from "../shared/base64.ts";
import { charsetOf, DEEP_SEARCH_CHARS, isTextual } from "./body.ts";
import { baseMime } from "./classify.ts";
import { failureText } from "./normalize.ts";
import { foldText } from "../shared/fold.ts";

export { DEEP_SEARCH_CHARS };

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj {
  return v && typeof v === "object" && !Array.isArray(v) ? v as Obj : {};
}

/** True when `text`'s first `limit` characters, folded, hold `term`. */
function has(text: unknown, term: string, limit: number): boolean {
  // No length shortcut: folding can lengthen a text (`ß` is `ss`).
  if (typeof text !== "string") return false;
  return foldText(text.length > limit ? text.slice(0, limit) : text)
    .includes(term);
}

/** True when one of `pairs` (`{name, value}`), written `name<sep>value`, holds `term`. */
function pairsHave(
  pairs: unknown,
  sep: string,
  term: string,
  limit: number,
): boolean {
  if (!Array.isArray(pairs)) return false;
  for (const p of pairs) {
    const { name, value } = obj(p);
    const line = `${typeof name === "string" ? name : ""}${sep}${
      typeof value === "string" ? value : ""
    }`;
    if (has(line, term, limit)) return true;
  }
  return false;
}

/** The text of a base64 body, its first `limit` characters' worth, or null. */
function decoded(b64: string, charset: string, limit: number): string | null {
  const want = 4 * Math.ceil(limit / 3);
  let clean = b64.length > want + 4096 ? b64.slice(0, want + 4096) : b64;
  clean = clean.replace(/\s+/g, "");
  if (clean.length > want) clean = clean.slice(0, want);
  const bytes = base64Bytes(clean);
  if (!bytes) return null;
  let dec: TextDecoder;
  try {
    dec = new TextDecoder(charset || "utf-8");
  } catch {
    dec = new TextDecoder("utf-8");
  }
  return dec.decode(bytes);
}

/**
 * Whether `entry` (a HAR entry as recorded) holds `term` (folded by
 * `foldText`, not empty) in its headers, bodies or failure text; `limit` is the characters
 * of each text looked at.
 */
export function entryHolds(
  entry: unknown,
  term: string,
  limit: number = DEEP_SEARCH_CHARS,
): boolean {
  if (!term) return true;
  const e = obj(entry);
  const req = obj(e.request), res = obj(e.response);
  if (pairsHave(req.headers, ": ", term, limit)) return true;
  if (pairsHave(res.headers, ": ", term, limit)) return true;
  const post = obj(req.postData);
  if (typeof post.text === "string" && post.text !== "") {
    if (has(post.text, term, limit)) return true;
  } else if (pairsHave(post.params, "=", term, limit)) return true;
  const content = obj(res.content);
  if (typeof content.text === "string" && content.text !== "") {
    if (content.encoding === "base64") {
      if (isTextual(baseMime(content.mimeType))) {
        const text = decoded(content.text, charsetOf(content.mimeType), limit);
        if (text !== null && has(text, term, limit)) return true;
      }
    } else if (has(content.text, term, limit)) return true;
  }
  return has(failureText(e, res), term, limit);
}

/** 1 for each of `entries` that holds `term` ({@link entryHolds}), at once. */
export function deepMask(
  entries: readonly unknown[],
  term: string,
  limit: number = DEEP_SEARCH_CHARS,
): Uint8Array {
  const hit = new Uint8Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    if (entryHolds(entries[i], term, limit)) hit[i] = 1;
  }
  return hit;
}
