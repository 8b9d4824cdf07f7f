import { KNOWN_METHODS } from "../../lib/openapi/operations.ts";

/** Props of {@link MethodBadge}. */
export interface MethodBadgeProps {
  /** The method, any case; it picks the colour. */
  method: string;
  /** The text shown, when not the method in upper case (a HAR's, as recorded). */
  label?: string;
}

const KNOWN: ReadonlySet<string> = new Set(KNOWN_METHODS);

/**
 * The badge's classes (`.method` tokens of static/styles.css): a known
 * method's own, any other `method-extra`, so a recorded method never adds
 * a class of its own choosing.
 */
export function methodClass(method: string): string {
  const m = method.toLowerCase();
  return KNOWN.has(m) ? `method method-${m}` : "method method-extra";
}

/** The colour-coded method badge, the one every page uses. */
export function MethodBadge({ method, label }: MethodBadgeProps) {
  return (
    <span class={methodClass(method)}>{label ?? method.toUpperCase()}</span>
  );
}
