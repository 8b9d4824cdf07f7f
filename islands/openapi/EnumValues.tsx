import { useState } from "preact/hooks";

/** Values shown before the rest fold away. */
const ENUM_SHOWN = 6;

/**
 * A long list of allowed values: a few inline, the rest behind a
 * disclosure, as Redoc folds a long enum ("N more"). One component for a
 * parameter's values and a schema property's, so Stripe's 594 time zones
 * neither fill the screen nor stop at an arbitrary count: every value the
 * worker sent is one click away. `more` counts values it did not send.
 */
export function EnumValues(
  {
    label,
    values,
    descriptions = [],
    names = [],
    more,
    class: cls,
    testid,
    open,
    onToggle,
    inTree,
  }: {
    /** Text before the values (`enum`, `one of`). */
    label: string;
    /** The values, each as JSON text. */
    values: string[];
    /**
     * Each value's description as plain text (`x-enumDescriptions`), in
     * the values' order, "" for none; empty when none is described: each
     * value then goes on a line of its own with its words beside it.
     */
    descriptions?: string[];
    /**
     * Each value's name (`x-enum-varnames`), in the values' order, "" for
     * none: shown after it, `0 = Active`, as Scalar shows it.
     */
    names?: string[];
    /** Values past those sent (the document has them; none are listed). */
    more: number;
    /** Classes of the outer element, beside `sv-enum`. */
    class: string;
    testid?: string;
    /** Unfolded, when the caller keeps the state (a tree row's keys). */
    open?: boolean;
    onToggle?: () => void;
    /** In a tree row not the tree's tab stop: out of the tab order (the row's arrow keys fold it). */
    inTree?: boolean;
  },
) {
  const [own, setOwn] = useState(false);
  const all = open ?? own;
  const fold = values.length > ENUM_SHOWN + 2;
  const head = fold ? values.slice(0, ENUM_SHOWN) : values;
  // Shown after the button, so reading on from it reaches them.
  const rest = fold && all ? values.slice(ENUM_SHOWN) : [];
  // A space between values: where a long list wraps, and what keeps them
  // apart for a screen reader.
  const described = descriptions.length > 0;
  const named = (i: number) =>
    names[i] && <span class="st-enum-name">{` = ${names[i]}`}</span>;
  const list = (vs: string[], from: number) =>
    vs.map((v, i) =>
      described
        ? [
          " ",
          <span class="sv-enum-item" key={from + i}>
            <code>{v}</code>
            {named(from + i)}
            {descriptions[from + i] && (
              // Text, never markup: a JSX child is escaped.
              <span class="st-enum-desc">: {descriptions[from + i]}</span>
            )}
          </span>,
        ]
        : names[from + i]
        ? [
          " ",
          <span class="sv-enum-named" key={from + i}>
            <code>{v}</code>
            {named(from + i)}
          </span>,
        ]
        : [" ", <code key={from + i}>{v}</code>]
    );
  return (
    <span
      class={`${cls} sv-enum${described ? " sv-enum-described" : ""}`}
      data-testid={testid}
    >
      {label}
      {list(head, 0)}
      {fold && (
        <>
          {" "}
          <button
            type="button"
            class="sv-enum-more"
            aria-expanded={all}
            tabIndex={inTree ? -1 : undefined}
            title={inTree ? "Or → and ← on its row" : undefined}
            onClick={() => onToggle ? onToggle() : setOwn((a) => !a)}
          >
            {all ? "fewer" : `${values.length - head.length + more} more`}
          </button>
        </>
      )}
      {list(rest, ENUM_SHOWN)}
      {more > 0 && (!fold || all) && (
        <span class="muted">
          {` and ${more} more, not listed (see the document)`}
        </span>
      )}
    </span>
  );
}

/** Whether a list of `n` values folds (so a tree row's keys unfold it). */
export function enumFolds(n: number): boolean {
  return n > ENUM_SHOWN + 2;
}
