/**
 * Every group of hostile spec inputs, by name: the worker runs a case by
 * group and name, the test files list them.
 */
import { ALIAS } from "./spec_cases_alias.ts";
import { BIG } from "./spec_cases_big.ts";
import { DEEP } from "./spec_cases_deep.ts";
import { CORPUS, RANDOM } from "./spec_cases_fuzz.ts";
import { REFS } from "./spec_cases_refs.ts";
import { TYPES } from "./spec_cases_types.ts";
import type { HostileCase } from "../helpers/spec_hostile_tally.ts";

/** Hostile cases by group. */
export const GROUPS: Record<string, HostileCase[]> = {
  deep: DEEP,
  alias: ALIAS,
  refs: REFS,
  types: TYPES,
  // Two groups, two test files: the 50 MB cases take seconds each, and
  // apart they run side by side.
  "big-json": BIG.filter((c) => c.name.startsWith("json:")),
  "big-yaml": BIG.filter((c) => c.name.startsWith("yaml:")),
  corpus: CORPUS,
  random: RANDOM,
};
