/** Folding for search: what a person reads as one word matches. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { foldMapped, foldText } from "./fold.ts";

const CASES: [string, string, string][] = [
  ["ok/ASCII lower-cased", "GET /Pets", "get /pets"],
  ["ok/Turkish dotted capital I", "İSTANBUL", "istanbul"],
  ["ok/Turkish dotless i", "ıstanbul", "istanbul"],
  ["ok/sharp s as ss", "Straße", "strasse"],
  ["ok/capital sharp s", "STRAẞE", "strasse"],
  ["ok/accent composed (NFC)", "café", "cafe"],
  ["ok/accent as a mark (NFD)", "cafe\u0301", "cafe"],
  ["ok/full-width letters", "ｃａｆｅ", "cafe"],
  ["ok/ligature", "ﬁle", "file"],
  ["ok/final sigma as sigma", "ΣΟΦΟΣ σοφος", "σοφοσ σοφοσ"],
  ["ok/Cyrillic lower-cased", "ПРИВЕТ", "привет"],
  ["ok/kana voicing kept (ガ is not カ), composed or not", "ガ", "ガ"],
  ["ok/kana voicing written apart", "カ\u3099", "ガ"],
  ["ok/half-width kana with its voicing mark", "ｶﾞｷﾞﾊﾟ", "ガギパ"],
  ["ok/Devanagari vowel signs kept", "किताब", "किताब"],
  ["ok/CJK and emoji as they are", "東京😀", "東京😀"],
  ["ok/Hebrew niqqud go, as accents do", "שָׁלוֹם עָרִים", "שלום ערים"],
  ["ok/Hebrew cantillation goes", "בְּרֵאשִׁ֖ית", "בראשית"],
  ["ok/Arabic harakat go", "مَدِينَة", "مدينة"],
  ["ok/Arabic tatweel goes", "مـديـنـة", "مدينة"],
  [
    "ok/alef with hamza or madda is alef, as its mark goes",
    "إسلام أحمد آخر",
    "اسلام احمد اخر",
  ],
  ["ok/alef wasla is alef", "ٱلله", "الله"],
  ["ok/Arabic-Indic digits are digits", "٤٢ ۱۹", "42 19"],
  ["ok/Hebrew and Arabic letters themselves stay", "שלום مدينة", "שלום مدينة"],
];
for (const [name, text, want] of CASES) {
  Deno.test(`foldText: ${name}`, () => {
    assert.equal(foldText(text), want);
  });
}

Deno.test("foldMapped: each folded unit points at the character it came from, start and end; a mark goes with its letter", () => {
  const { text, from, to } = foldMapped("cafe\u0301 İß");
  assert.equal(text, "cafe iss");
  // c a f e+mark space İ ß
  assert.deepEqual(from, [0, 1, 2, 3, 5, 6, 7, 7]);
  assert.deepEqual(to, [1, 2, 3, 5, 6, 7, 8, 8]);
  const ascii = foldMapped("AbC");
  assert.equal(ascii.text, "abc");
  assert.deepEqual(ascii.from, [0, 1, 2]);
  assert.deepEqual(ascii.to, [1, 2, 3]);
  // An astral character is two units, folded and pointed at as one.
  const astral = foldMapped("😀A");
  assert.equal(astral.text, "😀a");
  assert.deepEqual(astral.from, [0, 0, 2]);
  assert.deepEqual(astral.to, [2, 2, 3]);
});

Deno.test("foldText: a mark alone folds to nothing; Z beside a letter beyond ASCII is lower-cased; U+036F goes", () => {
  assert.equal(foldText("\u0301"), "");
  assert.equal(foldText("ZÜ"), "zu");
  assert.equal(foldText("a\u036f"), "a");
  assert.equal(foldText("\u093Fx"), "\u093Fx");
});

Deno.test("foldText: folds every unit of the Basic Multilingual Plane as foldMapped does, in a run and before marks", () => {
  for (let c = 0; c < 0x10000; c++) {
    const ch = String.fromCharCode(c);
    for (const s of [`a${ch}${ch}b`, `${ch}\u3099\u0301x`]) {
      const want = foldMapped(s).text;
      if (foldText(s) !== want) {
        assert.equal(foldText(s), want, `U+${c.toString(16)} in ${s}`);
      }
    }
  }
});

/** Characters whose folding depends on what is around them. */
const TRICKY = [
  "Σ",
  "σ",
  "ς",
  "İ",
  "ı",
  "ß",
  "ẞ",
  "é",
  "e",
  "E",
  "\u0301",
  "\u0338",
  "\u3099",
  "カ",
  "ｶ",
  "ﾞ",
  "ᄀ",
  "ᅡ",
  "가",
  "😀",
  "\ud83d",
  "\ude00",
  "ﬁ",
  "Å",
  "Å",
  "٤",
  "ـ",
  "ٱ",
  "א",
  "\u05b8",
  "\u093f",
  "K",
  " ",
  "=",
  "Ǆ",
];

Deno.test("foldText: any mix of characters folds as foldMapped folds it", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.constantFrom(...TRICKY),
          fc.string({ unit: "binary", maxLength: 3 }),
        ),
        { maxLength: 24 },
      ),
      (parts) => {
        const s = parts.join("");
        assert.equal(foldText(s), foldMapped(s).text);
      },
    ),
    { numRuns: 500 },
  );
});
