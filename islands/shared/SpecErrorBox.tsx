import type { SpecErrorInfo } from "../../lib/openapi/types.ts";

/** Props of {@link SpecErrorBox}. */
export interface SpecErrorBoxProps {
  error: SpecErrorInfo;
  /** Selects the error position in the paste box, when it holds the text. */
  onLocate?: () => void;
  /**
   * The box's `data-testid`: `spec-error` on the spec viewer; a page that
   * wraps it in a hook of its own (compare's `compare-error`) gives none.
   */
  testid?: string;
}

const HEADINGS: Record<SpecErrorInfo["kind"], string> = {
  syntax: "The input cannot be read",
  format: "Not an OpenAPI or Swagger document",
  structure: "The document has the wrong shape",
};

/**
 * A rejected spec, as the spec viewer and spec compare show it: what is
 * wrong and where (line and column with an excerpt, or a JSON path).
 */
export function SpecErrorBox(
  { error: e, onLocate, testid = "spec-error" }: SpecErrorBoxProps,
) {
  return (
    <div
      class="error-box sv-error"
      role="alert"
      data-testid={testid || undefined}
      data-kind={e.kind}
    >
      <p class="sv-error-head">
        <strong>{HEADINGS[e.kind]}</strong>
        {e.line !== undefined && (
          <span class="sv-where" data-line={e.line} data-column={e.column}>
            line {e.line}, column {e.column}
          </span>
        )}
        {e.path && <code class="sv-where" data-path={e.path}>{e.path}</code>}
      </p>
      <p class="sv-error-msg">{e.message}</p>
      {e.excerpt && <pre class="sv-excerpt">{e.excerpt}</pre>}
      {onLocate && e.line !== undefined && (
        <button type="button" onClick={onLocate}>Show in the input</button>
      )}
    </div>
  );
}
