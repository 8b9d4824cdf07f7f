/**
 * One catalog parameter as a form control that fits its type: a number
 * field with the catalog's min/max for integers, a select for enumerations,
 * a checkbox for booleans, a text field for durations (`1.5s`) and strings.
 * The hint and the error are tied to the control with aria-describedby.
 *
 * No form submits the fields, so the browser's own validation bubbles
 * never show: they would say something else than the server, and the
 * runner shows the server's message instead.
 */
import type { ParamSpec } from "../../lib/debug/core/catalog.ts";
import { constraintText, defaultText } from "../../lib/debug/core/describe.ts";

/** Props of {@link ParamField}. */
export interface ParamFieldProps {
  spec: ParamSpec;
  /** Id prefix of this runner. */
  uid: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** A number field holds text it cannot parse ("+5", "1e"): reads as "". */
  onBadInput?: (bad: boolean) => void;
}

/** The id of a runner's control for `name` (used to focus errors). */
export function fieldId(uid: string, name: string): string {
  return `${uid}-${name}`;
}

/** Hint and error lines under a control. */
export function FieldNotes(
  { id, hint, error }: { id: string; hint: string; error?: string },
) {
  return (
    <>
      <p id={`${id}-hint`} class="field-hint">{hint}</p>
      {error && <p id={`${id}-err`} class="field-error">{error}</p>}
    </>
  );
}

/** aria attributes linking a control to its notes. */
export function described(id: string, error?: string) {
  return {
    "aria-describedby": error ? `${id}-hint ${id}-err` : `${id}-hint`,
    "aria-invalid": error ? "true" as const : undefined,
  };
}

/** A labelled control for one path or query parameter. */
export function ParamField(
  { spec: p, uid, value, error, onChange, onBadInput }: ParamFieldProps,
) {
  const id = fieldId(uid, p.name);
  const def = defaultText(p);
  // The long description is in the reference beside the runner; the hint
  // keeps to what to type.
  const hint = `${p.in === "path" ? "Path" : "Query"} · ${constraintText(p)}${
    def ? ` · default ${def}` : ""
  }`;
  const common = {
    id,
    "data-param": p.name,
    // The label's `*` is hidden from assistive technology: this says it
    // (WCAG 1.3.1), without the browser's own validation.
    "aria-required": p.required ? "true" as const : undefined,
    ...described(id, error),
  };
  const text = (e: Event) =>
    onChange((e.currentTarget as HTMLInputElement).value);
  let control;
  if (p.type === "boolean") {
    control = (
      <input
        type="checkbox"
        {...common}
        checked={value === "true" || value === "1"}
        onChange={(e) => onChange(e.currentTarget.checked ? "true" : "")}
      />
    );
  } else if (p.type === "enum") {
    control = (
      <select {...common} value={value} onChange={text}>
        <option value="">default{def ? ` (${def})` : ""}</option>
        {(p.enum ?? []).map((v) => (
          <option key={v} value={String(v)}>{v}</option>
        ))}
      </select>
    );
  } else if (p.type === "integer") {
    control = (
      <input
        type="number"
        inputMode="numeric"
        step={1}
        min={p.min}
        max={p.max}
        required={p.required}
        placeholder={def || p.example}
        {...common}
        value={value}
        onInput={(e) => {
          const el = e.currentTarget;
          onBadInput?.(el.validity.badInput);
          onChange(el.value);
        }}
      />
    );
  } else {
    control = (
      <input
        type="text"
        autoComplete="off"
        spellcheck={false}
        maxLength={p.maxLength}
        placeholder={def || p.example}
        {...common}
        value={value}
        onInput={text}
      />
    );
  }
  return (
    <div class={`field field-${p.type}`}>
      {p.type === "boolean"
        ? (
          <label class="check" for={id}>
            {control}
            <span>{p.name}</span>
          </label>
        )
        : (
          <>
            <label for={id}>
              {p.name}
              {p.required && <span class="req" aria-hidden="true">*</span>}
            </label>
            {control}
          </>
        )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
