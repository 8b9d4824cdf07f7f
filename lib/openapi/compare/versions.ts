/**
 * Whether two documents' versions read as given the other way round: a
 * base newer than its revision turns every addition into a removal. Shown
 * on the compare page and said on the CLI's stderr.
 */

/** A version's parts to compare: a date's, or dotted numbers'; null when neither. */
function versionParts(v: string): { kind: string; parts: number[] } | null {
  const s = v.trim().replace(/^v/i, "");
  const date = /^(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(s);
  if (date) return { kind: "date", parts: date.slice(1).map(Number) };
  const dotted = /^(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?![\d.])/.exec(s);
  if (dotted) {
    return {
      kind: "dotted",
      parts: dotted.slice(1).map((x) => Number(x ?? 0)),
    };
  }
  return null;
}

/**
 * Whether the revision's version reads as older than the base's (two dates,
 * or two dotted numbers: `2020-03-02` after `2020-08-27`, `1.9` after
 * `2.0`): the files were likely given the other way round, which turns
 * every addition into a removal.
 */
export function looksSwapped(base: string, revision: string): boolean {
  const b = versionParts(base), r = versionParts(revision);
  if (!b || !r || b.kind !== r.kind) return false;
  for (let i = 0; i < b.parts.length; i++) {
    if (r.parts[i] !== b.parts[i]) return r.parts[i] < b.parts[i];
  }
  return false;
}
