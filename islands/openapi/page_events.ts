/**
 * Page-wide input of the spec viewer: a file (or text) dropped anywhere,
 * and `/` to jump to the filter box, as on GitHub and in Swagger UI's
 * successors.
 */
import { useEffect, useRef, useState } from "preact/hooks";

/** True when typing into `el` must not trigger page shortcuts. */
function editable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

function hasFiles(ev: DragEvent): boolean {
  return [...(ev.dataTransfer?.types ?? [])].includes("Files");
}

/**
 * Listens for drops anywhere on the page and for the `/` shortcut. Returns
 * whether something is being dragged over the page (to show the drop zone).
 */
export function usePageEvents(
  onFile: (f: File) => void,
  onText: (t: string) => void,
  onSlash: () => void,
): boolean {
  const [dragging, setDragging] = useState(false);
  // Handlers change every render; the listeners read the latest ones.
  const cb = useRef({ onFile, onText, onSlash });
  cb.current = { onFile, onText, onSlash };
  useEffect(() => {
    let depth = 0;
    const enter = (ev: DragEvent) => {
      if (!hasFiles(ev)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (!depth) setDragging(false);
    };
    const over = (ev: DragEvent) => {
      // Without preventDefault the browser would open the file instead.
      if (hasFiles(ev)) ev.preventDefault();
    };
    const drop = (ev: DragEvent) => {
      depth = 0;
      setDragging(false);
      const dt = ev.dataTransfer;
      if (!dt) return;
      const file = dt.files?.[0];
      if (file) {
        ev.preventDefault();
        cb.current.onFile(file);
        return;
      }
      // Text dropped outside the paste box (inside, the box handles it).
      if (!editable(ev.target) && dt.types.includes("text/plain")) {
        ev.preventDefault();
        cb.current.onText(dt.getData("text/plain"));
      }
    };
    const key = (ev: KeyboardEvent) => {
      if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (editable(ev.target)) return;
      ev.preventDefault();
      cb.current.onSlash();
    };
    addEventListener("dragenter", enter);
    addEventListener("dragleave", leave);
    addEventListener("dragover", over);
    addEventListener("drop", drop);
    addEventListener("keydown", key);
    return () => {
      removeEventListener("dragenter", enter);
      removeEventListener("dragleave", leave);
      removeEventListener("dragover", over);
      removeEventListener("drop", drop);
      removeEventListener("keydown", key);
    };
  }, []);
  return dragging;
}
