import type { SpecIndex } from "../../lib/openapi/types.ts";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import { offersChoice } from "./server_pick.ts";

/**
 * A 3.2 document may declare thousands of `additionalOperations` methods;
 * one chip each would freeze the page, and the filter reaches them all.
 */
const MAX_METHOD_CHIPS = 24;
/** Props of {@link SpecHeader}. */
export interface SpecHeaderProps {
  index: SpecIndex;
  /**
   * `info.summary`, from the whole parse (the index listed from a large
   * file's outline first keeps the outline's, which has none).
   */
  summary: string;
  /**
   * True while `index` lists a file's first rows only: its counts are not
   * the document's, so the line says the count is coming, and the method
   * chips show no number (their line stays, so the rows below do not move).
   */
  counting?: boolean;
  /**
   * True while the worker still checks references and operationIds. Said
   * in the counts line, whose height its ending leaves alone: a note of
   * its own above the list, removed, moved the rows up under a reader's
   * pointer (33 px at 1280 px wide) several hundred ms after they showed.
   */
  checking?: boolean;
  /** Method terms in the filter, to mark their count chips pressed. */
  activeMethods: readonly string[];
  onMethod: (method: string) => void;
}

/**
 * Title, version as written, format, `info.summary` under them, the total endpoint count (digits only
 * in `spec-count`) and one count chip per method, which toggles that method
 * in the filter.
 */
export function SpecHeader(
  {
    index: x,
    summary,
    counting = false,
    checking = false,
    activeMethods,
    onMethod,
  }: SpecHeaderProps,
) {
  // While only a file's first rows show, the §4 hooks wait for the whole
  // list: a test that sees the title then counts rows counts all of them.
  const hook = (id: string) => counting ? undefined : id;
  return (
    <header class="sv-head">
      <div class="sv-title-line">
        <h2 class="sv-title" data-testid={hook("spec-title")} dir="auto">
          {x.title || "Untitled API"}
        </h2>
        <span class="sv-pill" title="info.version">
          <span class="visually-hidden">Version</span>
          <span aria-hidden="true" class="sv-pill-label">v</span>
          <span data-testid={hook("spec-version")}>{x.version}</span>
        </span>
        <span class="sv-pill sv-format" data-testid={hook("spec-format")}>
          {x.format}
        </span>
        <span class="sv-pill sv-syntax">{x.syntax.toUpperCase()}</span>
      </div>
      {summary && (
        // 3.1's `info.summary`: one line under the title, as Swagger UI
        // shows it; text, never markup.
        <p class="sv-api-summary" data-testid={hook("spec-summary")} dir="auto">
          {summary}
        </p>
      )}
      <p class="sv-counts">
        {counting ? <strong>Counting endpoints…</strong> : <Counts x={x} />}
        {
          /* Both texts take the one place, the widest's: the line wraps
        the same way before and after, so its height stays too. */
        }
        <span class="sv-checks muted">
          <span class={checking ? "sv-checking" : undefined} hidden={!checking}>
            · checking references…
          </span>
          <span hidden={checking}>· references checked</span>
        </span>
      </p>
      {x.methodCounts.length > 0 && (
        <ul
          class="sv-method-counts"
          aria-label="Endpoints per method"
          data-testid="spec-method-counts"
        >
          {x.methodCounts.slice(0, MAX_METHOD_CHIPS).map(([m, c]) => (
            <li key={m}>
              <button
                type="button"
                class="sv-method-chip"
                aria-pressed={activeMethods.includes(m)}
                data-method={m}
                data-count={counting ? undefined : c}
                title={`Show only ${m.toUpperCase()} endpoints`}
                onClick={() =>
                  onMethod(m)}
              >
                <MethodBadge method={m} />
                <span>{counting ? "…" : c}</span>
              </button>
            </li>
          ))}
          {x.methodCounts.length > MAX_METHOD_CHIPS && (
            <li class="muted">
              +{x.methodCounts.length - MAX_METHOD_CHIPS}{" "}
              more methods (type one in the filter)
            </li>
          )}
        </ul>
      )}
      {x.servers.length > 0 && !offersChoice(x.serverChoices) && (
        <p class="sv-servers muted">
          Server{x.servers.length > 1 ? "s" : ""}:{" "}
          {x.servers.slice(0, 3).map((s, i) => (
            <span key={s}>
              {i > 0 && ", "}
              <code>{s}</code>
            </span>
          ))}
          {x.servers.length > 3 && ` +${x.servers.length - 3}`}
        </p>
      )}
    </header>
  );
}

/** The document's counts: endpoints (`spec-count`), webhooks, callbacks, tags. */
function Counts({ x }: { x: SpecIndex }) {
  return (
    <>
      <strong>
        <span data-testid="spec-count">{x.endpoints.length}</span>{" "}
        endpoint{x.endpoints.length === 1 ? "" : "s"}
      </strong>
      {x.webhooks.length > 0 && (
        <span class="muted">
          · {x.webhooks.length} webhook{x.webhooks.length === 1 ? "" : "s"}
        </span>
      )}
      {x.callbacks.length > 0 && (
        <span class="muted">
          · {x.callbacks.length}{" "}
          callback operation{x.callbacks.length === 1 ? "" : "s"}
        </span>
      )}
      {x.tags.length > 0 && (
        <span class="muted">
          · {x.tags.length} tag{x.tags.length === 1 ? "" : "s"}
        </span>
      )}
    </>
  );
}
