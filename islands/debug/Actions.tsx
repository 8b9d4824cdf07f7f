/** The runner's submit row and the "not sent" alert after a blocked run. */

/** Props of {@link Actions}. */
export interface ActionsProps {
  streaming: boolean;
  /** The first field error after a run attempt, or null. */
  blocked: string | null;
}

/** Run button, keyboard hint, and why the last attempt was not sent. */
export function Actions({ streaming, blocked }: ActionsProps) {
  return (
    <>
      <div class="runner-actions">
        <button type="submit" class="primary run" data-testid="run">
          {streaming ? "Open stream" : "Send request"}
        </button>
        <span class="muted kbd-hint">
          <kbd>Enter</kbd> runs; <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in text boxes
        </span>
      </div>
      {blocked && (
        <p class="field-error" role="alert" data-testid="not-sent">
          Not sent: {blocked}
        </p>
      )}
    </>
  );
}
