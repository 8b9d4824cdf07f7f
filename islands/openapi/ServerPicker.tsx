import type { ServerChoice } from "../../lib/openapi/types.ts";
import { MAX_SERVER_TEXT } from "../../lib/openapi/servers.ts";
import type { ServerPick } from "./server_pick.ts";

/** A server as its option reads: `name: url (description)`. */
function optionText(c: ServerChoice): string {
  const url = c.name ? `${c.name}: ${c.url}` : c.url;
  return c.description ? `${url} (${c.description})` : url;
}

/** Props of {@link ServerPicker}. */
export interface ServerPickerProps {
  choices: readonly ServerChoice[];
  pick: ServerPick;
}

/**
 * The document's servers to call operations on, with the chosen one's
 * variables (a list for an `enum`, else a text field), as Swagger UI's and
 * Scalar's pickers offer them; the URL they make is what an operation's
 * cURL command calls unless the operation names servers of its own.
 */
export function ServerPicker({ choices, pick }: ServerPickerProps) {
  const choice = choices[pick.at];
  return (
    <fieldset class="sv-server-pick" data-testid="server-pick">
      <legend class="visually-hidden">Server</legend>
      <label>
        <span>Server</span>
        <select
          data-testid="server-select"
          value={String(pick.at)}
          onChange={(e) => pick.choose(Number(e.currentTarget.value))}
        >
          {choices.map((c, i) => (
            <option key={i} value={String(i)}>
              {optionText(c)}
            </option>
          ))}
        </select>
      </label>
      {choice?.variables.map((v) => (
        <label key={v.name} title={v.description || undefined}>
          <code>{v.name}</code>
          {v.values.length
            ? (
              <select
                data-testid="server-variable"
                data-name={v.name}
                value={pick.values[v.name] ?? ""}
                onChange={(e) => pick.setValue(v.name, e.currentTarget.value)}
              >
                {v.values.map((x) => <option key={x} value={x}>{x}</option>)}
              </select>
            )
            : (
              <input
                type="text"
                data-testid="server-variable"
                data-name={v.name}
                value={pick.values[v.name] ?? ""}
                maxLength={MAX_SERVER_TEXT}
                spellcheck={false}
                autocomplete="off"
                onInput={(e) => pick.setValue(v.name, e.currentTarget.value)}
              />
            )}
        </label>
      ))}
      <p class="muted sv-server-url" data-testid="server-url">
        Operations without servers of their own are called on{" "}
        <code>{pick.url || "(this page's location)"}</code>
      </p>
    </fieldset>
  );
}
