/**
 * `/` to jump to a page's search or filter box, as on GitHub and in the
 * viewers people come from; ignored while typing in a field, and with a
 * modifier (Ctrl+F stays the browser's find).
 *
 * A single character key is a shortcut a speech-input user can fire by
 * saying a word, so it can be turned off (WCAG 2.1.4): the setting is kept
 * in `localStorage` under {@link SLASH_KEY_STORAGE} (`"off"`) and holds on
 * every page that has the shortcut (/spec, /spec/compare, /har).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { editable } from "./use_page_drop.ts";

/** The `localStorage` key of the setting: `"off"` turns `/` off. */
export const SLASH_KEY_STORAGE = "wirebench.slash-key";

/** Dispatched on `window` when this page changes the setting. */
const CHANGED = "wirebench-slash-key";

/** The part of `Storage` the setting uses. */
export type SettingStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The setting when storage cannot be used (blocked): this page's only. */
let unstored: boolean | null = null;

function store(): SettingStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // a sandboxed frame or blocked site data throws
  }
}

/** Whether the `/` shortcut is on (it is unless turned off). */
export function slashKeyOn(
  storage: SettingStore | undefined = store(),
): boolean {
  try {
    if (storage) return storage.getItem(SLASH_KEY_STORAGE) !== "off";
  } catch {
    // Storage that throws: the setting of this page, if any.
  }
  return unstored ?? true;
}

/** Turns the `/` shortcut on or off, kept for the next visit. */
export function setSlashKeyOn(
  on: boolean,
  storage: SettingStore | undefined = store(),
): void {
  unstored = on;
  try {
    if (on) storage?.removeItem(SLASH_KEY_STORAGE);
    else storage?.setItem(SLASH_KEY_STORAGE, "off");
  } catch {
    // Not kept: it holds on this page until it is left.
  }
  if (typeof dispatchEvent === "function") dispatchEvent(new Event(CHANGED));
}

/**
 * The setting, for a control: whether `/` is on, and a setter. Follows
 * changes made on this page and in other tabs.
 */
export function useSlashKeySetting(): [boolean, (on: boolean) => void] {
  // On while rendered on the server; read once mounted.
  const [on, setOn] = useState(true);
  useEffect(() => {
    const read = () => setOn(slashKeyOn());
    read();
    addEventListener(CHANGED, read);
    addEventListener("storage", read);
    return () => {
      removeEventListener(CHANGED, read);
      removeEventListener("storage", read);
    };
  }, []);
  return [on, setSlashKeyOn];
}

/**
 * Calls `onSlash` when `/` is pressed outside a text field, unless the
 * shortcut is turned off ({@link setSlashKeyOn}).
 */
export function useSlashKey(onSlash: () => void): void {
  // The handler changes every render; the listener reads the latest one.
  const slash = useRef(onSlash);
  slash.current = onSlash;
  useEffect(() => {
    const key = (ev: KeyboardEvent) => {
      if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (editable(ev.target) || !slashKeyOn()) return;
      ev.preventDefault();
      slash.current();
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, []);
}
