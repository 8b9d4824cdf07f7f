/**
 * The shared corpus of real specs and HARs, read where it lies and never
 * copied into the repository: `$CORPUS_DIR` (relative to the working
 * directory), by default `../shared/corpus` beside the repository root.
 * Tests that need it skip, and say so, when it is absent.
 */

/** The corpus's folders: real API descriptions and real HAR exports. */
export type CorpusPart = "specs" | "har";

const DEFAULT = new URL("../../../shared/corpus/", import.meta.url);

/** Appended to the name of a test that skips without the corpus. */
export const SKIPPED = " (skipped: no corpus, set CORPUS_DIR)";

/**
 * The path of a corpus folder, with a trailing slash, or null (with a
 * warning naming the folder looked for) when it is not there.
 */
export function corpusDir(
  part: CorpusPart,
  options: { quiet?: boolean } = {},
): string | null {
  const env = Deno.env.get("CORPUS_DIR");
  const root = env
    ? new URL(env.replace(/\/?$/, "/"), `file://${Deno.cwd()}/`)
    : DEFAULT;
  const dir = new URL(`${part}/`, root).pathname;
  try {
    if (Deno.statSync(dir).isDirectory) return dir;
  } catch { /* absent */ }
  if (!options.quiet) {
    console.warn(`corpus folder ${dir} not found: its tests are skipped`);
  }
  return null;
}

/** The names of the files in a corpus folder, sorted ([] when absent). */
export function corpusFiles(part: CorpusPart): string[] {
  const dir = corpusDir(part, { quiet: true });
  if (!dir) return [];
  return [...Deno.readDirSync(dir)].filter((f) => f.isFile).map((f) => f.name)
    .sort();
}
