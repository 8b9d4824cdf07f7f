import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { OperationDetail } from "../../lib/openapi/types.ts";
import type { OperationRef } from "./protocol.ts";
import { OperationView } from "./OperationView.tsx";
import { closeOnEscape } from "./disclosure.ts";

/** Props of {@link ExtraItem}. */
export interface ExtraItemProps {
  /** The operation it opens: a webhook, or a callback of an operation. */
  op: OperationRef;
  /** Its `data-testid` and other `data-*` attributes. */
  testid: string;
  data: Record<string, string>;
  /** Its DOM id, which a response's link to its operation names. */
  id?: string;
  /** The summary line. */
  children: ComponentChildren;
  fetchDetail: (op: OperationRef) => Promise<OperationDetail | null>;
}

/**
 * One webhook or callback, listed apart from the endpoints; opening it
 * loads its detail like an endpoint row's.
 */
export function ExtraItem(
  { op, id, testid, data, children, fetchDetail }: ExtraItemProps,
) {
  const [detail, setDetail] = useState<OperationDetail | "loading" | null>(
    null,
  );
  const attrs = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [`data-${k}`, v]),
  );
  return (
    <li id={id} data-testid={testid} {...attrs}>
      <details
        onKeyDown={closeOnEscape}
        onToggle={(ev) => {
          if (!(ev.currentTarget as HTMLDetailsElement).open || detail) {
            return;
          }
          setDetail("loading");
          fetchDetail(op).then(setDetail);
        }}
      >
        <summary>{children}</summary>
        {/* Under a section headed at level 3; its tags are text. */}
        {detail && <OperationView detail={detail} level={4} />}
      </details>
    </li>
  );
}
