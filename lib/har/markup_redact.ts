/**
 * Redaction inside XML and HTML text, every other byte kept. A SOAP call
 * carries its WS-Security password as an element's text
 * (`<wsse:Password>…</wsse:Password>`), and a page carries its CSRF token
 * as a hidden field or a meta tag (`<input name="csrf_token" value="…">`,
 * `<meta name="csrf-token" content="…">`): neither has a JSON member or a
 * header whose name says so.
 */

/** What to replace in markup (see {@link redactMarkup}). */
export interface MarkupRedaction {
  /** Whether an element, an attribute or a field of this name is secret. */
  secretName(name: string): boolean;
  /** Told of each value replaced, as written. */
  redacted(raw: string): void;
}

/** A start tag (XML 1.0 §3.1, HTML's syntax): `<name attributes>`. */
const START_TAG = /<[A-Za-z_][^<>]*>/g;
/** One quoted attribute of a start tag: its name, then its value. */
const ATTRIBUTE = /([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/**
 * An element holding only text or one CDATA section (XML 1.0 §2.7), its
 * local name (after any namespace prefix) captured, then its content. A
 * section is not read past the next one's start, so unclosed sections
 * cost linear time.
 */
const TEXT_ELEMENT =
  /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(\s[^<>]*)?>(<!\[CDATA\[(?:[^\]<]|\](?!\]>)|<(?!!\[CDATA\[))*\]\]>|[^<]*)<\/(?:[A-Za-z_][\w.-]*:)?\1\s*>/g;
/** A field's name attribute, whose secret name makes its value one. */
const FIELD_NAME = new Set(["name", "property"]);
/** The attributes holding a named field's value (HTML's input and meta). */
const FIELD_VALUE = new Set(["value", "content"]);

/**
 * Markup `text` with its secrets replaced by `marker`: the quoted value
 * of an attribute whose name is secret, the `value` or `content` of a tag
 * whose `name` is secret, and, when `xml` is true, the text of an element
 * whose local name is secret. HTML's elements are not read by name
 * (`<code>` is markup there, not a field). Empty values stay; the text
 * itself is returned when nothing is replaced.
 */
export function redactMarkup(
  text: string,
  how: MarkupRedaction,
  marker: string,
  xml: boolean,
): string {
  if (text.indexOf("<") < 0) return text;
  const keep = (raw: string) => !raw.trim() || raw === marker;
  let out = text.replace(START_TAG, (tag) => {
    if (tag.indexOf("=") < 0) return tag;
    // One pass reads the attributes; the tag is written again only when
    // one of them goes (few do).
    const attrs = [...tag.matchAll(ATTRIBUTE)];
    const field = attrs.some((m) =>
      FIELD_NAME.has(m[1].toLowerCase()) && how.secretName(m[2] ?? m[3])
    );
    let last = 0, next = "";
    for (const m of attrs) {
      const raw = m[2] ?? m[3];
      const lower = m[1].toLowerCase();
      if (
        FIELD_NAME.has(lower) || keep(raw) ||
        (!(field && FIELD_VALUE.has(lower)) && !how.secretName(m[1]))
      ) continue;
      how.redacted(raw);
      // The name, the `=` and any space around it, and the quotes, kept.
      const open = m.index! + m[0].length - raw.length - 1;
      next += tag.slice(last, open) + marker;
      last = open + raw.length;
    }
    return last ? next + tag.slice(last) : tag;
  });
  if (xml) {
    out = out.replace(
      TEXT_ELEMENT,
      (element, name: string, _attrs, content: string) => {
        if (keep(content) || !how.secretName(name)) return element;
        how.redacted(content.replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, "$1"));
        const start = element.indexOf(">") + 1;
        return element.slice(0, start) + marker +
          element.slice(start + content.length);
      },
    );
  }
  return out;
}
