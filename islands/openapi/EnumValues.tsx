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
  { label, values, more, class: cls, testid }: {
    /** Text before the values (`enum`, `one of`). */
    label: string;
    /** The values, each as JSON text. */
    values: string[];
    /** Values past those sent (the document has them; none are listed). */
    more: number;
    /** Classes of the outer element, beside `sv-enum`. */
    class: string;
    testid?: string;
  },
) {
  const [all, setAll] = useState(false);
  const fold = values.length > ENUM_SHOWN + 2;
  const head = fold ? values.slice(0, ENUM_SHOWN) : values;
  // Shown after the button, so reading on from it reaches them.
  const rest = fold && all ? values.slice(ENUM_SHOWN) : [];
  return (
    <span class={`${cls} sv-enum`} data-testid={testid}>
      {label} {head.map((v, i) => <code key={i}>{v}</code>)}
      {fold && (
        <button
          type="button"
          class="sv-enum-more"
          aria-expanded={all}
          onClick={() => setAll((a) => !a)}
        >
          {all ? "fewer" : `${values.length - head.length + more} more`}
        </button>
      )}
      {rest.map((v, i) => <code key={ENUM_SHOWN + i}>{v}</code>)}
      {more > 0 && (!fold || all) && (
        <span class="muted">
          {` and ${more} more, not listed (see the document)`}
        </span>
      )}
    </span>
  );
}
