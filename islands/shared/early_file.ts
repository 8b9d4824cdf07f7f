/**
 * A file picked before the page's script ran: the picker is in the
 * server-rendered page, so a person can choose a file while the island is
 * still loading, and its change event fires before any handler listens.
 * Hydration keeps the input and the file it holds; this reads it once the
 * island is there, as if the change had been heard.
 */
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/**
 * Once mounted, hands the file `input` already holds (if any) to `onFile`
 * and empties the input, as its change handler does.
 */
export function useEarlyFile(
  input: RefObject<HTMLInputElement>,
  onFile: (file: File) => void,
): void {
  useEffect(() => {
    // After every effect of this render, the island's own (its worker, a
    // spec restored from the session) included: the file, given last, wins.
    const t = setTimeout(() => {
      const el = input.current;
      const file = el?.files?.[0];
      if (!el || !file) return;
      onFile(file);
      el.value = "";
    }, 0);
    return () => clearTimeout(t);
  }, []);
}
