/**
 * `deno task diff BASE REVISION [--format text|markdown|json|github]
 * [--fail-on breaking|warning|info] [--all] [--ignore IDS] [--filter TERMS]`:
 * what changed between two
 * versions of an API description and what breaks a client written against
 * the older one, for a terminal or a CI step. The comparison is the
 * compare page's own engine (lib/openapi/compare); this entry reads the
 * arguments once, reads both inputs under a size cap (files, standard
 * input, http(s) URLs with a timeout), and maps the outcome to an exit
 * status a pipeline can act on:
 *
 * - 0: compared, and nothing at or above the `--fail-on` level (if given);
 * - 1: `--fail-on` was given and a change at or above that level exists;
 * - 2: an input could not be read or was rejected (the viewer's located
 *   error, naming the side, on stderr), or the command line is wrong.
 *
 * Anything unexpected also exits 2, never 1: a CI gate must not read a
 * crash as "found a breaking change", nor as a pass.
 */
import { visibleText } from "./lib/shared/visible_text.ts";
import { looksSwapped } from "./lib/openapi/compare/versions.ts";
import {
  CompareInputError,
  CompareLimitError,
  compareModels,
  type Level,
  levelRank,
  readSide,
  type Side,
} from "./lib/openapi/compare/mod.ts";
import type { SpecWarning } from "./lib/openapi/types.ts";
import {
  type AnnotationSource,
  type Format,
  formatResult,
  FORMATS,
} from "./lib/openapi/compare/format.ts";
import { sourceLines } from "./lib/openapi/compare/source_lines.ts";
import {
  DEFAULT_LEVELS,
  exportResult,
  focusLabels,
  narrowedSentence,
  newHays,
  viewIndices,
} from "./lib/openapi/compare/narrow.ts";
import { operationTerms } from "./lib/openapi/compare/filter.ts";
import { LEVELS } from "./lib/openapi/compare/types.ts";
import { knownIds, nearestIds } from "./lib/openapi/compare/report.ts";
import {
  encodingWarning,
  readFileText,
  UnpackError,
  UnpackLimitError,
} from "./lib/shared/read_text.ts";

/** Bytes read from one input at most: far past any real spec (Stripe's is 3 MB). */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024;

/** How long fetching a URL input may take, body included. */
export const FETCH_TIMEOUT_MS = 30_000;

/** Exit statuses (see the module comment). */
export const EXIT = { ok: 0, failOn: 1, error: 2 } as const;

/** Change ids `--ignore` takes at most. */
const MAX_IGNORED = 1_000;

/** Characters `--filter` takes at most (the page's box holds a line). */
const MAX_FILTER_CHARS = 1_000;

/** Levels `--fail-on` takes: documentation changes never fail a run. */
const FAIL_ON_LEVELS = ["breaking", "warning", "info"] as const;

const SYNOPSIS =
  "Usage: deno task diff BASE REVISION [--format text|markdown|json|github]\n" +
  "                      [--fail-on breaking|warning|info] [--all]\n" +
  "                      [--ignore ID[,ID...]] [--filter TERMS]";

/** The `--help` text. */
export const USAGE = `${SYNOPSIS}

What changed between two versions of an OpenAPI 3.0/3.1/3.2 or Swagger 2.0
document (JSON or YAML, in any mix), and what breaks a client written
against BASE.

  BASE, REVISION    a file path, - for standard input (one side only),
                    or an http:// or https:// URL
  --format FORMAT   text (default: a line per change), markdown (a heading
                    per level, for a pull request), json, or github
                    (GitHub Actions annotations: ::error for breaking,
                    ::warning, ::notice for info)
  --fail-on LEVEL   exit 1 when a change at LEVEL or above exists
                    (breaking > warning > info; documentation changes
                    never fail a run)
  --all             list documentation-only changes too (level doc)
  --ignore IDS      leave out changes of these ids (comma-separated, or
                    the flag given again), from the list, the counts and
                    --fail-on alike: what the team accepted (an id that
                    names no change is said on stderr)
  --filter TERMS    only the changes the compare page's filter box shows
                    for TERMS (every term must match: a method, a level,
                    tag:NAME, or text of a path, summary, operationId or
                    the change itself), in the list, the counts and
                    --fail-on alike: "/v1/charges", "post tag:billing"
  -h, --help        show this text

Exit status: 0 compared; 1 a change at or above the --fail-on level;
2 an input could not be read or was rejected, or bad usage.
Inputs larger than ${
  MAX_INPUT_BYTES / 1024 / 1024
} MiB are refused; a URL must answer within ${FETCH_TIMEOUT_MS / 1000} s.
`;

/** A valid command line. */
export interface DiffArgs {
  base: string;
  revision: string;
  format: Format;
  failOn: Level | null;
  all: boolean;
  /** Change ids left out (`--ignore`). */
  ignore: Set<string>;
  /** The compare page's filter terms (`--filter`), or null for none. */
  filter: string | null;
}

/** What the command line asks for, or what is wrong with it. */
export type ParsedArgs =
  | { kind: "run"; args: DiffArgs }
  | { kind: "help" }
  | { kind: "usage"; error: string };

/**
 * Reads the command line: two inputs and the flags, in any order, each
 * flag's value as the next argument or after `=`. `--` ends the flags, so
 * a file named `-x.yaml` can still be given.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const inputs: string[] = [];
  let format: Format | undefined;
  let failOn: Level | null | undefined;
  let all = false;
  let filter: string | null = null;
  const ignore = new Set<string>();
  const usage = (error: string): ParsedArgs => ({ kind: "usage", error });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      inputs.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      inputs.push(arg);
      continue;
    }
    if (arg === "-h" || arg === "--help") return { kind: "help" };
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (name === "--all") {
      if (eq >= 0) return usage("--all takes no value");
      all = true;
      continue;
    }
    if (
      name !== "--format" && name !== "--fail-on" && name !== "--ignore" &&
      name !== "--filter"
    ) {
      return usage(`unknown option ${JSON.stringify(clip(arg))}`);
    }
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length) value = argv[++i];
    else return usage(`${name} needs a value`);
    if (name === "--filter") {
      if (filter !== null) return usage("--filter is given twice");
      if (value.length > MAX_FILTER_CHARS) {
        return usage(`--filter takes at most ${MAX_FILTER_CHARS} characters`);
      }
      if (!value.trim()) return usage("--filter needs a term");
      filter = value;
    } else if (name === "--ignore") {
      for (const id of value.split(",")) {
        // Ids are kebab-case (§9); anything else is a typo to say.
        if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) {
          return usage(
            `--ignore takes change ids such as api-path-removed-without-deprecation, not ${
              JSON.stringify(clip(id))
            }`,
          );
        }
        if (ignore.size >= MAX_IGNORED) {
          return usage(`--ignore takes at most ${MAX_IGNORED} ids`);
        }
        ignore.add(id);
      }
    } else if (name === "--format") {
      if (format !== undefined) return usage("--format is given twice");
      if (!(FORMATS as readonly string[]).includes(value)) {
        return usage(
          `--format takes ${FORMATS.join(", ")}, not ${
            JSON.stringify(clip(value))
          }` + calledHere(value, FORMATS),
        );
      }
      format = value as Format;
    } else {
      if (failOn !== undefined) return usage("--fail-on is given twice");
      if (!(FAIL_ON_LEVELS as readonly string[]).includes(value)) {
        return usage(
          `--fail-on takes ${FAIL_ON_LEVELS.join(", ")}, not ${
            JSON.stringify(clip(value))
          }` + (value === "doc"
            ? " (documentation changes never fail)"
            : calledHere(value, FAIL_ON_LEVELS)),
        );
      }
      failOn = value as Level;
    }
  }
  if (inputs.length !== 2) {
    return usage(
      inputs.length < 2
        ? `expected BASE and REVISION, got ${
          inputs.length ? "only one input" : "none"
        }`
        : `expected two inputs, got ${inputs.length}`,
    );
  }
  if (inputs[0] === "-" && inputs[1] === "-") {
    return usage("only one side can be read from standard input (-)");
  }
  if (inputs.some((s) => s === "")) return usage("an input is empty");
  return {
    kind: "run",
    args: {
      base: inputs[0],
      revision: inputs[1],
      format: format ?? "text",
      failOn: failOn ?? null,
      all,
      ignore,
      filter,
    },
  };
}

/**
 * oasdiff's names of the levels (`--fail-on ERR`) and of a format, as
 * this command calls them: a CI step written for oasdiff is said what to
 * write instead.
 */
const OASDIFF_WORDS: Record<string, string> = {
  ERR: "breaking",
  WARN: "warning",
  INFO: "info",
  githubactions: "github",
};

/**
 * ` (oasdiff's ERR is breaking here)` for a value oasdiff takes, or
 * ` (levels are lower case: breaking)` for one of `choices` written in
 * other case; "" for anything else.
 */
function calledHere(value: string, choices: readonly string[]): string {
  const ours = Object.hasOwn(OASDIFF_WORDS, value)
    ? OASDIFF_WORDS[value]
    : undefined;
  if (ours !== undefined && choices.includes(ours)) {
    return ` (oasdiff's ${value} is ${ours} here)`;
  }
  const lower = value.toLowerCase();
  if (lower !== value && choices.includes(lower)) {
    return ` (${
      choices === FAIL_ON_LEVELS ? "levels" : "formats"
    } are lower case: ${lower})`;
  }
  return "";
}

/** An input that could not be read; the message names it, not the side. */
export class InputReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputReadError";
  }
}

/** Where to read inputs from and within which bounds. */
export interface ReadOptions {
  /** Folder relative paths are read from. */
  cwd: string;
  maxBytes?: number;
  timeoutMs?: number;
  /** Standard input, for `-`. */
  stdin?: ReadableStream<Uint8Array>;
}

/** One input's text, and a warning when its bytes were not valid UTF-8. */
export interface InputText {
  text: string;
  warning: string | null;
}

const URL_RE = /^https?:\/\//i;
/** Another scheme's URL (`file://`, `ftp://`); one letter is a drive. */
const OTHER_SCHEME_RE = /^[A-Za-z][A-Za-z0-9+.-]+:\/\//;

/**
 * Reads one input (a path, `-`, or an http(s) URL) as text, never more
 * than `maxBytes`. Throws {@link InputReadError} with a message for the
 * person at the terminal.
 */
export async function readInput(
  source: string,
  options: ReadOptions,
): Promise<InputText> {
  const max = options.maxBytes ?? MAX_INPUT_BYTES;
  let chunks: Uint8Array[];
  if (source === "-") {
    const stdin = options.stdin ?? Deno.stdin.readable;
    chunks = await readCapped(stdin, max, "standard input");
  } else if (OTHER_SCHEME_RE.test(source) && !URL_RE.test(source)) {
    throw new InputReadError(
      `cannot read ${
        redactedUrl(source)
      }: only http and https URLs are fetched; ` +
        "give a file by its path",
    );
  } else if (URL_RE.test(source)) {
    chunks = await fetchCapped(
      source,
      max,
      options.timeoutMs ?? FETCH_TIMEOUT_MS,
    );
  } else {
    const path = resolvePath(source, options.cwd);
    // A relative path is named with the folder it was looked for in: the
    // caller's folder comes from INIT_CWD, which a wrapper may have set.
    chunks = await readFileCapped(
      path,
      path === source ? source : `${source} (${path})`,
      max,
    );
  }
  // The viewer's file reader: UTF-8, or UTF-16 by its byte order mark,
  // with invalid UTF-8 located instead of rejected; gzip or zlib unpacked,
  // to no more than the input cap.
  try {
    const read = await readFileText(
      new Blob(chunks as BlobPart[]),
      undefined,
      max,
    );
    return { text: read.text, warning: encodingWarning(read) };
  } catch (err) {
    if (err instanceof UnpackError || err instanceof UnpackLimitError) {
      throw new InputReadError(
        `cannot read ${redactedUrl(source)}: ${err.message}`,
      );
    }
    throw err;
  }
}

/** `path` as an absolute path, relative ones taken from `cwd`. */
export function resolvePath(path: string, cwd: string): string {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path)) return path;
  if (path.startsWith("\\\\")) return path; // a Windows UNC path
  const sep = cwd.endsWith("/") || cwd.endsWith("\\") ? "" : "/";
  return cwd + sep + path;
}

/**
 * The revision's file as GitHub names it in an annotation: its path from
 * the repository's root (`workspace`, else the caller's folder, as a
 * workflow runs the command there), `/` between folders; undefined for
 * standard input, a URL, or a file outside that folder, which no pull
 * request shows.
 */
export function annotationFile(
  source: string,
  cwd: string,
  workspace?: string,
): string | undefined {
  if (source === "-" || OTHER_SCHEME_RE.test(source)) return undefined;
  const slashed = (p: string) => p.replace(/\\/g, "/");
  const root = slashed(workspace || cwd).replace(/\/+$/, "");
  const parts: string[] = [];
  for (const part of slashed(resolvePath(source, cwd)).split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  const full = parts.join("/");
  const under = root.split("/").filter((p) => p !== "" && p !== ".").join("/");
  if (under === "") return full;
  if (!full.startsWith(`${under}/`)) return undefined;
  return full.slice(under.length + 1);
}

function tooLarge(what: string, max: number): InputReadError {
  return new InputReadError(
    `${what} is larger than ${formatBytes(max)}: refused (a spec that size ` +
      "is no API description one can review)",
  );
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MiB` : `${n} bytes`;
}

/**
 * Every chunk of `stream`, or an {@link InputReadError} as soon as more
 * than `max` bytes came (the rest is not read: the stream is cancelled).
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array>,
  max: number,
  what: string,
): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(what, max);
    }
    chunks.push(value);
  }
}

async function readFileCapped(
  path: string,
  shown: string,
  max: number,
): Promise<Uint8Array[]> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (err) {
    throw new InputReadError(`cannot read ${shown}: ${fsReason(err)}`);
  }
  let size: number;
  try {
    const info = await file.stat();
    if (info.isDirectory) {
      throw new InputReadError(`cannot read ${shown}: it is a folder`);
    }
    size = info.size;
  } catch (err) {
    file.close();
    if (err instanceof InputReadError) throw err;
    throw new InputReadError(`cannot read ${shown}: ${fsReason(err)}`);
  }
  // Refused before a byte is read; the stream cap below still holds for
  // a file that grows meanwhile, or one whose size is not told (a FIFO).
  if (size > max) {
    file.close();
    throw tooLarge(shown, max);
  }
  try {
    return await readCapped(file.readable, max, shown);
  } catch (err) {
    if (err instanceof InputReadError) throw err;
    throw new InputReadError(`cannot read ${shown}: ${fsReason(err)}`);
  }
}

function fsReason(err: unknown): string {
  if (err instanceof Deno.errors.NotFound) return "no such file";
  if (err instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (err instanceof Deno.errors.IsADirectory) return "it is a folder";
  return err instanceof Error ? err.message : String(err);
}

async function fetchCapped(
  url: string,
  max: number,
  timeoutMs: number,
): Promise<Uint8Array[]> {
  // One deadline for the whole exchange, body included: a server that
  // sends headers and then trickles must not hold a CI job.
  const signal = AbortSignal.timeout(timeoutMs);
  const shown = redactedUrl(url);
  const timedOut = () =>
    new InputReadError(
      `${shown} did not answer within ${timeoutMs / 1000} s`,
    );
  let res: Response;
  try {
    res = await fetch(url, {
      signal,
      headers: {
        accept:
          "application/json, application/yaml, text/yaml, text/plain;q=0.9, */*;q=0.8",
      },
    });
  } catch (err) {
    if (signal.aborted) throw timedOut();
    throw new InputReadError(`cannot fetch ${shown}: ${errorText(err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new InputReadError(
      `${shown} answered ${res.status}${
        res.statusText ? ` ${res.statusText}` : ""
      }, not the document`,
    );
  }
  // Content-Length counts the coded bytes (RFC 9110 §8.6), so it can only
  // refuse early; the cap on what is read applies to the decoded bytes.
  const declared = res.headers.get("content-length");
  if (
    declared !== null && /^[0-9]{1,16}$/.test(declared) &&
    !res.headers.has("content-encoding") && Number(declared) > max
  ) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(shown, max);
  }
  if (!res.body) return [];
  try {
    return await readCapped(res.body, max, shown);
  } catch (err) {
    if (err instanceof InputReadError) throw err;
    if (signal.aborted) throw timedOut();
    throw new InputReadError(`cannot fetch ${shown}: ${errorText(err)}`);
  }
}

/**
 * A fetch error's text with its cause (Deno's "fetch failed" says why only
 * there: refused, TLS, DNS), URLs in it redacted.
 */
function errorText(err: unknown): string {
  const text = err instanceof Error
    ? err.cause instanceof Error
      ? `${err.message}: ${err.cause.message}`
      : err.message
    : String(err);
  return text.replace(/\bhttps?:\/\/[^\s()]+/gi, redactedUrl);
}

/**
 * `url` as a message may show it, in a CI log anyone with the job can
 * read: the userinfo (RFC 3986 §3.2.1 deprecates a password there, but
 * people put tokens in it) and the query's values (`?token=…`) hidden.
 */
export function redactedUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return clip(url.replace(/\/\/[^/@]*@/, "//***@").replace(/\?.*/, "?…"));
  }
  const userinfo = u.username || u.password ? "***@" : "";
  const query = u.search
    ? "?" + [...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=…`)
      .join("&")
    : "";
  return clip(`${u.protocol}//${userinfo}${u.host}${u.pathname}${query}`);
}

/** `s` cut for quoting in a message (an argument can be megabytes long). */
function clip(s: string): string {
  return s.length > 80 ? s.slice(0, 79) + "…" : s;
}

/** Where the command writes: stdout and stderr, as whole strings. */
export interface DiffIo {
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
  stdin?: ReadableStream<Uint8Array>;
  /** Folder relative input paths are read from. */
  cwd: string;
  /**
   * The repository's folder in a GitHub Actions run (`GITHUB_WORKSPACE`):
   * `--format github` names the revision's file from it.
   */
  workspace?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Warnings of one side printed at most; the page lists them all. */
const MAX_WARNING_LINES = 10;

/** `side: warning: message (line L, column C)` lines, bounded. */
function warningLines(side: Side, list: readonly SpecWarning[]): string {
  const lines = list.slice(0, MAX_WARNING_LINES).map((w) =>
    `${side}: warning: ${w.message}${
      w.line !== undefined ? ` (line ${w.line}, column ${w.column})` : ""
    }${w.path ? ` at ${w.path}` : ""}\n`
  );
  const more = list.length - MAX_WARNING_LINES;
  if (more > 0) lines.push(`${side}: and ${more} more warnings\n`);
  return lines.join("");
}

/** Unknown `--ignore` ids said one by one, at most; the rest are counted. */
const MAX_UNKNOWN_IGNORED = 10;

/**
 * A warning line per `--ignore` id that is no change id, with the ids it
 * most likely meant: a typo or another tool's id leaves nothing out, and
 * a CI gate would otherwise fail (or pass) on what the team thought it
 * had accepted. The exit status stays what the changes make it.
 */
export function unknownIgnoreLines(ignore: ReadonlySet<string>): string {
  const unknown = [...ignore].filter((id) => !knownIds().has(id));
  const lines = unknown.slice(0, MAX_UNKNOWN_IGNORED).map((id) => {
    const near = nearestIds(id);
    const meant = near.length > 1
      ? `${near.slice(0, -1).join(", ")} or ${near.at(-1)}`
      : near[0];
    return `diff: warning: --ignore ${
      JSON.stringify(id)
    } is no change id, so it leaves nothing out; did you mean ${meant}?\n`;
  });
  const more = unknown.length - MAX_UNKNOWN_IGNORED;
  if (more > 0) {
    lines.push(
      `diff: warning: and ${more} more --ignore id${
        more === 1 ? " is" : "s are"
      } no change id\n`,
    );
  }
  return lines.join("");
}

/**
 * Runs `deno task diff` with `argv` and returns the exit status: prints
 * the comparison to `io.out` in the chosen format, errors and the usage
 * to `io.err`.
 */
export async function runDiff(
  argv: readonly string[],
  io: DiffIo,
): Promise<number> {
  // Arguments and documents reach these messages: no control character of
  // theirs reaches the terminal (lib/shared/visible_text.ts).
  const say = (text: string) =>
    io.err(
      text.split("\n").map((l) => l.split("\t").map(visibleText).join("\t"))
        .join("\n"),
    );
  const parsed = parseArgs(argv);
  if (parsed.kind === "help") {
    await io.out(USAGE);
    return EXIT.ok;
  }
  if (parsed.kind === "usage") {
    await say(
      `diff: ${parsed.error}\n${SYNOPSIS}\n` +
        "Run deno task diff --help for more.\n",
    );
    return EXIT.error;
  }
  const args = parsed.args;
  const unknownIgnored = unknownIgnoreLines(args.ignore);
  if (unknownIgnored) await say(unknownIgnored);
  const options: ReadOptions = {
    cwd: io.cwd,
    stdin: io.stdin,
    timeoutMs: io.timeoutMs,
    maxBytes: io.maxBytes,
  };
  const texts: Record<Side, string> = { base: "", revision: "" };
  for (const side of ["base", "revision"] as const) {
    try {
      const read = await readInput(args[side], options);
      if (read.warning) await say(`${side}: warning: ${read.warning}\n`);
      texts[side] = read.text;
    } catch (err) {
      if (!(err instanceof InputReadError)) throw err;
      await say(`${side}: ${err.message}\n`);
      return EXIT.error;
    }
  }
  let result;
  let narrowed = "";
  let filteredOut = false;
  let source: AnnotationSource | undefined;
  try {
    const base = readSide(texts.base, "base");
    const revision = readSide(texts.revision, "revision");
    const file = args.format === "github"
      ? annotationFile(args.revision, io.cwd, io.workspace)
      : undefined;
    if (file !== undefined) {
      const { text, syntax } = revision.parsed.loaded;
      source = { file, lines: sourceLines(text, syntax) };
    }
    // What reading read past (a key written twice, a comment) changes what
    // is compared: said before the report, as the page says it.
    for (
      const [side, model] of [["base", base], ["revision", revision]] as const
    ) {
      const lines = warningLines(side, model.parsed.index.warnings);
      if (lines) await say(lines);
    }
    result = compareModels(base, revision, {
      all: args.all,
      ignore: args.ignore,
    });
    if (args.filter !== null) {
      // As the page narrows its list: the changes it shows for these
      // terms, each under the operation they name, counted among
      // themselves (so --fail-on weighs only these).
      const q = {
        filter: args.filter,
        levels: args.all ? LEVELS : DEFAULT_LEVELS,
      };
      const hays = newHays(operationTerms(base, revision));
      const shown = viewIndices(result.changes, q, hays);
      const whole = result.counts;
      result = exportResult(
        result,
        q,
        shown,
        "shown",
        focusLabels(result.changes, shown, q, hays),
      );
      narrowed = narrowedSentence(q, whole);
      filteredOut = shown.length === 0;
    }
  } catch (err) {
    if (err instanceof CompareInputError) {
      // The viewer's located error: the side and message with its line
      // and column (or JSON path), then the lines around it.
      const excerpt = err.info.excerpt ? `${err.info.excerpt}\n` : "";
      await say(`${err.message}\n${excerpt}`);
      return EXIT.error;
    }
    if (err instanceof CompareLimitError) {
      await say(`diff: comparison stopped: ${err.message}\n`);
      return EXIT.error;
    }
    throw err;
  }
  await io.out(formatResult(result, args.format, narrowed, source));
  if (filteredOut) {
    // A gate whose terms match nothing passes whatever changed: a typo
    // (`tag:biling`) must not read as a clean run.
    await say(
      `diff: note: --filter ${
        JSON.stringify(args.filter)
      } matched no change (terms: a method, a level, tag:NAME, or text of a path, summary, operationId or change)\n`,
    );
  }
  if (looksSwapped(result.base.version, result.revision.version)) {
    // On stderr: the report itself stays what was asked for.
    await say(
      // Versions written visibly: a newline in one would forge a line.
      `diff: note: the revision's version (${
        visibleText(result.revision.version)
      }) reads as older than the base's (${
        visibleText(result.base.version)
      }); were BASE and REVISION given the other way round?\n`,
    );
  }
  if (args.failOn === null) return EXIT.ok;
  const rank = levelRank(args.failOn);
  const over = FAIL_ON_LEVELS.filter((l) => levelRank(l) <= rank)
    .reduce((n, l) => n + result.counts[l], 0);
  if (over === 0) return EXIT.ok;
  await say(
    `diff: ${over} change${over === 1 ? "" : "s"} at or above ${args.failOn}` +
      ` (--fail-on ${args.failOn})\n`,
  );
  return EXIT.failOn;
}

/**
 * The folder the user ran the command from: `deno task` runs tasks in the
 * folder of deno.json and passes the caller's folder as INIT_CWD, so
 * `deno task diff old.yaml new.yaml` from anywhere reads the files there.
 */
function callerCwd(): string {
  return grantedEnv("INIT_CWD") || Deno.cwd();
}

/** An environment variable the task lets the command read, else undefined. */
function grantedEnv(name: string): string | undefined {
  const env = Deno.permissions.querySync({ name: "env", variable: name });
  return env.state === "granted" ? Deno.env.get(name) : undefined;
}

async function writeAll(
  w: { write(p: Uint8Array): Promise<number> },
  text: string,
): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  try {
    for (let at = 0; at < bytes.length;) {
      at += await w.write(bytes.subarray(at));
    }
  } catch (err) {
    // A reader that went away (`| head`) needs nothing more.
    if (!(err instanceof Deno.errors.BrokenPipe)) throw err;
  }
}

if (import.meta.main) {
  let code: number;
  let writing = false;
  try {
    code = await runDiff(Deno.args, {
      out: async (t) => {
        writing = true;
        await writeAll(Deno.stdout, t);
        writing = false;
      },
      err: (t) => writeAll(Deno.stderr, t),
      cwd: callerCwd(),
      workspace: grantedEnv("GITHUB_WORKSPACE"),
    });
  } catch (err) {
    // Standard output refused the result (a full disk, a closed file):
    // the user's environment, not a fault to report.
    await writeAll(
      Deno.stderr,
      writing
        ? `diff: cannot write the output: ${
          visibleText(err instanceof Error ? err.message : String(err))
        }\n`
        : "",
    ).catch(() => {});
    if (writing) Deno.exit(EXIT.error);
    await writeAll(
      Deno.stderr,
      `diff: internal error, please report it: ${
        err instanceof Error ? err.stack ?? err.message : String(err)
      }\n`,
    );
    code = EXIT.error;
  }
  Deno.exit(code);
}
