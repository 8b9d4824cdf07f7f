/**
 * What a page's module scripts load before they run, read from the
 * bundle's output at build time (`deno bundle` writes no metafile): for
 * each entry its chunks, and for each island the chunk the boot script
 * imports for it with that chunk's own. A page names them in
 * `<link rel="modulepreload">`, so the browser fetches them at once
 * instead of one round trip per level of imports (HTML, client.js, the
 * island's chunk, its chunks).
 */
import { ISLANDS } from "../islands/registry.ts";

/** What the build adds to its manifest. */
export interface ModuleGraph {
  /** Per entry (`client.js`): the chunks it imports, at any depth. */
  imports: Record<string, string[]>;
  /** Per island name: its chunk, then the chunks that imports, at any depth. */
  islands: Record<string, string[]>;
}

/**
 * The leading static imports of esbuild's output (`import{a as b}from"./x.js";`,
 * `import"./y.js";`): esbuild hoists every one to the top of the file, so
 * reading stops at the first other statement, and a string in the code
 * below that looks like an import is never taken for one.
 */
const LEADING_IMPORT =
  /import\s*(?:[\w$\s{},*]*?from\s*)?"\.\/([\w.-]+\.js)";?/y;

/** The files `code` imports statically, by name in its folder. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  LEADING_IMPORT.lastIndex = 0;
  for (let m; (m = LEADING_IMPORT.exec(code));) out.push(m[1]);
  return out;
}

/** The files `code` imports with `import("./name")`. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\("\.\/([\w.-]+\.js)"\)/g)].map((m) =>
    m[1]
  );
}

/**
 * Reads the module graph of the build in `out` for `entries` (file names).
 * An island's chunk is the one named after its module (esbuild names a
 * dynamically imported chunk `Name-HASH.js`, and the registry's names are
 * their modules' names); an island whose chunk is not found gets no list
 * (no preload), which server/build_test.ts checks does not happen.
 */
export async function moduleGraph(
  out: URL,
  entries: string[],
): Promise<ModuleGraph> {
  const code = new Map<string, string>();
  const read = async (name: string) => {
    if (!code.has(name)) {
      code.set(name, await Deno.readTextFile(new URL(name, out)));
    }
    return code.get(name)!;
  };
  /** Every chunk `name` loads before it runs, depth first, each once. */
  const closure = async (name: string, seen = new Set<string>()) => {
    for (const dep of staticImports(await read(name))) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      await closure(dep, seen);
    }
    return seen;
  };
  const graph: ModuleGraph = { imports: {}, islands: {} };
  for (const entry of entries) {
    graph.imports[entry] = [...await closure(entry)];
  }
  const lazy = dynamicImports(await read("client.js"));
  for (const name of Object.keys(ISLANDS)) {
    const chunk = lazy.find((f) =>
      new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(f)
    );
    if (chunk) graph.islands[name] = [chunk, ...await closure(chunk)];
  }
  return graph;
}
