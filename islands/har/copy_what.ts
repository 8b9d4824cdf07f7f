/**
 * What the status line says was copied by a "Copy as" command, from the
 * detail's buttons or a row's menu alike, with what the command leaves
 * out (its note), so the two say the same of the same text.
 */
import type { EntryCommands } from "../../lib/har/commands.ts";

/** A "Copy as" command of an entry. */
export type CommandKind = "curl" | "fetch" | "python";

/** What each command is called in "Copied the …". */
const NAMED: Record<CommandKind, string> = {
  curl: "cURL command",
  fetch: "fetch call",
  python: "Python script",
};

/**
 * The command's text, its note and the words for "Copied the …": the
 * note in brackets when it has one, whatever it says (a body too large,
 * or one the file did not save).
 */
export function commandCopy(
  commands: EntryCommands,
  kind: CommandKind,
): { text: string; note: string; what: string } {
  const note = commands[`${kind}Note`];
  return { text: commands[kind], note, what: commandWhat(kind, note) };
}

/**
 * The words for "Copied the …" of command `kind` whose note is `note`
 * (a row menu has the note before it has the text).
 */
export function commandWhat(kind: CommandKind, note: string): string {
  // "Copied the … (note)." ends one sentence: the note's own full stop goes.
  const said = note.replace(/\.$/, "");
  return note ? `${NAMED[kind]} (${said})` : NAMED[kind];
}
