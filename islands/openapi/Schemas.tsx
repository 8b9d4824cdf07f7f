import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { JumpRequest } from "./schema_jump.ts";
import { closeOnEscape } from "./disclosure.ts";
import type { SchemaDetail } from "../../lib/openapi/types.ts";
import { Bodies } from "./DetailParts.tsx";
import { useNodes } from "./use_nodes.ts";
import { DETAIL_ROWS, RowBudget, RowBudgetContext } from "./row_budget.ts";
import { foldText } from "../../lib/shared/fold.ts";
import { useSettledSay } from "../shared/use_settled_say.ts";
import { countSaid } from "./Toolbar.tsx";
import { useSlices } from "../shared/use_slices.ts";

/**
 * Rows listed at once: the list is not virtualised, and a schema opens in
 * place (see Extras.tsx for what more would cost); the filter finds the rest.
 */
const MAX_ROWS = 200;

/** Props of {@link Schemas}. */
export interface SchemasProps {
  /** Names of the named schemas, in written order. */
  names: string[];
  /** How many the document has (more than `names` when the list was cut). */
  count: number;
  /** Which spec they are of: an opened schema stays only while it stays. */
  spec: number;
  fetchSchema: (name: string) => Promise<SchemaDetail | null>;
  /** A tree asked to open this schema (a component's name clicked). */
  request: JumpRequest | null;
  /** A schema was opened or closed (the URL fragment names the last). */
  onToggle?: (name: string, open: boolean) => void;
}

/** Whether `name` holds every whitespace-separated term of `filter`, folded as the list's filter folds. */
export function schemaMatches(name: string, filter: string): boolean {
  const lower = foldText(name);
  return foldText(filter).split(/\s+/).every((t) => lower.includes(t));
}

/**
 * The names `filter` keeps, in written order but the name itself first:
 * `Pet` among 300 names holding "Pet" (where a jump filters to it).
 */
export function matchingSchemas(
  names: readonly string[],
  filter: string,
): readonly string[] {
  const f = filter.trim();
  if (!f) return names;
  const found = names.filter((n) => schemaMatches(n, f));
  const exact = found.indexOf(f);
  return exact > 0
    ? [f, ...found.slice(0, exact), ...found.slice(exact + 1)]
    : found;
}

/**
 * The document's named schemas (3.x `components.schemas`, 2.0
 * `definitions`), each opening to its tree and generated example, as
 * Swagger UI's "Schemas" section and Redoc's and Scalar's models show
 * them. Apart from the endpoint list, and not counted in it.
 */
export function Schemas(
  { names, count, spec, fetchSchema, request, onToggle }: SchemasProps,
) {
  const [filter, setFilter] = useState("");
  const matching = useMemo(() => matchingSchemas(names, filter), [
    names,
    filter,
  ]);
  // A jump asked now (not one of before: a row mounted again by the
  // filter or a new spec must not take the focus), to a schema the list
  // shows, filtering to it first when it does not (filtered out, or past
  // its first rows). Answered once, then forgotten.
  const [pending, setPending] = useState<JumpRequest | null>(null);
  // The rows come in slices after the frame that shows the list (a new
  // document's), so that frame lays out 20 of them, not 200.
  const slices = useSlices(names, Math.min(matching.length, MAX_ROWS));
  useEffect(() => {
    if (!request || !names.includes(request.name)) return;
    if (request.close) {
      // Only a schema listed can be open; no filter is set for it.
      setPending(request);
      return;
    }
    const at = matching.slice(0, MAX_ROWS).indexOf(request.name);
    if (at < 0) setFilter(request.name);
    // A row not rendered yet is rendered now, for the jump to open it.
    else slices.reach(at + 1);
    setPending(request);
  }, [request]);
  useEffect(() => setPending(null), [spec]);
  const list = useRef<HTMLUListElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  // What the filter found, said once typing pauses (WCAG 4.1.3); a new
  // document's list is not.
  const said = useSettledSay(
    countSaid(matching.length, names.length, "schema"),
    filter,
    spec,
  );
  if (!count) return null;
  return (
    <section
      class="sv-extras sv-schemas"
      aria-labelledby="sv-schemas-h"
      data-testid="spec-schemas"
      data-count={count}
    >
      <h3 id="sv-schemas-h">Schemas ({count})</h3>
      <p class="muted">
        The document's named schemas; not counted as endpoints.
      </p>
      <label class="sv-schema-filter">
        <span class="visually-hidden">Filter schemas</span>
        <input
          type="search"
          placeholder="Filter schemas by name"
          value={filter}
          data-testid="schema-filter"
          aria-controls="sv-schema-list"
          ref={filterBox}
          onInput={(e) =>
            setFilter((e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(ev) => {
            if (ev.key !== "ArrowDown") return;
            const first = list.current?.querySelector("summary");
            if (!first) return;
            ev.preventDefault();
            first.focus();
          }}
        />
      </label>
      <p class="visually-hidden" role="status">{said}</p>
      <ul
        class="sv-plain-list"
        id="sv-schema-list"
        data-testid="schema-list"
        data-count={matching.length}
        ref={list}
        onKeyDown={(ev) => moveBetweenSummaries(ev, filterBox.current)}
      >
        {matching.slice(0, Math.min(MAX_ROWS, slices.shown)).map((name) => (
          <SchemaItem
            key={`${spec} ${name}`}
            name={name}
            fetchSchema={fetchSchema}
            jump={pending?.name === name ? pending : null}
            onJumped={() => setPending(null)}
            onToggle={onToggle}
          />
        ))}
      </ul>
      {matching.length > MAX_ROWS && (
        <p class="muted">
          First {MAX_ROWS} of {matching.length}{" "}
          shown: filter to find the others.
        </p>
      )}
      {count > names.length && (
        <p class="muted">
          The first {names.length} of {count} schemas are listed.
        </p>
      )}
      {filter.trim() && !matching.length && (
        <p class="muted">No schema matches “{filter.trim()}”.</p>
      )}
    </section>
  );
}

/**
 * The arrow keys, Home and End on a schema's summary move to another
 * summary, as they move between the endpoint list's rows; up from the
 * first goes back to the filter. Keys inside an open schema are its own.
 */
function moveBetweenSummaries(ev: KeyboardEvent, filter: HTMLElement | null) {
  const at = ev.target as HTMLElement;
  if (at.tagName !== "SUMMARY" || ev.altKey || ev.ctrlKey || ev.metaKey) {
    return;
  }
  const all = [
    ...(ev.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(
      ":scope > li > details > summary",
    ),
  ];
  const i = all.indexOf(at);
  const to = ev.key === "ArrowDown"
    ? all[i + 1]
    : ev.key === "ArrowUp"
    ? (i > 0 ? all[i - 1] : filter)
    : ev.key === "Home"
    ? all[0]
    : ev.key === "End"
    ? all[all.length - 1]
    : undefined;
  if (i < 0 || !to) return;
  ev.preventDefault();
  to.focus();
}

function SchemaItem(
  { name, fetchSchema, jump, onJumped, onToggle }: {
    name: string;
    fetchSchema: SchemasProps["fetchSchema"];
    /** The jump asked for this schema, else null. */
    jump: JumpRequest | null;
    /** Told once the jump is done, so it is not done again. */
    onJumped: () => void;
    onToggle: SchemasProps["onToggle"];
  },
) {
  const [detail, setDetail] = useState<SchemaDetail | "loading" | null>(null);
  const [missing, setMissing] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const d = details.current;
    if (!jump || !d) return;
    if (jump.close) {
      d.open = false;
      onJumped();
      return;
    }
    // Its toggle event loads the detail and tells the fragment; one open
    // already has no toggle event, so it is told here.
    if (d.open) onToggle?.(name, true);
    d.open = true;
    const summary = d.querySelector("summary");
    // A schema from the fragment, on arrival, takes no focus, and the
    // scroll only while nothing else has them: not from an operation the
    // fragment also opens, nor from a field being typed in.
    if (
      jump.focus ||
      (!jump.keepPlace && document.activeElement === document.body)
    ) {
      summary?.scrollIntoView({ block: "start" });
    }
    if (jump.focus) summary?.focus({ preventScroll: true });
    onJumped();
  }, [jump?.seq]);
  return (
    <li data-testid="schema-row" data-name={name}>
      <details
        ref={details}
        onKeyDown={closeOnEscape}
        onToggle={(ev) => {
          const open = (ev.currentTarget as HTMLDetailsElement).open;
          onToggle?.(name, open);
          if (!open || detail) return;
          setDetail("loading");
          fetchSchema(name).then((d) => {
            setDetail(d);
            setMissing(d === null);
          });
        }}
      >
        <summary>
          <code>{name}</code>
        </summary>
        {detail === "loading" && <p class="muted">Loading…</p>}
        {missing && <p class="muted">This schema could not be read.</p>}
        {detail && detail !== "loading" && <SchemaView d={detail} />}
      </details>
    </li>
  );
}

function SchemaView({ d }: { d: SchemaDetail }) {
  const cache = useNodes(d);
  const budget = useMemo(() => new RowBudget(DETAIL_ROWS), [d]);
  return (
    <RowBudgetContext.Provider value={budget}>
      <div class="sv-detail sv-schema-detail" data-testid="schema-detail">
        <Bodies list={[d.body]} cache={cache} label={d.name} />
      </div>
    </RowBudgetContext.Provider>
  );
}
