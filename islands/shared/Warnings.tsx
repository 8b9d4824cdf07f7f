import type { SpecWarning } from "../../lib/openapi/types.ts";

/** Props of {@link Warnings}. */
export interface WarningsProps {
  list: SpecWarning[];
  /** False while the worker still checks references and operationIds. */
  checked: boolean;
  /** What still works despite them (the spec viewer: its list). */
  works?: string;
  /** The box's test hook (`spec-warnings`; the compare page's, per side). */
  testid?: string;
  /** The compare page's input they are about. */
  side?: string;
  /**
   * False where the caller says the checks run elsewhere (the spec
   * viewer's counts line): a note here, gone when they end, moves what
   * is below it.
   */
  checkingNote?: boolean;
}

/**
 * Non-fatal problems of a document read, each with its location: beside
 * the spec viewer's working list, and under each input of the compare
 * page (a duplicate key or a comment read past changes what is compared).
 */
export function Warnings(
  {
    list,
    checked,
    works = "the list works",
    testid = "spec-warnings",
    side,
    checkingNote = true,
  }: WarningsProps,
) {
  if (!list.length) {
    return checked || !checkingNote
      ? null
      : <p class="sv-checking muted">Checking references…</p>;
  }
  return (
    <details
      class="sv-warnings"
      data-testid={testid}
      data-side={side}
      data-count={list.length}
    >
      <summary>
        {list.length} warning{list.length === 1 ? "" : "s"}:{" "}
        {works}, but the document has problems{checked
          ? ""
          : " (still checking…)"}
      </summary>
      {/* A long list scrolls: focusable, so keys can scroll it. */}
      <ul tabIndex={0}>
        {list.map((w, i) => (
          <li key={i} data-testid="spec-warning">
            {w.message}
            {/* Spaces, so copied text and screen readers keep the words apart. */}
            {w.line !== undefined && (
              <>
                {" "}
                <span class="sv-where">line {w.line}, column {w.column}</span>
              </>
            )}
            {w.path && (
              <>
                {" "}
                <code class="sv-where">{w.path}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
