/**
 * `/` to jump to a page's search or filter box, as on GitHub and in the
 * viewers people come from; ignored while typing in a field, and with a
 * modifier (Ctrl+F stays the browser's find).
 */
import { useEffect, useRef } from "preact/hooks";
import { editable } from "./use_page_drop.ts";

/** Calls `onSlash` when `/` is pressed outside a text field. */
export function useSlashKey(onSlash: () => void): void {
  // The handler changes every render; the listener reads the latest one.
  const slash = useRef(onSlash);
  slash.current = onSlash;
  useEffect(() => {
    const key = (ev: KeyboardEvent) => {
      if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (editable(ev.target)) return;
      ev.preventDefault();
      slash.current();
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, []);
}
