/**
 * Page-wide input of the spec viewer: a file (or text) dropped anywhere,
 * and `/` to jump to the filter box, as on GitHub and in Swagger UI's
 * successors.
 */
import { usePageDrop } from "../shared/use_page_drop.ts";
import { useSlashKey } from "../shared/slash_key.ts";

/**
 * Listens for drops anywhere on the page and for the `/` shortcut. Returns
 * whether something is being dragged over the page (to show the drop zone).
 * `onEnter` hears files dragged onto the page, before their drop.
 */
export function usePageEvents(
  onFile: (f: File) => void,
  onText: (t: string) => void,
  onSlash: () => void,
  onEnter?: () => void,
): boolean {
  const dragging = usePageDrop({ onFile, onText, onEnter });
  useSlashKey(onSlash);
  return dragging;
}
