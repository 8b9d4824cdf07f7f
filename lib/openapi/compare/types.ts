/**
 * What spec compare reports: plain data (it crosses from the worker to the
 * page and is the CLI's JSON), one {@link Change} per finding.
 */

/** How much a change matters to a client written against the base. */
export type Level = "breaking" | "warning" | "info" | "doc";

/** Levels from the most to the least severe: the order of every list. */
export const LEVELS: readonly Level[] = ["breaking", "warning", "info", "doc"];

/** Rank of a level in {@link LEVELS} (0 is the most severe). */
export function levelRank(level: Level): number {
  return LEVELS.indexOf(level);
}

/** Title, version and format of one side. */
export interface SideInfo {
  /** `info.title` as written, "" when absent. */
  title: string;
  /** `info.version` as written. */
  version: string;
  /** `OpenAPI 3.1.0`, `Swagger 2.0`. */
  format: string;
}

/** One finding. */
export interface Change {
  /** Stable kebab-case id; oasdiff's where it names the same check. */
  id: string;
  /** How much it matters to a client written against the base. */
  level: Level;
  /**
   * Lower-case method of the operation the change is listed under (the
   * nearest it affects: a shared schema's change under the operation whose
   * request or success response is that schema), "" for a document-level
   * change.
   */
  method: string;
  /** That operation's path template: the revision's, the base's for removals. */
  path: string;
  /**
   * Every operation it affects, as `METHOD /path`: the one it is listed
   * under first (`method`, `path`), then the others in list order.
   */
  operations: string[];
  /** Where in the operation: `request body: amount`, `query parameter limit`. */
  where: string;
  /** JSON pointers (RFC 6901) of the place in each document, null where absent. */
  pointer: { base: string | null; revision: string | null };
  /** The change as a sentence (without the operation). */
  text: string;
}

/** Counts of changes per level. */
export type Counts = Record<Level, number>;

/** The answer of `compareSpecs`. */
export interface CompareResult {
  /** Title, version and format of the base (the older version). */
  base: SideInfo;
  /** Title, version and format of the revision (the newer version). */
  revision: SideInfo;
  /** Changes found per level (`doc` counted even when not listed). */
  counts: Counts;
  /** Changes in list order: grouped by operation, breaking first. */
  changes: Change[];
}

/** Options of `compareSpecs`. */
export interface CompareOptions {
  /** List documentation-only changes too (level `doc`). */
  all?: boolean;
  /**
   * Change ids left out, of the list and the counts alike: what a team
   * accepted (a CI gate's ignore list, as oasdiff's users keep one).
   */
  ignore?: ReadonlySet<string>;
  /**
   * Schema pairs compared at most: a document that references itself a
   * million ways stops with a clear error instead of running for minutes.
   */
  maxPairs?: number;
}

/** Which input a rejection is about. */
export type Side = "base" | "revision";

/** Thrown when a document is too large or too deep to compare. */
export class CompareLimitError extends Error {
  /**
   * `message` says which limit was passed and where; `side`, the input it
   * was passed in, when one alone did (a schema too large in the base).
   */
  constructor(message: string, readonly side?: Side) {
    super(message);
    this.name = "CompareLimitError";
  }
}
