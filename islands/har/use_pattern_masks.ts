/**
 * The `/pattern/` terms' answers for the file shown, from the pattern
 * worker ({@link PatternTester}): the masks that came, and the terms
 * stopped as too slow (or that could not be tested), which match nothing
 * and which the page names.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";
import type { PatternMasks } from "../../lib/har/search.ts";
import { type PatternAnswer, PatternTester } from "./pattern_tester.ts";

/** What {@link usePatternMasks} returns. */
export interface PatternState {
  /** Per term tested for this file, its mask. */
  masks: PatternMasks;
  /** Terms among them that were stopped, and why. */
  stopped: ReadonlyMap<string, "slow" | "failed">;
  /**
   * Tests `terms` (those without a mask), replacing what was asked
   * before: a term under test that is not among them is stopped.
   */
  test(terms: readonly string[]): void;
}

interface Answers {
  c: HarColumns | null;
  masks: Map<string, Uint8Array>;
  stopped: Map<string, "slow" | "failed">;
}

/** `url` is the built pattern worker (null: none); `c`, the file shown. */
export function usePatternMasks(
  url: string | null,
  c: HarColumns | null,
): PatternState {
  const [answers, setAnswers] = useState<Answers>(() => ({
    c,
    masks: new Map(),
    stopped: new Map(),
  }));
  const file = useRef(c);
  file.current = c;
  const tester = useMemo(
    () =>
      new PatternTester(url, (a: PatternAnswer) => {
        // The tester drops the last file's terms when told of another
        // one, which the render showing it does: an answer is the file's.
        setAnswers((s) => {
          const base = s.c === file.current
            ? s
            : { c: file.current, masks: new Map(), stopped: new Map() };
          const masks = new Map(base.masks).set(a.term, a.mask);
          const stopped = new Map(base.stopped);
          if (a.stopped) stopped.set(a.term, a.stopped);
          return { c: base.c, masks, stopped };
        });
      }),
    [url],
  );
  useEffect(() => () => tester.stop(), [tester]);
  tester.file(c && { urls: c.urls, off: c.urlOff });
  // Another file: none of the last one's answers (one empty set of them
  // per file, so what reads them does not change at every render).
  const none = useMemo<Answers>(
    () => ({ c, masks: new Map(), stopped: new Map() }),
    [c],
  );
  const shown = answers.c === c ? answers : none;
  return useMemo(() => ({
    masks: shown.masks,
    stopped: shown.stopped,
    test: (terms: readonly string[]) => tester.test(terms),
  }), [shown, tester]);
}
