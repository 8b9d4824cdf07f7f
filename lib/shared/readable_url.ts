/**
 * A URL as a person reads it: percent-escapes that spell UTF-8 beyond
 * ASCII written as their characters (`/%E6%9D%B1%E4%BA%AC` reads `/東京`),
 * as RFC 3987 §3.2 converts a URI to an IRI and browsers' address bars
 * show one. Everything else stays as written:
 * - an escaped ASCII byte (`%20`, `%2F`: decoding `%2F` would change the
 *   path's segments, RFC 3986 §2.2);
 * - bytes that are not UTF-8 (RFC 3987 §3.2 step 2), overlong forms and
 *   surrogates included;
 * - characters that hide or fake what the URL says: controls, format
 *   characters (bidirectional controls among them: RFC 3987 §4.1), spaces
 *   of every width, private-use and unassigned code points, and look-alikes
 *   of the URL's delimiters (`／`, `∕`: RFC 3987 §8.2 warns of them).
 * For display only: the URL itself is what a copy or a request uses.
 */

/** A percent-escape of a byte beyond ASCII. */
const HIGH = /%[89a-f][0-9a-f]/i;
/** A run of such escapes. */
const RUN = /(?:%[89a-f][0-9a-f])+/gi;
/**
 * Shown escaped: see the module's comment. Beyond the categories, what
 * renders as nothing though it is a letter or a mark (Unicode's
 * Default_Ignorable_Code_Point: the Hangul fillers, variation selectors,
 * U+034F), the blank braille pattern, slash look-alikes that NFKC keeps
 * (U+0337, U+0338, U+2044, U+2215, U+2571, U+29F8), and the padlocks
 * (U+1F50F-U+1F513) a URL could show to look secure.
 */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u0337\u0338\u2044\u2215\u2571\u2572\u29f8\u{1f50f}-\u{1f513}]/u;
/**
 * Delimiters (RFC 3986 §2.2), `%`, and the dot and backslash a path's
 * segments read by: what a look-alike must not pass for (`．．` for `..`).
 */
const DELIMITERS = /[:/?#[\]@!$&'()*+,;=%.\\]/;

// ignoreBOM: a leading U+FEFF is kept, to be seen and left escaped.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes in a UTF-8 sequence led by `b`, 0 when `b` cannot lead one. */
function sequenceLength(b: number): number {
  return b >= 0xc2 && b <= 0xdf
    ? 2
    : b >= 0xe0 && b <= 0xef
    ? 3
    : b >= 0xf0 && b <= 0xf4
    ? 4
    : 0;
}

function shown(ch: string): boolean {
  return !HIDDEN.test(ch) && !DELIMITERS.test(ch.normalize("NFKC"));
}

function readableRun(run: string): string {
  const n = run.length / 3;
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
  }
  let out = "";
  for (let i = 0; i < n;) {
    const len = sequenceLength(bytes[i]);
    if (len && i + len <= n) {
      try {
        const ch = decoder.decode(bytes.subarray(i, i + len));
        if (shown(ch)) {
          out += ch;
          i += len;
          continue;
        }
      } catch {
        // Not UTF-8: the lead byte stays escaped, the rest is read again.
      }
    }
    out += run.slice(i * 3, i * 3 + 3);
    i++;
  }
  return out;
}

/** `url` for display, its UTF-8 escapes beyond ASCII decoded (see above). */
export function readableUrl(url: string): string {
  return HIGH.test(url) ? url.replace(RUN, readableRun) : url;
}
