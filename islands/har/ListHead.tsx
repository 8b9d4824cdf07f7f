/**
 * The list's sticky header: every column's name a sort toggle, as in
 * DevTools (the state is said in the button's name: the header is no
 * table, so `aria-sort` has no place), and the waterfall's time axis.
 */
import type { SortKey } from "../../lib/har/types.ts";
import type { Marker } from "../../lib/har/waterfall.ts";
import { type Axis, AxisHeader } from "./Waterfall.tsx";

function SortHead(
  { label, asc, sort, onSort, cls }: {
    label: string;
    asc: SortKey;
    sort: SortKey;
    onSort(s: SortKey): void;
    cls: string;
  },
) {
  const desc = `${asc}-desc` as SortKey;
  const on = sort === asc
    ? "ascending"
    : sort === desc
    ? "descending"
    : undefined;
  return (
    <span class={`har-col ${cls}`}>
      <button
        type="button"
        class="har-sort-head"
        data-sort={asc}
        aria-label={on ? `${label}, sorted ${on}` : undefined}
        onClick={() => onSort(sort === asc ? desc : asc)}
      >
        <span class="har-sort-label">{label}</span>
        {on && (
          <span class="har-sort-arrow" aria-hidden="true">
            {on === "ascending" ? " ▲" : " ▼"}
          </span>
        )}
      </button>
    </span>
  );
}

/** The header row. */
export function ListHead(
  { sort, onSort, axis, markers }: {
    sort: SortKey;
    onSort(s: SortKey): void;
    axis: Axis;
    markers: Marker[];
  },
) {
  const head = (label: string, asc: SortKey, cls: string) => (
    <SortHead label={label} asc={asc} sort={sort} onSort={onSort} cls={cls} />
  );
  return (
    <div class="har-head">
      {head("Status", "status", "c-status")}
      {head("Method", "method", "c-method")}
      {head("Domain and path", "name", "c-name")}
      {head("Type", "type", "c-type")}
      {head("Initiator", "initiator", "c-init")}
      {head("Size", "size", "c-size")}
      {head("Time", "duration", "c-time")}
      <span class="har-col c-wf">
        <span class="visually-hidden">Waterfall</span>
        <AxisHeader axis={axis} markers={markers} />
      </span>
    </div>
  );
}
