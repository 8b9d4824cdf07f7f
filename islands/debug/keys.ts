/**
 * Keyboard use of a runner's fields (a `role=form` group, no `<form>`: see
 * DebugRunner.tsx): Enter runs from any field, the select and checkbox
 * controls included, and
 * Ctrl+Enter or ⌘+Enter runs from the text boxes, where Enter is a newline,
 * and from the rest of the runner (the result being read, the cURL
 * command), as Postman and Hoppscotch send from anywhere in a request.
 */

/**
 * The fields' keydown handler, calling `run`; buttons and links keep their
 * own Enter.
 */
export function enterRuns(e: KeyboardEvent, run: () => void): void {
  if (!entersRun(e)) return;
  e.preventDefault();
  run();
}

/**
 * Whether `e`, a keydown in a runner's fields, runs it: also asked before
 * the runner listens (server/client.ts), to keep the press for it.
 */
export function entersRun(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement;
  if (e.key !== "Enter" || e.isComposing) return false;
  if (t.tagName === "TEXTAREA" && !(e.ctrlKey || e.metaKey)) return false;
  return t.tagName !== "BUTTON" && t.tagName !== "A";
}

/**
 * The runner's keydown handler, for what lies outside its `fields`:
 * Ctrl+Enter (⌘+Enter) calls `run`. Controls keep their keys: a button or
 * link its Enter, the WebSocket's message box its own (Enter sends the
 * message).
 */
export function ctrlEnterRuns(
  e: KeyboardEvent,
  fields: HTMLElement | null,
  run: () => void,
): void {
  const t = e.target as HTMLElement;
  if (e.key !== "Enter" || e.isComposing || !(e.ctrlKey || e.metaKey)) return;
  if (!fields || fields.contains(t)) return; // the fields' own handler
  if (/^(BUTTON|A|INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
  e.preventDefault();
  run();
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
