/**
 * Entity tags (RFC 9110 §8.8.3) and the If-Match / If-None-Match tests
 * (§13.1.1, §13.1.2): one reading for the debug API's caching endpoints and
 * the app's static files.
 */
/** An entity tag of a conditional header: its opaque part and weakness. */
export interface EntityTag {
  readonly tag: string;
  readonly weak: boolean;
}

/**
 * The entity tags of an If-Match / If-None-Match value (RFC 9110 §13.1.1),
 * `"*"` for the wildcard, or null when malformed.
 *
 * A tag written without its quotes (`If-None-Match: abc`) is read as the
 * strong tag `"abc"`, as httpbin and go-httpbin read it: httpbin's own
 * tests send it so, and a suite written against httpbin must pass here
 * unchanged. A recipient may parse a field leniently where the meaning is
 * plain (RFC 9110 §5.5); anything else malformed is still refused.
 */
export function parseEntityTags(value: string): EntityTag[] | "*" | null {
  const v = value.trim();
  if (v === "*") return "*";
  const out: EntityTag[] = [];
  const re =
    /\s*(W\/)?(?:"([\x21\x23-\x7e\x80-\xff]*)"|([\x21\x23-\x2b\x2d-\x7e\x80-\xff]+))\s*(?:,|$)/y;
  // Empty list elements (`"a", , "b"`, a leading comma) are skipped: a
  // recipient MUST accept and ignore a reasonable number of them (RFC 9110
  // §5.6.1.2).
  const empty = /[\s,]*/y;
  let at = 0;
  // Every tag is read (a tag past any count could be the one that
  // matches); the runtime bounds the field's size, and the reading is one
  // pass.
  while (at < v.length) {
    empty.lastIndex = at;
    empty.exec(v);
    at = empty.lastIndex;
    if (at >= v.length) break;
    re.lastIndex = at;
    const m = re.exec(v);
    if (!m || m[3] === "*") return null; // a wildcard stands alone
    // `W/` with no tag after it is no unquoted tag `W/`.
    if (m[1] === undefined && m[3]?.startsWith("W/")) return null;
    // `W/abc`, unquoted, is the weak tag `W/"abc"`.
    out.push({ tag: m[2] ?? m[3], weak: m[1] !== undefined });
    at = re.lastIndex;
  }
  return out;
}

/** The entity tags of a conditional header, as {@link parseEntityTags} reads them. */
export type EntityTags = ReturnType<typeof parseEntityTags>;

/** RFC 9110 §13.1.1: If-Match passes when any tag matches strongly. */
export function ifMatchPasses(tags: EntityTags, tag: string): boolean {
  if (tags === "*") return true;
  return !!tags?.some((t) => !t.weak && t.tag === tag);
}

/** RFC 9110 §13.1.2: If-None-Match fails (304) when any tag matches weakly. */
export function ifNoneMatchFails(tags: EntityTags, tag: string): boolean {
  if (tags === "*") return true;
  return !!tags?.some((t) => t.tag === tag);
}
