/**
 * Static files: the hand-written ones in `static/` and the island bundles in
 * `static/_build/`. Files are read once and kept in memory (the whole folder
 * is a few hundred kilobytes), so a request costs a map lookup.
 */
import { contentType } from "./content_type.ts";

/** Where static files live; tests may point elsewhere. */
export const STATIC_DIR = new URL("../static/", import.meta.url);
/**
 * Built island bundles, written by `server/build.ts` and served under
 * `/_build/`. `BUILD_OUT` moves them (parallel checkouts, tests).
 */
export const BUILD_DIR = buildDir();

function buildDir(): URL {
  const out = Deno.env.get("BUILD_OUT");
  if (!out) return new URL("_build/", STATIC_DIR);
  const abs = out.startsWith("/") ? out : `${Deno.cwd()}/${out}`;
  return new URL(`file://${abs.replace(/\/?$/, "/")}`);
}

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  cache: string;
}

const cache = new Map<string, Asset | null>();
/** In `deno task dev` files change under a running server: do not cache. */
const DEV = Deno.env.get("DEV") === "1";

/** Bundles whose names carry an esbuild content hash never change. */
const HASHED = /-[A-Z0-9]{8}\.js$/;

async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", body);
  const hex = Array.from(new Uint8Array(digest).slice(0, 10))
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

async function load(path: string): Promise<Asset | null> {
  // Reject anything that could climb out of the static folder.
  if (path.includes("..") || path.includes("\\") || path.includes("\0")) {
    return null;
  }
  try {
    const body = await Deno.readFile(
      path.startsWith("/_build/")
        ? new URL(path.slice("/_build/".length), BUILD_DIR)
        : new URL(path.slice(1), STATIC_DIR),
    );
    const immutable = path.startsWith("/_build/") && HASHED.test(path);
    return {
      body,
      type: contentType(path),
      etag: await etagOf(body),
      // Entry bundles are referenced with ?v=<hash>, chunks by hashed name;
      // everything else revalidates with the ETag.
      cache: immutable ? "public, max-age=31536000, immutable" : "no-cache",
    };
  } catch {
    return null;
  }
}

/**
 * Answers a GET or HEAD for a static file, or returns null when there is none.
 * `versioned` is true when the URL carries `?v=` (an entry bundle pinned to a
 * build), which makes it safe to cache for a year.
 */
export async function serveStatic(
  req: Request,
  pathname: string,
  versioned = false,
): Promise<Response | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  let asset = cache.get(pathname);
  if (asset === undefined) {
    asset = await load(pathname);
    // Missing build files may appear after a rebuild (dev), so only cache hits.
    if (asset && !DEV) cache.set(pathname, asset);
  }
  if (!asset) return null;
  const headers = new Headers({
    "content-type": asset.type,
    "etag": asset.etag,
    "cache-control": versioned
      ? "public, max-age=31536000, immutable"
      : asset.cache,
  });
  if (req.headers.get("if-none-match") === asset.etag) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-length", String(asset.body.byteLength));
  return new Response(req.method === "HEAD" ? null : asset.body, { headers });
}

/** Forgets cached files (dev rebuilds, tests). */
export function clearStaticCache(): void {
  cache.clear();
  manifest = undefined;
}

interface Manifest {
  hash: string;
  entries: Record<string, string>;
}
let manifest: Manifest | null | undefined;

function readManifest(): Manifest | null {
  if (manifest !== undefined && !DEV) return manifest;
  try {
    manifest = JSON.parse(
      Deno.readTextFileSync(new URL("manifest.json", BUILD_DIR)),
    ) as Manifest;
  } catch {
    manifest = null;
  }
  return manifest;
}

/**
 * The URL of a built entry (`client.js`, `spec_worker.js`), pinned to the
 * current build so browsers may cache it forever. Null when not built.
 */
export function buildUrl(entry: string): string | null {
  const m = readManifest();
  if (!m || !(entry in m.entries)) return null;
  return `/_build/${entry}?v=${m.entries[entry]}`;
}
