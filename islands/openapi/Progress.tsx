import type { ParseStage } from "./protocol.ts";

/** Props of {@link Progress}. */
export interface ProgressProps {
  stage: ParseStage;
  label: string;
}

const TEXT: Record<ParseStage, string> = {
  reading: "Reading",
  parsing: "Parsing",
  indexing: "Indexing endpoints of",
};

/**
 * The visible parsing state. Large specs are parsed in a Web Worker, so this
 * bar keeps moving and the page stays usable meanwhile.
 */
export function Progress({ stage, label }: ProgressProps) {
  return (
    <div class="sv-progress" data-testid="spec-progress" data-stage={stage}>
      <p>{TEXT[stage]} {label}…</p>
      <div
        class="sv-bar"
        role="progressbar"
        aria-label={`${TEXT[stage]} ${label}`}
      >
        <span />
      </div>
    </div>
  );
}
