import assert from "node:assert/strict";
import {
  setSlashKeyOn,
  type SettingStore,
  SLASH_KEY_STORAGE,
  slashKeyOn,
} from "./slash_key.ts";

function memoryStore(): SettingStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

Deno.test("slash key: on unless turned off, and the setting is kept", () => {
  const s = memoryStore();
  assert.equal(slashKeyOn(s), true);
  setSlashKeyOn(false, s);
  assert.equal(s.map.get(SLASH_KEY_STORAGE), "off");
  assert.equal(slashKeyOn(s), false);
  setSlashKeyOn(true, s);
  assert.equal(s.map.has(SLASH_KEY_STORAGE), false);
  assert.equal(slashKeyOn(s), true);
  // Anything but "off" (a hand edit) leaves it on.
  s.setItem(SLASH_KEY_STORAGE, "no");
  assert.equal(slashKeyOn(s), true);
});

Deno.test("slash key: storage that throws keeps the setting for the page", () => {
  const blocked: SettingStore = {
    getItem: () => {
      throw new DOMException("blocked", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("blocked", "SecurityError");
    },
    removeItem: () => {
      throw new DOMException("blocked", "SecurityError");
    },
  };
  setSlashKeyOn(false, blocked);
  assert.equal(slashKeyOn(blocked), false);
  setSlashKeyOn(true, blocked);
  assert.equal(slashKeyOn(blocked), true);
});
