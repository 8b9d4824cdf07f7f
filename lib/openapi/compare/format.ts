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

/** Output formats of `deno task diff`. */
export const FORMATS = ["text", "markdown", "json"] as const;
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
  return `${side(r.base)} → ${side(r.revision)}`;
}

/** A line per change, for a terminal. */
export function formatText(r: CompareResult): string {
  const lines = [sideLine(r), countsLine(r)];
  for (const c of r.changes) {
    lines.push(`${c.level.padEnd(8)} ${changeSentence(c)} [${c.id}]`);
  }
  return lines.join("\n") + "\n";
}

/** Markdown: a heading per level, a list item per change. */
export function formatMarkdown(r: CompareResult): string {
  const out = [
    `## API changes: ${escapeMd(sideLine(r))}`,
    "",
    countsLine(r),
  ];
  for (const level of LEVELS) {
    const of = r.changes.filter((c) => c.level === level);
    if (!of.length) continue;
    out.push("", `### ${HEADINGS[level]} (${of.length})`, "");
    for (const c of of) {
      const subject = c.method ? `\`${changeSubject(c)}\`` : "API";
      out.push(`- ${subject}: ${escapeText(c.text)} (\`${c.id}\`)`);
    }
  }
  if (!r.changes.length) out.push("", "No changes.");
  return out.join("\n") + "\n";
}

/** The result as JSON, as `compareSpecs` returns it. */
export function formatJson(r: CompareResult): string {
  return JSON.stringify(r, null, 2) + "\n";
}

/** `r` in `format`. */
export function formatResult(r: CompareResult, format: Format): string {
  switch (format) {
    case "markdown":
      return formatMarkdown(r);
    case "json":
      return formatJson(r);
    default:
      return formatText(r);
  }
}

/** Markdown outside code spans: characters that would start markup escaped. */
function escapeMd(s: string): string {
  return s.replace(/[\\*_[\]<>#|]/g, (c) => `\\${c}`);
}

/**
 * A sentence with `code` spans: the spans stay (names read as code), the
 * rest is escaped.
 */
function escapeText(s: string): string {
  return s.split(/(`[^`]*`)/).map((part, i) => i % 2 ? part : escapeMd(part))
    .join("");
}
