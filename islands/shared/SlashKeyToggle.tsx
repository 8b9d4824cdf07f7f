import { useSlashKeySetting } from "./slash_key.ts";

/**
 * A checkbox that turns the single-key `/` shortcut on or off (WCAG
 * 2.1.4), kept across visits and pages (/spec, /spec/compare, /har). On
 * each tool's toolbar: the spec viewer's, the compare page's, the HAR
 * viewer's.
 */
export function SlashKeyToggle() {
  const [on, setOn] = useSlashKeySetting();
  return (
    <label
      class="slash-pref"
      title="Pressing / outside a text field jumps to the filter or search, on /spec, /spec/compare and /har. Untick to turn that key off there (kept in this browser)."
    >
      <input
        type="checkbox"
        data-testid="slash-key-toggle"
        checked={on}
        onChange={(ev) => setOn((ev.currentTarget as HTMLInputElement).checked)}
      />{" "}
      <kbd>/</kbd> shortcut
    </label>
  );
}
