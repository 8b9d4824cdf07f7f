import type { ComponentChildren } from "preact";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import { DocLink } from "./DocLink.tsx";
import { MAX_CALLBACK_OPS } from "../../lib/openapi/detail.ts";
import { Markdown } from "./Markdown.tsx";
import type { OperationDetail } from "../../lib/openapi/types.ts";
import { copyText } from "../shared/clipboard.ts";
import { Bodies, HeldPre, Params, Responses } from "./DetailParts.tsx";
import { useNodes } from "./use_nodes.ts";
import { DETAIL_ROWS, RowBudget, RowBudgetContext } from "./row_budget.ts";
import { rowsOf, useBudgeted } from "./use_budgeted.ts";
import { joinUrl, operationCommand } from "../../lib/openapi/curl.ts";
import { operationFetch } from "../../lib/openapi/operation_fetch.ts";
import { operationPython } from "../../lib/openapi/operation_python.ts";
import { ServerContext } from "./server_pick.ts";
import { foldText } from "../../lib/shared/fold.ts";

/** Props of {@link OperationView}. */
export interface OperationViewProps {
  /** The detail, "loading" while the worker computes it, null if missing. */
  detail: OperationDetail | "loading" | null;
  /** A tag pressed: the list shows that tag's endpoints. None: tags are text. */
  onTag?: (tag: string) => void;
  /** Lower-case tags the filter's tag terms name: their buttons are pressed. */
  pressedTags?: readonly string[];
  /** Heading level of its sections: 4 inside a section headed at 3. */
  level?: 3 | 4;
  /**
   * Told once a detail is painted (effects run after the frame): a worker
   * still reading the document pauses until then.
   */
  onShown?: () => void;
  /**
   * Rows that open the operation's callbacks (`d.callbackOps`) in place, as
   * Redoc and Scalar show them inside the operation; without it, their
   * names only.
   */
  callbacks?: (d: OperationDetail) => ComponentChildren;
}

/** The expanded operation: description, parameters, body, responses, security. */
export function OperationView(
  props: OperationViewProps,
) {
  const d = props.detail;
  if (d === "loading") return <p class="sv-detail muted">Loading…</p>;
  if (!d) {
    return <p class="sv-detail muted">This operation could not be found.</p>;
  }
  return <Operation {...props} d={d} />;
}

/** A copy button's words once pressed: done, or what to do instead. */
function useCopied(): [string, (text: string, failed: string) => void] {
  const [said, setSaid] = useState("");
  const copy = async (text: string, failed: string) => {
    const ok = await copyText(text);
    setSaid(ok ? "Copied ✓" : failed);
    setTimeout(() => setSaid(""), 2500);
  };
  return [said, copy];
}

/** A request as code, or why there is none (what it leaves out). */
interface Code {
  code: string;
  note: string;
}

/**
 * A "No fetch call: why" note's why, without the client it names (", which
 * requests needs."), so two writers' reasons compare.
 */
function why(note: string): string {
  return note.replace(/^No [^:]*: /, "").replace(/, which [^,]* needs\.$/, ".");
}

/**
 * The cURL command of an operation, with its copy button, and buttons
 * copying the same request as a `fetch` call (as the HAR viewer and
 * DevTools offer it) and as a Python script (as Scalar and Postman do);
 * without a command, the buttons are disabled and the note says why.
 */
function Curl(
  { command, note, fetch, python }: {
    command: string;
    note: string;
    fetch: Code;
    python: Code;
  },
) {
  const [said, copy] = useCopied();
  // Neither can be written for one reason (a relative server, a webhook):
  // said once, for both buttons.
  const same = !fetch.code && !python.code &&
    why(fetch.note) === why(python.note);
  // Its turn in the detail's row budget (use_budgeted.ts): first in the
  // page, so in the first frame unless it is long.
  const shown = useBudgeted(rowsOf(command.length));
  if (!command) {
    return (
      <div class="sv-curl">
        <div class="sv-curl-head">
          <button type="button" data-testid="op-curl" disabled>
            Copy as cURL
          </button>
          <span class="muted">{note}</span>
        </div>
      </div>
    );
  }
  return (
    <div class="sv-curl" aria-busy={shown ? undefined : "true"}>
      <div class="sv-curl-head">
        <button
          type="button"
          data-testid="op-curl"
          data-command={command}
          onClick={() => copy(command, "Copy failed: select the text below")}
        >
          Copy as cURL
        </button>
        <button
          type="button"
          data-testid="op-fetch"
          disabled={!fetch.code}
          title={fetch.note || undefined}
          onClick={() =>
            copy(fetch.code, "Copy failed: the browser refused the clipboard")}
        >
          Copy as fetch
        </button>
        <button
          type="button"
          data-testid="op-python"
          disabled={!python.code}
          title={python.note || undefined}
          onClick={() =>
            copy(python.code, "Copy failed: the browser refused the clipboard")}
        >
          Copy as Python
        </button>
        <span class="muted" role="status">{said}</span>
        {fetch.note && (
          <span class="muted" data-testid="op-fetch-note">
            {fetch.code
              ? `fetch: ${fetch.note}`
              : same
              ? `No fetch call or Python code: ${why(fetch.note)}`
              : fetch.note}
          </span>
        )}
        {python.note && !same && (
          <span class="muted" data-testid="op-python-note">
            {python.code ? `Python: ${python.note}` : python.note}
          </span>
        )}
      </div>
      <HeldPre text={command} class="sv-curl-text" shown={shown} />
    </div>
  );
}

/**
 * The server `d` is called on, its command and its fetch call: the
 * reader's chosen server when `d` uses the document's, else the detail's
 * own.
 */
function useServerCall(d: OperationDetail): {
  server: string;
  curl: string;
  fetch: Code;
  python: Code;
} {
  const chosen = useContext(ServerContext);
  const req = d.curlRequest;
  return useMemo(
    () => {
      if (chosen === null || !req) {
        return {
          server: d.server,
          curl: d.curl,
          fetch: { code: d.fetch, note: d.fetchNote },
          python: { code: d.python, note: d.pythonNote },
        };
      }
      const called = { ...req, url: joinUrl(chosen, req.url) };
      return {
        server: chosen,
        curl: operationCommand(called),
        fetch: operationFetch(called),
        python: operationPython(called),
      };
    },
    [d, chosen],
  );
}

function Operation(
  { d, onTag, pressedTags = [], level = 3, onShown, callbacks }:
    & Omit<OperationViewProps, "detail">
    & { d: OperationDetail },
) {
  const inPlace = callbacks && d.callbackOps.length > 0;
  const H = level === 4 ? "h4" : "h3";
  useEffect(() => onShown?.(), [d]);
  const cache = useNodes(d);
  // One budget for all its trees: the first frame stays short however many.
  const budget = useMemo(() => new RowBudget(DETAIL_ROWS), [d]);
  const { server, curl, fetch, python } = useServerCall(d);
  return (
    <RowBudgetContext.Provider value={budget}>
      <div class="sv-detail" data-testid="operation-detail">
        {d.badges.length > 0 && (
          // Redoc and Scalar show these beside the title; the row above
          // holds the title here, so they open the detail.
          <p class="sv-badges" data-testid="op-badges">
            {d.badges.map((b, i) => (
              <span
                key={i}
                class="sv-badge"
                style={b.color ? { "--sv-badge": b.color } : undefined}
              >
                {b.name}
              </span>
            ))}
          </p>
        )}
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
                {d.tags.map((t) => {
                  if (!onTag) return <span key={t} class="sv-tag">{t}</span>;
                  const on = pressedTags.includes(foldText(t));
                  return (
                    <button
                      type="button"
                      key={t}
                      class="sv-tag"
                      aria-pressed={on}
                      title={on
                        ? `Stop filtering by the tag ${t}`
                        : `Show only endpoints tagged ${t}`}
                      onClick={() => onTag(t)}
                    >
                      {t}
                    </button>
                  );
                })}
              </dd>
            </>
          )}
          {server && (
            <>
              <dt>Server</dt>
              <dd>
                <code data-testid="op-server">{server}</code>
              </dd>
            </>
          )}
          {d.security.length > 0 && (
            <>
              <dt>Security</dt>
              <dd>{d.security.join(" or ")}</dd>
            </>
          )}
          {d.callbacks.length > 0 && !inPlace && (
            <>
              <dt>Callbacks</dt>
              <dd>{d.callbacks.join(", ")}</dd>
            </>
          )}
        </dl>
        {d.deprecated && (
          <p class="sv-deprecated-note">This operation is deprecated.</p>
        )}
        <Markdown md={d.description} class="sv-md sv-description" />
        {d.docs && (
          <p class="sv-docs" data-testid="op-docs">
            <DocLink link={d.docs} />
          </p>
        )}
        <Curl
          command={curl}
          note={d.curlNote}
          fetch={fetch}
          python={python}
        />
        {d.codeSamples.length > 0 && (
          <section data-testid="op-code-samples">
            <H>Code samples</H>
            {d.codeSamples.map((c, i) => (
              // Closed ones are not laid out: twenty long samples cost the
              // first frame nothing.
              <details key={i} class="sv-code-sample" open={i === 0}>
                <summary>{c.label}</summary>
                <pre tabIndex={0} data-lang={c.lang || undefined}>
                  {c.source}
                </pre>
              </details>
            ))}
          </section>
        )}
        {d.parameters.length > 0 && (
          <section>
            <H>Parameters</H>
            <Params list={d.parameters} cache={cache} />
          </section>
        )}
        {d.requestBody && (
          <section>
            <H>
              Request body{d.requestBody.required && (
                <span class="sv-req">required</span>
              )}
            </H>
            <Markdown md={d.requestBody.description} />
            <Bodies
              list={d.requestBody.bodies}
              cache={cache}
              label="Request body"
            />
          </section>
        )}
        <section>
          <H>Responses</H>
          {d.responses.length
            ? <Responses list={d.responses} cache={cache} />
            : <p class="muted">No responses declared.</p>}
        </section>
        {inPlace && (
          <section>
            <H>Callbacks</H>
            <p class="muted">
              Requests the API makes back to you during this operation.
            </p>
            <ul class="sv-plain-list">{callbacks(d)}</ul>
            {d.callbackOpsCut && (
              <p class="muted">
                The first {MAX_CALLBACK_OPS}{" "}
                callback operations: all are listed under Callbacks below the
                endpoints.
              </p>
            )}
          </section>
        )}
        {d.warnings.length > 0 && (
          <ul class="sv-warnings-inline">
            {d.warnings.map((w) => <li key={w}>{w}</li>)}
          </ul>
        )}
      </div>
    </RowBudgetContext.Provider>
  );
}
