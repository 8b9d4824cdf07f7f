/**
 * Messages between the page and the pattern worker
 * (`islands/workers/pattern_worker.ts`), which tests `/pattern/` search
 * terms against a file's URLs where a slow one can be stopped.
 */

/** Page → worker. */
export type ToPatternWorker =
  /** The file's URLs, in the columns' layout; kept until the next. */
  | { type: "urls"; id: number; urls: string; off: Uint32Array }
  /** Test `term` (`/pattern/`, as written) against the URLs kept. */
  | { type: "test"; id: number; term: string };

/** Worker → page. */
export type FromPatternWorker =
  /**
   * The test has begun (the URLs arrived, the worker is up): the time
   * budget is counted from here.
   */
  | { type: "testing"; id: number }
  /** 1 for each URL the term matches (all 0 when it is not a pattern). */
  | { type: "mask"; id: number; mask: Uint8Array };
