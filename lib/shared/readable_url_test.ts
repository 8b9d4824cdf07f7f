import assert from "node:assert/strict";
import { readableUrl } from "./readable_url.ts";

const CASES: [string, string, string][] = [
  [
    "ok/Japanese path and query",
    "/%E6%9D%B1%E4%BA%AC?q=%E6%A4%9C%E7%B4%A2",
    "/東京?q=検索",
  ],
  ["ok/lower-case hex", "/%e6%9d%b1", "/東"],
  ["ok/a composed accent", "/caf%C3%A9", "/café"],
  ["ok/an accent written apart joins its letter", "/cafe%CC%81", "/cafe\u0301"],
  ["ok/four bytes", "/%F0%9F%98%80", "/😀"],
  ["ok/escapes around other text", "a%C3%A9b%C3%BCc", "aébüc"],
  [
    "ok/no escape is the same string",
    "https://example.com/a?b=c",
    "https://example.com/a?b=c",
  ],
  ["keep/ASCII escapes", "/a%20b%2Fc%41", "/a%20b%2Fc%41"],
  ["keep/not UTF-8", "/%FF%FE", "/%FF%FE"],
  ["keep/an overlong slash", "/%C0%AF", "/%C0%AF"],
  ["keep/a surrogate", "/%ED%A0%80", "/%ED%A0%80"],
  ["keep/a cut sequence", "/%E6%9D", "/%E6%9D"],
  ["keep/only the bad byte in a run", "/%E6%9D%B1%FF%E4%BA%AC", "/東%FF京"],
  [
    "keep/a bidirectional override",
    "/files/%E2%80%AEgnp.exe",
    "/files/%E2%80%AEgnp.exe",
  ],
  ["keep/a zero-width space", "/a%E2%80%8Bb", "/a%E2%80%8Bb"],
  ["keep/a no-break space", "/a%C2%A0b", "/a%C2%A0b"],
  ["keep/an ideographic space", "/a%E3%80%80b", "/a%E3%80%80b"],
  ["keep/a byte order mark", "/%EF%BB%BFa", "/%EF%BB%BFa"],
  ["keep/a C1 control", "/a%C2%85b", "/a%C2%85b"],
  ["keep/a full-width solidus", "/a%EF%BC%8Fb", "/a%EF%BC%8Fb"],
  ["keep/a division slash", "/a%E2%88%95b", "/a%E2%88%95b"],
  ["keep/a full-width question mark", "/a%EF%BC%9Fb", "/a%EF%BC%9Fb"],
  ["keep/a private-use character", "/%EE%80%80", "/%EE%80%80"],
  [
    "keep/a Hangul filler (a letter that shows as a space)",
    "/a%E3%85%A4b",
    "/a%E3%85%A4b",
  ],
  ["keep/the combining grapheme joiner", "/a%CD%8Fb", "/a%CD%8Fb"],
  ["keep/a variation selector", "/a%EF%B8%8Fb", "/a%EF%B8%8Fb"],
  ["keep/the blank braille pattern", "/a%E2%A0%80b", "/a%E2%A0%80b"],
  ["keep/a box-drawing slash", "/a%E2%95%B1b", "/a%E2%95%B1b"],
  ["keep/a combining long solidus", "/a%CC%B8b", "/a%CC%B8b"],
  ["keep/a fraction slash", "/a%E2%81%84b", "/a%E2%81%84b"],
  ["keep/a big solidus", "/a%E2%A7%B8b", "/a%E2%A7%B8b"],
  ["keep/a padlock", "/%F0%9F%94%92secure", "/%F0%9F%94%92secure"],
  [
    "keep/full-width dots for ..",
    "/%EF%BC%8E%EF%BC%8E/x",
    "/%EF%BC%8E%EF%BC%8E/x",
  ],
  ["keep/a full-width at sign", "/a%EF%BC%A0b", "/a%EF%BC%A0b"],
  // A query's separators: `?a=1＆admin＝1` must not read as two parameters.
  [
    "keep/a full-width ampersand",
    "/p?a=1%EF%BC%86admin=1",
    "/p?a=1%EF%BC%86admin=1",
  ],
  [
    "keep/a full-width equals sign",
    "/p?a=1&admin%EF%BC%9D1",
    "/p?a=1&admin%EF%BC%9D1",
  ],
  ["keep/an unassigned code point", "/a%CD%B8b", "/a%CD%B8b"],
  [
    "ok/a letter beside them still reads",
    "/%E6%9D%B1%E3%85%A4",
    "/東%E3%85%A4",
  ],
];

for (const [name, url, want] of CASES) {
  Deno.test(`readableUrl: ${name}`, () => {
    assert.equal(readableUrl(url), want);
  });
}
