/** The headers editor's own source: its comments explain themselves. */
import assert from "node:assert/strict";

const SOURCE = Deno.readTextFileSync(new URL("./headers.ts", import.meta.url));

/** [name, pattern]: what a comment must not lean on instead of saying why. */
const BAD: [string, RegExp][] = [
  ["bad/a bug tracker", /crbug\.com|bugs\.[a-z]+\.[a-z]+|\/issues\/\d/i],
  ["bad/a URL", /https?:\/\//i],
];

for (const [name, pattern] of BAD) {
  Deno.test(`headers.ts source: ${name}`, () => {
    assert.doesNotMatch(SOURCE, pattern);
  });
}
