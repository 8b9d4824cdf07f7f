/**
 * Redaction inside XML and HTML text, every other byte kept. A SOAP call
 * carries its WS-Security password as an element's text
 * (`<wsse:Password>…</wsse:Password>`), and a page carries its CSRF token
 * as a hidden field or a meta tag (`<input name="csrf_token" value="…">`,
 * `<meta name="csrf-token" content="…">`): neither has a JSON member or a
 * header whose name says so.
 *
 * One pass of a small tokenizer (comments, CDATA sections, processing
 * instructions, declarations, start and end tags with quoted or unquoted
 * attributes, text), never a backtracking pattern: a hostile body costs
 * linear time. Markup that does not close (a quote, a comment) ends where
 * the text does, as a browser reads it.
 */

/** What to replace in markup (see {@link redactMarkup}). */
export interface MarkupRedaction {
  /** Whether an attribute or a field of this name is secret. */
  secretName(name: string): boolean;
  /**
   * Whether an XML element of this local name holds a secret (the same as
   * `secretName` when not given). Elements name data more often than
   * fields do: an S3 listing's `<Key>` holds a file's name.
   */
  secretElement?(name: string): boolean;
  /** Told of each value replaced, as written (a CDATA section's content). */
  redacted(raw: string): void;
}

/** A field's name attribute, whose secret name makes its value one. */
const FIELD_NAME = new Set(["name", "property"]);
/** The attributes holding a named field's value (HTML's input and meta). */
const FIELD_VALUE = new Set(["value", "content"]);
/**
 * HTML elements whose content is text up to their end tag, never markup
 * (HTML §13.1.2.1): a `<` in a script is no tag.
 */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp"]);

/**
 * Whether a field named `name` holds the name of something rather than a
 * secret: Rails' `<meta name="csrf-param" content="authenticity_token">`
 * and Spring's `_csrf_header` name the field and the header the token goes
 * in; redacted, those names would be hunted down all over the file. (A
 * `password_field` holds the password.)
 */
function namesAName(name: string): boolean {
  return /(?:param|parameter|header|name)$/.test(
    name.toLowerCase().replace(/[^a-z0-9]/g, ""),
  );
}

/** One attribute of a start tag, its value's place in the text. */
interface Attribute {
  name: string;
  /** Where its value starts and ends (its quotes left out); -1 for none. */
  start: number;
  end: number;
}

function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
}

/**
 * The attributes of the start tag whose name ends at `p`, and where the
 * tag ends (after its `>`, or at the text's end when it never closes).
 */
function readTag(
  text: string,
  p: number,
): { attrs: Attribute[]; end: number; selfClosing: boolean } {
  const attrs: Attribute[] = [];
  const n = text.length;
  for (;;) {
    while (p < n && (isSpace(text[p]) || text[p] === "/")) p++;
    if (p >= n) return { attrs, end: n, selfClosing: false };
    if (text[p] === ">") {
      return { attrs, end: p + 1, selfClosing: text[p - 1] === "/" };
    }
    const from = p;
    while (
      p < n && !isSpace(text[p]) && text[p] !== "=" && text[p] !== ">" &&
      text[p] !== "/"
    ) p++;
    if (p === from) {
      p++; // a stray `=`: skipped
      continue;
    }
    const name = text.slice(from, p);
    let q = p;
    while (q < n && isSpace(text[q])) q++;
    if (text[q] !== "=") {
      attrs.push({ name, start: -1, end: -1 });
      continue;
    }
    q++;
    while (q < n && isSpace(text[q])) q++;
    const quote = text[q];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, q + 1);
      const end = close < 0 ? n : close;
      attrs.push({ name, start: q + 1, end });
      p = close < 0 ? n : close + 1;
    } else {
      p = q;
      while (p < n && !isSpace(text[p]) && text[p] !== ">") p++;
      attrs.push({ name, start: q, end: p });
    }
  }
}

/** A tag's or an attribute's name after its namespace prefix. */
function localName(name: string): string {
  return name.slice(name.lastIndexOf(":") + 1);
}

/**
 * Markup `text` with its secrets replaced by `marker`: the value of an
 * attribute whose name is secret (namespace declarations aside), the
 * `value` or `content` of a tag whose `name` (or `property`) is secret,
 * and, when `xml` is true, the text and CDATA sections inside an element
 * whose local name is secret, at any depth (`<Token><Value>…`), their
 * surrounding white space kept. HTML's elements are not read by name
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
  const n = text.length;
  /** Ranges replaced by the marker, in order. */
  const edits: [number, number][] = [];
  const replace = (start: number, end: number, told: string) => {
    const raw = text.slice(start, end);
    if (!raw.trim() || raw === marker) return;
    // Next to the last one (a CDATA section, then text): one value, one
    // marker, so a second pass finds nothing to do.
    const last = edits[edits.length - 1];
    if (last && last[1] === start) {
      last[1] = end;
      return;
    }
    edits.push([start, end]);
    how.redacted(told);
  };
  /** XML: the open elements' local names, and how many are secret. */
  const open: { name: string; secret: boolean }[] = [];
  let inSecret = 0;
  const openNames = new Map<string, number>();
  /** Text from `from` to `to`: replaced, white space aside, inside a secret element. */
  const textRun = (from: number, to: number) => {
    if (!inSecret || from >= to) return;
    while (from < to && isSpace(text[from])) from++;
    while (to > from && isSpace(text[to - 1])) to--;
    if (from < to) replace(from, to, text.slice(from, to));
  };
  let i = 0;
  /** Where the text being read started (a `<` of no markup is in it). */
  let textFrom = 0;
  while (i < n) {
    let lt = text.indexOf("<", i);
    if (lt < 0) lt = n;
    if (lt >= n) break;
    const next = text[lt + 1];
    const markup = next === "!" || next === "?" || next === "/" ||
      (next !== undefined && /[A-Za-z_]/.test(next));
    if (!markup) {
      // A `<` that starts no markup is text (`a < b`).
      i = lt + 1;
      continue;
    }
    textRun(textFrom, lt);
    if (text.startsWith("<!--", lt)) {
      const e = text.indexOf("-->", lt + 4);
      i = e < 0 ? n : e + 3;
    } else if (text.startsWith("<![CDATA[", lt)) {
      const e = text.indexOf("]]>", lt + 9);
      const end = e < 0 ? n : e + 3;
      // The section goes whole; its content is what was secret.
      if (inSecret && xml) {
        const inner = text.slice(lt + 9, e < 0 ? n : e);
        if (inner.trim()) replace(lt, end, inner);
      }
      i = end;
    } else if (next === "?" || next === "!") {
      const e = text.indexOf(">", lt + 2);
      i = e < 0 ? n : e + 1;
    } else if (next === "/") {
      const e = text.indexOf(">", lt + 2);
      const name = localName(
        text.slice(lt + 2, e < 0 ? n : e).trim().split(/\s/, 1)[0],
      );
      // Closes the innermost element of that name and any left open
      // inside it; an end tag that closes nothing is ignored.
      // (Counted by name first, so end tags that close nothing cost no
      // walk of the open elements.)
      if (openNames.get(name)) {
        const at = open.findLastIndex((o) => o.name === name);
        for (const o of open.splice(at)) {
          if (o.secret) inSecret--;
          openNames.set(o.name, openNames.get(o.name)! - 1);
        }
      }
      i = e < 0 ? n : e + 1;
    } else {
      let p = lt + 1;
      while (
        p < n && !isSpace(text[p]) && text[p] !== ">" && text[p] !== "/"
      ) p++;
      const tag = text.slice(lt + 1, p);
      const { attrs, end, selfClosing } = readTag(text, p);
      const field = attributes(text, attrs, how, replace);
      i = end;
      const lower = tag.toLowerCase();
      if (!xml && RAW_TEXT.has(lower)) {
        // Up to its end tag, whatever it holds.
        const close = new RegExp(`</${lower}`, "gi");
        close.lastIndex = i;
        const to = close.exec(text)?.index ?? n;
        // A secret field's text is its value (`<textarea name=token>`).
        if (field && lower === "textarea") {
          let a = i, b = to;
          while (a < b && isSpace(text[a])) a++;
          while (b > a && isSpace(text[b - 1])) b--;
          if (a < b) replace(a, b, text.slice(a, b));
        }
        i = to;
      } else if (xml && !selfClosing) {
        const name = localName(tag);
        const secret = (how.secretElement ?? how.secretName)(name);
        open.push({ name, secret });
        openNames.set(name, (openNames.get(name) ?? 0) + 1);
        if (secret) inSecret++;
      }
    }
    textFrom = i;
  }
  textRun(textFrom, n);
  if (!edits.length) return text;
  const out: string[] = [];
  let last = 0;
  for (const [start, end] of edits) {
    out.push(text.slice(last, start), marker);
    last = end;
  }
  out.push(text.slice(last));
  return out.join("");
}

/**
 * The secret values among a start tag's attributes: those of a secret
 * name, and a secret field's `value` or `content`. Whether the tag is a
 * secret field (its `name` says so, or it is a password input).
 */
function attributes(
  text: string,
  attrs: readonly Attribute[],
  how: MarkupRedaction,
  replace: (start: number, end: number, told: string) => void,
): boolean {
  let field = false;
  for (const a of attrs) {
    if (a.start < 0) continue;
    const lower = a.name.toLowerCase();
    const value = text.slice(a.start, a.end);
    // A password input holds one whatever it is named.
    if (lower === "type" && value.toLowerCase() === "password") field = true;
    if (!FIELD_NAME.has(lower)) continue;
    if (how.secretName(value) && !namesAName(value)) field = true;
  }
  for (const a of attrs) {
    if (a.start < 0) continue;
    const lower = a.name.toLowerCase();
    // A namespace declaration's value is a URI, whatever its prefix says.
    if (FIELD_NAME.has(lower) || lower.startsWith("xmlns")) continue;
    if (!(field && FIELD_VALUE.has(lower)) && !how.secretName(a.name)) {
      continue;
    }
    replace(a.start, a.end, text.slice(a.start, a.end));
  }
  return field;
}
