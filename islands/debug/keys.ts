/**
 * Keyboard use of a runner form: Enter runs from any field, including the
 * select and checkbox controls (which do not submit forms natively), and
 * Ctrl+Enter or ⌘+Enter runs from the text boxes, where Enter is a newline,
 * and from the rest of the runner (the result being read, the cURL
 * command), as Postman and Hoppscotch send from anywhere in a request.
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

/**
 * The runner's keydown handler, for what lies outside its form: Ctrl+Enter
 * (⌘+Enter) runs `form`. Controls keep their keys: a button or link its
 * Enter, the WebSocket's message box its own (Enter sends the message).
 */
export function ctrlEnterRuns(
  e: KeyboardEvent,
  form: HTMLFormElement | null,
): void {
  const t = e.target as HTMLElement;
  if (e.key !== "Enter" || e.isComposing || !(e.ctrlKey || e.metaKey)) return;
  if (!form || form.contains(t)) return; // the form's own handler
  if (/^(BUTTON|A|INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
  e.preventDefault();
  form.requestSubmit();
}

/**
 * Whether `e` is an Escape the runner may take to cancel its request in
 * flight, as Postman's Cancel: not one a control inside already took
 * (closing a popup, a menu or an open disclosure calls `preventDefault`),
 * not one ending an IME composition, and not with a modifier.
 */
export function escapeCancels(e: KeyboardEvent): boolean {
  return e.key === "Escape" && !e.isComposing && !e.defaultPrevented &&
    !(e.ctrlKey || e.metaKey || e.altKey || e.shiftKey);
}
