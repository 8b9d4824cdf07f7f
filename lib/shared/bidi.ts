/**
 * Bidirectional formatting characters that reorder the text after them
 * (Unicode UAX #9 §2.1, §2.2, §2.4: embeddings, overrides, isolates): a
 * path `/files/\u202Egnp.exe` displays as `/files/exe.png`. Marks (LRM,
 * RLM, ALM) only place neutral characters and stay as they are.
 */
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** A bidirectional control as its code point's name: `U+202E`. */
function codeOf(ch: string): string {
  return `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The distinct controls in `text`, as `U+202E`, in order of appearance. */
export function bidiControls(text: string): string[] {
  if (!CONTROLS.test(text)) return [];
  const out = new Set<string>();
  for (const ch of text) if (CONTROLS.test(ch)) out.add(codeOf(ch));
  return [...out];
}

/**
 * `text` cut at each control: its pieces of text, and each control as
 * `{ control: "U+202E" }`, for a view to show it rather than obey it.
 */
export function splitBidi(
  text: string,
): (string | { control: string })[] {
  if (!CONTROLS.test(text)) return [text];
  const out: (string | { control: string })[] = [];
  let run = "";
  for (const ch of text) {
    if (!CONTROLS.test(ch)) {
      run += ch;
      continue;
    }
    if (run) out.push(run);
    run = "";
    out.push({ control: codeOf(ch) });
  }
  if (run) out.push(run);
  return out;
}

/** `text` with each control written as `[U+202E]`: for a tooltip or a line. */
export function visibleBidi(text: string): string {
  return splitBidi(text).map((p) =>
    typeof p === "string" ? p : `[${p.control}]`
  ).join("");
}

/**
 * A right-to-left letter: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
 * Mandaic and their presentation forms (UAX #9 bidirectional classes R
 * and AL, the BMP's).
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** Whether `text` holds a right-to-left letter. */
export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/**
 * A piece of a text to show left to right: `[from, to)`, and whether it
 * must be isolated (its own direction, as `<bdi>` gives it).
 */
export type Piece = [from: number, to: number, isolate: boolean];

/**
 * Where a path or URL is cut so it reads left to right in its order: the
 * runs between `/ ? # & = ; { }` and a JSON pointer's `~0` `~1` (a segment, a parameter's name or
 * value), each holding a right-to-left letter isolated. Without isolation,
 * separators between two right-to-left runs take their direction (UAX #9
 * rule N1) and `/ערים/{עיר}/רחובות` shows its segments backwards. One
 * piece, not isolated, when there is no right-to-left letter.
 */
export function pathPieces(text: string): Piece[] {
  // A JSON pointer's `~1` and `~0` (RFC 6901 §3) are separators too: left
  // inside a right-to-left run, `~1` shows as `1~`.
  return pieces(
    text,
    /(?:(?<!~)[^/?#&=;{}~]|(?<=~)[^/?#&=;{}~01]|~(?![01]))+/g,
  );
}

/**
 * Where JSON or a command is cut so its quoted strings keep their place:
 * each `"…"` (escapes read) or `'…'` holding a right-to-left letter is
 * isolated, so `"שם": "רחוב"` does not show its value before its key.
 */
export function quotedPieces(text: string): Piece[] {
  return pieces(text, /"(?:[^"\\\n]|\\.)*"|'[^'\n]*'/g);
}

function pieces(text: string, run: RegExp): Piece[] {
  if (!RTL.test(text)) return [[0, text.length, false]];
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(run)) {
    if (!RTL.test(m[0])) continue;
    if (m.index > at) out.push([at, m.index, false]);
    out.push([m.index, m.index + m[0].length, true]);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push([at, text.length, false]);
  return out;
}
