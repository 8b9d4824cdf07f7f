/**
 * A page-wide drop target: a file dropped anywhere on the page opens it
 * (never navigates to it, which would render the file), and text dropped
 * outside an editable field can be taken too. Several viewers share it so
 * a drag looks and behaves the same in each.
 */
import { useEffect, useRef, useState } from "preact/hooks";

/** What a dropped thing is handed to. */
export interface PageDropHandlers {
  onFile: (file: File) => void;
  /** Text dropped outside an editable field (inside, the field takes it). */
  onText?: (text: string) => void;
  /** Files are dragged onto the page: a drop may follow. */
  onEnter?: () => void;
}

/** True when a drag carries files. */
export function hasFiles(ev: DragEvent): boolean {
  return [...(ev.dataTransfer?.types ?? [])].includes("Files");
}

/** True when typing (or dropping) into `el` belongs to `el`. */
export function editable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

/**
 * Listens for drags and drops on the whole page; returns whether files are
 * being dragged over it (to show the drop zone).
 */
export function usePageDrop(handlers: PageDropHandlers): boolean {
  const [dragging, setDragging] = useState(false);
  // Handlers change every render; the listeners read the latest ones.
  const cb = useRef(handlers);
  cb.current = handlers;
  useEffect(() => {
    // dragenter and dragleave fire for every child crossed: count them.
    let depth = 0;
    const enter = (ev: DragEvent) => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      if (!depth) cb.current.onEnter?.();
      depth++;
      setDragging(true);
    };
    const over = (ev: DragEvent) => {
      if (!hasFiles(ev)) return;
      // Without preventDefault the browser would open the file instead.
      ev.preventDefault();
      if (ev.dataTransfer) ev.dataTransfer.dropEffect = "copy";
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (!depth) setDragging(false);
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
      const onText = cb.current.onText;
      if (onText && !editable(ev.target) && dt.types.includes("text/plain")) {
        ev.preventDefault();
        onText(dt.getData("text/plain"));
      }
    };
    addEventListener("dragenter", enter);
    addEventListener("dragover", over);
    addEventListener("dragleave", leave);
    addEventListener("drop", drop);
    return () => {
      removeEventListener("dragenter", enter);
      removeEventListener("dragover", over);
      removeEventListener("dragleave", leave);
      removeEventListener("drop", drop);
    };
  }, []);
  return dragging;
}
