/**
 * Name/value lists of the detail panel (headers, query parameters, form
 * fields, cookies) as plain rows, whatever the file holds: values of any
 * JSON type become text, and lists and values are cut so that a hostile
 * entry (a million headers, a 50 MB cookie) cannot flood the page.
 */
import { cutText } from "./body.ts";
import { previewJson } from "./json_text.ts";
import { obj } from "./normalize.ts";

/** A header, query parameter or form field. */
export interface NameValue {
  /** The name as written (a non-string JSON value as text). */
  name: string;
  /** The value as written (a non-string JSON value as text). */
  value: string;
}

/** A cookie of `request.cookies` or `response.cookies` (HAR 1.2 4.2.5). */
export interface CookieRow extends NameValue {
  /** Path, domain, expiry and flags, as one readable string. */
  attributes: string;
}

/** Rows of one list sent to the page; the rest are counted in `more`. */
export const LIST_ROWS = 1000;
/** Longest name or value sent to the page (characters). */
export const VALUE_CHARS = 10_000;

/** Lists of the detail that are cut at {@link LIST_ROWS}. */
export type DetailList =
  | "query"
  | "requestHeaders"
  | "responseHeaders"
  | "requestCookies"
  | "responseCookies"
  | "postParams"
  | "extraTimings";

/** A name or value cut for display (see {@link VALUE_CHARS}). */
export function shown(s: string): string {
  return s.length > VALUE_CHARS ? cutText(s, VALUE_CHARS) + "…" : s;
}

/**
 * A value as text whatever its JSON type: exporters write numbers and
 * booleans, hostile files objects (possibly 100,000 levels deep, or with a
 * `toString` key that makes `String(v)` throw).
 */
export function valueText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  if (typeof v === "object") return previewJson(v);
  return String(v);
}

/** `{name, value}` pairs, uncut (cURL needs them whole). */
export function pairs(v: unknown): NameValue[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => {
    const o = obj(x);
    return { name: valueText(o.name), value: valueText(o.value) };
  });
}

/**
 * `postData.params` as rows: a file field written by its name alone
 * (HAR 1.2 §4.2.4's `fileName` and `contentType`, as Insomnia writes a
 * multipart form) shows that name and type where its content would be.
 */
export function formFields(v: unknown): NameValue[] {
  const rows = pairs(v);
  if (!Array.isArray(v)) return rows;
  return rows.map((r, k) => {
    const o = obj(v[k]);
    const file = valueText(o.fileName);
    if (r.value || !file) return r;
    const type = valueText(o.contentType);
    return { name: r.name, value: `(file ${file}${type ? `, ${type}` : ""})` };
  });
}

/** A HAR cookies list as rows with their attributes, up to {@link LIST_ROWS}. */
export function cookies(v: unknown): CookieRow[] {
  if (!Array.isArray(v)) return [];
  return v.slice(0, LIST_ROWS).map((x) => {
    const c = obj(x);
    const attr = (k: string, label: string) =>
      c[k] ? `${label}=${shown(valueText(c[k]))}` : "";
    const attrs = [
      attr("domain", "Domain"),
      attr("path", "Path"),
      attr("expires", "Expires"),
      c.httpOnly ? "HttpOnly" : "",
      c.secure ? "Secure" : "",
      attr("sameSite", "SameSite"),
    ].filter(Boolean).join("; ");
    return {
      name: shown(valueText(c.name)),
      value: shown(valueText(c.value)),
      attributes: attrs,
    };
  });
}

/**
 * Cookies read from the headers, as HAR cookie objects, for exporters that
 * leave `cookies` empty (DevTools reads the headers too): each `Cookie`
 * header's pairs (RFC 6265 §5.4), or each `Set-Cookie` header's pair and
 * attributes (§5.2).
 */
export function cookiesFromHeaders(
  headers: readonly NameValue[],
  request: boolean,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const want = request ? "cookie" : "set-cookie";
  for (const h of headers) {
    if (h.name.toLowerCase() !== want) continue;
    if (request) {
      for (const part of h.value.split(";")) {
        const eq = part.indexOf("=");
        if (eq < 0 || out.length > LIST_ROWS) continue;
        out.push({
          name: part.slice(0, eq).trim(),
          value: part.slice(eq + 1).trim(),
        });
      }
      continue;
    }
    // Firefox joins several Set-Cookie headers into one with line feeds.
    for (const line of h.value.split("\n")) {
      const [first, ...attrs] = line.split(";");
      const eq = first.indexOf("=");
      if (eq < 0 || out.length > LIST_ROWS) continue;
      const c: Record<string, unknown> = {
        name: first.slice(0, eq).trim(),
        value: first.slice(eq + 1).trim(),
      };
      for (const a of attrs) {
        const [k, ...v] = a.split("=");
        const key = k.trim().toLowerCase();
        const value = v.join("=").trim();
        if (key === "domain") c.domain = value;
        else if (key === "path") c.path = value;
        else if (key === "expires") c.expires = value;
        else if (key === "samesite") c.sameSite = value;
        else if (key === "httponly") c.httpOnly = true;
        else if (key === "secure") c.secure = true;
      }
      out.push(c);
    }
  }
  return out;
}

function decodeQuery(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/**
 * Query parameters from the URL, for exporters that leave `queryString`
 * empty. At most `max` of them (a 50 MB URL can hold millions).
 */
export function queryFromUrl(url: string, max = Infinity): NameValue[] {
  const q = url.indexOf("?");
  if (q < 0) return [];
  const h = url.indexOf("#", q);
  const end = h < 0 ? url.length : h;
  const out: NameValue[] = [];
  for (let at = q + 1; at <= end && out.length < max;) {
    let amp = url.indexOf("&", at);
    if (amp < 0 || amp > end) amp = end;
    const pair = url.slice(at, amp);
    at = amp + 1;
    if (!pair) continue;
    const eq = pair.indexOf("=");
    out.push(
      eq < 0 ? { name: decodeQuery(pair), value: "" } : {
        name: decodeQuery(pair.slice(0, eq)),
        value: decodeQuery(pair.slice(eq + 1)),
      },
    );
  }
  return out;
}

/** How many `{name, value}` items `v` holds (0 when it is not a list). */
export function countOf(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

/** Rows for display: the first {@link LIST_ROWS}, names and values cut. */
export function rowsOf(list: NameValue[]): NameValue[] {
  return list.slice(0, LIST_ROWS).map((r) => ({
    name: shown(r.name),
    value: shown(r.value),
  }));
}

/**
 * How many query parameters a URL holds, counted without decoding them
 * only when more than were parsed.
 */
export function queryCount(url: string, parsed: number): number {
  if (parsed <= LIST_ROWS) return parsed;
  const q = url.indexOf("?");
  const h = url.indexOf("#", q);
  const end = h < 0 ? url.length : h;
  let n = 0;
  for (let at = q + 1; at <= end;) {
    let amp = url.indexOf("&", at);
    if (amp < 0 || amp > end) amp = end;
    if (amp > at) n++;
    at = amp + 1;
  }
  return n;
}
