/**
 * Parts of an operation detail that show whole or not at all (an example,
 * the cURL command) take their turn in the detail's row budget
 * (row_budget.ts) like its trees' rows, at a cost in rows by their length.
 */
import { useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type RowBudget, RowBudgetContext } from "./row_budget.ts";

/**
 * Characters of preformatted text that cost about what one tree row does
 * to shape and lay out: Kubernetes' Pod examples, 25,000 characters each,
 * took about 12 ms of shaping and layout apiece here, some 36 rows' worth.
 */
export const CHARS_PER_ROW = 700;

/** Rows a text of `chars` characters costs (at least one). */
export function rowsOf(chars: number): number {
  return Math.max(1, Math.ceil(chars / CHARS_PER_ROW));
}

/**
 * Whether a part of the detail that costs `rows` rows is to be rendered
 * yet: at once if the first frame's budget still holds all of it, else
 * once the budget has handed out that many rows in coming frames (in turn
 * after what asked before it: one or more frames, at the budget's rate).
 * A part costs at most one full frame's rows. Outside a detail's budget:
 * at once. A new budget (another detail in the same place) starts over.
 */
export function useBudgeted(rows: number): boolean {
  const budget = useContext(RowBudgetContext);
  const me = useMemo(() => ({}), []);
  const need = budget ? Math.max(1, Math.min(rows, budget.perFrame)) : 0;
  // Claimed while rendering, as the trees claim their first rows: in
  // document order, once per budget.
  const claim = useRef<{ budget: RowBudget | null; got: number } | null>(
    null,
  );
  if (!claim.current || claim.current.budget !== budget) {
    claim.current = {
      budget,
      got: budget && budget.claimWhole(need) ? need : 0,
    };
  }
  const [, granted] = useState(0);
  const done = claim.current.got >= need;
  useEffect(() => {
    const c = claim.current!;
    if (!budget || done) return;
    budget.ask(me, need - c.got, (n) => {
      c.got += n;
      granted((g) => g + n);
    });
    return () => budget.drop(me);
  }, [budget, done]);
  return done;
}
