/**
 * Said when the address holds a tool's view (a filter, a selection) but no
 * file is open, as when a link is opened in a new tab: the link carries
 * the view, never the file, which stays in the browser that opened it (the
 * fragment is never sent, RFC 3986 §3.5). Without it, such a link looked
 * like the tool's empty page.
 */
export function LinkedViewNote(
  { parts, files = "the file" }: {
    parts: string[];
    /** What to open (the compare page: the two files, base and revision). */
    files?: string;
  },
) {
  if (!parts.length) return null;
  return (
    <p class="linked-note" role="note" data-testid="linked-view-note">
      This address holds a view ({parts.join(", ")}): open {files}{" "}
      it was made from to see it. Links never carry files; they stay in the
      browser that opened them.
    </p>
  );
}
