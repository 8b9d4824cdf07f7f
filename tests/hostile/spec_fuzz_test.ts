/**
 * Mutation and property-based tests of the spec parser: the corpus
 * specs cut short and mutated (byte flips, deletions, duplications, swapped
 * brackets, indentation, invalid UTF-8), and random hostile documents and
 * bytes from fast-check. Each input gets a list that keeps the contract's
 * promises or a located SpecError, within a bound, in a worker under a
 * watchdog. The corpus part is skipped when `CORPUS_DIR` is absent.
 */
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import { hostileSuite } from "../helpers/spec_hostile_runner.ts";

hostileSuite("corpus", corpusDir("specs") ? {} : { skip: SKIPPED.trim() });
hostileSuite("random");
