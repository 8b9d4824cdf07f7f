import { methodClass } from "../../lib/shared/method_class.ts";

/** Props of {@link MethodBadge}. */
export interface MethodBadgeProps {
  /** The method, any case; it picks the colour. */
  method: string;
  /** The text shown, when not the method in upper case (a HAR's, as recorded). */
  label?: string;
}

/** The colour-coded method badge, the one every page uses. */
export function MethodBadge({ method, label }: MethodBadgeProps) {
  return (
    <span class={methodClass(method)}>{label ?? method.toUpperCase()}</span>
  );
}
