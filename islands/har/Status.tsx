/** Loading progress, the rejection message and the loaded file's facts. */
import type { HarErrorInfo } from "../../lib/har/errors.ts";
import { formatBytes, formatCount, formatMs } from "../../lib/shared/format.ts";
import type { LoadedHar, LoadProgress } from "./use_har_worker.ts";
import { useSettledSay } from "../shared/use_settled_say.ts";

const PHASE_TEXT = {
  read: "Reading the file",
  parse: "Parsing JSON",
  index: "Indexing entries",
};

/** What the status line says about a load in progress. */
function progressText(p: LoadProgress): string {
  if (p.phase === "read" && p.total) {
    return `${PHASE_TEXT.read}: ${formatBytes(p.done)} of ${
      formatBytes(p.total)
    }…`;
  }
  if (p.phase === "index" && p.total) {
    return `${PHASE_TEXT.index}: ${formatCount(p.done)} of ${
      formatCount(p.total)
    }…`;
  }
  return `${PHASE_TEXT[p.phase]}…`;
}

/** A progress bar; indeterminate while JSON.parse runs (it cannot report). */
export function Progress({ p }: { p: LoadProgress }) {
  const determinate = p.total > 0 && p.phase !== "parse";
  return (
    <div class="har-progress" data-testid="har-progress">
      <progress
        aria-label={progressText(p)}
        max={determinate ? p.total : undefined}
        value={determinate ? p.done : undefined}
      />
      <span>{progressText(p)}</span>
    </div>
  );
}

/** The rejection message (`data-testid=har-error`), with the spot shown. */
export function ErrorBox({ error }: { error: HarErrorInfo }) {
  return (
    <div class="error-box har-error" data-testid="har-error" role="alert">
      <p>
        <strong>This input cannot be opened.</strong> {error.message}
      </p>
      {error.excerpt && (
        <pre class="har-excerpt" aria-label="Where the error is">
          {error.excerpt}
        </pre>
      )}
      {error.path && (
        <p class="muted small">
          At <code>{error.path}</code>. A HAR file is an object{" "}
          <code>{'{"log": {"entries": [...]}}'}</code>; export one from the
          browser's developer tools (Network panel, “Save all as HAR”).
        </p>
      )}
    </div>
  );
}

/** Name, size, exporter and parse time of the loaded file, plus warnings. */
export function FileInfo({ data }: { data: LoadedHar }) {
  const m = data.meta;
  return (
    <div class="har-file-info">
      <p>
        <strong class="har-file-name">{data.name}</strong>{" "}
        <span class="muted">
          {formatBytes(data.bytes)}
          {m.creator && ` · ${m.creator}`}
          {m.version && ` · HAR ${m.version}`}
          {` · parsed in ${formatMs(data.ms)}`}
        </span>
      </p>
      {m.warnings.length > 0 && (
        <ul class="har-warnings">
          {m.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      )}
    </div>
  );
}

/**
 * The status line: load progress, rejection, or how many requests the
 * filters show, said politely once it settles (a polite live region of
 * its own, {@link useSettledSay}); and, in a status of its own, the last
 * action's note (copied, saved...), so a copy is announced as that note
 * alone, not with the whole count line again.
 */
export function StatusLine(
  {
    loading,
    rejected,
    shown,
    total,
    bytes,
    totalBytes,
    content,
    totalContent,
    finish,
    note,
    change,
  }: {
    loading: LoadProgress | null;
    rejected: boolean;
    /** Rows shown, -1 when no file is loaded. */
    shown: number;
    total: number;
    /** Transfer size of the rows shown, and of the file's, bytes. */
    bytes: number;
    totalBytes: number;
    /** Content size of the rows shown, and of the file's (DevTools' "resources"). */
    content: number;
    totalContent: number;
    /** From the rows' first start to their last end, ms (DevTools' "Finish"). */
    finish: number;
    note: string;
    /**
     * What the person set that filters the rows (the search box's text as
     * typed, the chips, the page): the count is said once this pauses,
     * not once the count does (a key that leaves it as it was is typing).
     */
    change: string;
  },
) {
  const text = loading
    ? progressText(loading)
    : rejected
    ? "The input was rejected."
    : shown >= 0
    ? `Showing ${formatCount(shown)} of ${formatCount(total)} requests, ${
      formatBytes(bytes)
    } of ${formatBytes(totalBytes)} transferred, ${formatBytes(content)} of ${
      formatBytes(totalContent)
    } resources${shown > 0 ? `, finish ${formatMs(finish)}` : ""}.`
    : "";
  // Said once the search or a chip has settled, not once per key: timed
  // from the last key, which may leave the count as it was.
  const said = useSettledSay(text, change);
  return (
    <>
      <p class="har-status-line" data-testid="har-status">{text}</p>
      <p class="visually-hidden" role="status" data-testid="har-status-said">
        {said}
      </p>
      <p
        class="har-status-line har-note"
        role="status"
        aria-live="polite"
        data-testid="har-note"
      >
        {note}
      </p>
    </>
  );
}
