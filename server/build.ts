/**
 * Builds the browser bundles: the island boot script and every Web Worker in
 * `islands/workers/`, with `deno bundle` (esbuild inside), minified and code
 * split so each island loads only its own chunk. Output goes to
 * `static/_build/` with a manifest of content hashes for cache busting.
 *
 * Run directly (`deno task build`) or through `ensureBuilt()` from start/dev.
 */
import { buildDir, HASHED } from "./assets.ts";
import { contentVersion } from "./content_hash.ts";
import { moduleGraph } from "./module_graph.ts";

const ROOT = new URL("../", import.meta.url);
/** Per-process staging folder, so parallel builds never share one. */
function staging(): URL {
  return new URL(`.build/${Deno.pid}/`, ROOT);
}
/** Sources whose change makes the bundles stale. */
const SOURCES = ["islands", "components", "lib"];

async function entries(): Promise<Record<string, string>> {
  const list: Record<string, string> = { client: "server/client.ts" };
  try {
    for await (const f of Deno.readDir(new URL("islands/workers/", ROOT))) {
      if (f.isFile && f.name.endsWith(".ts")) {
        list[f.name.slice(0, -3)] = `islands/workers/${f.name}`;
      }
    }
  } catch { /* no workers yet */ }
  return list;
}

async function newestMtime(dir: URL): Promise<number> {
  let newest = 0;
  try {
    for await (const f of Deno.readDir(dir)) {
      const child = new URL(f.name + (f.isDirectory ? "/" : ""), dir);
      if (f.isDirectory) newest = Math.max(newest, await newestMtime(child));
      else {newest = Math.max(
          newest,
          (await Deno.stat(child)).mtime?.getTime() ?? 0,
        );}
    }
  } catch { /* missing folder */ }
  return newest;
}

/** True when the bundles are missing or older than any browser source. */
export async function isStale(out: URL = buildDir()): Promise<boolean> {
  let built: number;
  try {
    built = (await Deno.stat(new URL("manifest.json", out))).mtime?.getTime() ??
      0;
  } catch {
    return true;
  }
  let newest = (await Deno.stat(new URL("server/client.ts", ROOT))).mtime
    ?.getTime() ?? 0;
  for (const s of SOURCES) {
    newest = Math.max(newest, await newestMtime(new URL(s + "/", ROOT)));
  }
  return newest > built;
}

/** How long a build's chunks outlive it (see {@link carryChunks}). */
const CHUNK_GRACE_MS = 24 * 3600_000;

/** Where a build lists the chunks it carries: name → when replaced (ms). */
const CARRIED = "carried.json";

/**
 * Copies the content-hashed chunks of the build in `current` that the new
 * build in `out` lacks into it: a page served before the rebuild (or a
 * server that read the old entry script) still loads them by name, and
 * must not get a 404 halfway through a session. A chunk is kept for a day
 * from the rebuild that replaced it (listed in `carried.json`), so
 * rebuilds do not pile them up. Returns how many were carried.
 */
export async function carryChunks(
  current: URL,
  out: URL,
  now = Date.now(),
): Promise<number> {
  let since: Record<string, number> = {};
  try {
    since = JSON.parse(await Deno.readTextFile(new URL(CARRIED, current)));
  } catch { /* none carried yet */ }
  const kept: Record<string, number> = {};
  try {
    for await (const f of Deno.readDir(current)) {
      if (!f.isFile || !HASHED.test(f.name)) continue;
      // The current build's own chunks are replaced now.
      const replaced = typeof since[f.name] === "number" ? since[f.name] : now;
      if (now - replaced > CHUNK_GRACE_MS) continue;
      const to = new URL(f.name, out);
      if (await Deno.stat(to).then(() => true, () => false)) continue;
      await Deno.copyFile(new URL(f.name, current), to);
      kept[f.name] = replaced;
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err; // a first build
  }
  await Deno.writeTextFile(new URL(CARRIED, out), JSON.stringify(kept));
  return Object.keys(kept).length;
}

/** Bundles every entry; throws with esbuild's message when bundling fails. */
export async function build(target: URL = buildDir()): Promise<void> {
  const stage = staging();
  const list = await entries();
  const wrappers = new URL("entries/", stage);
  const out = new URL("out/", stage);
  await Deno.remove(stage, { recursive: true }).catch(() => {});
  await Deno.mkdir(wrappers, { recursive: true });
  // One wrapper per entry in a single folder keeps the output flat
  // (esbuild mirrors the entries' common folder otherwise).
  const files: string[] = [];
  for (const [name, src] of Object.entries(list)) {
    const file = new URL(`${name}.ts`, wrappers);
    await Deno.writeTextFile(file, `import "${new URL(src, ROOT).href}";\n`);
    files.push(file.pathname);
  }
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--platform",
      "browser",
      "--minify",
      "--code-splitting",
      "--outdir",
      out.pathname,
      ...files,
    ],
    cwd: ROOT.pathname,
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    stdout: "inherit",
    stderr: "inherit",
  });
  const { success } = await cmd.output();
  if (!success) throw new Error("deno bundle failed (see above)");
  const manifest = { hash: "", entries: {} as Record<string, string> };
  for (const name of Object.keys(list)) {
    // The same digest the server checks a URL's `?v=` against.
    manifest.entries[`${name}.js`] = contentVersion(
      await Deno.readFile(new URL(`${name}.js`, out)),
    );
  }
  manifest.hash = Object.values(manifest.entries).join("").slice(0, 12);
  Object.assign(
    manifest,
    await moduleGraph(out, Object.keys(manifest.entries)),
  );
  await Deno.writeTextFile(
    new URL("manifest.json", out),
    JSON.stringify(manifest),
  );
  await carryChunks(target, out);
  // Swap the whole folder so a running server never sees half a build.
  const old = new URL("old/", stage);
  await Deno.mkdir(new URL("../", target), { recursive: true });
  await Deno.rename(target, old).catch(() => {});
  await Deno.rename(out, target);
  await Deno.remove(stage, { recursive: true }).catch(() => {});
}

/** Builds only when the sources changed since the last build. */
export async function ensureBuilt(out: URL = buildDir()): Promise<boolean> {
  if (!(await isStale(out))) return false;
  await build(out);
  return true;
}

if (import.meta.main) {
  const t = performance.now();
  await build(buildDir(Deno.env.get("BUILD_OUT")));
  console.log(`islands built in ${Math.round(performance.now() - t)} ms`);
}
