/** The runner's submit row and the "not sent" alert after a blocked run. */
import type { RunnerKind } from "./model.ts";

const LABEL: Record<RunnerKind, string> = {
  fetch: "Send request",
  events: "Open stream",
  socket: "Connect",
};

/** Props of {@link Actions}. */
export interface ActionsProps {
  kind: RunnerKind;
  /** The first field error after a run attempt, or null. */
  blocked: string | null;
  /** Runs the request (the button is no submit button: there is no form). */
  onRun: () => void;
}

/** Run button, keyboard hint, and why the last attempt was not sent. */
export function Actions({ kind, blocked, onRun }: ActionsProps) {
  return (
    <>
      <div class="runner-actions">
        <button
          type="button"
          class="primary run"
          data-testid="run"
          data-runs=""
          onClick={onRun}
        >
          {LABEL[kind]}
        </button>
        <span class="muted kbd-hint">
          <kbd>Enter</kbd> runs{kind === "fetch" && (
            <>
              ; <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in text boxes
            </>
          )}
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
