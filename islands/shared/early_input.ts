/**
 * Input given before the page's script ran: the picker and the paste box
 * are in the server-rendered page, so a person can choose a file or paste
 * while the island is still loading, and the change or input event fires
 * before any handler listens. Hydration keeps the elements and what they
 * hold; these read it once the island is there, as if the event had been
 * heard. (The paste boxes say `autocomplete="off"`, so what they hold then
 * is a person's, never a browser's restored form.)
 */
import type { Ref, RefObject } from "preact";
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

/**
 * Once mounted, hands the text `box` already holds (if any) to `onText`,
 * as its input handler would. Called before {@link useEarlyFile}: a file
 * given too is read after it, and shown.
 */
export function useEarlyText(
  box: Ref<HTMLTextAreaElement>,
  onText: (text: string) => void,
): void {
  useEffect(() => {
    // Read now, before the island's own effects (a child's run first): a
    // spec it restores from the session goes into the same box.
    const el = box && typeof box === "object" ? box.current : null;
    const text = el?.value ?? "";
    if (!text.trim()) return;
    const t = setTimeout(() => onText(text), 0);
    return () => clearTimeout(t);
  }, []);
}
