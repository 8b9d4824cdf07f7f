/** Descriptions' HTML reduced to text (islands/openapi/text.ts). */
import assert from "node:assert/strict";
import { plainText } from "./text.ts";

const CASES: [string, string, string][] = [
  ["ok/no markup", "Plain words", "Plain words"],
  ["ok/paragraphs", "<p>One</p><p>Two</p>", "One\n\nTwo"],
  ["ok/list", "<ul><li>a</li><li class=x>b</li></ul>", "• a\n• b"],
  ["ok/entities", "a &lt;b&gt; &amp; &quot;c&quot;", 'a <b> & "c"'],
  ["ok/break", "line<br/>next", "line\nnext"],
  ["ok/script is text", "<script>alert(1)</script>x", "alert(1)x"],
  ["ok/unclosed tag kept", "a < b and <a", "a < b and <a"],
];

for (const [name, input, want] of CASES) {
  Deno.test(`spec plainText: ${name}`, () => {
    assert.equal(plainText(input), want);
  });
}

Deno.test("spec plainText: unclosed tags cost linear time (hang detector)", () => {
  for (const unit of ["<a", "<li", "<!"]) {
    const input = unit.repeat(200_000);
    const t = performance.now();
    const out = plainText(input);
    const ms = performance.now() - t;
    assert.equal(out, input);
    // Quadratic scanning took minutes here; linear takes milliseconds.
    assert.ok(ms < 5000, `${unit}: ${ms} ms`);
  }
});
