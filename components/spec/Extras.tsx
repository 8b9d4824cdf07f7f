import type {
  CallbackEntry,
  Endpoint,
  OperationDetail,
} from "../../lib/spec/types.ts";
import type { OperationRef } from "../../islands/spec/protocol.ts";
import { MethodBadge } from "./MethodBadge.tsx";
import { WebhookItem } from "./WebhookItem.tsx";

/** Props of {@link Extras}. */
export interface ExtrasProps {
  webhooks: Endpoint[];
  callbacks: CallbackEntry[];
  fetchDetail: (op: OperationRef) => Promise<OperationDetail | null>;
}

/**
 * Webhooks and callbacks, shown apart from the endpoint list and not
 * counted in it (CONTRACT section 4): the API calls the client, not the
 * other way round.
 */
export function Extras({ webhooks, callbacks, fetchDetail }: ExtrasProps) {
  if (!webhooks.length && !callbacks.length) return null;
  return (
    <div class="sv-extras">
      {webhooks.length > 0 && (
        <section
          aria-labelledby="sv-webhooks-h"
          data-testid="spec-webhooks"
          data-count={webhooks.length}
        >
          <h3 id="sv-webhooks-h">Webhooks ({webhooks.length})</h3>
          <p class="muted">
            Requests the API sends to you; not counted as endpoints.
          </p>
          <ul class="sv-plain-list">
            {webhooks.map((w) => (
              <WebhookItem
                key={`${w.method} ${w.path}`}
                hook={w}
                fetchDetail={fetchDetail}
              />
            ))}
          </ul>
        </section>
      )}
      {callbacks.length > 0 && (
        <section
          aria-labelledby="sv-callbacks-h"
          data-testid="spec-callbacks"
          data-count={callbacks.length}
        >
          <h3 id="sv-callbacks-h">Callbacks ({callbacks.length})</h3>
          <p class="muted">
            Requests the API makes back to you during an operation; not counted
            as endpoints.
          </p>
          <ul class="sv-plain-list">
            {callbacks.map((c, i) => (
              <li key={i} data-testid="callback-row" data-method={c.method}>
                <MethodBadge method={c.method} /> <code>{c.expression}</code>
                <span class="muted">
                  ({c.name}, from {c.parentMethod.toUpperCase()} {c.parentPath})
                </span>
                {c.summary && <span>{c.summary}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
