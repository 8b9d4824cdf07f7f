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
