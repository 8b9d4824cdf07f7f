/**
 * Pretty-printing JSON response bodies as tokens, for syntax highlighting
 * built from DOM text nodes (never HTML). The source text is re-indented
 * token by token rather than parsed and re-serialised, so what the server
 * sent is what is shown: number spellings (`1.0`, `1e400`), big integers,
 * key order and duplicate keys all survive (RFC 8259 leaves duplicates to
 * the reader; a debugging tool should show them). Pure and DOM-free.
 */
import { mediaType } from "./media_type.ts";

/** What a token is, for its colour. */
export type TokenKind =
  | "key"
  | "string"
  | "number"
  | "literal"
  | "punct"
  | "space";

/** One piece of the pretty text; concatenated, the texts are the output. */
export interface Token {
  kind: TokenKind;
  text: string;
  /**
   * Where `text` starts in the source, for a token copied from it (none
   * for the indentation and spaces the printer adds): what part of the
   * source a cut preview shows.
   */
  at?: number;
}

// RFC 8259 §7 string, §6 number, §3 literals.
// Control characters are exactly what RFC 8259 forbids unescaped in strings.
const LEX =
  // deno-lint-ignore no-control-regex
  /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null|[{}\[\]:,]|[ \t\r\n]+/y;

/**
 * The media type is JSON (`application/json`, `application/problem+json`,
 * and a spec's `application/*+json` range), parameters ignored.
 */
export function isJsonType(contentType: string | null): boolean {
  if (!contentType) return false;
  const t = mediaType(contentType);
  // RFC 6838 §4.2 restricted names (`vnd.my_app+json`), and `*` for a range.
  return /^[a-z0-9!#$&^_.+-]+\/(?:[a-z0-9!#$&^_.+*-]*\+)?json$/.test(t);
}

/** Bounds of {@link prettyJson}, for bodies from untrusted files. */
export interface PrettyOptions {
  /** Stop once the output is longer (the caller cuts it); no bound by default. */
  maxChars?: number;
  /**
   * Levels that are indented; deeper lines stay at that indent, so 10,000
   * levels cost 10,000 short lines, not 100 M spaces.
   */
  indentLevels?: number;
}

/**
 * The pretty-printed tokens of `text` (two-space indent, empty containers
 * kept as `{}` and `[]`), or null when it is not valid JSON.
 */
export function prettyJson(
  text: string,
  options: PrettyOptions = {},
): Token[] | null {
  const maxChars = options.maxChars ?? Infinity;
  const levels = options.indentLevels ?? Infinity;
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const raw: string[] = [];
  /** Where each of `raw` starts in `text`. */
  const starts: number[] = [];
  LEX.lastIndex = 0;
  while (LEX.lastIndex < text.length) {
    const start = LEX.lastIndex;
    const m = LEX.exec(text);
    if (!m) return null; // JSON.parse accepted it, so this cannot happen
    if (!/^[ \t\r\n]/.test(m[0])) {
      raw.push(m[0]);
      starts.push(start);
    }
    if (LEX.lastIndex === start) return null;
  }
  const out: Token[] = [];
  let depth = 0, chars = 0;
  const newline = () =>
    out.push({
      kind: "space",
      text: "\n" + "  ".repeat(Math.min(depth, levels)),
    });
  for (let i = 0; i < raw.length; i++) {
    if (chars > maxChars) break;
    const before = out.length;
    const t = raw[i], at = starts[i];
    const next = raw[i + 1];
    if (t === "{" || t === "[") {
      out.push({ kind: "punct", text: t, at });
      if (next === (t === "{" ? "}" : "]")) {
        out.push({ kind: "punct", text: next, at: starts[i + 1] });
        i++;
      } else {
        depth++;
        newline();
      }
    } else if (t === "}" || t === "]") {
      depth--;
      newline();
      out.push({ kind: "punct", text: t, at });
    } else if (t === ",") {
      out.push({ kind: "punct", text: t, at });
      newline();
    } else if (t === ":") {
      out.push({ kind: "punct", text: ":", at }, { kind: "space", text: " " });
    } else if (t[0] === '"') {
      out.push({ kind: next === ":" ? "key" : "string", text: t, at });
    } else if (t === "true" || t === "false" || t === "null") {
      out.push({ kind: "literal", text: t, at });
    } else {
      out.push({ kind: "number", text: t, at });
    }
    for (let k = before; k < out.length; k++) chars += out[k].text.length;
  }
  return out;
}

/** The plain pretty text of tokens. */
export function tokensText(tokens: readonly Token[]): string {
  let s = "";
  for (const t of tokens) s += t.text;
  return s;
}
