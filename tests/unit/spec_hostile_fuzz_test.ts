/**
 * Mutation and property-based tests of the spec parser: the corpus
 * specs cut short and mutated (byte flips, deletions, duplications, swapped
 * brackets, indentation, invalid UTF-8), and random hostile documents and
 * bytes from fast-check. Each input gets a list that keeps the contract's
 * promises or a located SpecError, within a bound, in a worker under a
 * watchdog. The corpus part is skipped when `CORPUS_DIR` is absent.
 */
import { SPEC_DIR } from "./spec_hostile_cases_fuzz.ts";
import { hostileSuite } from "./spec_hostile_runner.ts";

let present = false;
try {
  present = Deno.statSync(SPEC_DIR).isDirectory;
} catch { /* absent: the corpus suite is skipped */ }
if (!present) {
  console.warn(`spec hostile corpus tests skipped: no folder ${SPEC_DIR}`);
}

hostileSuite("corpus", present ? {} : { skip: `no corpus at ${SPEC_DIR}` });
hostileSuite("random");
