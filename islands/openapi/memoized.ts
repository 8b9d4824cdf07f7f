/**
 * The parts of the spec viewer a filter keystroke cannot change, wrapped so
 * they skip re-rendering (a keystroke then re-diffs only the toolbar and the
 * visible rows). Callback props are left out of the comparisons on purpose:
 * the island's handlers only call state setters and refs, so the first ones
 * stay valid.
 */
import { About as AboutView } from "./About.tsx";
import { OperationView as OperationViewView } from "./OperationView.tsx";
import { Extras as ExtrasView } from "./Extras.tsx";
import { Schemas as SchemasView } from "./Schemas.tsx";
import { InputPanel as InputView } from "./InputPanel.tsx";
import { memo } from "../shared/memo.ts";
import { SpecHeader as HeaderView } from "./SpecHeader.tsx";
import { Warnings as WarningsView } from "../shared/Warnings.tsx";

/** {@link AboutView}, memoised. */
export const About = memo(AboutView);
/**
 * {@link OperationViewView}, memoised: the open operation (Kubernetes' pod,
 * thousands of tree rows) is not re-diffed by a keystroke in the filter.
 */
export const OperationView = memo(OperationViewView);
/** {@link ExtrasView}, memoised. */
export const Extras = memo(ExtrasView);
/** {@link SchemasView}, memoised. */
export const Schemas = memo(SchemasView);
/** {@link WarningsView}, memoised. */
export const Warnings = memo(WarningsView);
/**
 * {@link HeaderView}, re-rendered for a new spec, its summary (which comes
 * with the whole parse of a file listed from its outline), its checks
 * ending or new method terms.
 */
export const SpecHeader = memo(
  HeaderView,
  (a, b) =>
    a.index === b.index && a.summary === b.summary &&
    a.checking === b.checking &&
    a.activeMethods.join(" ") === b.activeMethods.join(" "),
);
/** {@link InputView}, re-rendered when its visible state changes. */
export const InputPanel = memo(
  InputView,
  (a, b) =>
    a.compact === b.compact && a.fileNote === b.fileNote &&
    a.exampleBusy === b.exampleBusy,
);
