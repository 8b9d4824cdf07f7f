/** Props of {@link MethodBadge}. */
export interface MethodBadgeProps {
  method: string;
}

const KNOWN = new Set([
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "head",
  "options",
  "trace",
  "query",
]);

/** The colour-coded method badge (`.method` tokens of static/styles.css). */
export function MethodBadge({ method }: MethodBadgeProps) {
  const cls = KNOWN.has(method)
    ? `method method-${method}`
    : "method method-extra";
  return <span class={cls}>{method.toUpperCase()}</span>;
}
