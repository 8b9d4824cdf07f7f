/**
 * "How do I get a HAR file?": where each browser and proxy hides its export,
 * shown under the empty drop zone.
 */
const STEPS: [string, string][] = [
  [
    "Chrome, Edge",
    "DevTools (F12) → Network → reload the page → the download arrow “Export HAR (sanitized)”, or right-click a request → “Save all as HAR with content”.",
  ],
  [
    "Firefox",
    "DevTools (F12) → Network → reload → the gear menu → “Save All As HAR”.",
  ],
  [
    "Safari",
    "Develop → Show Web Inspector → Network → reload → “Export”.",
  ],
  [
    "Charles, Fiddler, mitmproxy",
    "File → Export Session (HAR); mitmproxy: `mitmdump -r flows --set hardump=out.har`.",
  ],
];

/** The export guide. */
export function ExportHelp() {
  return (
    <details class="har-help">
      <summary>How do I get a HAR file?</summary>
      <dl>
        {STEPS.map(([who, how]) => (
          <div key={who}>
            <dt>{who}</dt>
            <dd>{how}</dd>
          </div>
        ))}
      </dl>
      <p class="muted small">
        A HAR holds cookies and tokens of the recorded session. This viewer
        keeps it in this tab and can save a sanitized copy for sharing.
      </p>
    </details>
  );
}
