import type {
  CallbackEntry,
  Endpoint,
  OperationDetail,
} from "../../lib/openapi/types.ts";
import type { OperationRef } from "./protocol.ts";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { ExtraItem } from "./ExtraItem.tsx";
import { apartId } from "./hash.ts";
import { useSlices } from "../shared/use_slices.ts";
import { useEffect, useState } from "preact/hooks";
import { onApartAsked, openApartRow } from "./apart_open.ts";

/**
 * These lists are not virtualised: past a few hundred rows they would cost
 * the page seconds (20,000 webhooks froze Chromium 2.3 s), so they stop here.
 */
const MAX_ROWS = 500;

function More({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return <p class="muted">First {shown} of {total} shown.</p>;
}

/** A row a link asked for, and the lists (the document's) it was asked of. */
interface Asked {
  id: string;
  webhooks: readonly Endpoint[];
  callbacks: readonly CallbackEntry[];
}

/**
 * Opens the row a link asks for (apart_open.ts) once its list renders it,
 * `reach(webhook, callback)` rendering the lists down to it at once (-1:
 * not in that list). An ask belongs to the lists it was made of: another
 * document's lists, come before the row rendered, drop it, or the new
 * document's row of the same path and method would open and take the
 * focus unasked, whenever its slice came.
 */
export function useAskedRow(
  webhooks: readonly Endpoint[],
  callbacks: readonly CallbackEntry[],
  reach: (webhook: number, callback: number) => void,
): void {
  const [asked, setAsked] = useState<Asked | null>(null);
  useEffect(() =>
    onApartAsked((id) => {
      const hook = webhooks.slice(0, MAX_ROWS).findIndex((w) =>
        apartId({ kind: "webhook", path: w.path, method: w.method }) === id
      );
      const call = callbacks.slice(0, MAX_ROWS).findIndex((c) =>
        apartId({ kind: "callback", ...c }) === id
      );
      if (hook < 0 && call < 0) return false;
      reach(hook, call);
      setAsked({ id, webhooks, callbacks });
      return true;
    }), [webhooks, callbacks]);
  useEffect(() => {
    if (!asked) return;
    const ours = asked.webhooks === webhooks && asked.callbacks === callbacks;
    if (!ours || openApartRow(asked.id)) setAsked(null);
  });
}

/** Props of {@link Extras}. */
export interface ExtrasProps {
  webhooks: Endpoint[];
  callbacks: CallbackEntry[];
  /**
   * Which spec they are of (`LoaderState.spec`): an item keeps its opened
   * detail only while its spec stays, not for another spec's item of the
   * same place (that spec's detail may differ).
   */
  spec: number;
  fetchDetail: (op: OperationRef) => Promise<OperationDetail | null>;
}

/**
 * Webhooks and callbacks, shown apart from the endpoint list and not
 * counted in it (a callback is a request the API makes): the API calls the client, not the
 * other way round.
 */
export function Extras(
  { webhooks, callbacks, spec, fetchDetail }: ExtrasProps,
) {
  // The rows come in slices after the frame that shows the lists (a new
  // document's), so that frame lays out 20 of each, not 500.
  const hooks = useSlices(webhooks, Math.min(webhooks.length, MAX_ROWS));
  const calls = useSlices(callbacks, Math.min(callbacks.length, MAX_ROWS));
  useAskedRow(webhooks, callbacks, (hook, call) => {
    if (hook >= 0) hooks.reach(hook + 1);
    if (call >= 0) calls.reach(call + 1);
  });
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
            {webhooks.slice(0, Math.min(MAX_ROWS, hooks.shown)).map((w) => (
              <ExtraItem
                key={`${spec} ${w.method} ${w.path}`}
                op={{ container: "webhooks", path: w.path, method: w.method }}
                id={apartId({
                  kind: "webhook",
                  path: w.path,
                  method: w.method,
                })}
                testid="webhook-row"
                data={{ method: w.method, name: w.path }}
                fetchDetail={fetchDetail}
              >
                <MethodBadge method={w.method} /> <strong>{w.path}</strong>
                {w.summary && <span class="muted">{w.summary}</span>}
                {w.deprecated && <span class="sv-deprecated">deprecated</span>}
              </ExtraItem>
            ))}
          </ul>
          <More shown={MAX_ROWS} total={webhooks.length} />
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
            {callbacks.slice(0, Math.min(MAX_ROWS, calls.shown)).map((c, i) => (
              <ExtraItem
                key={`${spec} ${i}`}
                op={{
                  // A webhook may declare callbacks too: its own opens
                  // under `webhooks`, not `paths`.
                  container: c.parentContainer,
                  path: c.parentPath,
                  method: c.parentMethod,
                  callback: {
                    name: c.name,
                    expression: c.expression,
                    method: c.method,
                  },
                }}
                id={apartId({ kind: "callback", ...c })}
                testid="callback-row"
                data={{ method: c.method }}
                fetchDetail={fetchDetail}
              >
                <MethodBadge method={c.method} /> <code>{c.expression}</code>
                <span class="muted">
                  ({c.name}, from{" "}
                  {c.parentContainer === "webhooks" ? "webhook " : ""}
                  {c.parentMethod.toUpperCase()} {c.parentPath})
                </span>
                {c.summary && <span>{c.summary}</span>}
              </ExtraItem>
            ))}
          </ul>
          <More shown={MAX_ROWS} total={callbacks.length} />
        </section>
      )}
    </div>
  );
}
