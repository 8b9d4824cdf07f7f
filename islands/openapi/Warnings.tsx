import type { SpecWarning } from "../../lib/openapi/types.ts";

/** Props of {@link Warnings}. */
export interface WarningsProps {
  list: SpecWarning[];
  /** False while the worker still checks references and operationIds. */
  checked: boolean;
}

/** Non-fatal problems, beside the working list, each with its location. */
export function Warnings({ list, checked }: WarningsProps) {
  if (!list.length) {
    return checked
      ? null
      : <p class="sv-checking muted">Checking references…</p>;
  }
  return (
    <details
      class="sv-warnings"
      data-testid="spec-warnings"
      data-count={list.length}
    >
      <summary>
        {list.length}{" "}
        warning{list.length === 1 ? "" : "s"}: the list works, but the document
        has problems{checked ? "" : " (still checking…)"}
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
