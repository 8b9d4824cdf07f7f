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

/** A unit beyond ASCII. */
const NON_ASCII = /[^\0-\x7f]/;

/**
 * True when every unit of `s` is ASCII: the common case, folded whole and
 * unit for unit (so offsets into it hold for its folded text). Tested by
 * {@link NON_ASCII} in native code: a file's URLs joined are megabytes,
 * and a loop here read them a unit at a time before its first search.
 */
export function ascii(s: string): boolean {
  return !NON_ASCII.test(s);
}

/** Marks as {@link CHARACTER} has them: they go with the code point before. */
const MARK = /^[\p{M}\uff9e\uff9f]$/u;

/** Per code point of the Basic Multilingual Plane: 0 not yet known, 1 a mark, 2 not. */
const markKind = new Uint8Array(0x10000);

/** True when the code point at `i` of `s` is a mark ({@link CHARACTER}'s). */
function isMarkAt(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  if (code < 0x300) return false;
  if (code >= 0xd800 && code <= 0xdfff) {
    return MARK.test(String.fromCodePoint(s.codePointAt(i)!));
  }
  if (!markKind[code]) {
    markKind[code] = MARK.test(String.fromCharCode(code)) ? 1 : 2;
  }
  return markKind[code] === 1;
}

/** Units of the code point at `i` of `s`: 2 for a surrogate pair, else 1. */
function unitsAt(s: string, i: number): number {
  const code = s.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < s.length &&
      (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ? 2
    : 1;
}

/**
 * Characters that are not plain ({@link plainKind}) folded so far, by
 * their text: a body holds a few hundred distinct ones, and normalising
 * each again cost a microsecond a character.
 */
const foldedChars = new Map<string, string>();
/** Most characters {@link foldedChars} keeps; past it, it starts again. */
const MAX_FOLDED_CHARS = 65_536;

/** {@link foldChar}, remembered. */
function foldCharCached(ch: string): string {
  let f = foldedChars.get(ch);
  if (f === undefined) {
    if (foldedChars.size >= MAX_FOLDED_CHARS) foldedChars.clear();
    foldedChars.set(ch, f = foldChar(ch));
  }
  return f;
}

/**
 * Per unit of the Basic Multilingual Plane: 0 not yet known, 1 when it
 * folds as `toLowerCase` lower-cases it alone (ASCII, most Cyrillic, CJK),
 * 2 not. A run of such units is lower-cased whole. Capital sigma is not
 * one: lower-cased in a run it may become a final sigma (Unicode's
 * Final_Sigma context), which folding reads as any sigma.
 */
const plainKind = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++) plainKind[c] = 1;
plainKind[0x03a3] = 2;

/** True when unit `code` (not a surrogate) is plain ({@link plainKind}). */
function isPlain(code: number): boolean {
  if (!plainKind[code]) {
    const ch = String.fromCharCode(code);
    plainKind[code] = (code < 0xd800 || code > 0xdfff) &&
        !MARK.test(ch) && foldChar(ch) === ch.toLowerCase()
      ? 1
      : 2;
  }
  return plainKind[code] === 1;
}

/**
 * `s` folded for searching (see the module's comment), as
 * {@link foldMapped} folds it character by character, but runs of plain
 * units ({@link plainKind}) lower-cased whole: a mark after an ASCII
 * letter folds the same apart from it (none composes with one beyond the
 * accents that go), so only the other characters are taken one at a
 * time, each folded once per distinct character. A long body folds at a
 * few times the speed of `toLowerCase`, not a microsecond a character.
 */
export function foldText(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  const out: string[] = [];
  const n = s.length;
  for (let i = 0; i < n;) {
    let end = i;
    for (; end < n; end++) {
      const c = s.charCodeAt(end);
      if (c >= 0x80 && plainKind[c] !== 1 && !isPlain(c)) break;
    }
    // A letter beyond ASCII goes with the marks after it (kana and its
    // voicing mark compose).
    if (
      end < n && end > i && s.charCodeAt(end - 1) >= 0x80 && isMarkAt(s, end)
    ) end--;
    if (end > i) {
      out.push(s.slice(i, end).toLowerCase());
      i = end;
      continue;
    }
    // A character that is not plain (or a letter with marks after it, or a
    // mark after an ASCII letter) and the marks after it, as one.
    const units = unitsAt(s, i);
    end = i + units;
    while (end < n && isMarkAt(s, end)) end += unitsAt(s, end);
    out.push(foldCharCached(s.slice(i, end)));
    i = end;
  }
  return out.join("");
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
