/**
 * Names in a change's sentence are code spans, as CommonMark writes them
 * (§6.1): the sentence reads as text on a terminal, as Markdown in a pull
 * request comment, and the compare page shows the spans as code. A name is
 * the document's text, so it may hold backticks (which would end a span
 * written with one and let the rest run as Markdown) and control
 * characters: {@link codeSpan} fences it with a longer run and writes the
 * controls visibly; {@link splitCodeSpans} reads spans back the same way.
 */
import { visibleText } from "../../shared/visible_text.ts";

/** `s` as one code span: fenced past its own backticks, controls visible. */
export function codeSpan(s: string): string {
  const v = visibleText(s);
  if (v === "") return "` `";
  let longest = 0;
  for (const run of v.match(/`+/g) ?? []) {
    longest = Math.max(longest, run.length);
  }
  const fence = "`".repeat(longest + 1);
  // A span's content loses one leading and one trailing space when it has
  // both (§6.1), and a backtick beside the fence would lengthen it: pad.
  const pad = v.startsWith("`") || v.endsWith("`") ||
      (v.length > 1 && v.startsWith(" ") && v.endsWith(" ") && v.trim() !== "")
    ? " "
    : "";
  return `${fence}${pad}${v}${pad}${fence}`;
}

/** A piece of a sentence: text, or a code span's content. */
export interface SentencePart {
  readonly code: boolean;
  readonly text: string;
}

/**
 * A sentence cut into text and code spans as CommonMark reads them (§6.1):
 * a run of n backticks opens a span that the next run of exactly n closes;
 * a run with no such closer is text.
 */
export function splitCodeSpans(s: string): SentencePart[] {
  const out: SentencePart[] = [];
  let text = "";
  let i = 0;
  while (i < s.length) {
    if (s[i] !== "`") {
      const next = s.indexOf("`", i);
      const end = next < 0 ? s.length : next;
      text += s.slice(i, end);
      i = end;
      continue;
    }
    let n = 0;
    while (s[i + n] === "`") n++;
    const close = closingRun(s, i + n, n);
    if (close < 0) {
      text += s.slice(i, i + n);
      i += n;
      continue;
    }
    if (text) out.push({ code: false, text });
    text = "";
    let content = s.slice(i + n, close);
    if (
      content.length > 1 && content.startsWith(" ") && content.endsWith(" ") &&
      content.trim() !== ""
    ) content = content.slice(1, -1);
    out.push({ code: true, text: content });
    i = close + n;
  }
  if (text) out.push({ code: false, text });
  return out;
}

/** Where the next run of exactly `n` backticks from `from` starts, or -1. */
function closingRun(s: string, from: number, n: number): number {
  let i = s.indexOf("`", from);
  while (i >= 0) {
    let m = 0;
    while (s[i + m] === "`") m++;
    if (m === n) return i;
    i = s.indexOf("`", i + m);
  }
  return -1;
}
