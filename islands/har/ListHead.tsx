/**
 * The list's sticky header: column names, Size and Time as sort toggles
 * (aria-sort tells which way), and the waterfall's time axis.
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
    <span class={`har-col ${cls}`} aria-sort={on}>
      <button
        type="button"
        class="har-sort-head"
        onClick={() => onSort(sort === asc ? desc : asc)}
      >
        {label}
        {on && (
          <span aria-hidden="true">{on === "ascending" ? " ▲" : " ▼"}</span>
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
  return (
    <div class="har-head">
      <span class="har-col c-status">Status</span>
      <span class="har-col c-method">Method</span>
      <span class="har-col c-name">Domain and path</span>
      <span class="har-col c-type">Type</span>
      <SortHead
        label="Size"
        asc="size"
        sort={sort}
        onSort={onSort}
        cls="c-size"
      />
      <SortHead
        label="Time"
        asc="duration"
        sort={sort}
        onSort={onSort}
        cls="c-time"
      />
      <span class="har-col c-wf">
        <span class="visually-hidden">Waterfall</span>
        <AxisHeader axis={axis} markers={markers} />
      </span>
    </div>
  );
}
