/**
 * The repository's comments and docs cite what a reader of the repository
 * can open (RFCs, HAR 1.2, APPNOTE, the README), never a document kept
 * outside it: a comment citing one points nowhere once the code is read
 * elsewhere.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);

/** Names of documents that live outside the repository. */
const OUTSIDE = /\bCONTRACT(?:\.md\b| §)|\/work\/shared\b/;

/** Folders not walked (nor hidden ones): generated or third-party. */
const SKIP = new Set([".git", "node_modules", "_build", "build", "dist"]);

/** Every text source under `dir` (relative to the repository), recursively. */
function* sources(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(new URL(dir, ROOT))) {
    if (SKIP.has(e.name) || e.name.startsWith(".")) continue;
    const path = `${dir}${e.name}`;
    if (e.isDirectory) yield* sources(`${path}/`);
    else if (/\.(ts|tsx|css|md)$/.test(e.name)) yield path;
  }
}

/** The lines of the repository's sources naming an outside document. */
function outsideCitations(): string[] {
  const found: string[] = [];
  for (const path of sources("")) {
    const lines = Deno.readTextFileSync(new URL(path, ROOT)).split("\n");
    lines.forEach((line, i) => {
      if (OUTSIDE.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

Deno.test("citations: no source or doc cites a document outside the repository", () => {
  assert.deepEqual(outsideCitations(), []);
});

Deno.test("citations: the pattern finds an outside document's citation", () => {
  // Put together here, so that this file's own lines name none.
  assert.ok(OUTSIDE.test("// The duration is `time` (CONTR" + "ACT §5)."));
  assert.ok(OUTSIDE.test("see /work" + "/shared/corpus"));
  assert.ok(OUTSIDE.test("the CONTR" + "ACT.md says"));
  assert.ok(!OUTSIDE.test("WHETHER IN AN ACTION OF CONTRACT, TORT"));
  assert.ok(!OUTSIDE.test("// HAR 1.2 §4.2.16"));
});
