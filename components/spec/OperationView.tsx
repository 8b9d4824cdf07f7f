import type { OperationDetail } from "../../lib/spec/types.ts";
import { Bodies, Params, Responses } from "./DetailParts.tsx";
import { plainText } from "./text.ts";

/** Props of {@link OperationView}. */
export interface OperationViewProps {
  /** The detail, "loading" while the worker computes it, null if missing. */
  detail: OperationDetail | "loading" | null;
  onTag: (tag: string) => void;
}

/** The expanded operation: description, parameters, body, responses, security. */
export function OperationView({ detail: d, onTag }: OperationViewProps) {
  if (d === "loading") return <p class="sv-detail muted">Loading…</p>;
  if (!d) {
    return <p class="sv-detail muted">This operation could not be found.</p>;
  }
  return (
    <div class="sv-detail" data-testid="operation-detail">
      <dl class="sv-meta">
        {d.operationId && (
          <>
            <dt>operationId</dt>
            <dd>
              <code>{d.operationId}</code>
            </dd>
          </>
        )}
        {d.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>
              {d.tags.map((t) => (
                <button
                  type="button"
                  key={t}
                  class="sv-tag"
                  onClick={() => onTag(t)}
                >
                  {t}
                </button>
              ))}
            </dd>
          </>
        )}
        {d.security.length > 0 && (
          <>
            <dt>Security</dt>
            <dd>{d.security.join(" or ")}</dd>
          </>
        )}
        {d.callbacks.length > 0 && (
          <>
            <dt>Callbacks</dt>
            <dd>{d.callbacks.join(", ")}</dd>
          </>
        )}
      </dl>
      {d.deprecated && (
        <p class="sv-deprecated-note">This operation is deprecated.</p>
      )}
      {d.description && <p class="sv-description">{plainText(d.description)}
      </p>}
      {d.parameters.length > 0 && (
        <section>
          <h4>Parameters</h4>
          <Params list={d.parameters} />
        </section>
      )}
      {d.requestBody && (
        <section>
          <h4>
            Request body{d.requestBody.required && (
              <span class="sv-req">required</span>
            )}
          </h4>
          {d.requestBody.description && (
            <p class="sv-description">
              {plainText(d.requestBody.description)}
            </p>
          )}
          <Bodies list={d.requestBody.bodies} />
        </section>
      )}
      <section>
        <h4>Responses</h4>
        {d.responses.length
          ? <Responses list={d.responses} />
          : <p class="muted">No responses declared.</p>}
      </section>
      {d.warnings.length > 0 && (
        <ul class="sv-warnings-inline">
          {d.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      )}
    </div>
  );
}
