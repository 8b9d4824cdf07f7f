import { useState } from "preact/hooks";
import type { Endpoint, OperationDetail } from "../../lib/openapi/types.ts";
import type { OperationRef } from "./protocol.ts";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { OperationView } from "./OperationView.tsx";

/** Props of {@link WebhookItem}. */
export interface WebhookItemProps {
  hook: Endpoint;
  fetchDetail: (op: OperationRef) => Promise<OperationDetail | null>;
}

/** One webhook; opening it loads its detail like an endpoint row's. */
export function WebhookItem({ hook: w, fetchDetail }: WebhookItemProps) {
  const [detail, setDetail] = useState<OperationDetail | "loading" | null>(
    null,
  );
  return (
    <li data-testid="webhook-row" data-method={w.method} data-name={w.path}>
      <details
        onToggle={(ev) => {
          if (!(ev.currentTarget as HTMLDetailsElement).open || detail) {
            return;
          }
          setDetail("loading");
          fetchDetail({ container: "webhooks", path: w.path, method: w.method })
            .then(setDetail);
        }}
      >
        <summary>
          <MethodBadge method={w.method} /> <strong>{w.path}</strong>
          {w.summary && <span class="muted">{w.summary}</span>}
          {w.deprecated && <span class="sv-deprecated">deprecated</span>}
        </summary>
        {detail && <OperationView detail={detail} onTag={() => {}} />}
      </details>
    </li>
  );
}
