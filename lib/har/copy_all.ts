/**
 * "Copy all listed as cURL" and "as fetch": the command of each entry the
 * filters show, in list order, each the one its detail's "Copy as" button
 * copies (`entryCommands`), joined as DevTools' "Copy all listed as cURL
 * (bash)" and "Copy all listed as fetch" join theirs, with ` ;\n`: the
 * shell runs one after the other whatever each exits with (XCU §2.9.3,
 * sequential lists), and in JavaScript the `;` is an empty statement.
 * An entry that offers no command (a CONNECT, a data: URL) is left out
 * and the page says which and why; the text stops before the entry that
 * would take it past {@link COPY_ALL_CHARS}, and the page says where.
 */
import { CURL_CHARS, entryCommands } from "./commands.ts";
import type { HarColumns } from "./columns.ts";
import { urlOf } from "./entries.ts";
import type { Obj } from "./normalize.ts";
import { formatCount } from "../shared/format.ts";

/** What is copied: cURL commands for bash, or fetch calls. */
export type CopyAllKind = "curl" | "fetch";

/** Between two commands, as DevTools writes it for bash and for fetch. */
export const COPY_ALL_SEPARATOR = " ;\n";

/**
 * Longest text copied, in characters: ten of the longest single command,
 * which holds some thousand requests of a page as recorded (a few kB of
 * headers each) and is still text a clipboard and a terminal take.
 */
export const COPY_ALL_CHARS = 10 * CURL_CHARS;

/** A listed entry's command ("" when it offers none) and its note. */
export interface ListedCommand {
  code: string;
  /** Why there is no command, or what the one given leaves out ("" when whole). */
  note: string;
}

/** The joined text and what the page says of it. */
export interface CopiedAll {
  text: string;
  /** Commands in `text`. */
  copied: number;
  /**
   * How many were copied of how many listed, which rows (counted from 1
   * in list order) offer none or carry a note and why, and where the text
   * stops when it was cut.
   */
  note: string;
}

/** Notes of rows named at most, one sentence each; the rest are counted. */
const NOTES_SAID = 5;
/** Rows named at most in one note; the rest are counted. */
const ROWS_NAMED = 5;

const NAMES: Record<CopyAllKind, [one: string, many: string]> = {
  curl: ["cURL command", "cURL commands"],
  fetch: ["fetch call", "fetch calls"],
};

/** "Row 3", "Rows 3 and 9", "Rows 3, 9, 12, 15, 20 and 4 more". */
function rowsText(rows: readonly number[]): string {
  if (rows.length === 1) return `Row ${rows[0]}`;
  const named = rows.slice(0, ROWS_NAMED).map(formatCount);
  const rest = rows.length - named.length;
  return rest > 0
    ? `Rows ${named.join(", ")} and ${formatCount(rest)} more`
    : `Rows ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/**
 * The commands of `count` listed entries joined in list order,
 * `commandAt(k)` giving the k-th's (from 0); asked for no further than
 * the text goes, so a file of 100,000 entries costs what fits
 * `maxChars`.
 */
export function copyAll(
  kind: CopyAllKind,
  count: number,
  commandAt: (k: number) => ListedCommand,
  maxChars: number = COPY_ALL_CHARS,
): CopiedAll {
  const parts: string[] = [];
  let chars = 0;
  /** Rows without a command, and rows whose command carries a note, by note. */
  const none = new Map<string, number[]>();
  const said = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, note: string, row: number) => {
    const rows = m.get(note);
    if (rows) rows.push(row);
    else m.set(note, [row]);
  };
  let stop = -1;
  for (let k = 0; k < count; k++) {
    const { code, note } = commandAt(k);
    if (!code) {
      add(none, note || "No command could be written for it.", k + 1);
      continue;
    }
    // A recorded request's fetch call is one statement (a form recorded
    // as fields is sent as none, so no call declares a FormData first).
    const text = code.trimEnd();
    const more = (parts.length ? COPY_ALL_SEPARATOR.length : 0) + text.length;
    if (chars + more > maxChars) {
      stop = k;
      break;
    }
    chars += more;
    parts.push(text);
    if (note) add(said, note, k + 1);
  }
  const [one, many] = NAMES[kind];
  const copied = parts.length;
  const sentences = [
    copied
      ? `Copied ${formatCount(copied)} ${copied === 1 ? one : many} for the ${
        formatCount(count)
      } ${count === 1 ? "request" : "requests"} listed, in list order.`
      : `No ${one} to copy for the ${formatCount(count)} ${
        count === 1 ? "request" : "requests"
      } listed.`,
  ];
  const notes = [
    ...[...none].map(([note, rows]) =>
      `${rowsText(rows)} ${rows.length === 1 ? "offers" : "offer"} no ${one}: ${
        clause(note).replace(/\.$/, "")
      }.`
    ),
    ...[...said].map(([note, rows]) => `${rowsText(rows)}: ${clause(note)}`),
  ];
  sentences.push(...notes.slice(0, NOTES_SAID));
  if (notes.length > NOTES_SAID) {
    sentences.push(
      `${
        formatCount(notes.length - NOTES_SAID)
      } more notes: each row's detail says its own.`,
    );
  }
  if (stop >= 0) {
    sentences.push(
      `The copy stops before row ${formatCount(stop + 1)}: the ${
        formatCount(count - stop)
      } listed from there would take it past ${
        formatCount(maxChars)
      } characters; filter the list to copy them.`,
    );
  }
  return {
    text: parts.join(COPY_ALL_SEPARATOR),
    copied,
    note: sentences.join(" "),
  };
}

/**
 * Entry `i`'s command of `kind` and its note, as its detail's "Copy as"
 * button has them (the method and URL the list has, `raw` its entry).
 */
export function listedCommand(
  kind: CopyAllKind,
  c: HarColumns,
  raw: Obj,
  i: number,
): ListedCommand {
  const method = c.methods[c.methodIdx[i]];
  const commands = entryCommands(raw, method, urlOf(c, i), { [kind]: true });
  return kind === "curl"
    ? { code: commands.curl, note: commands.curlNote }
    : { code: commands.fetch, note: commands.fetchNote };
}

/**
 * A note written as a sentence, continued after a colon: its first word
 * lower-cased when it is a capitalised word (`The recorded method` →
 * `the recorded method`), never an acronym or a name (`CONNECT`, `HTTP/2`).
 */
function clause(note: string): string {
  return /^[A-Z](?=[a-z]|\s)/.test(note)
    ? note[0].toLowerCase() + note.slice(1)
    : note;
}
