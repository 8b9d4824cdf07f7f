/**
 * Keyboard use of a runner form: Enter runs from any field, including the
 * select and checkbox controls (which do not submit forms natively), and
 * Ctrl+Enter or ⌘+Enter runs from the text boxes, where Enter is a newline.
 */

/** A form's keydown handler; buttons and links keep their own Enter. */
export function enterRuns(e: KeyboardEvent): void {
  const t = e.target as HTMLElement;
  if (e.key !== "Enter" || e.isComposing) return;
  if (t.tagName === "TEXTAREA" && !(e.ctrlKey || e.metaKey)) return;
  if (t.tagName === "BUTTON" || t.tagName === "A") return;
  e.preventDefault();
  (e.currentTarget as HTMLFormElement).requestSubmit();
}
