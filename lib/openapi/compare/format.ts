/**
 * A comparison written out: for a terminal (a line per change), as
 * Markdown (a heading per level, a line per change: a pull-request comment
 * or a changelog), and as JSON (the result itself). The CLI prints these
 * and the compare page copies the same Markdown and downloads the same
 * JSON.
 */
import {
  type Change,
  type CompareResult,
  type Level,
  LEVELS,
} from "./types.ts";
import { codeSpan, splitCodeSpans } from "./code_span.ts";
import { visibleText } from "../../shared/visible_text.ts";
import type { SourceLines } from "./source_lines.ts";
import { formatCount } from "../../shared/format.ts";
import { COMMENT_CHARS } from "./comment_limit.ts";

/** Output formats of `deno task diff`. */
export const FORMATS = ["text", "markdown", "json", "github"] as const;
/** One output format. */
export type Format = typeof FORMATS[number];

const HEADINGS: Record<Level, string> = {
  breaking: "Breaking changes",
  warning: "Warnings: may break clients",
  info: "Compatible changes",
  doc: "Documentation changes",
};

/** The operation a change is listed under, as a reader names it. */
export function changeSubject(c: Change): string {
  if (!c.method) return "API";
  const first = c.operations[0] ?? `${c.method.toUpperCase()} ${c.path}`;
  const more = c.operations.length - 1;
  return more > 0
    ? `${first} (and ${more} more operation${more === 1 ? "" : "s"})`
    : first;
}

/** One change as a sentence: `POST /v1/charges: request property …`. */
export function changeSentence(c: Change): string {
  return `${changeSubject(c)}: ${c.text}`;
}

/** The counts line: `3 breaking, 1 warning, 12 info`. */
export function countsLine(r: CompareResult): string {
  return LEVELS.map((l) => `${r.counts[l]} ${l}`).join(", ");
}

function sideLine(r: CompareResult): string {
  const side = (s: CompareResult["base"]) =>
    `${s.title || "(untitled)"} ${s.version} (${s.format})`;
  return visibleText(`${side(r.base)} → ${side(r.revision)}`);
}

/**
 * `N documentation changes not listed.` when the counts hold some that the
 * list does not (listed only on request: `--all`, the page's toggle), "".
 */
function unlistedDocs(r: CompareResult): string {
  const doc = r.counts.doc;
  if (!doc || r.changes.some((c) => c.level === "doc")) return "";
  return `${doc} documentation change${doc === 1 ? "" : "s"} not listed.`;
}

/**
 * What a report listing no change says: `No changes.`, or that the
 * documentation changes it counts are not listed (with `how`, how to
 * list them: the CLI's `--all`).
 */
function nothingListed(r: CompareResult, how = false): string {
  const doc = r.counts.doc;
  if (!doc) return "No changes.";
  const one = doc === 1;
  return `No breaking, warning or info changes; ${doc} documentation change${
    one ? "" : "s"
  } not listed${how ? `: --all lists ${one ? "it" : "them"}` : ""}.`;
}

/**
 * A line per change, for a terminal; `narrowed`, a sentence said under the
 * counts when these are only some of the changes.
 */
export function formatText(r: CompareResult, narrowed = ""): string {
  const lines = [logSafe(sideLine(r)), countsLine(r)];
  if (narrowed) lines.push(visibleText(narrowed));
  const docs = unlistedDocs(r);
  if (docs && r.changes.length) {
    lines.push(`(${docs.slice(0, -1)}: --all lists them)`);
  }
  // An empty list says why, as Markdown and the page do (a narrowed one is
  // said on its own line above).
  if (!r.changes.length && !narrowed) lines.push(nothingListed(r, true));
  for (const c of r.changes) {
    // The names in a sentence are written visibly already (codeSpan); the
    // rest of it too, so no document text reaches the terminal as control.
    lines.push(
      logSafe(
        visibleText(`${c.level.padEnd(8)} ${changeSentence(c)} [${c.id}]`),
      ),
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * A line a CI runner prints without reading a command in it. GitHub
 * Actions reads `::cmd::` at a line's start (after white space) and its
 * older `##[cmd]` anywhere in a line, so a title or a name in a document
 * printed to a workflow's log could stop the log's commands or forge an
 * error: the first `:` of a leading `::` and the `[` of every `##[` are
 * written as their escapes, which a terminal shows as they are.
 */
function logSafe(line: string): string {
  return line.replace(/##\[/g, "##%5B").replace(/^(\s*):(?=:)/, "$1%3A");
}

/**
 * Markdown: a heading per level, a list item per change; `narrowed`, a
 * line said under the counts when these are only some of the changes.
 */
export function formatMarkdown(r: CompareResult, narrowed = ""): string {
  const out = [
    `## API changes: ${escapeMd(sideLine(r))}`,
    "",
    countsLine(r),
  ];
  const head = out.length;
  // A copy of some changes says so, or it reads as the whole verdict.
  if (narrowed) out.push("", narrowed);
  const docs = unlistedDocs(r);
  if (docs && r.changes.length) out.push("", `_${docs}_`);
  // Each section's heading, and the lines written when it ends.
  const sections: [string, number][] = [];
  for (const level of LEVELS) {
    const of = r.changes.filter((c) => c.level === level);
    if (!of.length) continue;
    out.push("", `### ${HEADINGS[level]} (${of.length})`, "");
    for (const c of of) {
      const subject = c.method ? `${codeSpan(changeSubject(c))}` : "API";
      out.push(`- ${subject}: ${escapeText(c.text)} (${codeSpan(c.id)})`);
    }
    sections.push([HEADINGS[level], out.length]);
  }
  if (!r.changes.length) out.push("", nothingListed(r));
  const ends = sections.map(([name, n]): [string, number] => [
    name,
    linesLength(out.slice(0, n)),
  ]);
  const length = linesLength(out);
  if (length > COMMENT_CHARS) {
    out.splice(head, 0, "", overCommentLimit(length, ends));
  }
  return out.join("\n") + "\n";
}

/** The length of `lines` written one a line. */
function linesLength(lines: readonly string[]): number {
  return lines.reduce((n, l) => n + l.length + 1, 0);
}

/**
 * The note a Markdown report over {@link COMMENT_CHARS} opens with, under
 * its counts: GitHub refuses such a comment whole, and a paste into its
 * comment box is cut, which a note at the top survives. It names the
 * sections that fit (`ends`: each section's heading and where it ends,
 * the note not counted); the note's own length moves both numbers, so it
 * is written until they stay.
 */
function overCommentLimit(
  length: number,
  ends: readonly [string, number][],
): string {
  let note = "";
  for (let before = -1; note.length !== before;) {
    before = note.length;
    // The note adds its line and a blank one above it.
    const added = note.length + 2;
    const fits = ends.filter(([, end]) => end + added <= COMMENT_CHARS).at(-1);
    note = `_This report is ${
      formatCount(length + added)
    } characters, more than a GitHub comment holds (${
      formatCount(COMMENT_CHARS)
    }): GitHub refuses it, and a paste is cut${
      fits
        ? `. Its sections through ${fits[0]} fit (${
          formatCount(fits[1] + added)
        } characters); a file or a job summary holds it whole._`
        : `; a file or a job summary holds it whole._`
    }`;
  }
  return note;
}

/** The result as JSON, as `compareSpecs` returns it. */
export function formatJson(r: CompareResult): string {
  return JSON.stringify(r, null, 2) + "\n";
}

/** GitHub Actions' command for each level: an annotation's kind. */
const ANNOTATIONS: Record<Level, string> = {
  breaking: "error",
  warning: "warning",
  info: "notice",
  doc: "notice",
};

/**
 * GitHub Actions workflow commands: the side and counts lines as the log
 * shows them, then an annotation per change (`::error` for breaking,
 * `::warning`, `::notice` for info and documentation), which a workflow
 * run lists on its summary page and a pull request's checks. Values are
 * escaped as the runner reads them (`%`, CR and LF in the message; `:` and
 * `,` too in a property), so a name in a document cannot end the command
 * or start another. With `source`, the revision's file as the repository
 * names it and its lines, each annotation names the file and the line the
 * change is written on (where a removed thing stood: the deepest part of
 * its place the revision still has), so a pull request shows it there.
 */
export function formatGithub(
  r: CompareResult,
  narrowed = "",
  source?: AnnotationSource,
): string {
  const data = (s: string) =>
    visibleText(s).replace(/%/g, "%25").replace(/\r/g, "%0D")
      .replace(/\n/g, "%0A");
  const property = (s: string) =>
    data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  // A log line that is no annotation is still read for commands: `::cmd::`
  // at its start (after white space), and the runner's older `##[cmd]`
  // anywhere in it. A title (the revision's, which a pull request writes)
  // must not stop the annotations or forge one: these lines start with
  // words of ours, and every `##[` in them is broken.
  const plain = (s: string) => logSafe(`API changes: ${visibleText(s)}`);
  const lines = [plain(sideLine(r)), countsLine(r)];
  if (narrowed) lines.push(plain(narrowed));
  const file = source && `file=${property(source.file)},`;
  for (const c of r.changes) {
    const subject = c.method ? changeSubject(c) : "API";
    const pointer = c.pointer.revision ?? c.pointer.base;
    const line = source && pointer !== null
      ? source.lines.line(keywordPointer(pointer, c.id))
      : undefined;
    const at = line === undefined ? "" : `${file}line=${line},`;
    lines.push(
      `::${ANNOTATIONS[c.level]} ${at}title=${
        property(`${c.level}: ${c.id}`)
      }::${data(`${subject}: ${c.text}`)}`,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * The keyword a change's id names, by the words of the id (oasdiff's
 * spelling of JSON Schema's and OpenAPI's names), longest first.
 */
const ID_KEYWORDS: readonly [string, string][] = [
  ["x-extensible-enum", "x-extensible-enum"],
  ["exclusive-max", "exclusiveMaximum"],
  ["exclusive-min", "exclusiveMinimum"],
  ["max-length", "maxLength"],
  ["min-length", "minLength"],
  ["max-items", "maxItems"],
  ["min-items", "minItems"],
  ["max-properties", "maxProperties"],
  ["min-properties", "minProperties"],
  ["unique-items", "uniqueItems"],
  ["multiple-of", "multipleOf"],
  ["content-media-type", "contentMediaType"],
  ["content-encoding", "contentEncoding"],
  ["default-mapping", "discriminator"],
  ["discriminator", "discriminator"],
  ["default-value", "default"],
  ["operation-id", "operationId"],
  ["sunset", "x-sunset"],
  ["pattern", "pattern"],
  ["enum", "enum"],
  ["const", "const"],
  ["-max-", "maximum"],
  ["-min-", "minimum"],
];

/**
 * Where a change's annotation sits: its pointer, one key deeper when the
 * id names a keyword (`request-property-pattern-added` → `…/pattern`), so
 * the line is the keyword's, not its schema's. A keyword the revision
 * does not write leaves the line at the pointer (the lines are read to
 * the deepest place found).
 */
function keywordPointer(pointer: string, id: string): string {
  for (const [word, key] of ID_KEYWORDS) {
    if (id.includes(word)) return `${pointer}/${key}`;
  }
  return pointer;
}

/** The revision's file for {@link formatGithub}'s annotations. */
export interface AnnotationSource {
  /** Its path from the repository's root, `/` between folders. */
  file: string;
  /** Its lines by JSON pointer. */
  lines: SourceLines;
}

/**
 * `r` in `format`; `narrowed` as {@link formatText} takes it, `source` as
 * {@link formatGithub} does.
 */
export function formatResult(
  r: CompareResult,
  format: Format,
  narrowed = "",
  source?: AnnotationSource,
): string {
  switch (format) {
    case "markdown":
      return formatMarkdown(r, narrowed && `_${narrowed}_`);
    case "json":
      return formatJson(r);
    case "github":
      return formatGithub(r, narrowed, source);
    default:
      return formatText(r, narrowed);
  }
}

/**
 * Markdown outside code spans: characters that would start markup escaped
 * (CommonMark §2.4), controls written visibly (a line break would start a
 * block of the document's choosing).
 */
function escapeMd(s: string): string {
  // `:`, `@`, `$` and the dot of `www.` too: GitHub's Markdown (GFM §6.9)
  // links bare URLs, addresses and `www.` names, and renders `$…$` as math.
  return visibleText(s).replace(/[\\`*_[\]<>#|!~&:@$]/g, (c) => `\\${c}`)
    // GFM links `www.` after any non-alphanumeric, `_` included.
    .replace(/(?<![A-Za-z0-9])www\./gi, (w) => `${w.slice(0, 3)}\\.`);
}

/**
 * A sentence with `code` spans: the spans stay (names read as code) and
 * are fenced again from their content, the rest is escaped.
 */
function escapeText(s: string): string {
  return splitCodeSpans(s).map((p) =>
    p.code ? codeSpan(p.text) : escapeMd(p.text)
  )
    .join("");
}
