/**
 * Escape on an open `<details>` listed apart from the endpoints (a
 * webhook, a callback, a named schema), or anywhere inside it, closes it
 * and leaves focus on its summary, as Escape closes an endpoint's detail
 * (EndpointRow.tsx) and the HAR viewer's.
 */
export function closeOnEscape(ev: KeyboardEvent): void {
  const d = ev.currentTarget as HTMLDetailsElement;
  if (ev.key !== "Escape" || !d.open || ev.defaultPrevented) return;
  ev.preventDefault();
  d.open = false;
  d.querySelector<HTMLElement>(":scope > summary")?.focus();
}
