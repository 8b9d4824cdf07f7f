/**
 * A group of toggle chips (content types or status classes), each showing
 * its faceted count. No chip pressed means the group does not filter.
 */

/** Props of {@link ChipGroup}. */
export interface ChipGroupProps<T extends string> {
  label: string;
  values: readonly T[];
  selected: T[];
  counts: Uint32Array;
  testid: "har-type-chip" | "har-status-chip";
  /** The data attribute naming each chip's value. */
  attr: "data-type" | "data-class";
  text(v: T): string;
  extraClass?: (v: T) => string;
  onChange(next: T[]): void;
}

const COUNT = new Intl.NumberFormat("en-US");

/** The chips of one filter group. */
export function ChipGroup<T extends string>(p: ChipGroupProps<T>) {
  return (
    <div class="har-chips" role="group" aria-label={p.label}>
      {p.values.map((v, k) => {
        const on = p.selected.includes(v);
        return (
          <button
            key={v}
            type="button"
            class={`chip${p.extraClass ? ` ${p.extraClass(v)}` : ""}`}
            data-testid={p.testid}
            {...{ [p.attr]: v }}
            data-count={String(p.counts[k])}
            aria-pressed={on ? "true" : "false"}
            onClick={() =>
              p.onChange(
                on ? p.selected.filter((x) => x !== v) : [...p.selected, v],
              )}
          >
            {p.text(v)}{" "}
            <span class="chip-count">{COUNT.format(p.counts[k])}</span>
          </button>
        );
      })}
    </div>
  );
}
