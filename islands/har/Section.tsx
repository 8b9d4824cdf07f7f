/** One folding section of the detail panel, with an item count. */
import type { ComponentChildren } from "preact";

/** A section, open by default, anchored at `#har-sec-<id>`. */
export function Section(
  { id, title, count, children }: {
    id: string;
    title: string;
    count?: number;
    children: ComponentChildren;
  },
) {
  return (
    <details class="har-section" id={`har-sec-${id}`} open>
      <summary>
        {title}
        {count !== undefined && <span class="chip-count">{count}</span>}
      </summary>
      {children}
    </details>
  );
}
