/**
 * What the status line says was copied by a "Copy as" command, from the
 * detail's buttons or a row's menu alike, with what the command leaves
 * out (its note), so the two say the same of the same text.
 */
import type { EntryCommands } from "../../lib/har/commands.ts";

/** A "Copy as" command of an entry. */
export type CommandKind = "curl" | "fetch" | "python";

/** The command's text, its note and the words for "Copied the …". */
export function commandCopy(
  commands: EntryCommands,
  kind: CommandKind,
): { text: string; note: string; what: string } {
  if (kind === "curl") {
    return {
      text: commands.curl,
      note: commands.curlNote,
      what: commands.curlNote
        ? "cURL command, without the body (too large)"
        : "cURL command",
    };
  }
  if (kind === "fetch") {
    return {
      text: commands.fetch,
      note: commands.fetchNote,
      what: commands.fetchNote
        ? `fetch call (${commands.fetchNote})`
        : "fetch call",
    };
  }
  return {
    text: commands.python,
    note: commands.pythonNote,
    what: commands.pythonNote
      ? `Python script (${commands.pythonNote})`
      : "Python script",
  };
}
