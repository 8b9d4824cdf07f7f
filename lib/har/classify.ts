/**
 * Classification of entries: status class, MIME type, content-type category
 * and the host/path split of a URL. Written to be cheap: it runs once per
 * entry on files with 50,000 entries, so no `new URL()` and no regex per call
 * where a string scan does.
 */
import type { TypeCategory } from "./types.ts";

/** `Text/HTML; charset=utf-8` -> `text/html`. */
export function baseMime(mime: unknown): string {
  if (typeof mime !== "string") return "";
  const semi = mime.indexOf(";");
  return (semi < 0 ? mime : mime.slice(0, semi)).trim().toLowerCase();
}

/**
 * Chrome's `_resourceType` values (DevTools' ResourceType names) mapped to
 * the viewer's categories; unknown values fall back to the MIME type.
 */
const RESOURCE_TYPES: Record<string, TypeCategory> = {
  document: "document",
  stylesheet: "stylesheet",
  script: "script",
  image: "image",
  font: "font",
  media: "media",
  texttrack: "media",
  xhr: "xhr",
  fetch: "xhr",
  eventsource: "xhr",
  websocket: "websocket",
  wasm: "script",
  manifest: "other",
  ping: "other",
  preflight: "other",
  other: "other",
  cspviolationreport: "other",
  signedexchange: "other",
};

/**
 * The type DevTools' Type column names for `resourceType` (Chrome's
 * `_resourceType`, any case): `fetch`, `ping`, `preflight`… when it is one
 * of DevTools' names, so the list can say it where the chips group it
 * (`fetch` under Fetch/XHR); "" for anything else.
 */
export function resourceTypeName(resourceType: unknown): string {
  if (typeof resourceType !== "string" || resourceType.length > 40) return "";
  const name = resourceType.toLowerCase();
  return Object.hasOwn(RESOURCE_TYPES, name) ? name : "";
}

const EXT: Record<string, TypeCategory> = {
  html: "document",
  htm: "document",
  js: "script",
  mjs: "script",
  css: "stylesheet",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  avif: "image",
  svg: "image",
  ico: "image",
  woff: "font",
  woff2: "font",
  ttf: "font",
  otf: "font",
  eot: "font",
  mp4: "media",
  webm: "media",
  mp3: "media",
  m3u8: "media",
  json: "xhr",
};

function fromMime(m: string): TypeCategory | null {
  if (!m) return null;
  if (m === "text/html" || m === "application/xhtml+xml") return "document";
  if (m === "text/css") return "stylesheet";
  if (m.includes("javascript") || m.includes("ecmascript")) return "script";
  if (m === "application/wasm") return "script";
  if (m.startsWith("image/")) return "image";
  if (
    m.startsWith("font/") || m.includes("font-") || m.includes("/x-font") ||
    m === "application/vnd.ms-fontobject"
  ) return "font";
  if (
    m.startsWith("audio/") || m.startsWith("video/") || m === "text/vtt" ||
    m.includes("mpegurl") || m === "application/dash+xml"
  ) return "media";
  if (
    m.includes("json") || m.endsWith("/xml") || m.endsWith("+xml") ||
    m === "text/event-stream" || m === "application/x-www-form-urlencoded"
  ) return "xhr";
  return null;
}

function fromExtension(path: string): TypeCategory | null {
  let end = path.length;
  for (const stop of ["?", "#"]) {
    const k = path.indexOf(stop);
    if (k >= 0 && k < end) end = k;
  }
  const dot = path.lastIndexOf(".", end);
  if (dot < 0 || dot < path.lastIndexOf("/", end)) return null;
  const ext = path.slice(dot + 1, end).toLowerCase();
  return Object.hasOwn(EXT, ext) ? EXT[ext] : null; // not "constructor"
}

/** Most distinct values a {@link Classifier} remembers of each kind. */
const REMEMBERED = 1000;

/**
 * Classifies one file's entries. It remembers the MIME types and
 * `_resourceType` strings it has seen (a file has a few dozen and a
 * handful), so 50,000 entries cost a lookup each; one is built per file, so
 * nothing outlives it.
 */
export class Classifier {
  readonly #bases = new Map<string, string>();
  readonly #byMime = new Map<string, TypeCategory | null>();
  readonly #byResource = new Map<string, TypeCategory | null>();

  /** {@link baseMime}, remembered. */
  baseMime(mime: unknown): string {
    if (typeof mime !== "string") return "";
    let base = this.#bases.get(mime);
    if (base === undefined) {
      base = baseMime(mime);
      if (this.#bases.size < REMEMBERED) this.#bases.set(mime, base);
    }
    return base;
  }

  /**
   * The category of an entry: `_resourceType` when the exporter wrote one
   * (Chrome), else WebSocket signs, else the MIME type, else the URL
   * extension.
   */
  typeCategory(
    resourceType: unknown,
    mime: string,
    url: string,
    status: number,
    hasWsMessages: boolean,
  ): TypeCategory {
    if (typeof resourceType === "string" && resourceType) {
      let t = this.#byResource.get(resourceType);
      if (t === undefined) {
        t = fromResourceType(resourceType);
        if (this.#byResource.size < REMEMBERED) {
          this.#byResource.set(resourceType, t);
        }
      }
      if (t) return t;
    }
    if (
      hasWsMessages || url.startsWith("ws://") || url.startsWith("wss://") ||
      status === 101
    ) return "websocket";
    let byMime = this.#byMime.get(mime);
    if (byMime === undefined) {
      byMime = fromMime(mime);
      if (this.#byMime.size < REMEMBERED) this.#byMime.set(mime, byMime);
    }
    return byMime ?? fromExtension(url) ?? "other";
  }
}

function fromResourceType(resourceType: string): TypeCategory | null {
  // An own-property lookup: "constructor" or "__proto__" must not find
  // Object.prototype's members (they are no category).
  const key = resourceType.toLowerCase().replace(/[^a-z]/g, "");
  return Object.hasOwn(RESOURCE_TYPES, key) ? RESOURCE_TYPES[key] : null;
}

/**
 * Where the host of a URL is, by scanning rather than `new URL()` (much
 * cheaper, never throws, no allocation): writes the host's start and end
 * (after any `user:pass@`, which is never shown) and the path's start into
 * `out`. URLs without an authority (`data:`, `about:blank`, `blob:`):
 * 0, 0, 0.
 */
export function hostRange(url: string, out: Int32Array): void {
  out[0] = out[1] = out[2] = 0;
  const scheme = url.indexOf("://");
  if (scheme < 0 || scheme > 16) return;
  // `blob:https://host/id` is the page's own object, no request to host:
  // shown whole, as DevTools shows it.
  if (url.lastIndexOf(":", scheme - 1) >= 0) return;
  let start = scheme + 3;
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) { // / ? #
      end = i;
      break;
    }
    if (c === 64) start = i + 1; // @: credentials end here
  }
  out[0] = start;
  out[1] = end;
  out[2] = end;
}

/**
 * The path and query shown for a URL: from `pathAt`, without the fragment
 * (never sent to the server), "/" when empty.
 */
export function pathFrom(url: string, pathAt: number): string {
  if (pathAt === 0) return url;
  const hash = url.indexOf("#", pathAt);
  const path = hash < 0 ? url.slice(pathAt) : url.slice(pathAt, hash);
  return path.startsWith("/") ? path : "/" + path;
}
