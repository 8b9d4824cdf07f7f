import type { ResultData } from "./protocol.ts";
import type { SideInfo } from "../../lib/openapi/compare/types.ts";
import { visibleText } from "../../lib/shared/visible_text.ts";
import { looksSwapped } from "../../lib/openapi/compare/versions.ts";

/** Props of {@link Summary}. */
export interface SummaryProps {
  result: ResultData;
}

function SideName({ info, side }: { info: SideInfo; side: string }) {
  return (
    <span class="cmp-sum-side" data-side={side}>
      {
        /* Written visibly: a title's bidirectional override or ESC would
          reorder or garble the line around it; each isolated in its own
          direction (dir=auto), so a right-to-left title or version stays
          in its place. */
      }
      <strong data-testid={`compare-${side}-title`} dir="auto">
        {visibleText(info.title) || "(untitled)"}
      </strong>{" "}
      <span data-testid={`compare-${side}-version`} dir="auto">
        {visibleText(info.version)}
      </span>{" "}
      <span class="muted">({info.format})</span>
    </span>
  );
}

/**
 * Both titles and versions, and the changes per level. Documentation
 * changes are counted even while their toggle hides them.
 */
export function Summary({ result: r }: SummaryProps) {
  const c = r.counts;
  const n = c.breaking + c.warning + c.info;
  return (
    <section
      class="cmp-summary"
      data-testid="compare-summary"
      data-breaking={c.breaking}
      data-warning={c.warning}
      data-info={c.info}
      data-doc={c.doc}
      aria-labelledby="cmp-summary-h"
    >
      <h2 id="cmp-summary-h" class="cmp-summary-title">
        <SideName info={r.base} side="base" /> <span aria-hidden="true">→</span>
        {" "}
        <span class="visually-hidden">compared with</span>{" "}
        <SideName info={r.revision} side="revision" />
      </h2>
      <p class="cmp-counts">
        {n === 0 && c.doc === 0 ? "No changes." : (
          <>
            <span class="cmp-count cmp-level-breaking">
              <strong>{c.breaking}</strong> breaking
            </span>
            <span class="cmp-count cmp-level-warning">
              <strong>{c.warning}</strong> warning{c.warning === 1 ? "" : "s"}
            </span>
            <span class="cmp-count cmp-level-info">
              <strong>{c.info}</strong> info
            </span>
            <span class="cmp-count cmp-level-doc">
              <strong>{c.doc}</strong> documentation
            </span>
          </>
        )}
        <span class="muted cmp-ms" data-ms={r.ms.toFixed(1)}>
          compared in {r.ms < 10 ? r.ms.toFixed(1) : r.ms.toFixed(0)} ms
        </span>
      </p>
      <p
        class={`cmp-verdict cmp-level-${
          c.breaking ? "breaking" : c.warning ? "warning" : "info"
        }`}
        data-testid="compare-verdict"
      >
        {c.breaking
          ? `Not backward compatible: ${c.breaking} breaking change${
            c.breaking === 1 ? "" : "s"
          } can fail a client written against the base.`
          : c.warning
          ? `No breaking change found; ${c.warning} warning${
            c.warning === 1 ? "" : "s"
          } to review, where the documents do not say enough to decide.`
          : "Backward compatible: no breaking change or warning."}
      </p>
      {looksSwapped(r.base.version, r.revision.version) && (
        <p class="cmp-order-note" role="note" data-testid="compare-order-note">
          The revision's version ({visibleText(r.revision.version)}) reads as
          older than the base's ({visibleText(r.base.version)}): were the files
          given the other way round? Then every addition reads as a removal.
        </p>
      )}
    </section>
  );
}
