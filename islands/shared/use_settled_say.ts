/**
 * What a polite live region says about a list that re-filters on every
 * keystroke: its count once the filter has settled, not once per key
 * (WCAG 4.1.3 asks that the change be said; a screen reader reading each
 * of "6 shown", "4 shown", "1 shown" drowns what the person types).
 */
import { useEffect, useRef, useState } from "preact/hooks";

/**
 * How long the words wait after the last change (a keystroke, a toggle)
 * before a screen reader is told them: one announcement when typing
 * pauses, not one per key.
 */
export const SAY_AFTER_MS = 500;

/**
 * Hook: the text for a polite live region, `text` once it and `change`
 * (the filter that made it) have stayed put for {@link SAY_AFTER_MS}; ""
 * before the first change. The same words again (a filter typed and
 * undone) are still said: a live region speaks only when its text
 * changes, so they come back with a no-break space. A change of `quiet`
 * (a new document, whose load another status says) is not said.
 */
export function useSettledSay(
  text: string,
  change: unknown,
  quiet?: unknown,
): string {
  const [said, setSaid] = useState("");
  const seen = useRef<{ quiet: unknown } | null>(null);
  useEffect(() => {
    if (!seen.current || seen.current.quiet !== quiet) {
      seen.current = { quiet };
      return;
    }
    const t = setTimeout(
      () => setSaid((was) => was === text ? text + "\u00a0" : text),
      SAY_AFTER_MS,
    );
    return () => clearTimeout(t);
  }, [text, change, quiet]);
  return said;
}
