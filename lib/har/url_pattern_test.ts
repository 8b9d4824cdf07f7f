import assert from "node:assert/strict";
import { patternError, patternMask, urlPattern } from "./url_pattern.ts";

Deno.test("url pattern: a /pattern/ term compiles as written, any case; else it is text", () => {
  const cases: [string, string, string | null][] = [
    ["ok/as written", "/\\D+$/", "\\D+$"],
    ["ok/refused by nothing that compiles", "/(a|b)+/", "(a|b)+"],
    ["bad/unbalanced", "/a(b/", null],
    ["bad/a lone slash", "/", null],
    ["bad/two slashes", "//", null],
    ["bad/no closing slash", "/ab", null],
  ];
  for (const [name, term, want] of cases) {
    const re = urlPattern(term);
    assert.equal(re?.source ?? null, want, name);
    if (re) assert.equal(re.flags, "i", name);
  }
});

Deno.test("url pattern: a /pattern/ term that does not compile gets the engine's reason; others get none", () => {
  const cases: [string, string, string | null][] = [
    ["bad/unterminated group", "/(/", "Unterminated group"],
    ["bad/unterminated class", "/[a-/", "Unterminated character class"],
    ["bad/nothing to repeat", "/a**/", "Nothing to repeat"],
    ["bad/a trailing backslash", "/\\/", "\\ at end of pattern"],
    ["ok/compiles", "/(a|b)+/", null],
    ["ok/a leading .* left out", "/.*x/", null],
    ["text/a lone slash", "/", null],
    ["text/two slashes", "//", null],
    ["text/no closing slash", "/(ab", null],
    ["text/plain", "(", null],
  ];
  for (const [name, term, want] of cases) {
    assert.equal(patternError(term), want, name);
    // Exactly the terms urlPattern reads as text though written as one.
    if (want !== null) assert.equal(urlPattern(term), null, name);
  }
});

Deno.test("url pattern: the mask marks each URL of the columns' layout the pattern matches", () => {
  const urls = ["https://x.test/a.JS", "", "https://x.test/b.css"];
  const off = new Uint32Array(urls.length + 1);
  urls.forEach((u, i) => off[i + 1] = off[i] + u.length);
  const all = urls.join("");
  const mask = (
    src: string,
  ) => [...patternMask(all, off, new RegExp(src, "i"))];
  assert.deepEqual(mask("\\.js$"), [1, 0, 0]);
  // Anchors hold at each URL's ends, not the joined text's.
  assert.deepEqual(mask("^https"), [1, 0, 1]);
  assert.deepEqual(mask("^$"), [0, 1, 0]);
  assert.deepEqual(mask("css$"), [0, 0, 1]);
});

Deno.test("url pattern: a leading .* is left out, which changes no URL's answer and ends its quadratic time", () => {
  const cases: [string, string, string][] = [
    ["ok/DevTools' habit", "/.*\\.png/", "\\.png"],
    ["ok/lazy, twice", "/.*?.*x/", "x"],
    ["ok/alone matches all", "/.*/", "(?:)"],
    ["ok/before alternatives", "/.*a|b/", "a|b"],
    ["ok/not .+ (a character is needed)", "/.+x/", ".+x"],
    ["ok/not an escaped dot", "/\\.*x/", "\\.*x"],
    ["ok/not a class", "/[.]*x/", "[.]*x"],
    ["ok/not anchored", "/^.*x/", "^.*x"],
  ];
  for (const [name, term, want] of cases) {
    assert.equal(urlPattern(term)?.source, want, name);
  }
  // The same answers as written, on URLs with and without line breaks.
  const urls = ["a.png", "b\n.png", ".png", "x", "", "\nx"];
  for (const src of [".*\\.png", ".*?.*x", ".*", ".*a|b", ".*x$"]) {
    const written = new RegExp(src, "i");
    const left = urlPattern(`/${src}/`)!;
    for (const u of urls) assert.equal(left.test(u), written.test(u), src);
  }
  // 200 KB without a match: at once, where as written it took minutes.
  const long = `data:image/png;base64,${"A".repeat(200_000)}`;
  const off = Uint32Array.of(0, long.length);
  const t0 = performance.now();
  assert.deepEqual([...patternMask(long, off, urlPattern("/.*x/")!)], [0]);
  assert.ok(performance.now() - t0 < 1_000);
});
