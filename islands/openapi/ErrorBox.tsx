import type { SpecErrorInfo } from "../../lib/openapi/types.ts";

/** Props of {@link ErrorBox}. */
export interface ErrorBoxProps {
  error: SpecErrorInfo;
  /** Selects the error position in the paste box, when it holds the text. */
  onLocate?: () => void;
}

const HEADINGS: Record<SpecErrorInfo["kind"], string> = {
  syntax: "The input cannot be read",
  format: "Not an OpenAPI or Swagger document",
  structure: "The document has the wrong shape",
};

/** The rejection: what is wrong and where (line and column, or JSON path). */
export function ErrorBox({ error: e, onLocate }: ErrorBoxProps) {
  return (
    <div
      class="error-box sv-error"
      role="alert"
      data-testid="spec-error"
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
