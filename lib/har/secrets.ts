/**
 * Parse-time counts for the "this file holds secrets" banner: cookies,
 * authorization headers and token-like values. Runs over every header of
 * every entry, so it classifies each distinct header name once and counts
 * cookie pairs without splitting strings.
 */
import { type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";
import {
  CHALLENGE_HEADERS,
  cookieValue,
  DEFAULT_REDACT_WORDS,
  fragmentQuery,
  looksSecret,
  type NameMatcher,
  nameMatcher,
  REDACTED,
  redactQuery,
  redactSubprotocols,
  replaceJwts,
  urlCredential,
  valueText,
} from "./redact.ts";
import type { SecretCounts } from "./types.ts";

const PLAIN = 0, COOKIE = 1, SET_COOKIE = 2, AUTH = 3, SECRET = 4;
const LOCATION = 5, URL_HEADER = 6, CHALLENGE = 7, SUBPROTOCOLS = 8;

/**
 * `a=1; b=2; flag; c=` -> 3: the pairs of a Cookie header that hold a
 * value (an empty one holds nothing to redact; `flag`, without `=`, is a
 * nameless cookie's value), as the sanitizer redacts them.
 */
function cookiePairs(v: string): number {
  // A sanitized copy's `a=[REDACTED]` holds nothing either.
  if (v.includes(REDACTED)) {
    let n = 0;
    for (const pair of v.split(";")) if (holds(cookieValue(pair))) n++;
    return n;
  }
  // Otherwise one scan, no strings made: this runs on every Cookie header.
  let n = 0, eq = false, valued = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 59) { // ;
      if (valued) n++;
      eq = valued = false;
    } else if (c === 61 && !eq) { // the first =: a value follows
      eq = true;
      valued = false;
    } else if (c !== 32 && c !== 9) valued = true;
  }
  return valued ? n + 1 : n;
}

/**
 * Whether a value holds something to redact: not empty, and not what the
 * sanitizer left (`[REDACTED]`, `Bearer [REDACTED]`), so a sanitized copy
 * opened again raises no alarm.
 */
function holds(value: string): boolean {
  return value !== "" && !value.endsWith(REDACTED);
}

/** How many `cookies` list items hold a value. */
function valuedCookies(list: unknown[]): number {
  let n = 0;
  for (const c of list) if (holds(valueText(obj(c).value))) n++;
  return n;
}

/**
 * Set-Cookie values may fold several cookies, one per line; those whose
 * first pair holds a value count (not `a=[REDACTED]; Path=/`, nor an
 * empty `a=; Max-Age=0`).
 */
function setCookies(v: string): number {
  let n = 0;
  for (const line of v.split("\n")) {
    if (holds(cookieValue(line.split(";", 1)[0]))) n++;
  }
  return n;
}

/**
 * Returns a counter that adds one raw entry's secrets to `counts`: cookies
 * (the `cookies` arrays, or the Cookie/Set-Cookie headers when an exporter
 * left those empty), Authorization/Proxy-Authorization headers, and
 * token-like query parameters and headers.
 */
function secretCounter(
  isSecret: NameMatcher,
): (e: Obj, counts: SecretCounts) => void {
  const kinds = new Map<string, number>();
  const kindOf = (name: string): number => {
    let k = kinds.get(name);
    if (k === undefined) {
      const n = name.trim().toLowerCase();
      k = n === "cookie"
        ? COOKIE
        : n === "set-cookie"
        ? SET_COOKIE
        : n === "authorization" || n === "proxy-authorization"
        ? AUTH
        : n === "location"
        ? LOCATION
        : n === "referer" || n === "content-location" || n === ":path"
        ? URL_HEADER
        : CHALLENGE_HEADERS.has(n)
        ? CHALLENGE
        : n === "sec-websocket-protocol"
        ? SUBPROTOCOLS
        : isSecret(n)
        ? SECRET
        : PLAIN;
      if (kinds.size < 10000) kinds.set(name, k);
    }
    return k;
  };
  const side = (s: Obj, counts: SecretCounts) => {
    const cookies = Array.isArray(s.cookies) ? valuedCookies(s.cookies) : 0;
    let fromHeaders = 0;
    let locations: string[] | undefined;
    const headers = s.headers;
    if (Array.isArray(headers)) {
      for (let i = 0; i < headers.length; i++) {
        const h = obj(headers[i]);
        const value = valueText(h.value);
        const k = kindOf(str(h.name));
        if (k === LOCATION) (locations ??= []).push(value);
        else if (k === URL_HEADER) {
          // The page that asked, or where the body lives: URLs of their
          // own, with their own query (the sanitizer reads them too).
          urlSecrets(value, true, counts);
        } else if (k === COOKIE) fromHeaders += cookiePairs(value);
        else if (k === SET_COOKIE) fromHeaders += setCookies(value);
        else if (k === AUTH) {
          if (holds(value)) counts.authorization++;
        } // An empty value holds nothing (the sanitizer leaves it).
        else if (k === CHALLENGE) continue;
        else if (k === SUBPROTOCOLS) {
          counts.tokens += redactSubprotocols(value, isSecret).count;
        } else if ((k === SECRET && holds(value)) || looksSecret(value)) {
          counts.tokens++;
        } else if (value.includes("eyJ")) {
          // JWTs inside a longer value (`Forwarded: …;token=eyJ…`).
          replaceJwts(value, (jwt) => (counts.tokens++, jwt));
        }
      }
    }
    counts.cookies += cookies || fromHeaders;
    const qs = s.queryString;
    if (Array.isArray(qs)) {
      for (let i = 0; i < qs.length; i++) {
        const q = obj(qs[i]);
        const value = valueText(q.value);
        if ((isSecret(str(q.name)) && holds(value)) || looksSecret(value)) {
          counts.tokens++;
        }
      }
    }
    // A request's URL, whose query `queryString` holds (when the exporter
    // wrote it); a response's redirect, whose query nothing else does.
    if (typeof s.url === "string") {
      urlSecrets(s.url, !Array.isArray(qs) || !qs.length, counts);
    }
    const redirect = str(s.redirectURL);
    if (redirect) urlSecrets(redirect, true, counts);
    // The Location header, which `redirectURL` repeats when an exporter
    // fills it in; one that says otherwise is redacted apart.
    for (const l of locations ?? []) {
      if (l && l !== redirect) urlSecrets(l, true, counts);
    }
  };
  /** The credential and secret parameters of one URL. */
  const urlSecrets = (url: string, query: boolean, counts: SecretCounts) => {
    // A password in the URL is a credential, as a Basic one is.
    if (urlCredential(url)) counts.authorization++;
    // JWTs in its path (`/verify/eyJ…`; its query's are counted with it).
    const path = url.slice(0, url.search(/[?#]|$/));
    if (path.includes("eyJ")) {
      replaceJwts(path, (jwt) => (counts.tokens++, jwt));
    }
    // The URL's own query when nothing else lists it; and a query-like
    // fragment, which `queryString` never holds (OAuth 2.0's implicit flow
    // returns `#access_token=…`, RFC 6749 §4.2.2).
    const h = url.indexOf("#");
    const q = url.indexOf("?");
    if (query && q >= 0 && (h < 0 || q < h)) {
      counts.tokens +=
        redactQuery(url.slice(q + 1, h < 0 ? url.length : h), isSecret).count;
    }
    if (h >= 0 && url.indexOf("=", h) >= 0) {
      const frag = url.slice(h + 1);
      counts.tokens +=
        redactQuery(frag.slice(fragmentQuery(frag)), isSecret).count;
    }
  };
  return (e, counts) => {
    side(obj(e.request), counts);
    side(obj(e.response), counts);
  };
}

/**
 * Counts the secrets of all entries with the default word list. The worker
 * runs this after posting the first rows: it touches every header of the
 * file, and the banner can wait a moment longer than the list.
 */
export function countHarSecrets(raw: Obj[]): SecretCounts {
  const count = secretCounter(nameMatcher(DEFAULT_REDACT_WORDS));
  const counts: SecretCounts = { cookies: 0, authorization: 0, tokens: 0 };
  for (const e of raw) count(e, counts);
  return counts;
}
