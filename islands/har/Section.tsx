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
        {/* A heading, so a screen reader can jump from section to section. */}
        <h2 class="har-sec-title">
          {title}
          {count !== undefined && (
            <span class="chip-count">
              <span class="visually-hidden">,</span> {count}
            </span>
          )}
        </h2>
      </summary>
      {children}
    </details>
  );
}
