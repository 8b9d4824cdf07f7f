/**
 * Descriptions in specs are CommonMark, often with embedded HTML (Stripe
 * writes `<p>…</p>`). The viewer never injects spec text as HTML (a spec is
 * untrusted input), so tags are turned into plain-text structure instead.
 */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: "\u00a0",
};

/** `s` with HTML tags reduced to line breaks and bullets, entities decoded. */
export function plainText(s: string): string {
  if (!/[<&]/.test(s)) return s;
  return s
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|ul|ol|pre|blockquote)>/gi, "\n\n")
    // [^<>]* (not [^>]*): an unclosed "<a" then stops at the next "<", so
    // hostile markup costs linear time, not quadratic.
    .replace(/<li[^<>]*>/gi, "\n• ")
    .replace(/<[a-z/!][^<>]*>/gi, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
