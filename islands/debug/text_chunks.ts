/**
 * A long body's text cut into pieces for the page to lay out one at a
 * time. Pure.
 */

/**
 * `text` cut into pieces of about `size` characters, each ending after a
 * line feed (the last one where the text ends), so that the pieces joined
 * are the text and each holds whole lines. A line longer than `size` is a
 * piece of its own length.
 */
export function textChunks(text: string, size: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf("\n", Math.min(at + size, text.length) - 1);
    const end = nl < 0 ? text.length : nl + 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}
