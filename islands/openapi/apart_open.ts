/**
 * From a response's link to a Webhooks or Callbacks row, by the row's DOM
 * id: the row opens in place, and a row its list has not rendered yet
 * (the lists render in slices) is asked of the list, which renders it at
 * once and opens it.
 */

/** The event a link dispatches on `document` for a row not rendered yet. */
const ASKED = "sv-apart-asked";

/**
 * Opens the row whose id is `id` and puts the focus on it, as a row
 * pressed there would; false when no such row is rendered.
 */
export function openApartRow(id: string): boolean {
  const row = document.getElementById(id);
  const details = row?.querySelector("details");
  if (!row || !details) return false;
  details.open = true;
  row.scrollIntoView({ block: "start" });
  details.querySelector("summary")?.focus({ preventScroll: true });
  return true;
}

/**
 * Asks the lists for the row whose id is `id`, not rendered yet: true when
 * one lists it (and will open it), false when none does.
 */
export function askApartRow(id: string): boolean {
  return !document.dispatchEvent(
    new CustomEvent(ASKED, { detail: id, cancelable: true }),
  );
}

/**
 * Calls `f` with the id of each row a link asks for; `f` says whether its
 * list has that row. Returns what stops listening.
 */
export function onApartAsked(f: (id: string) => boolean): () => void {
  const listen = (ev: Event) => {
    if (f((ev as CustomEvent<string>).detail)) ev.preventDefault();
  };
  document.addEventListener(ASKED, listen);
  return () => document.removeEventListener(ASKED, listen);
}
