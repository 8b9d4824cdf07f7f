/**
 * Keeps the last loaded spec in this tab's sessionStorage, so a reload shows
 * the same spec with the filter and selection from the URL fragment. Stays
 * in the browser (never sent anywhere) and dies with the tab.
 */

const KEY = "wirebench.spec.v1";
/** sessionStorage holds about 5 M UTF-16 units per origin in Chromium. */
const MAX_CHARS = 4_500_000;

/** A remembered spec. */
export interface Saved {
  text: string;
  /** File name, or "" for pasted text. */
  name: string;
}

/** Remembers `s`; silently skips specs too large for storage. */
export function save(s: Saved): void {
  try {
    forget();
    if (s.text.length > MAX_CHARS) return;
    sessionStorage.setItem(KEY + ".name", s.name);
    sessionStorage.setItem(KEY, s.text);
  } catch { /* quota or storage disabled: a reload starts empty */ }
}

/** The remembered spec, if any. */
export function restore(): Saved | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    return { text, name: sessionStorage.getItem(KEY + ".name") ?? "" };
  } catch {
    return null;
  }
}

/** Forgets the remembered spec. */
export function forget(): void {
  try {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(KEY + ".name");
  } catch { /* nothing to forget */ }
}
