/**
 * Static files: the hand-written ones in `static/` and the island bundles in
 * the build folder (served under `/_build/`). Files are read once and kept in
 * memory by the instance (the whole folder is a few hundred kilobytes), so a
 * request costs a map lookup; pages and build files look at the build's
 * manifest time at most once a second, to follow a rebuild. Nothing here is
 * written: the server starts with `--deny-write`.
 */
import { contentType } from "./content_type.ts";
import { codable, type Coding, codingFor, encode } from "./compress.ts";
import { codedTag, contentVersion, entityTagOf } from "./content_hash.ts";
import type { ModuleGraph } from "./module_graph.ts";
import {
  ifNoneMatchFails,
  parseEntityTags,
} from "../lib/shared/entity_tags.ts";

/** Where `static/` is in this checkout. */
export const STATIC_DIR: URL = new URL("../static/", import.meta.url);

/**
 * The build folder: `static/_build/`, or `out` (the `BUILD_OUT` env
 * variable of the entries; a path, relative to the working directory).
 */
export function buildDir(out?: string): URL {
  if (!out) return new URL("_build/", STATIC_DIR);
  const abs = out.startsWith("/") ? out : `${Deno.cwd()}/${out}`;
  return new URL(`file://${abs.replace(/\/?$/, "/")}`);
}

/** Options of {@link createAssets}. */
export interface AssetOptions {
  /** Hand-written files; default `static/`. */
  staticDir?: URL;
  /** Built bundles; default `static/_build/`. */
  buildDir?: URL;
  /** Files change under a running server (`deno task dev`): never cache. */
  dev?: boolean;
}

/** The static files of one app. */
export interface Assets {
  /**
   * Answers a GET or HEAD for a static file, or null when there is none.
   * `version` is the URL's `?v=` (null without one): when it is the
   * {@link contentVersion} of the very bytes sent, the URL names them for
   * good and they are cached for a year (`immutable`); any other value
   * gets the file with `no-cache`, like a plain URL.
   */
  serve(
    req: Request,
    path: string,
    version: string | null,
  ): Response | null;
  /**
   * The URL of a built entry (`client.js`, `spec_worker.js`) pinned to the
   * current build, so browsers may cache it forever; null when not built.
   */
  buildUrl(entry: string): string | null;
  /**
   * The URL of a file in `static/` pinned to its bytes
   * (`/styles.css?v=<version>`), which {@link Assets.serve} sends
   * `immutable`; the plain path when there is no such file.
   */
  fileUrl(path: string): string;
  /**
   * The module scripts a page rendering `islands` loads before they run:
   * the boot script, its chunks, and each island's chunks (see
   * module_graph.ts), each once; none when not built.
   */
  modulePreloads(islands: readonly string[]): string[];
}

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  /** What a `?v=` must be for these bytes to be sent `immutable`. */
  version: string;
  /** Its coded forms, made on first request, each with its own ETag. */
  coded: Partial<
    Record<Coding, { body: Uint8Array<ArrayBuffer>; etag: string }>
  >;
}

interface Manifest extends Partial<ModuleGraph> {
  hash: string;
  entries: Record<string, string>;
}

/** A bundle chunk named by its content hash (esbuild's `name-HASH.js`). */
export const HASHED = /-[A-Z0-9]{8}\.js$/;

/** Cache-Control of a response whose URL names its bytes for good. */
const FOREVER = "public, max-age=31536000, immutable";

/**
 * The only paths a static file has: one plain file name in `static/`, or
 * in the build folder under `/_build/`. Anything else is refused before
 * the disk is asked: `..`, `//etc/passwd` (an absolute path to the URL
 * parser, RFC 3986 §5.2.2), a percent left by the router (`.%2F` is a
 * slash to the file system, so each spelling of one file would be read
 * and kept again), a backslash, NUL, or a trailing slash (Deno reads
 * `styles.css/` as the file).
 */
const STATIC_PATH = /^\/(?:_build\/)?[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/;

/** The static files of an app, read lazily and cached per instance. */
export function createAssets(options: AssetOptions = {}): Assets {
  const staticDir = options.staticDir ?? STATIC_DIR;
  const built = options.buildDir ?? buildDir();
  const dev = options.dev ?? false;
  const cache = new Map<string, Asset>();
  let manifest: Manifest | null | undefined;
  /** When the manifest read was written: a rebuild writes a new one. */
  let manifestTime: number | null = null;
  /** When its time was last looked at: at most once a second, not per page. */
  let lookedAt = -Infinity;

  // Read synchronously: a page being rendered names a file by its
  // version. Each file is read once per instance (the folder is a few
  // hundred kilobytes), and a missing one is one failed open.
  const load = (path: string): Asset | null => {
    if (!STATIC_PATH.test(path)) return null;
    const dir = path.startsWith("/_build/") ? built : staticDir;
    const url = new URL(
      path.slice(path.startsWith("/_build/") ? "/_build/".length : 1),
      dir,
    );
    // Belt and braces: the name rule above leaves nothing the URL parser
    // or the file system would read as another folder.
    if (!url.href.startsWith(dir.href)) return null;
    try {
      const body = Deno.readFileSync(url);
      return {
        body,
        type: contentType(path),
        etag: entityTagOf(body),
        version: contentVersion(body),
        coded: {},
      };
    } catch {
      return null;
    }
  };

  const get = (path: string): Asset | null => {
    let asset: Asset | null | undefined = cache.get(path);
    if (asset === undefined) {
      asset = load(path);
      // Missing build files may appear after a rebuild: cache hits only.
      if (asset && !dev) cache.set(path, asset);
    }
    return asset;
  };

  /**
   * The build's manifest, read again when a rebuild wrote a new one; its
   * time is looked at at most once a second, unless `now` asks for it.
   */
  const readManifest = (now = false): Manifest | null => {
    const file = new URL("manifest.json", built);
    const t = performance.now();
    if (manifest !== undefined && !dev && !now && t - lookedAt < 1000) {
      return manifest;
    }
    lookedAt = t;
    let time: number | null = null;
    try {
      time = Deno.statSync(file).mtime?.getTime() ?? null;
    } catch { /* not built */ }
    // Read again after a rebuild (tests rebuild a checkout a server runs
    // from): pages then name the new entry scripts, and the old ones held
    // in memory, whose chunks a later rebuild drops, are let go.
    if (manifest !== undefined && !dev && time === manifestTime) {
      return manifest;
    }
    if (manifest !== undefined) {
      for (const path of cache.keys()) {
        if (path.startsWith("/_build/")) cache.delete(path);
      }
    }
    manifestTime = time;
    try {
      manifest = JSON.parse(Deno.readTextFileSync(file)) as Manifest;
    } catch {
      manifest = null;
    }
    return manifest;
  };

  const buildUrl = (entry: string): string | null => {
    const m = readManifest();
    if (!m || !(entry in m.entries)) return null;
    return `/_build/${entry}?v=${m.entries[entry]}`;
  };

  return {
    serve(req, path, version) {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      const inBuild = path.startsWith("/_build/");
      // Every isolate of `deno serve --parallel` keeps its own copy of
      // the build: each follows a rebuild here too, not only when it
      // renders a page, or it would answer a new URL with old bytes.
      if (inBuild) readManifest();
      let asset = get(path);
      // A version these bytes are not may be a rebuild not yet seen (the
      // manifest is looked at once a second): look now, before answering.
      if (inBuild && asset && version !== null && version !== asset.version) {
        readManifest(true);
        asset = get(path);
      }
      if (!asset) return null;
      const worth = codable(asset.type, asset.body.byteLength);
      const coding = worth
        ? codingFor(req.headers.get("accept-encoding"))
        : null;
      const form = coding
        ? asset.coded[coding] ??= {
          body: encode(asset.body, coding),
          etag: codedTag(asset.etag, coding),
        }
        : asset;
      // Chunks are named by their content hash; any other file is kept
      // for a year only under the URL naming its very bytes. A wrong or
      // stale `?v=` still gets the file, revalidated each use: a page
      // opened before a rebuild keeps working (as its chunks do, see
      // build.ts), and nothing is pinned to bytes its URL does not name.
      const forever = (inBuild && HASHED.test(path)) ||
        version === asset.version;
      const headers = new Headers({
        "content-type": asset.type,
        "etag": form.etag,
        "cache-control": forever ? FOREVER : "no-cache",
      });
      if (worth) headers.set("vary", "accept-encoding");
      // Weak comparison, lists and `*` (RFC 9110 §13.1.2).
      const tags = req.headers.get("if-none-match");
      if (
        tags !== null &&
        ifNoneMatchFails(parseEntityTags(tags), form.etag.slice(1, -1))
      ) {
        return new Response(null, { status: 304, headers });
      }
      if (coding) headers.set("content-encoding", coding);
      headers.set("content-length", String(form.body.byteLength));
      return new Response(req.method === "HEAD" ? null : form.body, {
        headers,
      });
    },
    buildUrl,
    fileUrl(path) {
      const asset = path.startsWith("/_build/") ? null : get(path);
      return asset ? `${path}?v=${asset.version}` : path;
    },
    modulePreloads(islands) {
      const client = buildUrl("client.js");
      const m = readManifest();
      if (!client || !m) return [];
      const chunks = new Set(m.imports?.["client.js"]);
      for (const name of islands) {
        if (!m.islands || !Object.hasOwn(m.islands, name)) continue;
        for (const chunk of m.islands[name]) chunks.add(chunk);
      }
      return [client, ...[...chunks].map((c) => `/_build/${c}`)];
    },
  };
}
