/**
 * Text as the viewers' filters compare it, so a term matches what a
 * person reads, however it was typed or stored: case folded (`İSTANBUL`
 * and `istanbul`, `STRASSE` and `straße`), accents and compatibility forms
 * aside (`cafe` finds `café` in NFC or NFD, `ｃａｆｅ` is `cafe`), as a
 * browser's find-in-page matches: compatibility decomposition (UAX #15
 * NFKD) without the accents, lower case, and the few full case foldings
 * lower case misses (ß → ss).
 */

/** Characters whose lower case alone does not fold them as search needs. */
const SPECIAL: Record<string, string> = {
  "ß": "ss",
  "ẞ": "ss",
  "ı": "i", // dotless i: Turkish `ı` and `I` are one letter to a searcher
  "ς": "σ", // final sigma: a word's end must not decide a match
  "ſ": "s",
  "ـ": "", // Arabic tatweel: a letter drawn longer, nothing to search
  "ٱ": "ا", // alef wasla: an alef, as alef with hamza is once its mark goes
};

/**
 * Marks that go as accents go: the Latin, Greek and Cyrillic accents, and
 * the optional vowel and reading marks of Hebrew (niqqud, cantillation)
 * and Arabic (harakat, Quranic marks), which most text leaves out (`שלום`
 * finds `שָׁלוֹם`, `مدينة` finds `مَدِينَة`, and `اسلام` finds `إسلام`, whose
 * hamza is such a mark once decomposed), as a browser's find-in-page
 * matches them.
 */
const OPTIONAL_MARKS =
  /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]+/g;

/** Arabic-Indic and extended Arabic-Indic digits, as the digits they are. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * One character folded: a code point with the marks written after it
 * (`e` + U+0301, `カ` + U+3099), as one.
 */
function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && code < 0x80) {
    return code >= 65 && code <= 90 ? ch.toLowerCase() : ch;
  }
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  // Decompose first: `İ` is I + U+0307, whose mark then goes. Only the
  // optional marks go (OPTIONAL_MARKS): another script's marks are
  // letters' parts (a Devanagari vowel sign, the kana voicing mark that
  // tells ガ from カ), composed again so `カ` is no part of `ガ` however
  // either was written.
  const parts = ch.normalize("NFKD").toLowerCase().replace(OPTIONAL_MARKS, "")
    .normalize("NFC");
  let out = "";
  for (const p of parts) out += SPECIAL[p] ?? p;
  return out.replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * A code point and the marks after it; marks with none before them alone.
 * Half-width kana's voicing marks (U+FF9E, U+FF9F) are letters to Unicode
 * but marks to a reader: `ｶﾞ` is one character, folded to `ガ`.
 */
const CHARACTER =
  /[^\p{M}\uff9e\uff9f][\p{M}\uff9e\uff9f]*|[\p{M}\uff9e\uff9f]+/gu;

/**
 * True when every unit of `s` is ASCII: the common case, folded whole and
 * unit for unit (so offsets into it hold for its folded text).
 */
export function ascii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** `s` folded for searching (see the module's comment). */
export function foldText(s: string): string {
  if (ascii(s)) return s.toLowerCase();
  let out = "";
  for (const [ch] of s.matchAll(CHARACTER)) out += foldChar(ch);
  return out;
}

/**
 * `s` folded, with where each folded unit came from: `from[i]` and `to[i]`
 * are where in `s` the character folded unit `i` belongs to starts and
 * ends, so a match `[a, b)` of the folded text is `[from[a], to[b - 1])`
 * of `s`: whole characters, marks and all, even one the match ends inside
 * (`stras` in `Straße` takes the ß).
 */
export function foldMapped(
  s: string,
): { text: string; from: number[]; to: number[] } {
  const from: number[] = [];
  const to: number[] = [];
  let text = "";
  if (ascii(s)) {
    text = s.toLowerCase();
    for (let i = 0; i < s.length; i++) {
      from.push(i);
      to.push(i + 1);
    }
    return { text, from, to };
  }
  for (const m of s.matchAll(CHARACTER)) {
    const f = foldChar(m[0]);
    for (let k = 0; k < f.length; k++) {
      from.push(m.index);
      to.push(m.index + m[0].length);
    }
    text += f;
  }
  return { text, from, to };
}
