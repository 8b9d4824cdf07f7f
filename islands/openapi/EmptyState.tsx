import { useSlashKeySetting } from "../shared/slash_key.ts";

/** What the viewer does, shown until a spec is loaded. */
export function EmptyState() {
  // The "/" shortcut is named only while it is on.
  const [slashOn] = useSlashKeySetting();
  return (
    <section class="sv-intro" aria-label="About the spec viewer">
      <ul>
        <li>
          <strong>Every version:</strong>{" "}
          OpenAPI 3.0, 3.1 and 3.2 (QUERY, additionalOperations) and Swagger
          2.0, in JSON or YAML with anchors and merge keys.
        </li>
        <li>
          <strong>Large specs stay fast:</strong>{" "}
          big files are parsed in a background worker, and the list draws only
          the rows on screen.
        </li>
        <li>
          <strong>Errors with a place:</strong>{" "}
          line and column for syntax errors, the JSON path for the rest; smaller
          problems become warnings beside a working list.
        </li>
        <li class="sv-keys">
          <strong>Keyboard:</strong> {slashOn && (
            <>
              <kbd>/</kbd> filter,{" "}
            </>
          )}
          <kbd>↓</kbd> <kbd>↑</kbd> move, <kbd>Enter</kbd> open, <kbd>Esc</kbd>
          {" "}
          back.
        </li>
        <li>
          <strong>Private:</strong>{" "}
          your spec never leaves this tab; the filter and selection live in the
          URL after <code>#</code>, which browsers never send.
        </li>
      </ul>
    </section>
  );
}
